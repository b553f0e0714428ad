package pmr

import (
	"strconv"

	"tabletop/dice"
	"tabletop/engine"
)

// EventData is the structured detail of an event, for UIs. Event.Data holds a
// *EventData, except for the most common kinds, whose data is a smaller type
// that marshals exactly as an EventData with the same fields set would:
// *SealedData for "sealed", *MonsterData for "capture", "train", "breed" and
// "improve", *MatchData for "match" and *ContestData for "contest". Only the
// fields that apply to the event's kind are set. Like the event, it is
// valid until the state's next Apply (engine.State): never modify it.
//
// No event has a Text: its data writes the text when someone reads it
// (engine.Texter; Event.For and engine.Keep fill it in, and so every
// table's log has it), from the event's fields and some unexported ones, so
// that a simulation, which reads no text, writes none.
//
// Event kinds: "sealed" (a choice was sealed: private to its stable, others
// see "Ann has chosen"), "capture", "train", "breed", "tournament" (a
// tournament begins), "entries" (revealed entries, seeds and byes), "match"
// (two contestants and the terrain), "contest" (one comparison), "diceoff",
// "trophy", "improve", "age" (ageing and retirements) and "over".
type EventData struct {
	Turn     int         `json:"turn"`               // the turn the action was taken in
	Stable   engine.Seat `json:"stable"`             // the stable concerned, -1 for none
	Action   string      `json:"action,omitempty"`   // "sealed": the sealed choice
	Ability  Ability     `json:"ability,omitzero"`   // the ability that changed
	Terrain  Ability     `json:"terrain,omitzero"`   // "match": the ability the terrain doubles
	Change   int         `json:"change,omitzero"`    // by how much
	Trophies int         `json:"trophies,omitzero"`  // "trophy": the stable's trophies now
	Parents  [2]int      `json:"parents,omitzero"`   // "breed": the parents' numbers
	Result   string      `json:"result,omitempty"`   // "success", "failure", "offspring", "no offspring", "no change", the outcome
	Dice     []int       `json:"dice,omitempty"`     // every die rolled, in order: Fudge dice as -1, 0, +1; a die-roll tie-break as its face
	Monster  *Monster    `json:"monster,omitempty"`  // the monster as it is after the event
	Entrants []Entrant   `json:"entrants,omitempty"` // "entries": in seed order; "age": the retired monsters
	A        *Entrant    `json:"a,omitempty"`        // "match": the contestants; "trophy": the champion
	B        *Entrant    `json:"b,omitempty"`
	Contest  *Contest    `json:"contest,omitempty"` // "contest": the comparison

	// For the text (AppendText): which text, the table's names, a number
	// (the tournament's; the last turn's for "over"), the contestants of a
	// dice-off, and for "entries" the entries in seat order and the die
	// rolls that put equal sums in seed order.
	text     textKind
	cfg      *config
	n        int
	side     [2]Entrant
	entered  []entry
	seedDice []SeedRoll
	tied     []engine.Seat // "over": the stables tied for the most trophies
}

// entry is an entrant with its monster's abilities, for the entries' text.
type entry struct {
	x Entrant
	m Monster
}

