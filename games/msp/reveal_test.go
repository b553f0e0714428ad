package msp

import (
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// TestReveal_TheEndShowsEverySheetNotTheGMsNotes: a session that ends with
// every character dead in battle tells everyone each character's secret
// sheet; before the end it tells nothing, and the GM's note stays the GM's.
func TestReveal_TheEndShowsEverySheetNotTheGMsNotes(t *testing.T) {
	s := mustTable(t)
	s.char(annSeat).Notes = "owes the miller"
	mustApply(t, s, gmSeat, Note{Text: "the innkeeper is the thief"}, nil)
	battle(t, s, []Fighter{enemyFighter(0), charFighter(annSeat), charFighter(boSeat)}, "Wolf")
	if got := s.Reveal(); got != nil {
		t.Fatalf("Reveal during the session = %v, want nothing", got)
	}
	s.char(boSeat).Dead = true
	s.char(annSeat).HP = 1
	seed := seedWhere(t, func(d *dice.Stream) bool {
		a, b := d.Roll(6), d.Roll(6)
		return a > b && d.Roll(20)+d.Roll(20)+d.Roll(20) <= 30
	})
	mustApply(t, s, gmSeat, Strike{Target: "Ann", With: "bite"}, dice.NewStream(seed))
	if _, over := s.Outcome(); !over {
		t.Fatal("the session did not end")
	}
	var texts []string
	for _, ev := range s.Reveal() {
		if ev.Only != nil || ev.Kind != "reveal" {
			t.Errorf("Reveal event %+v is not a public reveal", ev)
		}
		texts = append(texts, ev.Text)
	}
	got := strings.Join(texts, "\n")
	for _, want := range []string{
		"Ann's sheet: Strength +0, Intelligence +0, Speed +0, Defence +0, Charisma +0; XP 0",
		"· purse: ",
		"· notes: owes the miller",
		"Bo's sheet: ",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Reveal lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "innkeeper") {
		t.Errorf("Reveal tells the GM's note:\n%s", got)
	}
	// What it reveals was hidden from the players until then.
	for _, seat := range []engine.Seat{annSeat, engine.Spectator} {
		v := s.View(seat).(*View)
		if v.Players[1].Character.Sheet != nil {
			t.Errorf("%s's view holds Bo's sheet: the test reveals nothing new", seat)
		}
	}
}

// TestReveal_ASessionEndedBeforeAnyoneMadeACharacterSaysNothingWasHidden:
// an empty session's reveal says so in a line, rather than nothing.
func TestReveal_ASessionEndedBeforeAnyoneMadeACharacterSaysNothingWasHidden(t *testing.T) {
	s, err := New(Options{}, testSeats)
	if err != nil {
		t.Fatal(err)
	}
	mustApply(t, s, gmSeat, End{Reason: "nobody came"}, nil)
	got := s.Reveal()
	if len(got) != 1 || !strings.HasPrefix(got[0].Text, "Nothing stayed hidden") {
		t.Fatalf("Reveal = %v, want one line saying nothing stayed hidden", got)
	}
}

// TestReveal_ACheckStillOpenAtTheEndShowsItsTarget: if the last character
// dies while a check is open, its hidden target is told.
func TestReveal_ACheckStillOpenAtTheEndShowsItsTarget(t *testing.T) {
	s := mustTable(t)
	mustApply(t, s, gmSeat, Check{Stat: Strength, Who: "Ann"}, nil)
	mustApply(t, s, gmSeat, Target{Value: 12}, nil)
	s.char(annSeat).Dead, s.char(boSeat).Dead = true, true
	var texts []string
	for _, ev := range s.Reveal() {
		texts = append(texts, ev.Text)
	}
	if want := "The target of Ann's Strength check was at least 12"; !strings.Contains(strings.Join(texts, "\n"), want) {
		t.Fatalf("Reveal = %q, want it to say %q", texts, want)
	}
}
