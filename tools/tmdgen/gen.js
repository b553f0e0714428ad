'use strict';
// gen.js writes games/tmd/data/*.json from @pkmn/dex (MIT), the group's facts
// in group.json and the overrides in overrides.json. Output is sorted and
// stable: running it twice gives byte-identical files.
//
//   node gen.js [OUTDIR]     (default ../../games/tmd/data)
const fs = require('fs');
const path = require('path');
const {Dex} = require('@pkmn/dex');
const {mainlineMove, stable} = require('./common');

const out = process.argv[2] || path.join(__dirname, '..', '..', 'games', 'tmd', 'data');
const group = JSON.parse(fs.readFileSync(path.join(__dirname, 'group.json'), 'utf8'));
const overrides = JSON.parse(fs.readFileSync(path.join(__dirname, 'overrides.json'), 'utf8'));
const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const write = (file, v) => fs.writeFileSync(path.join(out, file), stable(v));
fs.mkdirSync(out, {recursive: true});

// Species: the group's roll list, joined with the mainline data.
const species = group.species.map((g) => {
  const sp = Dex.species.get(g.dex);
  if (!sp.exists) throw new Error(`species ${g.name}: not in @pkmn/dex as ${JSON.stringify(g.dex)}`);
  const s = {roll: g.roll, name: g.name, dex: sp.name, types: sp.types.slice(), bonus: g.bonus.slice()};
  const ab = sp.abilities;
  s.abilities = ['0', '1'].map((k) => ab[k]).filter(Boolean);
  if (ab.H) s.hidden = ab.H;
  if (sp.prevo) s.prevo = sp.prevo;
  if (sp.evos && sp.evos.length) s.evos = sp.evos.slice().sort();
  if (g.evoLevel) s.evoLevel = g.evoLevel;
  if (g.banned) s.banned = true;
  if (g.gimmick) s.gimmick = true;
  return s;
}).sort((a, b) => (a.roll - b.roll) || byName(a, b));
write('species.json', species);

// Moves: every mainline move of generations 1-9 (no Z or Max moves), by the
// formula, with the group's overrides applied; then the typeless moves.
const moveOv = overrides.moves || {};
const moves = [];
const moveNameByID = new Map(); // @pkmn/dex id -> name in moves.json
for (const dm of Dex.moves.all()) {
  if (dm.num <= 0 || dm.isZ || dm.isMax || ['CAP', 'LGPE', 'Custom'].includes(dm.isNonstandard)) continue;
  const m = mainlineMove(dm);
  const o = moveOv[dm.name] || {};
  if (o.removed) continue;
  Object.assign(m, o);
  if (m.hits === '') delete m.hits;
  for (const k of ['recoil', 'drain', 'hitsAllies']) if (m[k] === false) delete m[k];
  if (!m.apCut) delete m.apCut;
  if (!m.heal) delete m.heal;
  if (dm.shortDesc) m.desc = dm.shortDesc;
  moves.push(m);
  moveNameByID.set(dm.id, m.name);
}
for (const t of group.typeless) {
  const m = {name: t.name, type: 'Typeless', category: t.category || 'Physical', bp: t.bp, ap: t.ap, hit: t.hit, crit: 20, priority: 0, target: 'single'};
  if (t.effect) m.effect = t.effect;
  if (t.name === 'Basic Attack') m.category = 'Best';
  moves.push(m);
}
moves.sort(byName);
for (let i = 1; i < moves.length; i++) {
  if (moves[i].name === moves[i - 1].name) throw new Error(`move ${moves[i].name} twice`);
}
write('moves.json', moves);

// Type chart: attacking type -> defending type -> multiplier, listing only
// the match-ups that are not neutral.
const chart = {};
const typeNames = Dex.types.all().filter((t) => !t.isNonstandard).map((t) => t.name).sort();
for (const atk of typeNames) {
  chart[atk] = {};
  for (const def of typeNames) {
    const code = Dex.types.get(def).damageTaken[atk];
    const mult = {1: 2, 2: 0.5, 3: 0}[code];
    if (mult !== undefined) chart[atk][def] = mult;
  }
}
write('types.json', {types: typeNames, chart});

