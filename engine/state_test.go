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
