package tmd

import "testing"

// bulbasaur is a level-6 Bulbasaur that knows Leech Seed and Tackle.
var bulbasaur = AddFoe{Species: "Bulbasaur", Level: 6, Moves: []string{"Leech Seed", "Tackle"}}

func TestSeeded_LosesTwoHPARoundUntilItMoves(t *testing.T) {
	s := mustBattle(t, Foes, nil, bulbasaur)
	mustApply(t, s, gmSeat, UseMove{Actor: "Bulbasaur", Move: "Leech Seed", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{10}))
	ann := bf(t, s, "Ann")
	if !ann.has(CondSeeded) {
		t.Fatalf("Leech Seed landed on Ann and she is not seeded")
	}
	before := ann.Body.HP
	endRound(t, s) // Bulbasaur's AP is spent: the allies' turn ends the round, then the foes'
	if got := before - ann.Body.HP; got != 2 {
		t.Errorf("seeded Ann lost %d HP at the end of the round, want 2", got)
	}
	mustApply(t, s, annSeat, Dodge{AP: 1}, nil)
	if ann.has(CondSeeded) {
		t.Errorf("Ann moved (dodged) and is still seeded")
	}
}
