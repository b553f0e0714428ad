package server_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/server"
)

// claimGame is one answer window: Ann may claim or pass, Bo may only pass
// (a choice of one, which the server answers for him at once). Whether Ann
// has a real choice is the window's secret.
type claimGame struct{}

func (claimGame) Info() engine.Info {
	return engine.Info{ID: "claim", Name: "Claim", MinSeats: 2, MaxSeats: 2, RulesVersion: "1"}
}

func (claimGame) Setup(engine.Options, []engine.SeatInfo, *dice.Stream) (engine.State, error) {
	return &claimState{}, nil
}

func (claimGame) Decode(kind string, _ json.RawMessage) (engine.Action, error) {
	if kind != "claim" && kind != "pass" {
		return nil, engine.Illegal(nil, "no action %q", kind)
	}
	return claimAct{K: kind}, nil
}

type claimAct struct {
	K string `json:"-"`
}

func (a claimAct) Kind() string   { return a.K }
func (a claimAct) String() string { return a.K }

type claimState struct {
	answered [2]string
	noWindow bool // the answers are plain turns, not a window (typedGame's option)
}

func (s *claimState) open() bool { return s.answered[0] == "" || s.answered[1] == "" }

func (s *claimState) Pending() []engine.Seat {
	var p []engine.Seat
	for i, a := range s.answered {
		if a == "" {
			p = append(p, engine.Seat(i))
		}
	}
	return p
}

func (s *claimState) Legal(seat engine.Seat) []engine.Action {
	switch {
	case seat < 0 || seat > 1 || s.answered[seat] != "":
		return nil
	case seat == 0:
		return []engine.Action{claimAct{"claim"}, claimAct{"pass"}}
	}
	return []engine.Action{claimAct{"pass"}}
}

func (s *claimState) Apply(seat engine.Seat, a engine.Action, _ *dice.Stream) ([]engine.Event, error) {
	if _, typed := a.(engine.Standin); typed {
		return nil, engine.Unresolved(a) // as every game's Apply does
	}
	ok := false
	for _, l := range s.Legal(seat) {
		ok = ok || l.Kind() == a.Kind()
	}
	if !ok {
		return nil, engine.Illegal(a, "not now")
	}
	s.answered[seat] = a.Kind()
	return []engine.Event{{Kind: "answer", Text: seat.String() + " answers " + a.Kind()}}, nil
}

func (s *claimState) View(engine.Seat) engine.View { return struct{}{} }

func (s *claimState) Outcome() (engine.Outcome, bool) {
	if s.open() {
		return engine.Outcome{}, false
	}
	return engine.Outcome{Winners: []engine.Seat{0}, Text: "over"}, true
}

func (s *claimState) Clone() engine.State       { c := *s; return &c }
func (s *claimState) WindowOpen() bool          { return !s.noWindow && s.open() }
func (s *claimState) WindowHold() time.Duration { return 2500 * time.Millisecond }
func (s *claimState) WindowDefault(engine.Seat) engine.Action {
	return claimAct{"pass"}
}

// TestTurnClock_StopsWhileAnAnswerWindowIsOpen: in an answer window only
// the players able to claim have a real choice, and the others' passes are
// answered for them at once. A clock that ran out during the window would
// hand over exactly the seats with a real choice, telling everyone who has
// one: so it does not run while a window is open (the window's hold and
// default answer stand for it).
func TestTurnClock_StopsWhileAnAnswerWindowIsOpen(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = engine.NewRegistry(claimGame{}) })
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "claim", "options": map[string]string{"turn-clock": "1"},
		"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}}})
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	decode(t, r, &c)
	time.Sleep(1800 * time.Millisecond) // past Ann's clock, within the window's hold
	if st := h.mustState(c.ID, ""); st.Seq != 0 {
		t.Fatalf("the log moved while the window was open: %v", logTexts(st))
	}
	if s := h.seats(c.ID, ""); s.Seats[0].StandIn {
		t.Fatal("Ann's seat was handed to a bot during the window")
	}
	st := h.waitFor(c.ID, "", "the window to close", func(st tableState) bool { return st.Over })
	if texts := logTexts(st); containsText(texts, "turn clock") || len(st.Log) != 2 {
		t.Fatalf("the window closed with %v, want the two answers only", texts)
	}
}