// AppendText implements engine.Texter for the events whose data is an
// EventData.
func (d *EventData) AppendText(b []byte) []byte {
	t := txt(b)
	switch d.text {
	case textTournament, textNoEntries:
		t.str("Tournament ")
		t.int(d.n)
		if d.text == textNoEntries {
			t.str(": no stable has a monster to enter")
		} else {
			t.str(": each stable with a monster seals an entry")
		}
	case textEntries:
		return d.appendEntries(b)
	case textDiceOff:
		t.str("Dice-off: ")
		for i := 0; i+1 < len(d.Dice); i += 2 {
			a, b := d.Dice[i], d.Dice[i+1]
			t.face(a)
			t.str(" vs ")
			t.face(b)
			if a == b {
				t.str(" (tie), ")
				continue
			}
			w := 0
			if b > a {
				w = 1
			}
			t.str(": ")
			t.entrant(d.cfg, &d.side[w])
			t.str(" wins")
		}
	case textTrophy:
		t.entrant(d.cfg, d.A)
		t.str(" wins tournament ")
		t.int(d.n)
		t.str(": ")
		t.str(d.cfg.names[d.Stable])
		t.str(" has ")
		t.plural(d.Trophies, "trophy", "trophies")
	case textAge:
		t.str("Every monster ages a year")
		if len(d.Entrants) > 0 {
			t.str("; retiring at ")
			t.int(d.cfg.RetireAge + 1)
			t.entrants(d.cfg, ": ", d.Entrants)
		}
	case textOver:
		t.str("Game over after ")
		t.int(d.n)
		t.str(" turns: ")
		if len(d.Dice) > 0 {
			t.finalDiceOff(d.cfg, d.tied, d.Dice)
		}
		t.str(d.Result)
	}
	return t
}

// appendEntries writes an "entries" event's text. It is apart from
// AppendText because its seed dice name entrants through a function value,
// which puts the text's slice header on the heap: only this event's text
// pays for that.
func (d *EventData) appendEntries(b []byte) []byte {
	t := txt(b)
	t.str("Entries: ")
	for i := range d.entered {
		if i > 0 {
			t.str(", ")
		}
		x, m := &d.entered[i].x, &d.entered[i].m
		t.entrant(d.cfg, x)
		t.str(" (")
		t.int(m.Speed)
		t.str("/")
		t.int(m.Brawn)
		t.str("/")
		t.int(m.Mind)
		t.str(", sum ")
		t.int(x.Sum)
		t.str(")")
	}
	if len(d.seedDice) > 0 {
		t.str(". Equal sums seeded by dice: ")
		t.seedDice(d.seedDice, func(t *txt, x *Entrant) { t.entrant(d.cfg, x) })
	}
	t.str(". Seeds: ")
	for i := range d.Entrants {
		if i > 0 {
			t.str(", ")
		}
		t.int(i + 1)
		t.str(" ")
		t.entrant(d.cfg, &d.Entrants[i])
	}
	byes := 0 // the entrants with byes come first
	for byes < len(d.Entrants) && d.Entrants[byes].Bye {
		byes++
	}
	t.entrants(d.cfg, ". Byes: ", d.Entrants[:byes])
	return t
}

// SealedData is the data of a "sealed" event, the most common kind (every
// Apply has one): it marshals as an EventData with only these fields set
// would, at a fifth of the size.
type SealedData struct {
	Turn   int          `json:"turn"`   // the turn the choice was sealed in
	Stable engine.Seat  `json:"stable"` // the stable that sealed it
	Action SealedAction `json:"action"` // the sealed choice: "train M2 speed"

	cfg *config
}

// SealedAction is a sealed choice in an event's data. It marshals as its
// text form ("train M2 speed"), written only then.
type SealedAction struct{ engine.Action }

// MarshalText writes the action's text form.
func (a SealedAction) MarshalText() ([]byte, error) { return appendAction(nil, a.Action), nil }

// textAppender is implemented by this game's actions, and only by them
// (its method is unexported): they append their text form without an
// allocation of their own, and it holds only ASCII letters, digits,
// spaces, '-', '(' and ')' ("train M-1 ability(-3)"), which a JSON string
// holds as they are.
type textAppender interface{ appendText(b []byte) []byte }

// appendAction appends a's text form: this game's actions without an
// allocation of their own, any other through its String.
func appendAction(b []byte, a engine.Action) []byte {
	switch a := a.(type) {
	case textAppender:
		return a.appendText(b)
	case nil:
		return b
	}
	return append(b, a.String()...)
}

// AppendText implements engine.Texter: "Ann seals: train M2 speed".
func (d *SealedData) AppendText(b []byte) []byte {
	b = append(b, d.cfg.seals[d.Stable]...)
	return appendAction(b, d.Action.Action)
}

