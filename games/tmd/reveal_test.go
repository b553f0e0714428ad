package tmd

import (
	"strings"
	"testing"
)

// TestReveal_TheEndShowsHiddenFoesAndTrapsNotTheGMsNotes: a session the GM
// ends before a battle set up with a hidden foe and a trap starts tells
// everyone the foe's stats and the trap; before the end it tells nothing,
// a foe shown to the players is not told again, and the GM's note stays
// the GM's.
func TestReveal_TheEndShowsHiddenFoesAndTrapsNotTheGMsNotes(t *testing.T) {
	s := mustTeam(t, nil)
	hidden := geodude
	hidden.Name, hidden.Hidden = "Rocky", true
	mustApply(t, s, gmSeat, hidden, nil)
	mustApply(t, s, gmSeat, geodude, nil)
	mustApply(t, s, gmSeat, SetTrap{Trap: TrapSpiked, Reason: "the cave's floor"}, nil)
	mustApply(t, s, gmSeat, Note{Text: "Rocky guards the key"}, nil)
	if got := s.Reveal(); got != nil {
		t.Fatalf("Reveal during the session = %v, want nothing", got)
	}
	for _, p := range s.View(annSeat).(*View).Battle.Fighters {
		if p.Name == "Rocky" && p.Body != nil {
			t.Fatalf("Ann sees Rocky's stats before the end: the test reveals nothing new")
		}
	}
	mustApply(t, s, gmSeat, End{}, nil)
	var texts []string
	for _, ev := range s.Reveal() {
		if ev.Only != nil || ev.Kind != "reveal" {
			t.Errorf("Reveal event %+v is not a public reveal", ev)
		}
		texts = append(texts, ev.Text)
	}
	got := strings.Join(texts, "\n")
	rocky := s.Battle.fighter("Rocky")
	for _, want := range []string{
		"Rocky, a level 6 Geodude, was hidden: " + rocky.stats(),
		"moves Tackle, Rock Throw",
		"The GM's change: a spiked trap, springing on 5 or less (the cave's floor)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Reveal lacks %q:\n%s", want, got)
		}
	}
	if strings.Count(got, "Geodude") != 1 {
		t.Errorf("Reveal tells of the Geodude the players saw:\n%s", got)
	}
}

// TestReveal_AFoeHiddenToTheEndOfItsBattleIsToldAtTheEndOfTheSession: a
// battle fought to its end with a foe the players never saw leaves the
// table, but the foe's stats, as they were when it ended, are told when
// the session ends, as they would be had the battle still stood.
func TestReveal_AFoeHiddenToTheEndOfItsBattleIsToldAtTheEndOfTheSession(t *testing.T) {
	s := mustTeam(t, nil)
	hidden := geodude
	hidden.Name, hidden.Hidden = "Rocky", true
	mustApply(t, s, gmSeat, hidden, nil)
	mustApply(t, s, gmSeat, StartBattle{First: Allies}, nil)
	want := "Rocky, a level 6 Geodude, was hidden: " + s.Battle.fighter("Rocky").stats()
	mustApply(t, s, gmSeat, EndBattle{Reason: "the foes flee"}, nil)
	if s.Battle != nil {
		t.Fatalf("the battle is still on the table after it ended")
	}
	if got := s.Reveal(); got != nil {
		t.Fatalf("Reveal during the session = %v, want nothing", got)
	}
	mustApply(t, s, gmSeat, End{}, nil)
	var texts []string
	for _, ev := range s.Reveal() {
		texts = append(texts, ev.Text)
	}
	if got := strings.Join(texts, "\n"); !strings.Contains(got, want) {
		t.Errorf("Reveal = %q, want it to tell %q", got, want)
	}
}
