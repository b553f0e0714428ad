'use strict';
const F = require('./formula');

// mainlineMove converts one @pkmn/dex move to tabletop numbers by the
// formula alone.
function mainlineMove(dm) {
  const status = dm.category === 'Status';
  const m = {
    name: dm.name,
    type: dm.type,
    category: dm.category,
    bp: status ? 0 : F.bpFromMainline(dm.basePower),
    ap: status ? 4 : F.apFromPP(dm.pp),
    apCut: dm.priority > 0 && !status ? dm.priority : 0,
    hit: F.hitFromAccuracy(dm.accuracy),
    crit: F.critFromRatio(dm.critRatio),
    priority: dm.priority,
    target: F.targetFromMainline(dm.target),
    // The mainline numbers the formula starts from (Go tests recheck it).
    pp: dm.pp,
    power: dm.basePower,
    acc: dm.accuracy === true ? 0 : dm.accuracy,
  };
  if (dm.target === 'allAdjacent') m.hitsAllies = true;
  if (dm.multihit) {
    m.hits = Array.isArray(dm.multihit) ? (dm.multihit[0] === 2 && dm.multihit[1] === 5 ? 'table' : `${dm.multihit[0]}-${dm.multihit[1]}`) : String(dm.multihit);
    // Mainline hits: a range (2-5) or a fixed count (2, 3: a double- or
    // triple-hit move, which the group's rules treat apart).
    m.mainHits = Array.isArray(dm.multihit) ? `${dm.multihit[0]}-${dm.multihit[1]}` : String(dm.multihit);
  }
  if (dm.recoil || dm.mindBlownRecoil || dm.hasCrashDamage) m.recoil = true;
  if (dm.drain) m.drain = true;
  if (dm.heal) m.heal = F.healFromFraction(dm.heal[0], dm.heal[1]);
  const sec = dm.secondary;
  if (sec) {
    m.effect = F.effectFromChance(sec.chance);
    const what = {};
    if (sec.status) what.status = sec.status;
    if (sec.volatileStatus) what.volatile = sec.volatileStatus;
    if (sec.boosts) what.boosts = sec.boosts;
    if (sec.self && sec.self.boosts) what.selfBoosts = sec.self.boosts;
    if (Object.keys(what).length) m.secondary = what;
  }
  return m;
}

// stable renders a value as JSON with sorted object keys, two-space
// indentation and a final newline, so re-running gives identical bytes.
function stable(v) {
  const sortKeys = (x) => {
    if (Array.isArray(x)) return x.map(sortKeys);
    if (x && typeof x === 'object') {
      const o = {};
      for (const k of Object.keys(x).sort()) o[k] = sortKeys(x[k]);
      return o;
    }
    return x;
  };
  // One record per line: small diffs, reasonable size.
  const render = (x, depth) => {
    if (Array.isArray(x) && depth < 2 && x.some((e) => e && typeof e === 'object')) {
      return '[\n' + x.map((e) => JSON.stringify(e)).join(',\n') + '\n]';
    }
    const nested = x && typeof x === 'object' && !Array.isArray(x) && Object.values(x).some((e) => e && typeof e === 'object' && !Array.isArray(e));
    if (x && typeof x === 'object' && !Array.isArray(x) && (depth < 1 || (depth < 2 && nested))) {
      return '{\n' + Object.keys(x).map((k) => JSON.stringify(k) + ': ' + render(x[k], depth + 1)).join(',\n') + '\n}';
    }
    return JSON.stringify(x);
  };
  return render(sortKeys(v), 0) + '\n';
}

module.exports = {mainlineMove, stable};
