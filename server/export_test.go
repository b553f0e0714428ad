package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"

	"tabletop/engine"
)

// This file lends unexported parts of the server to the external tests
// (package server_test), which may use real games: package server itself
// names no game.

// WaitingIn is waitingIn.
func WaitingIn(v engine.View) ([]engine.Seat, bool) { return waitingIn(v) }

// PlainValue is plainValue.
func PlainValue(t reflect.Type) bool { return plainValue(t) }

// OptionSettings is optionSettings, the lobby's words for a table's options.
func OptionSettings(schema []engine.OptionSpec, opts engine.Options) []string {
	return optionSettings(schema, opts)
}

// Live is a table as the server keeps it in memory.
type Live struct{ l *live }

// NewLive wraps tab, a table of g, as the server keeps it.
func NewLive(id string, g engine.Game, tab *engine.Table) Live {
	return Live{&live{id: id, game: g, tab: tab}}
}

// Table returns the wrapped table.
func (l Live) Table() *engine.Table { return l.l.tab }

// StreamRender appends to buf what seat's JSON event stream sends for the
// log entries from from on and the state after them.
// Like a stream, it takes the log's scratch from the pool and puts it back.
func (l Live) StreamRender(buf []byte, seat engine.Seat, from int) ([]byte, error) {
	sc := logScratches.Get().(*logScratch)
	defer sc.put()
	return jsonEvents(buf, sc.logFor(l.l, seat, from), stateFor(l.l, seat, false), false)
}

// CheckStateJSON compares the hand-written encoding of seat's state with
// json.Marshal's, with the legal actions' explanations and without.
func (l Live) CheckStateJSON(seat engine.Seat) error {
	if err := checkStateJSON(stateFor(l.l, seat, true)); err != nil {
		return err
	}
	return checkStateJSON(stateFor(l.l, seat, false))
}

// CheckLogJSON compares the hand-written encoding of every log line seat
// sees with json.Marshal's.
func (l Live) CheckLogJSON(seat engine.Seat) error {
	lines := append(logFor(l.l, seat, 0), logLine{Name: "no events"}, logLine{Seq: 1, Seat: -1, Name: "a<b", Events: []engine.Event{}})
	for _, ln := range lines {
		if err := checkJSON(ln, ln.appendJSON); err != nil {
			return err
		}
	}
	return nil
}

// CheckEmptyStateJSON compares them for a state of nil slices and maps.
func CheckEmptyStateJSON() error { return checkStateJSON(seatState{}) }

// CheckFullStateJSON compares them for a state with every optional field
// of the envelope set: a recorded answer, an open window, open seats, and
// seats open, standing in and resigned.
// Every field of the envelope and of a seat must be set here (it checks),
// so that a field added to either without its hand-written encoding fails.
func CheckFullStateJSON() error {
	st := seatState{ID: "t", Game: "g", GameName: "G", Seat: 1, Seq: 9, MyTurn: true, Over: true, Waiting: 2, WaitingKnown: true,
		Legal: legalActions(testAction{}, noJSONAction{}), Recorded: "pass", WindowMS: 1500, OpenSeats: 1,
		Seats:   []seatInfo{{Seat: 1, Name: "Ann", Bot: "greedy", You: true, Pending: true, Open: true, StandIn: true, Resigned: true, GM: true}},
		Outcome: &engine.Outcome{Text: "over"}, Commitment: "c", Seed: "5eed", Options: engine.Options{"a": "1"}, View: 1, ScoreName: "points"}
	for _, v := range []reflect.Value{reflect.ValueOf(st), reflect.ValueOf(st.Seats[0])} {
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() && !f.Anonymous && v.Field(i).IsZero() {
				return fmt.Errorf("CheckFullStateJSON leaves %s.%s unset: set it, and encode it in appendJSON", v.Type().Name(), f.Name)
			}
		}
	}
	return checkStateJSON(st)
}

// testAction is an action whose text needs escaping in JSON; its JSON is {}.
type testAction struct{}

func (testAction) Kind() string   { return "k" }
func (testAction) String() string { return `x <"&> y` }

// noJSONAction is an action whose own encoder writes nothing (an empty
// RawMessage, which json.Marshal writes as null).
type noJSONAction struct{ testAction }

func (noJSONAction) AppendJSON(b []byte) ([]byte, error) { return b, nil }

// legalActions returns actions as legal actions to offer; one that does not
// encode is left out.
func legalActions(actions ...engine.Action) []*legalAction {
	var out []*legalAction
	for _, a := range actions {
		if la, err := newLegalAction(a); err == nil {
			out = append(out, la)
		}
	}
	return out
}

func checkStateJSON(st seatState) error { return checkJSON(st, st.appendJSON) }

// checkJSON compares what appendJSON appends to a buffer with
// json.Marshal(v), and says how they differ.
func checkJSON(v any, appendJSON func([]byte) ([]byte, error)) error {
	want, err := json.Marshal(v)
	if err != nil {
		return err
	}
	got, err := appendJSON([]byte("x"))
	if err != nil {
		return err
	}
	if !bytes.Equal(got[1:], want) || got[0] != 'x' {
		return fmt.Errorf("appendJSON differs from json.Marshal:\n got %s\nwant %s", got[1:], want)
	}
	return nil
}

// OfferedIsFresh compares the legal actions stateFor offers seat (from the
// table's cache of offers when the list is unchanged) with those made
// afresh from the state, and says how they differ.
//
// It compares the state's JSON too, which copies each action's JSON kept
// with it, and that JSON with json.Marshal's of the action offered.
func (l Live) OfferedIsFresh(seat engine.Seat) error {
	got := stateFor(l.l, seat, true)
	fresh := &live{id: l.l.id, game: l.l.game, tab: l.l.tab}
	want := stateFor(fresh, seat, true)
	if !reflect.DeepEqual(got.Legal, want.Legal) {
		g, _ := json.Marshal(got.Legal)
		w, _ := json.Marshal(want.Legal)
		return fmt.Errorf("offered %s, want %s", g, w)
	}
	gotJSON, err := got.appendJSON(nil)
	if err != nil {
		return err
	}
	wantJSON, err := json.Marshal(want)
	if err != nil {
		return err
	}
	if !bytes.Equal(gotJSON, wantJSON) {
		return fmt.Errorf("the state's JSON is\n%s\nwant\n%s", gotJSON, wantJSON)
	}
	for _, a := range got.Legal {
		if err := checkJSON(a, func(b []byte) ([]byte, error) { return append(b, a.json...), nil }); err != nil {
			return err
		}
	}
	return nil
}

// Offer is offer: the legal actions seat is offered, made from legal.
func (l Live) Offer(seat engine.Seat, legal []engine.Action) int { return len(l.l.offer(seat, legal)) }

// OfferedAt is offer, returning where the list offered is kept: a list
// offered again is the one kept, at the same place.
func (l Live) OfferedAt(seat engine.Seat, legal []engine.Action) any {
	return &l.l.offer(seat, legal)[0]
}

// ForgetOffers drops the offers kept per seat (not the table's cache of
// encoded actions).
func (l Live) ForgetOffers() { l.l.offered = nil }
