package pmr

import (
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// TestRenderText_ShowsStablesAndBracket plays greedy bots into the first
// tournament's match and checks that the terminal rendering shows each
// stable's monsters, the seeded bracket with its bye and the match in
// progress, and the viewer's own sealed choice only.
func TestRenderText_ShowsStablesAndBracket(t *testing.T) {
	seats := []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}, {Name: "Cy"}}
	st, err := New(Options{Turns: 3}, seats)
	if err != nil {
		t.Fatal(err)
	}
	bot, _ := NewBot("greedy")
	d := dice.NewStream(dice.Seed{5})
	r := dice.NewStream(dice.Seed{6})
	for steps := 0; st.phase != PhaseMatch; steps++ {
		if steps > 100 {
			t.Fatal("no match after 100 steps")
		}
		p := st.Pending()[0]
		if _, err := st.Apply(p, bot.Act(p, st.View(p), st.Legal(p), r), d); err != nil {
			t.Fatal(err)
		}
	}
	// Let the first contestant seal, then render for it and for a spectator.
	p := st.Pending()[0]
	if _, err := st.Apply(p, st.Legal(p)[0], d); err != nil {
		t.Fatal(err)
	}
	mine := Game.(engine.TextRenderer).RenderText(st.View(p), p)
	public := Game.(engine.TextRenderer).RenderText(st.View(engine.Spectator), engine.Spectator)
	for _, want := range []string{"Turn 3 of 3: tournament", "Ann", "Bo", "Cy", "Speed Brawn  Mind", "-- Tournament 1 --", "(bye)", "Semi-final: ", "being played", "choose an ability in secret", "has chosen"} {
		if !strings.Contains(mine, want) {
			t.Errorf("rendering lacks %q:\n%s", want, mine)
		}
	}
	if !strings.Contains(mine, "Your sealed choice: choose speed") {
		t.Errorf("the contestant's rendering does not show its own sealed choice:\n%s", mine)
	}
	if strings.Contains(public, "sealed choice") {
		t.Errorf("the spectator's rendering shows a sealed choice:\n%s", public)
	}
}
