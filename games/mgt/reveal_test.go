package mgt

import (
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

func TestReveal_AtTheEndEveryHandAndTheStockAreShown(t *testing.T) {
	seats := []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}, {Name: "Cy"}}
	d := dice.NewStream(dice.Seed{7})
	st, err := New(Options{}, seats, d)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Reveal(); got != nil {
		t.Fatalf("Reveal before the end = %v, want nothing", got)
	}
	if msg := playOn(st, 1_000_000, d); msg != "" {
		t.Fatal(msg)
	}
	if _, over := st.Outcome(); !over {
		t.Fatal("the game did not end")
	}
	got := st.Reveal()
	if len(got) != len(seats)+1 {
		t.Fatalf("Reveal = %v, want a line per player and one for the stock", got)
	}
	for i, p := range st.players {
		want := seats[i].Name + " held " + counted(p.hand)
		if got[i].Text != want || got[i].Only != nil {
			t.Fatalf("line %d = %+v, want the public %q", i, got[i], want)
		}
	}
	if !strings.HasPrefix(got[len(seats)].Text, "The stock held ") {
		t.Fatalf("last line = %q, want the stock", got[len(seats)].Text)
	}
	if got := counted([]Card{0, 1}); got != "2 cards: "+Card(0).String()+", "+Card(1).String() {
		t.Fatalf("counted = %q", got)
	}
}
