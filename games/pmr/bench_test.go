package pmr

import (
	"math/rand/v2"
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

// BenchmarkTableAct plays two-stable games of 300 turns through an
// engine.Table the way the server does for each action (server/table.go's
// applyLocked and botDue, server/view.go's stateFor and logFor): Act, then
// engine.Only for every pending seat, then for each seat its view as JSON,
// its legal list, and the new log entry's events as it sees them, as JSON.
// A seat whose only legal action it is plays it; otherwise a seat plays a
// random legal action, as loadgen's clients do. One op is one action; a
// new table replaces a finished one outside the timing.
func BenchmarkTableAct(b *testing.B) {
	opts, err := Game.Info().Normalize(engine.Options{"turns": "300"})
	if err != nil {
		b.Fatal(err)
	}
	seats := []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}
	rng := rand.New(rand.NewPCG(1, 2))
	games := 0
	newTable := func() *engine.Table {
		games++
		tab, err := engine.NewTable(Game, opts, seats, dice.Seed{byte(games), byte(games >> 8)})
		if err != nil {
			b.Fatal(err)
		}
		return tab
	}
	tab := newTable()
	var buf []byte
	b.ReportAllocs()
	for b.Loop() {
		if _, over := tab.Over(); over {
			b.StopTimer()
			tab = newTable()
			b.StartTimer()
		}
		st := tab.State()
		pending := st.Pending()
		p := pending[rng.IntN(len(pending))]
		legal := st.Legal(p)
		a := legal[rng.IntN(len(legal))]
		if _, err := tab.Act(p, a); err != nil {
			b.Fatal(err)
		}
		st = tab.State()
		for _, q := range st.Pending() { // botDue
			engine.Only(st, q)
		}
		entry := tab.Log(tab.Len() - 1)[0]
		for q := range engine.Seat(len(seats)) { // each seat's stream
			if buf, err = engine.AppendJSON(buf[:0], st.View(q)); err != nil {
				b.Fatal(err)
			}
			_ = st.Legal(q)
			for _, e := range entry.Events {
				if v, ok := e.For(q); ok {
					if buf, err = v.AppendJSON(buf[:0]); err != nil {
						b.Fatal(err)
					}
				}
			}
		}
	}
}
