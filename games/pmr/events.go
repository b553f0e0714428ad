package pmr

import (
	"strconv"
	"sync"

	"tabletop/dice"
	"tabletop/engine"
)

// EventData is the structured detail of an event, for UIs: Event.Data holds a
// *EventData. Only the fields that apply to the event's kind are set. Its
// pointers share the state's copy-on-write data: never modify them.
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

// eventBuf collects the events of one Apply. Texts are appended to one byte
// buffer and dice to one slice; finish turns them into events with a handful
// of allocations, however many events there are.
type eventBuf struct {
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
	action [2]int      // buf[action[0]:action[1]] is EventData.Action
	data   EventData
}

// eventBufs recycles the buffers of Apply.
var eventBufs = sync.Pool{New: func() any { return new(eventBuf) }}

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

// emit ends the event begun last.
func (e *eventBuf) emit(kind string, data EventData) {
	e.recs = append(e.recs, eventRec{
		kind: kind,
		text: [2]int{e.textStart, len(e.buf)},
		dice: [2]int{e.diceStart, len(e.dice)},
		only: -1,
		data: data,
	})
	e.begin()
}

// private ends the event begun last as one only seat p sees; the others see
// others.
func (e *eventBuf) private(kind string, p engine.Seat, others string, data EventData) {
	e.emit(kind, data)
	r := &e.recs[len(e.recs)-1]
	r.only = p
	r.others = others
}

// onlySeat holds a one-seat slice per seat for Event.Only, so that private
// events need no allocation. Nobody may modify an event's Only slice.
var onlySeat = func() (out [8][]engine.Seat) {
	for i := range out {
		out[i] = []engine.Seat{engine.Seat(i)}
	}
	return out
}()

// eventBlock1 holds the one event of an Apply that only seals a choice (the
// most common kind), with its data and dice, in one allocation.
type (
	eventBlock1 struct {
		ev   [1]engine.Event
		data [1]EventData
		dice [8]int
	}
)

// finish returns the collected events.
func (e *eventBuf) finish() []engine.Event {
	n := len(e.recs)
	if n == 0 {
		return nil
	}
	var evs []engine.Event
	var data []EventData
	var faces []int
	switch {
	case n == 1 && len(e.dice) <= 8:
		b := new(eventBlock1)
		evs, data, faces = b.ev[:], b.data[:], b.dice[:0]
	default:
		evs, data = make([]engine.Event, n), make([]EventData, n)
		faces = make([]int, 0, len(e.dice))
	}
	faces = append(faces, e.dice...)
	text := string(e.buf)
	for i := range e.recs {
		r := &e.recs[i]
		data[i] = r.data
		data[i].Turn = e.turn
		if r.action[1] > r.action[0] {
			data[i].Action = text[r.action[0]:r.action[1]]
		}
		if r.dice[1] > r.dice[0] {
			data[i].Dice = faces[r.dice[0]:r.dice[1]:r.dice[1]]
		}
		evs[i] = engine.Event{Kind: r.kind, Text: text[r.text[0]:r.text[1]], Data: &data[i]}
		if r.only >= 0 {
			evs[i].Only = onlySeat[r.only][:1:1]
			evs[i].Others = r.others
		}
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
	end := len(e.buf)
	e.private("sealed", p, s.cfg.chosen[p], EventData{Stable: p})
	e.recs[len(e.recs)-1].action = [2]int{start, end}
}
