package server

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"tabletop/dice"
	"tabletop/internal/barchart"
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
	Chart        barchart.Chart
}

type quantile struct {
	Share string
	Value int
}

type oddsRow struct {
	Label, P, AtLeast, AtMost, Exact string
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
	out.BelowAt, out.AboveAt = l.Rows[0].Lo, l.Rows[len(l.Rows)-1].Hi
	bars := make([]barchart.Bar, 0, len(l.Rows))
	for _, row := range l.Rows {
		label := strconv.Itoa(row.Lo)
		if row.Hi != row.Lo {
			label = fmt.Sprintf("%d..%d", row.Lo, row.Hi)
		}
		or := oddsRow{Label: label, P: dice.Percent(row.P), AtLeast: dice.Percent(row.AtLeast), AtMost: dice.Percent(row.AtMost)}
		if out.Fractions && row.Rat != nil {
			or.Exact = row.Rat.RatString()
		}
		out.Rows = append(out.Rows, or)
		bars = append(bars, barchart.Bar{Label: label, Value: row.P, Title: label + ": " + or.P})
	}
	out.Chart = barchart.New(bars, 600, 200, nil)
	return out, nil
}
