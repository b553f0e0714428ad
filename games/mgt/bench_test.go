package mgt

import (
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// playRound plays one round of st with the given bots, through the engine
// interface only (Pending, View, Legal, Apply), and returns the actions taken.
func playRound(tb testing.TB, st *State, bots []engine.Bot, d, r *dice.Stream) int {
	tb.Helper()
	round := st.round
	n := 0
	for st.round == round && st.phase != PhaseOver {
		for _, p := range st.Pending() {
			a := bots[p].Act(p, st.View(p), st.Legal(p), r)
			if _, err := st.Apply(p, a, d); err != nil {
				tb.Fatalf("%s: %v", a, err)
			}
			n++
			break
		}
	}
	return n
}

// BenchmarkRound is full four-player rounds with greedy bots, through the
// engine interface: the deal, then every action until the round ends. One
// op is one whole game of four rounds; ns/round is the figure to read.
func BenchmarkRound(b *testing.B) {
	seats := make([]engine.SeatInfo, 4)
	bots := make([]engine.Bot, 4)
	for i := range bots {
		bots[i] = greedyBot{}
	}
	d := dice.NewUnrecordedStream(dice.Seed{7})
	r := dice.NewUnrecordedStream(dice.Seed{8})
	b.ReportAllocs()
	actions, rounds := 0, 0
	for b.Loop() {
		st, err := New(Options{}, seats, d)
		if err != nil {
			b.Fatal(err)
		}
		for st.phase != PhaseOver {
			actions += playRound(b, st, bots, d, r)
			rounds++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(rounds), "ns/round")
	b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
	b.ReportMetric(float64(actions)/float64(rounds), "actions/round")
}
