package main

import (
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games/mgt"
)

// TestPick_TakesAChoiceByTheNameItShows: tabletop play lists an attack as
// "attack Cy" (engine.Label), so typing what the list shows, or the start
// of it, picks that attack, as its text form "attack 3" still does.
func TestPick_TakesAChoiceByTheNameItShows(t *testing.T) {
	st, err := mgt.New(mgt.Options{}, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}, {Name: "Cy"}}, dice.NewStream(dice.Seed{1}))
	if err != nil {
		t.Fatal(err)
	}
	legal := []engine.Action{mgt.Attack{Target: 1}, mgt.Attack{Target: 2}, mgt.Attack{Target: mgt.NoTarget}}
	named := labels(mgt.Game, st.View(0), legal)
	if named[1] != "attack Cy" {
		t.Fatalf("labels = %q, want the attacks named by name", named)
	}
	for _, c := range []struct {
		line string
		want engine.Action
	}{
		{"attack cy", mgt.Attack{Target: 2}},
		{"attack b", mgt.Attack{Target: 1}},
		{"attack 3", mgt.Attack{Target: 2}},
		{"no", mgt.Attack{Target: mgt.NoTarget}},
	} {
		if got, err := pick(legal, named, c.line); err != nil || got != c.want {
			t.Errorf("pick(%q) = %v, %v; want %v", c.line, got, err, c.want)
		}
	}
	if _, err := pick(legal, named, "attack"); err == nil {
		t.Errorf("pick(\"attack\") chose one of two attacks")
	}
	if _, err := pick(legal, nil, "attack cy"); err == nil {
		t.Errorf("pick without labels took a name")
	}
}