// MonsterData is the data of the events about one monster: "capture",
// "train", "breed" and "improve". Its fields are those of EventData, in the
// same order, so it marshals as an EventData with them set would.
type MonsterData struct {
	Turn    int         `json:"turn"`
	Stable  engine.Seat `json:"stable"`
	Ability Ability     `json:"ability,omitzero"`
	Change  int         `json:"change,omitzero"`
	Parents [2]int      `json:"parents,omitzero"`
	Result  string      `json:"result,omitempty"`
	Dice    []int       `json:"dice,omitempty"`
	Monster *Monster    `json:"monster,omitempty"`

	// For the text, written on demand (AppendText) unless the event has
	// its own: which text, the table's names and, for an improvement, the
	// entrant improved.
	text   textKind
	cfg    *config
	who    Entrant
	pa, pb Monster // "breed": the parents
}

// textKind says which text an event's data writes (engine.Texter).
type textKind uint8

const (
	textNone        textKind = iota // no text
	textCapture                     // "Ann captures M3 Pebblet: Speed [+] → 1, ..."
	textTrain                       // "Ann trains M1 Pebblet's Speed: 1dF [+] succeeds, 2 → 3"
	textTrainRandom                 // "Ann trains M1 Pebblet (random ability): 1dF [-] picks Mind, 0 → 1"
	textImprove                     // "Improvement for Ann's M1 Pebblet: 1dF [_] → -1, 1dF [+] picks Brawn: 2 → 1"
	textBreed                       // "Ann breeds M1 Pebblet and M2 Zorra: ages 6 and 5 average 6, 2dF [+] [_] → 7: no offspring"
	textTournament                  // "Tournament 1: each stable with a monster seals an entry"
	textNoEntries                   // "Tournament 1: no stable has a monster to enter"
	textEntries                     // "Entries: Ann's M1 Pebblet (1/0/0, sum 1), ... Byes: ..."
	textDiceOff                     // "Dice-off: [+] vs [+] (tie), [-] vs [_]: Bob's M2 Zorra wins"
	textTrophy                      // "Ann's M1 Pebblet wins tournament 1: Ann has 1 trophy"
	textAge                         // "Every monster ages a year; retiring at 11: Ann's M1 Pebblet"
	textOver                        // "Game over after 30 turns: Ann wins with 4 trophies"
)

// AppendText implements engine.Texter for the events about one monster.
func (d *MonsterData) AppendText(b []byte) []byte {
	t := txt(b)
	switch d.text {
	case textBreed:
		d.appendBreed(&t)
	case textCapture:
		m := d.Monster
		t.str(d.cfg.names[d.Stable])
		t.str(" captures ")
		t.monster(m)
		for i, x := range [4]struct {
			name string
			v    int
		}{{": Speed ", m.Speed}, {", Brawn ", m.Brawn}, {", Mind ", m.Mind}, {", age ", m.Age}} {
			t.str(x.name)
			t.face(d.die(i))
			t.str(" → ")
			t.int(x.v)
		}
	case textTrain, textTrainRandom:
		m := d.Monster
		before := m.Get(d.Ability) - d.Change
		t.str(d.cfg.names[d.Stable])
		t.str(" trains ")
		t.monster(m)
		if d.text == textTrainRandom {
			t.str(" (random ability): 1dF ")
			t.face(d.die(0))
			t.str(" picks ")
			t.str(d.Ability.title())
			t.str(", ")
			t.int(before)
			t.str(" → ")
			t.int(before + 1)
			break
		}
		t.str("'s ")
		t.str(d.Ability.title())
		t.str(": 1dF ")
		t.face(d.die(0))
		if d.Change > 0 {
			t.str(" succeeds, ")
			t.int(before)
			t.str(" → ")
			t.int(before + 1)
		} else {
			t.str(" fails, stays ")
			t.int(before)
		}
	case textImprove:
		t.str("Improvement for ")
		t.entrant(d.cfg, &d.who)
		t.str(": 1dF ")
		t.face(d.die(0))
		if d.Change == 0 {
			t.str(" → no change")
			break
		}
		t.str(" → ")
		if d.Change > 0 {
			t.str("+")
		}
		t.int(d.Change)
		t.str(", 1dF ")
		t.face(d.die(1))
		t.str(" picks ")
		t.str(d.Ability.title())
		t.str(": ")
		before := d.Monster.Get(d.Ability) - d.Change
		t.int(before)
		t.str(" → ")
		t.int(before + d.Change)
	}
	return t
}

