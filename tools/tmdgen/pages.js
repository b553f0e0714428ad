'use strict';
// pages.js reads the group's pages (the tmd-pages folder) and writes the
// facts taken from them: group.json (species roll list and bonuses, items and
// their AP category, IQ skills, the level table) and overrides.json (every
// move number where the group's move list differs from the formula).
// Only names and numbers are taken; no description text is copied.
//
//   node pages.js /path/to/tmd-pages [OUTDIR]   (default: this folder)
const fs = require('fs');
const path = require('path');
const {Dex} = require('@pkmn/dex');
const F = require('./formula');
const {mainlineMove, stable} = require('./common');

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node pages.js TMD-PAGES-DIR [OUTDIR]');
  process.exit(2);
}
const outDir = process.argv[3] || __dirname;
const read = (f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/\r/g, '');
const cells = (line) => line.split('|').map((c) => c.trim());
const plain = (s) => s.replace(/%#[0-9a-fA-F]{6}%/g, '').replace(/%%/g, '')
  .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/\*\*/g, '').replace(/\*/g, '')
  .replace(/==/g, '').trim();

// ---- species ----
const statNames = {
  'hp': 'hp', 'attack': 'atk', 'defense': 'def', 'defence': 'def', 'sp. atk': 'spa', 'sp. attack': 'spa',
  'sp. def': 'spd', 'sp. defense': 'spd', 'speed': 'spe',
};
const allStats = ['hp', 'atk', 'def', 'spa', 'spd', 'spe'];
function parseBonus(text) {
  let t = text.trim().toLowerCase().replace(/^choose\s+/, '');
  if (t === 'any stat') return allStats.slice();
  const out = [];
  for (let part of t.split(/,\s*(?:or\s+)?|\s+or\s+/)) {
    part = part.trim();
    if (!part) continue;
    const s = statNames[part];
    if (!s) throw new Error(`species bonus: unknown stat ${JSON.stringify(part)} in ${JSON.stringify(text)}`);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}
const regional = {Alolan: 'Alola', Galarian: 'Galar', Hisuian: 'Hisui', Paldean: 'Paldea'};
function dexSpeciesName(name, aliases) {
  if (aliases[name]) return aliases[name];
  const m = name.match(/^(Alolan|Galarian|Hisuian|Paldean) (.+?)(?: \((\w+)\))?$/);
  if (m) return `${m[2]}-${regional[m[1]]}${m[3] ? '-' + m[3] : ''}`;
  return name;
}
const overridesPath = path.join(__dirname, 'overrides.json');
const prior = fs.existsSync(overridesPath) ? JSON.parse(fs.readFileSync(overridesPath, 'utf8')) : {};
const aliases = prior.speciesNames || {};
const species = [];
const missing = [];
for (const line of read('pokemon.md').split('\n')) {
  const m = line.match(/^(\d{3,4})\.\s*\|/) || line.match(/^(BANNED)\s*\|/);
  if (!m) continue;
  const c = cells(line);
  const roll = m[1] === 'BANNED' ? 0 : Number(m[1]);
  if (roll === 0 && m[1] !== 'BANNED') continue;
  let name = plain(c[1]);
  const marks = [];
  for (const [sym, mark] of [['↓', 'form'], ['↕', 'form'], ['↑', 'form'], ['⨀', 'gimmick']]) {
    if (name.includes(sym)) {
      if (!marks.includes(mark)) marks.push(mark);
      name = name.replace(sym, '').trim();
    }
  }
  const dexName = dexSpeciesName(name, aliases);
  const sp = Dex.species.get(dexName);
  if (!sp.exists) missing.push(name);
  const evo = c[2].match(/Evolves at Level (\d+)/i);
  // A blank species bonus (Archaludon) is filled from overrides.json.
  const bonusText = plain(c[3] || '') || (prior.speciesBonus || {})[name];
  if (!bonusText) throw new Error(`species ${name}: no species bonus on the list and none in overrides.json speciesBonus`);
  const entry = {roll, name, dex: sp.exists ? sp.name : '', bonus: parseBonus(bonusText)};
  if (evo) entry.evoLevel = Number(evo[1]);
  if (marks.includes('gimmick')) entry.gimmick = true;
  if (roll === 0) entry.banned = true;
  species.push(entry);
}

// ---- level table ----
const levels = [];
for (const line of read('characters.md').split('\n')) {
  const m = line.match(/^Lvl\. (\d+)\s*\|/);
  if (!m) continue;
  const c = cells(plain(line));
  levels.push({level: Number(m[1]), hp: Number(c[1]), points: Number(c[2]), bonus: Number(c[3]), exp: Number(c[4])});
}

// ---- IQ skills ----
const iq = [];
{
  const text = read('abilities.md');
  const start = text.indexOf('IQ%% %#be6e39%Skills');
  for (const line of text.slice(start).split('\n')) {
    if (!/^[0-3]\s*\|/.test(line)) continue;
    const c = cells(line);
    const ip = c[c.length - 1].match(/(\d+)\s*IP/);
    const need = c[c.length - 2].match(/(\d+)\s*IQ/);
    const roll = c[1].match(/(\d+)\./);
    if (!ip) continue;
    iq.push({tier: Number(c[0]), roll: roll ? Number(roll[1]) : 0, name: plain(c[2]), iq: need ? Number(need[1]) : 0, ip: Number(ip[1])});
  }
}

// ---- items ----
// The section an item is listed under decides its AP category.
const itemSections = {
  'Worn Items': 'worn', 'Consumable': 'consumable', 'Speciality Consumable': 'consumable',
  'Wands and Throwables': 'wand', 'Wonder Orbs': 'orb', 'Evolutionary Items': 'evolution',
  'Miscellaneous Items': 'other', 'Prepared and Cooked Foods': 'food', 'Treasure Boxes': 'box',
  'Basic Attack Items': 'equipped', 'Technical Machines': 'tm',
};
const items = [];
{
  let section = '';
  for (const line of read('items.md').split('\n')) {
    const h = line.match(/^## (.+?)\s*$/);
    if (h) { section = itemSections[plain(h[1])] || ''; continue; }
    if (!section || !line.includes('|') || /^-+\s*\|/.test(line) || /^Name\s*\|/.test(line) || /^!!!/.test(line)) continue;
    const c = cells(line);
    let name = plain(c[0]);
    if (!name || name.startsWith('~~')) continue;
    const item = {name, section};
    const price = (c[c.length - 1] || '').match(/^([\d,]+)\s*₽/);
    if (price) item.price = Number(price[1].replace(/,/g, ''));
    if (section === 'tm') {
      const tmMove = plain(c[1] || '');
      if (/^TM\d+/.test(name) && tmMove) item.move = tmMove;
    }
    if (section === 'consumable' && /Berry|Berries/.test(name)) item.section = 'berry';
    if (section === 'consumable' && /Seed/.test(name)) item.section = 'seed';
    items.push(item);
  }
}

// ---- moves ----
const pageMoves = [];
{
  const text = read('moves.md');
  const end = text.indexOf('## Z-Moves');
  let section = '';
  for (const line of text.slice(0, end).split('\n')) {
    if (line.startsWith('## ')) { section = line.includes('Attack Arts') ? 'art' : line.includes('Status') ? 'status' : line.includes('Attac') ? 'attack' : ''; continue; }
    if (!section) continue;
    const c = cells(line);
    if (c.length < 7 || c[0] === 'Name' || /^-+$/.test(c[0])) continue;
    const raw = c[0];
    let name = plain(raw);
    let removed = false;
    let dexName = '';
    const renamed = raw.match(/~~(.+?)~~\s*\**\s*\((.+?)\)/);
    if (renamed) { dexName = plain(renamed[1]); name = plain(renamed[2]); } else if (/^~~/.test(raw.replace(/\*/g, ''))) { removed = true; name = plain(raw.replace(/~~/g, '')); }
    const m = {name, dexName: dexName || name, section, removed};
    const bp = c[1].match(/^(\d+)\s*BP/);
    const dice = c[1].match(/^(\d+)D(\d+)/i);
    m.bp = bp ? Number(bp[1]) : 0;
    const times = c.slice(6).join('|').match(/Hits (\d+) times/i);
    if (dice) m.hits = `${dice[1]}d${dice[2]}`;
    else if (times) m.hits = times[1];
    const ap = c[2].replace(/~~.*?~~/g, '').match(/(\d+)\s*(?:\(-(\d+)\))?\s*AP/);
    m.ap = ap ? Number(ap[1]) : 0;
    m.apCut = ap && ap[2] ? Number(ap[2]) : 0;
    const acc = c[3].replace(/~~.*?~~/g, '').match(/≥(\d+)/);
    m.hit = acc ? Number(acc[1]) : 0;
    const types = plain(c[4]).split('/').map((s) => s.trim());
    m.type = types[0] === '???' ? '' : types[0];
    m.category = plain(c[5]) === '???' ? '' : plain(c[5]);
    const desc = c.slice(6).join('|');
    const eff = desc.match(/^\s*(\d+)(?:-20)?;/);
    m.effect = eff ? Number(eff[1]) : 0;
    m.target = /Room-Hitter/i.test(desc) ? 'room' : /\bSpread\b/i.test(desc) ? 'multi' : '';
    m.hitsAllies = /Damages Allies/i.test(desc);
    m.recoil = /\[Recoil\]|\bRecoil\b/.test(desc) && !/Draining/.test(desc);
    m.drain = /Draining/.test(desc);
    const heal = desc.match(/healed for (\d+) HP/i);
    m.heal = heal ? Number(heal[1]) : 0;
    pageMoves.push(m);
  }
}

// Compare each page move with the formula; keep what differs.
const moveOverrides = {};
const ignored = {};
const seen = new Set();
const knownTypes = new Set(Dex.types.all().map((t) => t.name));
const categories = new Set(['Physical', 'Special', 'Status']);
const chanceSeen = {};
const unknownMoves = [];
for (const pm of pageMoves) {
  if (pm.section === 'art') continue; // typeless moves are all the group's own: group.json
  const dm = Dex.moves.get((prior.moveNames || {})[pm.dexName] || pm.dexName);
  if (!dm.exists) { unknownMoves.push(pm.name); continue; }
  if (seen.has(dm.name)) { ignored[dm.name] = 'listed twice on the move page; the first row is used'; continue; }
  seen.add(dm.name);
  if (pm.removed) { moveOverrides[dm.name] = {removed: true}; continue; }
  const f = mainlineMove(dm);
  const o = {};
  const aliased = (prior.moveNames || {})[pm.dexName];
  if (!aliased && pm.name.toLowerCase() !== dm.name.toLowerCase()) o.name = pm.name;
  if (pm.bp !== f.bp) o.bp = pm.bp;
  if ((pm.hits || '') !== (f.hits || '')) o.hits = pm.hits || '';
  if (pm.ap && pm.ap !== f.ap) o.ap = pm.ap;
  if (pm.apCut !== f.apCut) o.apCut = pm.apCut;
  if (pm.hit !== f.hit) o.hit = pm.hit;
  if (pm.type && pm.type !== f.type) ignored[dm.name] = `the move page gives type ${pm.type}; the mainline type ${f.type} is kept (types are not changed by the group's rules)`;
  if (categories.has(pm.category) && pm.category !== f.category) o.category = pm.category;
  const status = f.category === 'Status';
  const chance = (dm.secondary && dm.secondary.chance) || 0;
  if (pm.effect && chance) { chanceSeen[chance] = chanceSeen[chance] || {}; chanceSeen[chance][pm.effect] = (chanceSeen[chance][pm.effect] || 0) + 1; }
  if (f.effect !== undefined && pm.effect && pm.effect !== f.effect) o.effect = pm.effect;
  if (!status) {
    const pageTarget = pm.target || (f.target === 'multi' || f.target === 'room' ? 'single' : f.target);
    if (pageTarget !== f.target) o.target = pageTarget;
    if (pm.hitsAllies !== !!f.hitsAllies && pm.target === 'room') o.hitsAllies = pm.hitsAllies;
    if (pm.recoil !== !!f.recoil) o.recoil = pm.recoil;
    if (pm.drain !== !!f.drain) o.drain = pm.drain;
  }
  if (pm.heal && pm.heal !== (f.heal || 0)) o.heal = pm.heal;
  if (Object.keys(o).length) moveOverrides[dm.name] = o;
}
const arts = pageMoves.filter((m) => m.section === 'art' && !m.removed).map((m) => {
  const o = {name: m.name, bp: m.bp, ap: m.ap, hit: m.hit, category: m.category};
  if (m.effect) o.effect = m.effect;
  return o;
});

const group = {levels, iqSkills: iq, items, species, typeless: arts};
fs.writeFileSync(path.join(outDir, 'group.json'), stable(group));
const overrides = {
  _comment: 'Every place where the group\'s pages differ from the formula in formula.js; gen.js applies these. Written by pages.js; speciesNames is kept by hand.',
  speciesNames: aliases,
  moveNames: prior.moveNames || {},
  speciesBonus: prior.speciesBonus || {},
  moves: moveOverrides,
  notApplied: ignored,
};
fs.writeFileSync(path.join(outDir, 'overrides.json'), stable(overrides));
console.error(`species ${species.length} (missing in dex: ${missing.length}) levels ${levels.length} iq ${iq.length} items ${items.length} page moves ${pageMoves.length} overridden ${Object.keys(moveOverrides).length}`);
if (missing.length) console.error('species not found:', missing.join('; '));
if (unknownMoves.length) console.error('moves not found:', unknownMoves.join('; '));
console.error('secondary chance -> page effect face:', JSON.stringify(chanceSeen));
