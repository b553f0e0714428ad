package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"tabletop/bots"
	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games"
)

// registry is the games the command knows; tests add the duel.
var registry = games.Registry

func init() {
	register("verify", "check a finished table: seed, every action and every die", runVerify)
}

const maxExportSize = 64 << 20

const verifyUsage = `[--in-progress] FILE

Reads a table export (JSON; - for standard input) and checks all of it:
sha256(seed) against the commitment, the rules version, every field (one
this program does not know fails), and every log entry: its seat was due to
act, its action replays and consumes exactly the recorded dice, which the
seed gives, with the recorded events; its kind and text are the action's;
and a seat played by a bot made the choice that bot makes there. A log that
ends before the game does fails unless --in-progress is given. Prints ok
with counts, or FAILED and what differs (exit 1). Text from the file is
printed escaped. A species roll of The Mystery Dungeons 2e (its public
page's download, or roll-species --json) is checked as roll-species --check
checks it, and so is an IQ skill vendor's discounted roll (its page's
download).`

func runVerify(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "verify", verifyUsage)
	inProgress := fs.Bool("in-progress", false, "accept a log of a game that has not ended yet, and say that it is one")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one FILE, got %d arguments (try -h)", len(pos))
	}
	name := escaped(pos[0])
	if pos[0] == "-" {
		name = "standard input"
	}
	var r io.Reader = env.Stdin
	if pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			return usagef("%s", escaped(err.Error()))
		}
		defer f.Close()
		r = f
	}
	raw, err := io.ReadAll(io.LimitReader(r, maxExportSize+1))
	if err != nil {
		return usagef("reading %s: %s", name, escaped(err.Error()))
	}
	if len(raw) > maxExportSize {
		return usagef("%s is larger than %d MiB: not a table export", name, maxExportSize>>20)
	}
	if ok, err := verifyTMDRoll(env, raw, name); ok {
		return err
	}
	var x engine.Export
	if err := json.Unmarshal(raw, &x); err != nil {
		return usagef("%s: this file is not a tabletop export: %s", name, notExport(raw, err))
	}
	if x.Game == "" {
		return usagef("%s: this file has no game: it is not a tabletop export", name)
	}
	g, err := registry().Game(x.Game)
	if err != nil {
		return usagef("%s: %s", name, escaped(err.Error()))
	}
	failed := func(msg string) error {
		fmt.Fprintf(env.Stdout, "FAILED: %s\n", escaped(msg))
		return &exitError{code: 1}
	}
	if field := unknownField(raw, &x); field != "" {
		return failed(fmt.Sprintf("%s has a field a table export does not have, %s: nothing in an export may go unchecked", name, strconv.Quote(field)))
	}
	info := g.Info()
	if x.RulesVersion != info.RulesVersion {
		return failed(fmt.Sprintf("the table was played under rules version %s; this program plays %s %s and cannot vouch for other rules",
			strconv.Quote(x.RulesVersion), info.Name, strconv.Quote(info.RulesVersion)))
	}
	if x.Seed == "" {
		return failed("the export has no seed, so no die can be checked: a table reveals its seed when its game ends")
	}
	tab, err := engine.Replay(g, x)
	var re *engine.ReplayError
	if errors.As(err, &re) {
		return failed(re.Error())
	}
	if err != nil {
		return err
	}
	if err := checkEntries(g, x); err != nil {
		return failed(err.Error())
	}
	draws := len(x.SetupDice)
	for _, e := range x.Log {
		draws += len(e.Dice)
	}
	out, over := tab.Over()
	if !over && !*inProgress {
		return failed(fmt.Sprintf("the log ends before the game does, after %d actions: it is not a finished table (verify it with --in-progress to check the part that was played)", len(x.Log)))
	}
	head, state := "ok", "finished: "+out.Text
	if !over {
		head, state = "ok (in progress)", "an in-progress log: the game has not ended, so this says nothing about what comes next"
	}
	fmt.Fprintf(env.Stdout, "%s: %s table, %s, %s and %s replayed and checked against the seed, every entry's seat, kind, text and bot choice checked; sha256(seed) matches the commitment %s; %s\n",
		head, info.Name, engine.Count(len(x.Seats), "seat", "seats"), engine.Count(len(x.Log), "action", "actions"), engine.Count(draws, "die", "dice"), x.Commitment[:16]+"…", escaped(state))
	return nil
}

