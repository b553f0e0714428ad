package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/games/prophecy"
)

// TestPlay_GameOnlyPeoplePlaySeatsPeopleAtOneKeyboard plays a story
// game (Prophecy: no bots, actions with free text) in the terminal: three
// people at one keyboard switch seats with "as N", type actions in full,
// and get the story as Markdown and an export that verifies.
func TestPlay_GameOnlyPeoplePlaySeatsPeopleAtOneKeyboard(t *testing.T) {
	dir := t.TempDir()
	story, export := filepath.Join(dir, "story.md"), filepath.Join(dir, "table.json")
	input := strings.Join([]string{
		"help", "world fantasy", "receive",
		"character Wren: witch; keen-eyed; stubborn; sister of Tam; the Circle",
		"as 2", "character Tam: falconer; strong; reckless; brother of Wren; the Guard",
		"as 3", "character Ilse: cartographer; quick; proud; mentor of Wren; the College",
		"as 9",
		"edit 1: Keep the dragon asleep; the vault", "add 1: Find the draught; the shop", "start",
		"perform 2", "object the apothecary: greedy; nervous", "pair 1.1 with 1.1", "pair 2.3 with 1.2", "roll", "narrate: We got it.",
		"perform 1", "object the dragon: asleep", "pair 3.1 with 1.1", "roll", "narrate: The end.",
	}, "\n") + "\n"
	code, out, errOut := run(t, input, "play", "prophecy", "--players", "3", "--names", "Ann,Bo,Cy", "--seed", "0a", "--markdown", story, "--export", export)
	if code != 0 {
		t.Fatalf("play = %d, stderr: %s\nstdout: %s", code, errOut, out)
	}
	for _, want := range []string{
		"Ann, Bo, Cy share this keyboard", "as N   act for seat N", "Any action may be typed in full",
		"now acting as Bo (seat 2)", "as N: N is a seat from 1 to 3",
		"Bo creates character 2, Tam", "Cy narrates scene 1: The end.", "Game over:", "wrote the story to " + story,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("play output lacks %q", want)
		}
	}
	md, err := os.ReadFile(story)
	if err != nil || !strings.Contains(string(md), "## The end") || !strings.Contains(string(md), "> We got it.") {
		t.Errorf("the story file: %v\n%s", err, md)
	}
	if code, out, _ := run(t, "", "verify", export); code != 0 || !strings.HasPrefix(out, "ok:") {
		t.Errorf("verify of the export = %d: %s", code, out)
	}
}

func TestSim_OutlinePrintsTheExactOddsBesideASimulation(t *testing.T) {
	outline := filepath.Join("..", "..", "games", "prophecy", "testdata", "outline.json")
	code, out, errOut := run(t, "", "sim", "prophecy", "--outline", outline, "--pairs", "2", "--stories", "20000", "--seed", "01")
	if code != 0 {
		t.Fatalf("sim --outline = %d: %s", code, errOut)
	}
	for _, want := range []string{"8 scenes, 2 pairs expected", "prophecy averted: exact 4.3826%   simulated", "(95%, 20000 stories", "[7] d1 Bribe the clerk"} {
		if !strings.Contains(out, want) {
			t.Errorf("sim --outline output lacks %q:\n%s", want, out)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"objective":"F","precursors":[{"setting":"x"}]}`), 0o644)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"pmr", "--outline", outline}, "Pocket Monster Rancher has no outlines"},
		{[]string{"prophecy", "--outline", bad}, "finale > precursor 1: objective: empty"},
		{[]string{"prophecy", "--outline", outline, "--pairs", "13"}, "--pairs 13 is out of range"},
		{[]string{"prophecy", "--outline", filepath.Join(t.TempDir(), "none.json")}, "no such file"},
	} {
		code, _, errOut := run(t, "", append([]string{"sim"}, tt.args...)...)
		if code != 2 || !strings.Contains(errOut, tt.want) {
			t.Errorf("sim %v = %d, stderr %q, want 2 and %q", tt.args, code, errOut, tt.want)
		}
	}
}

// TestOdds_AgreeWithTheChanceProphecyShowsBeforeARoll reads the P(>=) column
// of "tabletop odds Nd6!>=4" and the JSON's exact probabilities, and checks
// that the chance Prophecy shows for a pool of N against each difficulty is
// the same number.
func TestOdds_AgreeWithTheChanceProphecyShowsBeforeARoll(t *testing.T) {
	for pool := 1; pool <= 8; pool++ {
		expr := fmt.Sprintf("%dd6!>=4", pool)
		code, out, errOut := run(t, "", "odds", expr)
		if code != 0 {
			t.Fatalf("odds %s = %d: %s", expr, code, errOut)
		}
		_, js, _ := run(t, "", "odds", expr, "--json")
		var x oddsJSON
		if err := json.Unmarshal([]byte(js), &x); err != nil {
			t.Fatal(err)
		}
		for diff := 1; diff <= prophecy.FinaleDifficulty; diff++ {
			c, err := prophecy.CheckChance(pool, diff)
			if err != nil {
				t.Fatal(err)
			}
			if c.Notation != expr || c.Truncated != x.TruncatedMass || c.Depth != x.ExplodeDepth {
				t.Errorf("pool %d: prophecy rolls %q (left out %g, depth %d), odds %q (%g, %d)", pool, c.Notation, c.Truncated, c.Depth, x.Expr, x.TruncatedMass, x.ExplodeDepth)
			}
			var line string
			for l := range strings.Lines(out) {
				if f := strings.Fields(l); len(f) >= 3 && f[0] == strconv.Itoa(diff) {
					line = f[2] // value, P(=), P(>=)
				}
			}
			if line != dice.Percent(c.P) {
				t.Errorf("%s against %d: odds prints P(>=) %s, prophecy's chance is %s", expr, diff, line, dice.Percent(c.P))
			}
			sum := 0.0
			for _, o := range x.Outcomes {
				if o.Value >= diff {
					sum += o.P
				}
			}
			if math.Abs(sum-c.P) > 1e-12 {
				t.Errorf("%s against %d: odds --json sums to %v, prophecy's chance is %v", expr, diff, sum, c.P)
			}
		}
	}
}
