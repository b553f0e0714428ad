package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestPlay_GMSessionGolden plays a seeded musi supa pona session at one
// terminal (a GM and two players: characters, a gift, coins with change,
// a GM's note, a hidden check, a battle to the end, experience and a
// level) and compares the transcript with testdata/play-msp.golden.
func TestPlay_GMSessionGolden(t *testing.T) {
	script, err := os.ReadFile(filepath.Join("testdata", "play-msp.script"))
	if err != nil {
		t.Fatal(err)
	}
	out := mustPlay(t, string(script), "play", "msp", "--names", "Gail,Ann,Bo", "--seed", "01")
	golden := filepath.Join("testdata", "play-msp.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		gl, wl := strings.Split(out, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("transcript line %d differs (go test -update rewrites it):\ngot  %s\nwant %s", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("transcript has %d lines, want %d", len(gl), len(wl))
	}
	for _, want := range []string{
		"\nroll: that is a player's action", // typed at the GM's prompt, without "engine: "
		// A text that reads as no action: the example is one the seat types.
		"Gail (GM)> fly\n" + `msp: unknown action "fly": write one as the choices show it, as in "check strength of Ann"`,
		"Bo> fly\n" + `msp: unknown action "fly": write one as the choices show it, as in "attack Wolf with Short sword"`,
		"Wolf takes 5 damage and falls",
		"The battle is over: no enemy stands",
		"Game over: The session ends (the heroes rest at the inn): Ann lives (level 1), Bo lives (level 0)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the session lacks %q", want)
		}
	}
	// Bo's prompt never shows the hidden target.
	for _, block := range strings.Split(out, "\n== ")[1:] {
		if strings.HasPrefix(block, "Bo ==") && strings.Contains(block, "target at least 12") && !strings.Contains(block, "the target was at least 12") {
			t.Errorf("Bo's screen shows the target before the roll:\n%s", block)
		}
	}
}

func TestPlay_GMSessionExportVerifies(t *testing.T) {
	script, _ := os.ReadFile(filepath.Join("testdata", "play-msp.script"))
	export := filepath.Join(t.TempDir(), "msp.json")
	code, out, errOut := run(t, string(script), "play", "msp", "--names", "GM,Ann,Bo", "--seed", "01", "--export", export)
	if code != 0 || !strings.Contains(out, "wrote "+export) {
		t.Fatalf("play msp = %d, stderr %q\n%s", code, errOut, out)
	}
	if code, out, _ = run(t, "", "verify", export); code != 0 || !strings.HasPrefix(out, "ok:") {
		t.Fatalf("verify = %d: %s", code, out)
	}
}

func TestPlay_GMBookImportsAndExports(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in.json"), filepath.Join(dir, "out.json")
	book := `{"creatures":[{"name":"Troll","hp":40,"attacks":[{"name":"fist","damage":7}]}],"items":[],"places":[]}`
	if err := os.WriteFile(in, []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	mustPlay(t, "create Ann / elf / ranger / neutral / hunter\nexport book "+out+"\nquit\n", "play", "msp", "--players", "2", "--book", in, "--seed", "02")
	got, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(got), `"Troll"`) || !strings.Contains(string(got), `"Goblin"`) {
		t.Fatalf("exported book (%v):\n%s", err, got)
	}
	if code, _, errOut := run(t, "", "play", "msp", "--bots", "random"); code == 0 || !strings.Contains(errOut, "people only") {
		t.Errorf("play msp with bots = %d, %q", code, errOut)
	}
}

// TestPlay_TMDAlliesTurnHandsTheTerminalToEachAlly: at one keyboard, The
// Mystery Dungeons 2e asks each player for a sheet (the first sample), and on the allies' turn
// each ally in turn, instead of leaving the GM to end a turn nobody played.
func TestPlay_TMDAlliesTurnHandsTheTerminalToEachAlly(t *testing.T) {
	input := "1\n1\nadd foe Geodude level 5 with Tackle\nstart the battle, allies first\nquit\n"
	out := mustPlay(t, input, "play", "tmd", "--names", "Gail,Ann,Bo", "--seed", "08")
	for _, want := range []string{"Ann> 1\n  Ann brings", "Bo> 1\n  Bo brings", "Round 1: the allies' turn.\n\n== Ann ==", "Ann> quit"} {
		if !strings.Contains(out, want) {
			t.Errorf("the session lacks %q:\n%s", want, out)
		}
	}
}

