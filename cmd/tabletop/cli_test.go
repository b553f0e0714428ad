package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"tabletop/games/mgt"
	"tabletop/games/pmr"
	"tabletop/sim"
)

func TestHelp_UnknownCommandExitsTwo(t *testing.T) {
	code, out, errOut := run(t, "", "help", "nosuch")
	if code != 2 || out != "" || !strings.Contains(errOut, `no command "nosuch"`) {
		t.Fatalf("help nosuch = %d, stdout %q, stderr %q; want 2 and a one-line error", code, out, errOut)
	}
}

func TestHelp_ListsGamesBotsAndOptions(t *testing.T) {
	code, out, _ := run(t, "", "help")
	if code != 0 {
		t.Fatalf("help = %d", code)
	}
	for _, want := range []string{
		"pmr      Pocket Monster Rancher, 2 to 8 seats; bots: random, greedy, nash",
		"-o turns=3..300 (default 30)  number of turns",
		"mgt      Monster Girl Taxonomy, 2 to 6 seats; bots: random, greedy",
		"-o rounds=3..4 (default 4)",
		"duel     Duel, 2 seats; bots: random",
		"version  print the version",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("help lacks %q:\n%s", want, out)
		}
	}
}

func TestVersion_SaysTheBuildGoAndRulesVersions(t *testing.T) {
	code, out, errOut := run(t, "", "version")
	if code != 0 || errOut != "" {
		t.Fatalf("version = %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"tabletop ", runtime.Version(), "pmr: rules " + pmr.RulesVersion, "mgt: rules " + mgt.RulesVersion} {
		if !strings.Contains(out, want) {
			t.Errorf("version lacks %q:\n%s", want, out)
		}
	}
	if code, _, _ := run(t, "", "version", "extra"); code != 2 {
		t.Errorf("version with an argument = %d, want 2", code)
	}
}

// goNames finds a Go package named as an error's prefix, or a Go type.
var goNames = regexp.MustCompile(`(^|\s)(engine|dice|bots|sim|store|server|pmr|mgt|json): |Go struct|createRequest`)

func TestErrors_ShowNoGoPackageNames(t *testing.T) {
	for _, args := range [][]string{
		{"play", "nosuch"},
		{"sim", "nosuch", "--seats", "random"},
		{"odds", "3d6+)"},
		{"roll", "2d"},
		{"play", "pmr", "-o", "turns=x"},
		{"sim", "pmr", "--seats", "oracle"},
		{"roll", "d6", "--seed", "xyz"},
	} {
		code, _, errOut := run(t, "", args...)
		if code != 2 || errOut == "" {
			t.Fatalf("%v = %d, stderr %q; want 2 and a message", args, code, errOut)
		}
		msg := strings.TrimPrefix(errOut, "tabletop "+args[0]+": ")
		if m := goNames.FindString(msg); m != "" {
			t.Errorf("%v says %q, naming Go's %q", args, errOut, m)
		}
	}
}

func TestRoll_JSONKeepsComparisonsAsTyped(t *testing.T) {
	_, out, _ := run(t, "", "roll", "--json", "--seed", "01", "5d6>=4")
	if !strings.Contains(out, `"expr":"5d6>=4"`) {
		t.Errorf("roll --json escapes the expression: %s", out)
	}
	_, out, _ = run(t, "", "odds", "--json", "5d6>=4")
	if !strings.Contains(out, `"expr":"5d6>=4"`) {
		t.Errorf("odds --json escapes the expression: %.80s", out)
	}
}

func TestSim_OneSeatAndOneGameInTheSingular(t *testing.T) {
	code, out, errOut := run(t, "", "sim", "prophecy", "--games", "1", "--seats", "random", "-o", "practice=true", "--seed", "01")
	if code != 0 || !strings.Contains(out, "Prophecy: 1 game, 1 seat, seed") {
		t.Fatalf("sim with one game and one seat = %d %q:\n%s", code, errOut, out)
	}
}

// TestTurnsOutOfRangeGivesTheOptionsRange: --turns outside the game's
// turns option (3..300 at Pocket Monster Rancher) is an error that gives
// that range, not "at least 1", which 1 and 2 would then contradict.
func TestTurnsOutOfRangeGivesTheOptionsRange(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "pmr", "--seats", "random", "--turns", "0"},
		{"play", "pmr", "--turns", "0"},
		{"play", "pmr", "--turns", "2"},
		{"sim", "pmr", "--seats", "random", "--turns", "-3"},
		{"play", "pmr", "--turns", "301"},
	} {
		code, out, errOut := run(t, "", args...)
		want := "--turns must be 3 to 300 at Pocket Monster Rancher, got " + args[len(args)-1]
		if code != 2 || out != "" || !strings.Contains(errOut, want) {
			t.Errorf("%v = %d, stdout %q, stderr %q; want 2 saying %q", args, code, out, errOut, want)
		}
	}
}

