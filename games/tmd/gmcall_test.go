package tmd

import (
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
)

func TestHealBlock_ItemsHealThroughIt(t *testing.T) {
	for _, item := range []string{"Oran Berry", "Sitrus Berry", "Oran Leaf"} {
		t.Run(item, func(t *testing.T) {
			s := itemBattle(t, item)
			applyCond(t, s, "Ann", CondHealBlock)
			ann := bf(t, s, "Ann")
			ann.Body.HP = 1
			mustApply(t, s, annSeat, UseItem{Item: item}, nil)
			if ann.Body.HP == 1 {
				t.Errorf("%s did not heal Ann under heal block (the text blocks only moves' healing)", item)
			}
		})
	}
}

func TestHealBlock_IQSkillsHealThroughIt(t *testing.T) {
	s := mustBattle(t, Allies, func(i int, sh *Sheet) {
		switch i {
		case 1:
			sh.IQ = []string{"Second Wind"}
		case 2:
			sh.IQ = []string{"Field Medic"}
		}
	}, geodude)
	for _, tc := range []struct {
		skill, who string
		seat       engine.Seat
		a          engine.Action
		heal       int
	}{
		{"Second Wind", "Bo", boSeat, Break{}, SecondWindHeal},
		{"Field Medic", "Ann", cySeat, Guard{Ally: "Ann"}, FieldMedicHeal},
	} {
		applyCond(t, s, tc.who, CondHealBlock)
		f := bf(t, s, tc.who)
		f.Body.HP = 1
		mustApply(t, s, tc.seat, tc.a, nil)
		if f.Body.HP != 1+tc.heal {
			t.Errorf("%s under heal block: %s has %d HP, want %d", tc.skill, tc.who, f.Body.HP, 1+tc.heal)
		}
	}
}

func TestHealBlock_StillStopsMovesHealing(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Bo", CondHealBlock)
	bo := bf(t, s, "Bo")
	bo.Body.HP = 1
	c := &ctx{s: s, b: s.Battle}
	specialStatus["Heal Pulse"](c, bf(t, s, "Ann"), bo)
	if bo.Body.HP != 1 {
		t.Errorf("Heal Pulse healed Bo to %d under heal block", bo.Body.HP)
	}
}

// teach adds moves to a fighter of s's battle.
func teach(tb testing.TB, s *State, name string, moves ...string) *Fighter {
	tb.Helper()
	f := bf(tb, s, name)
	f.Body.Moves = append(f.Body.Moves, moves...)
	return f
}

// untilSide ends turns until it is side's turn.
func untilSide(tb testing.TB, s *State, side Side) {
	tb.Helper()
	for i := 0; s.Battle.Side != side; i++ {
		if i == 2 {
			tb.Fatalf("it never became the %s' turn", side)
		}
		endSide(tb, s)
	}
}

// costOf is what move costs f now.
func costOf(tb testing.TB, s *State, f *Fighter, move string) int {
	tb.Helper()
	m, ok := f.knows(move)
	if !ok {
		tb.Fatalf("%s does not know %s", f.Name, move)
	}
	cost, _ := s.Battle.moveCost(f, m)
	return cost
}

func TestSafeguard_OpponentsStatusMovesCostTwoMoreForARound(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	teach(t, s, "Ann", "Safeguard")
	geo := teach(t, s, "Geodude", "Growl")
	growl, tackle := costOf(t, s, geo, "Growl"), costOf(t, s, geo, "Tackle")
	mustApply(t, s, annSeat, UseMove{Move: "Safeguard"}, nil)
	if !bf(t, s, "Ann").has(CondSafeguard) {
		t.Fatalf("Safeguard did not land on its user")
	}
	endSide(t, s)
	if got := costOf(t, s, geo, "Growl"); got != growl+SafeguardAP {
		t.Errorf("Growl against a safeguard costs %d, want %d", got, growl+SafeguardAP)
	}
	if got := costOf(t, s, geo, "Tackle"); got != tackle {
		t.Errorf("Tackle (not a status move) against a safeguard costs %d, want %d", got, tackle)
	}
	if own := costOf(t, s, bf(t, s, "Ann"), "Safeguard"); own != 4 {
		t.Errorf("the user's own status move costs %d under its safeguard, want 4", own)
	}
	endRound(t, s)
	if got := costOf(t, s, geo, "Growl"); got != growl {
		t.Errorf("a round later Growl costs %d, want %d again", got, growl)
	}
}

