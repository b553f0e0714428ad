package tmd

import (
	"slices"
	"testing"
)

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

func TestSubstitute_TakesOpponentsHitsAndStatusMoves(t *testing.T) {
	foe := AddFoe{Species: "Bulbasaur", Level: 6, Moves: []string{"Substitute", "Tackle"}}
	s := mustBattle(t, Foes, nil, foe)
	bulba := bf(t, s, "Bulbasaur")
	full := bulba.Body.HP
	mustApply(t, s, gmSeat, UseMove{Actor: "Bulbasaur", Move: "Substitute"}, nil)
	quarter := bulba.Body.MaxHP / 4
	if bulba.Body.HP != full-quarter || subHP(bulba) != quarter {
		t.Fatalf("after Substitute Bulbasaur has %d HP and a substitute of %d; want %d and %d",
			bulba.Body.HP, subHP(bulba), full-quarter, quarter)
	}
	hp := bulba.Body.HP
	mustApply(t, s, cySeat, UseMove{Move: "Tail Whip", Targets: []string{"Bulbasaur"}}, streamWith(t, []int{20}, []int{15}))
	if bulba.stage("def") != 0 {
		t.Errorf("Tail Whip lowered the Defense of Bulbasaur behind its substitute")
	}
	mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Bulbasaur"}}, streamWith(t, []int{20}, []int{15}))
	if bulba.stage("atk") != -1 {
		t.Errorf("Growl, a sound move, did not pass the substitute: Attack stage %+d", bulba.stage("atk"))
	}
	mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Bulbasaur"}}, streamWith(t, []int{20}, []int{15}))
	if bulba.Body.HP != hp {
		t.Errorf("Ember hurt Bulbasaur behind its substitute: %d → %d HP", hp, bulba.Body.HP)
	}
	if subHP(bulba) >= quarter {
		t.Errorf("Ember did not hurt the substitute (%d of %d left)", subHP(bulba), quarter)
	}
}

func TestSubstitute_OnlyForItsUser(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Bulbasaur", Level: 6, Moves: []string{"Substitute"}},
		AddFoe{Species: "Bulbasaur", Level: 6, Name: "Bulby", Moves: []string{"Tackle"}})
	mustRefuse(t, s, gmSeat, UseMove{Actor: "Bulbasaur", Move: "Substitute", Targets: []string{"Bulby"}}, "for its user only")
}

func TestSubstitute_AHiddenFoesSubstituteKeepsItsHPFromThePlayers(t *testing.T) {
	foe := AddFoe{Species: "Bulbasaur", Level: 6, Moves: []string{"Substitute"}, Hidden: true}
	s := mustBattle(t, Foes, nil, foe)
	mustApply(t, s, gmSeat, UseMove{Actor: "Bulbasaur", Move: "Substitute"}, nil)
	for _, f := range s.View(annSeat).(*View).Battle.Fighters {
		for _, m := range f.Minor {
			if f.Name == "Bulbasaur" && m.HP != 0 {
				t.Errorf("Ann sees the hidden Bulbasaur's substitute at %d HP", m.HP)
			}
		}
	}
}

