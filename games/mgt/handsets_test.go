package mgt_test

import (
	"testing"

	"tabletop/engine"
	"tabletop/games/mgt"
)

func mustCardViews(tb testing.TB, names ...string) []mgt.CardView {
	tb.Helper()
	var out []mgt.CardView
	for _, n := range names {
		c, err := mgt.ParseCard(n)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, mgt.CardView{Card: c, Nature: c.Info().Nature})
	}
	return out
}

// TestView_HandBySetPutsTheBestPatternFirst checks the grouping of a hand
// for its page and the terminal: an exposed set is
// always one of the best pattern's sets, the largest other set the second,
// banned cards apart, a miscellaneous card by the nature it rolled.
func TestView_HandBySetPutsTheBestPatternFirst(t *testing.T) {
	exposed := mustCardViews(t, "Harpy", "Black Harpy", "Cockatrice", "Siren")
	avian := exposed[0].Card.Info().Set
	hand := mustCardViews(t, "Karasu-Tengu", "Werecat", "Weresheep", "Youko", "Inari", "Vampire")
	hand[3].Nature, hand[3].Misc = mgt.Cheerful, true // Youko rolled cheerful
	v := &mgt.View{Seat: 0, Hand: hand, Players: []mgt.PlayerView{
		{Seat: 0, Exposed: []mgt.GroupView{{Set: avian, Cards: exposed, Claimed: exposed[0].Card}}, Banned: []string{"Undead"}},
		{Seat: 1},
	}}
	h := v.HandBySet()
	fox := hand[3].Card.Info().Set
	if len(h.Best) != 2 || h.Best[0] != (mgt.SetCount{Set: avian, N: 5}) || h.Best[1] != (mgt.SetCount{Set: fox, N: 2}) {
		t.Errorf("Best = %v, want Avian 5 and Fox 2", h.Best)
	}
	if len(h.Banned) != 1 || h.Banned[0].Card.String() != "Vampire" {
		t.Errorf("Banned = %v, want Vampire", h.Banned)
	}
	type row struct {
		set     string
		cards   string
		exposed int
	}
	var got []row
	for _, s := range h.Sets {
		r := row{set: s.Set.String(), exposed: s.Exposed}
		for _, c := range s.Cards {
			r.cards += c.Card.String()
			if c.Counts {
				r.cards += "*"
			}
			r.cards += " "
		}
		got = append(got, r)
	}
	// The best pattern's sets first, larger first; then the rest in deck
	// order (the orphan sets come after every other set).
	want := []row{
		{"Avian", "Karasu-Tengu* ", 4},
		{"Fox (beastman)", "Youko* Inari* ", 0},
		{"Cat (beastman)", "Werecat ", 0},
		{"beastman orphans", "Weresheep ", 0},
	}
	if len(got) != len(want) {
		t.Fatalf("Sets = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Sets[%d] = %+v, want %+v", i, got[i], want[i])
		}
	}
	if h := (&mgt.View{Seat: engine.Spectator}).HandBySet(); h.Sets != nil || h.Best != nil {
		t.Errorf("the spectator's hand groups: %+v", h)
	}
}
