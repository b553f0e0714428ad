package dice_test

import (
	"fmt"

	"tabletop/dice"
)

func ExampleParse() {
	e, err := dice.Parse("4D6 KH3")
	fmt.Println(e, err)
	e, err = dice.Parse("d% + 2d20kh")
	fmt.Println(e, err)
	_, err = dice.Parse("3d6+)")
	fmt.Println(err)
	_, err = dice.Parse("3d6kh4")
	fmt.Println(err)
	// Output:
	// 4d6kh3 <nil>
	// d100+2d20kh1 <nil>
	// dice: "3d6+)": col 5: unexpected ')'
	// dice: "3d6kh4": col 4: cannot keep 4 of 3 dice
}

func ExampleExpr_Roll() {
	s := dice.NewStream(dice.Seed{1})
	for _, text := range []string{"4dF", "4d6kh3", "5d6!>=4", "1d20-2d6"} {
		r, err := dice.MustParse(text).Roll(s)
		if err != nil {
			panic(err)
		}
		fmt.Println(r)
	}
	// Output:
	// 4dF: [-] [-] [-] [+] = -2
	// 4d6kh3: 5 5 (1) 1 = 11
	// 5d6!>=4: 5* 6!* 6!* 2 1 1 2 = 3
	// d20-2d6: d20{20}-2d6{6 2} = 12
}

func ExampleExpr_Dist() {
	d, err := dice.MustParse("2d20kh1").Dist()
	if err != nil {
		panic(err)
	}
	fmt.Println("exact:", d.Exact(), "min:", d.Min, "max:", d.Max)
	fmt.Println("P(20) =", d.Rat(20).RatString())
	fmt.Println("mean =", d.MeanRat().RatString())
	fmt.Printf("P(>=15) = %.4f\n", d.AtLeast(15))

	d, err = dice.MustParse("5d6!>=4").Dist()
	if err != nil {
		panic(err)
	}
	fmt.Printf("5d6!>=4: exact %v, P(>=3) = %.4f, explosions followed %d deep, %.1e left out\n",
		d.Exact(), d.AtLeast(3), d.ExplodeDepth(), d.Truncated())
	// Output:
	// exact: true min: 1 max: 20
	// P(20) = 39/400
	// mean = 553/40
	// P(>=15) = 0.5100
	// 5d6!>=4: exact false, P(>=3) = 0.5998, explosions followed 16 deep, 3.0e-13 left out
}
