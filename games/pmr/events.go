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
// fields that apply to the event's kind are set. Its pointers share the
// state's copy-on-write data: never modify them.
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
	Turn   int         `json:"turn"`   // the turn the choice was sealed in
	Stable engine.Seat `json:"stable"` // the stable that sealed it
	Action string      `json:"action"` // the sealed choice: "train M2 speed"
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
}

// ContestData is the data of a "contest" event: one comparison (see
// EventData).
type ContestData struct {
	Turn    int         `json:"turn"`
	Stable  engine.Seat `json:"stable"`
	Contest *Contest    `json:"contest,omitempty"`
}

// eventBuf collects the events of one Apply. Each event's text and dice are
// written into reusable buffers and copied to the arena when the event is
// emitted; the events themselves are written straight into the free part of
// the arena's event block, so that finish hands them out without a copy.
// Every write of a pointer costs a barrier while the garbage collector runs,
// so an event is written once.
type eventBuf struct {
	mem  *arena // where the events go
	turn int
	buf  []byte         // the text of the event being written
	dice []int          // its dice
	evs  []engine.Event // the events so far: the start of mem.events.free
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
	e.evs = e.arena().events.free[:0]
	e.begin()
}

// begin starts an event's text and dice, dropping anything written since the
// last event.
func (e *eventBuf) begin() {
	e.buf = e.buf[:0]
	e.dice = e.dice[:0]
}

func (e *eventBuf) str(s string) { e.buf = append(e.buf, s...) }
func (e *eventBuf) int(n int)    { e.buf = strconv.AppendInt(e.buf, int64(n), 10) }

// face writes a Fudge face: [+], [_] or [-].
func (e *eventBuf) face(f int) { e.buf = append(e.buf, dice.FudgeSymbol(f)...) }

// fudge rolls one Fudge die and keeps its face for the event's data.
func (e *eventBuf) fudge(d *dice.Stream) int {
	f := d.Fudge()
	e.dice = append(e.dice, f)
	return f
}

// monster writes "M3 Pebblet".
func (e *eventBuf) monster(m *Monster) {
	e.buf = appendID(e.buf, m.ID)
	e.buf = append(e.buf, ' ')
	e.buf = append(e.buf, m.Name...)
}

// emit ends the event begun last, about stable (-1 for none), and returns its
// data for the caller to fill in: Turn and Dice are set.
func (e *eventBuf) emit(kind string, stable engine.Seat) *EventData {
	d := e.arena().data.one()
	d.Turn, d.Stable, d.Dice = e.turn, stable, e.takeDice()
	e.end(kind, d)
	return d
}

// emitMonster is emit for the events about one monster.
func (e *eventBuf) emitMonster(kind string, stable engine.Seat) *MonsterData {
	d := e.arena().monsterData.one()
	d.Turn, d.Stable, d.Dice = e.turn, stable, e.takeDice()
	e.end(kind, d)
	return d
}

// emitMatch is emit for a "match" event.
func (e *eventBuf) emitMatch() *MatchData {
	d := e.arena().matchData.one()
	d.Turn, d.Stable, d.Dice = e.turn, -1, e.takeDice()
	e.end("match", d)
	return d
}

// emitContest is emit for a "contest" event, which rolls no dice.
func (e *eventBuf) emitContest(c *Contest) {
	d := e.arena().contestData.one()
	d.Turn, d.Stable, d.Contest = e.turn, -1, c
	e.end("contest", d)
}

// takeDice returns the dice of the event begun last, copied to the arena.
func (e *eventBuf) takeDice() []int {
	if len(e.dice) == 0 {
		return nil
	}
	d := e.arena().dice.take(len(e.dice))
	copy(d, e.dice)
	return d
}

// end adds the event begun last, with its text and data, and begins the next.
func (e *eventBuf) end(kind string, data any) {
	e.add(engine.Event{Kind: kind, Text: e.arena().text.string(e.buf), Data: data})
	e.begin()
}

// add appends ev to the events, in place at the start of the free part of
// the arena's event block (e.evs and the block's free part share their
// start, and cap(e.evs) is the room left); when the block is full they move
// to a new one, and the rest of the old one goes unused.
func (e *eventBuf) add(ev engine.Event) {
	if len(e.evs) == cap(e.evs) {
		b := &e.arena().events
		b.renew(2*len(e.evs) + 1)
		e.evs = append(b.free[:0], e.evs...)
	}
	e.evs = append(e.evs, ev)
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
// free event block, which is handed out for good.
func (e *eventBuf) finish() []engine.Event {
	n := len(e.evs)
	if n == 0 {
		return nil
	}
	out := e.mem.events.take(n) // the memory e.evs was written in
	e.evs = nil
	return out
}

// sealEvent tells p what it sealed and the others that it has chosen.
func (s *State) sealEvent(e *eventBuf, p engine.Seat, a engine.Action) {
	e.begin()
	e.str(s.cfg.names[p])
	e.str(" seals: ")
	start := len(e.buf)
	switch a := a.(type) {
	case Capture:
		e.buf = a.appendText(e.buf)
	case Train:
		e.buf = a.appendText(e.buf)
	case Breed:
		e.buf = a.appendText(e.buf)
	case Enter:
		e.buf = a.appendText(e.buf)
	case Choose:
		e.buf = a.appendText(e.buf)
	}
	mem := e.arena()
	text := mem.text.string(e.buf)
	d := mem.sealed.one()
	*d = SealedData{Turn: e.turn, Stable: p, Action: text[start:]}
	e.add(engine.Event{Kind: "sealed", Text: text, Data: d, Only: onlySeat[p][:1:1], Others: s.cfg.chosen[p]})
	e.begin()
}
