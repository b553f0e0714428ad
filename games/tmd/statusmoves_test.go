package tmd

import (
	"testing"

	"tabletop/dice"
)

// testCtx is an Apply under way on s, for calling the rules directly.
func testCtx(s *State) *ctx { return &ctx{s: s, b: s.Battle, d: dice.NewStream(dice.Seed{})} }

func TestStageSwaps_HazeTopsyTurvyPsychUpAndTheSwaps(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	ann, geo := bf(t, s, "Ann"), bf(t, s, "Geodude")
	set := func() {
		ann.Stages = map[string]int{"atk": 2, "def": -1}
		geo.Stages = map[string]int{"spa": 3, "spd": -2, "spe": 1}
	}
	c := testCtx(s)
	for _, tc := range []struct {
		move     string
		ann, geo map[string]int
	}{
		{"Haze", nil, nil},
		{"Topsy Turvy", map[string]int{"atk": 2, "def": -1}, map[string]int{"spa": -3, "spd": 2, "spe": -1}},
		{"Psych Up", map[string]int{"spa": 3, "spd": -2, "spe": 1}, map[string]int{"spa": 3, "spd": -2, "spe": 1}},
		{"Heart Swap", map[string]int{"spa": 3, "spd": -2, "spe": 1}, map[string]int{"atk": 2, "def": -1}},
		{"Power Swap", map[string]int{"spa": 3, "def": -1}, map[string]int{"atk": 2, "spd": -2, "spe": 1}},
		{"Guard Swap", map[string]int{"atk": 2, "spd": -2}, map[string]int{"spa": 3, "def": -1, "spe": 1}},
	} {
		set()
		specialStatus[tc.move](c, ann, geo)
		if !sameStages(ann.Stages, tc.ann) || !sameStages(geo.Stages, tc.geo) {
			t.Errorf("Ann's %s on Geodude: Ann %v, Geodude %v; want %v and %v", tc.move, ann.Stages, geo.Stages, tc.ann, tc.geo)
		}
	}
}

func sameStages(a, b map[string]int) bool {
	for _, k := range stageKeys {
		if a[k] != b[k] {
			return false
		}
	}
	return true
}

func TestSelfStatusMoves_BellyDrumRestSoakAndTheCures(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	c := testCtx(s)
	ann, bo, geo := bf(t, s, "Ann"), bf(t, s, "Bo"), bf(t, s, "Geodude")
	ann.Body.HP, ann.Body.MaxHP = 20, 20
	specialStatus["Belly Drum"](c, ann, ann)
	if ann.stage("atk") != 6 || ann.Body.HP != 10 {
		t.Errorf("Belly Drum: Attack %+d at %d/20 HP, want +6 at 10", ann.stage("atk"), ann.Body.HP)
	}
	specialStatus["Belly Drum"](c, ann, ann)
	if ann.Body.HP != 10 {
		t.Errorf("Belly Drum at half HP cost %d more", 10-ann.Body.HP)
	}
	specialStatus["Rest"](c, ann, ann)
	if ann.Body.HP != 20 || c.b.cannotAct(ann) != "is resting" {
		t.Errorf("Rest: %d/20 HP, cannot act: %q; want 20 and resting", ann.Body.HP, c.b.cannotAct(ann))
	}
	specialStatus["Soak"](c, ann, geo)
	if len(geo.Types) != 1 || geo.Types[0] != "Water" {
		t.Errorf("Soak made Geodude %v, want Water", geo.Types)
	}
	applyCond(t, s, "Bo", CondSleep)
	specialStatus["Refresh"](c, bo, bo)
	if !bo.has(CondSleep) {
		t.Errorf("Refresh cured sleep; it cures poison, burn and paralysis")
	}
	specialStatus["Heal Bell"](c, bo, bo)
	if bo.has(CondSleep) {
		t.Errorf("Heal Bell left Bo asleep")
	}
}

func TestAimStatusMoves_LaserFocusLockOnAndTaunt(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	c := testCtx(s)
	ann, geo := bf(t, s, "Ann"), bf(t, s, "Geodude")
	c.inflict(ann, CondLaserFocus)
	if faces := faceTable(t, s, "Ann", "Geodude", "Thunder Shock"); faces[10] != Crit {
		t.Errorf("under laser focus Thunder Shock on a 10 is %s, want a crit", faces[10])
	}
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, nil)
	if ann.has(CondLaserFocus) {
		t.Errorf("Ann's laser focus outlasts her next move")
	}
	geo.Stages = map[string]int{"eva": 6}
	specialStatus["Lock-On"](c, ann, geo)
	if faces := faceTable(t, s, "Ann", "Geodude", "Thunder Shock"); faces[5] == Miss {
		t.Errorf("locked on, Ann's Thunder Shock still misses Geodude at +6 evasion on a 5")
	}
	untilTurn(t, s, 2, Allies)
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, nil)
	if ann.has(CondLockedOn) {
		t.Errorf("Ann's lock-on outlasts her next move")
	}
	c.inflict(ann, CondTaunted)
	d := mustData(t)
	growl, _ := d.MoveNamed("Growl")
	if cost, _ := s.Battle.moveCost(ann, growl); cost != growl.AP+TauntAP {
		t.Errorf("taunted, Growl costs Ann %d AP, want %d", cost, growl.AP+TauntAP)
	}
}

