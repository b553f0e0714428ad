package msp

import (
	"strings"
	"testing"

	"tabletop/engine"
)

// TestExplain_EveryOfferedActionSaysWhatItDoes: in play, in a battle and
// in a check, every action offered to the GM or a player says what it
// does (engine.Explainer), as PMR's and MGT's do.
func TestExplain_EveryOfferedActionSaysWhatItDoes(t *testing.T) {
	e := Game.(engine.Explainer)
	s := mustTable(t)
	s.char(annSeat).Items = append(s.char(annSeat).Items, Item{Name: "Short sword", Grams: 1200, Damage: 5}, Item{Name: "Bread", Grams: 150, Heal: 3, Portions: 2})
	check := func(when string) {
		t.Helper()
		for _, seat := range []engine.Seat{gmSeat, annSeat, boSeat} {
			v := s.View(seat)
			for _, a := range s.Legal(seat) {
				if got := e.Explain(v, a); got == "" {
					t.Errorf("%s: %s's %q (%s) says nothing", when, seat, a, a.Kind())
				}
			}
		}
	}
	check("in play")
	mustApply(t, s, gmSeat, Check{Stat: Strength, Who: "Ann"}, nil)
	check("in a check")
	mustApply(t, s, gmSeat, CancelCheck{Reason: "never mind"}, nil)
	battle(t, s, []Fighter{charFighter(annSeat), enemyFighter(0), charFighter(boSeat)}, "Wolf")
	check("in a battle, Ann's turn")
	s.Fight.Turn = 1
	check("in a battle, the wolf's turn")
}

// TestExplain_StrikeAndTargetGiveTheirNumbers: an attack says how the d6s
// decide it and the weapon's damage; a target gives the GM its exact
// chance of success.
func TestExplain_StrikeAndTargetGiveTheirNumbers(t *testing.T) {
	e := Game.(engine.Explainer)
	s := mustTable(t)
	s.char(annSeat).Items = append(s.char(annSeat).Items, Item{Name: "Short sword", Grams: 1200, Damage: 5})
	s.char(annSeat).Stats[Strength] = 3
	mustApply(t, s, gmSeat, Check{Stat: Strength, Who: "Ann"}, nil)
	if got, want := e.Explain(s.View(gmSeat), Target{Value: 12}), "Ann's roll must be at least 12, hidden from the players until they roll: chance of success 3/5 (60%)."; got != want {
		t.Errorf("Explain(target 12) = %q, want %q", got, want)
	}
	mustApply(t, s, gmSeat, CancelCheck{Reason: "never mind"}, nil)
	battle(t, s, []Fighter{charFighter(annSeat), enemyFighter(0), charFighter(boSeat)}, "Wolf")
	for _, c := range []struct {
		seat engine.Seat
		a    Strike
		want string
	}{
		{annSeat, Strike{Target: "Wolf", With: "Short sword"}, "You and Wolf each roll a d6: the attacker's higher hits (a tie misses), and a hit deals Short sword's 5 damage"},
		{annSeat, Strike{Target: "Wolf"}, "the GM sets the damage of a bare-handed hit"},
	} {
		if got := e.Explain(s.View(c.seat), c.a); !strings.Contains(got, c.want) {
			t.Errorf("Explain(%s) = %q, want it to say %q", c.a, got, c.want)
		}
	}
	s.Fight.Turn = 1
	var bite Attack
	for _, cr := range s.Book.Creatures {
		if cr.Name == "Wolf" {
			bite = cr.Attacks[0]
		}
	}
	got := e.Explain(s.View(gmSeat), Strike{Target: "Ann", With: bite.Name})
	if want := "Wolf and Ann each roll a d6"; !strings.Contains(got, want) || !strings.Contains(got, bite.Name+"'s ") {
		t.Errorf("Explain(the wolf's %s) = %q, want %q and the attack's damage", bite.Name, got, want)
	}
}

// TestExplain_MakingACharacterTakesTheArticleOfItsRace: "an elf ranger",
// "a human fighter".
func TestExplain_MakingACharacterTakesTheArticleOfItsRace(t *testing.T) {
	e := Game.(engine.Explainer)
	v := mustTable(t).View(annSeat)
	for race, want := range map[string]string{"elf": "Make Ann, an elf ranger:", "human": "Make Ann, a human ranger:", "Orc": "Make Ann, an Orc ranger:"} {
		if got := e.Explain(v, Create{Name: "Ann", Race: race, Class: "ranger"}); !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q, want it to start %q", race, got, want)
		}
	}
}

// TestParseAction_AnUnknownActionSaysWhatToWrite: a text that reads as no
// action points to the choices' words, with a player's example, and the
// rules summary; an unknown kind says where the kinds are.
func TestParseAction_AnUnknownActionSaysWhatToWrite(t *testing.T) {
	if _, err := ParseAction("foo bar"); err == nil || !strings.Contains(err.Error(), `write one as the choices show it, as in "attack Wolf with Short sword" (the rules summary lists them all)`) {
		t.Errorf("ParseAction(foo bar) = %v", err)
	}
	if _, err := Game.Decode("frob", []byte(`{}`)); err == nil || !strings.Contains(err.Error(), "the kinds are those of the seat's legal actions") {
		t.Errorf("Decode(frob) = %v", err)
	}
}
