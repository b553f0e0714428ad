// Command dicebench measures how many rolls per second the dice package makes
// for a list of expressions, parsing once and parsing every time, and prints
// them beside a peer's figures measured in the same run (bench/dice.sh runs
// @dice-roller/rpg-dice-roller with bench/dice-peer.mjs and passes its output).
//
// Every roll returns the full result (total and every die) on both sides.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"tabletop/dice"
)

// Exprs are the expressions of the benchmark (issue 2).
var Exprs = []string{"1d20", "4dF", "3d6", "1d20+5", "2d20kh1", "6d6!", "10d6>=4", "1d20-2d6"}

type peerRate struct {
	Expr  string  `json:"expr"`
	Once  float64 `json:"once"`
	Every float64 `json:"every"`
}

func main() {
	peerFile := flag.String("peer", "", "JSON lines from bench/dice-peer.mjs")
	seconds := flag.Float64("seconds", 1, "seconds to measure each figure")
	list := flag.Bool("list", false, "print the expressions and exit")
	only := flag.String("only", "", "measure this expression only")
	asJSON := flag.Bool("json", false, "print this side's rates as JSON lines instead of the table")
	goFile := flag.String("go", "", "JSON lines of this side's rates measured earlier (with -json): print the table from them")
	flag.Parse()
	if *list {
		fmt.Println(strings.Join(Exprs, " "))
		return
	}
	peers := map[string]peerRate{}
	if *peerFile != "" {
		peers = readRates(*peerFile)
	}
	d := time.Duration(*seconds * float64(time.Second))
	exprs := Exprs
	if *only != "" {
		exprs = []string{*only}
	}
	ours := map[string]peerRate{}
	if *goFile != "" {
		ours = readRates(*goFile)
	} else {
		for _, text := range exprs {
			ours[text] = measureExpr(text, d)
		}
	}
	if *asJSON {
		for _, text := range exprs {
			b, _ := json.Marshal(ours[text])
			fmt.Println(string(b))
		}
		return
	}
	fmt.Printf("dice rolls per second: tabletop (Go %s, GOMAXPROCS=%s) vs @dice-roller/rpg-dice-roller (node %s), %d CPUs\n\n",
		runtime.Version(), gomaxprocs(), nodeVersion(), runtime.NumCPU())
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "expr\tGo parse once\tJS parse once\tratio\tGo parse every\tJS parse every\tratio\t")
	worstOnce, worstEvery := 1e18, 1e18
	for _, text := range exprs {
		g, p := ours[text], peers[text]
		ro, re := "-", "-"
		if p.Once > 0 && p.Every > 0 {
			ro, re = fmt.Sprintf("%.1fx", g.Once/p.Once), fmt.Sprintf("%.1fx", g.Every/p.Every)
			worstOnce, worstEvery = min(worstOnce, g.Once/p.Once), min(worstEvery, g.Every/p.Every)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", text, human(g.Once), human(p.Once), ro, human(g.Every), human(p.Every), re)
	}
	tw.Flush()
	if len(peers) > 0 {
		fmt.Printf("\nlowest ratio: %.1fx parsing once (target 20x), %.1fx parsing every time (target 10x)\n", worstOnce, worstEvery)
	}
}

// measureExpr returns rolls per second for text, parsing once and parsing
// every time; every roll builds the full result (total and every die).
func measureExpr(text string, d time.Duration) peerRate {
	e := dice.MustParse(text)
	s := dice.NewUnrecordedStream(dice.Seed{1})
	once := measure(d, func() int {
		r, err := e.Roll(s)
		if err != nil {
			fail(err)
		}
		return r.Total + len(r.Dice)
	})
	every := measure(d, func() int {
		e, err := dice.Parse(text)
		if err != nil {
			fail(err)
		}
		r, err := e.Roll(s)
		if err != nil {
			fail(err)
		}
		return r.Total + len(r.Dice)
	})
	return peerRate{Expr: text, Once: once, Every: every}
}

func readRates(path string) map[string]peerRate {
	out := map[string]peerRate{}
	f, err := os.Open(path)
	if err != nil {
		fail(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var p peerRate
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			fail(fmt.Errorf("%s: %v: %q", path, err, sc.Text()))
		}
		out[p.Expr] = p
	}
	return out
}

func gomaxprocs() string {
	if v := os.Getenv("GOMAXPROCS"); v != "" {
		return v
	}
	return fmt.Sprint(runtime.GOMAXPROCS(0))
}

// measure calls fn for about d, after a warm-up, and returns calls per second.
func measure(d time.Duration, fn func() int) float64 {
	sink := 0
	for range 20000 {
		sink += fn()
	}
	n := 0
	start := time.Now()
	for {
		for range 1000 {
			sink += fn()
		}
		n += 1000
		if el := time.Since(start); el >= d {
			if sink == -1 {
				fmt.Println()
			}
			return float64(n) / el.Seconds()
		}
	}
}

func human(r float64) string {
	switch {
	case r == 0:
		return "-"
	case r >= 1e6:
		return fmt.Sprintf("%.2fM", r/1e6)
	default:
		return fmt.Sprintf("%.0fk", r/1e3)
	}
}

func nodeVersion() string {
	if v := os.Getenv("NODE_VERSION"); v != "" {
		return strings.TrimPrefix(v, "v")
	}
	return "?"
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "dicebench:", err)
	os.Exit(1)
}