// appendBreed writes a "breed" event's text.
func (d *MonsterData) appendBreed(t *txt) {
	pa, pb := &d.pa, &d.pb
	avg := roundHalf(pa.Age + pb.Age)
	t.str(d.cfg.names[d.Stable])
	t.str(" breeds ")
	t.monster(pa)
	t.str(" and ")
	t.monster(pb)
	t.str(": ages ")
	t.int(pa.Age)
	t.str(" and ")
	t.int(pb.Age)
	t.str(" average ")
	t.int(avg)
	t.str(", 2dF ")
	t.face(d.die(0))
	t.str(" ")
	t.face(d.die(1))
	t.str(" → ")
	t.int(avg + d.die(0) + d.die(1))
	if d.Monster == nil {
		t.str(": no offspring")
		return
	}
	t.str(": offspring ")
	t.monster(d.Monster)
	t.str(", age 0")
	for i, ab := range [3]Ability{Speed, Brawn, Mind} {
		x, y := pa.Get(ab), pb.Get(ab)
		base, f := roundHalf(x+y), d.die(2+i)
		t.str("; ")
		t.str(ab.title())
		t.str(" ")
		t.int(x)
		t.str(" and ")
		t.int(y)
		t.str(" average ")
		t.int(base)
		t.str(", 1dF ")
		t.face(f)
		switch {
		case f < 0 && x > 0 && y > 0:
			t.str(" ignored (both parents above 0)")
		case f > 0 && x < 0 && y < 0:
			t.str(" ignored (both parents below 0)")
		}
		t.str(" → ")
		t.int(base + inherited(f, x, y))
	}
}

// die returns the event's die i, 0 if it has no such die (never, for the
// events the rules make).
func (d *MonsterData) die(i int) int {
	if i < len(d.Dice) {
		return d.Dice[i]
	}
	return 0
}

// MatchData is the data of a "match" event: the contestants and the terrain
// (see EventData).
type MatchData struct {
	Turn    int         `json:"turn"`
	Stable  engine.Seat `json:"stable"`
	Terrain Ability     `json:"terrain,omitzero"`
	Dice    []int       `json:"dice,omitempty"`
	A       *Entrant    `json:"a,omitempty"`
	B       *Entrant    `json:"b,omitempty"`

	cfg           *config // for the text (AppendText)
	round, rounds int     // the bracket round and how many there are
}

// AppendText implements engine.Texter: "Final: Ann's M1 Pebblet vs Bob's
// M2 Zorra; terrain 1dF [+] → Plains (Speed doubled)".
func (d *MatchData) AppendText(b []byte) []byte {
	t := txt(b)
	switch d.rounds - d.round {
	case 0:
		t.str("Final")
	case 1:
		t.str("Semi-final")
	case 2:
		t.str("Quarter-final")
	default:
		t.str("Round ")
		t.int(d.round)
	}
	t.str(": ")
	t.entrant(d.cfg, d.A)
	t.str(" vs ")
	t.entrant(d.cfg, d.B)
	t.str("; terrain 1dF ")
	if len(d.Dice) > 0 {
		t.face(d.Dice[0])
	}
	t.str(" → ")
	t.str(TerrainName(d.Terrain))
	t.str(" (")
	t.str(d.Terrain.title())
	t.str(" doubled)")
	return t
}

