// Command tabletop hosts and plays tabletop games: it rolls dice, computes exact
// odds, verifies finished tables, plays in the terminal, simulates with bots and
// serves tables to browsers. Run "tabletop help" for the subcommands.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"

	"tabletop/bots"
	"tabletop/engine"
	"tabletop/internal/cliflags"
)

// Env is what a subcommand reads and writes; tests substitute buffers.
type Env struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

// command is one subcommand.
type command struct {
	summary string
	run     func(ctx context.Context, env Env, args []string) error
}

// commands lists the subcommands by name. Each lives in its own file.
var commands = map[string]command{}

func register(name, summary string, run func(ctx context.Context, env Env, args []string) error) {
	commands[name] = command{summary: summary, run: run}
}

// usageError is bad usage or bad input: exit status 2 with a one-line message.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// exitError carries a specific exit status with a message (verify's 1).
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := Run(ctx, Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, os.Args[1:])
	stop()
	os.Exit(code)
}

// Run runs the tabletop command line and returns the exit status.
func Run(ctx context.Context, env Env, args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		if len(args) > 1 {
			if _, ok := commands[args[1]]; !ok {
				fmt.Fprintf(env.Stderr, "tabletop help: no command %q (try \"tabletop help\")\n", args[1])
				return 2
			}
			return Run(ctx, env, []string{args[1], "-h"})
		}
		printHelp(env.Stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(env.Stderr, "tabletop: unknown command %q (try \"tabletop help\")\n", args[0])
		return 2
	}
	err := cmd.run(ctx, env, args[1:])
	var ue *usageError
	var ee *exitError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(env.Stderr, "tabletop %s: %s\n", args[0], forPeople(ue.msg))
		return 2
	case errors.As(err, &ee):
		if ee.msg != "" {
			fmt.Fprintf(env.Stderr, "tabletop %s: %s\n", args[0], forPeople(ee.msg))
		}
		return ee.code
	default:
		fmt.Fprintf(env.Stderr, "tabletop %s: %s\n", args[0], forPeople(err.Error()))
		return 1
	}
}

func printHelp(w io.Writer) {
	fmt.Fprintln(w, "tabletop: play and run tabletop games with dice anyone can verify")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "usage: tabletop COMMAND [flags] [args]")
	fmt.Fprintln(w)
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, `"tabletop COMMAND -h" shows a command's flags.`)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "games (GAME), their bots and their options (-o name=value):")
	for _, info := range registry().Infos() {
		g, _ := registry().Game(info.ID)
		who := "bots: " + strings.Join(bots.Names(g), ", ")
		if !engine.BotsCanPlay(g) {
			who = "played by people (bots for tabletop sim: " + strings.Join(bots.Names(g), ", ") + ")"
		}
		fmt.Fprintf(w, "  %-8s %s, %s; %s\n", info.ID, info.Name, seatRange(info), who)
		for _, o := range info.Options {
			fmt.Fprintf(w, "  %-8s   -o %s=%s  %s\n", "", o.Name, optionValues(o), o.Help)
		}
	}
}

// seatRange says how many seats a game takes: "2 seats", "1 to 8 seats".
func seatRange(info engine.Info) string {
	if info.MinSeats == info.MaxSeats {
		return engine.Count(info.MinSeats, "seat", "seats")
	}
	if info.Usual() > info.MinSeats {
		return fmt.Sprintf("%d to %d seats (%d with an option)", info.Usual(), info.MaxSeats, info.MinSeats)
	}
	return fmt.Sprintf("%d to %d seats", info.MinSeats, info.MaxSeats)
}

// optionValues says what an option takes, with its default.
func optionValues(o engine.OptionSpec) string {
	var vals string
	switch o.Kind {
	case engine.OptionInt:
		vals = fmt.Sprintf("%d..%d", o.Min, o.Max)
	case engine.OptionBool:
		vals = "true|false"
	case engine.OptionChoice:
		vals = strings.Join(o.Choices, "|")
	}
	return vals + " (default " + o.Default + ")"
}

// newFlags returns a FlagSet for a subcommand that reports errors instead of
// exiting and prints its usage to env.Stderr.
func newFlags(env Env, name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.Usage = func() {
		fs.SetOutput(env.Stderr)
		fmt.Fprintf(env.Stderr, "usage: tabletop %s %s\n", name, usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args allowing flags before and after positional
// arguments ("roll 3d6 -n 5" as well as "roll -n 5 3d6"). A flag error is a
// usage error; -h returns flag.ErrHelp.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	pos, err := cliflags.Parse(fs, args)
	if err != nil && !errors.Is(err, flag.ErrHelp) {
		return nil, usagef("%v", err)
	}
	return pos, err
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// forPeople is an error message as a person should read it: on one line,
// without the Go package names our errors begin with, wherever a wrapped
// error put one ("engine: unknown game" is "unknown game", "--seed: dice:
// seed ..." is "--seed: seed ...").
func forPeople(msg string) string {
	parts := strings.Split(oneLine(msg), ": ")
	kept := parts[:0]
	for i, p := range parts {
		if i == len(parts)-1 || !internalPrefix(p) {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, ": ")
}

// internalPrefix reports whether p is the name of one of our packages (or a
// game's id, which names its package) as error messages begin with it.
func internalPrefix(p string) bool {
	switch p {
	case "engine", "dice", "store", "sqlite", "sim", "bots", "server", "json":
		return true
	}
	_, err := registry().Game(p)
	return err == nil && p == strings.ToLower(p)
}
