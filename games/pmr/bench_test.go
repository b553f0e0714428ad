package pmr

import (
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/sim"
)

// BenchmarkPlayout plays whole 4-stable, 30-turn games with bots the way
// "tabletop sim" does, through sim.Player and the engine interface only
// (Game.Setup, Pending, Legal, View, the bots' Act, Apply, Outcome, Metrics,
// Release): one op is one game, each of its own seed.
func BenchmarkPlayout(b *testing.B) {
	for _, mix := range []string{"greedy,greedy,greedy,greedy", "nash,greedy,random,random", "random,random,random,random"} {
		b.Run(mix, func(b *testing.B) {
			bots, seats := mustBots(b, strings.Split(mix, ",")...)
			opts, err := Game.Info().Normalize(nil)
			if err != nil {
				b.Fatal(err)
			}
			p := sim.NewPlayer(Game, opts, seats, bots, 1_000_000)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				if _, _, _, err := p.Play(dice.Seed{byte(i), byte(i >> 8), byte(i >> 16)}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkLegal lists the activities of a stable with five monsters.
func BenchmarkLegal(b *testing.B) {
	s := mustNew(b, 30, "Ann", "Bob")
	give(s, 0, Monster{}, Monster{}, Monster{}, Monster{}, Monster{})
	b.ReportAllocs()
	for b.Loop() {
		_ = s.Legal(0)
	}
}

// BenchmarkApply seals and resolves one turn of two stables' training.
func BenchmarkApply(b *testing.B) {
	s0 := mustNew(b, 30, "Ann", "Bob")
	give(s0, 0, Monster{}, Monster{})
	give(s0, 1, Monster{}, Monster{})
	d := dice.NewUnrecordedStream(dice.Seed{1})
	a := Train{Monster: 1, Ability: Random}
	b.ReportAllocs()
	for b.Loop() {
		s := s0.clone()
		if _, err := s.Apply(0, a, d); err != nil {
			b.Fatal(err)
		}
		if _, err := s.Apply(1, a, d); err != nil {
			b.Fatal(err)
		}
	}
}

var _ engine.State = (*State)(nil)
