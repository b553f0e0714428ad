package mgt

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestPlaythrough_Golden plays a seeded three-round game between a greedy
// bot and a random bot through engine.Table and compares, step by step, the
// pending seats, the legal actions, the action, the dice it consumed and
// every event (private ones marked with who sees them), plus each player's
// rendered view at the start of every round, with
// testdata/playthrough-2p.golden. Like a table, it plays a seat's only legal
// action (engine.Only: a pass in most claim windows) without asking the
// bot. Rewrite it with go test -update.
func TestPlaythrough_Golden(t *testing.T) {
	seats := []engine.SeatInfo{{Name: "Ann", Bot: "greedy"}, {Name: "Bo", Bot: "random"}}
	text := playthrough(t, seats, []engine.Bot{greedyBot{}, randomBot{}}, dice.Seed{0x6d, 0x67, 0x74}, 0)
	compareGolden(t, "playthrough-2p.golden", text)
}

// TestPlaythrough_GoldenFourPlayers is the first round of a four-player
// game (three greedy bots and a random one), compared with
// testdata/playthrough-4p-round1.golden: with more players than two it
// covers what two cannot, and its seed was picked for a round with
// rock-paper-scissors, a claim of a miscellaneous card and two claims on
// one discard settled by turn order, which the test checks are there.
func TestPlaythrough_GoldenFourPlayers(t *testing.T) {
	seats := []engine.SeatInfo{{Name: "Ann", Bot: "greedy"}, {Name: "Bo", Bot: "greedy"}, {Name: "Cy", Bot: "random"}, {Name: "Di", Bot: "greedy"}}
	bots := []engine.Bot{greedyBot{}, greedyBot{}, randomBot{}, greedyBot{}}
	text := playthrough(t, seats, bots, dice.Seed{0x34, 0x11, 120}, 1)
	for _, want := range []string{"earlier in turn order", "rock, paper, scissors!", "miscellaneous: "} {
		if !strings.Contains(text, want) {
			t.Errorf("the four-player round no longer shows %q: pick another seed", want)
		}
	}
	compareGolden(t, "playthrough-4p-round1.golden", text)
}

// playthrough plays the table to the end, or to the end of round
// lastRound if it is not 0, and writes down every step.
func playthrough(t *testing.T, seats []engine.SeatInfo, players []engine.Bot, seed dice.Seed, lastRound int) string {
	t.Helper()
	tab, err := engine.NewTable(Game, engine.Options{"rounds": "3"}, seats, seed)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "seed commitment %s\nsetup dice: %d\n", tab.Commitment(), len(tab.Export(false).SetupDice))
	round := 0
	for step := 1; ; step++ {
		st := tab.State()
		v := st.View(0).(*View)
		if v.Round != round {
			if lastRound > 0 && v.Round > lastRound {
				break
			}
			round = v.Round
			for p := range engine.Seat(len(seats)) {
				fmt.Fprintf(&b, "\n== round %d: %s's view ==\n%s\n", round, seats[p].Name, renderText(st.View(p), p))
			}
		}
		if _, over := st.Outcome(); over {
			break
		}
		p := st.Pending()[0]
		legal := st.Legal(p)
		a, only := engine.Only(st, p)
		if !only {
			a = players[p].Act(p, st.View(p), legal, tab.BotStream(p))
		}
		texts := make([]string, len(legal))
		for i, l := range legal {
			texts[i] = l.String()
		}
		fmt.Fprintf(&b, "\n%d. pending %v; %s may: %s\n   %s plays %q\n", step, st.Pending(), seats[p].Name, strings.Join(texts, " | "), seats[p].Name, a)
		if _, err := tab.Act(p, a); err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		e := tab.Log(tab.Len() - 1)[0]
		if len(e.Dice) > 0 {
			fmt.Fprintf(&b, "   dice %v\n", e.Dice)
		}
		for _, ev := range e.Events {
			if len(ev.Only) > 0 {
				fmt.Fprintf(&b, "   [only %v] %s\n", ev.Only, ev.Text)
				if ev.Others != "" {
					fmt.Fprintf(&b, "   [others] %s\n", ev.Others)
				}
				continue
			}
			fmt.Fprintf(&b, "   %s\n", ev.Text)
		}
	}
	if out, over := tab.Over(); over {
		fmt.Fprintf(&b, "\noutcome: %s (scores %v)\n", out.Text, out.Scores)
	}
	return b.String()
}

// compareGolden compares got with testdata/name, or rewrites the file with
// -update.
func compareGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("playthrough differs from %s at line %d:\n got: %s\nwant: %s\n(run go test -update if the change is intended)", path, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("playthrough differs from %s in length: %d lines, want %d", path, len(gl), len(wl))
	}
}