func TestInfatuated_CannotFocusOnTheOneItLovesForFourRounds(t *testing.T) {
	foe := AddFoe{Species: "Bulbasaur", Level: 6, Moves: []string{"Attract", "Tackle"}}
	s := mustBattle(t, Foes, nil, foe, geodude)
	mustApply(t, s, gmSeat, UseMove{Actor: "Bulbasaur", Move: "Attract", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{15}))
	mustApply(t, s, gmSeat, EndTurn{}, nil)
	mustRefuse(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Bulbasaur"}}, "Ann is infatuated with Bulbasaur")
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, nil)
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Bo", Condition: CondInfatuated, Reason: "x"}, "with whom")
	applyCond := SetCondition{Who: "Bo", Condition: CondInfatuated, By: "Geodude", Reason: "Cute Charm"}
	mustApply(t, s, gmSeat, applyCond, nil)
	mustRefuse(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Geodude"}}, "Bo is infatuated with Geodude")
	for range 4 {
		endRound(t, s)
	}
	if bf(t, s, "Ann").has(CondInfatuated) {
		t.Errorf("Ann is still infatuated after four rounds")
	}
}

// emberLoss is the HP Bulbasaur loses to Bo's Ember on a 15, with or
// without a light screen raised by the foes first.
func emberLoss(t *testing.T, screen bool) int {
	t.Helper()
	foe := AddFoe{Species: "Bulbasaur", Level: 6, Moves: []string{"Light Screen", "Tackle"}}
	s := mustBattle(t, Foes, nil, foe, geodude)
	if screen {
		mustApply(t, s, gmSeat, UseMove{Actor: "Bulbasaur", Move: "Light Screen"}, nil)
		if !bf(t, s, "Geodude").has(CondLightScreen) {
			t.Errorf("Bulbasaur's Light Screen does not cover its ally Geodude")
		}
	}
	mustApply(t, s, gmSeat, EndTurn{}, nil)
	bulba := bf(t, s, "Bulbasaur")
	before := bulba.Body.HP
	mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Bulbasaur"}}, streamWith(t, []int{20}, []int{15}))
	return before - bulba.Body.HP
}

func TestScreens_TakeTheScreenTableOffAHitForThreeTurns(t *testing.T) {
	plain, screened := emberLoss(t, false), emberLoss(t, true)
	if want := max(0, plain-RecoilOrScreen(plain)); screened != want || plain == 0 {
		t.Errorf("Ember through a light screen took %d HP (%d without); want %d", screened, plain, want)
	}
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Geodude", Level: 6, Moves: []string{"Brick Break"}})
	mustApply(t, s, gmSeat, SetCondition{Who: "Ann", Condition: CondReflect, Reason: "a test"}, nil)
	mustApply(t, s, gmSeat, SetCondition{Who: "Bo", Condition: CondReflect, Reason: "a test"}, nil)
	mustApply(t, s, gmSeat, UseMove{Actor: "Geodude", Move: "Brick Break", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{15}))
	if bf(t, s, "Ann").has(CondReflect) || bf(t, s, "Bo").has(CondReflect) {
		t.Errorf("Brick Break left the allies' reflect up")
	}
	applyCond(t, s, "Cy", CondLightScreen) // in the allies' own turn: it covers the foes' next three
	for range 3 {
		endRound(t, s)
	}
	if !bf(t, s, "Cy").has(CondLightScreen) {
		t.Errorf("Cy's light screen, raised in the allies' turn, is down before the foes' third turn after it")
	}
	endRound(t, s)
	if bf(t, s, "Cy").has(CondLightScreen) {
		t.Errorf("Cy's light screen lasts more than three turns after the one it was raised in")
	}
}

func TestSilenced_NoSoundMovesForThreeRounds(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Absol", Level: 6, Moves: []string{"Throat Chop"}})
	mustApply(t, s, gmSeat, UseMove{Actor: "Absol", Move: "Throat Chop", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{15}))
	if !bf(t, s, "Ann").has(CondSilenced) {
		t.Fatalf("Throat Chop hit Ann and she is not silenced")
	}
	mustRefuse(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Absol"}}, "Ann is silenced")
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Absol"}}, nil)
	for range 3 {
		endRound(t, s)
	}
	if bf(t, s, "Ann").has(CondSilenced) {
		t.Errorf("Ann is still silenced after three rounds")
	}
}

func TestBound_TakesTheMoveDamageOfTheOtherBound(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Ann", CondBound)
	applyCond(t, s, "Geodude", CondBound)
	ann, geo := bf(t, s, "Ann"), bf(t, s, "Geodude")
	annHP, geoHP := ann.Body.HP, geo.Body.HP
	mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	lost := geoHP - geo.Body.HP
	if lost == 0 || annHP-ann.Body.HP != lost {
		t.Errorf("Geodude lost %d to Water Gun and bound Ann %d; want the same, more than 0", lost, annHP-ann.Body.HP)
	}
	endRound(t, s)
	if geo.has(CondBound) {
		t.Errorf("Geodude, bound in the allies' turn, is still bound after its own next turn")
	}
	endSide(t, s)
	if ann.has(CondBound) {
		t.Errorf("Ann, bound in her own turn, is still bound after her next turn")
	}
}

func TestLegHold_FocusOnlyOnItselfOrItsLastTarget(t *testing.T) {
	klefki := AddFoe{Species: "Klefki", Level: 6, Moves: []string{"Fairy Lock"}}
	s := mustBattle(t, Allies, nil, klefki, geodude)
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Klefki"}}, nil)
	mustApply(t, s, gmSeat, EndTurn{}, nil)
	mustApply(t, s, gmSeat, UseMove{Actor: "Klefki", Move: "Fairy Lock"}, streamWith(t, []int{20, 20, 20}, []int{15, 15, 15}))
	mustApply(t, s, gmSeat, EndTurn{}, nil)
	mustRefuse(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, "leg hold")
	mustRefuse(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Geodude"}}, "leg hold")
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Klefki"}}, nil)
}

func TestBound_AKnockOutIsSharedToo(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude, AddFoe{Species: "Geodude", Level: 6, Name: "Rocky", Moves: []string{"Tackle"}})
	applyCond(t, s, "Ann", CondBound)
	applyCond(t, s, "Geodude", CondBound)
	bf(t, s, "Geodude").Body.HP = 1
	annHP := bf(t, s, "Ann").Body.HP
	mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if bf(t, s, "Ann").Body.HP == annHP {
		t.Errorf("Geodude fainted to Water Gun and bound Ann took nothing")
	}
}

func TestInvisible_OpponentsCannotAimAtItUntilItActs(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Geodude", CondInvisible)
	mustRefuse(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, "cannot see Geodude")
	mustApply(t, s, gmSeat, EndTurn{}, nil)
	mustApply(t, s, gmSeat, UseMove{Actor: "Geodude", Move: "Tackle", Targets: []string{"Ann"}}, nil)
	if bf(t, s, "Geodude").has(CondInvisible) {
		t.Errorf("Geodude used a move and is still invisible")
	}
}

func TestSkyHigh_OnlyTheSkyMovesAndOtherSkyHighReachIt(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Geodude", CondSkyHigh)
	for f, r := range faceTable(t, s, "Ann", "Geodude", "Thunder Shock") {
		if f > 0 && r != Miss {
			t.Fatalf("Thunder Shock at sky-high Geodude: face %d is %s, want every face a miss", f, r)
		}
	}
	if faceTable(t, s, "Ann", "Geodude", "Gust")[15] == Miss {
		t.Errorf("Gust misses sky-high Geodude on a 15")
	}
	applyCond(t, s, "Ann", CondSkyHigh)
	if faceTable(t, s, "Ann", "Geodude", "Thunder Shock")[15] == Miss {
		t.Errorf("sky-high Ann's Thunder Shock misses sky-high Geodude on a 15")
	}
}

func TestRaisedAndGrounded_GroundMovesAndHazards(t *testing.T) {
	pidgey := AddFoe{Species: "Pidgey", Level: 6, Moves: []string{"Gust"}}
	mudder := AddFoe{Species: "Geodude", Level: 6, Moves: []string{"Mud-Slap", "Tackle"}}
	s := mustBattle(t, Foes, nil, mudder, pidgey)
	d := mustData(t)
	mud, _ := d.MoveNamed("Mud-Slap")
	geo, pid := bf(t, s, "Geodude"), bf(t, s, "Pidgey")
	applyCond(t, s, "Pidgey", CondGrounded)
	if got := d.Effectiveness("Ground", s.Battle.defender(pid, geo, mud, false).Types...); got == 0 {
		t.Errorf("grounded Pidgey is still immune to Mud-Slap")
	}
	applyCond(t, s, "Ann", CondRaised)
	ann := bf(t, s, "Ann")
	hp := ann.Body.HP
	mustApply(t, s, gmSeat, UseMove{Actor: "Geodude", Move: "Mud-Slap", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{15}))
	if ann.Body.HP != hp || ann.stage("acc") != 0 {
		t.Errorf("Mud-Slap touched raised Ann: %d → %d HP, accuracy %+d", hp, ann.Body.HP, ann.stage("acc"))
	}
	mustApply(t, s, gmSeat, EndTurn{}, nil)
	s.Battle.Hazards = []Hazard{{Side: Allies, Kind: HazardSpikes, Layers: 3}}
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, streamWith(t, []int{20, 20}, []int{1, 1}))
	if ann.Body.HP != hp {
		t.Errorf("spikes hurt raised Ann: %d → %d HP", hp, ann.Body.HP)
	}
	for range 5 {
		endRound(t, s)
	}
	if ann.has(CondRaised) || pid.has(CondGrounded) {
		t.Errorf("raised or grounded lasts more than 5 rounds")
	}
}

func TestExposedAndMiracleEye_LoseTheirTypeImmunity(t *testing.T) {
	gastly := AddFoe{Species: "Gastly", Level: 6, Moves: []string{"Lick"}}
	umbreon := AddFoe{Species: "Umbreon", Level: 6, Moves: []string{"Tackle"}}
	s := mustBattle(t, Allies, nil, gastly, umbreon)
	d := mustData(t)
	tackle, _ := d.MoveNamed("Tackle")
	lick, _ := d.MoveNamed("Lick")
	conf, _ := d.MoveNamed("Confusion")
	ghost, dark, ann := bf(t, s, "Gastly"), bf(t, s, "Umbreon"), bf(t, s, "Ann")
	eff := func(m *Move, tgt *Fighter) float64 {
		return d.Effectiveness(m.Type, s.Battle.defender(tgt, ann, m, false).Types...)
	}
	if eff(tackle, ghost) != 0 || eff(conf, dark) != 0 {
		t.Fatalf("Gastly is not immune to Tackle or Umbreon to Confusion to begin with")
	}
	applyCond(t, s, "Gastly", CondExposed)
	applyCond(t, s, "Umbreon", CondMiracleEye)
	applyCond(t, s, "Ann", CondExposed)
	if eff(tackle, ghost) == 0 || eff(conf, dark) == 0 {
		t.Errorf("exposed Gastly meets Tackle ×%g, miracle-eyed Umbreon meets Confusion ×%g; want neither immune",
			eff(tackle, ghost), eff(conf, dark))
	}
	if eff(lick, ann) != 1 {
		t.Errorf("Lick meets exposed Ann (a Pikachu) ×%g, want ×1", eff(lick, ann))
	}
}

// quakeLoss is what Earthquake from Geodude takes from Ann and from
// Geodude's ally Rocky on fixed faces, in grassy terrain or not.
func quakeLoss(t *testing.T, grassy bool) (ann, rocky int) {
	t.Helper()
	quaker := AddFoe{Species: "Geodude", Level: 6, Moves: []string{"Earthquake"}}
	s := mustBattle(t, Foes, nil, quaker, AddFoe{Species: "Geodude", Level: 6, Name: "Rocky", Moves: []string{"Tackle"}})
	if grassy {
		mustApply(t, s, gmSeat, SetTerrain{Terrain: "grassy", Reason: "a test"}, nil)
	}
	a, r := bf(t, s, "Ann"), bf(t, s, "Rocky")
	a.Body.HP, a.Body.MaxHP = 99, 99
	r.Body.HP, r.Body.MaxHP = 99, 99
	mustApply(t, s, gmSeat, UseMove{Actor: "Geodude", Move: "Earthquake"}, streamWith(t, []int{20, 20, 20, 20}, []int{15, 15, 15, 15}))
	return 99 - a.Body.HP, 99 - r.Body.HP
}

func TestRoomHittersThatHurtAllies_HitTheUsersAlliesToo(t *testing.T) {
	ann, rocky := quakeLoss(t, false)
	if ann == 0 || rocky == 0 {
		t.Errorf("Earthquake took %d from Ann and %d from Geodude's ally Rocky; want both hit", ann, rocky)
	}
}

func TestGrassyTerrain_HalvesEarthquake(t *testing.T) {
	plain, _ := quakeLoss(t, false)
	grassy, _ := quakeLoss(t, true)
	if plain == 0 || grassy != plain/2 {
		t.Errorf("Earthquake took %d from Ann in grassy terrain, %d without; want half, rounded down", grassy, plain)
	}
}

// trapBattle is a battle against n Geodudes whose fighters all have 99 HP,
// with a trap of kind hidden to spring on any roll.
func trapBattle(t *testing.T, kind string, n int) *State {
	t.Helper()
	foes := []AddFoe{geodude}
	for i := 1; i < n; i++ {
		foes = append(foes, AddFoe{Species: "Geodude", Level: 6, Name: "Rocky" + string(rune('A'+i)), Moves: []string{"Tackle"}})
	}
	s := mustBattle(t, Allies, nil, foes...)
	for _, f := range s.Battle.Fighters {
		f.Body.HP, f.Body.MaxHP = 99, 99
	}
	mustApply(t, s, gmSeat, SetTrap{Trap: kind, At: 20, Reason: "a test"}, nil)
	return s
}

// blasted counts the fighters that lost exactly 10 HP, and any other loss.
func blasted(s *State) (ten, other int) {
	for _, f := range s.Battle.Fighters {
		switch f.Body.HP {
		case 89:
			ten++
		case 99:
		default:
			other++
		}
	}
	return ten, other
}

func TestBlastTraps_TenDamageOnTwoOrFiveCombatantsAtRandom(t *testing.T) {
	for _, c := range []struct {
		trap string
		want int
	}{{"blast trap", 2}, {"mega-blast trap", 5}} {
		s := trapBattle(t, c.trap, 3) // 6 combatants
		mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, nil)
		if ten, other := blasted(s); ten != c.want || other != 0 {
			t.Errorf("%s: %d combatants lost 10 HP and %d something else; want %d and 0", c.trap, ten, other, c.want)
		}
	}
}

