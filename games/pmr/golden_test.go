package pmr

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestPlaythrough plays seeded games with bots and compares every step (who
// is pending, the actor's view and legal actions, the action and the events
// with their privacy) with testdata/playthrough-*.golden. Any rule change
// that changes play shows up here; rewrite with go test ./games/pmr -update.
func TestPlaythrough(t *testing.T) {
	tests := []struct {
		name  string
		turns int
		bots  []string
		full  bool // views and legal actions at every step, not just events
	}{
		{"3stables-6turns", 6, []string{"nash", "greedy", "random"}, true},
		{"4stables-30turns", 30, []string{"nash", "greedy", "random", "random"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, data := playthrough(t, tt.turns, tt.bots, tt.full)
			checkGolden(t, filepath.Join("testdata", "playthrough-"+tt.name+".golden"), got)
			if !tt.full {
				// The event data (JSON for UIs and stored logs) of the long
				// game, one event a line: kind, privacy and data.
				checkGolden(t, filepath.Join("testdata", "eventdata-"+tt.name+".golden"), data)
			}
		})
	}
}

// checkGolden compares got with the golden file at path (rewriting it first
// with -update) and reports the first line that differs.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./games/pmr -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("%s differs at line %d:\ngot:  %s\nwant: %s\n(if the rules changed on purpose, bump RulesVersion and run go test ./games/pmr -update)", path, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s differs in length: got %d lines, want %d", path, len(gl), len(wl))
	}
}

// playthrough plays a seeded game and returns its transcript and, one event a
// line, the JSON of every event's data.
func playthrough(t *testing.T, turns int, names []string, full bool) (transcript, data []byte) {
	bots, seats := mustBots(t, names...)
	tab, err := engine.NewTable(Game, engine.Options{"turns": fmt.Sprint(turns)}, seats, dice.Seed{0x9a, 0x3e})
	if err != nil {
		t.Fatal(err)
	}
	var b, db bytes.Buffer
	fmt.Fprintf(&b, "# %s, %d turns, seed %s\n", strings.Join(names, ", "), turns, tab.Seed())
	for step := 1; ; step++ {
		st := tab.State()
		pending := st.Pending()
		if len(pending) == 0 {
			break
		}
		p := pending[0]
		legal := st.Legal(p)
		view := st.View(p)
		a := bots[p].Act(p, view, legal, tab.BotStream(p))
		fmt.Fprintf(&b, "\n== %d: %s (%s) of pending %v: %s\n", step, seats[p].Name, names[p], pending, a)
		if full {
			j, err := json.Marshal(view)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "view: %s\nlegal: %s\n", j, actionTexts(legal))
		}
		evs, err := tab.Act(p, a)
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		for _, e := range evs {
			j, err := json.Marshal(e.Data)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&db, "%d %s %v %s\n", step, e.Kind, e.Only, j)
			if len(e.Only) > 0 {
				fmt.Fprintf(&b, "%s (only %v; others: %s): %s\n", e.Kind, e.Only, e.Others, e.Text)
			} else {
				fmt.Fprintf(&b, "%s: %s\n", e.Kind, e.Text)
			}
		}
	}
	o, _ := tab.Over()
	j, _ := json.Marshal(tab.State().View(engine.Spectator))
	fmt.Fprintf(&b, "\n== outcome: %s %v\nfinal view: %s\n", o.Text, o.Scores, j)
	return b.Bytes(), db.Bytes()
}
