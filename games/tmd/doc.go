// Package tmd is The Mystery Dungeons 2e (../shared/rules/mystery-dungeons-2e.md
// and the group's pages in ../shared/rules/tmd-pages/): a d20 role-playing
// game in the world of Pokémon Mystery Dungeon, run by game masters over long
// campaigns, whose players roll their character's species at random.
//
// This part of the package holds the data, the dice of combat and character
// sheets; there is no playable table yet.
//
// # Data
//
// data/*.json is written by tools/tmdgen from @pkmn/dex (MIT, see
// data/LICENSE-pkmn) and the names and numbers of the group's pages; Go
// never runs the generator. Mainline moves are converted by the rule text's
// formula (tables.go restates it: BPFromMainline, APFromPP,
// HitFromAccuracy), and where the group's move list says otherwise the list
// wins; tools/tmdgen/overrides.json lists every such difference, and a test
// checks that every move either follows the formula or is listed there.
//
// # Rulings
//
// Where the texts are silent or disagree, the package rules as follows:
//
//   - The species list numbers its entries 001 to 1012 and says 1012 are
//     rollable, but has no 055: 1011 species. The species roll is a d1012 as
//     the list says; a number with no entry is rolled again, in the open.
//   - Archaludon has no species bonus on the list: any stat may be chosen.
//   - A PP value between two rows of the AP table is rounded up to the next
//     row (15 PP is priced as 20 PP: 6 AP). The group's move list prices some
//     such moves higher (Thunderbolt, 7 AP); the list wins for those moves.
//   - A secondary effect's d20 range follows the move list's usual mapping:
//     10% is 19-20; from 20% on, each 5% is one face below 20 (30% is 14-20).
//   - Where the move list gives a move a different type than the mainline
//     games (Thunderclap as Dark, Water Spout as Fire), the mainline type is
//     kept: these look like copying slips. A move listed twice uses its first
//     row. overrides.json's notApplied says which.
package tmd
