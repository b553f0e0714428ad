package tmd

import (
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

func TestAbilityWards_KeepTheirConditionsOff(t *testing.T) {
	for _, tc := range []struct{ ability, cond string }{
		{"Limber", CondParalysis}, {"Insomnia", CondSleep}, {"Vital Spirit", CondSleep}, {"Immunity", CondPoison},
		{"Immunity", CondToxic}, {"Own Tempo", CondConfusion}, {"Magma Armor", CondFreeze}, {"Water Bubble", CondBurn},
		{"Thermal Exchange", CondBurn}, {"Inner Focus", CondFlinch}, {"Oblivious", CondInfatuated},
	} {
		t.Run(tc.ability+" "+tc.cond, func(t *testing.T) {
			s := mustBattle(t, Allies, nil, geodude)
			bf(t, s, "Ann").Ability = tc.ability
			mustRefuse(t, s, gmSeat, SetCondition{Who: "Ann", Condition: tc.cond, By: "Geodude", Reason: "x"}, "Ann's "+tc.ability+" keeps it off")
			applyCond(t, s, "Ann", CondNeutralized)
			mustApply(t, s, gmSeat, SetCondition{Who: "Ann", Condition: tc.cond, By: "Geodude", Reason: "neutralized"}, nil)
		})
	}
}

func TestVeils_CoverTheBearerAndThreeAllies(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	bf(t, s, "Bo").Ability = "Water Veil"
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Cy", Condition: CondBurn, Reason: "x"}, "Bo's Water Veil keeps it off")
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Bo", Condition: CondBurn, Reason: "x"}, "Bo's Water Veil keeps it off")
	applyCond(t, s, "Geodude", CondBurn) // not Bo's ally
	bf(t, s, "Ann").Ability = "Sweet Veil"
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Cy", Condition: CondSleep, Reason: "x"}, "Ann's Sweet Veil")
}

func TestLeafGuard_InHarshSunlightOnly(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	bf(t, s, "Ann").Ability = "Leaf Guard"
	mustApply(t, s, gmSeat, SetWeather{Weather: WeatherSun, Reason: "noon"}, nil)
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Ann", Condition: CondPoison, Reason: "x"}, "Leaf Guard")
	mustApply(t, s, gmSeat, SetWeather{Weather: "clear", Reason: "clouds"}, nil)
	applyCond(t, s, "Ann", CondPoison)
}

func TestAbsorbingAbilities_TakeTheirTypeBeforeTheRoll(t *testing.T) {
	for _, tc := range []struct {
		ability, user, move string
		hp                  int
		stage               string
		by                  int
	}{
		{"Volt Absorb", "Ann", "Thunder Shock", 2, "", 0}, {"Water Absorb", "Cy", "Water Gun", 2, "", 0},
		{"Motor Drive", "Ann", "Thunder Shock", 0, "spe", 1}, {"Well-Baked Body", "Bo", "Ember", 0, "def", 2},
		{"Bulletproof", "Cy", "Water Gun", 0, "", 0}, {"Soundproof", "Ann", "Growl", 0, "", 0},
	} {
		t.Run(tc.ability, func(t *testing.T) {
			s := mustBattle(t, Allies, nil, geodude)
			geo := bf(t, s, "Geodude")
			geo.Ability = tc.ability
			geo.Body.HP = 5
			seat := map[string]engine.Seat{"Ann": annSeat, "Bo": boSeat, "Cy": cySeat}[tc.user]
			d := dice.NewStream(dice.Seed{})
			evs := mustApply(t, s, seat, UseMove{Move: tc.move, Targets: []string{"Geodude"}}, d)
			if d.Len() != 0 {
				t.Errorf("%s on %s rolled %d dice; an absorbed move rolls none", tc.move, tc.ability, d.Len())
			}
			if geo.Body.HP != 5+tc.hp || geo.stage(tc.stage) != tc.by || geo.stage("atk") != 0 {
				t.Errorf("%s after %s: %d HP, stages %v; want %d HP, %s %+d", tc.ability, tc.move, geo.Body.HP, geo.Stages, 5+tc.hp, tc.stage, tc.by)
			}
			if got := texts(evs, annSeat); !strings.Contains(got, "Geodude's "+tc.ability) {
				t.Errorf("the log does not name the ability: %q", got)
			}
		})
	}
}

func TestMoldBreaker_PassesTheTargetsAbility(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	bf(t, s, "Geodude").Ability = "Volt Absorb"
	bf(t, s, "Ann").Ability = "Mold Breaker"
	d := dice.NewStream(dice.Seed{})
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, d)
	if d.Len() == 0 {
		t.Errorf("Mold Breaker's Thunder Shock was absorbed")
	}
}

