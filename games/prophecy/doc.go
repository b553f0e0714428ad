// Package prophecy is Prophecy, a cooperative story game for three to six
// players in one evening, with no game master and nothing hidden (rule text
// in rules/prophecy.md of the shared folder). This package restates the
// rules in its own words.
//
// # The game in brief
//
// The table picks a fictional world and receives the prophecy: a d66 roll
// (a tens die and a units die) on the world's table of 36 catastrophes.
// Each player makes one character: a name and one aspect (a word or short
// phrase) in each of five categories: occupation, physical or mental,
// psychological, relationship, affiliation.
//
// The players then write the outline, a tree of scenes. Its root is the
// Finale, difficulty 4, whose objective is how the heroes will stop the
// catastrophe. Every other scene is a precursor of an existing scene and
// has that scene's difficulty minus one. Each scene has an objective and a
// setting.
//
// Then they tell the story, scene by scene, in any order in which a scene
// comes after all of its precursors. Performing a scene: investigate (add
// objects, each with aspects), find pairs of matching aspects (one aspect
// of a character, one of an object), and roll the check: one die per pair
// plus one reward die per precursor that succeeded, every die exploding on
// 6 (each 6 adds another die), 4 to 6 a hit; the check succeeds when the
// hits reach the difficulty. The players narrate the outcome. The Finale's
// outcome says whether the prophecy is averted.
//
// Facts: chance (d66, exploding d6 pools); no hidden information; no
// simultaneous choices; cooperative: everybody wins or nobody does.
//
// # Rulings
//
// Where the rule text is silent or ambiguous (see RULINGS.md), this package
// plays as follows.
//
//   - The worlds and their catastrophe tables are the project's own (three
//     come with the game, in data/worlds, 36 entries each). A table may
//     bring its own world in the same JSON shape; it is checked, and an
//     error names the field that is wrong.
//   - Three to six players. The practice option allows one or two, to
//     learn the game or to try an outline.
//   - The Finale has difficulty 4. A precursor has its parent's difficulty
//     minus one, never below 1: a scene of difficulty 1 takes no
//     precursors, and a scene moves only where its whole subtree still
//     fits. Removing a scene removes its precursors with it. The Finale
//     neither moves nor goes.
//   - More than eight scenes is allowed, with a warning (the text asks for
//     eight at most); the hard limit is 30.
//   - The outline can be changed (add, edit, move, remove) until the story
//     starts, and not afterwards. The story starts when every player has a
//     character and the Finale has an objective.
//   - A check's pool is the matching pairs plus the successful precursors.
//     Each aspect is in at most one pair of a check. Any player may propose
//     a pair or strike one before the roll. A pool of zero fails without a
//     roll.
//   - Explosions are followed to the end: the roller's cap (100 explosions
//     of one die) is far beyond anything that happens, and a roll that
//     reached it would say so. The odds follow explosions until less than
//     1e-12 of probability is left out, and report that mass.
//   - Any player may take any action, except that a player creates only
//     their own character; anyone may add or change any character's
//     aspects during play. Every action is logged with who took it. A
//     check already rolled keeps its pairs as they were matched: a later
//     change of an aspect does not rewrite the story told so far.
//   - A story is told by people: a seat played by a bot is refused, as any
//     player may act at any time, so a bot would act at every turn, and it
//     could only type placeholders. A practice table allows bots, to try
//     the rules or the machinery.
//   - One scene is performed at a time: it is investigated, rolled, then
//     narrated, and the narration closes it.
//   - The scene timer (an option; the text suggests eight minutes) is a
//     countdown the page shows. It is advice, not a rule: the game itself
//     keeps no clock, so that a log replays the same whenever it is read.
//   - Everybody wins when the Finale succeeds; nobody wins when it fails.
//
// # The designer's view
//
// For the outline as it stands and a number of pairs expected per scene,
// the View carries the exact chance that each scene succeeds and that the
// prophecy is averted (see OutlineOdds), and, while a scene is performed,
// the chance its check succeeds with the pool as it is now (CheckChance),
// the same figure "tabletop odds Nd6!>=4" gives for that pool. Beyond any
// table, an outline written as JSON (the Finale as a Node) gets the same
// exact odds from "tabletop sim prophecy --outline FILE --pairs N", beside
// a seeded simulation, and from the outline designer page the server
// offers at /games/prophecy/tools/designer (Tools, Design).
//
// A new game is made by copying the simplest package; this one was made
// after games/pmr and games/mgt.
package prophecy
