package dice

import (
	"math"
	"testing"
)

// chiSquareCritical returns the chi-square value with df degrees of freedom
// exceeded with probability about 1e-6, by the Wilson-Hilferty approximation
// (z = 4.753 is the standard normal's 1e-6 upper quantile). A fixed seed
// makes the test deterministic; the tiny p-value means a correct roller
// would fail it only for a one-in-a-million seed.
func chiSquareCritical(df int) float64 {
	const z = 4.753
	k := float64(df)
	a := 2 / (9 * k)
	return k * math.Pow(1-a+z*math.Sqrt(a), 3)
}

func TestExpr_Roll_AgreesWithDist(t *testing.T) {
	tests := []struct {
		name string
		expr string
	}{
		{name: "sum", expr: "3d6"},
		{name: "fudge", expr: "4dF"},
		{name: "keep highest", expr: "4d6kh3"},
		{name: "keep lowest", expr: "2d20kl1"},
		{name: "drop highest", expr: "5d6dh2"},
		{name: "exploding pool", expr: "5d6!>=4"},
		{name: "exploding sum", expr: "3d6!"},
		{name: "d66", expr: "d66"},
		{name: "reroll", expr: "3d6ro1"},
		{name: "reroll at most keep count", expr: "6d10ro<=2kh3>=7"},
		{name: "success count", expr: "10d10>=7"},
		{name: "arithmetic", expr: "(d20-2d6)*2/3"},
	}
	const rolls = 30000
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := MustParse(tt.expr)
			d, err := e.Dist()
			if err != nil {
				t.Fatal(err)
			}
			counts := map[int]int{}
			s := NewUnrecordedStream(Seed{0x5e, byte(i)})
			for range rolls {
				v, err := e.RollTotal(s)
				if err != nil {
					t.Fatal(err)
				}
				counts[v]++
			}
			// Pool neighbouring values until each bin expects at least 5.
			// Values outside the outcomes (only possible past a truncation)
			// join the last bin.
			type bin struct{ want, got float64 }
			var bins []bin
			cur := bin{}
			seen := 0
			for _, o := range d.Outcomes() {
				cur.want += o.P * rolls
				cur.got += float64(counts[o.Value])
				seen += counts[o.Value]
				if cur.want >= 5 {
					bins = append(bins, cur)
					cur = bin{}
				}
			}
			cur.got += float64(rolls - seen)
			cur.want += d.Truncated() * rolls
			if len(bins) == 0 {
				t.Fatalf("%s: no bin expects 5 rolls", tt.expr)
			}
			last := &bins[len(bins)-1]
			last.want += cur.want
			last.got += cur.got
			chi2 := 0.0
			for _, b := range bins {
				chi2 += (b.got - b.want) * (b.got - b.want) / b.want
			}
			df := len(bins) - 1
			if crit := chiSquareCritical(max(df, 1)); chi2 > crit {
				t.Errorf("%s: chi-square %.1f with %d degrees of freedom, over %.1f (p < 1e-6)", tt.expr, chi2, df, crit)
			}
		})
	}
}
