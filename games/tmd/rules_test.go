package tmd

import (
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// endSide ends the current side's turn as the GM may.
func endSide(tb testing.TB, s *State) []engine.Event {
	tb.Helper()
	return mustApply(tb, s, gmSeat, EndTurn{}, nil)
}

// endRound ends turns until the side to play is first again.
func endRound(tb testing.TB, s *State) {
	tb.Helper()
	endSide(tb, s)
	endSide(tb, s)
}

func TestAPBudget_ActionsStayWithinMaxAP(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Geodude"}}, nil)
	if got := bf(t, s, "Bo").Turn.AP; got != 1 {
		t.Fatalf("Bo has %d AP left after Ember (4 of 5), want 1", got)
	}
	mustRefuse(t, s, boSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, "costs 4 AP; Bo has 1 left")
}

func TestFocus_EveryActionOfATurnHasOneFocus(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Geodude"}}, nil)
	mustRefuse(t, s, boSeat, Dodge{AP: 1}, "focus this turn is its opponents")
	mustApply(t, s, cySeat, Dodge{AP: 1}, nil)
	mustRefuse(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Geodude"}}, "focus this turn is its allies")
}

func TestStatusMove_OneATurn(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	ann := bf(t, s, "Ann")
	ann.Turn.AP, ann.Turn.Max = 10, 10
	mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, nil)
	mustRefuse(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, "one a turn")
	// An attacking move is still allowed.
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, nil)
}

// withThunderbolt gives Ann Thunderbolt (7 AP, more than her 5), trained
// to tier I if trained.
func withThunderbolt(trained bool) func(int, *Sheet) {
	return func(i int, sh *Sheet) {
		if i == 0 {
			sh.Moves = []string{"Thunderbolt", "Growl"}
			if trained {
				sh.MoveTiers = map[string]int{"Thunderbolt": 1}
			}
		}
	}
}

func TestMoveAboveMaxAP_TakesTheWholeTurn(t *testing.T) {
	s := mustBattle(t, Allies, withThunderbolt(true), geodude)
	mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, nil)
	mustRefuse(t, s, annSeat, UseMove{Move: "Thunderbolt", Targets: []string{"Geodude"}}, "takes the whole turn")

	s = mustBattle(t, Allies, withThunderbolt(true), geodude)
	evs := mustApply(t, s, annSeat, UseMove{Move: "Thunderbolt", Targets: []string{"Geodude"}}, nil)
	ann := bf(t, s, "Ann")
	if ann.Turn.AP != 0 || !ann.Turn.Done {
		t.Errorf("after Thunderbolt Ann has %d AP, done %v; want 0 and done", ann.Turn.AP, ann.Turn.Done)
	}
	if got := texts(evs, annSeat); !strings.Contains(got, "its whole 5 AP") {
		t.Errorf("the log does not say Thunderbolt took the whole pool:\n%s", got)
	}
}

func TestMoveAboveMaxAP_UntrainedIsLessAccurate(t *testing.T) {
	d := mustData(t)
	m, _ := d.MoveNamed("Thunderbolt")
	for _, c := range []struct {
		name    string
		trained bool
		line    int // lowest face that hits: 2, plus 4 untrained at 7 AP on 5, plus 2 at tier I
	}{
		{"untrained", false, 6},
		{"tier I", true, 4},
	} {
		s := mustBattle(t, Allies, withThunderbolt(c.trained), geodude)
		b, ann, geo := s.Battle, bf(t, s, "Ann"), bf(t, s, "Geodude")
		a := b.attacker(s.Rules, ann, m, 1, geo)
		faces := b.faces(m, a, b.defender(geo, ann, m, false), ann, geo)
		if faces[c.line-1] != Miss || faces[c.line] != Hit {
			t.Errorf("%s: faces %s; want misses to %d", c.name, describeFaces(faces), c.line-1)
		}
	}
}

// faceTable is Ann's Thunder Shock at Geodude as the table rolls it now.
func faceTable(t *testing.T, s *State, user, target, move string) [21]Result {
	t.Helper()
	d := mustData(t)
	m, _ := d.MoveNamed(move)
	b, u, g := s.Battle, bf(t, s, user), bf(t, s, target)
	a := b.attacker(s.Rules, u, m, 1, g)
	return b.faces(m, a, b.defender(g, u, m, false), u, g)
}

func applyCond(t *testing.T, s *State, who, cond string) {
	t.Helper()
	mustApply(t, s, gmSeat, SetCondition{Who: who, Condition: cond, Reason: "a test"}, nil)
}

