package engine_test

import (
	"errors"
	"testing"

	"tabletop/engine"
	"tabletop/internal/duel"
)

// standin stands for the action to, or is refused with err.
type standin struct {
	to  engine.Action
	err error
}

func (standin) Kind() string                      { return "typed" }
func (standin) String() string                    { return "attack!" }
func (s standin) Resolve() (engine.Action, error) { return s.to, s.err }

// TestResolve_AStandinReadsAsOneRealAction: Resolve gives an action that
// is no stand-in back as it is, and a stand-in's action; a stand-in that
// stands for nothing or for another stand-in is refused, and so is one
// whose text reads as nothing, with its own words.
func TestResolve_AStandinReadsAsOneRealAction(t *testing.T) {
	attack := duel.Stance{Stance: duel.Attack}
	unread := engine.Illegal(nil, "unknown action")
	for _, tc := range []struct {
		name string
		in   engine.Action
		want engine.Action
		err  error
	}{
		{"an action", attack, attack, nil},
		{"a stand-in", standin{to: attack}, attack, nil},
		{"one for nothing", standin{}, nil, engine.ErrIllegalAction},
		{"one for a stand-in", standin{to: standin{to: attack}}, nil, engine.ErrIllegalAction},
		{"one whose text reads as nothing", standin{err: unread}, nil, unread},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := engine.Resolve(tc.in)
			if got != tc.want || !errors.Is(err, tc.err) || (err == nil) != (tc.err == nil) {
				t.Errorf("Resolve(%#v) = %#v, %v, want %#v, %v", tc.in, got, err, tc.want, tc.err)
			}
		})
	}
}

// seatStandin stands for attack!, and reads "attack" differently by who
// typed it: seat 0 is refused with a hint of its own.
type seatStandin struct{ standin }

func (s seatStandin) ResolveBy(_ engine.State, seat engine.Seat) (engine.Action, error) {
	if seat == 0 {
		return nil, engine.Illegal(nil, "seat 0 writes it otherwise")
	}
	return s.Resolve()
}

// TestResolveBy_ASeatStandinReadsAsItsSeats: ResolveBy reads a
// SeatStandin as the seat that typed it, any other stand-in as Resolve
// does, and refuses a SeatStandin that stands for another stand-in.
func TestResolveBy_ASeatStandinReadsAsItsSeats(t *testing.T) {
	attack := duel.Stance{Stance: duel.Attack}
	s := seatStandin{standin{to: attack}}
	if _, err := engine.ResolveBy(nil, 0, s); err == nil || err.Error() != "engine: seat 0 writes it otherwise" {
		t.Errorf("ResolveBy(seat 0) = %v, want seat 0's refusal", err)
	}
	if got, err := engine.ResolveBy(nil, 1, s); got != attack || err != nil {
		t.Errorf("ResolveBy(seat 1) = %#v, %v, want %#v", got, err, attack)
	}
	if got, err := engine.ResolveBy(nil, 0, standin{to: attack}); got != attack || err != nil {
		t.Errorf("ResolveBy(a Standin) = %#v, %v, want %#v", got, err, attack)
	}
	if _, err := engine.ResolveBy(nil, 1, seatStandin{standin{to: s}}); !errors.Is(err, engine.ErrIllegalAction) {
		t.Errorf("ResolveBy(one for a stand-in) = %v, want refused", err)
	}
}