func TestGrimyTrap_NastyFoodsConditionByD20(t *testing.T) {
	for _, c := range []struct {
		face int
		cond string
	}{{5, CondParalysis}, {6, CondConfusion}, {15, CondBurn}, {16, CondPoison}} {
		s := trapBattle(t, "grimy trap", 1)
		mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, streamWith(t, []int{20, 20}, []int{0, c.face}))
		if !bf(t, s, "Ann").has(c.cond) {
			t.Errorf("grimy trap with a d20 of %d: Ann is not %s", c.face, condText(c.cond))
		}
	}
}

func TestPursued_FourMoreDamageOnAnyoneButThePursuer(t *testing.T) {
	rocky := AddFoe{Species: "Geodude", Level: 6, Name: "Rocky", Moves: []string{"Tackle"}}
	loss := func(pursued bool, target string) int {
		s := mustBattle(t, Allies, nil, geodude, rocky)
		if pursued {
			mustApply(t, s, gmSeat, SetCondition{Who: "Cy", Condition: CondPursued, By: "Geodude", Reason: "Pursuit"}, nil)
		}
		f := bf(t, s, target)
		f.Body.HP, f.Body.MaxHP = 99, 99
		mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{target}}, streamWith(t, []int{20}, []int{15}))
		return 99 - f.Body.HP
	}
	if plain, got := loss(false, "Rocky"), loss(true, "Rocky"); got != plain+4 {
		t.Errorf("pursued Cy's Water Gun on Rocky took %d, want %d + 4", got, plain)
	}
	if plain, got := loss(false, "Geodude"), loss(true, "Geodude"); got != plain {
		t.Errorf("pursued Cy's Water Gun on its pursuer took %d, want %d", got, plain)
	}
}

