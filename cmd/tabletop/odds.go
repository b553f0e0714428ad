package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"tabletop/dice"
)

func init() {
	register("odds", "exact odds of a dice expression: tabletop odds 4d6kh3", runOdds)
}

// Rows of the odds table: long distributions hide their far tails. The
// layout is the odds page's (dice.LayoutRows, dice.LayoutHideP), so both
// show the same rows.
const (
	oddsRows    = dice.LayoutRows  // show every value up to this many
	oddsHideP   = dice.LayoutHideP // beyond it, hide tail values less likely than this
	oddsBarLen  = 40               // characters of the most likely value's bar
	oddsPlotLen = 50               // characters of the most likely value's bar in --plot
	oddsFrac    = 24               // widest exact fraction shown in the table (--json has them all)
)

func runOdds(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "odds", "EXPR [--json] [--plot] [--all]\n\n"+
		"Prints the distribution of a dice expression: for each value P(=), P(>=),\n"+
		"P(<=) and a bar, with min, max, mean, standard deviation and quantiles.\n"+
		"Exact fractions are shown when the result is exact; exploding dice say how\n"+
		"deep explosions were followed and the probability left out. Long\n"+
		"distributions leave out their far tails and group values in ranges\n"+
		"(--all shows every value); --plot draws bars instead of the table.")
	asJSON := fs.Bool("json", false, "print one JSON object")
	all := fs.Bool("all", false, "show every value: no far tails left out, no ranges")
	plot := fs.Bool("plot", false, "draw the distribution as bars instead of the table")
	text, err := parseExprFlags(fs, args)
	if err != nil {
		return err
	}
	e, err := dice.Parse(text)
	if err != nil {
		return usagef("%v", err)
	}
	d, err := e.Dist()
	if err != nil {
		return usagef("%v", err)
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	w := bufio.NewWriter(env.Stdout)
	switch {
	case *asJSON:
		err = writeOddsJSON(w, e, d)
	case *plot:
		writeOddsPlot(w, e, d, *all, oddsPlotLen)
	default:
		writeOddsTable(w, e, d, *all)
	}
	if err != nil {
		return err
	}
	return w.Flush()
}

// oddsJSON is the --json form of a distribution.
type oddsJSON struct {
	Expr          string        `json:"expr"`
	Min           int           `json:"min"`
	Max           int           `json:"max"`
	Mean          float64       `json:"mean"`
	StdDev        float64       `json:"stddev"`
	Exact         bool          `json:"exact"`
	TruncatedMass float64       `json:"truncated_mass"`
	ExplodeDepth  int           `json:"explode_depth"`
	Outcomes      []outcomeJSON `json:"outcomes"`
}

type outcomeJSON struct {
	Value int     `json:"value"`
	P     float64 `json:"p"`
	Exact string  `json:"exact,omitempty"` // "num/den" when the distribution is exact
}

func writeOddsJSON(w io.Writer, e *dice.Expr, d *dice.Dist) error {
	x := oddsJSON{
		Expr: e.String(), Min: d.Min, Max: d.Max, Mean: d.Mean(), StdDev: d.StdDev(),
		Exact: d.Exact(), TruncatedMass: d.Truncated(), ExplodeDepth: d.ExplodeDepth(),
	}
	for _, o := range d.Outcomes() {
		oj := outcomeJSON{Value: o.Value, P: o.P}
		if o.Rat != nil {
			oj.Exact = o.Rat.String()
		}
		x.Outcomes = append(x.Outcomes, oj)
	}
	return jsonOut(w).Encode(x)
}

// oddsQuantiles are the shares the odds table and page give values for.
var oddsQuantiles = []float64{0.01, 0.05, 0.25, 0.5, 0.75, 0.95, 0.99}

// oddsHead writes what the table and the plot both start with: the
// expression, its kind, min, max, mean, spread and quantiles.
func oddsHead(w io.Writer, e *dice.Expr, d *dice.Dist) {
	outs := d.Outcomes()
	kind := "exact"
	if !d.Exact() {
		kind = "floating point"
	}
	fmt.Fprintf(w, "%s: %d value%s, %s\n", e, len(outs), plural(len(outs)), kind)
	mean := fmt.Sprintf("%.4f", d.Mean())
	if m := d.MeanRat(); m != nil && !m.IsInt() {
		mean += " (" + m.String() + ")"
	}
	fmt.Fprintf(w, "min %d, max %d, mean %s, sd %.4f\n", d.Min, d.Max, mean, d.StdDev())
	var qs []string
	for _, q := range oddsQuantiles {
		qs = append(qs, fmt.Sprintf("%g%% %d", 100*q, d.Quantile(q)))
	}
	fmt.Fprintf(w, "quantiles (the value P(<=) first reaches): %s\n", strings.Join(qs, ", "))
	if d.ExplodeDepth() > 0 {
		fmt.Fprintf(w, "explosions followed %d deep per die; probability left out %.3g\n", d.ExplodeDepth(), d.Truncated())
	}
}