// checkEntries plays the log again and checks what Replay does not: each
// entry's seat was due to act, its kind and text are those of its action,
// and a seat played by a bot made the choice that bot makes there, with the
// table's bot stream, as the server and tabletop play ask it. x has been
// replayed already, so every action is accepted.
func checkEntries(g engine.Game, x engine.Export) error {
	seed, err := dice.ParseSeed(x.Seed)
	if err != nil {
		return err
	}
	tab, err := engine.NewTable(g, x.Options, x.Seats, seed)
	if err != nil {
		return err
	}
	players := make([]engine.Bot, len(x.Seats))
	for i, si := range x.Seats {
		if si.Bot == "" {
			continue
		}
		if players[i], err = bots.New(g, si.Bot); err != nil {
			return fmt.Errorf("seat %d is played by bot %s, which %s does not have", i+1, strconv.Quote(si.Bot), g.Info().Name)
		}
	}
	for i, e := range x.Log {
		a, err := tab.Decode(e.Kind, e.Action) // the game's actions, and free rolls
		if err != nil {
			return fmt.Errorf("log entry %d: %v", i+1, err)
		}
		st := tab.State()
		// Any seat may make a free roll at any time, and no bot does.
		free := e.Kind == engine.KindFreeRoll && players[e.Seat] == nil
		switch {
		case a.Kind() != e.Kind:
			return fmt.Errorf("log entry %d: its kind is %s but its action is a %s", i+1, strconv.Quote(e.Kind), strconv.Quote(a.Kind()))
		case a.String() != e.Text:
			return fmt.Errorf("log entry %d: its text is %s but its action is %s", i+1, strconv.Quote(e.Text), strconv.Quote(a.String()))
		case !free && !slices.Contains(st.Pending(), e.Seat):
			return fmt.Errorf("log entry %d: %s by %s, who was not due to act", i+1, strconv.Quote(e.Text), e.Seat)
		}
		if b := players[e.Seat]; b != nil {
			want, only := engine.Only(st, e.Seat)
			if !only {
				// A clone, as the server's bot runner asks from one.
				c := st.Clone()
				want = b.Act(e.Seat, c.View(e.Seat), c.Legal(e.Seat), tab.BotStream(e.Seat))
			}
			if want.Kind() != a.Kind() || want.String() != a.String() {
				return fmt.Errorf("log entry %d: %s is played by bot %s, which chooses %s there, not %s",
					i+1, e.Seat, strconv.Quote(x.Seats[e.Seat].Bot), strconv.Quote(want.String()), strconv.Quote(e.Text))
			}
		}
		if _, err := tab.Act(e.Seat, a); err != nil {
			return fmt.Errorf("log entry %d: %v", i+1, err)
		}
	}
	return nil
}

// unknownField returns the path of the first field of raw that the export x
// read from it does not write back ("log[3].events[0].note"), "" if none.
// encoding/json skips fields it does not know, and matches names without
// regard to case: a field it skipped, or spelled otherwise, would go
// unchecked. Empty values (null, "", [], {}) that x leaves out are fine.
func unknownField(raw []byte, x *engine.Export) string {
	back, err := json.Marshal(x)
	if err != nil {
		return "(the export cannot be written back: " + err.Error() + ")"
	}
	var a, b any
	if json.Unmarshal(raw, &a) != nil || json.Unmarshal(back, &b) != nil {
		return "(the export cannot be read as JSON)"
	}
	return extraField("", a, b)
}

// extraField walks a and b, JSON values, and returns the path of the first
// object member of a that b lacks (and that is not empty).
func extraField(path string, a, b any) string {
	switch a := a.(type) {
	case map[string]any:
		bm, _ := b.(map[string]any)
		keys := make([]string, 0, len(a))
		for k := range a {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			p := k
			if path != "" {
				p = path + "." + k
			}
			bv, ok := bm[k]
			if !ok {
				if !emptyJSON(a[k]) {
					return p
				}
				continue
			}
			if f := extraField(p, a[k], bv); f != "" {
				return f
			}
		}
	case []any:
		bs, _ := b.([]any)
		for i := range min(len(a), len(bs)) {
			if f := extraField(fmt.Sprintf("%s[%d]", path, i), a[i], bs[i]); f != "" {
				return f
			}
		}
	}
	return ""
}

func emptyJSON(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}

// escaped returns s fit to print on a terminal: control and format
// characters (newlines, escape sequences, direction overrides) and bytes that
// are not UTF-8 are written as Go escapes (\n, \x1b, \u202e), so that text
// from a file can neither start a line of its own (a forged "ok") nor move
// the cursor.
func escaped(s string) string {
	clean := true
	for _, r := range s {
		if r == utf8.RuneError || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029' {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b bytes.Buffer
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\u2028' || r == '\u2029':
			q := strconv.QuoteRuneToASCII(r)
			b.WriteString(strings.Trim(q, "'"))
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// notExport says in words why raw, which json.Unmarshal refused with err,
// is no export: not JSON at all, or a field holding the wrong kind of
// value; each with the line, so that whoever opens the file finds it.
func notExport(raw []byte, err error) string {
	line := func(off int64) int {
		return bytes.Count(raw[:min(max(off, 0), int64(len(raw)))], []byte("\n")) + 1
	}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn) && syn.Offset >= int64(len(bytes.TrimRight(raw, " \t\r\n"))):
		return fmt.Sprintf("it is not JSON (it stops short at line %d)", line(syn.Offset))
	case errors.As(err, &syn):
		return fmt.Sprintf("it is not JSON (line %d)", line(syn.Offset))
	case errors.As(err, &typ) && typ.Field != "":
		return fmt.Sprintf("its %s should be %s (line %d)", engine.Quote(typ.Field), engine.JSONMismatch(typ), line(typ.Offset))
	case errors.As(err, &typ):
		return fmt.Sprintf("it is %s, where an export is an object (line %d)", engine.JSONValueKind(typ.Value), line(typ.Offset))
	}
	return escaped(err.Error())
}
