package dice

import (
	"math"
	"testing"
)

func mustDist(tb testing.TB, expr string) *Dist {
	tb.Helper()
	e, err := Parse(expr)
	if err != nil {
		tb.Fatal(err)
	}
	d, err := e.Dist()
	if err != nil {
		tb.Fatal(err)
	}
	return d
}

// checkLayout checks what every layout must hold: rows in order, each
// row's P the sum of its values', P(>=) and P(<=) those of the range's
// ends, and nothing counted twice.
func checkLayout(t *testing.T, d *Dist, l Layout, maxRows int) {
	t.Helper()
	if len(l.Rows) == 0 || maxRows > 0 && len(l.Rows) > maxRows {
		t.Fatalf("%d rows, want 1 to %d", len(l.Rows), maxRows)
	}
	total := 0.0
	for i, r := range l.Rows {
		if r.Hi-r.Lo+1 > l.Width || r.Hi < r.Lo || i > 0 && r.Lo <= l.Rows[i-1].Hi {
			t.Fatalf("row %d spans %d..%d with width %d after %+v", i, r.Lo, r.Hi, l.Width, l.Rows[max(i-1, 0)])
		}
		want := 0.0
		for _, o := range d.Outcomes() {
			if o.Value >= r.Lo && o.Value <= r.Hi {
				want += o.P
			}
		}
		if math.Abs(r.P-want) > 1e-12 || math.Abs(r.AtLeast-d.AtLeast(r.Lo)) > 1e-12 || math.Abs(r.AtMost-d.AtMost(r.Hi)) > 1e-12 {
			t.Fatalf("row %d..%d: P %g P(>=) %g P(<=) %g, want %g %g %g", r.Lo, r.Hi, r.P, r.AtLeast, r.AtMost, want, d.AtLeast(r.Lo), d.AtMost(r.Hi))
		}
		total += r.P
	}
	hidden := 1 - d.Truncated() - total
	if l.Below+l.Above == 0 && math.Abs(hidden) > 1e-9 {
		t.Fatalf("rows hold %g of the probability, hiding nothing", total)
	}
}

func TestLayout_ShortDistributionShowsEveryValue(t *testing.T) {
	d := mustDist(t, "3d6")
	l := d.Layout(60, 1e-4)
	checkLayout(t, d, l, 60)
	if len(l.Rows) != 16 || l.Width != 1 || l.Rows[7].Rat.String() != "1/8" || l.Below+l.Above != 0 {
		t.Fatalf("3d6 laid out in %d rows of width %d (P(10) = %v), hiding %d+%d; want every value", len(l.Rows), l.Width, l.Rows[7].Rat, l.Below, l.Above)
	}
}

func TestLayout_HugeUniformIsGroupedNotHidden(t *testing.T) {
	// Every value of d10001 is under 1e-4: none may be hidden (that left
	// nothing to show), they are grouped in ranges of 200 instead.
	d := mustDist(t, "d10001")
	l := d.Layout(60, 1e-4)
	checkLayout(t, d, l, 60)
	if l.Width != 200 || l.Below+l.Above != 0 || l.Rows[0].Lo != 1 || l.Rows[0].Hi != 199 || l.Rows[0].Rat != nil {
		t.Fatalf("d10001: width %d, hidden %d+%d, first row %+v; want ranges of 200 (the first 1..199), nothing hidden", l.Width, l.Below, l.Above, l.Rows[0])
	}
}

func TestLayout_LongBellLosesFarTailsThenGroups(t *testing.T) {
	d := mustDist(t, "100d100")
	l := d.Layout(60, 1e-4)
	checkLayout(t, d, l, 60)
	if l.Below == 0 || l.Above == 0 || l.Width < 2 {
		t.Fatalf("100d100: width %d, hidden %d below and %d above; want far tails hidden and ranges", l.Width, l.Below, l.Above)
	}
	if all := d.Layout(0, 1e-4); len(all.Rows) != len(d.Outcomes()) || all.Width != 1 {
		t.Fatalf("Layout(0) has %d rows of width %d, want every one of %d values", len(all.Rows), all.Width, len(d.Outcomes()))
	}
}

func TestLayout_NegativeRangesAlignOnMultiples(t *testing.T) {
	d := mustDist(t, "d200-300")
	l := d.Layout(10, 1e-4)
	checkLayout(t, d, l, 10)
	if l.Width != 50 || len(l.Rows) != 5 || l.Rows[0].Hi != -251 || l.Rows[0].Lo != -299 || l.Rows[4].Lo != -100 {
		t.Fatalf("d200-300 in 10 rows: width %d, %+v; want ranges of 50 on multiples of 50, -299..-251 to -100", l.Width, l.Rows)
	}
}

func TestQuantile_IsTheSmallestValueReachingTheShare(t *testing.T) {
	d := mustDist(t, "3d6")
	for _, c := range []struct {
		q    float64
		want int
	}{{0.01, 4}, {0.05, 6}, {0.5, 10}, {0.95, 15}, {1, 18}} {
		if got := d.Quantile(c.q); got != c.want {
			t.Errorf("Quantile(3d6, %g) = %d, want %d", c.q, got, c.want)
		}
	}
}
