package tmd

import (
	"testing"
)

// awakened returns a battle, the allies' turn, in which Ann (Attack 3,
// Defense 0), Bo (Defense 3) or Cy (Speed 4) is awakened by an
// Empowerment Seed from her own bag.
func awakened(t *testing.T, who int) *State {
	t.Helper()
	s := mustBattle(t, Allies, func(i int, sh *Sheet) {
		sh.Inventory = []string{EmpowermentSeed}
		sh.GMPoints = 4
		switch i {
		case 0:
			sh.Points = map[Stat]int{Speed: 1, Attack: 3}
		case 1:
			sh.Points = map[Stat]int{Speed: 1, Defense: 3}
		case 2:
			sh.Points = map[Stat]int{Defense: 1, Speed: 4}
		}
	}, AddFoe{Species: "Eevee", Level: 5, Moves: []string{"Growl"}})
	mustApply(t, s, testPlayers[who], UseItem{Item: EmpowermentSeed}, nil)
	return s
}

func TestAwakening_OffensiveNeverMissesAndBypassesDefence(t *testing.T) {
	s := awakened(t, 0)
	ann, eevee := bf(t, s, "Ann"), bf(t, s, "Eevee")
	if !ann.awakenedAs(AwakeOffensive) {
		t.Fatalf("Ann (Attack 3) awakened as %+v, want offensive", ann.Awake)
	}
	d := mustData(t)
	m, _ := d.MoveNamed("Thunder Shock")
	eevee.Body.SpD = 5
	if a := s.Battle.attacker(s.Rules, ann, m, 1, eevee); a.CombatEffect != AwakeStat {
		t.Errorf("awakened Ann's Thunder Shock effect = %d, want 0 + 10", a.CombatEffect)
	}
	if mit := s.Battle.defender(eevee, ann, m, false).Mitigation; mit != 0 {
		t.Errorf("Eevee's 5 Special Defense against awakened Ann = %d, want bypassed", mit)
	}
	if faces := faceTable(t, s, "Ann", "Eevee", "Thunder Shock"); faces[1] != Hit {
		t.Errorf("awakened Ann misses on a 1: %s", describeFaces(faces))
	}
}

func TestAwakening_DefensiveHPAndImmunity(t *testing.T) {
	s := awakened(t, 1)
	bo, eevee := bf(t, s, "Bo"), bf(t, s, "Eevee")
	if !bo.awakenedAs(AwakeDefensive) || bo.Body.MaxHP != 40 || bo.Body.HP != 40 {
		t.Fatalf("Bo (Defense 3) awakened: %+v, %d/%d HP; want defensive, 40/40", bo.Awake, bo.Body.HP, bo.Body.MaxHP)
	}
	d := mustData(t)
	m, _ := d.MoveNamed("Tackle")
	if mit := s.Battle.defender(bo, eevee, m, false).Mitigation; mit != 3+AwakeStat {
		t.Errorf("awakened Bo's Defense mitigation = %d, want 3 + 10", mit)
	}
	endSide(t, s)
	mustApply(t, s, gmSeat, UseMove{Actor: "Eevee", Move: "Growl", Targets: []string{"Bo"}}, streamWith(t, []int{20}, []int{10}))
	if bo.stage("atk") != 0 {
		t.Errorf("Growl lowered awakened Bo's Attack")
	}
	mustApply(t, s, gmSeat, EndBattle{Reason: "over"}, nil)
	if hp := s.member(boSeat).HP; hp != 20 {
		t.Errorf("after the battle Bo keeps %d HP, want the awakening's 20 gone (20)", hp)
	}
}

func TestAwakening_SpeedAPFreeMoveAndAccuracy(t *testing.T) {
	s := awakened(t, 2)
	cy := bf(t, s, "Cy")
	if !cy.awakenedAs(AwakeSpeed) {
		t.Fatalf("Cy (Speed 4) awakened as %+v, want speed", cy.Awake)
	}
	// 6 AP from Speed 4, +4 at once, less the seed's 3.
	if cy.Turn.AP != 7 || cy.Turn.Max != 10 {
		t.Errorf("awakened Cy: %d of %d AP, want 7 of 10", cy.Turn.AP, cy.Turn.Max)
	}
	endRound(t, s)
	mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Eevee"}}, nil)
	mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Eevee"}}, nil)
	if cy.Turn.Max != 10 || cy.Turn.AP != 6 {
		t.Errorf("next turn, two Water Guns, the first free: %d of %d AP left, want 6 of 10", cy.Turn.AP, cy.Turn.Max)
	}
	if faces := faceTable(t, s, "Cy", "Eevee", "Water Gun"); faces[9] != Miss || faces[10] != Hit {
		t.Errorf("awakened for speed: %s, want 1-9 to miss", describeFaces(faces))
	}
}

func TestBerserk_FailRangeGrowsFromTheThirdTurnAndABreakResetsIt(t *testing.T) {
	s := awakened(t, 0)
	var ranges []int
	for range 9 {
		ranges = append(ranges, 1+berserk(bf(t, s, "Ann")))
		endRound(t, s)
	}
	// The turn of the seed, the next; then 1-3, 1-5, ... up to 1-13.
	if want := []int{1, 1, 3, 5, 7, 9, 11, 13, 13}; !equalInts(ranges, want) {
		t.Errorf("berserk fail ranges turn by turn = %v, want %v", ranges, want)
	}
	if faces := faceTable(t, s, "Ann", "Eevee", "Thunder Shock"); faces[13] != HitAlly || faces[14] != Hit {
		t.Errorf("at the cap: %s, want 1-13 to go to an ally", describeFaces(faces))
	}
	mustApply(t, s, annSeat, Break{}, nil)
	if n := berserk(bf(t, s, "Ann")); n != 0 {
		t.Errorf("after a break the berserk range is 1-%d, want 1", 1+n)
	}
}
