package duel

import (
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// TestDuel_LogAndOutcomeNameTheDuellists: the log and the outcome say the
// players' names, never seat numbers ("seat 0 wins" read as nobody's seat
// to a person counting from 1).
func TestDuel_LogAndOutcomeNameTheDuellists(t *testing.T) {
	d := dice.NewStream(dice.Seed{5})
	st, err := Game.Setup(engine.Options{"rounds": "1"}, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}, d)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, a := range []struct {
		seat   engine.Seat
		stance string
	}{{0, Attack}, {1, Guard}} {
		evs, err := st.Apply(a.seat, Stance{a.stance}, d)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if e.Only != nil {
				texts = append(texts, e.Others)
			}
			texts = append(texts, e.Text)
		}
	}
	out, over := st.Outcome()
	if !over {
		t.Fatal("a one-round duel is not over after its round")
	}
	texts = append(texts, out.Text)
	got := strings.Join(texts, "\n")
	for _, want := range []string{"Ann has chosen", "Bo has chosen", "Ann attacks: 1d6 ", "Bo guards", "Ann wins"} {
		if !strings.Contains(got, want) {
			t.Errorf("the duel's texts lack %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "seat") {
		t.Errorf("the duel's texts name a seat by number:\n%s", got)
	}
}
