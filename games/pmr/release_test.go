package pmr

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// transcript plays s to the end with bots and records, at every step, every
// seat's view, the acting seat's legal actions, the action and its events.
func transcript(t *testing.T, s *State, bots []engine.Bot, seed byte) string {
	t.Helper()
	d := dice.NewUnrecordedStream(dice.Seed{seed})
	r := dice.NewUnrecordedStream(dice.Seed{seed, 1})
	var b strings.Builder
	for step := 0; step < 100000; step++ {
		pending := s.Pending()
		if len(pending) == 0 {
			o, _ := s.Outcome()
			fmt.Fprintf(&b, "over: %s %v\n", o.Text, o.Scores)
			return b.String()
		}
		p := pending[0]
		legal := s.Legal(p)
		// Every seat's view and the spectator's: a stale cache of any
		// stable would show in all of them.
		for q := engine.Spectator; int(q) < len(bots); q++ {
			if q != p {
				v, _ := json.Marshal(s.View(q))
				fmt.Fprintf(&b, "%s sees %s\n", q, v)
			}
		}
		v, _ := json.Marshal(s.View(p))
		a := bots[p].Act(p, s.View(p), legal, r)
		evs, err := s.Apply(p, a, d)
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		raw, _ := json.Marshal(evs)
		fmt.Fprintf(&b, "%s %s %s\n%s\n%s\n", p, v, actionTexts(legal), a, raw)
	}
	t.Fatal("the game did not end")
	return ""
}

// TestRelease_ReusedStatePlaysAsAFreshOne checks that a state whose memory
// served other games (reset, as New does with a released state) plays a game
// exactly as a fresh state does: the same views, legal actions, events and
// outcome, whatever the tables before it (more stables, fewer, other names,
// finished or left in the middle of a turn or a tournament).
func TestRelease_ReusedStatePlaysAsAFreshOne(t *testing.T) {
	tables := [][]string{
		{"nash", "greedy", "random", "nash", "greedy", "random", "nash", "greedy"},
		{"greedy", "nash"},
		{"random", "greedy", "nash", "random"},
		{"nash", "nash", "greedy", "greedy", "random", "random", "nash", "greedy"},
		{"greedy", "random"},
	}
	r := dice.NewUnrecordedStream(dice.Seed{11})
	for range 15 { // and tables of every size, one after another
		names := make([]string, 1+r.Roll(7))
		for k := range names {
			names[k] = [...]string{"random", "greedy", "nash"}[r.Roll(3)-1]
		}
		tables = append(tables, names)
	}
	reused := new(State)
	for i, names := range tables {
		bots, seats := mustBots(t, names...)
		for k := range seats {
			seats[k].Name = fmt.Sprintf("%s-%d-%d", names[k], i, k) // other names each table
		}
		turns := 3 * (1 + i%10)
		fresh := new(State)
		fresh.reset(newConfig(stdOptions(turns), seats), len(seats))
		want := transcript(t, fresh, bots, byte(i+1))

		if i%2 == 1 {
			// Half the time the last game was left part way, mid-turn or
			// mid-tournament, with sealed choices and caches of its own.
			bots2, seats2 := mustBots(t, tables[(i+3)%len(tables)]...)
			reused.reset(newConfig(stdOptions(30), seats2), len(seats2))
			playSteps(t, reused, bots2, byte(i+100), 1+r.Roll(400))
		}
		reused.reset(newConfig(stdOptions(turns), seats), len(seats))
		if got := transcript(t, reused, bots, byte(i+1)); got != want {
			gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
			for k := range min(len(gl), len(wl)) {
				if gl[k] != wl[k] {
					t.Fatalf("table %d: a reused state plays differently at line %d:\ngot  %s\nwant %s", i+1, k+1, gl[k], wl[k])
				}
			}
			t.Fatalf("table %d: a reused state's game has %d lines, a fresh one's %d", i+1, len(gl), len(wl))
		}
	}
}

// playSteps plays up to steps actions of s with bots, stopping early if the
// game ends.
func playSteps(t *testing.T, s *State, bots []engine.Bot, seed byte, steps int) {
	t.Helper()
	d := dice.NewUnrecordedStream(dice.Seed{seed})
	r := dice.NewUnrecordedStream(dice.Seed{seed, 1})
	for range steps {
		pending := s.Pending()
		if len(pending) == 0 {
			return
		}
		p := pending[0]
		s.View(engine.Spectator) // caches to leave behind
		a := bots[p].Act(p, s.View(p), s.Legal(p), r)
		if _, err := s.Apply(p, a, d); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRelease_NewReusesAReleasedStateAndTheReleasedOneRefusesActions checks
// that New takes its memory from a released state and that a released state
// takes no action.
func TestRelease_NewReusesAReleasedStateAndTheReleasedOneRefusesActions(t *testing.T) {
	bots, seats := mustBots(t, "greedy", "greedy")
	reusedOnce := false
	for i := range 20 {
		s, err := New(Options{Turns: 3}, seats)
		if err != nil {
			t.Fatal(err)
		}
		// Released part way, so that the game itself would still take an
		// action: at each of the first eight steps of a three-turn game.
		playSteps(t, s, bots, byte(i), i%8)
		if len(s.Pending()) == 0 {
			t.Fatalf("the game ended within %d steps", i%8)
		}
		p := s.Pending()[0]
		legal := s.Legal(p)[0]
		s.Release()
		s.Release() // a second call changes nothing
		if _, err := s.Apply(p, legal, dice.NewUnrecordedStream(dice.Seed{})); err == nil {
			t.Fatalf("a released state accepted %s from %s after %d steps", legal, p, i%8)
		}
		next, err := New(Options{Turns: 3}, seats)
		if err != nil {
			t.Fatal(err)
		}
		if next == s {
			reusedOnce = true
			if next.turn != 1 || next.phase != PhaseActivity || len(next.stables[0].monsters) != 0 {
				t.Fatalf("New reused a released state without resetting it: turn %d, phase %s, %d monsters", next.turn, next.phase, len(next.stables[0].monsters))
			}
		}
		next.Release()
	}
	if !reusedOnce {
		t.Errorf("New never reused a released state in 20 games")
	}
}
