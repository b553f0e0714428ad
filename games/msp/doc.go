// Package msp is musi supa pona (version 1.0.0, by mounderfod;
// ../shared/rules/musi-supa-pona.txt, CC-BY): a rules-light role-playing
// game in the manner of fifth-edition Dungeons & Dragons, for a game
// master (GM) and one to six players. It has chance (every roll), hidden
// information (the GM's targets, notes and enemies' health; each player's
// own sheet) and no simultaneous choices.
//
// In short: each player makes a character whose five stats (Strength,
// Intelligence, Speed, Defence, Charisma) are each rolled once as d20 - 2d6
// (-11 to 18); its HP are 20 + Defence. The GM runs the story: asks for
// actions (d20 + a stat against a target only the GM knows), hands out
// items, coins and experience, and starts battles against creatures from
// the GM's book. In battle everyone rolls a d6 for the turn order; on a
// turn a character attacks an enemy (both roll a d6, the attacker hits when
// higher) or does something else, such as feeding a friend. A character
// brought to 0 HP makes a disaster roll of 3d20 to live on.
//
// The GM's seat follows the engine's GM pattern (engine.GM), with one GM
// (no co-GMs: a table with two seats marked GM is refused): every change
// the GM makes outside the rules is an action with a reason, in the log;
// notes are the GM's alone; hidden values reach the players only when
// revealed. When the session ends everything hidden is told to everyone
// (State.Reveal): every character's sheet, a check's target still open,
// the GM's private changes; the GM's notes and book stay the GM's. The GM's book (creatures, items, places) is exported as a JSON
// file (ExportBook) and imported at another table (the import-book action).
//
// # Rulings
//
// Where the text is silent or ambiguous (../shared/RULINGS.md gives the
// project's defaults; the rest are ours):
//
//   - The GM's seat is the seat marked as the GM's, or the first seat. The
//     session starts once every player has made a character; until then
//     the GM may only grant re-rolls, write notes and fill the book.
//   - Stats are rolled once, d20 - 2d6 each, every face shown to the player
//     and the GM. A re-roll happens only when the GM grants one (a logged
//     adjustment with a reason); it rolls all five stats again and gives
//     the character full health for the new Defence. A player may decline
//     a granted re-roll ("keep"). Not during a battle.
//   - HP = 20 + Defence, and is never above it. Experience: level x takes
//     10^x points in all (10 for level 1, 100 for level 2); fewer than 10
//     points is level 0. The GM grants points, with a reason.
//   - What everyone sees of a character: name, background, level, HP (so
//     Defence, through the most HP) and condition. Stats, their rolls,
//     experience, items, coins and notes are the player's and the GM's.
//     The session's outcome scores levels, not points.
//   - Alignment is one of the nine: lawful, neutral or chaotic, with good,
//     neutral or evil ("neutral" for neutral neutral; "true neutral" is
//     read as it). Names are unique at a table, in any case.
//   - Items weigh grams; food weighs its grams per portion and heals its
//     points a portion (up to the most HP); a food has one portion or
//     several. Equipment deals the damage written in the book. Carrying
//     capacity is (20 + Strength) x 1.5 x 500 g, counting every item, the
//     coin bag (50 g) and every coin (8 g); anything that would take a
//     character over it is refused, saying the capacity and the weight it
//     would make. (Refusing coins for another character says only that
//     they cannot carry that many more.)
//   - Coins: 1 silver = 10 copper, 1 gold = 50 silver = 500 copper, 1
//     platinum = 100 gold = 50,000 copper. The bag holds at most 15 of each
//     kind. Paying and receiving make change automatically with the fewest
//     coins: a purse always holds its worth in the fewest coins (largest
//     first); coins that do not fit in the bag are carried loose and weigh
//     the same. The text says a full bag weighs 480 g: that is its 60
//     coins; with the 50 g bag it is 530 g.
//   - Actions: the GM names the character and the stat ("check strength of
//     Ann"), sees the exact chance of success for every target (from the
//     dice notation's exact odds of "d20+S>=T"), then sets the target,
//     at least or at most, hidden from the players. The player rolls d20 +
//     the stat; the target is revealed with the result. One check at a
//     time; none during a battle. Rolling is then the player's only choice,
//     so a table plays it at once (engine.Only); tabletop play asks for it.
//   - Battle: every living character and every enemy rolls a d6; lowest
//     goes first; equal rolls go to the higher Speed (enemies have 0);
//     those still tied roll again among themselves until they are not.
//     The order holds for the whole battle; each round every fighter able
//     to act takes one turn.
//   - A turn: attack a standing enemy (with an item that deals damage, or
//     bare-handed, when the GM sets the damage), give a food portion to a
//     living character (oneself included), or rest. Both sides' d6 are
//     rolled by the table; the attacker hits when its roll is higher. A
//     defender whose roll is exactly double the attacker's takes an extra
//     turn right after the attacker's (if it can act). Enemies attack with
//     their book attacks, played by the GM; an attack whose damage is 0 is
//     set by the GM.
//   - At 0 HP from damage (a hit, or the GM's "hurt" outside battle), a
//     character makes the disaster roll, 3d20: more than 30 and it lives
//     on at 1 HP, downed: it cannot attack, and is hit without a defence
//     roll, until its health goes up. Exactly 30 or less and it is dead for
//     the rest of the session. A character at 1 HP for any other reason
//     fights on as usual. Enemies at 0 HP fall.
//   - Rests: a short rest gives back 5 HP, a long rest all of them. In a
//     battle a rest is taken on the character's turn and it sits out its
//     turn in the next round (short) or the next three rounds (long);
//     outside a battle it only heals. Rests still owed end with the battle.
//   - The battle ends when no enemy stands, when every character is dead
//     (which also ends the session), or when the GM ends it with a reason.
//     The GM may end the session at any time; as it ends the game for
//     everyone, End asks to be confirmed (engine.Confirmer): the table
//     page's button opens a "yes" button, and tabletop play asks y/N.
//     A typed "end session" on the page's action line asks the same
//     question first (in the page's message area, with its own "Yes").
//   - GM adjustments: HP (1 up to the most; 0 comes only from damage) and
//     stats (-99 to 99, Defence at least -19) with a reason; HP and Defence
//     changes are public, other stats, items, coins and experience are seen
//     by the character's player and the GM.
//   - Every action gives every seat a line of the log; what is secret is
//     replaced by what the table sees ("The GM writes a note", "Ann drops
//     something"), so that the log's numbering and the moments a page
//     changes say nothing more.
//
// # Playing
//
// Most actions carry free text (names, reasons, notes), so beside the
// ready-made choices of Legal every action has a text form that ParseAction
// reads ("check strength of Ann", "xp 10 to Ann: a clever plan"). The
// table page's action line sends a Typed action: the table reads its text
// (engine.Standin) and plays, and logs, the action it reads; Apply itself
// takes no Typed. A text that reads as no action is refused with an
// example that fits whoever typed it (engine.SeatStandin): a check for
// the GM, an attack for a player. Legal never offers a seat a single action where its real
// choices are typed (a table would play it for the seat): a player without
// a character is offered two ready-made ones, the GM a note besides ending
// the session. In tabletop play everyone shares one terminal, which asks
// the seat State.Prompt names.
package msp