// ContestData is the data of a "contest" event: one comparison (see
// EventData).
type ContestData struct {
	Turn    int         `json:"turn"`
	Stable  engine.Seat `json:"stable"`
	Contest *Contest    `json:"contest,omitempty"`

	// For the text (AppendText): the contestants and the terrain.
	cfg     *config
	side    [2]Entrant
	terrain Ability
}

// AppendText implements engine.Texter: "Contest 1: Ann's M1 Pebblet Brawn 1
// ×2 vs Speed = 2 vs Bob's M1 Zorra Speed 1 ×2 Plains = 2: tie; ...".
func (d *ContestData) AppendText(b []byte) []byte {
	t := txt(b)
	t.contest(d.Contest, d.terrain, func(t *txt, x int) { t.entrant(d.cfg, &d.side[x]) })
	return t
}

// contest writes a contest on terrain, naming side x (0 for A, 1 for B)
// with who: each side's ability, its value, the doublings that applied and
// the effective value, then the result or, for a tie, what follows. The
// log and the table page write contests alike.
func (t *txt) contest(c *Contest, terrain Ability, who func(t *txt, x int)) {
	t.str("Contest ")
	t.int(c.Number)
	if c.Number == 3 {
		t.str(" (last abilities)")
	}
	t.str(": ")
	for x := 0; x < 2; x++ {
		if x == 1 {
			t.str(" vs ")
		}
		ab := c.Choices[x]
		who(t, x)
		t.str(" ")
		t.str(ab.title())
		t.str(" ")
		t.int(c.Base[x])
		if ab == terrain {
			t.str(" ×2 ")
			t.str(TerrainName(ab))
		}
		if Beats(ab, c.Choices[1-x]) {
			t.str(" ×2 vs ")
			t.str(c.Choices[1-x].title())
		}
		t.str(" = ")
		t.int(c.Values[x])
	}
	t.str(": ")
	switch {
	case c.Winner == 0 || c.Winner == 1:
		who(t, c.Winner)
		t.str(" wins")
	case c.Number == 1:
		t.str("tie; each now chooses an ability it has not used")
	case c.Number == 2:
		t.str("tie; the last abilities compete")
	default:
		t.str("tie after three contests; dice-off")
	}
}

// txt appends an event's text, for the event data that writes it
// (engine.Texter).
type txt []byte

func (t *txt) str(s string) { *t = append(*t, s...) }
func (t *txt) int(n int)    { *t = strconv.AppendInt(*t, int64(n), 10) }
func (t *txt) face(f int)   { t.str(dice.FudgeSymbol(f)) }

// finalDiceOff writes the rolls of a dice-off for the win among the tied
// stables: "dice-off Ann [+], Bob [+], Cid [-]; Ann [_], Bob [+]; ". Each
// round's rollers are those with the highest face in the last.
func (t *txt) finalDiceOff(c *config, tied []engine.Seat, faces []int) {
	t.str("dice-off ")
	var buf [maxSeats]engine.Seat
	in := tied
	for len(in) > 1 && len(faces) >= len(in) {
		best := -2
		for k, p := range in {
			if k > 0 {
				t.str(", ")
			}
			t.str(c.names[p])
			t.str(" ")
			t.face(faces[k])
			best = max(best, faces[k])
		}
		t.str("; ")
		n := 0
		for k, p := range in {
			if faces[k] == best {
				buf[n] = p
				n++
			}
		}
		faces, in = faces[len(in):], buf[:n:n]
	}
}