// TestPlay_TMDPlayerChoosesASampleSheet: at one keyboard each Mystery
// Dungeons player without a sheet is asked to choose one of the samples,
// listed by species; the text the samples share is ambiguous, a label or
// a number picks one, and "help" says what each brings.
func TestPlay_TMDPlayerChoosesASampleSheet(t *testing.T) {
	input := "help\nbring the sheet of ann\nbring the sheet of ann, a level 5 pikachu\n2\nquit\n"
	out := mustPlay(t, input, "play", "tmd", "--names", "Gail,Ann,Bo", "--seed", "08")
	for _, want := range []string{
		"   1) bring the sheet of Ann, a level 5 Charmander\n   2) bring the sheet of Ann, a level 5 Squirtle\n",
		"   4) bring the sheet of Ann, a level 5 Pikachu: Electric; 20 HP, 5 AP, ability Static; moves Thunder Shock, Growl; bag Oran Berry",
		`"bring the sheet of ann" could be 4 choices`,
		"Ann brings Ann, a level 5 Pikachu.",
		"   2) bring the sheet of Bo, a level 5 Bulbasaur\n",
		"Bo> 2\n  Bo brings Bo, a level 5 Bulbasaur.",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the session lacks %q:\n%s", want, out)
		}
	}
}

// TestWithFile_OnlyALastWordNamingAFileReadsIt: at a game master's table in
// the terminal a last word "@FILE" brings in the file FILE; an address or
// a word with @ that names no file stays as typed (the note was lost with
// "open example.com: no such file or directory").
func TestWithFile_OnlyALastWordNamingAFileReadsIt(t *testing.T) {
	dir := t.TempDir()
	book := filepath.Join(dir, "book.json")
	if err := os.WriteFile(book, []byte(`{"creatures":[]}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ line, want string }{
		{"import book @" + book, `import book {"creatures":[]}`},
		{"@" + book, `{"creatures":[]}`},
		{"note: write to bob@example.com", "note: write to bob@example.com"},
		{"note: meet @dawn", "note: meet @dawn"},
		{"note: @ the inn", "note: @ the inn"},
		{"note: the end @", "note: the end @"},
	} {
		got, err := withFile(tc.line)
		if err != nil || got != tc.want {
			t.Errorf("withFile(%q) = %q, %v; want %q", tc.line, got, err, tc.want)
		}
	}
	if _, err := withFile("import book @" + dir); err == nil || err.Error() != "cannot read "+dir+": it is a folder, not a file" {
		t.Errorf("withFile of a folder: %v, want an error that says it is a folder (it is there, but no file to read)", err)
	}
}

// TestPlay_EndingTheSessionAsksFirst: at a game master's table in the
// terminal, ending the session for everyone (engine.Confirmer) is played
// only after a "y": "n", or anything else, leaves the game going, and
// the question is asked however the action was typed.
func TestPlay_EndingTheSessionAsksFirst(t *testing.T) {
	for _, tc := range []struct {
		game, end string
	}{
		{"msp", "end session: the inn closes"},
		{"msp", "end s"},
		{"tmd", "end the session"},
	} {
		t.Run(tc.game+" "+tc.end, func(t *testing.T) {
			out := mustPlay(t, "as GM\n"+tc.end+"\nn\nquit\n", "play", tc.game, "--seed", "03")
			after := out[strings.LastIndex(out, "GM (GM)> "+tc.end):]
			if !strings.Contains(after, "End the session for everyone?") || !strings.Contains(after, "[y/N] n\nnot done: ") ||
				strings.Contains(out, "The session ends") || strings.Contains(out, "Game over") || !strings.Contains(after, "GM (GM)> quit") {
				t.Fatalf("after %q and n, the session did not go on:\n%s", tc.end, after)
			}
			code, out, errOut := run(t, "as GM\n"+tc.end+"\ny\n", "play", tc.game, "--seed", "03")
			if code != 0 || errOut != "" || !strings.Contains(out, "[y/N] y\n") || !strings.Contains(out, "The session ends") || !strings.Contains(out, "Game over") {
				t.Fatalf("after %q and y = %d, stderr %q, the session did not end:\n%s", tc.end, code, errOut, out)
			}
		})
	}
}

// TestPlay_APlayerWhoMayNotEndTheSessionIsNotAskedWhetherTo: a confirm's
// question is asked only of a seat that may take such an action; a player
// who types the GM's "end the session" gets the game's refusal at once,
// and the next line is read as the next action, not as an answer.
func TestPlay_APlayerWhoMayNotEndTheSessionIsNotAskedWhetherTo(t *testing.T) {
	out := mustPlay(t, "end the session\nquit\n", "play", "tmd", "--names", "Gail,Ann,Bo", "--seed", "03")
	after := out[strings.LastIndex(out, "Ann> end the session"):]
	if strings.Contains(after, "[y/N]") || !strings.Contains(after, "only the game master may do that") || !strings.Contains(after, "Ann> quit") {
		t.Fatalf("a player's \"end the session\":\n%s", after)
	}
}

// TestPlay_TMDTakesTypedActions: at a Mystery Dungeons table in the
// terminal a player brings a sheet from the file tabletop tmd sheet new
// wrote ("sheet @FILE"), and the GM and the players type actions of their
// own (a foe of the GM's choosing, a note, a move on a target, a foe's
// move); a text that reads as no action says what to write, with an
// example of what the one who typed it writes, a player's or the GM's.
func TestPlay_TMDTakesTypedActions(t *testing.T) {
	sheet := filepath.Join(t.TempDir(), "pip.json")
	code, out, errOut := run(t, "", "tmd", "sheet", "new", "--name", "Pip", "--species", "Charmander")
	if code != 0 {
		t.Fatalf("tmd sheet new = %d, stderr %q", code, errOut)
	}
	if err := os.WriteFile(sheet, []byte(out), 0o600); err != nil {
		t.Fatal(err)
	}
	input := strings.Join([]string{
		"sheet @" + sheet, "1",
		"add foe Geodude level 7 as Rocky with Tackle, Defense Curl (stats hidden)",
		"note: Rocky guards the stairs",
		"start the battle, allies first",
		"use Basic Attack on Rocky",
		"fly", "end the turn",
		"fly", "Rocky: use Tackle on Pip",
		"quit",
	}, "\n")
	code, out, errOut = run(t, input, "play", "tmd", "--names", "Gail,Ann,Bo", "--seed", "08")
	if code != 0 || errOut != "" {
		t.Fatalf("play tmd = %d, stderr %q\n%s", code, errOut, out)
	}
	for _, want := range []string{
		"Ann> sheet @" + sheet + "\n  Ann brings Pip, a level 5 Charmander.",
		"A foe joins: Rocky, a level 7 Geodude (stats hidden from the players).",
		"Your notes:\n  - Rocky guards the stairs",
		"Ann> use Basic Attack on Rocky\n  Pip uses Basic Attack",
		"Bo> fly\n" + `tmd: unknown action "fly": write one as the choices show it, as in "use Tackle on Geodude"`,
		"Gail (GM)> fly\n" + `tmd: unknown action "fly": write one as the choices show it, as in "Rocky: use Tackle on Ann"`,
		"Gail (GM)> Rocky: use Tackle on Pip\n  Rocky uses Tackle",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the session lacks %q:\n%s", want, out)
		}
	}
}

// TestPlay_AOneOrTwoLetterLineDoesNotPickTheChoiceItBegins: at a table
// where anything may be typed, "n" or "no" (an answer typed a line late)
// is refused, not read as the GM's sample note that it begins.
func TestPlay_AOneOrTwoLetterLineDoesNotPickTheChoiceItBegins(t *testing.T) {
	for _, game := range []string{"msp", "tmd"} {
		out := mustPlay(t, "as GM\nn\nas GM\nno\nquit\n", "play", game, "--seed", "03")
		if strings.Contains(out, "GM's note") || strings.Count(out, `unknown action "n`) != 2 {
			t.Errorf("%s: a GM's \"n\" and \"no\":\n%s", game, out)
		}
	}
}

