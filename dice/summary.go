package dice

import (
	"fmt"
	"math/big"
)

// The layout that tabletop odds and the odds page share, so that they show
// the same rows: at most LayoutRows rows, far tails under LayoutHideP left
// out.
const (
	LayoutRows  = 60
	LayoutHideP = 1e-4
)

// Row is one line of a distribution laid out for people: one value (Lo ==
// Hi), or, in a long distribution, a range of values.
type Row struct {
	Lo, Hi  int
	P       float64  // P(Lo <= value <= Hi)
	AtLeast float64  // P(value >= Lo)
	AtMost  float64  // P(value <= Hi)
	Rat     *big.Rat // the exact P of a one-value row of an exact distribution; else nil
}

// Layout is a distribution laid out in a bounded number of rows.
type Layout struct {
	Rows []Row
	// Below and Above count the values left out before the first row and
	// after the last: far tails in which every value is less likely than
	// the hideP given to Layout.
	Below, Above int
	// Width is how many values each row spans: 1 unless the distribution
	// had more values than rows, when they are grouped in ranges.
	Width int
}

// Layout lays d out in at most maxRows rows (every value if maxRows <= 0).
// A distribution with more values than that first loses its far tails, the
// values less likely than hideP at either end (never all of them), and if
// it is still too long its values are grouped into ranges of equal width,
// 1, 2 or 5 times a power of ten, aligned on multiples of it (the first and
// last ranges are clipped to the values shown).
func (d *Dist) Layout(maxRows int, hideP float64) Layout {
	outs := d.outcomes
	lo, hi := 0, len(outs)
	if maxRows > 0 && len(outs) > maxRows {
		for lo < hi && outs[lo].P < hideP {
			lo++
		}
		for hi > lo && outs[hi-1].P < hideP {
			hi--
		}
		if lo == hi { // every value is that unlikely: keep them all
			lo, hi = 0, len(outs)
		}
	}
	l := Layout{Below: lo, Above: len(outs) - hi, Width: 1}
	if lo == hi {
		return l
	}
	first, last := outs[lo].Value, outs[hi-1].Value
	if maxRows > 0 && hi-lo > maxRows {
		l.Width = niceWidth(first, last, maxRows)
	}
	for i := lo; i < hi; {
		start := outs[i].Value
		if l.Width > 1 {
			start = floorDiv(start, l.Width) * l.Width
		}
		// A range is clipped to the values shown: no row claims a hidden tail.
		r := Row{Lo: max(start, first), Hi: min(start+l.Width-1, last), AtLeast: d.atLeast[i]}
		if l.Width == 1 {
			r.Rat = outs[i].Rat
		}
		var sum kahan
		for ; i < hi && outs[i].Value <= r.Hi; i++ {
			sum.add(outs[i].P)
			r.AtMost = d.atMost[i]
		}
		r.P = sum.value()
		l.Rows = append(l.Rows, r)
	}
	return l
}

// niceWidth is the smallest width, 1, 2 or 5 times a power of ten, whose
// ranges (aligned on multiples of it) cover first..last in at most n rows.
func niceWidth(first, last, n int) int {
	for scale := 1; ; scale *= 10 {
		for _, m := range [...]int{1, 2, 5} {
			w := m * scale
			if floorDiv(last, w)-floorDiv(first, w)+1 <= n {
				return w
			}
		}
	}
}

func floorDiv(a, b int) int {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// Quantile returns the smallest value v with P(value <= v) >= q, for q in
// (0, 1]: Quantile(0.5) is the median. Values left out by truncation count
// as above Max.
func (d *Dist) Quantile(q float64) int {
	for i, o := range d.outcomes {
		if d.atMost[i] >= q-1e-12 {
			return o.Value
		}
	}
	return d.Max
}

// Percent formats a probability as a percentage that stays readable for
// tiny values: 12.50%, 0.0032%, 1.2e-09%. Tools that show odds (tabletop
// odds, the odds page) use it, so that they print the same numbers.
func Percent(p float64) string {
	switch {
	case p == 0:
		return "0%"
	case p >= 0.0001:
		return fmt.Sprintf("%.2f%%", 100*p)
	case p >= 1e-8:
		return fmt.Sprintf("%.2g%%", 100*p)
	}
	return fmt.Sprintf("%.1e%%", 100*p)
}