func TestParalysis_OneToSixMissTwoAPLessForFourTurns(t *testing.T) {
	s := mustBattle(t, Foes, nil, geodude)
	applyCond(t, s, "Ann", CondParalysis)
	endSide(t, s) // the allies' turn
	ann := bf(t, s, "Ann")
	if ann.Turn.Max != 3 {
		t.Errorf("paralyzed Ann has %d max AP, want 5-2 = 3", ann.Turn.Max)
	}
	faces := faceTable(t, s, "Ann", "Geodude", "Thunder Shock")
	if faces[6] != Miss || faces[7] != Hit {
		t.Errorf("paralyzed faces %s, want 1-6 to miss", describeFaces(faces))
	}
	for turn := 1; turn <= 4; turn++ {
		if !ann.has(CondParalysis) {
			t.Fatalf("paralysis wore off before Ann's turn %d", turn)
		}
		endRound(t, s)
	}
	if ann.has(CondParalysis) {
		t.Errorf("Ann is still paralyzed after 4 of her turns")
	}
}

func TestConfusion_AstrayOnAnAllyOrTheUser(t *testing.T) {
	for _, c := range []struct {
		face int
		hurt string
	}{{4, "Bo"}, {1, "Ann"}} {
		s := mustBattle(t, Allies, nil, geodude)
		applyCond(t, s, "Ann", CondConfusion)
		before := bf(t, s, c.hurt).Body.HP
		geoHP := bf(t, s, "Geodude").Body.HP
		mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{c.face}))
		if bf(t, s, c.hurt).Body.HP >= before || bf(t, s, "Geodude").Body.HP != geoHP {
			t.Errorf("confused Ann rolling %d: %s %d → %d HP, Geodude %d → %d; want %s hurt, Geodude not",
				c.face, c.hurt, before, bf(t, s, c.hurt).Body.HP, geoHP, bf(t, s, "Geodude").Body.HP, c.hurt)
		}
	}
}

func TestDamageOverTime_AtTheEndOfTheRound(t *testing.T) {
	for _, c := range []struct {
		cond string
		who  string
		loss int
	}{
		{CondPoison, "Ann", 2},  // max HP 20: 2
		{CondBurn, "Bo", 2},     // 2
		{CondToxic, "Cy", 4},    // badly poisoned: 4
		{CondWrapped, "Ann", 2}, // burn DoT
		{CondStuck, "Ann", 2},   // burn DoT
		{CondSalted, "Ann", 2},  // poison DoT
		{CondSalted, "Cy", 4},   // a Water type: badly poisoned DoT
		{CondCursed, "Bo", 6},   // 6 a round
		{CondIngrained, "Ann", -2},
		{CondAquaRing, "Ann", -1},
	} {
		s := mustBattle(t, Allies, nil, geodude)
		f := bf(t, s, c.who)
		if c.loss < 0 {
			f.Body.HP = 10
		}
		before := f.Body.HP
		applyCond(t, s, c.who, c.cond)
		endSide(t, s)
		if f.Body.HP != before {
			t.Errorf("%s: %s's HP changed before the round ended", c.cond, c.who)
		}
		endSide(t, s)
		if got := before - f.Body.HP; got != c.loss {
			t.Errorf("%s on %s: lost %d HP at the end of the round, want %d", c.cond, c.who, got, c.loss)
		}
	}
}

func TestBurn_HalvesPhysicalPower(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Geodude", CondBurn)
	d := mustData(t)
	m, _ := d.MoveNamed("Tackle")
	geo := bf(t, s, "Geodude")
	if a := s.Battle.attacker(s.Rules, geo, m, 1, bf(t, s, "Ann")); !a.Burned {
		t.Errorf("a burned Geodude attacks unburned")
	}
}

