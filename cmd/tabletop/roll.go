package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"io"
	"strings"

	"tabletop/dice"
)

func init() {
	register("roll", "roll dice: tabletop roll 3d6+2", runRoll)
}

// maxRolls caps -n so that a typo cannot print forever.
const maxRolls = 100_000

func runRoll(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "roll", "EXPR [-n COUNT] [--seed HEX] [--json]\n\n"+
		"Rolls dice notation such as 3d6+2, 4d6kh3, 2d20kl1, 4dF, d66, 5d6!>=4.\n"+
		"Prints each die: (1) dropped, (1r) rerolled, 6! exploded, 5* a success.\n"+
		"Without --seed the dice come from a fresh random seed.")
	n := fs.Int("n", 1, "number of `COUNT` rolls")
	seedHex := fs.String("seed", "", "roll from the seed with these `HEX` digits (up to 64), reproducibly")
	asJSON := fs.Bool("json", false, "print one JSON object per roll")
	text, err := parseExprFlags(fs, args)
	if err != nil {
		return err
	}
	if *n < 1 || *n > maxRolls {
		return usagef("-n %d: want 1 to %d rolls", *n, maxRolls)
	}
	e, err := dice.Parse(text)
	if err != nil {
		return usagef("%v", err)
	}
	seed := dice.NewSeed()
	if *seedHex != "" {
		if seed, err = dice.ParseSeed(*seedHex); err != nil {
			return usagef("--seed: %v", err)
		}
	}
	s := dice.NewUnrecordedStream(seed)
	w := bufio.NewWriter(env.Stdout)
	defer w.Flush()
	for range *n {
		if err := ctx.Err(); err != nil {
			return err
		}
		r, err := e.Roll(s)
		if err != nil {
			return err
		}
		if *asJSON {
			// The encoder ends each roll with a newline.
			if err := jsonOut(w).Encode(r); err != nil {
				return err
			}
			continue
		}
		w.WriteString(r.String())
		w.WriteByte('\n')
	}
	return w.Flush()
}

// jsonOut is a JSON encoder for what the command line prints: "5d6>=4"
// stays as typed rather than "5d6\u003e=4", since nothing here goes into
// HTML.
func jsonOut(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

// parseExprFlags parses the flags of roll and odds and returns the
// expression: the positional arguments joined by spaces, so that
// "roll 3d6 + 2" works. An argument that looks like a negative expression
// ("-2d6+10", "-d20", "-(d6)") is positional rather than an unknown flag
// unless the flag set defines it or it is the value of the flag before it.
func parseExprFlags(fs *flag.FlagSet, args []string) (string, error) {
	var words, chunk []string
	flush := func() error {
		pos, err := parseFlags(fs, chunk)
		words = append(words, pos...)
		chunk = nil
		return err
	}
	takesValue := false // the previous argument is a flag waiting for its value
	for i, a := range args {
		if a == "--" {
			chunk = append(chunk, args[i:]...)
			break
		}
		if !takesValue && looksNegative(fs, a) {
			if err := flush(); err != nil {
				return "", err
			}
			words = append(words, a)
			continue
		}
		chunk = append(chunk, a)
		takesValue = needsValue(fs, a)
	}
	if err := flush(); err != nil {
		return "", err
	}
	if len(words) == 0 {
		return "", usagef("missing dice expression (try -h)")
	}
	return strings.Join(words, " "), nil
}

// looksNegative reports whether a is an expression starting with '-' rather
// than a flag.
func looksNegative(fs *flag.FlagSet, a string) bool {
	if len(a) < 2 || a[0] != '-' {
		return false
	}
	switch c := a[1]; {
	case c >= '0' && c <= '9', c == 'd', c == 'D', c == '(', c == ' ':
	default:
		return false
	}
	name, _, _ := strings.Cut(a[1:], "=")
	return fs.Lookup(name) == nil
}

// needsValue reports whether a is a flag of fs that takes its value from the
// next argument ("-n 5", not "-n=5" or a boolean flag).
func needsValue(fs *flag.FlagSet, a string) bool {
	if !strings.HasPrefix(a, "-") || strings.Contains(a, "=") {
		return false
	}
	f := fs.Lookup(strings.TrimLeft(a, "-"))
	if f == nil {
		return false
	}
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		return false
	}
	return true
}
