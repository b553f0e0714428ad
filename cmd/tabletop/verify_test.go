package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabletop/bots"
	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games"
	"tabletop/internal/duel"
)

func init() {
	registry = func() *engine.Registry {
		return engine.NewRegistry(append(games.All(), duel.Game)...)
	}
}

// run runs the command line and returns its exit status and output.
func run(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(context.Background(), Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}, args)
	return code, out.String(), errb.String()
}

// duelExport plays a short duel and returns its export with the seed.
func duelExport(t *testing.T) engine.Export {
	t.Helper()
	tab, err := engine.NewTable(duel.Game, engine.Options{"rounds": "3"}, make([]engine.SeatInfo, 2), dice.Seed{7})
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, over := tab.Over(); over {
			return tab.Export(true)
		}
		for _, s := range tab.State().Pending() {
			if _, err := tab.Act(s, duel.Stance{Stance: duel.Attack}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func writeJSON(t *testing.T, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "table.json")
	if err := os.WriteFile(p, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestVerify(t *testing.T) {
	good := duelExport(t)
	tampered := duelExport(t)
	tampered.Log[1].Dice[0].Face = tampered.Log[1].Dice[0].Face%6 + 1
	badSeed := duelExport(t)
	badSeed.Seed = dice.Seed{8}.String()

	tests := []struct {
		name     string
		args     []string
		stdin    string
		wantCode int
		wantOut  string
		wantErr  string
	}{
		{"honest table is ok", []string{writeJSON(t, good)}, "", 0, "ok: Duel table, 2 seats, 4 actions and 5 dice replayed", ""},
		{"reads standard input", []string{"-"}, mustJSON(t, good), 0, "ok: Duel table", ""},
		{"changed die names the entry", []string{writeJSON(t, tampered)}, "", 1, "FAILED: engine: log entry 2: attack by seat 2: die 1", ""},
		{"seed not matching commitment", []string{writeJSON(t, badSeed)}, "", 1, "committed to", ""},
		{"no file", nil, "", 2, "", "want one FILE"},
		{"missing file", []string{filepath.Join(t.TempDir(), "nope.json")}, "", 2, "", "no such file"},
		{"not JSON", []string{"-"}, "hello", 2, "", "not a tabletop export"},
		{"unknown game", []string{"-"}, `{"game":"chess"}`, 2, "", `unknown game "chess"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := run(t, tt.stdin, append([]string{"verify"}, tt.args...)...)
			if code != tt.wantCode || !strings.Contains(out, tt.wantOut) || !strings.Contains(errOut, tt.wantErr) {
				t.Fatalf("verify %v = %d\nstdout: %s\nstderr: %s\nwant %d, stdout with %q, stderr with %q", tt.args, code, out, errOut, tt.wantCode, tt.wantOut, tt.wantErr)
			}
			if strings.Contains(errOut, "goroutine") || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
				t.Fatalf("stderr is not one line: %q", errOut)
			}
		})
	}
}

// duelInProgress plays the first actions of a duel and returns its export
// with the seed (as the table store and tabletop play's saves have it).
func duelInProgress(t *testing.T) engine.Export {
	t.Helper()
	tab, err := engine.NewTable(duel.Game, engine.Options{"rounds": "3"}, make([]engine.SeatInfo, 2), dice.Seed{7})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range tab.State().Pending() {
		if _, err := tab.Act(s, duel.Stance{Stance: duel.Attack}); err != nil {
			t.Fatal(err)
		}
	}
	if _, over := tab.Over(); over {
		t.Fatal("the duel is over already")
	}
	return tab.Export(true)
}

// TestVerify_LogWithoutTheSeedRevealIsNotOk checks that a log that ends
// before its game does (when the seed would be revealed) fails, unless
// --in-progress is given, and then the output says it is an in-progress
// log; a log with no seed at all fails either way.
func TestVerify_LogWithoutTheSeedRevealIsNotOk(t *testing.T) {
	open := duelInProgress(t)
	noSeed := duelInProgress(t)
	noSeed.Seed = ""
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  string
	}{
		{"unfinished log fails", []string{writeJSON(t, open)}, 1, "FAILED: the log ends before the game does, after 2 actions"},
		{"unfinished log with --in-progress", []string{"--in-progress", writeJSON(t, open)}, 0, "ok (in progress): Duel table"},
		{"no seed fails", []string{writeJSON(t, noSeed)}, 1, "FAILED: the export has no seed"},
		{"no seed fails with --in-progress", []string{"--in-progress", writeJSON(t, noSeed)}, 1, "FAILED: the export has no seed"},
		{"finished log with --in-progress says finished", []string{"--in-progress", writeJSON(t, duelExport(t))}, 0, "ok: Duel table"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := run(t, "", append([]string{"verify"}, tt.args...)...)
			if code != tt.wantCode || !strings.HasPrefix(out, tt.wantOut) {
				t.Fatalf("verify %v = %d\nstdout: %s\nstderr: %s\nwant %d and stdout starting %q", tt.args, code, out, errOut, tt.wantCode, tt.wantOut)
			}
			if code == 0 && strings.Contains(tt.name, "unfinished") && !strings.Contains(out, "an in-progress log") {
				t.Errorf("--in-progress does not say the log is in progress: %s", out)
			}
		})
	}
}

// botTableExport plays a short Pocket Monster Rancher table whose seats 2
// and 3 are bots, each choosing as the server's bot runner does (a clone's
// view and legal actions, the table's bot stream; an only choice is played
// without asking), and seat 1 capturing and entering its first monster.
func botTableExport(t *testing.T) engine.Export {
	t.Helper()
	g, err := registry().Game("pmr")
	if err != nil {
		t.Fatal(err)
	}
	seats := []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo", Bot: "greedy"}, {Name: "Cy", Bot: "random"}}
	tab, err := engine.NewTable(g, engine.Options{"turns": "6"}, seats, dice.Seed{9})
	if err != nil {
		t.Fatal(err)
	}
	for step := 0; step < 1000; step++ {
		st := tab.State()
		pending := st.Pending()
		if len(pending) == 0 {
			return tab.Export(true)
		}
		s := pending[0]
		a, only := engine.Only(st, s)
		if !only {
			c := st.Clone()
			a = c.Legal(s)[0]
			if name := seats[s].Bot; name != "" {
				b, err := bots.New(g, name)
				if err != nil {
					t.Fatal(err)
				}
				a = b.Act(s, c.View(s), c.Legal(s), tab.BotStream(s))
			}
		}
		if _, err := tab.Act(s, a); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("the game did not end")
	return engine.Export{}
}

// TestVerify_EveryEntryIsChecked checks each thing verify checks beyond the
// dice: the rules version, each entry's text and seat, the bot choices of
// bot seats, the bots named, and fields it does not know, anywhere.
func TestVerify_EveryEntryIsChecked(t *testing.T) {
	honest := botTableExport(t)
	edit := func(f func(x *engine.Export)) string {
		x := botTableExport(t)
		f(&x)
		return writeJSON(t, x)
	}
	botEntry := func(x *engine.Export) int {
		for i, e := range x.Log {
			if x.Seats[e.Seat].Bot == "greedy" && e.Kind == "train" {
				return i
			}
		}
		t.Fatal("the greedy seat never trained")
		return 0
	}
	rawEdit := func(old, new string) string {
		raw := mustJSON(t, honest)
		if !strings.Contains(raw, old) {
			t.Fatalf("the export has no %s", old)
		}
		p := filepath.Join(t.TempDir(), "table.json")
		if err := os.WriteFile(p, []byte(strings.Replace(raw, old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tests := []struct {
		name    string
		file    string
		wantOut string
	}{
		{"honest bot table is ok", writeJSON(t, honest), "ok: Pocket Monster Rancher table, 3 seats"},
		{"other rules version", edit(func(x *engine.Export) { x.RulesVersion = "pmr-0" }), `FAILED: the table was played under rules version "pmr-0"`},
		{"forged entry text", edit(func(x *engine.Export) { x.Log[0].Text = "capture a dragon" }), `FAILED: log entry 1: its text is "capture a dragon" but its action is "capture"`},
		{"bot seat that did not play as the bot", edit(func(x *engine.Export) { x.Seats[2].Bot = "greedy" }), `is played by bot "greedy", which chooses`},
		{"bot choice changed", edit(func(x *engine.Export) { x.Seats[1].Bot = "nash" }), `is played by bot "nash", which chooses`},
		{"unknown bot", edit(func(x *engine.Export) { x.Seats[1].Bot = "oracle" }), `FAILED: seat 2 is played by bot "oracle", which Pocket Monster Rancher does not have`},
		{"person's action as a bot's", edit(func(x *engine.Export) {
			i := botEntry(x)
			x.Log[i].Seat = 0
		}), "FAILED: engine: log entry"},
		{"unknown top-level field", rawEdit(`"game":`, `"note":"trust me","game":`), `has a field a table export does not have, "note"`},
		{"field spelled in capitals", rawEdit(`"seed":`, `"SEED":`), `has a field a table export does not have, "SEED"`},
		{"unknown entry field", rawEdit(`"seat":1,`, `"seat":1,"verified":true,`), `"log[`},
		{"unknown event field", rawEdit(`"kind":"sealed",`, `"kind":"sealed","extra":1,`), `.events[0].extra"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := run(t, "", "verify", tt.file)
			wantCode := 1
			if strings.HasPrefix(tt.wantOut, "ok") {
				wantCode = 0
			}
			if code != wantCode || !strings.Contains(out, tt.wantOut) {
				t.Fatalf("verify = %d\nstdout: %s\nstderr: %s\nwant %d and stdout with %q", code, out, errOut, wantCode, tt.wantOut)
			}
		})
	}
}

// TestVerify_PrintsStringsFromTheLogEscaped checks that text from the file
// (seat names in the outcome, an entry's text, a game id, the file name)
// reaches the terminal escaped: no line of its own, so no forged "ok", and
// no escape sequence to move the cursor or recolour.
func TestVerify_PrintsStringsFromTheLogEscaped(t *testing.T) {
	const evil = "\n\rok: forged\x1b[2K\x1b[1A\u202e\x07"
	named := botTableExport(t)
	for i := range named.Seats {
		named.Seats[i].Name += evil
	}
	// The names are the table's: replay them as set up with them.
	forged := duelExport(t)
	forged.Log[0].Text = "attack" + evil
	tests := []struct {
		name  string
		args  []string
		stdin string
	}{
		{"seat name in the outcome", []string{writeJSON(t, renamed(t, named))}, ""},
		{"entry text in a failure", []string{writeJSON(t, forged)}, ""},
		// Valid JSON, so that the strings reach the messages that name them
		// (a raw control character is not JSON, and that error quotes nothing).
		{"game id in an error", []string{"-"}, mustJSON(t, map[string]string{"game": "chess" + evil})},
		{"field name", []string{"-"}, mustJSON(t, map[string]any{"game": "duel", "ok" + evil[:2]: 1})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, out, errOut := run(t, tt.stdin, append([]string{"verify"}, tt.args...)...)
			for _, stream := range []string{out, errOut} {
				if strings.Count(stream, "\n") > 1 || strings.ContainsAny(stream, "\r\x1b\x07\u202e") {
					t.Errorf("output is not one clean line: %q", stream)
				}
				if strings.Contains(stream, "\nok: forged") || strings.HasPrefix(stream, "ok: forged") {
					t.Errorf("a forged ok line: %q", stream)
				}
			}
			if !strings.Contains(out+errOut, `\x1b`) && !strings.Contains(out+errOut, `\n`) {
				t.Errorf("the escapes are not shown: %q %q", out, errOut)
			}
		})
	}
}

// renamed replays x's actions at a table with x's seats (its names
// included), so that the export is an honest one of a table with those
// names.
func renamed(t *testing.T, x engine.Export) engine.Export {
	t.Helper()
	g, err := registry().Game(x.Game)
	if err != nil {
		t.Fatal(err)
	}
	seed, err := dice.ParseSeed(x.Seed)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := engine.NewTable(g, x.Options, x.Seats, seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range x.Log {
		a, err := g.Decode(e.Kind, e.Action)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tab.Act(e.Seat, a); err != nil {
			t.Fatal(err)
		}
	}
	return tab.Export(true)
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

func TestHelp_PrintsUsageOnce(t *testing.T) {
	for _, cmd := range []string{"roll", "odds", "verify", "sim", "play"} {
		t.Run(cmd, func(t *testing.T) {
			code, _, errOut := run(t, "", cmd, "-h")
			if code != 0 || strings.Count(errOut, "usage: tabletop "+cmd) != 1 {
				t.Fatalf("%s -h = %d, stderr:\n%s\nwant the usage exactly once", cmd, code, errOut)
			}
		})
	}
}

func TestUnknownFlag_IsOneLineAndExit2(t *testing.T) {
	code, _, errOut := run(t, "", "roll", "--bogus", "3d6")
	if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, "bogus") {
		t.Fatalf("roll --bogus = %d, stderr %q; want 2 and one line naming the flag", code, errOut)
	}
}

// TestVerify_NotAnExportSaysWhatIsWrongInWords: a file that is no table
// export is refused with what is wrong in a player's words (no game; not
// JSON, at which line; a field of the wrong kind), never the JSON
// decoder's Go text or `unknown game ""`.
func TestVerify_NotAnExportSaysWhatIsWrongInWords(t *testing.T) {
	for _, tt := range []struct {
		name, stdin, want string
	}{
		{"an empty object", `{}`, "this file has no game: it is not a tabletop export"},
		{"no game among other fields", `{"seed": "00"}`, "this file has no game: it is not a tabletop export"},
		{"not JSON", "hello", "this file is not a tabletop export: it is not JSON (line 1)"},
		{"broken on line 3", "{\n\"game\": \"pmr\",\n x}", "this file is not a tabletop export: it is not JSON (line 3)"},
		{"cut short", "{\n\"game\": ", "this file is not a tabletop export: it is not JSON (it stops short at line 2)"},
		{"a field of the wrong kind", "{\n\"game\": 5}", `this file is not a tabletop export: its "game" should be text, not a number (line 2)`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := run(t, tt.stdin, "verify", "-")
			if code != 2 || !strings.Contains(errOut, tt.want) {
				t.Errorf("verify of %q = %d, stderr %q; want 2 and %q", tt.stdin, code, errOut, tt.want)
			}
			for _, goText := range []string{"unknown game", "invalid character", "unmarshal", "Go struct", "unexpected end"} {
				if strings.Contains(errOut, goText) {
					t.Errorf("verify of %q says %q: %s", tt.stdin, goText, errOut)
				}
			}
		})
	}
}
