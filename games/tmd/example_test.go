package tmd_test

import (
	"fmt"

	"tabletop/games/tmd"
)

// Sparks (level-56 Pikachu, +5 special damage) uses Thunderbolt on a
// Water-type with 2 Special Defense: 9 BP + 5 + 2 STAB + 5 super-effective
// - 2 on a hit; a crit adds the 7 AP cost and ignores the 2.
func ExampleData_DamageDist() {
	d, err := tmd.LoadData()
	if err != nil {
		panic(err)
	}
	tbolt, _ := d.MoveNamed("Thunderbolt")
	dist, _ := d.DamageDist(tbolt,
		tmd.Attacker{Types: []string{"Electric"}, CombatEffect: 5, AP: 8},
		tmd.Defender{Types: []string{"Water"}, Mitigation: 2})
	for _, o := range dist {
		fmt.Println(o.Result, o.Damage, o.P.RatString())
	}
	fmt.Println("expected", dist.Expected().FloatString(2))
	// Output:
	// miss 0 1/20
	// hit 19 9/10
	// crit 28 1/20
	// expected 18.50
}