func TestSpite_TheLastMoveCostsTwoMoreUntilUsedAgain(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	teach(t, s, "Ann", "Spite")
	mustApply(t, s, annSeat, UseMove{Move: "Spite", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{20}))
	if bf(t, s, "Geodude").has(CondSpited) {
		t.Fatalf("Spite held a move Geodude never used")
	}
	endSide(t, s)
	geo := bf(t, s, "Geodude")
	tackle := costOf(t, s, geo, "Tackle")
	mustApply(t, s, gmSeat, UseMove{Actor: "Geodude", Move: "Tackle", Targets: []string{"Ann"}}, nil)
	untilSide(t, s, Allies)
	mustApply(t, s, annSeat, UseMove{Move: "Spite", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{20}))
	untilSide(t, s, Foes)
	if got := costOf(t, s, geo, "Tackle"); got != tackle+SpiteAP {
		t.Errorf("spited Tackle costs %d, want %d", got, tackle+SpiteAP)
	}
	if sp := geo.cond(CondSpited); sp == nil || sp.Move != "Tackle" {
		t.Fatalf("the spite is %v, want one holding Tackle", sp)
	}
	geo.Turn.Max, geo.Turn.AP = 8, 8 // room for the dearer Tackle
	ap := geo.Turn.AP
	mustApply(t, s, gmSeat, UseMove{Actor: "Geodude", Move: "Tackle", Targets: []string{"Ann"}}, nil)
	if spent := ap - geo.Turn.AP; spent != tackle+SpiteAP {
		t.Errorf("Geodude paid %d AP for its spited Tackle, want %d", spent, tackle+SpiteAP)
	}
	if geo.has(CondSpited) || costOf(t, s, geo, "Tackle") != tackle {
		t.Errorf("the spite lasts after the move was used again")
	}
}

func TestMist_OpponentsCannotLowerTheStagesOfTheUserAndTheAlliesItAdds(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	ann := teach(t, s, "Ann", "Mist")
	ann.Turn.Max, ann.Turn.AP = 8, 8
	ap := ann.Turn.AP
	mustApply(t, s, annSeat, UseMove{Move: "Mist", Targets: []string{"Bo"}}, nil)
	if spent := ap - ann.Turn.AP; spent != 4+ExtraTargetAP {
		t.Errorf("Mist on the user and Bo cost %d AP, want %d", spent, 4+ExtraTargetAP)
	}
	bo, cy, geo := bf(t, s, "Bo"), bf(t, s, "Cy"), bf(t, s, "Geodude")
	if !ann.has(CondMist) || !bo.has(CondMist) || cy.has(CondMist) {
		t.Fatalf("mist on Ann %v, Bo %v, Cy %v; want Ann and Bo only", ann.has(CondMist), bo.has(CondMist), cy.has(CondMist))
	}
	c := testCtx(s)
	for _, f := range []*Fighter{ann, bo, cy} {
		c.stageBy(geo, f, "atk", -1)
	}
	if ann.stage("atk") != 0 || bo.stage("atk") != 0 || cy.stage("atk") != -1 {
		t.Errorf("Geodude's -1 Attack: Ann %d, Bo %d, Cy %d; want 0, 0, -1", ann.stage("atk"), bo.stage("atk"), cy.stage("atk"))
	}
	c.stageBy(ann, bo, "def", -1)
	c.stageBy(geo, bo, "def", 1)
	if bo.stage("def") != 0 {
		t.Errorf("an ally's drop and an opponent's raise on Bo left Defense %+d, want -1+1 = 0", bo.stage("def"))
	}
}

