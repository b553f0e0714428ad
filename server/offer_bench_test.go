package server_test

import (
	"math/rand/v2"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games/pmr"
	"tabletop/server"
)

// BenchmarkOffer is making the offers of a two-seat PMR game's first 300
// states, each seat's after the other, as streams do: lists that stay the
// same while the other seat moves, and change by a few actions after a
// seat's own. The table has seen every action before, as one that has been
// played a while has.
func BenchmarkOffer(b *testing.B) {
	tab, err := engine.NewTable(pmr.Game, engine.Options{"turns": "300"}, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}, dice.Seed{3})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	type offer struct {
		seat  engine.Seat
		legal []engine.Action
	}
	var offers []offer
	for range 300 {
		st := tab.State()
		for s := range engine.Seat(2) {
			if legal := st.Legal(s); len(legal) > 1 {
				offers = append(offers, offer{s, append([]engine.Action(nil), legal...)})
			}
		}
		p := st.Pending()[0]
		legal := st.Legal(p)
		if _, err := tab.Act(p, legal[rng.IntN(len(legal))]); err != nil {
			b.Fatal(err)
		}
	}
	l := server.NewOfferer(pmr.Game)
	for _, o := range offers { // a table's cache of encoded actions is warm
		l.Offer(o.seat, o.legal)
	}
	b.ReportAllocs()
	for b.Loop() {
		l.Forget()
		for _, o := range offers {
			l.Offer(o.seat, o.legal)
		}
	}
	b.ReportMetric(float64(len(offers)), "offers")
}
