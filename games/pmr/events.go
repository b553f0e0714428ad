package pmr

import (
	"strconv"

	"tabletop/dice"
	"tabletop/engine"
)

// EventData is the structured detail of an event, for UIs: Event.Data holds a
// *EventData, except for "sealed" events, whose Data is a *SealedData. Only
// the fields that apply to the event's kind are set. Its pointers share the
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

// eventBuf collects the events of one Apply. Texts are appended to one byte
// buffer and dice to one slice; finish turns them into events with a handful
// of allocations, however many events there are.
type eventBuf struct {
	mem       *arena // where the event data goes
	turn      int
	buf       []byte
	dice      []int
	recs      []eventRec
	textStart int
	diceStart int
}

type eventRec struct {
	kind   string
	text   [2]int // buf[text[0]:text[1]]
	dice   [2]int
	only   engine.Seat // the one seat that sees it, or -1 for everyone
	others string      // what the others see of a private event
	action [2]int      // "sealed": buf[action[0]:action[1]] is SealedData.Action
	stable engine.Seat // "sealed": SealedData.Stable
	data   *EventData  // every other kind: its data, but for Turn and Dice
}

func (e *eventBuf) reset(turn int) {
	e.turn = turn
	e.buf = e.buf[:0]
	e.dice = e.dice[:0]
	e.recs = e.recs[:0]
}

// begin starts an event's text and dice.
func (e *eventBuf) begin() {
	e.textStart = len(e.buf)
	e.diceStart = len(e.dice)
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

// emit ends the event begun last. Its data goes straight to the arena, to
// be copied only once.
func (e *eventBuf) emit(kind string, data EventData) {
	if e.mem == nil {
		e.mem = new(arena) // a scenario test's buffer
	}
	d := e.mem.data.one()
	*d = data
	e.recs = append(e.recs, eventRec{
		kind: kind,
		text: [2]int{e.textStart, len(e.buf)},
		dice: [2]int{e.diceStart, len(e.dice)},
		only: -1,
		data: d,
	})
	e.begin()
}

// onlySeat holds a one-seat slice per seat for Event.Only, so that private
// events need no allocation. Nobody may modify an event's Only slice.
var onlySeat = func() (out [8][]engine.Seat) {
	for i := range out {
		out[i] = []engine.Seat{engine.Seat(i)}
	}
	return out
}()

// finish returns the collected events, made from a's memory.
func (e *eventBuf) finish(a *arena) []engine.Event {
	n := len(e.recs)
	if n == 0 {
		return nil
	}
	evs := a.events.take(n)
	var faces []int
	if len(e.dice) > 0 {
		faces = a.dice.take(len(e.dice))
		copy(faces, e.dice)
	}
	text := a.text.string(e.buf)
	for i := range e.recs {
		r := &e.recs[i]
		ev := &evs[i]
		ev.Kind = r.kind
		ev.Text = text[r.text[0]:r.text[1]]
		if r.only >= 0 {
			ev.Only = onlySeat[r.only][:1:1]
			ev.Others = r.others
		}
		if r.data == nil {
			d := a.sealed.one()
			*d = SealedData{Turn: e.turn, Stable: r.stable, Action: text[r.action[0]:r.action[1]]}
			ev.Data = d
			continue
		}
		d := r.data
		d.Turn = e.turn
		if r.dice[1] > r.dice[0] {
			d.Dice = faces[r.dice[0]:r.dice[1]:r.dice[1]]
		}
		ev.Data = d
	}
	return evs
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
	e.recs = append(e.recs, eventRec{
		kind:   "sealed",
		text:   [2]int{e.textStart, len(e.buf)},
		only:   p,
		others: s.cfg.chosen[p],
		action: [2]int{start, len(e.buf)},
		stable: p,
	})
	e.begin()
}