func TestFlashFire_TakesFireAndFiresUp(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	geo := bf(t, s, "Geodude")
	geo.Ability = "Flash Fire"
	before := effectOf(t, s, "Geodude", "Ember", "Bo")
	mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Geodude"}}, nil)
	if got := effectOf(t, s, "Geodude", "Ember", "Bo"); got != before+FlashFireBonus || !geo.has(CondFlashFire) {
		t.Errorf("after Flash Fire took Ember, Geodude's Fire effect %d, want %d", got, before+FlashFireBonus)
	}
}

func TestPinchAbilities_FiveMoreBelowAThird(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	bo := bf(t, s, "Bo") // Charmander, Blaze
	bo.Body.MaxHP = 21
	full := effectOf(t, s, "Bo", "Ember", "Geodude")
	bo.Body.HP = 7 // a third exactly: not below
	if got := effectOf(t, s, "Bo", "Ember", "Geodude"); got != full {
		t.Errorf("Blaze at 7/21 HP: effect %d, want %d", got, full)
	}
	bo.Body.HP = 6
	if got := effectOf(t, s, "Bo", "Ember", "Geodude"); got != full+PinchBonus {
		t.Errorf("Blaze at 6/21 HP: effect %d, want %d", got, full+PinchBonus)
	}
	if got := effectOf(t, s, "Bo", "Scratch", "Geodude"); got != effectOfFull(t, s, "Scratch") {
		t.Errorf("Blaze boosts a Normal move")
	}
}

// effectOfFull is Bo's effect with move at full HP.
func effectOfFull(t *testing.T, s *State, move string) int {
	t.Helper()
	bo := bf(t, s, "Bo")
	hp := bo.Body.HP
	bo.Body.HP = bo.Body.MaxHP
	defer func() { bo.Body.HP = hp }()
	return effectOf(t, s, "Bo", move, "Geodude")
}

func TestTechnicianSandForceAndAuras(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	ts := effectOf(t, s, "Ann", "Thunder Shock", "Geodude") // 4 BP
	tb := effectOf(t, s, "Ann", "Thunderbolt", "Geodude")   // 9 BP
	bf(t, s, "Ann").Ability = "Technician"
	if got, got2 := effectOf(t, s, "Ann", "Thunder Shock", "Geodude"), effectOf(t, s, "Ann", "Thunderbolt", "Geodude"); got != ts+TechnicianBonus || got2 != tb {
		t.Errorf("Technician: Thunder Shock %d (want %d), Thunderbolt %d (want %d)", got, ts+TechnicianBonus, got2, tb)
	}
	rs := effectOf(t, s, "Geodude", "Rock Throw", "Ann")
	bf(t, s, "Geodude").Ability = "Sand Force"
	mustApply(t, s, gmSeat, SetWeather{Weather: WeatherSand, Reason: "wind"}, nil)
	if got := effectOf(t, s, "Geodude", "Rock Throw", "Ann"); got != rs+AbilityBonus {
		t.Errorf("Sand Force in a sandstorm: %d, want %d", got, rs+AbilityBonus)
	}
	bite := effectOf(t, s, "Ann", "Bite", "Geodude")
	bf(t, s, "Geodude").Ability = "Dark Aura"
	if got := effectOf(t, s, "Ann", "Bite", "Geodude"); got != bite+AbilityBonus {
		t.Errorf("Dark Aura on the field: Ann's Bite %d, want %d", got, bite+AbilityBonus)
	}
}

