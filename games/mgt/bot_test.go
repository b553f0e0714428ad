package mgt

import (
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// playGames plays seeded games with one bot per seat and returns each seat's
// share of the wins and mean points.
func playGames(tb testing.TB, games int, bots []engine.Bot) (share, points []float64) {
	tb.Helper()
	n := len(bots)
	share, points = make([]float64, n), make([]float64, n)
	for g := range games {
		d := dice.NewUnrecordedStream(dice.Seed{byte(g), byte(g >> 8), 'S'})
		r := dice.NewUnrecordedStream(dice.Seed{byte(g), byte(g >> 8), 'R'})
		st, err := New(Options{}, make([]engine.SeatInfo, n), d)
		if err != nil {
			tb.Fatal(err)
		}
		for st.phase != PhaseOver {
			playRound(tb, st, bots, d, r)
		}
		out, _ := st.Outcome()
		for p := range n {
			share[p] += out.Share(engine.Seat(p)) / float64(games)
			points[p] += float64(out.Scores[p]) / float64(games)
		}
	}
	return share, points
}

// TestGreedy_BeatsRandom: in fixed-seed games, greedy wins far more than its
// share against random bots, at two and at four players.
func TestGreedy_BeatsRandom(t *testing.T) {
	tests := []struct {
		name     string
		bots     []engine.Bot
		minShare float64 // greedy's (seat 0) share of the wins
	}{
		{"greedy vs random", []engine.Bot{greedyBot{}, randomBot{}}, 0.9},
		{"greedy vs three random", []engine.Bot{greedyBot{}, randomBot{}, randomBot{}, randomBot{}}, 0.8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			share, points := playGames(t, 200, tt.bots)
			t.Logf("win share %.3f, mean points %.2f", share, points)
			if share[0] < tt.minShare {
				t.Fatalf("greedy won %.1f%% of the games, want at least %.0f%%", 100*share[0], 100*tt.minShare)
			}
		})
	}
}

// TestGreedy_PlaysFromItsViewOnly: greedy's choice is the same for a state
// and for any determinization of it from greedy's seat, so it cannot be
// reading hidden information.
func TestGreedy_PlaysFromItsViewOnly(t *testing.T) {
	d := dice.NewUnrecordedStream(dice.Seed{9})
	st, err := New(Options{}, make([]engine.SeatInfo, 4), d)
	if err != nil {
		t.Fatal(err)
	}
	bots := []engine.Bot{greedyBot{}, greedyBot{}, greedyBot{}, greedyBot{}}
	r := dice.NewUnrecordedStream(dice.Seed{10})
	for step := 0; step < 300 && st.phase != PhaseOver; step++ {
		p := st.Pending()[0]
		a := bots[p].Act(p, st.View(p), st.Legal(p), dice.NewUnrecordedStream(dice.Seed{11}))
		other := st.Determinize(p, r)
		b := bots[p].Act(p, other.View(p), other.Legal(p), dice.NewUnrecordedStream(dice.Seed{11}))
		if a.String() != b.String() {
			t.Fatalf("step %d: greedy plays %q, but %q after a determinization", step, a, b)
		}
		if _, err := st.Apply(p, a, d); err != nil {
			t.Fatal(err)
		}
	}
}