// oddsLayout lays d out as the table and the plot show it.
func oddsLayout(d *dice.Dist, all bool) dice.Layout {
	if all {
		return d.Layout(0, oddsHideP)
	}
	return d.Layout(oddsRows, oddsHideP)
}

// rowLabel is a row's value, or its range of values.
func rowLabel(r dice.Row) string {
	if r.Lo == r.Hi {
		return strconv.Itoa(r.Lo)
	}
	return fmt.Sprintf("%d..%d", r.Lo, r.Hi)
}

// oddsNotes writes what a layout leaves out or groups, before (below) or
// after (above) its rows.
func oddsNotes(w io.Writer, l dice.Layout, width int, above bool) {
	switch {
	case !above && l.Width > 1:
		fmt.Fprintf(w, "%*s  (values grouped in ranges of %d: --all shows each)\n", width, "", l.Width)
	}
	if !above && l.Below > 0 {
		fmt.Fprintf(w, "%*s  (%d values below %d, each under %s: --all shows them)\n", width, "...", l.Below, l.Rows[0].Lo, dice.Percent(oddsHideP))
	}
	if above && l.Above > 0 {
		fmt.Fprintf(w, "%*s  (%d values above %d, each under %s: --all shows them)\n", width, "...", l.Above, l.Rows[len(l.Rows)-1].Hi, dice.Percent(oddsHideP))
	}
}

func writeOddsTable(w io.Writer, e *dice.Expr, d *dice.Dist, all bool) {
	outs := d.Outcomes()
	oddsHead(w, e, d)
	l := oddsLayout(d, all)
	fracs := d.Exact() && l.Width == 1
	if fracs && fracWidth(outs) > oddsFrac {
		fmt.Fprintln(w, "exact fractions too long to show: --json has them")
	}
	maxP, width := 0.0, len("value")
	for _, r := range l.Rows {
		maxP = max(maxP, r.P)
		width = max(width, len(rowLabel(r)))
	}
	fw := 0
	for _, r := range l.Rows {
		if r.Rat != nil {
			fw = max(fw, len(r.Rat.RatString()))
		}
	}
	fracs = fracs && fw <= oddsFrac
	fw = max(fw, len("exact"))
	fmt.Fprintln(w)
	header := fmt.Sprintf("%*s  %9s  %9s  %9s", width, "value", "P(=)", "P(>=)", "P(<=)")
	if fracs {
		header += fmt.Sprintf("  %-*s", fw, "exact")
	}
	fmt.Fprintln(w, strings.TrimRight(header, " "))
	oddsNotes(w, l, width, false)
	for _, r := range l.Rows {
		line := fmt.Sprintf("%*s  %9s  %9s  %9s", width, rowLabel(r), dice.Percent(r.P), dice.Percent(r.AtLeast), dice.Percent(r.AtMost))
		if fracs {
			line += fmt.Sprintf("  %-*s", fw, r.Rat.RatString())
		}
		bar := int(r.P/maxP*oddsBarLen + 0.5)
		if bar == 0 && r.P > 0 {
			bar = 1
		}
		fmt.Fprintf(w, "%s  %s\n", line, strings.Repeat("#", bar))
	}
	oddsNotes(w, l, width, true)
}

// writeOddsPlot draws the distribution as horizontal bars in eighths of a
// character, the most likely row plotWidth characters long.
func writeOddsPlot(w io.Writer, e *dice.Expr, d *dice.Dist, all bool, plotWidth int) {
	oddsHead(w, e, d)
	l := oddsLayout(d, all)
	maxP, width := 0.0, 0
	for _, r := range l.Rows {
		maxP = max(maxP, r.P)
		width = max(width, len(rowLabel(r)))
	}
	fmt.Fprintln(w)
	oddsNotes(w, l, width, false)
	for _, r := range l.Rows {
		fmt.Fprintf(w, "%*s │%s %s\n", width, rowLabel(r), bar(r.P/maxP, plotWidth), dice.Percent(r.P))
	}
	oddsNotes(w, l, width, true)
}

// bar is a bar of share (0..1) of width characters, in eighths: any share
// above zero shows at least an eighth.
func bar(share float64, width int) string {
	eighths := int(share*float64(width*8) + 0.5)
	if eighths == 0 && share > 0 {
		eighths = 1
	}
	const parts = " ▏▎▍▌▋▊▉"
	b := strings.Repeat("█", eighths/8)
	if r := eighths % 8; r > 0 {
		b += string([]rune(parts)[r])
	}
	return b
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func fracWidth(outs []dice.Outcome) int {
	n := len("exact")
	for _, o := range outs {
		if o.Rat != nil {
			n = max(n, len(o.Rat.RatString()))
		}
	}
	return n
}
