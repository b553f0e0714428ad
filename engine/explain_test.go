package engine_test

import (
	"errors"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// endAct ends the game for everyone; only seat 0 may take it.
type endAct struct{}

func (endAct) Kind() string    { return "end" }
func (endAct) String() string  { return "end" }
func (endAct) Confirm() string { return "End it for everyone?" }

// passAct asks nothing.
type passAct struct{}

func (passAct) Kind() string   { return "pass" }
func (passAct) String() string { return "pass" }

// typedAct stands for the action its text names.
type typedAct struct{ text string }

func (typedAct) Kind() string     { return "typed" }
func (t typedAct) String() string { return t.text }
func (t typedAct) Resolve() (engine.Action, error) {
	switch t.text {
	case "end":
		return endAct{}, nil
	case "pass":
		return passAct{}, nil
	}
	return nil, engine.Illegal(t, "no such action")
}

// endState is a game that seat 0 ends with endAct.
type endState struct{ over bool }

func (s *endState) Pending() []engine.Seat {
	if s.over {
		return nil
	}
	return []engine.Seat{0, 1}
}
func (s *endState) Legal(seat engine.Seat) []engine.Action {
	if s.over {
		return nil
	}
	if seat == 0 {
		return []engine.Action{endAct{}, passAct{}}
	}
	return []engine.Action{passAct{}}
}
func (s *endState) Apply(seat engine.Seat, a engine.Action, d *dice.Stream) ([]engine.Event, error) {
	switch a.(type) {
	case endAct:
		if seat != 0 {
			return nil, engine.NotYourTurn(a, "only the game master may do that")
		}
		s.over = true
	case passAct:
	default:
		return nil, engine.Illegal(a, "not an action here")
	}
	return nil, nil
}
func (s *endState) View(engine.Seat) engine.View { return s.over }
func (s *endState) Outcome() (engine.Outcome, bool) {
	return engine.Outcome{Text: "ended"}, s.over
}
func (s *endState) Clone() engine.State { c := *s; return &c }

// TestAskFirst_AsksOnlyWhereTheGameWouldTakeTheAction: the question an
// action asks first (engine.Confirmer) is asked of a seat the game would
// take it from, however it was sent (a typed stand-in asks what it stands
// for); a seat that may not take it, an action that asks nothing and a
// text that reads as no action are not asked about. The state is only
// tried, never changed.
func TestAskFirst_AsksOnlyWhereTheGameWouldTakeTheAction(t *testing.T) {
	for _, tc := range []struct {
		name string
		seat engine.Seat
		a    engine.Action
		want string
	}{
		{"the game master's end", 0, endAct{}, "End it for everyone?"},
		{"the game master's typed end", 0, typedAct{"end"}, "End it for everyone?"},
		{"a player's end", 1, endAct{}, ""},
		{"a player's typed end", 1, typedAct{"end"}, ""},
		{"an action that asks nothing", 0, passAct{}, ""},
		{"a typed action that asks nothing", 0, typedAct{"pass"}, ""},
		{"a text that reads as no action", 0, typedAct{"fly"}, ""},
		{"no action", 0, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &endState{}
			q, asked := engine.AskFirst(st, tc.seat, tc.a)
			if q != tc.want {
				t.Fatalf("AskFirst(seat %d, %v) = %q, want %q", tc.seat, tc.a, q, tc.want)
			}
			if _, isEnd := asked.(endAct); isEnd != (q != "") {
				t.Fatalf("AskFirst(seat %d, %v) asks about %v, want the end it stands for", tc.seat, tc.a, asked)
			}
			if st.over {
				t.Fatalf("AskFirst(seat %d, %v) ended the game it only tried the action on", tc.seat, tc.a)
			}
		})
	}
	if _, err := (&endState{}).Apply(1, endAct{}, nil); !errors.Is(err, engine.ErrNotYourTurn) {
		t.Fatalf("a player's end = %v, want the game's refusal", err)
	}
}