func TestTrickRoom_SpeedStagesCountInvertedWhileItsUserStands(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	ann := teach(t, s, "Ann", "Trick Room")
	bo := bf(t, s, "Bo")
	bo.Stages = map[string]int{"spe": -2}
	slow := s.Battle.maxAP(bo)
	mustApply(t, s, annSeat, UseMove{Move: "Trick Room"}, nil)
	if ann.Turn.Focus != FocusOpponents {
		t.Errorf("Trick Room's focus is %q; the text makes it offensive", ann.Turn.Focus)
	}
	if got := s.Battle.maxAP(bo); got != bo.Body.AP+2 {
		t.Errorf("Bo at -2 Speed under Trick Room has %d max AP, want %d (as at +2); %d without", got, bo.Body.AP+2, slow)
	}
	if v := s.View(boSeat).(*View); v.Battle == nil || v.Battle.TrickRoom != "Ann" {
		t.Errorf("the players' view does not show Ann's Trick Room")
	}
	ann.Fainted = true
	if got := s.Battle.maxAP(bo); got != slow {
		t.Errorf("with Ann fainted Bo has %d max AP, want %d again", got, slow)
	}
}

// moveNamed returns the data's move of that name.
func moveNamed(tb testing.TB, name string) *Move {
	tb.Helper()
	m, err := mustData(tb).MoveNamed(name)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

func TestGuts_AMajorConditionAddsThreeAttackStagesAndBurnDoesNotWeaken(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	bo, geo := bf(t, s, "Bo"), bf(t, s, "Geodude")
	scratch := moveNamed(t, "Scratch")
	calm := s.Battle.attacker(s.Rules, bo, scratch, 1, geo)
	bo.Major = &Cond{Kind: CondBurn}
	burned := s.Battle.attacker(s.Rules, bo, scratch, 1, geo)
	if !burned.Burned || burned.CombatEffect != calm.CombatEffect {
		t.Fatalf("without Guts a burn should weaken Scratch and add nothing: %+v", burned)
	}
	bo.Ability = "Guts"
	guts := s.Battle.attacker(s.Rules, bo, scratch, 1, geo)
	if guts.Burned || guts.CombatEffect != calm.CombatEffect+GutsStages {
		t.Errorf("Guts while burned: burned %v, combat effect %d; want not weakened and %d", guts.Burned, guts.CombatEffect, calm.CombatEffect+GutsStages)
	}
	ember := moveNamed(t, "Ember")
	special := s.Battle.attacker(s.Rules, bo, ember, 1, geo).CombatEffect
	bo.Ability = ""
	if plain := s.Battle.attacker(s.Rules, bo, ember, 1, geo).CombatEffect; special != plain {
		t.Errorf("Guts moved a special move's combat effect: %d, without it %d", special, plain)
	}
	bo.Ability = "Guts"
	bo.Major = nil
	if got := s.Battle.attacker(s.Rules, bo, scratch, 1, geo); got.CombatEffect != calm.CombatEffect {
		t.Errorf("Guts without a major condition: combat effect %d, want %d", got.CombatEffect, calm.CombatEffect)
	}
}

func TestMagicGuard_NoDamageFromIndirectAttacks(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	ann, bo := bf(t, s, "Ann"), bf(t, s, "Bo")
	ann.Ability = "Magic Guard"
	for _, f := range []*Fighter{ann, bo} {
		f.Major = &Cond{Kind: CondBurn}
		f.Minor = append(f.Minor, Cond{Kind: CondSeeded})
	}
	endRound(t, s)
	if ann.Body.HP != ann.Body.MaxHP || bo.Body.HP == bo.Body.MaxHP {
		t.Errorf("a round burned and seeded: Magic Guard Ann %d/%d, Bo %d/%d; want Ann untouched, Bo hurt", ann.Body.HP, ann.Body.MaxHP, bo.Body.HP, bo.Body.MaxHP)
	}
	c := testCtx(s)
	c.layHazard(Allies, HazardSpikes, 3)
	c.d = streamWith(t, []int{20, 20}, []int{1, 1})
	c.springHazards(ann)
	c.springHazards(bo)
	if ann.Body.HP != ann.Body.MaxHP || bo.Body.HP > bo.Body.MaxHP-hazardDamage(3)-1 {
		t.Errorf("spikes: Magic Guard Ann %d/%d, Bo %d/%d; want Ann untouched", ann.Body.HP, ann.Body.MaxHP, bo.Body.HP, bo.Body.MaxHP)
	}
}

func TestMagicGuard_NoRecoil(t *testing.T) {
	s := mustBattle(t, Allies, func(i int, sh *Sheet) {
		if i == 1 {
			sh.Moves = []string{"Flare Blitz"}
		}
	}, geodude)
	bo := bf(t, s, "Bo")
	bo.Ability, bo.Turn.AP, bo.Turn.Max = "Magic Guard", 12, 12
	mustApply(t, s, boSeat, UseMove{Move: "Flare Blitz", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if bo.Body.HP != bo.Body.MaxHP {
		t.Errorf("Magic Guard Bo took recoil: %d/%d HP", bo.Body.HP, bo.Body.MaxHP)
	}
}

func TestShieldDust_KeepsSecondaryEffectsOff(t *testing.T) {
	for _, tc := range []struct {
		name, target, user string
		burned             bool
	}{
		{"no ability", "", "", true},
		{"Shield Dust", "Shield Dust", "", false},
		{"Mold Breaker passes it", "Shield Dust", "Mold Breaker", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mustBattle(t, Allies, nil, geodude)
			bo, geo := bf(t, s, "Bo"), bf(t, s, "Geodude")
			bo.Ability, geo.Ability = tc.user, tc.target
			mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{20}))
			if got := geo.has(CondBurn); got != tc.burned {
				t.Errorf("Ember's d20 of 20 on Geodude (%q) from Bo (%q): burned %v, want %v", tc.target, tc.user, got, tc.burned)
			}
		})
	}
}

