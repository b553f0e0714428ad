package prophecy

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// FuzzPlay types arbitrary lines at a table (each line: a seat digit, then
// an action's text form, or a kind and a JSON body after "json "): nothing
// panics, every refusal wraps an engine error and changes nothing, and the
// table stays playable.
func FuzzPlay(f *testing.F) {
	var all []string
	for _, st := range script {
		all = append(all, string(rune('0'+st.seat))+st.text)
	}
	f.Add(strings.Join(all, "\n"))
	f.Add("0world city\n1receive\n2json add {\"under\":1,\"objective\":\"x\"}\n0move 2 under 2\n0remove 1")
	f.Add("0json world {\"custom\":{\"id\":\"x\"}}\n9roll\n0pair 0.0 with -1.7\n0aspect 1.99999999999999999999: x")
	f.Fuzz(func(t *testing.T, input string) {
		s := mustNew(t, 3)
		d := dice.NewStream(dice.Seed{1})
		for _, line := range strings.Split(input, "\n") {
			if len(line) < 2 {
				continue
			}
			seat := engine.Seat(int(line[0]) - '0')
			var a engine.Action
			var err error
			if kind, body, ok := strings.Cut(strings.TrimPrefix(line[1:], "json "), " "); ok && strings.HasPrefix(line[1:], "json ") {
				a, err = Game.Decode(kind, json.RawMessage(body))
			} else {
				a, err = ParseAction(line[1:])
			}
			if err != nil {
				continue
			}
			before, n := s.Clone(), d.Len()
			if _, err := s.Apply(seat, a, d); err != nil {
				if !errors.Is(err, engine.ErrIllegalAction) && !errors.Is(err, engine.ErrNotYourTurn) && !errors.Is(err, engine.ErrGameOver) {
					t.Fatalf("%q: %v is not an engine error", line, err)
				}
				if !reflect.DeepEqual(before, s) || d.Len() != n {
					t.Fatalf("%q was refused but changed the table", line)
				}
			}
			s.View(seat)
			s.Legal(0)
		}
		if _, over := s.Outcome(); !over && len(s.Legal(0)) == 0 {
			t.Fatalf("the table is stuck")
		}
	})
}
