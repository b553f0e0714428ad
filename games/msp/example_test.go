package msp_test

import (
	"fmt"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games/msp"
)

// ExampleNew plays the start of a seeded session: a character is made, the
// GM asks for a check with a hidden target, and the player rolls it.
func ExampleNew() {
	seats := []engine.SeatInfo{{Name: "Gail", GM: true}, {Name: "Ann"}}
	tab, err := engine.NewTable(msp.Game, nil, seats, dice.Seed{1})
	if err != nil {
		panic(err)
	}
	for _, step := range []struct {
		seat engine.Seat
		text string
	}{
		{1, "create Ann / elf / ranger / chaotic good / hunter"},
		{0, "check speed of Ann"},
		{0, "target at least 10"},
		{1, "roll"},
	} {
		a, err := msp.ParseAction(step.text)
		if err != nil {
			panic(err)
		}
		events, err := tab.Act(step.seat, a)
		if err != nil {
			panic(err)
		}
		for _, e := range engine.EventsFor(events, 1) { // as Ann sees them
			fmt.Println(e.Text)
		}
	}
	// Output:
	// Ann makes Ann (Strength d20 3 - 2d6 (2+2) = -1; Intelligence d20 18 - 2d6 (5+5) = 8; Speed d20 1 - 2d6 (1+5) = -5; Defence d20 18 - 2d6 (6+2) = 10; Charisma d20 3 - 2d6 (1+2) = 0; HP 30)
	// The GM asks Ann for a Speed check
	// The GM has set a hidden target for Ann's Speed check: Ann rolls
	// Ann rolls Speed: d20 20 -5 = 15; the target was at least 10: succeeds
}