// Abilities: mainline abilities with their short description (MIT text).
const abilities = Dex.abilities.all()
  .filter((a) => a.num > 0 && a.isNonstandard !== 'CAP')
  .map((a) => ({name: a.name, desc: a.shortDesc || a.desc || ''}))
  .sort(byName);
write('abilities.json', abilities);

// Items: the group's list (with the AP category of its section) and the
// mainline items; an item on both lists appears once.
const apBySection = {berry: 2, medicine: 2, seed: 3, wand: 3, orb: 4, worn: 4, consumable: 4, equipped: 4};
const items = new Map();
for (const g of group.items) {
  const it = {name: g.name, section: g.section, md: true};
  if (apBySection[g.section]) it.ap = apBySection[g.section];
  if (g.price) it.price = g.price;
  if (g.move) it.move = g.move;
  items.set(g.name.toLowerCase(), it);
}
for (const di of Dex.items.all()) {
  if (di.num <= 0 || ['CAP', 'Custom', 'LGPE'].includes(di.isNonstandard)) continue;
  const key = di.name.toLowerCase();
  const it = items.get(key) || {name: di.name, section: di.isBerry ? 'berry' : di.isGem ? 'consumable' : di.megaStone ? 'mega' : di.zMove ? 'z' : 'mainline'};
  it.mainline = true;
  if (!it.ap && apBySection[it.section]) it.ap = apBySection[it.section];
  if (di.shortDesc) it.desc = di.shortDesc;
  items.set(key, it);
}
write('items.json', [...items.values()].sort(byName));

// The group's own tables.
write('iq.json', group.iqSkills.slice().sort((a, b) => (a.tier - b.tier) || (a.roll - b.roll) || byName(a, b)));
write('levels.json', group.levels.slice().sort((a, b) => a.level - b.level));
write('ranks.json', require('./ranks'));

// Learnsets: for each species on the list, the moves it can learn by any
// means in any generation, as indexes into moves.json (sorted by name), to
// keep the file small. A form without a learnset of its own uses its base
// species'.
//
// Level-ups: for each species, the moves it learns by level in the newest
// generation whose data gives it level-up moves (source "9L15": generation
// 9, level 15), as {level: [indexes into moves.json]}; level 0 is "on
// evolution". Older generations' level-ups are left out: a species keeps
// one consistent list, the one the newest games teach.
function levelMoves(ls, index) {
  const byGen = new Map(); // generation -> [[level, index]]
  for (const [id, sources] of Object.entries((ls && ls.learnset) || {})) {
    const name = moveNameByID.get(id);
    if (name === undefined) continue;
    for (const src of sources) {
      const m = /^(\d+)L(\d+)$/.exec(src);
      if (!m) continue;
      const gen = Number(m[1]);
      if (!byGen.has(gen)) byGen.set(gen, []);
      byGen.get(gen).push([Number(m[2]), index.get(name)]);
    }
  }
  if (byGen.size === 0) return null;
  const newest = Math.max(...byGen.keys());
  const out = {};
  for (const [level, i] of byGen.get(newest)) {
    const k = String(level);
    if (!out[k]) out[k] = [];
    if (!out[k].includes(i)) out[k].push(i);
  }
  for (const k of Object.keys(out)) out[k].sort((a, b) => a - b);
  return out;
}

(async () => {
  const index = new Map(moves.map((m, i) => [m.name, i]));
  const learnsets = {};
  const levelups = {};
  for (const s of species) {
    const sp = Dex.species.get(s.dex);
    let ls = await Dex.learnsets.get(sp.id);
    if ((!ls || !ls.learnset) && sp.changesFrom) ls = await Dex.learnsets.get(Dex.species.get(sp.changesFrom).id);
    const idx = new Set();
    for (const id of Object.keys((ls && ls.learnset) || {})) {
      const name = moveNameByID.get(id);
      if (name !== undefined) idx.add(index.get(name));
    }
    learnsets[s.dex] = [...idx].sort((a, b) => a - b);
    const lv = levelMoves(ls, index);
    if (lv) levelups[s.dex] = lv;
  }
  write('learnsets.json', learnsets);
  write('levelups.json', levelups);
})().catch((e) => { console.error(e); process.exit(1); });
