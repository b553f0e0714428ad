package server

import (
	"encoding"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"sync"

	"tabletop/engine"
)

// seatState is everything one reader (a seat or a spectator) may see of a
// table at one moment. It is built from View(seat), Legal(seat) and the
// public facts of the table only; the seed appears once the game is over.
type seatState struct {
	ID       string        `json:"id"`
	Game     string        `json:"game"`
	GameName string        `json:"game_name"`
	Seat     engine.Seat   `json:"seat"` // -1 for a spectator
	Seats    []seatInfo    `json:"seats"`
	Seq      int           `json:"seq"` // entries in the log
	View     engine.View   `json:"view"`
	Legal    []legalAction `json:"legal"`
	MyTurn   bool          `json:"my_turn"`
	Waiting  int           `json:"waiting_for"` // seats other than this one the view says are being waited for
	// WaitingKnown says whether the view tells whom the game waits for
	// (see Waiter); if not, Waiting is 0 and no seat is marked pending.
	WaitingKnown bool            `json:"waiting_known"`
	Over         bool            `json:"over"`
	Outcome      *engine.Outcome `json:"outcome,omitempty"`
	Commitment   string          `json:"commitment"`
	Seed         string          `json:"seed,omitempty"` // only once the game is over
	Options      engine.Options  `json:"options"`
}

type seatInfo struct {
	Seat    engine.Seat `json:"seat"`
	Name    string      `json:"name"`
	Bot     string      `json:"bot,omitempty"`
	You     bool        `json:"you,omitempty"`
	Pending bool        `json:"pending,omitempty"` // the view says the game waits for this seat
}

// legalAction is one action a seat may take now, ready to post back.
type legalAction struct {
	Kind   string          `json:"kind"`
	Text   string          `json:"text"`
	Action json.RawMessage `json:"action"`
}

// logLine is one log entry as a reader sees it: only the events that reader
// may see (engine.EventsFor); never the entry's action or raw dice, which may
// be another seat's sealed choice or a hidden shuffle.
type logLine struct {
	Seq    int            `json:"seq"`
	Seat   engine.Seat    `json:"seat"`
	Name   string         `json:"name"`
	Events []engine.Event `json:"events"`
}

// Waiter is implemented by views that say whom the game is waiting for. The
// server shows a seat who is being waited for only from its view, never from
// State.Pending, which may know more than the seat (who is able to claim a
// discard, say).
type Waiter interface {
	Waiting() []engine.Seat
}

// waitingIn returns the seats a view says the game is waiting for: its
// Waiting method, or else a top-level "waiting" or "pending" list of seats in
// its JSON form. ok is false if the view does not say.
func waitingIn(v engine.View) (seats []engine.Seat, ok bool) {
	if w, isWaiter := v.(Waiter); isWaiter {
		return w.Waiting(), true
	}
	if seats, ok, decided := waitingField(v); decided {
		return seats, ok
	}
	return waitingJSON(v)
}

// waitingJSON is waitingIn by the view's JSON form.
func waitingJSON(v engine.View) (seats []engine.Seat, ok bool) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, false
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(raw, &top) != nil {
		return nil, false
	}
	for _, key := range waitingKeys {
		if r, found := top[key]; found && json.Unmarshal(r, &seats) == nil {
			return seats, true
		}
	}
	return nil, false
}

// waitingField answers waitingIn from the view's fields, without encoding the
// whole view to JSON and decoding it again (which cost more than the rest of
// stateFor for PMR). It decides only where the answer is certainly the one
// the JSON form gives: a struct (or a pointer to one) without custom
// marshaling, whose "waiting" or "pending" key, found by encoding/json's rules
// for embedded structs, is a plain list of signed integers. Otherwise decided
// is false.
func waitingField(v engine.View) (seats []engine.Seat, ok, decided bool) {
	rv := reflect.ValueOf(v)
	if !rv.IsValid() {
		return nil, false, false
	}
	plan := waitingPlanFor(rv.Type())
	if plan.undecided {
		return nil, false, false
	}
	if rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return nil, false, true // JSON null: no keys
		}
		rv = rv.Elem()
	}
	for _, f := range plan.keys {
		if f.path == nil {
			continue
		}
		list, err := rv.FieldByIndexErr(f.path)
		if err != nil {
			continue // inside a nil embedded pointer: not in the JSON form
		}
		if f.omitEmpty && list.Len() == 0 || f.omitZero && list.IsNil() {
			continue
		}
		if list.IsNil() {
			return nil, true, true // "key": null decodes to a nil list
		}
		seats = make([]engine.Seat, list.Len())
		for i := range seats {
			seats[i] = engine.Seat(list.Index(i).Int())
		}
		return seats, true, true
	}
	return nil, false, true
}

// waitingKeys are the keys waitingJSON looks for, in its order.
var waitingKeys = [2]string{"waiting", "pending"}

// waitingPlan is where a view type keeps its "waiting" and "pending" lists.
type waitingPlan struct {
	undecided bool // only the JSON form can tell
	keys      [2]waitingKey
}

type waitingKey struct {
	path                []int // field index path; nil if the JSON form has no such key
	omitEmpty, omitZero bool
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
	waitingPlans      sync.Map // reflect.Type -> waitingPlan
)