func TestSleep_NoAPThenAQuarterBackEachTurn(t *testing.T) {
	s := mustBattle(t, Foes, nil, geodude)
	applyCond(t, s, "Ann", CondSleep)
	ann := bf(t, s, "Ann")
	var maxes []int
	for range 4 {
		endSide(t, s) // the allies' turn starts
		maxes = append(maxes, ann.Turn.Max)
		if ann.Turn.Max == 0 && s.playerPending(annSeat) {
			t.Errorf("Ann is asleep with no AP but asked to act")
		}
		endSide(t, s)
	}
	// 5 max AP: 0, then ceil(5/4) = 2 a turn: 2, 4, then awake with 5.
	if want := []int{0, 2, 4, 5}; !equalInts(maxes, want) {
		t.Errorf("asleep Ann's max AP turn by turn = %v, want %v", maxes, want)
	}
	if ann.has(CondSleep) {
		t.Errorf("Ann still asleep with all her AP back")
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestFreeze_TwoTurnsFrozenThenTwoAPLess(t *testing.T) {
	s := mustBattle(t, Foes, nil, geodude)
	applyCond(t, s, "Ann", CondFreeze)
	ann := bf(t, s, "Ann")
	d := mustData(t)
	m, _ := d.MoveNamed("Tackle")
	if got := s.Battle.defender(ann, bf(t, s, "Geodude"), m, false).Mitigation; got != 3 {
		t.Errorf("frozen Ann's mitigation = %d, want 0 + 3", got)
	}
	var maxes []int
	for range 4 {
		endSide(t, s)
		maxes = append(maxes, ann.Turn.Max)
		endSide(t, s)
	}
	if want := []int{0, 0, 3, 5}; !equalInts(maxes, want) {
		t.Errorf("frozen Ann's max AP turn by turn = %v, want %v", maxes, want)
	}
}

func TestFlinch_TwelveFacesLessForOneTurn(t *testing.T) {
	s := mustBattle(t, Foes, nil, geodude)
	applyCond(t, s, "Ann", CondFlinch)
	endSide(t, s)
	faces := faceTable(t, s, "Ann", "Geodude", "Thunder Shock")
	if faces[13] != Miss || faces[14] != Hit {
		t.Errorf("flinching faces %s, want 1-13 to miss (1 and 12 more)", describeFaces(faces))
	}
	endSide(t, s)
	if bf(t, s, "Ann").has(CondFlinch) {
		t.Errorf("the flinch outlasted Ann's turn")
	}
}

func TestIngrainedAndStuck_MovesNeverMissThem(t *testing.T) {
	for _, cond := range []string{CondIngrained, CondStuck} {
		s := mustBattle(t, Allies, nil, geodude)
		applyCond(t, s, "Geodude", cond)
		if faces := faceTable(t, s, "Ann", "Geodude", "Thunder Shock"); faces[1] == Miss {
			t.Errorf("%s: a 1 still misses: %s", cond, describeFaces(faces))
		}
	}
}

func TestHealthy_ImmuneToMajorConditionsAndDrops(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Ann", CondHealthy)
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Ann", Condition: CondBurn, Reason: "x"}, "healthy")
	c := &ctx{s: s, b: s.Battle, d: dice.NewStream(dice.Seed{})}
	c.changeStage(bf(t, s, "Ann"), "atk", -2)
	if got := bf(t, s, "Ann").stage("atk"); got != 0 {
		t.Errorf("healthy Ann's Attack dropped to %d", got)
	}
}

func TestOneMajorConditionAtATime(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Ann", CondPoison)
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Ann", Condition: CondBurn, Reason: "x"}, "one major condition at a time")
	applyCond(t, s, "Ann", CondFlinch) // minor ones stack
}

func TestYawning_FallsAsleepAfterTwoTurns(t *testing.T) {
	s := mustBattle(t, Foes, nil, geodude)
	applyCond(t, s, "Ann", CondYawning) // in the foes' turn, as a foe's Yawn would
	endRound(t, s)
	if bf(t, s, "Ann").has(CondSleep) {
		t.Fatalf("asleep after one turn")
	}
	endRound(t, s)
	if !bf(t, s, "Ann").has(CondSleep) {
		t.Errorf("not asleep after two turns of yawning")
	}
}

func TestSleeplessAndElectricTerrain_KeepSleepAway(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Ann", CondSleepless)
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Ann", Condition: CondSleep, Reason: "x"}, "sleepless")
	mustApply(t, s, gmSeat, SetTerrain{Terrain: "electric", Reason: "x"}, nil)
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Bo", Condition: CondSleep, Reason: "x"}, "Electric Terrain")
}

func TestNightmare_BurnDamageWhileAsleep(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Ann", CondNightmare)
	endRound(t, s)
	if hp := bf(t, s, "Ann").Body.HP; hp != 20 {
		t.Errorf("a nightmare hurt Ann awake: %d HP", hp)
	}
	applyCond(t, s, "Ann", CondSleep)
	endRound(t, s)
	if hp := bf(t, s, "Ann").Body.HP; hp != 18 {
		t.Errorf("asleep with a nightmare Ann has %d HP, want 20-2", hp)
	}
}

func TestRechargingAndPetrified_CannotAct(t *testing.T) {
	for _, cond := range []string{CondRecharging, CondPetrified} {
		s := mustBattle(t, Foes, nil, geodude)
		applyCond(t, s, "Ann", cond)
		endSide(t, s)
		if s.playerPending(annSeat) {
			t.Errorf("%s: Ann may act", cond)
		}
	}
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Geodude", CondPetrified)
	mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{10}))
	if bf(t, s, "Geodude").has(CondPetrified) {
		t.Errorf("Geodude is still petrified after being hurt")
	}
}

func TestHealBlock_NoHealing(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Ann", CondHealBlock)
	applyCond(t, s, "Ann", CondIngrained)
	bf(t, s, "Ann").Body.HP = 10
	endRound(t, s)
	if hp := bf(t, s, "Ann").Body.HP; hp != 10 {
		t.Errorf("Ann healed to %d under heal block", hp)
	}
}

