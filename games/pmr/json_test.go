package pmr

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// TestView_AppendJSONIsMarshal checks the hand-written encoding of views
// against json.Marshal's: over whole seeded games of 2 to 8 stables, with
// bots of every kind, standard and other options and names that need
// escaping, at every step, from every seat, the spectator and a seat that
// is no stable. It also checks that the games reached every optional part
// of a view, so that none of them goes unchecked.
func TestView_AppendJSONIsMarshal(t *testing.T) {
	names := []string{"Zoë", "a<b&c>", `"q"\`, "tab\tx", "Ann", "Bo", "Cy", "Di"}
	seen := map[string]bool{}
	for i, c := range []struct {
		opts Options
		bots []string
	}{
		{Options{}, []string{"greedy", "nash"}},
		{Options{Turns: 9, SoleWinner: true}, []string{"random", "random", "random"}},
		{Options{Turns: 12, Every: 2, RetireAge: 6}, []string{"nash", "greedy", "random", "nash"}},
		{Options{Turns: 9}, []string{"random", "greedy", "nash", "nash", "greedy", "random", "nash", "greedy"}},
		{Options{SoleWinner: true}, []string{"random", "random"}},
	} {
		for seed := range byte(4) {
			bots, seats := mustBots(t, c.bots...)
			for p := range seats {
				seats[p].Name = names[p]
				if p%2 == 1 {
					seats[p].Bot = ""
				}
			}
			s, err := New(c.opts, seats)
			if err != nil {
				t.Fatal(err)
			}
			d, r := dice.NewUnrecordedStream(dice.Seed{byte(i), seed, 1}), dice.NewUnrecordedStream(dice.Seed{byte(i), seed, 2})
			for step := 0; ; step++ {
				for p := engine.Spectator; int(p) <= len(seats); p++ {
					if err := checkViewJSON(s.View(p), seen); err != nil {
						t.Fatalf("game %d, seed %d, step %d, seat %d: %v", i, seed, step, p, err)
					}
				}
				pending := s.Pending()
				if len(pending) == 0 {
					break
				}
				p := pending[step%len(pending)]
				if _, err := s.Apply(p, bots[p].Act(p, s.View(p), s.Legal(p), r), d); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, v := range []*View{nil, {Seat: 2, Sealed: "capture"}, {Board: &Board{Stables: []StableView{{Pending: true}}}}} {
		if err := checkViewJSON(v, seen); err != nil {
			t.Errorf("%+v: %v", v, err)
		}
	}
	for _, key := range viewKeys {
		if !seen[key] {
			t.Errorf("no view checked holds %s", key)
		}
	}
}

// viewKeys are the optional parts of a view, and escaped characters, that
// TestView_AppendJSONIsMarshal must meet.
var viewKeys = []string{`"sealed"`, `"bot"`, `"tournament"`, `"last_tournament"`, `"entrants"`, `"seed_dice"`, `"matches"`,
	`"match"`, `"contests"`, `"dice_off"`, `"seed"`, `"bye"`, `"phase":"enter"`, `"phase":"over"`, `\u003c`, `\"`}

// checkViewJSON compares v.AppendJSON with json.Marshal(v), and notes in
// seen which keys the bytes held.
func checkViewJSON(v engine.View, seen map[string]bool) error {
	want, err := json.Marshal(v)
	if err != nil {
		return err
	}
	got, err := v.(engine.JSONAppender).AppendJSON([]byte("x"))
	if err != nil {
		return err
	}
	if !bytes.Equal(got[1:], want) || got[0] != 'x' {
		return fmt.Errorf("AppendJSON differs from json.Marshal:\n got %s\nwant %s", got[1:], want)
	}
	for _, key := range viewKeys {
		if !seen[key] && strings.Contains(string(want), key) {
			seen[key] = true
		}
	}
	return nil
}

// BenchmarkViewJSON encodes a stable's view in the middle of a tournament
// match, with json.Marshal ("marshal") and with AppendJSON into a buffer
// used before ("append"), as the server encodes it for every seat on every
// change.
func BenchmarkViewJSON(b *testing.B) {
	v := matchState(b).View(1)
	b.Run("marshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("append", func(b *testing.B) {
		var buf []byte
		b.ReportAllocs()
		for b.Loop() {
			var err error
			if buf, err = v.(engine.JSONAppender).AppendJSON(buf[:0]); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(buf)), "bytes")
	})
}
