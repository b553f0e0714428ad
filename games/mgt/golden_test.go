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
	players := []engine.Bot{greedyBot{}, randomBot{}}
	tab, err := engine.NewTable(Game, engine.Options{"rounds": "3"}, seats, dice.Seed{0x6d, 0x67, 0x74})
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
	out, _ := tab.Over()
	fmt.Fprintf(&b, "\noutcome: %s (scores %v)\n", out.Text, out.Scores)
	path := filepath.Join("testdata", "playthrough-2p.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got := b.String(); got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("playthrough differs from %s at line %d:\n got: %s\nwant: %s\n(run go test -update if the change is intended)", path, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("playthrough differs from %s in length: %d lines, want %d", path, len(gl), len(wl))
	}
}