func TestStages_StayWithinSixAndMoveTheNumbers(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	c := &ctx{s: s, b: s.Battle, d: dice.NewStream(dice.Seed{})}
	ann, geo := bf(t, s, "Ann"), bf(t, s, "Geodude")
	c.changeStage(ann, "spa", 8)
	if got := ann.stage("spa"); got != 6 {
		t.Errorf("Special Attack stage after +8 = %d, want 6", got)
	}
	d := mustData(t)
	m, _ := d.MoveNamed("Thunder Shock")
	if a := s.Battle.attacker(s.Rules, ann, m, 1, geo); a.CombatEffect != 6 {
		t.Errorf("at +6 Special Attack Ann's combat effect = %d, want 0 points + 6", a.CombatEffect)
	}
	c.changeStage(ann, "spa", -9)
	if a := s.Battle.attacker(s.Rules, ann, m, 1, geo); ann.stage("spa") != -3 || a.Penalty != 3 {
		t.Errorf("at %d Special Attack the penalty = %d, want stage -3 and penalty 3", ann.stage("spa"), a.Penalty)
	}
	c.changeStage(geo, "spd", -2)
	if got := s.Battle.defender(geo, ann, m, false).Mitigation; got != -2 {
		t.Errorf("Geodude's Special Defense at -2: mitigation %d, want 0 - 2", got)
	}
	c.changeStage(ann, "acc", 6)
	if faces := faceTable(t, s, "Ann", "Geodude", "Thunder Shock"); faces[1] != Hit {
		t.Errorf("at +6 accuracy (8 faces) Thunder Shock still misses on 1: %s", describeFaces(faces))
	}
}

func TestSpeedStages_APAndTheFloorOfFour(t *testing.T) {
	s := mustBattle(t, Foes, nil, geodude)
	c := &ctx{s: s, b: s.Battle, d: dice.NewStream(dice.Seed{})}
	bo, cy := bf(t, s, "Bo"), bf(t, s, "Cy")
	c.changeStage(bo, "spe", -3) // 5 AP: 4, and one face exposed... no: 5-3 = 2, floor 4, two exposed
	c.changeStage(cy, "spe", -2) // 4 AP: stays 4, two faces exposed
	if bo, cy := s.Battle.maxAP(bo), s.Battle.maxAP(cy); bo != 4 || cy != 4 {
		t.Errorf("max AP at lowered speed: Bo %d, Cy %d; want 4 and 4", bo, cy)
	}
	// Rock Throw hits on 3+; two exposed faces make it hit on 1+.
	if faces := faceTable(t, s, "Geodude", "Cy", "Rock Throw"); faces[1] != Hit {
		t.Errorf("Rock Throw at Cy at -2 speed: %s, want every face to hit", describeFaces(faces))
	}
	c.changeStage(bo, "spe", 5) // +2
	if got := s.Battle.maxAP(bo); got != 7 {
		t.Errorf("Bo at +2 speed has %d max AP, want 7", got)
	}
	endRound(t, s)
	if got := bo.stage("spe"); got != 1 {
		t.Errorf("a speed increase of +2 is %+d after a round, want +1", got)
	}
	if got := cy.stage("spe"); got != -2 {
		t.Errorf("a speed decrease changed to %+d after a round; decreases stay", got)
	}
}

// effectOf is the combat effect of user's move at target now.
func effectOf(t *testing.T, s *State, user, move, target string) int {
	t.Helper()
	d := mustData(t)
	m, _ := d.MoveNamed(move)
	return s.Battle.attacker(s.Rules, bf(t, s, user), m, 1, bf(t, s, target)).CombatEffect
}

func TestWeather_OneAtATimeAndItsEffects(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	d := mustData(t)
	wg, _ := d.MoveNamed("Water Gun")
	geo := bf(t, s, "Geodude")
	plain := effectOf(t, s, "Cy", "Water Gun", "Geodude")
	mustApply(t, s, gmSeat, SetWeather{Weather: "rain", Reason: "clouds"}, nil)
	if got := effectOf(t, s, "Cy", "Water Gun", "Geodude"); got != plain+StabBonus(wg.AP) {
		t.Errorf("in rain Water Gun's effect = %d, want %d doubled STAB", got, plain+StabBonus(wg.AP))
	}
	mustApply(t, s, gmSeat, SetWeather{Weather: "sun", Reason: "clouds part"}, nil)
	if s.Battle.Weather != WeatherSun {
		t.Fatalf("weather = %q, want the sun to replace the rain", s.Battle.Weather)
	}
	if got := effectOf(t, s, "Cy", "Water Gun", "Geodude"); got != plain-StabBonus(wg.AP) {
		t.Errorf("in sunlight Water Gun's effect = %d, want STAB cancelled", got)
	}
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Ann", Condition: CondFreeze, Reason: "x"}, "nobody freezes")
	mustApply(t, s, gmSeat, SetWeather{Weather: "sandstorm", Reason: "wind"}, nil)
	endRound(t, s)
	if bf(t, s, "Ann").Body.HP != 19 || geo.Body.HP != geo.Body.MaxHP {
		t.Errorf("after a round of sandstorm Ann has %d HP (want 19), Geodude %d of %d (Rock: unhurt)", bf(t, s, "Ann").Body.HP, geo.Body.HP, geo.Body.MaxHP)
	}
	mustApply(t, s, gmSeat, SetWeather{Weather: "snow", Reason: "cold"}, nil)
	if got := s.Battle.maxAP(bf(t, s, "Ann")); got != 3 {
		t.Errorf("in snow Ann has %d max AP, want 5-2", got)
	}
	mustApply(t, s, gmSeat, SetWeather{Weather: "fog", Reason: "mist"}, nil)
	if faces := faceTable(t, s, "Ann", "Geodude", "Thunder Shock"); faces[4] != Miss || faces[5] != Hit {
		t.Errorf("in fog Thunder Shock: %s, want 3 faces more to miss (1-4)", describeFaces(faces))
	}
	mustApply(t, s, gmSeat, SetWeather{Weather: "ominous", Reason: "dread"}, nil)
	if got := effectOf(t, s, "Cy", "Water Gun", "Geodude"); got != plain-5 {
		t.Errorf("in ominous weather Water Gun's effect = %d, want %d", got, plain-5)
	}
}