func TestSwaggerAndFlatter_ConfuseAndRaise(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Snorlax", Level: 6, Moves: []string{"Swagger"}})
	mustApply(t, s, gmSeat, UseMove{Actor: "Snorlax", Move: "Swagger", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{15}))
	if ann := bf(t, s, "Ann"); !ann.has(CondConfusion) || ann.stage("atk") != 2 {
		t.Errorf("Swagger on Ann: confused %v, Attack %+d; want confused and +2", ann.has(CondConfusion), ann.stage("atk"))
	}
}

func TestMiracleEyeAndOdorSleuth_IgnoreEvasionAndImmunities(t *testing.T) {
	s := mustBattle(t, Allies, nil, AddFoe{Species: "Gastly", Level: 6, Moves: []string{"Lick"}})
	g := bf(t, s, "Gastly")
	g.Stages = map[string]int{"eva": 6}
	d := mustData(t)
	shock, _ := d.MoveNamed("Thunder Shock")
	applyCond(t, s, "Gastly", CondMiracleEye)
	if eva := s.Battle.defender(g, bf(t, s, "Ann"), shock, false).EvasionStg; eva != 0 {
		t.Errorf("miracle-eyed Gastly keeps %+d evasion", eva)
	}
	kick, _ := d.MoveNamed("Low Kick")
	applyCond(t, s, "Gastly", CondExposed)
	if got := d.Effectiveness("Fighting", g.typesAgainst(kick)...); got == 0 {
		t.Errorf("exposed (Odor Sleuth) Gastly is still immune to Fighting moves")
	}
	if statusEffects["Odor Sleuth"].cond != CondExposed || statusEffects["Miracle Eye"].cond != CondMiracleEye {
		t.Errorf("Odor Sleuth and Miracle Eye do not give exposed and miracle eye")
	}
}

func TestHealingMoves_HealTheirTargetNotTheUser(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	c := testCtx(s)
	ann, bo := bf(t, s, "Ann"), bf(t, s, "Bo")
	for _, f := range []*Fighter{ann, bo} {
		f.Body.HP, f.Body.MaxHP = 10, 30
	}
	d := mustData(t)
	floral, _ := d.MoveNamed("Floral Healing")
	if used := s.Battle.asUsed(ann, floral); floral.Heal == 0 || used.Heal != 0 || used.Target != TargetAlly {
		t.Errorf("Floral Healing (data heal %d) as used heals its user %d and aims at %q; want 0 and allies", floral.Heal, used.Heal, used.Target)
	}
	specialStatus["Heal Pulse"](c, ann, bo)
	if bo.Body.HP != 14 || ann.Body.HP != 10 {
		t.Errorf("Ann's Heal Pulse on Bo: Ann %d, Bo %d HP; want 10 and 14", ann.Body.HP, bo.Body.HP)
	}
	mustApply(t, s, gmSeat, SetTerrain{Terrain: TerrainGrassy, Reason: "a meadow"}, nil)
	specialStatus["Floral Healing"](c, ann, bo)
	if bo.Body.HP != 20 {
		t.Errorf("Floral Healing on Grassy Terrain took Bo to %d HP, want 20 (6 more)", bo.Body.HP)
	}
	applyCond(t, s, "Bo", CondBurn)
	specialStatus["Purify"](c, ann, bo)
	if bo.has(CondBurn) || ann.Body.HP != 14 {
		t.Errorf("Purify on burned Bo: burned %v, Ann at %d HP; want cured and 14", bo.has(CondBurn), ann.Body.HP)
	}
	specialStatus["Healing Wish"](c, ann, bo)
	if bo.Body.HP != 30 || !ann.Fainted {
		t.Errorf("Healing Wish: Bo at %d/30, Ann fainted %v; want full and fainted", bo.Body.HP, ann.Fainted)
	}
}

func TestAllyMoves_ReachOneFighterUnlessTheListSaysMore(t *testing.T) {
	s := mustBattle(t, Allies, func(i int, sh *Sheet) {
		if i == 1 {
			sh.Moves = []string{"Swords Dance", "Growl"}
		}
	}, geodude)
	mustRefuse(t, s, boSeat, UseMove{Move: "Swords Dance", Targets: []string{"Bo", "Ann"}}, "reaches one fighter")
}