func waitingPlanFor(t reflect.Type) waitingPlan {
	if p, ok := waitingPlans.Load(t); ok {
		return p.(waitingPlan)
	}
	p := makeWaitingPlan(t)
	waitingPlans.Store(t, p)
	return p
}

// custom reports whether encoding/json would call a method of t (or *t).
func custom(t reflect.Type) bool {
	pt := reflect.PointerTo(t)
	return t.Implements(marshalerType) || t.Implements(textMarshalerType) ||
		pt.Implements(marshalerType) || pt.Implements(textMarshalerType)
}

// makeWaitingPlan finds the fields that encoding/json writes as the keys
// "waiting" and "pending": of the fields of that name, the least deeply
// embedded one, or at equal depth the only tagged one; none if that is
// ambiguous.
func makeWaitingPlan(t reflect.Type) waitingPlan {
	undecided := waitingPlan{undecided: true}
	if t.Kind() == reflect.Pointer {
		if custom(t) {
			return undecided
		}
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || custom(t) {
		return undecided
	}
	type candidate struct {
		field  reflect.StructField
		path   []int
		depth  int
		tagged bool
		opts   string
	}
	var found [2][]candidate
	type node struct {
		t    reflect.Type
		path []int
	}
	seen := map[reflect.Type]bool{}
	level := []node{{t, nil}}
	for depth := 0; len(level) > 0; depth++ {
		if depth > 16 {
			return undecided
		}
		var next []node
		for _, n := range level {
			if seen[n.t] {
				return undecided // a type embedded twice: its fields may cancel out
			}
			seen[n.t] = true
			for i := range n.t.NumField() {
				f := n.t.Field(i)
				ft := f.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if f.Anonymous {
					if !f.IsExported() && ft.Kind() != reflect.Struct {
						continue
					}
				} else if !f.IsExported() {
					continue
				}
				tag := f.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				path := append(slices.Clip(n.path), i)
				if name == "" && f.Anonymous && ft.Kind() == reflect.Struct {
					next = append(next, node{ft, path})
					continue
				}
				key := name
				if key == "" {
					key = f.Name
				}
				for k, want := range waitingKeys {
					if key == want {
						found[k] = append(found[k], candidate{f, path, depth, name != "", opts})
					}
				}
			}
		}
		level = next
	}
	var p waitingPlan
	for k, cands := range found {
		if len(cands) == 0 {
			continue
		}
		var best []candidate
		for _, c := range cands {
			if c.depth == cands[0].depth {
				best = append(best, c)
			}
		}
		if len(best) > 1 {
			var tagged []candidate
			for _, c := range best {
				if c.tagged {
					tagged = append(tagged, c)
				}
			}
			if len(tagged) != 1 {
				continue // ambiguous: encoding/json writes neither
			}
			best = tagged
		}
		c := best[0]
		ft := c.field.Type
		if ft.Kind() != reflect.Slice || ft.NumMethod() > 0 || custom(ft) || custom(ft.Elem()) {
			return undecided // not a plain list: an IsZero method, a marshaler
		}
		switch ft.Elem().Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		default:
			return undecided
		}
		o := strings.Split(c.opts, ",")
		p.keys[k] = waitingKey{path: c.path, omitEmpty: slices.Contains(o, "omitempty"), omitZero: slices.Contains(o, "omitzero")}
	}
	return p
}

// stateFor builds what seat sees now. Call with l.mu held.
func stateFor(l *live, seat engine.Seat) seatState {
	tab := l.tab
	st := tab.State()
	info := l.game.Info()
	out := seatState{
		ID: l.id, Game: info.ID, GameName: info.Name, Seat: seat, Seq: tab.Len(),
		View: st.View(seat), Commitment: tab.Commitment(), Options: tab.Options(),
		Legal: []legalAction{},
	}
	waiting, known := waitingIn(out.View)
	out.WaitingKnown = known
	for i, si := range tab.Seats() {
		p := slices.Contains(waiting, engine.Seat(i))
		out.Seats = append(out.Seats, seatInfo{Seat: engine.Seat(i), Name: si.Name, Bot: si.Bot, You: engine.Seat(i) == seat, Pending: p})
		if p && engine.Seat(i) != seat {
			out.Waiting++
		}
	}
	if seat >= 0 {
		// Legal is non-empty exactly for seats the game waits for.
		for _, a := range st.Legal(seat) {
			raw, err := json.Marshal(a)
			if err != nil {
				continue
			}
			out.Legal = append(out.Legal, legalAction{Kind: a.Kind(), Text: a.String(), Action: raw})
		}
		out.MyTurn = len(out.Legal) > 0
	}
	if o, over := tab.Over(); over {
		out.Over, out.Outcome = true, &o
		out.Seed = tab.Seed().String()
	}
	return out
}

// logFor returns the log entries after seq from as seat sees them, leaving
// out entries seat sees nothing of. Call with l.mu held.
func logFor(l *live, seat engine.Seat, from int) []logLine {
	seats := l.tab.Seats()
	var out []logLine
	for i, e := range l.tab.Log(max(from, 0)) {
		evs := engine.EventsFor(e.Events, seat)
		if len(evs) == 0 {
			continue
		}
		name := ""
		if int(e.Seat) >= 0 && int(e.Seat) < len(seats) {
			name = seats[e.Seat].Name
		}
		out = append(out, logLine{Seq: from + i + 1, Seat: e.Seat, Name: name, Events: evs})
	}
	return out
}