func TestThickFat_CutsFireAndIce(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	d := mustData(t)
	ember, _ := d.MoveNamed("Ember")
	tackle, _ := d.MoveNamed("Tackle")
	geo, bo := bf(t, s, "Geodude"), bf(t, s, "Bo")
	mitE, mitT := s.Battle.defender(geo, bo, ember, false).Mitigation, s.Battle.defender(geo, bo, tackle, false).Mitigation
	geo.Ability = "Thick Fat"
	if got := s.Battle.defender(geo, bo, ember, false).Mitigation; got != mitE+AbilityBonus {
		t.Errorf("Thick Fat against Ember: mitigation %d, want %d", got, mitE+AbilityBonus)
	}
	if got := s.Battle.defender(geo, bo, tackle, false).Mitigation; got != mitT {
		t.Errorf("Thick Fat against Tackle: mitigation %d, want %d", got, mitT)
	}
}

func TestIntimidate_LowersEachOpponentsAttack(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	bf(t, s, "Bo").Ability = "Inner Focus"
	bf(t, s, "Cy").Ability = "Guard Dog"
	evs := mustApply(t, s, gmSeat, AddFoe{Species: "Ekans", Level: 6}, nil)
	if a, b, c := bf(t, s, "Ann").stage("atk"), bf(t, s, "Bo").stage("atk"), bf(t, s, "Cy").stage("atk"); a != -1 || b != 0 || c != 1 {
		t.Errorf("after Ekans's Intimidate: Ann %+d, Bo (Inner Focus) %+d, Cy (Guard Dog) %+d; want -1, 0, +1\n%s", a, b, c, texts(evs, annSeat))
	}
	if bf(t, s, "Geodude").stage("atk") != 0 {
		t.Errorf("Intimidate lowered an ally of Ekans")
	}
}

func TestEntryAbilities_LevitateSandStreamHugePower(t *testing.T) {
	s := mustBattle(t, Allies, nil, AddFoe{Species: "Gastly", Level: 6}, AddFoe{Species: "Tyranitar", Level: 6},
		AddFoe{Species: "Azurill", Level: 10}, AddFoe{Species: "Azurill", Level: 10, Ability: "huge power"})
	if g := bf(t, s, "Gastly"); !g.has(CondRaised) {
		t.Errorf("Levitate: Gastly is not raised")
	}
	endRound(t, s)
	endRound(t, s)
	endRound(t, s)
	endRound(t, s)
	endRound(t, s)
	if !bf(t, s, "Gastly").has(CondRaised) {
		t.Errorf("Levitate's raise wore off after five rounds")
	}
	if s.Battle.Weather != WeatherSand {
		t.Errorf("Sand Stream: weather %q", s.Battle.Weather)
	}
	plain, huge := bf(t, s, "Azurill").Body, bf(t, s, "Azurill 2").Body
	if huge.Atk != plain.Atk+3 || huge.SpA != max(0, plain.SpA-3) {
		t.Errorf("Huge Power: Atk %d SpA %d, plain Azurill %d %d", huge.Atk, huge.SpA, plain.Atk, plain.SpA)
	}
	mustRefuse(t, s, gmSeat, AddFoe{Species: "Gastly", Level: 6, Ability: "Intimidate"}, "cannot have the ability Intimidate")
}