// atLevel sets the sheet of seat's member to level lv (points to spare).
func atLevel(tb testing.TB, s *State, seat engine.Seat, lv int) *Sheet {
	tb.Helper()
	m := s.member(seat)
	sh := cloneSheet(m.Sheet)
	sh.Level = lv
	m.Sheet = sh
	return sh
}

func TestEvolve_APlayerEvolvesAtTheListsLevel(t *testing.T) {
	s := mustTeam(t, nil)
	atLevel(t, s, boSeat, 15)
	mustRefuse(t, s, boSeat, Evolve{Into: "Charmeleon"}, "Charmander evolves at level 16; Bo is level 15")
	atLevel(t, s, boSeat, 16)
	mustRefuse(t, s, boSeat, Evolve{Into: "Charizard"}, "Charmander evolves into Charmeleon, not Charizard")
	mustRefuse(t, s, boSeat, Evolve{Who: "Ann", Into: "Raichu"}, "a player evolves only its own character")
	if !slices.Contains(s.Legal(boSeat), engine.Action(Evolve{Into: "Charmeleon"})) {
		t.Errorf("Bo at level 16 is not offered Evolve into Charmeleon: %v", s.Legal(boSeat))
	}
	mustApply(t, s, boSeat, Evolve{Into: "Charmeleon"}, nil)
	sh := s.member(boSeat).Sheet
	if sh.Species != "Charmeleon" || sh.Ability != "Blaze" || sh.Bonus != Speed {
		t.Errorf("Bo evolved into %s with %s, bonus in %s; want Charmeleon, Blaze kept, Speed kept", sh.Species, sh.Ability, sh.Bonus)
	}
	if err := sh.Validate(mustData(t)); err != nil {
		t.Errorf("the evolved sheet is not valid: %v", err)
	}
}

func TestEvolve_OffersTheMovesLearnedOnEvolution(t *testing.T) {
	evo := mustData(t).LevelMoves("Raichu", 0, 0)
	if len(evo) == 0 {
		t.Fatalf("the data gives Raichu no move on evolution; the test needs one")
	}
	s := mustTeam(t, nil)
	mustApply(t, s, gmSeat, Evolve{Who: "Ann", Into: "Raichu", Reason: "a Thunder Stone"}, nil)
	sh := s.memberNamed("Ann").Sheet
	for _, l := range evo {
		if !slices.Contains(sh.Learnable, l.Move) && !slices.Contains(sh.Moves, l.Move) {
			t.Errorf("Raichu's move on evolution %s is not offered: %v", l.Move, sh.Learnable)
		}
	}
	if err := sh.Validate(mustData(t)); err != nil {
		t.Errorf("the evolved sheet with its offer is not valid: %v", err)
	}
	mustApply(t, s, annSeat, LearnMove{Move: evo[0].Move}, nil)
	if !slices.Contains(s.memberNamed("Ann").Sheet.Moves, evo[0].Move) {
		t.Errorf("Ann could not learn %s, offered on evolution", evo[0].Move)
	}
}

