package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"tabletop/dice"
)

func init() {
	register("odds", "exact odds of a dice expression: tabletop odds 4d6kh3", runOdds)
}

// Rows of the odds table: long distributions hide their far tails.
const (
	oddsRows   = 60   // show every value up to this many
	oddsHideP  = 1e-4 // beyond it, hide tail values less likely than this
	oddsBarLen = 40   // characters of the most likely value's bar
	oddsFrac   = 24   // widest exact fraction shown in the table (--json has them all)
)

func runOdds(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "odds", "EXPR [--json] [--all]\n\n"+
		"Prints the distribution of a dice expression: for each value P(=), P(>=),\n"+
		"P(<=) and a bar, with min, max, mean and standard deviation. Exact\n"+
		"fractions are shown when the result is exact; exploding dice say how deep\n"+
		"explosions were followed and the probability left out.")
	asJSON := fs.Bool("json", false, "print one JSON object")
	all := fs.Bool("all", false, "show every value, even far tails")
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
	if *asJSON {
		err = writeOddsJSON(w, e, d)
	} else {
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
	b, err := json.Marshal(x)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

func writeOddsTable(w io.Writer, e *dice.Expr, d *dice.Dist, all bool) {
	outs := d.Outcomes()
	kind := "exact"
	if !d.Exact() {
		kind = "floating point"
	}
	fmt.Fprintf(w, "%s: %d values, %s\n", e, len(outs), kind)
	mean := fmt.Sprintf("%.4f", d.Mean())
	if m := d.MeanRat(); m != nil && !m.IsInt() {
		mean += " (" + m.String() + ")"
	}
	fmt.Fprintf(w, "min %d, max %d, mean %s, sd %.4f\n", d.Min, d.Max, mean, d.StdDev())
	if d.Exact() && fracWidth(outs) > oddsFrac {
		fmt.Fprintln(w, "exact fractions too long to show: --json has them")
	}
	if d.ExplodeDepth() > 0 {
		fmt.Fprintf(w, "explosions followed %d deep per die; probability left out %.3g\n", d.ExplodeDepth(), d.Truncated())
	}

	// Hide the far tails of long distributions.
	lo, hi := 0, len(outs)
	if !all && len(outs) > oddsRows {
		for lo < hi && outs[lo].P < oddsHideP {
			lo++
		}
		for hi > lo && outs[hi-1].P < oddsHideP {
			hi--
		}
	}
	maxP := 0.0
	for _, o := range outs {
		maxP = max(maxP, o.P)
	}
	width := len("value")
	for _, o := range outs[lo:hi] {
		width = max(width, len(fmt.Sprint(o.Value)))
	}
	fmt.Fprintln(w)
	header := fmt.Sprintf("%*s  %9s  %9s  %9s", width, "value", "P(=)", "P(>=)", "P(<=)")
	fracs := d.Exact() && fracWidth(outs[lo:hi]) <= oddsFrac
	if fracs {
		header += fmt.Sprintf("  %-*s", fracWidth(outs[lo:hi]), "exact")
	}
	fmt.Fprintln(w, strings.TrimRight(header, " "))
	if lo > 0 {
		fmt.Fprintf(w, "%*s  (%d values below %d, each under %s: --all shows them)\n", width, "...", lo, outs[lo].Value, percent(oddsHideP))
	}
	for _, o := range outs[lo:hi] {
		line := fmt.Sprintf("%*d  %9s  %9s  %9s", width, o.Value, percent(o.P), percent(d.AtLeast(o.Value)), percent(d.AtMost(o.Value)))
		if fracs {
			line += fmt.Sprintf("  %-*s", fracWidth(outs[lo:hi]), o.Rat.RatString())
		}
		bar := int(o.P/maxP*oddsBarLen + 0.5)
		if bar == 0 && o.P > 0 {
			bar = 1
		}
		fmt.Fprintf(w, "%s  %s\n", line, strings.Repeat("#", bar))
	}
	if hi < len(outs) {
		fmt.Fprintf(w, "%*s  (%d values above %d, each under %s: --all shows them)\n", width, "...", len(outs)-hi, outs[hi-1].Value, percent(oddsHideP))
	}
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

// percent formats a probability as a percentage that stays readable for
// tiny values: 12.50%, 0.0032%, 1.2e-09%.
func percent(p float64) string {
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