// TestPlay_TheGMIsAskedWhereverTheGameTakesTheEnd: the question is asked
// wherever the game would take the action, listed among the choices or
// not: here, as a battle is being set up, "end the session" is not among
// the GM's choices but ends the session all the same.
func TestPlay_TheGMIsAskedWhereverTheGameTakesTheEnd(t *testing.T) {
	input := "1\n2\nadd foe Geodude level 5 as Rocky with Tackle\nend the session (the team rests)\nn\nquit\n"
	out := mustPlay(t, input, "play", "tmd", "--names", "Gail,Ann,Bo", "--seed", "07")
	after := out[strings.LastIndex(out, "Gail (GM)> end the session"):]
	if !strings.Contains(after, "End the session for everyone?") || !strings.Contains(after, "[y/N] n\nnot done: ") || strings.Contains(out, "The session ends") {
		t.Fatalf("the GM's typed end during the battle's setup:\n%s", after)
	}
}

// TestPlay_AGMTablePlaysASeatsOnlyChoice: at a game master's table in the
// terminal, as on the server, a seat whose only legal action is one (Ann's
// "end the turn" once her ally has acted) has it played without being
// asked, and the terminal says whose choice it was.
func TestPlay_AGMTablePlaysASeatsOnlyChoice(t *testing.T) {
	input := "1\n1\nadd foe Geodude level 5 as Rocky with Tackle\nstart the battle, allies first\nuse Basic Attack on Rocky\nquit\n"
	out := mustPlay(t, input, "play", "tmd", "--names", "Gail,Ann,Bo", "--seed", "08")
	after := out[strings.Index(out, "Ann> use Basic Attack on Rocky"):]
	played := strings.Index(after, "  (Ann's only choice: end the turn)\n")
	if played < 0 || strings.Contains(after[:played], "\n== ") || !strings.Contains(after[played:], "== Bo ==") {
		t.Fatalf("Ann's only choice after her attack:\n%s", after)
	}
}