func TestEvolve_TheGMEvolvesByItemWithAReason(t *testing.T) {
	s := mustTeam(t, nil)
	mustRefuse(t, s, annSeat, Evolve{Into: "Raichu"}, "the GM evolves it")
	mustRefuse(t, s, gmSeat, Evolve{Who: "Ann", Into: "Raichu"}, "reason")
	mustRefuse(t, s, gmSeat, Evolve{Who: "Ann", Into: "Raichu", Ability: "Blaze", Reason: "a Thunder Stone"}, "Raichu cannot have the ability Blaze")
	mustApply(t, s, gmSeat, Evolve{Who: "Ann", Into: "Alolan Raichu", Reason: "a Thunder Stone"}, nil)
	sh := s.memberNamed("Ann").Sheet
	if sh.Species != "Alolan Raichu" || !slices.Equal(mustSpecies(t, sh.Species).Types, []string{"Electric", "Psychic"}) {
		t.Errorf("Ann is a %s; want an Alolan Raichu (Electric/Psychic)", sh.Species)
	}
	if sh.Ability != "Surge Surfer" {
		t.Errorf("Ann's ability is %s; Static does not fit an Alolan Raichu, so its first (Surge Surfer)", sh.Ability)
	}
}

func TestEvolve_OnlyOutsideBattle(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	atLevel(t, s, boSeat, 16)
	mustRefuse(t, s, boSeat, Evolve{Into: "Charmeleon"}, "outside battle")
}

func mustSpecies(tb testing.TB, name string) *Species {
	tb.Helper()
	sp, err := mustData(tb).SpeciesNamed(name)
	if err != nil {
		tb.Fatal(err)
	}
	return sp
}

func TestAcupressure_ASixSidedDiePicksTheStatRaisedByTwo(t *testing.T) {
	for face, k := range acupressureStats {
		s := mustBattle(t, Allies, nil, geodude)
		ann := teach(t, s, "Ann", "Acupressure")
		mustApply(t, s, annSeat, UseMove{Move: "Acupressure"}, streamWith(t, []int{6}, []int{face + 1}))
		if got := ann.stage(k); got != 2 {
			t.Errorf("Acupressure's d6 of %d: %s stage %+d, want +2 (stages %v)", face+1, k, got, ann.Stages)
		}
	}
}

func TestDragonCheer_CritPlusOneAndTwoForADragonUser(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	ann := teach(t, s, "Ann", "Dragon Cheer")
	ann.Turn.Max, ann.Turn.AP = 8, 8
	mustRefuse(t, s, annSeat, UseMove{Move: "Dragon Cheer", Targets: []string{"Bo", "Cy"}}, "at most 1 ally")
	mustApply(t, s, annSeat, UseMove{Move: "Dragon Cheer", Targets: []string{"Bo"}}, nil)
	if ann.stage("crit") != 1 || bf(t, s, "Bo").stage("crit") != 1 || ann.Turn.AP != 8-4-ExtraTargetAP {
		t.Errorf("Dragon Cheer on Ann and Bo: crit %+d and %+d, %d AP left; want +1, +1, %d", ann.stage("crit"), bf(t, s, "Bo").stage("crit"), ann.Turn.AP, 8-4-ExtraTargetAP)
	}
	ann.Types = []string{"Dragon"}
	endRound(t, s)
	mustApply(t, s, annSeat, UseMove{Move: "Dragon Cheer"}, nil)
	if ann.stage("crit") != 3 {
		t.Errorf("a Dragon user's own Dragon Cheer took its crit stage to %+d, want 1+2", ann.stage("crit"))
	}
}

