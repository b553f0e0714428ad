package dice

import (
	"flag"
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// goldenExprs are the expressions whose distributions are kept in
// testdata/*.golden; the fuzz targets start from them too.
var goldenExprs = []string{"4dF", "3d6", "1d20-2d6", "4d6kh3", "2d20kh1", "d66", "5d6!>=4"}

// goldenName turns an expression into a file name: 5d6!>=4 -> 5d6xge4.
func goldenName(expr string) string {
	r := strings.NewReplacer("!", "x", ">=", "ge", "<=", "le", "=", "eq", "%", "pct", "*", "mul", "/", "div")
	return filepath.Join("testdata", "dist-"+r.Replace(expr)+".golden")
}

// distText renders a distribution for a golden file. Exact ones give
// fractions; float ones 12 significant digits, which every platform agrees on.
func distText(d *Dist) string {
	var b strings.Builder
	fmt.Fprintf(&b, "min %d\nmax %d\nexact %v\ntruncated %.3g\nexplode depth %d\n", d.Min, d.Max, d.Exact(), d.Truncated(), d.ExplodeDepth())
	if m := d.MeanRat(); m != nil {
		fmt.Fprintf(&b, "mean %s\n", m.RatString())
	} else {
		fmt.Fprintf(&b, "mean %.12g\n", d.Mean())
	}
	fmt.Fprintf(&b, "sd %.12g\n", d.StdDev())
	for _, o := range d.Outcomes() {
		if o.Rat != nil {
			fmt.Fprintf(&b, "%d %s\n", o.Value, o.Rat.RatString())
		} else {
			fmt.Fprintf(&b, "%d %.12g\n", o.Value, o.P)
		}
	}
	return b.String()
}

// checkGolden compares got with the golden file, or rewrites it with -update.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./dice -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test ./dice -update rewrites it):\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

func TestExpr_Dist_Golden(t *testing.T) {
	for _, in := range goldenExprs {
		t.Run(in, func(t *testing.T) {
			d, err := MustParse(in).Dist()
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, goldenName(in), distText(d))
		})
	}
}

func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic("bad rational " + s)
	}
	return r
}

func TestExpr_Dist_HandCheckedValues(t *testing.T) {
	tests := []struct {
		name  string
		expr  string
		value int
		want  string // exact P(value)
	}{
		// 27 of the 216 ways to roll 3d6 make 10.
		{name: "3d6 makes 10", expr: "3d6", value: 10, want: "27/216"},
		// 4d6kh3 = 18 needs three 6s among the four: 1 (four 6s) + 4*5 (three
		// 6s and one other die) = 21 of 1296.
		{name: "4d6kh3 makes 18", expr: "4d6kh3", value: 18, want: "21/1296"},
		// 20 on either die: 1 - (19/20)^2 = 39/400.
		{name: "advantage makes 20", expr: "2d20kh1", value: 20, want: "39/400"},
		// Both dice must show 20: 1/400.
		{name: "disadvantage makes 20", expr: "2d20kl1", value: 20, want: "1/400"},
		// Four [+]: (1/3)^4.
		{name: "4dF makes 4", expr: "4dF", value: 4, want: "1/81"},
		{name: "d66 makes 35", expr: "d66", value: 35, want: "1/36"},
		{name: "d66 never makes 17", expr: "d66", value: 17, want: "0"},
		{name: "d% makes 100", expr: "d%", value: 100, want: "1/100"},
		// A 1 is rerolled once: P(1) = (1/6)(1/6).
		{name: "reroll ones", expr: "d6ro1", value: 1, want: "1/36"},
		// A 6 stands as 1/6 + (1/6)(1/6) = 7/36.
		{name: "reroll ones keeps sixes", expr: "d6ro1", value: 6, want: "7/36"},
		// Binomial: 7..10 is 4 faces of 10, so C(40,40)(2/5)^40.
		{name: "40d10>=7 all succeed", expr: "40d10>=7", value: 40, want: "1099511627776/9094947017729282379150390625"},
		// C(40,16) 2^16 3^24 / 5^40, reduced (checked with Python's fractions).
		{name: "40d10>=7 mode", expr: "40d10>=7", value: 16, want: "46533941489477078990585856/363797880709171295166015625"},
		{name: "success equal", expr: "2d6=6", value: 1, want: "10/36"},
		// 2d20kh1 >= 11 succeeds unless both dice are under 11: 1 - (1/2)^2.
		{name: "keep then count", expr: "2d20kh1>=11", value: 1, want: "3/4"},
		// Rounding toward zero: d6/4 is 0 for 1..3, 1 for 4..6.
		{name: "division rounds toward zero", expr: "d6/4", value: 0, want: "1/2"},
		{name: "negative division rounds toward zero", expr: "-d6/4", value: 0, want: "1/2"},
		{name: "product", expr: "d6*d6", value: 6, want: "4/36"},
		// 4dFkh1 = 1 unless no die shows [+]: 1 - (2/3)^4.
		{name: "fudge keep highest", expr: "4dFkh1", value: 1, want: "65/81"},
		// dl1 of 2 is kh1.
		{name: "drop lowest is keep highest", expr: "2d20dl1", value: 20, want: "39/400"},
		{name: "drop highest is keep lowest", expr: "2d20dh1", value: 20, want: "1/400"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := MustParse(tt.expr).Dist()
			if err != nil {
				t.Fatal(err)
			}
			if !d.Exact() {
				t.Fatalf("%s: Dist is not exact", tt.expr)
			}
			if got := d.Rat(tt.value); got.Cmp(rat(tt.want)) != 0 {
				t.Errorf("P(%s = %d) = %s, want %s", tt.expr, tt.value, got.RatString(), tt.want)
			}
			if got, want := d.P(tt.value), must(rat(tt.want).Float64()); got != want {
				t.Errorf("P(%s = %d) = %v as float, want %v", tt.expr, tt.value, got, want)
			}
		})
	}
}

