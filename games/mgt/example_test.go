package mgt_test

import (
	"fmt"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games/mgt"
)

// ExampleNew deals a seeded two-player game and plays the first discard.
func ExampleNew() {
	seats := []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}
	d := dice.NewUnrecordedStream(dice.Seed{1})
	s, err := mgt.New(mgt.Options{Rounds: 3}, seats, d)
	if err != nil {
		panic(err)
	}
	v := s.View(0).(*mgt.View)
	fmt.Println("Ann holds", len(v.Hand), "cards; the stock holds", v.Stock)
	a := s.Legal(0)[0]
	events, _ := s.Apply(0, a, d)
	for _, e := range engine.EventsFor(events, 1) {
		fmt.Println(e.Text)
	}
	// Every discard that can be claimed opens a claim window for everyone
	// else, the Undine the Demon forced out too; Bo cannot claim either, so
	// he may only pass.
	for s.WindowOpen() {
		fmt.Println("Bo may:", s.Legal(1))
		events, _ = s.Apply(1, s.Legal(1)[0], d)
		for _, e := range engine.EventsFor(events, 1) {
			fmt.Println(e.Text)
		}
	}
	// Output:
	// Ann holds 9 cards; the stock holds 184
	// Ann discards Demon (Fiend, mean).
	// Mean Demon takes revenge: Ann loses a random card: Undine (Elemental, none).
	// Ann draws 1 card to refill to 8.
	// Bo may: [pass]
	// Bo may: [pass]
	// You draw Jinko (Tiger beastman, none).
}
