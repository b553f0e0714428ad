package mgt

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// transcript plays a game to the end with greedy and random bots and
// records every action with its events and the acting seat's view, and the
// outcome.
func transcript(t *testing.T, n int, seed byte) (string, *State) {
	t.Helper()
	seats := make([]engine.SeatInfo, n)
	bots := make([]engine.Bot, n)
	for i := range seats {
		seats[i].Name = fmt.Sprintf("P%d-%d", i, seed)
		bots[i] = greedyBot{}
		if i%2 == 1 {
			bots[i] = randomBot{}
		}
	}
	d := dice.NewUnrecordedStream(dice.Seed{seed})
	r := dice.NewUnrecordedStream(dice.Seed{seed, 1})
	s, err := New(Options{Rounds: 3}, seats, d)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for step := 0; step < 100000; step++ {
		pending := s.Pending()
		if len(pending) == 0 {
			o, _ := s.Outcome()
			fmt.Fprintf(&b, "over: %s %v\n", o.Text, o.Scores)
			return b.String(), s
		}
		p := pending[0]
		legal := s.Legal(p)
		a := legal[0]
		v, _ := json.Marshal(s.View(p))
		if len(legal) > 1 {
			a = bots[p].Act(p, s.View(p), legal, r)
		}
		evs, err := s.Apply(p, a, d)
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		e, _ := json.Marshal(evs)
		fmt.Fprintf(&b, "%s %s %s\n%s\n", p, a, v, e)
	}
	t.Fatal("the game did not end")
	return "", nil
}

// TestRelease_ReusedStatePlaysAsAFreshOne checks that games set up after
// others were released (New rewinds the released state's arena and hands
// its memory out again) play exactly as fresh ones, bots' choices included:
// the same actions, views, events and outcome.
func TestRelease_ReusedStatePlaysAsAFreshOne(t *testing.T) {
	sizes := []int{6, 2, 4, 3, 5, 2}
	want := make([]string, len(sizes))
	var states []*State
	for i, n := range sizes {
		var s *State
		want[i], s = transcript(t, n, byte(i+1))
		states = append(states, s)
	}
	for _, s := range states {
		s.Release()
	}
	reused := 0
	for i := len(sizes) - 1; i >= 0; i-- {
		got, s := transcript(t, sizes[i], byte(i+1))
		if got != want[i] {
			gl, wl := strings.Split(got, "\n"), strings.Split(want[i], "\n")
			for k := range min(len(gl), len(wl)) {
				if gl[k] != wl[k] {
					t.Fatalf("game %d (%d players): after releases, line %d differs:\ngot  %.300s\nwant %.300s", i, sizes[i], k+1, gl[k], wl[k])
				}
			}
			t.Fatalf("game %d: after releases, %d lines, want %d", i, len(gl), len(wl))
		}
		for _, old := range states {
			if s == old {
				reused++
			}
		}
		s.Release()
		if _, err := s.Apply(0, Pass{}, dice.NewUnrecordedStream(dice.Seed{})); err == nil {
			t.Fatalf("a released state accepted an action")
		}
	}
	if reused == 0 {
		t.Errorf("no game reused a released state")
	}
}