// TestPlay_AsANameNoSeatHasListsTheSeatsToHandTo: "as NAME" with a name
// no seat has says which seats it may hand the terminal to: the others
// with something to do now.
func TestPlay_AsANameNoSeatHasListsTheSeatsToHandTo(t *testing.T) {
	out := mustPlay(t, "as Cy\nquit\n", "play", "msp", "--names", "Gail,Ann,Bo", "--seed", "01")
	if want := "Ann> as Cy\nno seat called \"Cy\": the other seats with something to do now are Gail and Bo\n"; !strings.Contains(out, want) {
		t.Fatalf("the session lacks %q:\n%s", want, out)
	}
}

// TestPlay_ASeatNamesLeavesUnnamedKeepsItsDefaultName: an empty name in
// --names leaves the seat its default name, as the help says: "GM" for a
// game master's seat (or --name), "Player N" for a player's.
func TestPlay_ASeatNamesLeavesUnnamedKeepsItsDefaultName(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"the GM", []string{"--names", ",Ann"}, "GM is the game master; players: Ann."},
		{"the GM with --name", []string{"--names", ",Ann", "--name", "Gail"}, "Gail is the game master; players: Ann."},
		{"a player", []string{"--names", "Gail,,Bo"}, "Gail is the game master; players: Player 2, Bo."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(t, "quit\n", append([]string{"play", "msp", "--seed", "01"}, tc.args...)...)
			if code != 0 || errOut != "" || !strings.Contains(out, tc.want) {
				t.Fatalf("play msp %v = %d, stderr %q, want %q in\n%s", tc.args, code, errOut, tc.want, out)
			}
		})
	}
}

// mustPlay runs tabletop with stdin and args and returns what it printed,
// failing the test unless it exits 0 with nothing on standard error.
func mustPlay(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	code, out, errOut := run(t, stdin, args...)
	if code != 0 || errOut != "" {
		t.Fatalf("tabletop %s = %d, stderr %q\n%s", strings.Join(args, " "), code, errOut, out)
	}
	return out
}
