'use strict';
// The conversion from mainline numbers to tabletop numbers, as the rule text
// states it. Where the group's move list says otherwise, overrides.json wins.

// apFromPP: 40 PP is 4 AP, 30 is 5, 20 is 6, 10 is 7, 5 is 8. A PP value
// between two rows is rounded up to the next row (25 -> 30 -> 5 AP).
const ppRows = [[40, 4], [30, 5], [20, 6], [10, 7], [5, 8]];
function apFromPP(pp) {
  let ap = 8;
  for (const [rowPP, rowAP] of ppRows) {
    if (pp <= rowPP) ap = rowAP;
  }
  return ap;
}

// bpFromMainline: mainline base power divided by 10, rounded up.
function bpFromMainline(bp) {
  return bp > 0 ? Math.ceil(bp / 10) : 0;
}

// hitFromAccuracy: the lowest d20 face that hits. A 100% move misses only on
// a 1 (hit on 2 or more); each 5% below 100 moves the line up one face
// (75% -> 6, 70% -> 7). A move that never misses has 0.
function hitFromAccuracy(acc) {
  if (acc === true) return 0;
  return Math.max(2, 1 + Math.ceil((100 - acc) / 5));
}

// critFromRatio: the lowest crit face, from the crit stage table (stage 0 is
// 20 only; +1 is 18-20, +2 16-20, +3 14-20).
const critFaces = [20, 18, 16, 14, 10, 5, 2];
function critFromRatio(ratio) {
  const stage = Math.max(0, Math.min(6, (ratio || 1) - 1));
  return critFaces[stage];
}

// effectFromChance: the lowest d20 face that triggers a secondary effect
// with the given mainline chance. The rule text gives no formula; this is the
// one the group's move list follows for most moves: 10% is 19-20, and from
// 20% on, each 5% is one face down from 20 (20% -> 16-20, 30% -> 14-20,
// 50% -> 10-20, 70% -> 6-20). 100% (or none) is 0: always.
function effectFromChance(chance) {
  if (!chance || chance >= 100) return 0;
  if (chance <= 10) return 19;
  return Math.max(2, 20 - Math.round(chance / 5));
}

// targetFromMainline: a move that hits every adjacent foe is a multi-target
// move, one that hits everyone around the user is a room-hitter.
function targetFromMainline(target) {
  switch (target) {
    case 'allAdjacentFoes': return 'multi';
    case 'allAdjacent': case 'all': case 'foeSide': return 'room';
    case 'self': case 'allySide': case 'allies': case 'adjacentAlly': case 'adjacentAllyOrSelf': case 'allyTeam': return 'ally';
    default: return 'single';
  }
}

// healFromFraction: 25% heals 2, 50% heals 4, 75% heals 6.
function healFromFraction(num, den) {
  return Math.round((num / den) * 8);
}

module.exports = {apFromPP, bpFromMainline, hitFromAccuracy, critFromRatio, effectFromChance, targetFromMainline, healFromFraction};