func TestStockpile_UpToThreeThenSwallowAndSpitUpSpendThem(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	ann := teach(t, s, "Ann", "Stockpile", "Swallow", "Spit Up")
	mustRefuse(t, s, annSeat, UseMove{Move: "Spit Up", Targets: []string{"Geodude"}}, "Spit Up fails without Stockpile")
	c := testCtx(s)
	for range MaxStockpile + 1 {
		stockpile(c, ann, ann)
	}
	if stockpiled(ann) != 3 || ann.stage("def") != 3 || ann.stage("spd") != 3 {
		t.Fatalf("four Stockpiles: %d held, Defense %+d, Special Defense %+d; want 3, +3, +3", stockpiled(ann), ann.stage("def"), ann.stage("spd"))
	}
	if m := s.Battle.asUsed(ann, moveNamed(t, "Spit Up")); m.BP != 3*SpitUpBP {
		t.Errorf("Spit Up on 3 stockpiles has %d BP, want %d", m.BP, 3*SpitUpBP)
	}
	ann.Body.MaxHP, ann.Body.HP = 40, 10
	mustApply(t, s, annSeat, UseMove{Move: "Swallow"}, nil)
	if ann.Body.HP != 10+3*SwallowHeal || stockpiled(ann) != 0 || ann.stage("def") != 0 || ann.stage("spd") != 0 {
		t.Errorf("Swallow on 3 stockpiles: %d HP, %d held, Defense %+d; want %d, 0, 0", ann.Body.HP, stockpiled(ann), ann.stage("def"), 10+3*SwallowHeal)
	}
	stockpile(c, ann, ann)
	endRound(t, s)
	mustApply(t, s, annSeat, UseMove{Move: "Spit Up", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if stockpiled(ann) != 0 || ann.stage("def") != 0 {
		t.Errorf("Spit Up left %d stockpiles, Defense %+d", stockpiled(ann), ann.stage("def"))
	}
}

func TestGeomancy_RaisesSpecialStatsAndSpeedNextRound(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	ann := teach(t, s, "Ann", "Geomancy")
	mustApply(t, s, annSeat, UseMove{Move: "Geomancy"}, nil)
	if ann.stage("spa") != 0 {
		t.Errorf("Geomancy raised Special Attack at once")
	}
	endRound(t, s)
	if ann.stage("spa") != 1 || ann.stage("spd") != 1 || ann.stage("spe") != 1 {
		t.Errorf("the round after Geomancy: %v, want spa, spd and spe +1", ann.Stages)
	}
}

func TestThrash_AnotherMoveWithinThreeRoundsIsDisabled(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	bo := teach(t, s, "Bo", "Thrash")
	mustApply(t, s, boSeat, UseMove{Move: "Thrash", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if !bo.has(CondThrashing) {
		t.Fatalf("Bo is not thrashing after Thrash")
	}
	untilSide(t, s, Foes)
	untilSide(t, s, Allies)
	mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if dis := bo.cond(CondDisabled); dis == nil || dis.Move != "Ember" || bo.has(CondThrashing) {
		t.Errorf("Ember a round after Thrash: disabled %v, thrashing %v; want Ember disabled", dis, bo.has(CondThrashing))
	}

	s = mustBattle(t, Allies, nil, geodude)
	bo = teach(t, s, "Bo", "Thrash")
	mustApply(t, s, boSeat, UseMove{Move: "Thrash", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	for range 4 {
		untilSide(t, s, Foes)
		untilSide(t, s, Allies)
	}
	mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if bo.has(CondDisabled) {
		t.Errorf("Ember 4 rounds after Thrash was disabled")
	}
}

func TestMatBlock_DefensePlusFourForARoundOnElevenOrMoreHalvedInARow(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	ann := teach(t, s, "Ann", MoveMatBlock)
	ann.Turn.Max, ann.Turn.AP = 8, 8
	bo, cy, geo := bf(t, s, "Bo"), bf(t, s, "Cy"), bf(t, s, "Geodude")
	tackle := moveNamed(t, "Tackle")
	before := s.Battle.defender(bo, geo, tackle, false).Mitigation
	special := s.Battle.defender(bo, geo, moveNamed(t, "Ember"), false).Mitigation
	mustApply(t, s, annSeat, UseMove{Move: MoveMatBlock, Targets: []string{"Bo", "Cy"}}, streamWith(t, []int{20}, []int{11}))
	if !bo.has(CondMatBlock) || !cy.has(CondMatBlock) || ann.Turn.AP != 8-4-ExtraTargetAP {
		t.Fatalf("Mat Block on Bo and Cy at 11: blocked %v, %v, %d AP left; want both, %d", bo.has(CondMatBlock), cy.has(CondMatBlock), ann.Turn.AP, 8-4-ExtraTargetAP)
	}
	if got := s.Battle.defender(bo, geo, tackle, false).Mitigation; got != before+MatBlockBonus {
		t.Errorf("Bo's mitigation against Tackle behind a mat block: %d, want %d", got, before+MatBlockBonus)
	}
	if got := s.Battle.defender(bo, geo, moveNamed(t, "Ember"), false).Mitigation; got != special {
		t.Errorf("a mat block moved Bo's mitigation against Ember: %d, want %d", got, special)
	}
	untilSide(t, s, Foes)
	if !bo.has(CondMatBlock) {
		t.Errorf("the mat block does not cover the foes' turn")
	}
	untilSide(t, s, Allies)
	if m := s.Battle.asUsed(ann, moveNamed(t, MoveMatBlock)); m.Hit != 16 {
		t.Errorf("Mat Block used again in a row lands on %d+, want 16+ (half the faces)", m.Hit)
	}
	mustApply(t, s, annSeat, UseMove{Move: MoveMatBlock}, streamWith(t, []int{20}, []int{15}))
	if ann.has(CondMatBlock) {
		t.Errorf("Mat Block in a row landed on a 15")
	}
	untilSide(t, s, Foes)
	if bo.has(CondMatBlock) {
		t.Errorf("the mat block lasts past its round (the allies' next turn)")
	}
}

func TestDrySkin_RainHealsAndTakesWaterMovesSunHurts(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	geo := bf(t, s, "Geodude")
	geo.Ability = "Dry Skin"
	geo.Body.HP = 5
	mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if geo.Body.HP >= 5 && !geo.Fainted {
		t.Fatalf("Water Gun out of rain did not hurt Dry Skin Geodude (%d HP)", geo.Body.HP)
	}
	for _, tc := range []struct {
		weather string
		move    bool
		want    int
	}{
		{WeatherRain, true, 10 + DrySkinAbsorb},
		{WeatherRain, false, 10 + DrySkinHP},
		{WeatherSun, false, 10 - DrySkinHP},
	} {
		s := mustBattle(t, Allies, nil, geodude)
		geo := bf(t, s, "Geodude")
		geo.Ability, geo.Body.HP = "Dry Skin", 10
		mustApply(t, s, gmSeat, SetWeather{Weather: tc.weather, Reason: "a test"}, nil)
		if tc.move {
			mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
		} else {
			endRound(t, s)
		}
		if geo.Body.HP != tc.want {
			t.Errorf("Dry Skin in %s (Water Gun %v): %d HP, want %d", tc.weather, tc.move, geo.Body.HP, tc.want)
		}
	}
}

// TestEnd_AReasonIsTheGMsToGiveOrNot checks that the GM may end a session
// with or without a reason, and that the log says it once either way: the
// offered "end the session" carries none (it once read "The session ends
// (the session is over)").
func TestEnd_AReasonIsTheGMsToGiveOrNot(t *testing.T) {
	for _, c := range []struct{ reason, want string }{{"", "The session ends."}, {"the heroes rest", "The session ends (the heroes rest)."}} {
		s := mustTeam(t, nil)
		evs := mustApply(t, s, gmSeat, End{Reason: c.reason}, nil)
		if got := texts(evs, gmSeat); !strings.Contains(got, c.want) || !s.Ended {
			t.Errorf("end with reason %q: ended %v, log %q, want %q", c.reason, s.Ended, got, c.want)
		}
	}
	s := mustTeam(t, nil)
	if slices.ContainsFunc(s.Legal(gmSeat), func(a engine.Action) bool { e, ok := a.(End); return ok && e.Reason != "" }) {
		t.Error("the GM is offered an end of session with a made-up reason")
	}
}
