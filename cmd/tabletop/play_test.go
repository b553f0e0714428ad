package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabletop/engine"
)

func TestPlay_PersonPlaysToTheEndAndExportVerifies(t *testing.T) {
	export := filepath.Join(t.TempDir(), "duel.json")
	// Choices by number, by text, by prefix, plus help and a bad choice.
	input := strings.Join([]string{"help", "9", "1", "guard", "att"}, "\n") + strings.Repeat("\n1", 20) + "\n"
	code, out, errOut := run(t, input, "play", "duel", "--bots", "random", "--seed", "05", "-o", "rounds=8", "--export", export)
	if code != 0 {
		t.Fatalf("play = %d, stderr: %s\nstdout: %s", code, errOut, out)
	}
	for _, want := range []string{"Seed commitment:", "Type a choice's number", "choose a number from 1 to 2", "Game over:", "Seed (check", "wrote " + export} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = run(t, "", "verify", export)
	if code != 0 || !strings.HasPrefix(out, "ok:") {
		t.Fatalf("verify of play's export = %d: %s", code, out)
	}
	raw, _ := os.ReadFile(export)
	var x engine.Export
	if err := json.Unmarshal(raw, &x); err != nil || x.Seats[1].Bot != "random" {
		t.Fatalf("export seats = %+v (%v), want seat 2 played by random", x.Seats, err)
	}
}