func TestIQSkills_AtTheTable(t *testing.T) {
	s := mustBattle(t, Allies, func(i int, sh *Sheet) {
		switch i {
		case 0:
			sh.IQ = []string{"Aggressor", "Wise Healer"}
		case 1:
			sh.IQ = []string{"Cold-Blooded", "Second Wind"}
			sh.Inventory = []string{"Iron Thorn"}
		case 2:
			sh.IQ = []string{"Field Medic", "Power Pitcher"}
			sh.Inventory = []string{"Iron Thorn"}
		}
	}, geodude)
	ann := bf(t, s, "Ann")
	plain := mustBattle(t, Allies, nil, geodude)
	pa := bf(t, plain, "Ann").Body
	if ann.Body.Atk != pa.Atk+1 || ann.Body.SpA != pa.SpA+1 || ann.Body.Def != max(0, pa.Def-1) {
		t.Errorf("Aggressor: Ann's Atk %d SpA %d Def %d; without it %d %d %d", ann.Body.Atk, ann.Body.SpA, ann.Body.Def, pa.Atk, pa.SpA, pa.Def)
	}
	ann.Body.HP = 1
	mustApply(t, s, annSeat, UseItem{Item: "Oran Berry"}, nil)
	if ann.Body.HP != 1+10+WiseHealerBonus {
		t.Errorf("Wise Healer's Oran Berry: %d HP, want %d", ann.Body.HP, 1+10+WiseHealerBonus)
	}
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Bo", Condition: CondBurn, Reason: "x"}, "Bo's Cold-Blooded keeps it off")
	bo := bf(t, s, "Bo")
	bo.Body.HP = 1
	mustApply(t, s, boSeat, Break{}, nil)
	if bo.Body.HP != 1+SecondWindHeal {
		t.Errorf("Second Wind: Bo has %d HP after a break, want %d", bo.Body.HP, 1+SecondWindHeal)
	}
	geo := bf(t, s, "Geodude")
	hp := geo.Body.HP
	mustApply(t, s, cySeat, UseItem{Item: "Iron Thorn", On: "Geodude"}, nil)
	if got := hp - geo.Body.HP; got != 6+PowerPitcherBonus {
		t.Errorf("Power Pitcher's Iron Thorn took %d, want %d", got, 6+PowerPitcherBonus)
	}
	endRound(t, s)
	ann.Body.HP = 1
	mustApply(t, s, cySeat, Guard{Ally: "Ann"}, nil)
	if ann.Body.HP != 1+FieldMedicHeal {
		t.Errorf("Field Medic: guarded Ann has %d HP, want %d", ann.Body.HP, 1+FieldMedicHeal)
	}
}

func TestSummoningAbilities_OnceABattleForNoAP(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	ann := bf(t, s, "Ann")
	mustRefuse(t, s, annSeat, UseAbility{}, "not one used at will")
	ann.Ability = "Drizzle"
	if !hasAction(s.Legal(annSeat), UseAbility{}) {
		t.Errorf("Ann is not offered her Drizzle")
	}
	mustApply(t, s, annSeat, UseAbility{}, nil)
	if s.Battle.Weather != WeatherRain || ann.Turn.AP != ann.Turn.Max || ann.Turn.Focus != "" {
		t.Errorf("Drizzle: weather %q, %d of %d AP, focus %q; want rain, no AP, no focus", s.Battle.Weather, ann.Turn.AP, ann.Turn.Max, ann.Turn.Focus)
	}
	mustRefuse(t, s, annSeat, UseAbility{}, "once a battle")
	bo := bf(t, s, "Bo")
	bo.Ability = "Grassy Surge"
	applyCond(t, s, "Bo", CondNeutralized)
	mustRefuse(t, s, boSeat, UseAbility{}, "neutralized")
	mustApply(t, s, gmSeat, SetCondition{Who: "Bo", Condition: CondNeutralized, Remove: true, Reason: "x"}, nil)
	mustApply(t, s, boSeat, UseAbility{}, nil)
	if s.Battle.Terrain != TerrainGrassy || s.Battle.TerrainTurns != TerrainLength {
		t.Errorf("Grassy Surge: %q for %d turns", s.Battle.Terrain, s.Battle.TerrainTurns)
	}
}