func TestTerrain_LastsFiveTurns(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	mustApply(t, s, gmSeat, SetTerrain{Terrain: "grassy", Reason: "a meadow"}, nil)
	for turn := 1; turn <= 5; turn++ {
		if s.Battle.Terrain != TerrainGrassy {
			t.Fatalf("the terrain faded before turn %d", turn)
		}
		endSide(t, s)
	}
	if s.Battle.Terrain != "" {
		t.Errorf("the terrain %q lasts beyond five turns", s.Battle.Terrain)
	}
}

func TestHazards_LayersRangesAndSpring(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	mustRefuse(t, s, gmSeat, SetHazard{Side: Allies, Hazard: "spikes", Layers: 4, Reason: "x"}, "0 to 3 layers")
	mustApply(t, s, gmSeat, SetHazard{Side: Allies, Hazard: "spikes", Layers: 2, Reason: "a trap room"}, nil)
	// Two layers spring on 1-8 for 5; the d20 for the hazard comes first.
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, streamWith(t, []int{20, 20}, []int{8, 1}))
	if hp := bf(t, s, "Ann").Body.HP; hp != 15 {
		t.Errorf("Ann springs spikes ×2 on an 8: %d HP, want 20-5", hp)
	}
	mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Geodude"}}, streamWith(t, []int{20, 20}, []int{9, 1}))
	if hp := bf(t, s, "Bo").Body.HP; hp != 20 {
		t.Errorf("spikes ×2 spring on a 9: Bo has %d HP", hp)
	}
	// A defensive action does not spring them; clearing on 11+ removes them.
	mustApply(t, s, cySeat, ClearHazards{}, streamWith(t, []int{20}, []int{11}))
	if len(s.Battle.Hazards) != 0 {
		t.Errorf("hazards left after a clear on 11: %v", s.Battle.Hazards)
	}
	if got := hazardRange(HazardStickyWeb, 3); got != 8 {
		t.Errorf("sticky web ×3 springs on 1-%d, want 1-8", got)
	}
}

func TestGuardBraceDodge(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	mustApply(t, s, boSeat, Guard{Ally: "Ann"}, nil)
	mustApply(t, s, cySeat, Brace{Stat: Defense}, nil)
	mustApply(t, s, cySeat, Dodge{AP: 2}, nil)
	d := mustData(t)
	tackle, _ := d.MoveNamed("Tackle")
	cy, geo := bf(t, s, "Cy"), bf(t, s, "Geodude")
	if got := s.Battle.defender(cy, geo, tackle, false).Mitigation; got != 5 {
		t.Errorf("braced Cy's Defense mitigation = %d, want 1 + 4", got)
	}
	if faces := faceTable(t, s, "Geodude", "Cy", "Tackle"); faces[3] != Miss || faces[4] != Hit {
		t.Errorf("Tackle at Cy dodging with 2 AP: %s, want 1-3 to miss", describeFaces(faces))
	}
	mustApply(t, s, annSeat, EndTurn{}, nil)
	ann, bo := bf(t, s, "Ann"), bf(t, s, "Bo")
	mustApply(t, s, gmSeat, UseMove{Actor: "Geodude", Move: "Tackle", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{10}))
	if ann.Body.HP != ann.Body.MaxHP || bo.Body.HP == bo.Body.MaxHP {
		t.Errorf("Bo guards Ann: Ann %d/%d, Bo %d/%d; want Bo hit", ann.Body.HP, ann.Body.MaxHP, bo.Body.HP, bo.Body.MaxHP)
	}
}

