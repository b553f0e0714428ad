// Package tmd is The Mystery Dungeons 2e (../shared/rules/mystery-dungeons-2e.md
// and the group's pages in ../shared/rules/tmd-pages/): a d20 role-playing
// game in the world of Pokémon Mystery Dungeon, run by game masters over long
// campaigns, whose players roll their character's species at random.
//
// The package holds the data, the dice of combat, character sheets and the
// table game "tmd": a campaign table with one or two GM seats (engine.GM)
// and a team of 2 to 4 player characters, whose battles the server runs (game.go,
// state.go, action.go, parse.go; rules.go, turn.go, moves.go, nonmove.go,
// conditions.go, field.go for the battle; gm.go and campaign.go for the
// GM's controls and the awards; view.go, legal.go, pages/). Ending the
// session ends the game for everyone, so End asks to be confirmed
// (engine.Confirmer) on the table page and in tabletop play. When the GM
// ends the session, what the players were not shown is told to everyone
// (reveal.go): the GM's private changes, traps included, and every foe
// that stayed hidden, as it stood when its battle ended or as it stands in
// a battle still set up. The GM's notes stay the GM's.
//
// # Playing
//
// Legal offers ready-made choices (sample sheets, a sample foe, each move
// on each target), but a GM and players do more: every action has a text
// form that ParseAction reads (each action type's comment gives it, and
// the rules summary lists them under "What to type"): "use Thunder Shock
// on Geodude", "Rocky: use Tackle on Ann" for a foe the GM plays, "add foe
// Geodude level 6 as Rocky with Tackle (stats hidden)", "apply poison to
// Ann (a trap)", a reason last in parentheses. A sheet is brought whole as
// "sheet" and its JSON (tabletop tmd sheet new's file; in tabletop play,
// "sheet @FILE"). The table page's action line sends a Typed action: the
// table reads its text (engine.Standin) and plays the action it reads,
// which is what the log and every view show; Apply itself takes no Typed.
// A text that reads as no action is refused with an example that fits
// whoever typed it (engine.SeatStandin): a foe's action for the GM, a
// character's for a player.
// A player without a sheet chooses: Legal offers a sample sheet of
// each sample species (Pikachu, Charmander, Squirtle, Bulbasaur), so the
// table waits for the player, who picks one or brings a sheet of their
// own; nobody brings one for them (a choice of one would be played at
// once, engine.Only). Outside battle a sheet brought takes the place of
// the one the player has.
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
//
// The dice of combat (tables.go, combat.go):
//
//   - A move's hit line (≥N) moves down by the user's accuracy stage, the
//     target's negative evasion (2 faces a stage) and the faces a target
//     exposes by speed decreases below 4 AP, and up by the missing-AP
//     penalty. The line may fall to 1: then a 1 hits too (the text: at
//     -1 speed on 4 AP, "≥2 accuracy Moves never miss"). A positive evasion
//     stage makes at least its range miss; it does not add to a move's own
//     miss range.
//   - Paralysis and confusion make 1-6 miss whatever the move, never-miss
//     moves included; confused, a 1 hits the user and 2-6 an ally.
//   - A move's own crit range counts as a crit stage (18-20 is +1) and the
//     user's crit stage adds to it, up to +6. A face in the miss range is a
//     miss even if it is in the crit range.
//   - The damage formula's "- (Def - Atk penalty)" is read as both taking
//     damage away (the text's own examples subtract the penalty). The level
//     damage bonus adds to damage, not to mitigation (both sheets of the
//     text show no bonus on Defense). Damage is never below 0; an immune
//     defender takes none, critical hit or not. A typeless move has neither
//     STAB nor resistance. The AP cost used for STAB, resistance and crit is
//     the listed cost before a priority cut.
//   - Burn halves a physical move's BP, rounded half away from zero.
//   - The group's move list gives multi-hit moves damage dice instead of
//     the rule text's d20 multi-hit table, and the group's newer rules page
//     (tmd-pages/rules.md) says how they work; those rules apply to the
//     dice moves whatever the edition (the rule text has no dice moves;
//     MultiHit keeps its table). A multi-hit move (mainline 2-5 hits) rolls
//     its dice and one more for each 5 points in its offensive stat (only
//     one die when burned, or when lacking the AP with the move untrained);
//     the total replaces BP and the stat points. A double- or triple-hit
//     move (mainline 2 or 3 hits, as many dice) rolls a die a hit: a 1
//     misses, later hits add 1 (5 points) or 2 (10 points) a hit, each hit
//     is at most 10; burned, one die. Both are one attack: the level bonus,
//     stages, STAB, resistance and mitigation apply once; they never crit;
//     the target's evasion increases and the user's accuracy decreases take
//     a point of damage a stage instead of moving the hit line.
//   - A move the list says hits N times with a BP (Twin Beam) deals N times
//     its BP with the user's modifiers once and mitigation each hit, on one
//     accuracy roll.
//   - Edition: the rule text is the default; the group's rules page differs
//     in the STAB & resistance table (½ and 2x one point smaller), in
//     room-hitters (level bonus and stages, not stat points) and in the
//     missing-AP penalty (gone once the move is trained at all). Damage
//     takes Attacker.Rules; the command takes --rules pages.
//   - The multi-target penalty applies to multi-target moves (up to 3
//     opponents) and room-hitters (every opponent present) alike: -3 for each
//     opponent after the first; Explosion, Self-Destruct and Misty Explosion
//     are exempt.
//   - AP from Speed, with Speed training, is at most 8 (the text's maximum
//     for a Speed-invested character).
//
// Character sheets (sheet.go):
//
//   - A sheet writes stat points as the group does: the species bonus point
//     sits in its stat's column. The points a sheet may hold are the level
//     table's (the free point included) plus 1 for the species bonus, plus
//     any a GM grants (gmPoints). The cap of 10 counts allocated points, the
//     species bonus point aside.
//   - Stat training tiers add to the stat's combat effect (+1 a tier, so a
//     capped stat reaches 13 at tier III); Speed training adds 1 AP only at
//     tier III; HP cannot be trained; only one stat trains at a time.
//   - The rule text's level-25 Raboot spends 9 points (2+2+2+3) while saying
//     it has 6 (+1) = 7: its derived numbers reproduce exactly, and its sheet
//     says 2 points are too many unless a GM grants them.
//   - Sparks's sheet writes Electro Ball at 7 AP, Iron Tail at 6 AP and
//     1350 experience to the next level; the group's move list (6 and 8
//     AP) and level table (1400 at level 56) win, so his sheet shows those.
//   - Sparks's training log counts sessions the rule text's tables do not
//     (a move trained in 5 sessions, a tier II battle attribute in 6), so a
//     sheet checks only that sessions done are within the sessions needed.
//   - Rememberance, granted by an origin, raises max IP from 10 to 12.
//   - The IQ skill vendor's discounted roll (the rule text; the group's
//     newer page strikes it out) is one die over the tier's numbered
//     skills, 1 to the highest number (d27, d33, d12), at 20, 70 or 140 IQ.
//     A character may buy any number of them, so its rolls in a campaign
//     are numbered in order, tiers together; each is made from its own
//     seed, kept under the number before the roll, and its face follows
//     from the seed, the number, the tier and the character's name.
//     Whether the character had the IQ is the GM's business.
//   - A move on a sheet must be one the species, or a species it evolved
//     from, can learn by any means (level, TM, egg, tutor) in any
//     generation (data/learnsets.json, from @pkmn/dex); with Amneplasticity
//     the species it may evolve into count too. Level requirements and the
//     cost of each way of learning are the GM's business.
//   - Paralysis takes 2 from max AP, and the calculator's missing-AP penalty
//     sees the lower AP.
//
// The campaign table (game.go and the battle files):
//
//   - A table may seat two GMs, a lead and a co-GM (the rule text speaks
//     of "the GM" and never forbids a second): the seats marked GM, the
//     first marked the lead, or the first seat if none is. Two is the
//     most: a table seats 3 to 6, the GMs and a team of 2 to 4. The co-GM
//     is the GM in every rule: it acts for foes and NPCs, adds foes,
//     hides and reveals them, adjusts and overrides with a reason, writes
//     notes, ends the battle and the session, and sees all the lead sees
//     (hidden foes' stats, the notes of both, the private changes); the
//     players see of the co-GM's doings what they see of the lead's. A
//     foe's seat is the lead's, but either GM acts for it; at a shared
//     terminal the lead is asked.
//   - A table is a session; the sheets carry the campaign from one to the
//     next (a player's page gives its sheet as the table keeps it). The
//     team's badge rank and rank points are written on every sheet
//     (rankPoints); a sheet brought with a higher rank, or more points at
//     the same rank, than the team's brings the team and its other sheets
//     up to it, in the log; any other sheet takes the team's. A rank's
//     rewards come only with a promotion at the table.
//   - A turn's actions cost at most its max AP (fixed when the side's turn
//     starts). A move costing more than that may be used, trained or not, as
//     the turn's only action, for all the AP; untrained it keeps the
//     missing-AP penalty. A character with no AP left has ended its turn.
//   - Focus: a move aimed at opponents, an item used on a foe and a status
//     move laying a hazard are offensive; moves on the user or allies,
//     weather and terrain moves, guard, brace, break, dodge, hazard clearing
//     and items on allies are defensive.
//   - The texts give no AP for some non-move actions: Guard and Break take
//     the whole turn (Guard until the guard's next turn); Brace costs 2 AP
//     and lasts until the bracer's next turn; Dodge moves the hit line of
//     attacks on the dodger up a face per AP until its next turn; Hazard
//     Clear costs 2 AP and clears every hazard on the clearer's side on a
//     d20 of 11 or more. A GM overrides any of it with an adjustment.
//   - Conditions said to last turns count the afflicted's side's turns;
//     those said to last rounds also count its own turns (a flinch from the
//     foes' turn covers the afflicted's next turn); one that comes in its
//     own side's turn (a move on the user or an ally, or the GM) starts
//     counting with the next one, so that a round of it still covers the
//     opponents' turn (a Destiny Bond's bound, a screen's three turns). Damage over time, and
//     the healing of Ingrain, Aqua Ring and Grassy Terrain, come at the end
//     of the round; the sandstorm too (the text: "every turn"). Speed
//     increases fall back one at the end of each round.
//   - Sleep: no AP on the first turn asleep; a quarter of max AP (rounded
//     up) comes back at the end of each turn, and the sleeper wakes with all
//     of it. On the group's page an attacking move that hits the sleeper
//     (not its substitute) wakes it too. Freeze: no action on the two
//     turns after it, 2 AP less on the third, then thawed; while frozen, 3
//     more mitigation. Flinch costs 12 faces (60%), fog 3 (15%).
//   - Terrain lasts five turns, each side's turn counting one. Weather
//     lasts until replaced or cleared. Weather Ball takes the weather's
//     type (fog keeps it Normal, ominous makes it typeless) and 5 more BP;
//     rain, sandstorm, snow and fog take 6 off Solar Beam's and Solar
//     Blade's damage, after the hit is worked out; Moonlight, Synthesis and
//     Morning Sun heal 2 more in harsh sunlight and 2 less in rain,
//     sandstorm, snow and fog, Shore Up 2 more in a sandstorm. Rain defuses
//     the floor: Explosion, Self-Destruct, Misty Explosion and Mind Blown
//     are refused, and neither blast traps nor powder go off. Misty Terrain keeps major conditions
//     away; minor ones still land.
//   - Hazards spring when a character on their side first takes the
//     offensive in a turn: one d20 a hazard. Pointed Stones and Steel
//     Spikes deal their listed damage, none to a type immune to theirs.
//   - Traps are hidden by the GM (a private adjustment: the players are not
//     told) and spring on the first accuracy roll at or under their
//     threshold (5 unless the GM says), on the roller, once the attack has
//     resolved; then they are used up. A successful Hazard Clear also finds
//     and disarms every hidden trap. Spiked and Apple Traps deal 6; the
//     traps of a condition or a stage change apply it; Wonder and Cleanse
//     Tiles reset stages and clear conditions; the Shutter Trap disables
//     the move just used. A Blast Trap's explosion is a Blast Seed's (10
//     true damage, the group's item list) on 2 standing combatants of
//     either side, the activator among them, picked one by one with a die;
//     a Mega-Blast Trap's on 5 (everyone, if fewer stand). The Grimy Trap
//     feeds the activator Grimy Food: a d20 gives paralysis (1-5),
//     confusion (6-10), burn (11-15) or poison (16-20). The Apple Trap's Big
//     Apple goes into the activator's bag. The Trip Trap knocks off the
//     activator's worn item and the item in its hand: they lie on the floor,
//     out of play, until the battle ends, when it picks them up. The Shiny
//     Tile's nice item is one of six the table runs, picked with a d6: Oran
//     Berry, Sitrus Berry, Lum Berry, Heal Seed, Tiny Reviver Seed, Reviver
//     Seed. A gift goes into the bag if a slot is free; with a full bag, or
//     to a foe (foes carry no bags), it lies on the floor for the GM.
//   - A confused attack going astray lands on the next standing ally after
//     the user in the battle's order ("the closest ally").
//   - Foes from the data: the level table's HP and points (its free point
//     and a species bonus point included), spread one at a time over
//     Attack, Defense, Special Attack, Special Defense, Speed and HP, the
//     species bonus stat first, 10 at most in a stat; the moves the GM
//     lists that the species can learn, and the Basic Attack. Foes carry no
//     bags. A hidden foe shows the players its name, species, types,
//     conditions and stages, not its numbers or moves; its damage taken,
//     its HP and its accuracy table are told to the GM only (the players
//     read the die and whether it hit). The odds a player sees for a hidden
//     foe are before its defence, at 4 AP.
//   - NPCs on the team's side (AddFoe with Ally) are built the same way
//     and played by the GM on the allies' turn, their stats in the open;
//     like foes they carry no bags, and they are not members of the team
//     (no sheet, no awards). The battle goes on while any of them stands.
//   - A damaging move's secondary effect does not reach a target immune to
//     its type (Thunder Shock never paralyzes a Ground type).
//   - Disabled and Encore hold the move the afflicted used last when they
//     came (none yet: they cannot be given); Insomnia on anyone standing
//     keeps everyone in the battle from falling asleep.
//   - Seeded (Leech Seed): the battle has no map, so the seeded ground is
//     the afflicted's place; it loses 2 HP at the end of each round until
//     it moves, which at the table is a Dodge. The text names no one the
//     HP goes to, so nobody heals from it.
//   - Substitute: the user (only) puts a quarter of its max HP, rounded
//     down and at least 1, into a substitute; it cannot with that much HP
//     or less, nor while it has one. The substitute takes the damage of
//     opponents' moves (the rest of a hit that breaks it is lost) and stops
//     their status moves and secondary effects. Sound moves (a mainline
//     list in field.go) and the moves the group's list says ignore
//     substitutes pass it; allies' moves and damage over time are not its
//     business. A hidden foe's substitute HP is told to the GM only.
//   - Infatuated (Attract, or the GM naming the one loved): the afflicted
//     cannot name that fighter as a target, and its room-hitters pass it
//     by; 4 rounds. Sheets carry no gender, so Attract lands whatever the
//     genders; the GM removes it where they are the same.
//   - Screens (Reflect: physical, Light Screen: special) cover the user and
//     up to 3 allies (named, or else the first standing ones in the
//     battle's order) for 3 of their turns; a hit on a covered fighter loses
//     the Recoil & Screens table's amount for its damage, crit or not (the
//     text makes no exception). Brick Break, Psychic Fangs and Raging Bull
//     ignore screens and take them down on the target's whole side. Aurora
//     Veil is both screens at once, for the user and up to 2 allies, and
//     can be used only in snow.
//   - Silenced (Throat Chop, on every hit that lands): 3 rounds without
//     sound moves (field.go's list); that it cannot speak is role-play.
//     Sappy Seed's hit seeds the target the same way.
//   - Bound (Destiny Bond, or the GM): for a round, the damage a move
//     deals to one bound fighter is dealt to every other bound one too, the
//     blow that knocks it out included, and told in the open (so a hidden
//     foe's loss shows in its partner's). Destiny Bond, by the group's
//     list, binds its user and an opponent on an accuracy roll of 11 or
//     more; used again in a row (its user's last move was Destiny Bond) it
//     lands on half as many faces, rounded down: 16-20, 19-20, then 20.
//   - Pain Split (the group's list and condition, not the mainline HP
//     share): used on its user, it stores every HP its user loses, from
//     anything, for the round it is used in and the next three; in the
//     last of them (its user's 4th round) Pain Split may be used again, on
//     an opponent, to deal the stored damage as it is (no stat, type or
//     defence; a substitute takes it). Not used then, the damage is lost;
//     before then the move is refused. A hidden foe's stored damage is
//     the GM's.
//   - Leg hold (Fairy Lock, on every opponent present): for a round the
//     afflicted may aim moves only at itself or at what its last move aimed
//     at (nothing yet: itself only).
//   - Invisible: opponents cannot name it as a target and their
//     room-hitters pass it by; allies still may (they know where it is). It
//     shows itself when it uses a move or an item or guards an ally.
//   - Sky high: every face misses it, but for moves used by another
//     sky-high fighter and the text's list (Gust, Thunder, Twister, Sky
//     Uppercut, Hurricane, Smack Down, Thousand Arrows); it lasts until the
//     charged move that took it up strikes (Fly, Bounce, Sky Drop), or
//     until the GM ends it.
//   - Raised (5 rounds): Ground moves meet it as if it were Flying too (no
//     damage, no effect); grounded (5 rounds): Ground moves meet it without
//     its Flying type. Hazards and terrain touch only fighters on the
//     ground: neither a raised nor a sky-high one (it is in the air) meets
//     hazards, heals on Grassy Terrain, is kept from sleep or major
//     conditions by Electric or Misty Terrain, or has its own moves' STAB
//     or priority changed by a terrain. Grounded wins over raised and sky
//     high. A Flying type is on the ground for hazards and terrain (the
//     text gives it no exemption).
//   - Exposed (Normal and Ghost moves) and miracle eye (Psychic moves): a
//     type that would make the afflicted immune to such a move does not
//     count (an exposed Ghost/Poison meets Tackle as a Poison type); the
//     other types keep their match-up.
//   - A room-hitter that hurts allies (the mainline data's "hits allies":
//     Earthquake, Boomburst, Sparkling Aria, Corrosive Gas, Teeter Dance)
//     also strikes every standing ally of the user, each on its own roll;
//     allies add nothing to the multi-target penalty. Multi-target moves
//     that hurt allies (Explosion's chosen allies) are still the GM's.
//   - Grassy Terrain halves the damage of Bulldoze, Earthquake and
//     Magnitude, rounded down, once the damage is worked out and before a
//     screen takes its part.
//   - Pursued (the GM names the pursuer): the afflicted's moves deal 4
//     more to any opponent but the pursuer, added to the final damage
//     unless the target is immune.
//   - Heal block stops the healing of moves and of what moves leave
//     behind (Ingrain, Aqua Ring, a wish, Grassy Terrain, an absorbing
//     ability taking a move), as the text says ("Moves or effects caused
//     by Moves"); items and IQ skills (Second Wind, Field Medic) heal
//     through it.
//   - Grudge: a move that knocks out a fighter bearing a grudge is
//     disabled for its user (3 rounds, as Disabled).
//   - Blinker (3 rounds): a single-target move of the afflicted lands on
//     a fighter picked with a die among every other standing one, allies
//     included, in the battle's order, whatever target was named.
//   - Powdered (6 rounds): the text has the afflicted explode when a Fire
//     move hits it (not, as in the mainline games, when it uses one); the
//     explosion is a Blast Seed's, 10 true damage to it after the hit, and
//     the powder is spent. A Fire move it is immune to does not light it.
//   - Neutralized (6 rounds) switches off the abilities the table runs
//     (the GM's own are the GM's to hold back). Immobile (until cured) is
//     kept and counted by the table, but fleeing is the GM's call.
//   - Wishing (1 round): when it runs out a wish forms on the wisher's
//     side; any fighter of that side may use one in its turn (UseWish), for
//     no AP and no focus, to heal 4 HP (heal block applies). Wishes last
//     the battle; Snatch is the GM's.
//   - Rapid Spin and Mortal Spin, on a hit: the user is no longer stuck
//     (constricted, trapped), wrapped, bound or seeded, and the hazards on
//     its own side are gone (the mainline reading of "field hazards are
//     nullified").
//   - Conditions from the group's move list (field.go): the trapping
//     moves (Clamp, Fire Spin, Infestation, Jaw Lock, Sand Tomb, Snap Trap,
//     Thunder Cage, Magma Storm, Whirlpool) make their target stuck (stuck,
//     constricted and trapped are one condition in the text); Whirlpool,
//     which the list says traps its user, traps its target like the others
//     (a copying slip). Wrap wraps its target, and its user, holding on,
//     cannot act while it lasts. Salt Cure salts, Pursuit has its user
//     pursue the target, Psychic Noise blocks healing, Anchor Shot and
//     Spirit Shackle make immobile, Ceaseless Edge and Stone Axe splinter
//     (the group's page: burn damage over time for 3 rounds; the table
//     runs it in both editions). Hyper Beam and the other moves the list
//     has recharge leave their user recharging once used, hit or miss (the
//     list names no exception); Uproar gives its user insomnia. Fire Spin,
//     Scald and Scorching Sands thaw a frozen target they hit; "thaws the
//     user" is the GM's.
//   - Unremitted (Future Sight, Doom Desire): the hit's damage is worked
//     out when it lands (the user's stats, the target's defence, then) and
//     held back; it strikes when the condition ends, 2 rounds later (the
//     end of the target's second turn after). A second one on a target
//     already unremitted is lost. A hidden foe's held damage is the GM's.
//   - Curse: a Ghost type loses half its max HP (rounded down) and curses
//     its target; any other type raises its own Attack and Defense by 1
//     and lowers its Speed by 1, on itself. Cursed ends when the afflicted
//     knocks out an opponent; an embargo ends when its user faints.
//   - Countering, mirroring, metal burst (Counter, Mirror Coat, Metal
//     Burst; the group's page and list, run in both editions): the move
//     readies its user (no target, no damage, not a status move); the
//     first physical (countering), special (mirroring) or any (metal
//     burst) hit an opponent lands on it stores that damage, +3 (+0 for
//     metal burst); the user's next attack that lands adds the stored
//     damage as it is, after its own is worked out. A hit on a substitute
//     stores nothing.
//   - Commanding: its text does not say how an attacking commander's move
//     could set a property when it cannot attack, so the table runs only
//     that the commanding fighter cannot use attacking moves; commanded
//     and the commander's bonuses are the GM's (conditions, stage and HP
//     overrides). Commander is not in the data (it is a mainline ability).
//   - Protect moves (Protect, Detect, King's Shield, Obstruct, Spiky
//     Shield, Baneful Bunker, Burning Bulwark): a d20 of 11 or more, fewer
//     faces for the same move in a row as Destiny Bond, protects the user
//     until its side's next turn: every other fighter's move aimed at it
//     fails, allies' too ("immune to all moves"), but for those the
//     group's list says ignore protection; Feint, Phantom Force and Shadow
//     Force also take it down. A physical attack on it poisons (Baneful
//     Bunker) or burns (Burning Bulwark) the attacker, lowers its Defense
//     2 stages (Obstruct) or deals it 3 (Spiky Shield's "recoil": the
//     table's row for a blocked hit, which dealt none).
//   - Quick Guard, Wide Guard and Crafty Shield cover the user and all
//     its standing allies for a round: the opponents' priority moves (not
//     under Psychic Terrain, which takes priority away), multi-target
//     moves and room-hitters, or status moves fail on them. Endure: for a
//     round, an attacking move leaves the user at 1 HP at least (not damage
//     over time or other effects).
//   - Moves the group's list has hit "1 round after" (Fly, Bounce, Sky
//     Drop, Dig, Dive, Phantom Force, Shadow Force, Solar Beam, Solar
//     Blade, Electro Shot, Focus Punch, Freeze Shock, Ice Burn, Meteor
//     Beam, Razor Wind, Skull Bash, Sky Attack, Shell Trap) cost their AP
//     when used and strike their targets, with a fresh accuracy roll, when
//     the user's side's next turn starts (its AP that turn is its own). Fly
//     and Bounce keep the user sky high meanwhile, Sky Drop its target too
//     (dropped by the strike); Dig, Dive, Phantom Force and Shadow Force
//     keep it out of sight (invisible). A user that cannot act then loses
//     the move; Focus Punch fails if a move hurt the user meanwhile, Shell
//     Trap goes off only if a physical one did. The solar moves strike at
//     once in harsh sunlight, Electro Shot in rain. Geomancy ("does
//     nothing on round 1") raises the user's Special Attack, Special
//     Defense and Speed by 1 when the next round starts, like the stage
//     moves of "the next round" below. The Grudge move is the GM's (its
//     text gives the grudge to the opponent, whose condition disables the
//     move that knocks out the one bearing it).
//   - The stage moves of the group's list whose effect is only stage
//     changes run (Shell Smash, Cotton Guard, Tickle, Quiver Dance and the
//     like: field.go); Work Up raises Attack and Special Attack, as in the
//     mainline games (the list's "Special Defense" reads as a slip).
//     A stage change the list puts off to "the next round" (Agility, Rock
//     Polish, Autotomize, Shift Gear, String Shot, Cotton Spore, Scary
//     Face, Toxic Thread's slow) comes when the next round starts, after
//     speed increases have stepped back, and meets the target's abilities
//     then. Growth raises by 2 in harsh sunlight; Memento knocks its user
//     out; Clangorous Soul costs a third of max HP (rounded down); No
//     Retreat's "cannot back down" is the GM's. Acupressure raises the
//     stat a d6 picks (Attack, Defense, Special Attack, Special Defense,
//     Speed, evasion) by 2. Dragon Cheer gives +1 crit stage to the user
//     (+2 to a Dragon-type user) and to one more ally it names for 2 AP.
//     Stockpile (the user only) adds a stockpile and +1 Defense and
//     Special Defense, and fails with 3 held; Swallow heals 4 a stockpile
//     (a move's healing: heal block stops it), Spit Up strikes with 8 BP a
//     stockpile, and both then take the stockpiles away with the increases
//     they gave (what is left of them); Spit Up without a stockpile is
//     refused, Swallow fails. Tar Shot, Flower Shield, Gear Up, Rototiller
//     and other moves with a condition the table does not track are the
//     GM's.
//     Growl, Leer, Tail Whip, Sweet Scent, Venom Drench, Heal Block and
//     Howl (and Mist, Dragon Cheer) may name more targets, 2 AP each after the first (a move taking
//     the whole turn cannot); Venom Drench fails on a target that is not
//     poisoned.
//   - More status moves of the group's list run (statusmoves.go): Haze
//     resets every fighter's stages; Topsy Turvy turns the target's
//     around; Psych Up copies them to the user; Heart Swap, Power Swap
//     (Attack, Special Attack) and Guard Swap (Defense, Special Defense)
//     exchange them; Belly Drum sets Attack to +6 for half max HP (refused
//     with that much or less); Soak makes the target a pure Water type;
//     Rest heals to full and the user cannot act for 2 rounds; Heal Bell
//     and Aromatherapy cure the user's major condition (allies for 2 AP
//     each), Refresh its poison, burn or paralysis; Laser Focus makes the
//     user's next move's hits critical (not a dice move's, which never
//     crit); Lock-On makes its next move sure to hit the target, Mind
//     Reader every move through its next turn; Taunt adds 2 AP to the
//     target's status moves for 2 rounds; Swagger and Flatter confuse and
//     raise Attack or Special Attack by 2; Miracle Eye and Odor Sleuth
//     give miracle eye and exposed, which both ignore evasion increases.
//     Exposed lets Normal, Fighting and Ghost moves reach a type immune to
//     them (the text names Normal and Ghost; Odor Sleuth names Fighting).
//     Speed Swap ("Speed Stat") is the GM's. The healing moves the list
//     aims at an ally heal that ally, not the user: Heal Pulse (4),
//     Floral Healing (4, 6 on Grassy Terrain), Life Dew (2) and Jungle
//     Healing (2 and a cure; both reach more allies for 2 AP each), Purify
//     (cures an ally; the user heals 4 if it did), Lunar Dance and Healing
//     Wish (the user faints to heal an ally, which it must name, to full;
//     Lunar Dance adds +1 Speed when the next round starts, Healing Wish a
//     cure). A move on the user or its allies reaches one fighter, but for
//     screens, guards and the moves above that may reach more.
//   - Telekinesis raises its target, and while that lasts moves never miss
//     it. Gravity (an offensive action: it grounds the opponents) grounds
//     every fighter, brings the sky-high down and keeps anyone from going
//     up, and for 5 rounds (ending with the round's end) turns the 5
//     highest missing faces of every move into hits (paralysis and
//     confusion's 1-6 aside); the GM sets its rounds with an override.
//   - Safeguard: for a round (it covers the opponents' next turn) every
//     status move of the user's opponents costs 2 AP more while the user
//     stands (a move on the user or an ally: defensive). Spite: the
//     target's last-used move costs 2 AP more until it uses that move
//     again (none yet: nothing to hold). Mist: the user, and any allies
//     it names for 2 AP each, cannot have their stages lowered by
//     opponents (allies may); the text gives no length, so 5 rounds, as
//     in the mainline games. Trick Room (offensive, as the text says):
//     while its user stands, every fighter's speed stage counts inverted
//     for its AP and for the faces slowness exposes (-2 as +2); the stages
//     themselves are kept, and a second Trick Room passes the room to its
//     user. Still the GM's, where the list leaves a number or a reading
//     open: Tailwind ("shares their Max AP": how much?), Baton Pass (are
//     the receiver's own stages and conditions kept?), Speed Swap (points
//     or AP?) and Tar Shot ("resistance decreased by 1" is no step of the
//     STAB and resistance table).
//   - Mat Block rolls once, as a protect move does (11 or more, half the
//     faces each use in a row); landed, the user or the allies it names
//     (2 AP each after the first) have 4 more Defense for a round, counted
//     as mitigation against physical hits like a brace.
//   - Thrash leaves its user thrashing for 3 rounds (used again, the count
//     starts over); a move other than Thrash used meanwhile ends it and is
//     disabled (Disabled holds the move used last: that one), 3 rounds.
//   - Lengths the editions give differently: on the group's page Encore
//     lasts 2 rounds, Aqua Ring 3 and Heal Block 3; by the rule text 3, 6
//     (its "for 2 rounds ... lasts 6 rounds" is read as 6) and 5.
//   - Status moves the table runs are those in field.go (statusEffects);
//     others land and the GM applies their effect.
//   - Items the table runs (items.go) are those the group's item list
//     gives a precise effect: Reviver Seed (full HP) and Tiny Reviver Seed
//     (half); the healing ones by their HP (Oran Berry 10, Sitrus Berry 20
//     as the list says, Razz Berry 50, Vitality Seed 100, Oran Leaf 3,
//     Sitrus Leaf 5); the curing berries, Lum Berry and Heal Seed (the
//     major conditions and confusion), Chesto Berry also leaving the eater
//     sleepless for the battle ("prevents further sleep attempts"); the
//     seeds, wands and orbs that give one condition to their target (Sleep,
//     Stun, Totter, Frigid, Spicy, Acidic, Dusty, Malady, Abstain, Blinker
//     and Ban Seeds; Confuse, Petrify and Slumber Wands; Embargo, Nullify,
//     Invisify and Cheering Orbs); Foe-hold and Foe-Silence Orbs on every
//     standing opponent; Health Orb (healthy, and lowered stages back to
//     0, on the user's side); All-Strike Orb (+2 crit stages on the user's
//     side); the true damage of Blast Seed and Blast Wand (10), Dense Rock
//     (2), Wooden Stick (3), Marble Stone (4) and Iron Thorn (6), which
//     roll no die (the list gives thrown items no accuracy; Dodge Scarf and
//     Lock-on Specs are worn items, the GM's); Power, Bulwark, Defect and
//     Vile Seeds (2 stages) and Renewal Herb (stages reset); the weather
//     orbs (Clear, Sunny, Rainy, Sandy, Snowy, Fog, Ominous), the terrain
//     orbs (Galvanic, Grassy, Misty, Sparkling: five turns; Bulldoze clears
//     it), Trapbust Orb (every hazard of both sides and every hidden trap)
//     and Grimy Food (the Grimy Trap's d20). Used on an opponent, an item
//     is offensive; opponents cannot aim one at the invisible. A berry
//     costs 2 AP wherever the list files it (Lum Berry).
//   - Items used up with their effect left to the GM: those with a
//     duration or a number the table does not track (Quick, Encourage and
//     Eye-drop Seeds; All-Mach, All-Dodge, Evasion and All-Protect Orbs;
//     Slow Wand), those that change a sheet or the dungeon (Joy, Doom and
//     Heart Seeds, gummis, Rainbow Gummi, training items, apples, Warp
//     Seed, Escape, Bridge, Mug, Trawl and Weather-Lock Orbs), All-Revive
//     Orb (the list gives no HP), Decoy Seed (infatuated with whom?),
//     Vibrant Herb, Star Fuel, Enigma Berry, gems, Z-crystals, held and
//     worn items, and items not on the group's list (Leppa Berry has no
//     effect there; the list has no PP or AP restoring item). The GM
//     applies them with SetCondition, Override (hp, ap, a stage) or the
//     field actions, each logged with a reason.
//   - Abilities the table runs (abilities.go), by the group's ability
//     page: the wards (Immunity: poison and bad poison; Insomnia and Vital
//     Spirit: sleep and yawning; Limber, Magma Armor, Own Tempo, Oblivious:
//     infatuation; Inner Focus: flinch; Thermal Exchange and Water Bubble:
//     burn; Leaf Guard: major conditions in harsh sunlight), the veils
//     (Water Veil: burn, Sweet Veil: sleep) on the bearer and the first
//     three other standing allies in the battle's order; the absorbers,
//     which take an opponent's move of their type before its roll (no die,
//     no damage, no effect): Volt and Water Absorb and Earth Eater heal 2,
//     Motor Drive +1 Speed, Sap Sipper +1 Attack, Well-Baked Body +2
//     Defense stages, Flash Fire +5 to the bearer's Fire moves for the
//     battle; Soundproof (field.go's sound moves) and Bulletproof (the
//     page's list) likewise; Blaze, Overgrow, Torrent and Swarm (+5 below
//     a third of max HP, a third exactly not below), Technician (+3 to a
//     move of 6 BP or less), Sand Force (+3 to Rock, Ground and Steel in a
//     sandstorm), Water Bubble (+3 to Water), Dark and Fairy Aura (+3 to
//     everyone's Dark or Fairy moves while the bearer stands); Thick Fat
//     (Fire, Ice) and Water Bubble (Fire) take 3 off as mitigation, so a
//     crit passes them; on entering a battle (its start, or when the GM
//     adds a foe to one under way): Huge Power and Pure Power (+3 Attack,
//     -3 Special Attack points, not under 0), Levitate (raised for the
//     battle), Intrepid Sword (+1 Attack), Dauntless Shield (+1 Defense),
//     Hadron Engine (+1 Special Attack), Orichalcum Pulse (+1 Attack),
//     Sand Stream (a sandstorm), Intimidate (-1 Attack stage to each
//     standing opponent, but Inner Focus, Own Tempo, Oblivious and Scrappy,
//     and +1 to Guard Dog); against an opponent's stage decreases (moves'
//     effects, status moves, items, Intimidate): Clear Body, White Smoke
//     and Full Metal Body keep every stage up, Hyper Cutter Attack, Big
//     Pecks Defense, Keen Eye and Mind's Eye accuracy, and Defiant and
//     Competitive answer each drop with +2 Attack or Special Attack; Keen
//     Eye and Mind's Eye also ignore targets' evasion increases; Sturdy (at
//     full HP a move's blow that would knock it out leaves 1 HP); Rock Head
//     (no recoil); the sand abilities and Overcoat (no sandstorm damage)
//     and Overcoat (no AP lost to snow); the summoners (Drizzle, Drought, Snow Warning, the four
//     Surges, Hadron Engine: electric terrain; Orichalcum Pulse: harsh
//     sunlight, the mainline reading where the page says electric terrain,
//     a copying slip) once a battle as a bonus action (UseAbility: no AP,
//     no focus). "Increased by N" with no "Stat Points" is read as N
//     stages. Guts: while its bearer has a major condition, its physical
//     moves count 3 more Attack stages (up to +6) and a burn does not
//     weaken them. Magic Guard: no damage from indirect attacks, read as
//     damage over time at the end of the round, recoil, the damaging
//     hazards, a powder's explosion and perishing (a move's or an item's
//     blow is direct). Shield Dust: the secondary effects of opponents'
//     damaging moves (their chance effects and the conditions the list
//     gives on a hit) do not touch it; the user's own boosts still come.
//     Dry Skin: in rain it takes opponents' Water moves like an absorber
//     (healing 5) and heals 2 at the end of each round (its own healing,
//     not a move's: heal block does not stop it); in harsh sunlight it
//     loses 2 then. What "the opposite" makes of Fire moves in the sun is
//     the GM's.
//     A neutralized fighter's ability does nothing; Mold Breaker's
//     moves pass the target's absorbing and mitigating abilities. A foe has
//     its species' first ability unless the GM names another it may have;
//     a hidden foe's ability is not shown, but what it does is told. A
//     player's odds against a target whose known ability takes the move
//     show it landing never (a hidden foe's ability is not counted).
//   - Every other ability is the GM's: those keyed to moments, choices or
//     numbers the table does not track (Wonder Guard: "once per battle"
//     read how?; Dry Skin's Fire moves in the sun; Comatose,
//     Mirror Armor, form changes, copying abilities, and the like). The GM applies them with Override (hp, maxhp, ap, stat points
//     spe included, stage-atk and the like), SetCondition, SetWeather and
//     SetTerrain, each logged with a reason; switches off one the table
//     runs by neutralizing its bearer; and gives a fighter another ability
//     with SetAbility (Skill Swap, Trace: a hidden foe's is the GM's
//     secret), which the table then runs if it runs that one.
//   - IQ skills the table runs: Aggressor and Defender (±1 stat points on
//     entering a battle), Cold-Blooded (no burn) and Hot-Headed (no freeze;
//     their wider ranges are the GM's), Wise Healer (+2 to the user's
//     healing items), Power Pitcher (+3 to Dense Rock, Wooden Stick, Marble
//     Stone and Iron Thorn), Second Wind (a Break heals 3) and Field Medic
//     (a Guard heals the guarded 2). The others are the GM's, applied the
//     same way.
//   - What stays the GM's call, with the GM's tools for it: conditions
//     whose effect lies outside the battle's numbers (immobile's fleeing,
//     neutralized for the abilities the GM runs, commanded and the
//     commander's bonuses, raised and grounded's obstacles, Baton Pass,
//     Snatch), status moves whose effect the table does not run (they
//     land, and the log gives the GM the move's text), and the moves with
//     "2 AP for each more" the list gives other than those above. The GM
//     applies or removes any condition (SetCondition), sets any number or
//     stage and the rounds of gravity (Override), the weather, the terrain,
//     hazards and traps, and ends a side's turn; each is a logged action
//     with a reason.
//   - Allies may use items from a member's bag once that member lends it
//     (a standing permission, given or withdrawn at any time, fainted or
//     not).
//   - After a battle everyone still fainted comes to at a third of max HP,
//     rounded down, at least 1; conditions and stages end with the battle.
//   - Awakening (an Empowerment Seed, or the GM): its kind is the
//     awakened's highest stat points, HP aside, a tie going offensive, then
//     defensive, then speed. Offensive: +10 to its offensive stats, its
//     moves cannot miss and its targets' mitigation counts 0. Defensive:
//     +10 mitigation, +20 max HP and HP (gone after the battle), and
//     opponents' status moves and secondary effects do not touch it.
//     Speed: +4 AP (at once, if awakened in its own turn), the first move
//     of each turn costs no AP, and accuracy faces under 10 miss. It lasts
//     the battle.
//   - Berserk: the awakened's turns are counted from the one it awakened
//     in; from its third turn, faces 1 to 3 fail, 2 more each turn, at most
//     1 to 13; a failed face attacks one of its standing allies, picked
//     with a die. A Break starts the count again.
//   - Levels: the level table's "exp" is the experience from a level to the
//     next; levelling up spends it. New stat points are placed by the
//     player (PlacePoint) outside battle; HP follows the base HP. Rank
//     rewards go to the team's stash for the GM to hand out; every sheet
//     moves to the new rank.
//   - Level-up moves: a species' moves by level are those of the newest
//     generation whose data gives it level-up moves (@pkmn/dex's "9L15":
//     generation 9, level 15; data/levelups.json), so one consistent list
//     (Pikachu learns Double Team at 8, as in generations 8 and 9, not at
//     15 to 23 as before). A form with no learnset of its own uses its base
//     species'. Each level gained offers the moves the species learns at
//     exactly that level, unless known or offered already (the sheet's
//     Learnable); the species' own list only, not its line's. Outside
//     battle the player learns each (LearnMove) into a free slot of the
//     four, or with four known in place of one, whose training is lost;
//     or passes on it (SkipMove). An offer stays on the sheet until then,
//     and through an evolution (a sheet's offers may come from a species
//     it evolved from).
//   - Evolving (Evolve, outside battle): the species list gives some
//     evolutions a level ("Evolves at Level 16"); at that level or above
//     the player evolves its character into one of the species'
//     evolutions. Where it gives none (a stone, a trade, friendship: "if
//     it requires an item to evolve, you are not guaranteed one"), the GM
//     evolves it, at any level, with a reason, as a logged action. The
//     sheet takes the new species and its types; it keeps its ability and
//     species bonus stat where the new species allows them, else takes
//     the ones named, else the new species' first (the bonus point moves
//     with it); stat points, level, moves and training stay. The moves the
//     new species learns on evolution (level 0 of its level-up list) are
//     offered like a level's (Learnable).
package tmd