func TestGrudge_DisablesTheMoveThatKnocksItOut(t *testing.T) {
	rocky := AddFoe{Species: "Geodude", Level: 6, Name: "Rocky", Moves: []string{"Tackle"}}
	s := mustBattle(t, Allies, nil, geodude, rocky)
	applyCond(t, s, "Geodude", CondGrudge)
	bf(t, s, "Geodude").Body.HP = 1
	mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if cy := bf(t, s, "Cy"); !slices.ContainsFunc(cy.Minor, func(c Cond) bool { return c.Kind == CondDisabled && c.Move == "Water Gun" }) {
		t.Errorf("Cy knocked out a Geodude bearing a grudge and its Water Gun is not disabled: %v", cy.Minor)
	}
}

func TestBlinker_ItsMoveLandsOnAFighterPickedWithADie(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Cy", CondBlinker)
	ann, geo := bf(t, s, "Ann"), bf(t, s, "Geodude")
	annHP, geoHP := ann.Body.HP, geo.Body.HP
	// The die picks among Ann, Bo and Geodude in the battle's order: a 1 is Ann.
	mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Geodude"}}, streamWith(t, []int{3, 20}, []int{1, 15}))
	if ann.Body.HP == annHP || geo.Body.HP != geoHP {
		t.Errorf("blinkered Cy's Water Gun: Ann %d → %d HP, Geodude %d → %d; want Ann hit, Geodude not",
			annHP, ann.Body.HP, geoHP, geo.Body.HP)
	}
}