func TestFainting_ReviverSeedNeedsTheOwnersPermission(t *testing.T) {
	give := func(i int, sh *Sheet) {
		if i == 0 {
			sh.Inventory = []string{"Reviver Seed"}
		}
	}
	s := mustBattle(t, Foes, give, geodude)
	mustApply(t, s, gmSeat, Override{Who: "Ann", Field: "hp", Value: 0, Reason: "a rockslide"}, nil)
	ann := bf(t, s, "Ann")
	if !ann.Fainted {
		t.Fatalf("Ann at 0 HP has not fainted")
	}
	endSide(t, s)
	if s.playerPending(annSeat) {
		t.Errorf("fainted Ann may act")
	}
	mustRefuse(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, "has fainted")
	seed := UseItem{Item: "Reviver Seed", On: "Ann", Bag: "Ann"}
	mustRefuse(t, s, boSeat, seed, "has not given permission")
	mustApply(t, s, annSeat, LendBag{Lend: true}, nil)
	mustApply(t, s, boSeat, seed, nil)
	if ann.Fainted || ann.Body.HP != ann.Body.MaxHP || !s.playerPending(annSeat) {
		t.Errorf("revived Ann: fainted %v, %d/%d HP, may act %v; want up, full HP, acting this turn", ann.Fainted, ann.Body.HP, ann.Body.MaxHP, s.playerPending(annSeat))
	}
	if inv := s.member(annSeat).Sheet.Inventory; len(inv) != 0 {
		t.Errorf("the seed is still in Ann's bag: %v", inv)
	}
}

func TestEndOfBattle_FaintedComeBackAtAThird(t *testing.T) {
	s := mustBattle(t, Allies, func(i int, sh *Sheet) {
		if i == 1 {
			sh.Points[HP] = 1 // Bo: 22 max HP
		}
	}, geodude)
	mustApply(t, s, gmSeat, Override{Who: "Bo", Field: "hp", Value: 0, Reason: "a fall"}, nil)
	mustApply(t, s, gmSeat, Override{Who: "Cy", Field: "hp", Value: 9, Reason: "a bruise"}, nil)
	mustApply(t, s, gmSeat, EndBattle{Reason: "the Geodude rolls away"}, nil)
	if s.Battle != nil {
		t.Fatalf("the battle goes on")
	}
	if bo, cy := s.member(boSeat).HP, s.member(cySeat).HP; bo != 7 || cy != 9 {
		t.Errorf("after the battle Bo has %d HP (want 22/3 = 7), Cy %d (want 9)", bo, cy)
	}
	if !strings.Contains(s.Summary, "## Battle") || !strings.Contains(s.Summary, "Bo comes to at 7/22 HP") {
		t.Errorf("the battle summary lacks the heading or the revival:\n%s", s.Summary)
	}
}

func TestLevelUp_ExperienceHPAndPoints(t *testing.T) {
	d := mustData(t)
	sh := SampleSheet(d, "Ann", 0)
	// Levels 5, 6, 7, 8 need 50, 60, 70, 80: 265 is level 9 with 5 over.
	lines := LevelUp(d, sh, 265)
	if sh.Level != 9 || sh.Exp != 5 || len(lines) != 4 {
		t.Fatalf("after 265 XP: level %d, %d XP, %d lines; want 9, 5, 4", sh.Level, sh.Exp, len(lines))
	}
	if !strings.Contains(lines[2], "level 8") || !strings.Contains(lines[2], "1 new stat point") {
		t.Errorf("level 8 brings a stat point: %q", lines[2])
	}
	s := mustTeam(t, nil)
	hp := s.member(annSeat).HP
	mustApply(t, s, gmSeat, Award{Who: "Ann", XP: 265, Reason: "a quest"}, nil)
	m := s.member(annSeat)
	if m.Sheet.Level != 9 || m.HP != hp+1 || unspent(m) != 2 {
		t.Errorf("Ann after 265 XP: level %d, %d HP (was %d), %d points to place; want 9, +1 HP (base 21), 2", m.Sheet.Level, m.HP, hp, unspent(m))
	}
	mustApply(t, s, annSeat, PlacePoint{Stat: HP}, nil)
	if m := s.member(annSeat); m.HP != hp+3 {
		t.Errorf("a point in HP: %d HP, want %d", m.HP, hp+3)
	}
}

func TestRankPromotion_RewardsAndSlots(t *testing.T) {
	s := mustTeam(t, nil)
	mustApply(t, s, gmSeat, Award{RP: 400 + 1200 + 5, XP: 0, Reason: "two quests"}, nil)
	if s.Rank != "Bronze" || s.RankPoints != 5 {
		t.Fatalf("after 1605 RP from Rookie: %s with %d RP, want Bronze with 5", s.Rank, s.RankPoints)
	}
	got := map[string]int{}
	for _, r := range s.Stash {
		got[r.Item] += r.Count
	}
	if got["Blast Seed"] != 4 || got["Sitrus Berry"] != 3 || got["Oran Berry"] != 4 {
		t.Errorf("the stash after Normal and Bronze: %v", s.Stash)
	}
	for _, m := range s.Team {
		if m.Sheet.Rank != "Bronze" {
			t.Errorf("%s's sheet is still %s", m.Sheet.Name, m.Sheet.Rank)
		}
	}
	mustRefuse(t, s, gmSeat, Award{RP: 5}, "a reason")
}

