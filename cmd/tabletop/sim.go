package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/sim"
)

func init() {
	register("sim", "play many games with bots and compare them: tabletop sim pmr --games 1000 --seats nash,random", runSim)
}

// turnsOption sets the turns option from --turns, if it was given: a
// number of turns outside the game's turns option is an error that gives
// that option's range (below 1 where the game has none), not "the default".
func turnsOption(given map[string]bool, info engine.Info, opts optionFlags, turns int) error {
	if !given["turns"] {
		return nil
	}
	for _, o := range info.Options {
		if o.Name == "turns" && o.Kind == engine.OptionInt && (turns < o.Min || turns > o.Max) {
			return usagef("--turns must be %d to %d at %s, got %d", o.Min, o.Max, info.Name, turns)
		}
	}
	if turns < 1 {
		return usagef("--turns must be at least 1, got %d", turns)
	}
	opts["turns"] = strconv.Itoa(turns)
	return nil
}

// optionFlags collects repeated -o name=value flags.
type optionFlags engine.Options

func (o optionFlags) String() string { return "" }
func (o optionFlags) Set(v string) error {
	name, value, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return fmt.Errorf("want name=value, got %q", v)
	}
	o[strings.TrimSpace(name)] = strings.TrimSpace(value)
	return nil
}

func runSim(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "sim", "GAME --games N --seats BOT,BOT,... [--parallel P] [--seed HEX] [-o name=value] [--json]\n"+
		"       tabletop sim GAME --outline FILE [--pairs N] [--stories N] [--seed HEX]\n\n"+
		"Plays N complete games with the given bots, one per seat, and prints each\nseat's win share with a 95% interval, its mean score and the game's own\nfigures, and games per second. Results depend only on the seed, not on -parallel.\n\n"+
		"With --outline, for games whose outcome follows from an outline of\nscenes (a story game's designer's view), prints the exact chance that each\nscene succeeds and that the story does, and beside it a seeded simulation's\nestimate with its 95% interval; the game's documentation gives the file's format.")
	outline := fs.String("outline", "", "an outline FILE to compute and simulate (story games)")
	pairs := fs.Int("pairs", 2, "with --outline: matching pairs expected per scene")
	stories := fs.Int("stories", 100_000, "with --outline: stories to simulate")
	games := fs.Int("games", 1000, "number of games to play")
	seats := fs.String("seats", "", "comma-separated bot names, one per seat (e.g. nash,greedy,random,random)")
	parallel := fs.Int("parallel", runtime.GOMAXPROCS(0), "games played at once")
	seedHex := fs.String("seed", "", "run seed in hex (default: random, printed)")
	asJSON := fs.Bool("json", false, "print the summary as JSON")
	opts := optionFlags{}
	fs.Var(opts, "o", "game option name=value (repeatable), e.g. -o turns=12")
	turns := fs.Int("turns", 0, "shorthand for -o turns=N")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one GAME (%s), got %d arguments", strings.Join(registry().IDs(), ", "), len(pos))
	}
	g, err := registry().Game(pos[0])
	if err != nil {
		return usagef("%v", err)
	}
	if err := turnsOption(flagsGiven(fs), g.Info(), opts, *turns); err != nil {
		return err
	}
	if *outline != "" {
		return runOutline(env, g, *outline, *pairs, *stories, *seedHex)
	}
	if *seats == "" {
		return usagef("--seats is required: one bot per seat, e.g. --seats %s", strings.Repeat("random,", g.Info().MinSeats)[:len("random,")*g.Info().MinSeats-1])
	}
	if *games < 1 || *games > 100_000_000 {
		return usagef("--games must be between 1 and 100000000, got %d", *games)
	}
	if *parallel < 1 {
		return usagef("--parallel must be at least 1, got %d", *parallel)
	}
	seed := dice.NewSeed()
	if *seedHex != "" {
		if seed, err = dice.ParseSeed(*seedHex); err != nil {
			return usagef("--seed: %v", err)
		}
	}
	cfg := sim.Config{Game: g, Options: engine.Options(opts), Bots: strings.Split(*seats, ","), Games: *games, Parallel: *parallel, Seed: seed}
	stopProgress := showProgress(env.Stderr, &cfg)
	res, err := sim.Run(ctx, cfg)
	stopProgress()
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return &exitError{code: 130, msg: "interrupted"}
		}
		if ge, ok := errors.AsType[*sim.GameError](err); ok {
			return fmt.Errorf("%w; with the same flags, --seed %s --games %d plays the run again up to it", ge, ge.RunSeed, ge.Game)
		}
		return usagef("%v", err)
	}
	if *asJSON {
		out := struct {
			*sim.Result
			Seed string `json:"seed"`
		}{res, seed.String()}
		enc := jsonOut(env.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	printSim(env.Stdout, g.Info(), res, seed)
	return nil
}

// outliner is implemented by games whose outcome follows from an outline
// of scenes: OutlineReport writes the exact odds of the outline in file and
// a simulation of it, seeded with seed.
type outliner interface {
	OutlineReport(w io.Writer, file []byte, pairs, stories int, seed dice.Seed) error
}

// runOutline is sim --outline.
func runOutline(env Env, g engine.Game, path string, pairs, stories int, seedHex string) error {
	o, ok := g.(outliner)
	if !ok {
		return usagef("--outline: %s has no outlines", g.Info().Name)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		return usagef("--outline: %v", err)
	}
	seed := dice.NewSeed()
	if seedHex != "" {
		if seed, err = dice.ParseSeed(seedHex); err != nil {
			return usagef("--seed: %v", err)
		}
	}
	if err := o.OutlineReport(env.Stdout, raw, pairs, stories, seed); err != nil {
		return usagef("%v", err)
	}
	return nil
}

func printSim(w io.Writer, info engine.Info, res *sim.Result, seed dice.Seed) {
	score := info.ScoreName
	if score == "" {
		score = "score"
	}
	fmt.Fprintf(w, "%s: %s, %s, seed %s\n\n", info.Name, engine.Count(res.Games, "game", "games"), engine.Count(len(res.Seats), "seat", "seats"), seed)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "seat\tbot\twin share (95%%)\tmean %s", score)
	for _, m := range res.MetricNames {
		fmt.Fprintf(tw, "\tmean %s", m)
	}
	fmt.Fprintln(tw)
	for _, s := range res.Seats {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%.2f", s.Seat+1, s.Bot, shareWithin(s), s.MeanScore)
		for _, m := range res.MetricNames {
			fmt.Fprintf(tw, "\t%.2f", s.Metrics[m])
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%.0f games/s (%d worker%s, %d CPU%s, %s), %d actions, %.2f s\n",
		res.GamesPerSec, res.Parallel, plural(res.Parallel), runtime.NumCPU(), plural(runtime.NumCPU()), runtime.Version(), res.Actions, res.Seconds)
}

// showProgress prints a progress line to w, if it is a terminal, while a long
// run goes on. It returns a function that clears the line.
func showProgress(w io.Writer, cfg *sim.Config) func() {
	if !isTerminal(w) {
		return func() {}
	}
	return progress(w, cfg, 250*time.Millisecond)
}

// isTerminal reports whether w is a terminal (a character device), where a
// line redrawn in place reads as progress rather than as noise in a file.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// progress sets cfg.Progress to redraw "done/total games" on w, the first
// time at once and then at most every interval, and returns the function
// that clears the line.
func progress(w io.Writer, cfg *sim.Config, interval time.Duration) func() {
	var mu sync.Mutex
	var last time.Time
	cfg.Progress = func(done int) {
		mu.Lock()
		defer mu.Unlock()
		if time.Since(last) >= interval {
			last = time.Now()
			fmt.Fprintf(w, "\r%d/%d games", done, cfg.Games)
		}
	}
	return func() { fmt.Fprint(w, "\r\033[K") }
}

// shareWithin is a seat's win share with its 95% interval: "75.7% ± 0.8%",
// or, where that interval would reach past 0% or 100% or shrink to nothing
// (a few games, all won or all lost), the Wilson interval's bounds:
// "100.0% (56.6% to 100.0%)".
func shareWithin(s sim.SeatResult) string {
	if s.CI95 > 0 && s.WinShare-s.CI95 >= 0 && s.WinShare+s.CI95 <= 1 {
		return fmt.Sprintf("%5.1f%% ± %.1f%%", 100*s.WinShare, 100*s.CI95)
	}
	return fmt.Sprintf("%5.1f%% (%.1f%% to %.1f%%)", 100*s.WinShare, 100*s.CI95Low, 100*s.CI95High)
}