func TestHiddenFoesAbility_NotShownToPlayers(t *testing.T) {
	s := mustTeam(t, nil)
	mustApply(t, s, gmSeat, AddFoe{Species: "Azurill", Level: 10, Ability: "Huge Power", Hidden: true}, nil)
	evs := mustApply(t, s, gmSeat, StartBattle{First: Allies}, nil)
	if got := texts(evs, annSeat); strings.Contains(got, "Attack +3") {
		t.Errorf("the players are told a hidden foe's points:\n%s", got)
	}
	if got := texts(evs, gmSeat); !strings.Contains(got, "Attack +3") {
		t.Errorf("the GM is not told Huge Power's points:\n%s", got)
	}
	find := func(seat engine.Seat) FighterView {
		for _, f := range s.View(seat).(*View).Battle.Fighters {
			if f.Name == "Azurill" {
				return f
			}
		}
		t.Fatalf("no Azurill in the view")
		return FighterView{}
	}
	if a, g := find(annSeat).Ability, find(gmSeat).Ability; a != "" || g != "Huge Power" {
		t.Errorf("Azurill's ability in Ann's view %q, the GM's %q; want none, Huge Power", a, g)
	}
}

func TestOdds_ShowAnAbilityThatTakesTheMove(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	bf(t, s, "Geodude").Ability = "Volt Absorb"
	for _, o := range s.View(annSeat).(*View).Battle.Odds {
		if o.Move == "Thunder Shock" && o.Target == "Geodude" {
			if !strings.HasPrefix(o.Hit, "0 ") || len(o.Damage) != 0 || !strings.Contains(o.Note, "Volt Absorb") {
				t.Errorf("odds of Thunder Shock on a Volt Absorb Geodude: %+v", o)
			}
			return
		}
	}
	t.Errorf("no odds for Thunder Shock on Geodude")
}

func TestDeterminize_DrawsAHiddenFoesAbilityAgain(t *testing.T) {
	states := map[string]*State{}
	for _, ab := range []string{"Thick Fat", "Huge Power"} {
		s := mustTeam(t, nil)
		mustApply(t, s, gmSeat, AddFoe{Species: "Azurill", Level: 10, Ability: ab, Hidden: true}, nil)
		mustApply(t, s, gmSeat, StartBattle{First: Allies}, nil)
		states[ab] = s
	}
	for seed := range byte(8) {
		a := states["Thick Fat"].Determinize(annSeat, dice.NewStream(dice.Seed{seed})).(*State)
		b := states["Huge Power"].Determinize(annSeat, dice.NewStream(dice.Seed{seed})).(*State)
		fa, fb := a.Battle.fighter("Azurill"), b.Battle.fighter("Azurill")
		if fa.Ability != fb.Ability {
			t.Errorf("seed %d: Ann's determinized Azurill has %s or %s, by its true ability", seed, fa.Ability, fb.Ability)
		}
	}
}

func TestDropProofAbilities_KeepOpponentsDropsOff(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	geo := bf(t, s, "Geodude")
	geo.Ability = "Hyper Cutter"
	mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{20}))
	mustApply(t, s, cySeat, UseMove{Move: "Tail Whip", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{20}))
	if geo.stage("atk") != 0 || geo.stage("def") != -1 {
		t.Errorf("Hyper Cutter: Geodude's stages %v after Growl and Tail Whip; want atk 0, def -1", geo.Stages)
	}
	endRound(t, s)
	geo.Stages, geo.Ability = nil, "Clear Body"
	mustApply(t, s, cySeat, UseMove{Move: "Tail Whip", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{20}))
	if len(geo.Stages) != 0 {
		t.Errorf("Clear Body: Geodude's stages %v after Tail Whip", geo.Stages)
	}
	geo.Ability = "Defiant"
	mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{20}))
	if geo.stage("atk") != 1 {
		t.Errorf("Defiant: Geodude's Attack stage %+d after Growl, want -1 then +2 = +1", geo.stage("atk"))
	}
}

func TestKeenEye_IgnoresEvasionIncreases(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	d := mustData(t)
	ts, _ := d.MoveNamed("Thunder Shock")
	geo, ann := bf(t, s, "Geodude"), bf(t, s, "Ann")
	geo.Stages = map[string]int{"eva": 2}
	ann.Ability = "Keen Eye"
	if got := s.Battle.defender(geo, ann, ts, false).EvasionStg; got != 0 {
		t.Errorf("Keen Eye meets evasion %+d, want 0", got)
	}
	geo.Stages = map[string]int{"eva": -2}
	if got := s.Battle.defender(geo, ann, ts, false).EvasionStg; got != -2 {
		t.Errorf("Keen Eye meets lowered evasion %+d, want -2", got)
	}
}