// TestRankPromotion_GoldAndPlatinumGrowStorageAndTheBag: the badge ranks'
// slots reach the sheets at the table: Gold gives 3 storage slots,
// Platinum 5 inventory slots, and the log says so.
func TestRankPromotion_GoldAndPlatinumGrowStorageAndTheBag(t *testing.T) {
	d := mustData(t)
	s := mustTeam(t, nil)
	evs := mustApply(t, s, gmSeat, Award{RP: 400 + 1200 + 2000 + 4000, Reason: "a season of quests"}, nil)
	if s.Rank != "Gold" || !strings.Contains(texts(evs, annSeat), "promoted to Gold Rank: bag 4 slots, storage 3") {
		t.Fatalf("after 7600 RP: %s; log %q", s.Rank, texts(evs, annSeat))
	}
	evs = mustApply(t, s, gmSeat, Award{RP: 5500, Reason: "a legendary rescue"}, nil)
	if s.Rank != "Platinum" || !strings.Contains(texts(evs, annSeat), "promoted to Platinum Rank: bag 5 slots, storage 3") {
		t.Fatalf("after 5500 more RP: %s; log %q", s.Rank, texts(evs, annSeat))
	}
	for _, m := range s.Team {
		der, err := m.Sheet.Derive(d)
		if err != nil {
			t.Fatal(err)
		}
		if der.Inventory != 5 || der.Storage != 3 {
			t.Errorf("%s at Platinum: %d bag and %d storage slots, want 5 and 3", m.Sheet.Name, der.Inventory, der.Storage)
		}
		m.Sheet.Inventory = []string{"Oran Berry", "Oran Berry", "Oran Berry", "Oran Berry", "Oran Berry"}
		if err := m.Sheet.Validate(d); err != nil {
			t.Errorf("%s's five items at Platinum: %v", m.Sheet.Name, err)
		}
	}
}

// TestLeader_TheFirstPlayerLeadsUntilTheGMNamesAnother: the team has one
// leader, the first player's character at first; the GM names another
// member, in the log, and only a member.
func TestLeader_TheFirstPlayerLeadsUntilTheGMNamesAnother(t *testing.T) {
	s := mustTeam(t, nil)
	if v := s.View(boSeat).(*View); v.Leader != "Ann" {
		t.Errorf("the first leader is %q, want Ann", v.Leader)
	}
	mustRefuse(t, s, annSeat, SetLeader{Who: "Ann"}, "only the game master")
	mustRefuse(t, s, gmSeat, SetLeader{Who: "Geodude"}, "not a member of the team")
	evs := mustApply(t, s, gmSeat, SetLeader{Who: "cy"}, nil)
	if v := s.View(annSeat).(*View); v.Leader != "Cy" || !strings.Contains(texts(evs, annSeat), "Cy leads the team.") {
		t.Errorf("after the GM names Cy: leader %q, log %q", v.Leader, texts(evs, annSeat))
	}
}

func TestGMControls_LoggedWithAReason(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	mustRefuse(t, s, gmSeat, SetWeather{Weather: "rain"}, "must give a reason")
	mustRefuse(t, s, annSeat, SetWeather{Weather: "rain", Reason: "x"}, "only the game master")
	mustRefuse(t, s, gmSeat, Override{Who: "Geodude", Field: "speed", Value: 3, Reason: "x"}, "no number")
	evs := mustApply(t, s, gmSeat, Override{Who: "Geodude", Field: "def", Value: 4, Reason: "hard shell"}, nil)
	if got := texts(evs, annSeat); !strings.Contains(got, "def of Geodude → 4 (hard shell)") {
		t.Errorf("the override is not in the players' log: %q", got)
	}
	if log := strings.Join(s.Battle.Log, "\n"); !strings.Contains(log, "def of Geodude → 4 (hard shell)") {
		t.Errorf("the override is not in the battle's log:\n%s", log)
	}
	if n := len(s.GM.Adjustments); n != 1 {
		t.Errorf("%d adjustments recorded, want 1", n)
	}
	mustRefuse(t, s, gmSeat, UseMove{Actor: "Ann", Move: "Growl"}, "its player acts for it")
	mustRefuse(t, s, annSeat, UseMove{Actor: "Bo", Move: "Growl"}, "you act for Ann only")
}

func TestAddFoe_FromTheDataAtALevel(t *testing.T) {
	s := mustTeam(t, nil)
	mustRefuse(t, s, gmSeat, AddFoe{Species: "Missingno", Level: 5}, "no species")
	mustRefuse(t, s, gmSeat, AddFoe{Species: "Geodude", Level: 0}, "1 to 100")
	mustRefuse(t, s, gmSeat, AddFoe{Species: "Geodude", Level: 5, Moves: []string{"Thunderbolt"}}, "cannot learn")
	mustApply(t, s, gmSeat, AddFoe{Species: "Geodude", Level: 30}, nil)
	mustApply(t, s, gmSeat, AddFoe{Species: "Geodude", Level: 30}, nil)
	d := mustData(t)
	row, _ := d.LevelRow(30)
	g := s.Battle.fighter("Geodude 2")
	if g == nil {
		t.Fatalf("the second Geodude is not named Geodude 2")
	}
	total := g.Body.Atk + g.Body.Def + g.Body.SpA + g.Body.SpD + (g.Body.MaxHP-row.HP)/2
	if total+speedPoints(g.Body.AP) < row.Points+1 || g.Body.Def < g.Body.SpD || g.Body.Bonus != row.Bonus {
		t.Errorf("a level-30 Geodude: %+v; want the table's %d points (+1), Defense first, bonus %d", g.Body, row.Points, row.Bonus)
	}
}

