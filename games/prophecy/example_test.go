package prophecy_test

import (
	"fmt"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games/prophecy"
)

// ExampleNew sets a table of three, receives a prophecy with a seeded d66
// and sketches an outline of three scenes, printing the designer's odds as
// the outline grows.
func ExampleNew() {
	s, err := prophecy.New(prophecy.Options{}, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}, {Name: "Cy"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := dice.NewStream(dice.Seed{42})
	for _, text := range []string{
		"world city",
		"receive",
		"edit 1: Keep the sea wall standing; the old harbour",
		"add 1: Find the engineer who built it",
		"add 1: Get the mayor to close the docks",
	} {
		a, _ := prophecy.ParseAction(text)
		evs, err := s.Apply(0, a, d)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(evs[0].Text)
		fmt.Printf("  averted: %s\n", dice.Percent(s.View(0).(*prophecy.View).Averted))
	}
	// Output:
	// Ann chooses the world Harbour City
	//   averted: 2.08%
	// Ann receives the prophecy: d66 rolled 6 and 2, entry 62: A pharmaceutical company plans to test a drug on the city's reservoir.
	//   averted: 2.08%
	// Ann edits scene 1: Keep the sea wall standing; the old harbour
	//   averted: 2.08%
	// Ann sketches scene 2 (difficulty 3) under scene 1: Find the engineer who built it
	//   averted: 2.64%
	// Ann sketches scene 3 (difficulty 3) under scene 1: Get the mayor to close the docks
	//   averted: 3.23%
}