func must(f float64, _ bool) float64 { return f }

func TestExpr_Dist_Moments(t *testing.T) {
	tests := []struct {
		name     string
		expr     string
		wantMean string
		wantSD   float64
	}{
		{name: "3d6", expr: "3d6", wantMean: "21/2", wantSD: math.Sqrt(35.0 / 4)},
		{name: "4d6kh3", expr: "4d6kh3", wantMean: "15869/1296", wantSD: 2.846844},
		{name: "advantage", expr: "2d20kh1", wantMean: "553/40", wantSD: 4.711091},
		{name: "4dF", expr: "4dF", wantMean: "0", wantSD: math.Sqrt(8.0 / 3)},
		{name: "d66", expr: "d66", wantMean: "77/2", wantSD: 17.163430},
		{name: "difference", expr: "1d20-2d6", wantMean: "7/2", wantSD: math.Sqrt(399.0/12 + 2*35.0/12)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := MustParse(tt.expr).Dist()
			if err != nil {
				t.Fatal(err)
			}
			if got := d.MeanRat(); got == nil || got.Cmp(rat(tt.wantMean)) != 0 {
				t.Errorf("mean of %s = %v, want %s", tt.expr, got, tt.wantMean)
			}
			if got := d.StdDev(); math.Abs(got-tt.wantSD) > 1e-6 {
				t.Errorf("sd of %s = %v, want %v", tt.expr, got, tt.wantSD)
			}
		})
	}
}

func TestExpr_Dist_Cumulative(t *testing.T) {
	d, err := MustParse("3d6").Dist()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name       string
		v          int
		atLeast    float64
		atMost     float64
		atLeastRat string
	}{
		{name: "below min", v: 2, atLeast: 1, atMost: 0, atLeastRat: "1"},
		{name: "min", v: 3, atLeast: 1, atMost: 1.0 / 216, atLeastRat: "1"},
		{name: "middle", v: 11, atLeast: 0.5, atMost: 0.625, atLeastRat: "1/2"},
		{name: "max", v: 18, atLeast: 1.0 / 216, atMost: 1, atLeastRat: "1/216"},
		{name: "above max", v: 19, atLeast: 0, atMost: 1, atLeastRat: "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := d.AtLeast(tt.v); math.Abs(got-tt.atLeast) > 1e-15 {
				t.Errorf("AtLeast(%d) = %v, want %v", tt.v, got, tt.atLeast)
			}
			if got := d.AtMost(tt.v); math.Abs(got-tt.atMost) > 1e-15 {
				t.Errorf("AtMost(%d) = %v, want %v", tt.v, got, tt.atMost)
			}
			if got := d.AtLeastRat(tt.v); got.Cmp(rat(tt.atLeastRat)) != 0 {
				t.Errorf("AtLeastRat(%d) = %v, want %s", tt.v, got, tt.atLeastRat)
			}
		})
	}
}