func TestSim_ProgressOnlyOnATerminal(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(&bytes.Buffer{}) || isTerminal(f) {
		t.Fatalf("a buffer or a regular file is taken for a terminal")
	}
	var buf bytes.Buffer
	cfg := sim.Config{Games: 10}
	clear := progress(&buf, &cfg, 0)
	cfg.Progress(3)
	cfg.Progress(10)
	clear()
	if got, want := buf.String(), "\r3/10 games\r10/10 games\r\033[K"; got != want {
		t.Fatalf("progress wrote %q, want %q", got, want)
	}
	// Not a terminal: a long run writes nothing on stderr.
	if _, _, errOut := run(t, "", "sim", "duel", "--games", "2000", "--seats", "random,random", "--seed", "01"); errOut != "" {
		t.Fatalf("sim wrote progress to a non-terminal: %q", errOut)
	}
}

func TestPlay_ExportPathIsCheckedBeforeTheGame(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ path, want string }{
		{filepath.Join(dir, "nosuch", "x.json"), "there is no folder"},
		{dir, "is a folder"},
	} {
		code, out, errOut := run(t, "guard\n", "play", "duel", "--seed", "05", "-o", "rounds=1", "--export", c.path)
		if code != 2 || out != "" || !strings.Contains(errOut, "--export: ") || !strings.Contains(errOut, c.want) {
			t.Errorf("play --export %s = %d, stdout %q, stderr %q; want 2 before the game, saying %q", c.path, code, out, errOut, c.want)
		}
	}
}

func TestPlay_ExportPromptAsksAgainAfterABadFileName(t *testing.T) {
	dir := t.TempDir()
	bad, good := filepath.Join(dir, "nosuch", "x.json"), filepath.Join(dir, "x.json")
	code, out, errOut := run(t, "guard\n"+bad+"\n"+good+"\n", "play", "duel", "--seed", "05", "-o", "rounds=1")
	if code != 0 || !strings.Contains(out, "cannot write "+bad+": there is no folder") || !strings.Contains(out, "wrote "+good) {
		t.Fatalf("play = %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
	if strings.Count(out, "File name (enter to skip)") != 2 {
		t.Fatalf("the prompt was not asked again after the bad name:\n%s", out)
	}
}

// TestPlay_ExportPromptTakesNoPromptWordForAFileName: at the end of a
// game, "view" (a word of the prompt before) is not written as a file
// called view: the question is asked again; "no" skips the export.
func TestPlay_ExportPromptTakesNoPromptWordForAFileName(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	code, out, errOut := run(t, "guard\nview\nno\n", "play", "duel", "--seed", "05", "-o", "rounds=1")
	if code != 0 || !strings.Contains(out, "type a file name for its export") || strings.Count(out, "File name (enter to skip)") != 2 {
		t.Fatalf("play = %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Errorf("files written: %v, want none (view is a prompt's word, no skips)", files)
	}
}