func TestPowdered_AFireHitMakesItExplode(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	geo := bf(t, s, "Geodude")
	geo.Body.HP, geo.Body.MaxHP = 99, 99
	applyCond(t, s, "Geodude", CondPowdered)
	mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if !geo.has(CondPowdered) {
		t.Fatalf("a Water Gun made powdered Geodude explode")
	}
	hp := geo.Body.HP
	mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	ember := hp - geo.Body.HP
	s2 := mustBattle(t, Allies, nil, geodude)
	g2 := bf(t, s2, "Geodude")
	g2.Body.HP, g2.Body.MaxHP = hp, 99
	mustApply(t, s2, boSeat, UseMove{Move: "Ember", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if plain := hp - g2.Body.HP; ember != plain+BlastDamage || geo.has(CondPowdered) {
		t.Errorf("Ember on powdered Geodude took %d (%d unpowdered), powder left %v; want %d more and the powder gone",
			ember, plain, geo.has(CondPowdered), BlastDamage)
	}
}

func TestNeutralizedAndImmobile_TrackedForTheGM(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Geodude", CondNeutralized)
	applyCond(t, s, "Geodude", CondImmobile)
	for range 5 {
		endRound(t, s)
	}
	geo := bf(t, s, "Geodude")
	if !geo.has(CondNeutralized) {
		t.Fatalf("neutralized ends before its sixth round")
	}
	endRound(t, s)
	if geo.has(CondNeutralized) || !geo.has(CondImmobile) {
		t.Errorf("after six rounds: neutralized %v, immobile %v; want it gone, immobile kept", geo.has(CondNeutralized), geo.has(CondImmobile))
	}
}

func TestWishing_AWishFormsAfterARoundAndHealsFourForNoAP(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Ann", CondWishing)
	mustRefuse(t, s, annSeat, UseWish{}, "no wish")
	endRound(t, s)
	if got := s.Battle.Wishes[Allies]; got != 0 {
		t.Fatalf("a wish formed at the end of the turn Ann started wishing in, before a round had passed")
	}
	endRound(t, s)
	if got := s.Battle.Wishes[Allies]; got != 1 {
		t.Fatalf("after Ann's round of wishing the allies have %d wishes, want 1", got)
	}
	bo := bf(t, s, "Bo")
	bo.Body.HP = 10
	ap := bo.Turn.AP
	mustApply(t, s, boSeat, UseWish{}, nil)
	if bo.Body.HP != 14 || bo.Turn.AP != ap || s.Battle.Wishes[Allies] != 0 {
		t.Errorf("Bo used the wish: %d HP, %d AP (had %d), %d wishes left; want 14 HP, no AP spent, none left",
			bo.Body.HP, bo.Turn.AP, ap, s.Battle.Wishes[Allies])
	}
	mustRefuse(t, s, boSeat, UseWish{}, "no wish")
}

func TestRapidSpin_FreesTheUserAndClearsItsSidesHazards(t *testing.T) {
	spinner := func(i int, sh *Sheet) {
		if i == 2 {
			sh.Moves = append(sh.Moves, "Rapid Spin")
		}
	}
	s := mustBattle(t, Allies, spinner, geodude)
	for _, c := range []string{CondSeeded, CondStuck, CondBound} {
		applyCond(t, s, "Cy", c)
	}
	s.Battle.Hazards = []Hazard{{Side: Allies, Kind: HazardSpikes, Layers: 1}, {Side: Foes, Kind: HazardSpikes, Layers: 1}}
	mustApply(t, s, cySeat, UseMove{Move: "Rapid Spin", Targets: []string{"Geodude"}}, streamWith(t, []int{20, 20}, []int{20, 15}))
	cy := bf(t, s, "Cy")
	if cy.has(CondSeeded) || cy.has(CondStuck) || cy.has(CondBound) {
		t.Errorf("after Rapid Spin Cy still has %v", cy.Minor)
	}
	if len(s.Battle.Hazards) != 1 || s.Battle.Hazards[0].Side != Foes {
		t.Errorf("after Cy's Rapid Spin the hazards are %v; want the foes' only", s.Battle.Hazards)
	}
}

func TestAuroraVeil_BothScreensAndOnlyInSnow(t *testing.T) {
	veil := AddFoe{Species: "Bergmite", Level: 6, Moves: []string{"Aurora Veil"}}
	s := mustBattle(t, Foes, nil, veil, geodude)
	mustRefuse(t, s, gmSeat, UseMove{Actor: "Bergmite", Move: "Aurora Veil"}, "snow")
	mustApply(t, s, gmSeat, SetWeather{Weather: "snow", Reason: "a test"}, nil)
	mustApply(t, s, gmSeat, UseMove{Actor: "Bergmite", Move: "Aurora Veil"}, nil)
	geo := bf(t, s, "Geodude")
	if geo.screenFor(true) == "" || geo.screenFor(false) == "" {
		t.Errorf("Aurora Veil does not screen Geodude from both physical and special hits")
	}
}

func TestAuroraVeil_CoversTheUserAndTwoAllies(t *testing.T) {
	veil := AddFoe{Species: "Bergmite", Level: 6, Moves: []string{"Aurora Veil"}}
	rocks := []AddFoe{veil, geodude}
	for _, n := range []string{"Rocky", "Stony"} {
		rocks = append(rocks, AddFoe{Species: "Geodude", Level: 6, Name: n, Moves: []string{"Tackle"}})
	}
	s := mustBattle(t, Foes, nil, rocks...)
	mustApply(t, s, gmSeat, SetWeather{Weather: "snow", Reason: "a test"}, nil)
	mustApply(t, s, gmSeat, UseMove{Actor: "Bergmite", Move: "Aurora Veil"}, nil)
	if bf(t, s, "Stony").has(CondAuroraVeil) || !bf(t, s, "Rocky").has(CondAuroraVeil) {
		t.Errorf("Aurora Veil: Rocky veiled %v, Stony %v; want the user and its first 2 allies only",
			bf(t, s, "Rocky").has(CondAuroraVeil), bf(t, s, "Stony").has(CondAuroraVeil))
	}
}