func TestSetAbility_TheGMGivesAnotherAbility(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	mustRefuse(t, s, gmSeat, SetAbility{Who: "Ann", Ability: "Limber"}, "a reason")
	mustRefuse(t, s, annSeat, SetAbility{Who: "Ann", Ability: "Limber", Reason: "x"}, "only the game master")
	mustRefuse(t, s, gmSeat, SetAbility{Who: "Ann", Ability: "Nonsense", Reason: "x"}, "no ability Nonsense")
	evs := mustApply(t, s, gmSeat, SetAbility{Who: "Ann", Ability: "limber", Reason: "Skill Swap"}, nil)
	if got := texts(evs, boSeat); !strings.Contains(got, "Ann's ability → Limber (Skill Swap)") {
		t.Errorf("the change is not told: %q", got)
	}
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Ann", Condition: CondParalysis, Reason: "x"}, "Limber")
	mustApply(t, s, gmSeat, Override{Who: "Ann", Field: "spe", Value: 7, Reason: "Chlorophyll"}, nil)
	if got := bf(t, s, "Ann").Body.Spe; got != 7 {
		t.Errorf("spe override: %d, want 7", got)
	}
}

func TestSturdy_HangsOnFromFullHP(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	geo := bf(t, s, "Geodude")
	geo.Ability = "Sturdy"
	geo.Body.MaxHP, geo.Body.HP = 3, 3
	mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if geo.Fainted || geo.Body.HP != 1 {
		t.Fatalf("Sturdy at full HP: fainted %v, %d HP; want standing at 1", geo.Fainted, geo.Body.HP)
	}
	endRound(t, s)
	mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if !geo.Fainted {
		t.Errorf("Sturdy below full HP still hangs on: %d HP", geo.Body.HP)
	}
}

func TestRockHead_NoRecoil(t *testing.T) {
	for _, tc := range []struct {
		ability string
		recoil  bool
	}{{"Blaze", true}, {"Rock Head", false}} {
		s := mustBattle(t, Allies, func(i int, sh *Sheet) {
			if i == 1 {
				sh.Moves = []string{"Flare Blitz"}
			}
		}, geodude)
		bo := bf(t, s, "Bo")
		bo.Ability, bo.Turn.AP, bo.Turn.Max = tc.ability, 12, 12
		mustApply(t, s, boSeat, UseMove{Move: "Flare Blitz", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
		if hurt := bo.Body.HP < bo.Body.MaxHP; hurt != tc.recoil {
			t.Errorf("%s: Bo at %d/%d HP after Flare Blitz; recoil %v, want %v", tc.ability, bo.Body.HP, bo.Body.MaxHP, hurt, tc.recoil)
		}
	}
}

func TestWeatherProofAbilities(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	mustApply(t, s, gmSeat, SetWeather{Weather: WeatherSand, Reason: "wind"}, nil)
	bf(t, s, "Ann").Ability = "Sand Veil"
	endRound(t, s)
	if ann, bo := bf(t, s, "Ann"), bf(t, s, "Bo"); ann.Body.HP != ann.Body.MaxHP || bo.Body.HP != bo.Body.MaxHP-1 {
		t.Errorf("a sandstorm round: Sand Veil Ann %d/%d, Bo %d/%d; want Ann untouched, Bo -1", ann.Body.HP, ann.Body.MaxHP, bo.Body.HP, bo.Body.MaxHP)
	}
	mustApply(t, s, gmSeat, SetWeather{Weather: WeatherSnow, Reason: "cold"}, nil)
	bf(t, s, "Ann").Ability = "Overcoat"
	if ann, bo := s.Battle.maxAP(bf(t, s, "Ann")), s.Battle.maxAP(bf(t, s, "Bo")); ann != 5 || bo != 3 {
		t.Errorf("snow: Overcoat Ann %d AP, Bo %d; want 5, 3", ann, bo)
	}
}
