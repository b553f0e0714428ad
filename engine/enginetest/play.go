package enginetest

import (
	"crypto/sha256"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// MustPlay plays a seeded random game of g to its end on a new table and
// returns the table, whose log then holds every kind of entry a table
// logs: the game's actions, chosen at random among the legal ones, a free
// roll every tenth step, and a hand-over to a bot and the take-over after
// it early on. Tests and benchmarks of what is done with log entries (the
// table store encodes each) take their entries from it.
func MustPlay(tb testing.TB, g engine.Game, opts engine.Options, seats []engine.SeatInfo, seed dice.Seed) *engine.Table {
	tb.Helper()
	tab, err := engine.NewTable(g, opts, seats, seed)
	if err != nil {
		tb.Fatalf("NewTable: %v", err)
	}
	chooser := dice.NewUnrecordedStream(sha256.Sum256(seed[:]))
	var handedOver engine.Seat
	for step := 0; ; step++ {
		st := tab.State()
		pending := st.Pending()
		if len(pending) == 0 {
			return tab
		}
		if step >= 20000 {
			tb.Fatalf("%s did not end within %d steps", g.Info().ID, step)
		}
		seat := pending[chooser.Roll(len(pending))-1]
		var a engine.Action
		switch {
		case step == 3:
			a, handedOver = engine.HandOver{}, seat
		case step == 4:
			a, seat = engine.TakeOver{}, handedOver
		case step%10 == 9:
			a = engine.FreeRoll{Expr: "2d6+1"}
		default:
			legal := st.Legal(seat)
			a = legal[chooser.Roll(len(legal))-1]
		}
		if _, err := tab.Act(seat, a); err != nil {
			tb.Fatalf("%s, step %d: %q by %s refused: %v", g.Info().ID, step, a, seat, err)
		}
	}
}
