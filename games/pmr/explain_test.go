package pmr

import (
	"strings"
	"testing"

	"tabletop/engine"
)

// explainView is seat 0's view of a two-stable board in the middle of a
// match on terrain: Ann's M1 (Speed 2, Brawn 0, Mind 1) against Bo's M1
// (Speed 3, Brawn 1, Mind 0), with the contests so far.
func explainView(terrain Ability, contests ...Contest) *View {
	ann := &StableInfo{Seat: 0, Name: "Ann", Monsters: []Monster{
		{ID: 1, Name: 1, Speed: 2, Brawn: 0, Mind: 1, Age: 6},
		{ID: 2, Name: 2, Speed: 1, Brawn: 3, Mind: -1, Age: 5},
		{ID: 3, Name: 3, Age: 10},
		{ID: 4, Name: 4, Age: 0},
	}}
	bo := &StableInfo{Seat: 1, Name: "Bo", Monsters: []Monster{{ID: 1, Name: 5, Speed: 3, Brawn: 1, Mind: 0, Age: 5}}}
	m := &MatchView{Round: 1, A: Entrant{Stable: 0, Monster: 1}, B: Entrant{Stable: 1, Monster: 1}, Terrain: terrain, Contests: contests, Winner: -1}
	return &View{Seat: 0, Board: &Board{Phase: PhaseMatch, Stables: []StableView{{StableInfo: ann}, {StableInfo: bo}},
		Tournament: &TournamentView{Number: 1, Match: m}}}
}

func TestExplain_ChooseShowsEffectiveValuesWithTerrainAndMatchupDoubling(t *testing.T) {
	got := Game.(engine.Explainer).Explain(explainView(Speed), Choose{Ability: Speed})
	// Speed 2 doubled on Plains is 4, and doubled again against Mind (8);
	// their Speed 3 is 6 on Plains, their Brawn 1 doubles against Speed.
	for _, want := range []string{"Speed 2, doubled on Plains", "Speed 3: 4 to 6, you lose", "Brawn 1: 4 to 2, you win", "Mind 0: 8 to 0, you win"} {
		if !strings.Contains(got, want) {
			t.Errorf("Explain(choose speed) = %q, want it to say %q", got, want)
		}
	}
	// Mind 1 in Woods: no terrain doubling; Mind beats Brawn, so their
	// Brawn is not doubled and ours is; their Speed doubles against Mind.
	got = Game.(engine.Explainer).Explain(explainView(Brawn), Choose{Ability: Mind})
	for _, want := range []string{"Mind 1.", "Speed 3: 1 to 6, you lose", "Brawn 1: 2 to 2, tie", "Mind 0: 1 to 0, you win"} {
		if !strings.Contains(got, want) {
			t.Errorf("Explain(choose mind) = %q, want it to say %q", got, want)
		}
	}
}

func TestExplain_ChooseAfterATieOffersOnlyTheirUnusedAbilities(t *testing.T) {
	tie := Contest{Number: 1, Choices: [2]Ability{Brawn, Brawn}, Values: [2]int{0, 2}, Winner: -1}
	got := Game.(engine.Explainer).Explain(explainView(Brawn, tie), Choose{Ability: Speed})
	if strings.Contains(got, "Brawn 1:") || !strings.Contains(got, "Speed 3:") || !strings.Contains(got, "Mind 0:") {
		t.Errorf("Explain(choose speed) after both used Brawn = %q, want only their Speed and Mind", got)
	}
}

func TestExplain_BreedGivesTheOddsOfAnOffspring(t *testing.T) {
	for _, c := range []struct {
		a, b int
		want string
	}{
		{1, 2, "Ages 6 and 5 average 6; plus two dice it must stay under 7: an offspring 6 times in 9. It would start from the averages Speed 2, Brawn 2, Mind 0"},
		{3, 3, "no chance of an offspring"},
		{4, 4, "an offspring for sure"},
	} {
		got := Game.(engine.Explainer).Explain(explainView(Speed), Breed{A: c.a, B: c.b})
		if !strings.Contains(got, c.want) {
			t.Errorf("Explain(breed M%d M%d) = %q, want it to say %q", c.a, c.b, got, c.want)
		}
	}
}

func TestExplain_TrainSaysTheValueAndTheChance(t *testing.T) {
	e := Game.(engine.Explainer)
	if got, want := e.Explain(explainView(Speed), Train{Monster: 2, Ability: Brawn}), "Brawn 3 becomes 4 unless the die shows − (2 chances in 3)"; !strings.Contains(got, want) {
		t.Errorf("Explain(train M2 brawn) = %q, want it to say %q", got, want)
	}
	if got, want := e.Explain(explainView(Speed), Train{Monster: 2, Ability: Random}), "+1 for sure"; !strings.Contains(got, want) {
		t.Errorf("Explain(train M2 random) = %q, want it to say %q", got, want)
	}
	if got := e.Explain(explainView(Speed), Train{Monster: 9, Ability: Brawn}); got != "" {
		t.Errorf("Explain(train M9) for a monster the stable lacks = %q, want nothing", got)
	}
}
