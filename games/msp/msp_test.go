package msp

import (
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/engine/enginetest"
)

func TestConformance(t *testing.T) {
	enginetest.Run(t, Game, enginetest.Config{Hidden: true, SeatCounts: []int{2, 4, 7}, Playouts: 20})
}

// TestNew_TwoSeatsMarkedGMAreRefusedInWords: musi supa pona has one game
// master; a table with two seats marked GM is refused, in words naming
// both seats, whether made directly or through the engine's table.
func TestNew_TwoSeatsMarkedGMAreRefusedInWords(t *testing.T) {
	const want = "msp: seat 1 and seat 3 are both marked as the game master: this game has one game master"
	seats := []engine.SeatInfo{{Name: "Gail", GM: true}, {Name: "Ann"}, {Name: "Hal", GM: true}}
	for _, tc := range []struct {
		name string
		make func() error
	}{
		{"New", func() error { _, err := New(Options{}, seats); return err }},
		{"engine.NewTable", func() error { _, err := engine.NewTable(Game, nil, seats, dice.Seed{1}); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.make(); err == nil || err.Error() != want {
				t.Errorf("%s with two GMs = %v, want %q", tc.name, err, want)
			}
		})
	}
}