func TestExpr_Dist_Explosions(t *testing.T) {
	tests := []struct {
		name      string
		expr      string
		wantMean  float64
		wantDepth int
	}{
		// A d6 exploding on 6 averages 3.5 / (1 - 1/6) = 4.2.
		{name: "d6!", expr: "d6!", wantMean: 4.2},
		// Each die: P(hit) 1/2, and a 6 adds a die: mean hits 0.5/(5/6) = 0.6.
		{name: "prophecy pool", expr: "5d6!>=4", wantMean: 3},
		// Explode on 9-10 (1/5), count 8+ (3/10): 0.3/(4/5) per die.
		{name: "threshold explosion", expr: "4d10!>=9>=8", wantMean: 4 * 0.3 / 0.8},
		// A d2 exploding on >=2 with reroll of 1: P(explode) = 3/4 per
		// roll; followed to the 1e-12 cut.
		{name: "d2 with reroll", expr: "d2!ro1", wantMean: 1.75 / 0.25},
		// A d100 exploding on 2..100 explodes with 0.99: the 1e-12 cut
		// would need ~2750 explosions, so it stops at the roller's cap and
		// leaves nothing out.
		{name: "cap reached", expr: "d100!>=2ro1", wantDepth: MaxExplode},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := MustParse(tt.expr).Dist()
			if err != nil {
				t.Fatal(err)
			}
			if d.Exact() {
				t.Errorf("%s: exploding Dist claims to be exact", tt.expr)
			}
			if d.Truncated() >= Truncation {
				t.Errorf("%s: truncated %v, want < %v", tt.expr, d.Truncated(), Truncation)
			}
			sum := 0.0
			for _, o := range d.Outcomes() {
				sum += o.P
			}
			if math.Abs(sum+d.Truncated()-1) > 1e-9 {
				t.Errorf("%s: P sum to %v + truncated %v, want 1", tt.expr, sum, d.Truncated())
			}
			if tt.wantDepth != 0 {
				if d.ExplodeDepth() != tt.wantDepth || d.Truncated() != 0 {
					t.Errorf("%s: depth %d truncated %v, want depth %d and nothing left out", tt.expr, d.ExplodeDepth(), d.Truncated(), tt.wantDepth)
				}
				return
			}
			if d.ExplodeDepth() < 1 || d.ExplodeDepth() >= MaxExplode {
				t.Errorf("%s: depth %d, want between 1 and %d", tt.expr, d.ExplodeDepth(), MaxExplode)
			}
			if math.Abs(d.Mean()-tt.wantMean) > 1e-9 {
				t.Errorf("mean of %s = %v, want %v", tt.expr, d.Mean(), tt.wantMean)
			}
		})
	}
}

func TestExpr_Dist_FallsBackToFloat(t *testing.T) {
	tests := []struct {
		name      string
		expr      string
		wantExact bool
	}{
		{name: "small is exact", expr: "100d6", wantExact: true},
		{name: "many values is float", expr: "d1000000", wantExact: false},
		{name: "much work is float", expr: "1000d6", wantExact: false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := MustParse(tt.expr).Dist()
			if err != nil {
				t.Fatal(err)
			}
			if d.Exact() != tt.wantExact {
				t.Errorf("%s: Exact() = %v, want %v", tt.expr, d.Exact(), tt.wantExact)
			}
			if d.Exact() && d.Rat(d.Min) == nil || !d.Exact() && (d.Rat(d.Min) != nil || d.MeanRat() != nil) {
				t.Errorf("%s: exact rationals present = %v, want %v", tt.expr, d.Rat(d.Min) != nil, d.Exact())
			}
		})
	}
}

func TestExpr_Dist_TooLarge(t *testing.T) {
	for _, in := range []string{"d1000000*d1000000", "d1000000+d1000000", "1000d1000kh500"} {
		_, err := MustParse(in).Dist()
		want := "dice: " + MustParse(in).String() + ": distribution too large to compute"
		if err == nil || err.Error() != want {
			t.Errorf("%s.Dist() = %v, want %q", in, err, want)
		}
	}
}