// seedDice writes the dice that put equal sums in seed order, naming each
// pick with who: "sum 2: d3 → 2 Bob's M1 Zorra, d2 → 1 Ann's M1 Pebblet".
func (t *txt) seedDice(rolls []SeedRoll, who func(t *txt, x *Entrant)) {
	for i := range rolls {
		r := &rolls[i]
		if i == 0 || r.Sum != rolls[i-1].Sum {
			if i > 0 {
				t.str("; ")
			}
			t.str("sum ")
			t.int(r.Sum)
			t.str(": ")
		} else {
			t.str(", ")
		}
		t.str("d")
		t.int(r.Of)
		t.str(" → ")
		t.int(r.Face)
		t.str(" ")
		who(t, &r.Pick)
	}
}

// plural writes "1 trophy" or "2 trophies".
func (t *txt) plural(n int, one, many string) {
	t.int(n)
	t.str(" ")
	if n == 1 {
		t.str(one)
	} else {
		t.str(many)
	}
}

// monster writes "M3 Pebblet".
func (t *txt) monster(m *Monster) { t.named(m.ID, m.Name) }

// named writes a monster's number and name: "M3 Pebblet".
func (t *txt) named(id int, name MonsterName) {
	t.str("M")
	t.int(id)
	t.str(" ")
	t.str(name.String())
}

// entrants writes head and the entrants, separated by commas; nothing if
// there are none.
func (t *txt) entrants(c *config, head string, xs []Entrant) {
	for i := range xs {
		if i == 0 {
			t.str(head)
		} else {
			t.str(", ")
		}
		t.entrant(c, &xs[i])
	}
}

// entrant writes "Ann's M2 Pebblet".
func (t *txt) entrant(c *config, x *Entrant) {
	if x.Stable >= 0 && int(x.Stable) < len(c.possessive) {
		t.str(c.possessive[x.Stable])
	}
	t.named(x.Monster, x.Name)
}

// eventBuf collects the events of one Apply: their dice go to a reusable
// buffer and are copied to the arena's scratch memory with each event; the
// events themselves are written straight into the free part of the arena's
// event block, so that finish hands them out without a copy. Events have no
// text of their own (see EventData).
//
// Every write of a pointer costs a barrier while the garbage collector runs,
// even into a buffer on the stack (the writing method cannot know where its
// receiver lives). So an event is written once, field by field, and the
// dice buffer is a full-length slice with a separate count of what is used.
type eventBuf struct {
	mem  *arena  // where the events go
	cfg  *config // the table's names, for the texts
	turn int
	dice []int          // the dice of the event being made are dice[:nd]
	nd   int            //
	evs  []engine.Event // the events so far are evs[:ne]: evs is mem.events.Free()
	ne   int            //
}

// arena returns the buffer's arena (a scenario test's buffer makes its own).
func (e *eventBuf) arena() *arena {
	if e.mem == nil {
		e.mem = new(arena)
	}
	return e.mem
}

// reset starts the events of an action in the given turn.
func (e *eventBuf) reset(turn int) {
	e.turn = turn
	e.evs, e.ne = e.arena().events.Free(), 0
	e.begin()
}

// begin starts an event's dice, dropping any rolled since the last event.
func (e *eventBuf) begin() { e.nd = 0 }

// roll keeps a die's face (or a die-roll tie-break's) for the event's data.
func (e *eventBuf) roll(f int) {
	if e.nd == len(e.dice) {
		d := make([]int, max(2*len(e.dice), 16))
		copy(d, e.dice)
		e.dice = d
	}
	e.dice[e.nd] = f
	e.nd++
}

// fudge rolls one Fudge die and keeps its face for the event's data.
func (e *eventBuf) fudge(d *dice.Stream) int {
	f := d.Fudge()
	e.roll(f)
	return f
}

// emit ends the event begun last, about stable (-1 for none), whose
// EventData writes text kind, and returns the data for the caller to fill
// in: Turn and Dice are set.
func (e *eventBuf) emit(kind string, stable engine.Seat, text textKind) *EventData {
	d := e.arena().data.One()
	d.Turn, d.Stable, d.Dice = e.turn, stable, e.takeDice()
	d.text, d.cfg = text, e.cfg
	e.add(kind, d, nil, "")
	return d
}

