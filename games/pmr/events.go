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
// The events of those common kinds (but "breed") have no Text: their data
// writes it when someone reads it (engine.Texter; Event.For and engine.Keep
// fill it in, and so every table's log has it), so that a simulation, which
// reads no text, writes none. The rarer kinds write their texts as they
// happen.
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

// appendAction appends a's text form without an allocation of its own.
func appendAction(b []byte, a engine.Action) []byte {
	switch a := a.(type) {
	case Capture:
		return a.appendText(b)
	case Train:
		return a.appendText(b)
	case Breed:
		return a.appendText(b)
	case Enter:
		return a.appendText(b)
	case Choose:
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
	text textKind
	cfg  *config
	who  Entrant
}

// textKind says which text an event's data writes (engine.Texter).
type textKind uint8

const (
	textNone        textKind = iota // the event has a text of its own
	textCapture                     // "Ann captures M3 Pebblet: Speed [+] → 1, ..."
	textTrain                       // "Ann trains M1 Pebblet's Speed: 1dF [+] succeeds, 2 → 3"
	textTrainRandom                 // "Ann trains M1 Pebblet (random ability): 1dF [-] picks Mind, 0 → 1"
	textImprove                     // "Improvement for Ann's M1 Pebblet: 1dF [_] → -1, 1dF [+] picks Brawn: 2 → 1"
)

// AppendText implements engine.Texter for capture, train and improve
// events; the others have texts of their own.
func (d *MonsterData) AppendText(b []byte) []byte {
	t := txt(b)
	switch d.text {
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

	// For the text (AppendText): the contestants, their abilities' values
	// before the doublings, and the terrain.
	cfg     *config
	side    [2]Entrant
	base    [2]int
	terrain Ability
}

// AppendText implements engine.Texter: "Contest 1: Ann's M1 Pebblet Brawn 1
// ×2 vs Speed = 2 vs Bob's M2 Zorra Speed 1 ×2 Plains = 2: tie; ...".
func (d *ContestData) AppendText(b []byte) []byte {
	t := txt(b)
	c := d.Contest
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
		t.entrant(d.cfg, &d.side[x])
		t.str(" ")
		t.str(ab.title())
		t.str(" ")
		t.int(d.base[x])
		if ab == d.terrain {
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
		t.entrant(d.cfg, &d.side[c.Winner])
		t.str(" wins")
	case c.Number == 1:
		t.str("tie; each now chooses an ability it has not used")
	case c.Number == 2:
		t.str("tie; the last abilities compete")
	default:
		t.str("tie after three contests; dice-off")
	}
	return t
}

// txt appends an event's text, for the data that writes its own
// (engine.Texter), as eventBuf writes the others.
type txt []byte

func (t *txt) str(s string) { *t = append(*t, s...) }
func (t *txt) int(n int)    { *t = strconv.AppendInt(*t, int64(n), 10) }
func (t *txt) face(f int)   { t.str(dice.FudgeSymbol(f)) }

// monster writes "M3 Pebblet".
func (t *txt) monster(m *Monster) {
	t.str("M")
	t.int(m.ID)
	t.str(" ")
	t.str(m.Name.String())
}

// entrant writes "Ann's M2 Pebblet", as State.writeEntrant does.
func (t *txt) entrant(c *config, x *Entrant) {
	if x.Stable >= 0 && int(x.Stable) < len(c.possessive) {
		t.str(c.possessive[x.Stable])
	}
	t.str("M")
	t.int(x.Monster)
	t.str(" ")
	t.str(x.Name.String())
}

// eventBuf collects the events of one Apply. Each event's text and dice are
// written into reusable buffers and copied to the arena when the event is
// emitted; the events themselves are written straight into the free part of
// the arena's event block, so that finish hands them out without a copy.
//
// Every write of a pointer costs a barrier while the garbage collector runs,
// even into a buffer on the stack (the writing method cannot know where its
// receiver lives). So an event is written once, field by field, and the
// buffers are full-length slices with a separate count of what is used: a
// slice is stored again only when its buffer grows, where appending would
// store it, pointer and all, for every piece of text.
type eventBuf struct {
	mem  *arena // where the events go
	turn int
	buf  []byte         // the text of the event being written is buf[:n]
	n    int            //
	dice []int          // its dice are dice[:nd]
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

// begin starts an event's text and dice, dropping anything written since the
// last event.
func (e *eventBuf) begin() { e.n, e.nd = 0, 0 }

// room makes room for k more bytes of text.
func (e *eventBuf) room(k int) {
	if len(e.buf)-e.n < k {
		b := make([]byte, max(2*len(e.buf), e.n+k, 256))
		copy(b, e.buf[:e.n])
		e.buf = b
	}
}

// text returns the text of the event being written.
func (e *eventBuf) text() []byte { return e.buf[:e.n] }

func (e *eventBuf) str(s string) {
	n := e.n
	if len(s) > len(e.buf)-n {
		e.room(len(s))
	}
	copy(e.buf[n:n+len(s)], s)
	e.n = n + len(s)
}

// bytes writes b, as str writes a string.
func (e *eventBuf) bytes(b []byte) {
	n := e.n
	if len(b) > len(e.buf)-n {
		e.room(len(b))
	}
	copy(e.buf[n:n+len(b)], b)
	e.n = n + len(b)
}

// int writes n in decimal. Event texts are full of small numbers (abilities,
// ages, monster numbers), which it writes itself: strconv takes five times
// as long for them.
func (e *eventBuf) int(n int) {
	e.room(21)
	b := e.buf[e.n:]
	if n < 0 && n > -100 {
		b[0] = '-'
		e.n++
		b = b[1:]
		n = -n
	}
	switch {
	case n >= 0 && n < 10:
		b[0] = byte('0' + n)
		e.n++
	case n >= 10 && n < 100:
		b[0], b[1] = byte('0'+n/10), byte('0'+n%10)
		e.n += 2
	default:
		e.n += len(strconv.AppendInt(b[:0], int64(n), 10))
	}
}

// id writes a monster number: "M3".
func (e *eventBuf) id(id int) {
	e.str("M")
	e.int(id)
}

// face writes a Fudge face: [+], [_] or [-].
func (e *eventBuf) face(f int) { e.str(dice.FudgeSymbol(f)) }

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

// monster writes "M3 Pebblet".
func (e *eventBuf) monster(m *Monster) {
	e.id(m.ID)
	e.str(" ")
	e.str(m.Name.String())
}

// emit ends the event begun last, about stable (-1 for none), and returns its
// data for the caller to fill in: Turn and Dice are set.
func (e *eventBuf) emit(kind string, stable engine.Seat) *EventData {
	d := e.arena().data.One()
	d.Turn, d.Stable, d.Dice = e.turn, stable, e.takeDice()
	e.end(kind, d)
	return d
}

// emitMonster is emit for the events about one monster.
func (e *eventBuf) emitMonster(kind string, stable engine.Seat) *MonsterData {
	d := e.arena().monsterData.One()
	d.Turn, d.Stable, d.Dice = e.turn, stable, e.takeDice()
	e.end(kind, d)
	return d
}

// emitMonsterLazy is emitMonster for an event whose data writes its text
// on demand (engine.Texter): the text written since begin is dropped.
func (e *eventBuf) emitMonsterLazy(kind string, stable engine.Seat, cfg *config, text textKind) *MonsterData {
	d := e.arena().monsterData.One()
	d.Turn, d.Stable, d.Dice = e.turn, stable, e.takeDice()
	d.text, d.cfg = text, cfg
	e.lazy(kind, d)
	return d
}

// emitMatch is emit for a "match" event, whose data writes its text
// (engine.Texter): the caller sets cfg, round and rounds.
func (e *eventBuf) emitMatch() *MatchData {
	d := e.arena().matchData.One()
	d.Turn, d.Stable, d.Dice = e.turn, -1, e.takeDice()
	e.lazy("match", d)
	return d
}

// emitContest is emit for a "contest" event about match m's contest c,
// which rolls no dice; its data writes its text (engine.Texter).
func (e *eventBuf) emitContest(c *Contest, cfg *config, m *match) {
	d := e.arena().contestData.One()
	d.Turn, d.Stable, d.Contest = e.turn, -1, c
	d.cfg, d.side, d.terrain = cfg, m.side, m.view.Terrain
	for x := range d.base {
		d.base[x] = m.mon[x].Get(c.Choices[x])
	}
	e.lazy("contest", d)
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

// lazy adds the event begun last with data that writes its text on demand
// (engine.Texter), and begins the next.
func (e *eventBuf) lazy(kind string, data any) {
	e.add(kind, "", data, nil, "")
	e.begin()
}

// end adds the event begun last, with its text and data, and begins the next.
func (e *eventBuf) end(kind string, data any) {
	e.add(kind, e.arena().eventText.String(e.text()), data, nil, "")
	e.begin()
}

// add appends an event, in place in the free part of the arena's event block
// (e.evs is that free part); when the block is full the events so far move
// to a new one, and the rest of the old one goes unused.
func (e *eventBuf) add(kind, text string, data any, only []engine.Seat, others string) {
	if e.ne == len(e.evs) {
		b := &e.arena().events
		b.Room(2*e.ne + 1)
		copy(b.Free(), e.evs[:e.ne])
		e.evs = b.Free()
	}
	ev := &e.evs[e.ne]
	e.ne++
	ev.Kind, ev.Text, ev.Data = kind, text, data
	if only != nil {
		ev.Only, ev.Others = only, others
	}
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
	d.Turn, d.Stable, d.Action, d.cfg = e.turn, p, SealedAction{a}, s.cfg
	e.add("sealed", "", d, onlySeat[p][:1:1], s.cfg.chosen[p])
	e.begin()
}