func TestPlay_AsksWhereToWriteTheExportAtTheEnd(t *testing.T) {
	dir := t.TempDir()
	export := filepath.Join(dir, "asked.json")
	code, out, errOut := run(t, "guard\n"+export+"\n", "play", "duel", "--seed", "05", "-o", "rounds=1")
	if code != 0 || !strings.Contains(out, "File name (enter to skip)") {
		t.Fatalf("play = %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
	if _, err := os.Stat(export); err != nil {
		t.Fatalf("the export named at the prompt was not written: %v", err)
	}
}

func TestPlay_EndOfInputLeavesCleanly(t *testing.T) {
	code, out, errOut := run(t, "1\n", "play", "duel", "--seed", "05")
	if code != 0 || !strings.Contains(out, "leaving the table") || errOut != "" {
		t.Fatalf("play with input ending mid-game = %d, %q, stderr %q", code, out, errOut)
	}
}

func TestPlay_DefaultTableIsYouAndThreeOfTheBestBot(t *testing.T) {
	// Pocket Monster Rancher takes 2 to 8 stables: with no --players and no
	// --bots the table is four, the other three played by nash.
	code, out, errOut := run(t, "quit\n", "play", "pmr", "--turns", "3", "--seed", "01")
	if code != 0 || errOut != "" {
		t.Fatalf("play pmr = %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "at a table of 4") || strings.Count(out, "(nash)") < 3 {
		t.Fatalf("play pmr without --players or --bots:\n%s", out)
	}
	// The duel takes exactly two: the default is held to the game's limits.
	code, out, errOut = run(t, "quit\n", "play", "duel", "--seed", "05")
	if code != 0 || errOut != "" || !strings.Contains(out, "at a table of 2") {
		t.Fatalf("play duel = %d, stderr %q:\n%s", code, errOut, out)
	}
}

func TestPlay_RefusesBadSetup(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"too many players", []string{"duel", "--players", "3"}, "--players must be 2 at Duel"},
		{"unknown bot", []string{"duel", "--bots", "oracle"}, `no bot "oracle"`},
		{"too many bots", []string{"duel", "--players", "2", "--bots", "random,random"}, "2 bots named for 1 other seat"},
		{"unknown game", []string{"go"}, `unknown game "go"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := run(t, "", append([]string{"play"}, tt.args...)...)
			if code != 2 || !strings.Contains(errOut, tt.want) {
				t.Fatalf("play %v = %d, %q; want 2 and %q", tt.args, code, errOut, tt.want)
			}
		})
	}
}

func TestPlay_OnlyChoiceIsPlayedWithoutAsking(t *testing.T) {
	// On Pocket Monster Rancher's first turn a stable with no monster can only
	// capture: play takes it and says so, and the first prompt is on turn 2.
	code, out, errOut := run(t, "quit\n", "play", "pmr", "--bots", "greedy", "--turns", "3", "--seed", "01")
	if code != 0 || errOut != "" {
		t.Fatalf("play = %d, stderr %q", code, errOut)
	}
	first := strings.Index(out, "> ")
	if !strings.Contains(out, "(your only choice: capture)") || first < strings.Index(out, "Turn 2 of 3") {
		t.Fatalf("the only choice was not played before the first prompt:\n%s", out)
	}
}

func TestPlay_RulesAndHelpAtThePrompt(t *testing.T) {
	code, out, errOut := run(t, "rules\nhelp\nquit\n", "play", "pmr", "--bots", "greedy", "--turns", "3", "--seed", "01")
	if code != 0 || errOut != "" {
		t.Fatalf("play = %d, stderr %q", code, errOut)
	}
	rules := out[strings.Index(out, "> "):]
	for _, want := range []string{"Tournaments\n-----------\n", "Brawn beats Speed", "rules  the rules of Pocket Monster Rancher in brief",
		"What the choices do:", "capture: A new monster: one die for each ability"} {
		if !strings.Contains(rules, want) {
			t.Errorf("after rules and help, the output lacks %q:\n%s", want, rules)
		}
	}
	if strings.Contains(rules, "**") || strings.Contains(rules, "## ") {
		t.Errorf("the rules are shown with Markdown marks:\n%s", rules)
	}
	// A game without a rules summary says so.
	code, out, _ = run(t, "rules\nquit\n", "play", "duel", "--seed", "05")
	if code != 0 || !strings.Contains(out, "No rules summary for") {
		t.Errorf("rules in a game without a summary = %d:\n%s", code, out)
	}
}

// TestPlay_ResignHandsTheSeatToABotThatPlaysTheGameOut checks that "resign"
// at the prompt ends the person's part, not the game: the table's bot plays
// the seat to the end, the game is scored with the resignation in it, and
// the export verifies.
func TestPlay_ResignHandsTheSeatToABotThatPlaysTheGameOut(t *testing.T) {
	export := filepath.Join(t.TempDir(), "resigned.json")
	code, out, errOut := run(t, "resign\n", "play", "duel", "--seed", "05", "-o", "rounds=8", "--export", export)
	if code != 0 || errOut != "" {
		t.Fatalf("play = %d, stderr %q\n%s", code, errOut, out)
	}
	for _, want := range []string{"You resign; random plays your seat to the end.", "resigns; a bot plays the seat to the end", "Game over:", "wrote " + export} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q:\n%s", want, out)
		}
	}
	if code, out, _ := run(t, "", "verify", export); code != 0 || !strings.HasPrefix(out, "ok:") {
		t.Fatalf("verify of the resigned game's export = %d: %s", code, out)
	}
}

// TestPlay_ResignIsRefusedWhereOnlyPeoplePlay checks that a game of people
// only (Prophecy) says why it cannot be resigned and keeps the table.
func TestPlay_ResignIsRefusedWhereOnlyPeoplePlay(t *testing.T) {
	code, out, _ := run(t, "resign\nquit\n", "play", "prophecy", "--seed", "05")
	if code != 0 || !strings.Contains(out, "played by people only: there is no bot to take a resigned seat") || !strings.Contains(out, "leaving the table") {
		t.Fatalf("play prophecy with resign = %d:\n%s", code, out)
	}
}

func TestPlay_OnlyChoiceComesAfterWhatItAnswers(t *testing.T) {
	// In Monster Girl Taxonomy most claim windows leave a person only
	// "pass": play passes for them, and says so only after showing the
	// discard being passed on, not before it.
	input := strings.Repeat("1\n", 60)
	code, out, errOut := run(t, input, "play", "mgt", "--bots", "greedy,greedy,greedy", "--seed", "03")
	if code != 0 || errOut != "" {
		t.Fatalf("play = %d, stderr %q", code, errOut)
	}
	lines := strings.Split(out, "\n")
	passes := 0
	for i, line := range lines {
		if !strings.HasSuffix(line, "(your only choice: pass)") {
			continue
		}
		passes++
		// Since the last prompt, a discard was shown.
		shown := false
		for j := i - 1; j >= 0 && !shown; j-- {
			if strings.Contains(lines[j], "> ") && !strings.Contains(lines[j], " discards ") {
				break
			}
			shown = strings.Contains(lines[j], " discards ")
		}
		if !shown {
			t.Fatalf("a pass shown before the discard it answers (line %d):\n%s", i+1, strings.Join(lines[max(i-8, 0):i+1], "\n"))
		}
	}
	if passes == 0 {
		t.Fatalf("no only choice of pass in 60 moves:\n%s", out)
	}
}

func TestPlay_RefusalSaysWhyWithoutThePackageName(t *testing.T) {
	// A refused action reads as the game's reason, as on the table page:
	// "add 9: nothing: there is no scene 9", not "engine: add 9: ...".
	input := "world fantasy\nreceive\nadd 9: nothing\nquit\n"
	code, out, errOut := run(t, input, "play", "prophecy", "--seed", "04")
	if code != 0 || errOut != "" {
		t.Fatalf("play = %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "> add 9: nothing: there is no scene 9\n") || strings.Contains(out, "engine:") {
		t.Fatalf("the refusal of add 9 does not read as the game's reason alone:\n%s", out)
	}
}

func TestPlay_MGTRoundsLineIsASentence(t *testing.T) {
	// The table's summary of the rounds played reads "Rounds: 1: Ann 4+4
	// 3 points; 2: no score." with no dangling separator.
	code, out, errOut := run(t, "resign\n", "play", "mgt", "--bots", "greedy,greedy", "--seed", "03", "-o", "rounds=3")
	if code != 0 || errOut != "" {
		t.Fatalf("play = %d, stderr %q", code, errOut)
	}
	n := 0
	for line := range strings.Lines(out) {
		if line = strings.TrimSpace(line); !strings.HasPrefix(line, "Rounds: ") {
			continue
		}
		n++
		if strings.HasSuffix(line, ";") || !strings.HasSuffix(line, ".") || strings.Contains(line, ";;") {
			t.Errorf("rounds line %q does not end as a sentence", line)
		}
	}
	if n == 0 {
		t.Fatalf("no Rounds line in a finished game:\n%s", out)
	}
}

// TestPlay_TheEndRevealsWhatTheGameHid: at the end of a game in the
// terminal, what the game hid is shown, as on the table page: at Monster
// Girl Taxonomy every hand, the bots' included, and the stock.
func TestPlay_TheEndRevealsWhatTheGameHid(t *testing.T) {
	code, out, errOut := run(t, "resign\n", "play", "mgt", "--bots", "greedy,greedy", "--seed", "03", "-o", "rounds=3")
	if code != 0 || errOut != "" {
		t.Fatalf("play = %d, stderr %q", code, errOut)
	}
	end := out[strings.LastIndex(out, "Game over: "):]
	for _, want := range []string{"Everything that was hidden:\n", "\n  Player held ", "\n  Ada (greedy) held ", "\n  The stock held "} {
		if !strings.Contains(end, want) {
			t.Errorf("the end of the game lacks %q:\n%s", want, end)
		}
	}
}

// TestPlay_EverySeatHasANameOfItsOwn: a table whose seats could not be
// told apart in its prompts and log (no name, or one name twice but for
// case) is refused before it starts, saying which seats.
func TestPlay_EverySeatHasANameOfItsOwn(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "pmr", "--name", " "}, "seat 1 has no name"},
		{[]string{"play", "pmr", "--name", "Ada (random)", "--bots", "random"}, "seats 1 and 2 are both called Ada (random)"},
		{[]string{"play", "msp", "--names", "GM,Ann,ann"}, "seats 2 and 3 are called Ann and ann, one name but for case"},
		{[]string{"play", "prophecy", "--names", "A,B,A"}, "seats 1 and 3 are both called A"},
	} {
		code, _, errOut := run(t, "", tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v = %d, %q; want a usage error saying %q", tc.args, code, errOut, tc.want)
		}
	}
}

// TestPlay_RefusesAFlagThatDoesNotApply: a flag the game has no use for
// is a usage error that says which games it applies to, not a flag
// silently ignored, and --players outside the game's seats (0 included)
// says the range instead of meaning the default. Nothing is played.
func TestPlay_RefusesAFlagThatDoesNotApply(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"markdown without a story", []string{"pmr", "--markdown", "story.md"}, "--markdown applies only to Prophecy (prophecy), to write the story at the end"},
		{"markdown at a GM's table", []string{"msp", "--markdown", "story.md"}, "--markdown applies only to Prophecy (prophecy)"},
		{"book without a GM", []string{"pmr", "--book", "book.json"}, "--book applies only to musi supa pona (msp), to import the GM's book at the start"},
		{"book at another GM's table", []string{"tmd", "--book", "book.json"}, "--book applies only to musi supa pona (msp)"},
		{"names of bots", []string{"pmr", "--names", "Ann,Bo"}, "--names applies only to musi supa pona (msp), Prophecy (prophecy) and The Mystery Dungeons 2e (tmd), where people play every seat: at Pocket Monster Rancher the other seats are bots (--name names yours)"},
		{"players 0", []string{"pmr", "--players", "0"}, "--players must be from 2 to 8 at Pocket Monster Rancher, got 0"},
		{"stables 0", []string{"pmr", "--stables", "0"}, "--stables must be from 2 to 8 at Pocket Monster Rancher, got 0"},
		{"players too many", []string{"pmr", "--players", "9", "--bots", "greedy"}, "--players must be from 2 to 8 at Pocket Monster Rancher, got 9"},
		{"players of a two-seat game", []string{"duel", "--players", "3"}, "--players must be 2 at Duel, got 3"},
		{"players 0 at a GM's table", []string{"msp", "--players", "0"}, "--players must be from 2 to 7 at musi supa pona (the GM and the players), got 0"},
		{"players 0 where people share the keyboard", []string{"prophecy", "--players", "0"}, "--players must be from 1 to 6 at Prophecy, got 0"},
		{"more names than seats", []string{"prophecy", "--players", "3", "--names", "A,B,C,D"}, "4 names given for 3 seats"},
		{"more names than the game has seats", []string{"prophecy", "--names", "A,B,C,D,E,F,G"}, "7 names given: Prophecy takes at most 6 seats"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(t, "", append([]string{"play"}, tc.args...)...)
			if code != 2 || !strings.Contains(errOut, tc.want) || out != "" {
				t.Fatalf("play %v = %d, stderr %q, stdout %q; want 2, %q and nothing played", tc.args, code, errOut, out, tc.want)
			}
		})
	}
}

// TestPlay_NamesSetTheSeatsWherePeoplePlayEverySeat: where people share
// the keyboard, --names without --players makes one seat per name, as at
// a GM's table.
func TestPlay_NamesSetTheSeatsWherePeoplePlayEverySeat(t *testing.T) {
	code, out, errOut := run(t, "quit\n", "play", "prophecy", "--names", "Ann,Bo,Cy", "--seed", "05")
	if code != 0 || errOut != "" || !strings.Contains(out, "Prophecy: Ann, Bo, Cy share this keyboard") {
		t.Fatalf("play prophecy --names Ann,Bo,Cy = %d, stderr %q:\n%s", code, errOut, out)
	}
}