// speedPoints is the least Speed points giving ap AP.
func speedPoints(ap int) int {
	for p := 0; p <= 10; p++ {
		if APFromSpeed(p, 0) >= ap {
			return p
		}
	}
	return 10
}

func TestMultiTarget_AtMostThreeAndRoomHittersHitEveryone(t *testing.T) {
	eevee := AddFoe{Species: "Eevee", Level: 5}
	s := mustBattle(t, Allies, func(i int, sh *Sheet) {
		if i == 2 {
			sh.Moves = []string{"Bubble", "Surf"}
		}
	}, eevee, eevee, eevee, eevee)
	all := []string{"Eevee", "Eevee 2", "Eevee 3", "Eevee 4"}
	mustRefuse(t, s, cySeat, UseMove{Move: "Bubble", Targets: all}, "at most 3")
	mustRefuse(t, s, cySeat, UseMove{Move: "Surf", Targets: all[:1]}, "name no targets")
	for _, name := range all {
		mustApply(t, s, gmSeat, Override{Who: name, Field: "stage-eva", Value: -6, Reason: "cornered"}, nil)
	}
	// Surf (a room-hitter) hits all four, each for the damage of a
	// four-opponent attack: 9 less than on one.
	d := mustData(t)
	surf, _ := d.MoveNamed("Surf")
	cy, e := bf(t, s, "Cy"), bf(t, s, "Eevee")
	hp := e.Body.HP
	four := d.Damage(surf, s.Battle.attacker(s.Rules, cy, surf, 4, e), s.Battle.defender(e, cy, surf, false), surf.BP, 1, false)
	one := d.Damage(surf, s.Battle.attacker(s.Rules, cy, surf, 1, e), s.Battle.defender(e, cy, surf, false), surf.BP, 1, false)
	if one-four != 9 && four != 0 {
		t.Fatalf("the multi-target penalty for 4 is %d, want 9", one-four)
	}
	mustApply(t, s, cySeat, UseMove{Move: "Surf"}, streamWith(t, []int{20, 20, 20, 20}, []int{10, 0, 0, 0}))
	for _, name := range all {
		if got := hp - bf(t, s, name).Body.HP; got != four {
			t.Errorf("Surf took %d from %s, want %d (four opponents)", got, name, four)
		}
	}
}

func TestHungryExposedEmbargoPerishing(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	plain := effectOf(t, s, "Cy", "Water Gun", "Geodude")
	applyCond(t, s, "Cy", CondHungry)
	if got := effectOf(t, s, "Cy", "Water Gun", "Geodude"); got != plain-4 {
		t.Errorf("hungry Cy's Water Gun effect = %d, want %d less its 4 AP", got, plain)
	}
	mustApply(t, s, cySeat, UseItem{Item: "Oran Berry"}, nil)
	cy, geo := bf(t, s, "Cy"), bf(t, s, "Geodude")
	if cy.has(CondHungry) {
		t.Errorf("Cy ate a berry and is still hungry")
	}
	geo.Stages = map[string]int{"eva": 2}
	applyCond(t, s, "Geodude", CondExposed)
	d := mustData(t)
	wg, _ := d.MoveNamed("Water Gun")
	if got := s.Battle.defender(geo, cy, wg, false).EvasionStg; got != 0 {
		t.Errorf("exposed Geodude keeps evasion %+d", got)
	}
	applyCond(t, s, "Ann", CondEmbargo)
	mustRefuse(t, s, annSeat, UseItem{Item: "Oran Berry"}, "embargo")
	applyCond(t, s, "Bo", CondPoison)
	applyCond(t, s, "Bo", CondPerishing)
	if bo := bf(t, s, "Bo"); bo.Body.HP != 20-3*2 || bo.has(CondPoison) {
		t.Errorf("perishing poisoned Bo: %d HP, poisoned %v; want 14, cured", bo.Body.HP, bo.has(CondPoison))
	}
}

func TestDisabledEncoreInsomnia(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Bo", Condition: CondDisabled, Reason: "x"}, "no move yet")
	mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Geodude"}}, nil)
	applyCond(t, s, "Bo", CondDisabled)
	mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, nil)
	applyCond(t, s, "Ann", CondEncore)
	endRound(t, s)
	mustRefuse(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Geodude"}}, "Bo's Ember is disabled")
	mustApply(t, s, boSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, nil)
	mustRefuse(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, "Growl only")
	applyCond(t, s, "Geodude", CondInsomnia)
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Cy", Condition: CondSleep, Reason: "x"}, "insomnia")
}
