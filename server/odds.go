package server

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"tabletop/dice"
)

// maxOddsExpr bounds the expression the odds page computes; the dice
// package bounds the work of computing it.
const maxOddsExpr = 200

// oddsQuantiles are the shares the odds page gives values for, as tabletop
// odds does.
var oddsQuantiles = []float64{0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99}

// oddsPage is the data of the odds page.
type oddsPage struct {
	Title string
	Expr  string // as typed
	Error string
	Dist  *oddsDist
}

// oddsDist is a distribution laid out for the page: the numbers are
// dice.Layout's with dice.Percent, as tabletop odds prints them.
type oddsDist struct {
	Expr         string // as the parser writes it
	Values       int
	Exact        bool
	Min, Max     int
	Mean, SD     string
	Quantiles    []quantile
	ExplodeDepth int
	Truncated    string
	Width        int // values per row
	Below, Above int // far-tail values left out
	BelowAt      int // the first value shown
	AboveAt      int // the last value shown
	Rows         []oddsRow
	Fractions    bool // the rows show exact fractions
	Chart        oddsChart
}

type quantile struct {
	Share string
	Value int
}

type oddsRow struct {
	Label, P, AtLeast, AtMost, Exact string
}

// oddsChart is the SVG bar chart: one bar per row, in a viewBox of W by H.
type oddsChart struct {
	W, H   int
	Bars   []oddsBar
	Labels []oddsLabel
}

type oddsBar struct {
	X, Y, Width, Height string
	Title               string
}

type oddsLabel struct {
	X    string
	Text string
}

func (s *Server) pageOdds(w http.ResponseWriter, r *http.Request) {
	expr := strings.TrimSpace(r.URL.Query().Get("expr"))
	p := oddsPage{Title: "Odds", Expr: expr}
	status := http.StatusOK
	if expr != "" {
		if err := s.allow(r); err != nil {
			s.pageError(w, r, err)
			return
		}
		p.Title = "Odds of " + expr
		var err error
		if p.Dist, err = oddsFor(expr); err != nil {
			p.Error, status = strings.TrimPrefix(err.Error(), "dice: "), http.StatusBadRequest
		}
	}
	s.render(w, r, s.pages.base, "odds", status, p)
}

// oddsFor computes and lays out the distribution of expr, or says why not.
func oddsFor(expr string) (*oddsDist, error) {
	if len(expr) > maxOddsExpr {
		return nil, fmt.Errorf("the expression is too long (at most %d characters)", maxOddsExpr)
	}
	e, err := dice.Parse(expr)
	if err != nil {
		return nil, err
	}
	d, err := e.Dist()
	if err != nil {
		return nil, err
	}
	l := d.Layout(dice.LayoutRows, dice.LayoutHideP)
	out := &oddsDist{
		Expr: e.String(), Values: len(d.Outcomes()), Exact: d.Exact(), Min: d.Min, Max: d.Max,
		Mean: fmt.Sprintf("%.4f", d.Mean()), SD: fmt.Sprintf("%.4f", d.StdDev()),
		ExplodeDepth: d.ExplodeDepth(), Truncated: fmt.Sprintf("%.3g", d.Truncated()),
		Width: l.Width, Below: l.Below, Above: l.Above, Fractions: d.Exact() && l.Width == 1,
	}
	if m := d.MeanRat(); m != nil && !m.IsInt() {
		out.Mean += " (" + m.String() + ")"
	}
	for _, q := range oddsQuantiles {
		out.Quantiles = append(out.Quantiles, quantile{fmt.Sprintf("%g%%", 100*q), d.Quantile(q)})
	}
	maxP := 0.0
	for _, row := range l.Rows {
		maxP = max(maxP, row.P)
	}
	out.BelowAt, out.AboveAt = l.Rows[0].Lo, l.Rows[len(l.Rows)-1].Hi
	out.Chart = oddsChart{W: 600, H: 200}
	bw := float64(out.Chart.W) / float64(len(l.Rows))
	for i, row := range l.Rows {
		label := strconv.Itoa(row.Lo)
		if row.Hi != row.Lo {
			label = fmt.Sprintf("%d..%d", row.Lo, row.Hi)
		}
		or := oddsRow{Label: label, P: dice.Percent(row.P), AtLeast: dice.Percent(row.AtLeast), AtMost: dice.Percent(row.AtMost)}
		if out.Fractions && row.Rat != nil {
			or.Exact = row.Rat.RatString()
		}
		out.Rows = append(out.Rows, or)
		h := row.P / maxP * float64(out.Chart.H-20)
		if h < 0.5 && row.P > 0 {
			h = 0.5 // a possible value always shows
		}
		out.Chart.Bars = append(out.Chart.Bars, oddsBar{
			X: svgNum(float64(i)*bw + bw*0.1), Width: svgNum(bw * 0.8),
			Y: svgNum(float64(out.Chart.H-20) - h), Height: svgNum(h),
			Title: label + ": " + or.P,
		})
	}
	// Labels under the first, middle and last bars.
	for _, i := range []int{0, len(l.Rows) / 2, len(l.Rows) - 1} {
		if len(out.Chart.Labels) > 0 && out.Chart.Labels[len(out.Chart.Labels)-1].Text == out.Rows[i].Label {
			continue
		}
		out.Chart.Labels = append(out.Chart.Labels, oddsLabel{X: svgNum(float64(i)*bw + bw/2), Text: out.Rows[i].Label})
	}
	return out, nil
}

// svgNum writes a coordinate with two decimals.
func svgNum(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }
