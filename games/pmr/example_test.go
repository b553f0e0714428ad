package pmr_test

import (
	"fmt"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games/pmr"
)

// ExampleNew plays the first turn of a two-stable game: both stables seal an
// activity, and once both are in they resolve in seat order.
func ExampleNew() {
	s, err := pmr.New(pmr.Options{Turns: 6}, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bob"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := dice.NewStream(dice.Seed{1})
	for _, move := range []struct {
		seat engine.Seat
		text string
	}{{1, "capture"}, {0, "capture"}} {
		a, err := pmr.ParseAction(move.text)
		if err != nil {
			fmt.Println(err)
			return
		}
		events, err := s.Apply(move.seat, a, d)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, e := range engine.EventsFor(events, 1) { // as Bob sees them
			fmt.Println(e.Text)
		}
	}
	_, err = s.Apply(0, pmr.Train{Monster: 7, Ability: pmr.Speed}, d)
	fmt.Println(err)
	// Output:
	// Bob seals: capture
	// Ann has chosen
	// Ann captures M1 Pebblet: Speed [-] → -1, Brawn [-] → -1, Mind [-] → -1, age [+] → 6
	// Bob captures M1 Voltik: Speed [+] → 1, Brawn [+] → 1, Mind [-] → -1, age [-] → 4
	// engine: train M7 speed: you have no monster M7 (your monsters: M1)
}