// emitMonster is emit for the events about one monster.
func (e *eventBuf) emitMonster(kind string, stable engine.Seat, text textKind) *MonsterData {
	d := e.arena().monsterData.One()
	d.Turn, d.Stable, d.Dice = e.turn, stable, e.takeDice()
	d.text, d.cfg = text, e.cfg
	e.add(kind, d, nil, "")
	return d
}

// emitMatch is emit for the "match" event of tournament t's current round:
// the caller sets the contestants and the terrain.
func (e *eventBuf) emitMatch(t *tournament) *MatchData {
	d := e.arena().matchData.One()
	d.Turn, d.Stable, d.Dice = e.turn, -1, e.takeDice()
	d.cfg, d.round, d.rounds = e.cfg, t.round, t.rounds
	e.add("match", d, nil, "")
	return d
}

// emitContest is emit for a "contest" event about match m's contest c,
// which rolls no dice.
func (e *eventBuf) emitContest(c *Contest, m *match) {
	d := e.arena().contestData.One()
	d.Turn, d.Stable, d.Contest = e.turn, -1, c
	d.cfg, d.side, d.terrain = e.cfg, m.side, m.view.Terrain
	e.add("contest", d, nil, "")
}

// snap returns a copy of m for an event's data: the stable changes its
// monsters in place, maybe later in the same Apply (ageing, retiring), so an
// event shows the monster as it was when the event happened.
func (e *eventBuf) snap(m *Monster) *Monster {
	c := e.arena().eventMonsters.One()
	*c = *m
	return c
}

// entrants returns a copy of list in the arena's scratch memory, for an
// event's data; nil for none.
func (e *eventBuf) entrants(list []Entrant) []Entrant {
	if len(list) == 0 {
		return nil
	}
	c := e.arena().retired.Take(len(list))
	copy(c, list)
	return c
}

// takeDice returns the dice of the event begun last, copied to the arena.
func (e *eventBuf) takeDice() []int {
	if e.nd == 0 {
		return nil
	}
	d := e.arena().dice.Take(e.nd)
	copy(d, e.dice[:e.nd])
	return d
}

// add appends an event, in place in the free part of the arena's event block
// (e.evs is that free part), and begins the next; when the block is full the
// events so far move to a new one, and the rest of the old one goes unused.
func (e *eventBuf) add(kind string, data any, only []engine.Seat, others string) {
	if e.ne == len(e.evs) {
		b := &e.arena().events
		b.Room(2*e.ne + 1)
		copy(b.Free(), e.evs[:e.ne])
		e.evs = b.Free()
	}
	ev := &e.evs[e.ne]
	e.ne++
	ev.Kind, ev.Data = kind, data
	if only != nil {
		ev.Only, ev.Others = only, others
	}
	e.begin()
}

// onlySeat holds a one-seat slice per seat for Event.Only, so that private
// events need no allocation. Nobody may modify an event's Only slice.
var onlySeat = func() (out [maxSeats][]engine.Seat) {
	for i := range out {
		out[i] = []engine.Seat{engine.Seat(i)}
	}
	return out
}()

// finish returns the events of the action: the used start of the arena's
// free event block, handed out until the next Apply takes it back.
func (e *eventBuf) finish() []engine.Event {
	n := e.ne
	if n == 0 {
		return nil
	}
	out := e.mem.events.Take(n) // the memory e.evs was written in
	e.evs, e.ne = nil, 0
	return out
}

// sealEvent tells p what it sealed and the others that it has chosen. Its
// data writes p's text on demand (engine.Texter): every Apply makes one.
func (s *State) sealEvent(e *eventBuf, p engine.Seat, a engine.Action) {
	e.begin()
	d := e.arena().sealed.One()
	d.Turn, d.Stable, d.Action, d.cfg = e.turn, p, SealedAction{a}, e.cfg
	e.add("sealed", d, onlySeat[p][:1:1], s.cfg.chosen[p])
}
