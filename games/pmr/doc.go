// Package pmr is Pocket Monster Rancher (rule text by Luke Miller, CC BY-SA
// 4.0, https://mootootwo.github.io/rpgees/omgam2019/PMR): two to eight
// stables raise monsters with Fudge dice and compete for trophies.
//
// # The game in brief
//
// A monster has Speed, Brawn and Mind (no cap, may go negative) and an age.
// Every turn each stable seals one activity:
//
//   - capture: 1dF per ability ([+] +1, [_] 0, [-] -1) and 1dF for the age
//     ([-] 4, [_] 5, [+] 6). Always allowed.
//   - train M2 speed|brawn|mind: 1dF, +1 to that ability on [+] or [_].
//     train M2 random: +1 for sure to the ability 1dF picks ([+] Speed,
//     [_] Brawn, [-] Mind). Needs a monster.
//   - breed M1 M3: the parents' ages are averaged, then 2dF added; under 7
//     gives an offspring of age 0 whose abilities are the parents' averages
//     with 1dF each. Needs two monsters.
//
// After every third turn comes a tournament: every stable with a monster
// seals one entry, and a single-elimination bracket is played. In each match
// 1dF picks the terrain (Plains doubles Speed, Woods Brawn, Urban Mind), both
// owners seal an ability, and the higher effective value wins: Brawn doubles
// against Speed, Speed against Mind, Mind against Brawn, and this stacks with
// the terrain. The champion's stable gets a trophy; then improvement rolls,
// and every monster ages a year. Most trophies after the last turn wins.
//
// # Rulings
//
// Where the rule text is silent or ambiguous (see RULINGS.md), this package
// plays as follows.
//
//   - A table has two to eight stables; a solo player plays against bot
//     stables.
//   - Choices are simultaneous and sealed: activities, entries and contest
//     abilities are stored unseen by the others (who only learn that a stable
//     "has chosen") and resolved once all are in, activities in seat order.
//     A sealed choice is final: trying to act again is refused as not your
//     turn, with a message that says the choice is sealed.
//   - "Rounding fractions" rounds half away from zero (math.Round): ages 6
//     and 5 average 6, abilities -1 and -2 average -2. The age average is
//     rounded before the 2dF are added.
//   - A failed breeding (7 or more) uses the turn and rolls no ability dice.
//     An offspring's ability die ignores a [-] when both parents' values of
//     that ability are above 0, and a [+] when both are below 0. The breed
//     order (breed M1 M3 or breed M3 M1) does not matter.
//   - Monsters are numbered per stable in the order the stable gets them
//     (M1, M2, ...; numbers are never reused) and named from a fixed list by
//     stable and number, so names use no dice.
//   - Tournaments follow turns 3, 6, 9, ...; a game that does not end on a
//     multiple of three ends after its last turn without one.
//   - A stable with no monster sits a tournament out. With no entrant there
//     is no tournament; a lone entrant wins it (trophy and winner's roll)
//     without a match.
//   - The bracket is the next power of two. Entrants are seeded by ability
//     sum, highest first; byes go to the top seeds. Equal sums are put in
//     order by dice, never by seat: for each place a run of N equal sums
//     holds (but the last), a dN among the N still unplaced picks who takes
//     it. Two entrants have nothing to seed and roll nothing.
//     Seeds meet in the standard order (1 v 8, 4 v 5, 2 v 7, 3 v 6), and
//     matches are played round by round, left to right.
//   - The terrain is rolled once per match. Doublings stack (x4), and a
//     negative value doubles too (it becomes more negative). The same
//     ability on both sides gets no matchup doubling.
//   - On a tie, each side seals an ability it has not used in this match; on
//     a second tie the remaining abilities compete without a choice; after a
//     third tie 1dF each, re-rolled until they differ. There are no draws.
//   - Improvement: the champion rolls 1dF and gains 2 on [+] or [_]; every
//     other entrant rolls 1dF: [+] +1, [_] -1, [-] nothing. The second die,
//     which picks the ability ([+] Speed, [_] Brawn, [-] Mind), is rolled
//     only when something changes. The champion rolls first, then the others
//     in seat order.
//   - After the improvements every monster of every stable (entered or not)
//     ages one year; a monster older than 10 retires at once.
//   - The stables with the most trophies share the win; if nobody won a
//     trophy, every stable shares it.
//
// # Options
//
// The rulings that are matters of taste are table options (Info.Options,
// which the lobby and help list); the defaults are the standard game above:
//
//   - turns (3 to 300, default 30): the length of the game.
//   - tournament_every (1 to 10, default 3): a tournament follows every
//     this many turns. A game shorter than that would hold none and is
//     refused.
//   - retire_age (6 to 50, default 10): a monster older than this retires
//     when the monsters age; 6 lets a captured monster (4 to 6) enter at
//     least one tournament.
//   - shared_wins (default true): stables tied for the most trophies share
//     the win. If false, the tied stables (all of them, if nobody won a
//     trophy) roll 1dF each in seat order after the last turn, those with
//     the highest face again, until one is left: the sole winner.
//
// # Facts
//
// Chance: every die is drawn from the table's stream and shown in the event
// texts ("Ann breeds M1 Pebblet and M2 Zorra: ages 6 and 5 average 6, 2dF
// [+] [_] → 7: no offspring").
// Hidden information: only the sealed choices not yet resolved; Determinize
// re-draws them. Simultaneous moves: yes, every phase. Bots: random, greedy
// and nash (bot.go).
//
// The package follows the shape of every game package (game.go, state.go,
// action.go, view.go, rules.go, bot.go); copy the simplest one to start a
// new game.
package pmr
