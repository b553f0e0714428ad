// Package mgt is Monster Girl Taxonomy (Taksonomia potworzyc, rules version
// 0.2; ../shared/rules/monster-girl-taxonomy.md, where the Polish text rules
// over the English translation): a mahjong-like card game for 2 to 6 players
// with hidden hands, chance (the shuffle, some natures) and simultaneous
// sealed choices (claims, rock-paper-scissors).
//
// In short: everyone holds eight cards; each turn a player draws one and
// discards one. Cards are collected into sets by type (beastmen by family);
// a round is won with eight of one set, four and four of two sets, five and
// three of two sets, or seven orphans and one more card. A discard may be
// claimed by a player holding three of its set, who exposes the four. Cards
// have natures that act when they are drawn or discarded. Points for how and
// what was collected add up over 3 or 4 rounds.
//
// # The deck
//
// The deck is data/deck.txt: one card per monster in the text's list, with
// its type (top-level heading), family (second-level heading) and nature. The
// list holds 201 monsters (the text says "200 cards"); the deck is the list.
// "Imp 79" is the Imp, and the notes on Parasitic Slime and Slime Carrier are
// dropped. Natures are not given per card: the data file assigns one to each
// card, by hand and once (96 cards have none); edit the file to change them.
// data/natures.txt is the numbered table a miscellaneous card rolls 2d20-4 on:
// results 1 to 30 are natures (about half with an effect), anything else
// (-2 to 0, 31 to 36) is rolled again.
//
// Sets: every type with two or more cards, except the beastman type, whose
// families with two or more cards are sets instead; the orphans (the seven
// types with one card) and the beastman orphans (the eleven beastman families
// with one card) are two sets, never mixed in one set (a four of each is two
// sets); the cheerful cards form one more set across types. A set's size for
// scoring is counted from the data (the cheerful set: the 12 cards the data
// calls cheerful).
//
// # Rulings
//
// Where the text is silent or ambiguous, the package rules as follows
// (../shared/RULINGS.md gives the project's defaults; the rest are ours):
//
//   - Dealing: the whole deck is shuffled each round and everyone gets eight
//     cards. Seat 1 deals round 1 and the deal passes to the left each round;
//     the dealer plays first. The turn's draw happens by itself.
//   - A hand wins when its hidden and exposed cards, exactly eight, form a
//     pattern: checked after each turn's discard (with its nature's effects
//     and refill) and after the deal. Eight orphans of one kind count as seven
//     orphans and one more. The best-scoring reading of a hand counts.
//   - How points are the text's, counting the cards the winner took from
//     discards this round; the text lists none for seven orphans and one
//     more, so it scores 0 how points and 12 what points. What points are the
//     text's: a four by its set's size (an orphan four: 2); in 5+3 the five
//     scores as a four of its set and the three scores nothing; an eight by
//     its set's size.
//   - Claims: every discard may be claimed, forced and excess discards
//     included (RULINGS.md), but for loyal cards (also a miscellaneous card
//     that rolled loyal) and the turn's proud card (set aside, not on the
//     pile; a proud card forced out is on the pile and may be claimed).
//     Once the turn's discard is resolved (its nature, a refill, a won
//     round, an attack), each claimable card of the turn opens a window of
//     its own, in the order the cards reached the pile: excess discards,
//     the turn's discard, the cards it forced out. A claim ends the turn's
//     windows: play goes on from the claimer, and the rest stay on the pile.
//     A player may claim with three cards of the card's set in hand, of a type
//     not banned for them, and no exposed set of that set yet; a cheerful
//     discard may also be claimed into the cheerful set with three cheerful
//     cards ("claim Harpy as cheerful"). Every claimable card opens its
//     window whether or not anyone can claim it, and every player but the
//     discarder seals an answer: claim or pass for a player who may claim,
//     pass (the only choice) for everyone else. When all have answered, the
//     first claimer after the discarder in turn order takes the card. Who
//     could claim stays hidden: whether a window opens is a public fact
//     (the card's nature), every window waits for the same players
//     (Pending) and takes one answer from each, a pass makes no event, and
//     a view shows only that claims are awaited and the viewer's own
//     answer, never who else has answered. State implements engine.Window:
//     a table where people sit records every answer (choices of one played
//     at once included) and applies them together, in seat order, when the
//     window has been open claim_window milliseconds (option, default
//     2000), so neither timing nor order tells who had a choice; tables of
//     bots and simulations apply answers at once. The claimer chooses the three cards it exposes with
//     the claimed one ("claim Harpy with Siren, Jubjub, Gandharva"): Legal
//     lists every choice, since what the others see of its hand is its
//     own choice; "claim Harpy" alone is taken only when a single choice
//     exists. The greedy bot shows, for a type set, cards that are not
//     cheerful first, and for the cheerful set those whose own set it holds
//     fewest of. The claimer then discards, as on a turn (no draw), and
//     play continues from them.
//   - Exposed sets never change set; a player may add matching cards from
//     their hand ("meld Siren") on their own turn, one by one, up to eight,
//     as long as the hand keeps the cards the player must still discard to
//     get back to eight.
//   - Aggressive: after the discard (a winning discard ends the round first),
//     the discarder may attack any other player or nobody; both seal rock,
//     paper or scissors; a tie is thrown again, and after three ties in a
//     row the attack fails and nobody loses a turn (the text ends no
//     contest; this ruling makes every game end). Bots throw at random from
//     the stream they are given. The loser loses their next turn (losses
//     add up and end with the round). A claim is not a turn. The
//     aggressive card may be claimed after the contest.
//   - Cheerful: every other cheerful card in the hidden hand goes to the pile.
//   - Mean: one random card of the hidden hand (a die of the hand's size from
//     the table's stream) goes to the pile. Everyone reads which card it
//     was, never the die: hands are kept in deck order, so the die's face
//     would tell where in the hand the card sat.
//   - Proud: the card is set aside, every other card of its type in the hidden
//     hand (of its family, for a beastman; an orphan's type holds only the
//     orphan) goes to the pile, and that type is banned for the player for the
//     rest of the game: its cards never count in the player's patterns and
//     cannot be claimed or melded. Exposed sets made before the ban stay on
//     the table but are dead: a set holding a banned card (a set of the
//     type, or a cheerful set with one in it) counts in no pattern and no
//     score, so its player cannot win while it is there, and seven orphans
//     and one more do not win when the one more is banned. The proud card
//     stays set aside, face up, for the rest of the game: later rounds
//     shuffle the deck without it (a miscellaneous card that rolled proud
//     keeps that nature while aside).
//   - Only the turn's discard acts: forced discards (mean, cheerful, proud)
//     and excess discards never act, so effects do not chain. After a forced
//     loss the player refills to eight from the stock.
//   - Honest: whenever drawn from the stock (on a turn, by an impatient draw,
//     in a refill), the player privately looks at the top three cards of the
//     stock, which stay in order; when claimed, the claimer privately sees
//     the discarder's hidden hand. Others read only that a look happened.
//   - Impatient: whenever drawn from the stock, the player may draw one more
//     card at once ("draw"). On a turn that comes before discarding; in a
//     refill after a forced loss the player chooses "draw" or "pass" once
//     the refill is done, and discards any card above eight as an excess
//     discard, before the turn's discard resolves (a win, an attack, the
//     claim windows). They then
//     discard down to eight: the earlier discards are excess discards (no
//     effect; they may be claimed like any discard), the last is the
//     turn's discard.
//   - Deal draws trigger neither honest nor impatient; a miscellaneous card
//     rolls its nature whenever it is drawn (in private) and keeps it for
//     the round.
//   - Every discard is announced with its type (a beastman's family) and
//     nature, a miscellaneous card's rolled nature included.
//   - A round ends with no score when a card must be drawn from an empty
//     stock. The winner's cards are shown; other hands stay hidden.
//   - Rounds: option rounds, 3 or 4 (default 4). The most points win; equal
//     totals share the win.
//
// # Play
//
// Actions (ParseAction reads the text forms): "discard Harpy", "meld Harpy",
// "draw" (impatient), "attack 3" (seats numbered from 1 as the table shows
// them; the JSON target is the 0-based engine seat) or "no attack", "rock",
// "paper", "scissors", "claim Harpy with Siren, Jubjub, Gandharva" (or "claim
// Harpy as cheerful with ..."), "pass".
// A View shows its seat's hand, every player's exposed sets, set-aside proud
// cards, banned types, hand size, score and lost turns, the discard pile, and
// what the seat learned from honest cards; nothing else. Bots: "random" and
// "greedy" (bot.go). State implements engine.Determinizer (determinize.go)
// and engine.MetricReporter (rounds won).
package mgt
