package mgt

import (
	"fmt"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/sim"
)

// playRound plays one round of st with the given bots, through the engine
// interface only (Pending, View, Legal, Apply), and returns the actions taken.
// Like a table (engine.Only), it plays a seat's only legal action without
// building a view or asking the bot: in most claim windows, "pass".
func playRound(tb testing.TB, st *State, bots []engine.Bot, d, r *dice.Stream) int {
	tb.Helper()
	round := st.round
	n := 0
	for st.round == round && st.phase != PhaseOver {
		for _, p := range st.Pending() {
			legal := st.Legal(p)
			a := legal[0]
			if len(legal) > 1 {
				a = bots[p].Act(p, st.View(p), legal, r)
			}
			if _, err := st.Apply(p, a, d); err != nil {
				tb.Fatalf("%s: %v", a, err)
			}
			n++
			break
		}
	}
	return n
}

// BenchmarkRound is full four-player rounds with greedy bots, played the
// way "tabletop sim" plays them, through sim.Player and the engine
// interface only (Game.Setup, Pending, Legal, View, the bots' Act, Apply,
// Outcome, Release). One op is one whole game of four rounds, each of its
// own seed; ns/round is the figure to read.
func BenchmarkRound(b *testing.B) {
	seats := make([]engine.SeatInfo, 4)
	bots := make([]engine.Bot, 4)
	for i := range bots {
		seats[i].Name = fmt.Sprintf("P%d", i+1)
		bots[i] = greedyBot{}
	}
	opts, err := Game.Info().Normalize(nil)
	if err != nil {
		b.Fatal(err)
	}
	p := sim.NewPlayer(Game, opts, seats, bots, 1_000_000)
	b.ReportAllocs()
	actions, rounds, i := 0, 0, 0
	for b.Loop() {
		i++
		_, _, n, err := p.Play(dice.Seed{byte(i), byte(i >> 8), byte(i >> 16)})
		if err != nil {
			b.Fatal(err)
		}
		actions += n
		rounds += opts.Int("rounds")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(rounds), "ns/round")
	b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
	b.ReportMetric(float64(actions)/float64(rounds), "actions/round")
}

// claimWindow is a six-player claim window on a Siren that Bo may claim and
// the others may only pass.
func claimWindow(tb testing.TB) *State {
	tb.Helper()
	s := scene(tb, [][]string{{"Siren", "Lich"}, {"Harpy", "Jubjub", "Gandharva"}, {"Zombie"}, {"Gazer"}, {"Mummy"}, {"Ghoul"}}, "Dryad")
	act(tb, s, 0, "discard Siren", nil)
	return s
}

// BenchmarkApply/pass is one sealed pass that does not close the claim
// window: most actions of a game are such passes.
func BenchmarkApply(b *testing.B) {
	b.Run("pass", func(b *testing.B) {
		s := claimWindow(b)
		d := dice.NewUnrecordedStream(dice.Seed{})
		b.ReportAllocs()
		for b.Loop() {
			s.answer[3] = 0
			if _, err := s.Apply(3, boxedPass, d); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkLegal/claim is what a driver asks of a claim window before each
// answer: Pending, then Legal of a seat that may only pass.
func BenchmarkLegal(b *testing.B) {
	b.Run("claim", func(b *testing.B) {
		s := claimWindow(b)
		b.ReportAllocs()
		for b.Loop() {
			p := s.Pending()[2]
			if len(s.Legal(p)) != 1 {
				b.Fatal("want pass only")
			}
		}
	})
}
