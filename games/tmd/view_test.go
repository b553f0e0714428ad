package tmd

import (
	"encoding/json"
	"strings"
	"testing"

	"tabletop/engine"
)

var oddish = AddFoe{Species: "Oddish", Level: 6, Moves: []string{"Absorb"}, Hidden: true}

// oddsFor returns seat's odds of move against target, or fails.
func oddsFor(t *testing.T, s *State, seat int, move, target string) Odds {
	t.Helper()
	v := s.View(testPlayers[seat]).(*View)
	if v.Battle == nil {
		t.Fatalf("no battle in the view")
	}
	for _, o := range v.Battle.Odds {
		if o.Move == move && o.Target == target {
			return o
		}
	}
	t.Fatalf("no odds of %s at %s in %+v", move, target, v.Battle.Odds)
	return Odds{}
}

func TestOdds_ExactChancesAgainstEachTarget(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude, oddish)
	o := oddsFor(t, s, 2, "Water Gun", "Geodude")
	// Water Gun hits on 2-20 and crits on 20; 4 BP + 1 STAB, ×4 on Rock/Ground
	// (+6 at 4 AP): 11, and 11 + 4 AP on a crit.
	dmg, _ := json.Marshal(o.Damage)
	if o.Hit != "19/20 (95.0%)" || o.Crit != "1/20 (5.0%)" || o.Partial ||
		string(dmg) != `[{"damage":11,"p":"9/10 (90.0%)"},{"damage":15,"p":"1/20 (5.0%)"}]` {
		t.Errorf("Cy's Water Gun at Geodude: %+v %s", o, dmg)
	}
	// A lowered evasion makes a 1 hit too.
	bf(t, s, "Geodude").Stages = map[string]int{"eva": -1}
	if o := oddsFor(t, s, 2, "Water Gun", "Geodude"); o.Hit != "1 (100.0%)" {
		t.Errorf("at -1 evasion Water Gun hits with %s, want certainly", o.Hit)
	}
}

func TestOdds_HiddenFoeGivesNothingAway(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude, oddish)
	o := oddsFor(t, s, 2, "Water Gun", "Oddish")
	if !o.Partial {
		t.Errorf("odds at a hidden foe are not marked before its defence")
	}
	before, _ := json.Marshal(s.View(cySeat))
	odd := bf(t, s, "Oddish")
	odd.Body.SpD, odd.Body.Def, odd.Body.AP, odd.Body.HP, odd.Body.Level = 7, 6, 7, 3, 40
	after, _ := json.Marshal(s.View(cySeat))
	if string(before) != string(after) {
		t.Errorf("Cy's view changed with the hidden foe's numbers")
	}
	if strings.Contains(string(after), `"spd":7`) {
		t.Errorf("Cy's view shows the hidden Special Defense")
	}
	// The GM's does, and a revealed foe's defence counts.
	if gm, _ := json.Marshal(s.View(gmSeat)); !strings.Contains(string(gm), `"spd":7`) {
		t.Errorf("the GM's view lacks the foe's numbers")
	}
	mustApply(t, s, gmSeat, Reveal{Foe: "Oddish"}, nil)
	if o := oddsFor(t, s, 2, "Water Gun", "Oddish"); o.Partial || o.Damage[0].Damage != 0 {
		t.Errorf("revealed, 7 Special Defense: Water Gun's least damage is %d (partial %v), want 0", o.Damage[0].Damage, o.Partial)
	}
}

func TestSecondaryEffects_LandOnTheirFaces(t *testing.T) {
	s := mustBattle(t, Allies, nil, AddFoe{Species: "Eevee", Level: 5})
	// Ember burns on 19-20 (10%).
	mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Eevee"}}, streamWith(t, []int{20}, []int{18}))
	if bf(t, s, "Eevee").has(CondBurn) {
		t.Fatalf("Ember burned on an 18")
	}
	s = mustBattle(t, Allies, nil, AddFoe{Species: "Eevee", Level: 5})
	mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Eevee"}}, streamWith(t, []int{20}, []int{19}))
	if !bf(t, s, "Eevee").has(CondBurn) {
		t.Errorf("Ember did not burn on a 19")
	}
	// Thunder Shock paralyzes on 19-20, but not a Ground type.
	s = mustBattle(t, Allies, nil, geodude)
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{20}))
	if bf(t, s, "Geodude").has(CondParalysis) {
		t.Errorf("Thunder Shock paralyzed a Ground type")
	}
}

func TestStatusMoves_ConditionsStagesAndTheField(t *testing.T) {
	s := mustBattle(t, Allies, func(i int, sh *Sheet) {
		if i == 0 {
			sh.Moves = []string{"Thunder Wave", "Thunder Shock"}
		}
		if i == 2 {
			sh.Moves = []string{"Rain Dance", "Water Gun"}
		}
	}, AddFoe{Species: "Eevee", Level: 5})
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Wave", Targets: []string{"Eevee"}}, streamWith(t, []int{20}, []int{10}))
	if !bf(t, s, "Eevee").has(CondParalysis) {
		t.Errorf("Thunder Wave landing on a 10 did not paralyze")
	}
	mustApply(t, s, boSeat, UseMove{Move: "Growl", Targets: []string{"Eevee"}}, streamWith(t, []int{20}, []int{10}))
	if got := bf(t, s, "Eevee").stage("atk"); got != -1 {
		t.Errorf("Growl left Eevee's Attack at %+d, want -1", got)
	}
	mustRefuse(t, s, cySeat, UseMove{Move: "Rain Dance", Targets: []string{"Eevee"}}, "takes no targets")
	mustApply(t, s, cySeat, UseMove{Move: "Rain Dance"}, nil)
	if s.Battle.Weather != WeatherRain || bf(t, s, "Cy").Turn.Focus != FocusAllies {
		t.Errorf("Rain Dance: weather %q, focus %q; want rain, a defensive action", s.Battle.Weather, bf(t, s, "Cy").Turn.Focus)
	}
}

func TestTerrain_STABAndItsProtections(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	d := mustData(t)
	ts, _ := d.MoveNamed("Thunder Shock")
	plain := effectOf(t, s, "Ann", "Thunder Shock", "Geodude")
	mustApply(t, s, gmSeat, SetTerrain{Terrain: "electric", Reason: "sparks"}, nil)
	if got := effectOf(t, s, "Ann", "Thunder Shock", "Geodude"); got != plain+StabBonus(ts.AP) {
		t.Errorf("on Electric Terrain Thunder Shock's effect = %d, want doubled STAB %d", got, plain+StabBonus(ts.AP))
	}
	mustApply(t, s, gmSeat, SetTerrain{Terrain: "misty", Reason: "fog banks"}, nil)
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Ann", Condition: CondBurn, Reason: "x"}, "Misty Terrain")
	applyCond(t, s, "Ann", CondFlinch)
}

func TestTraps_HiddenSpringOnALowRollAndAreUsedUp(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	mustRefuse(t, s, annSeat, SetTrap{Trap: "spiked trap", Reason: "x"}, "only the game master")
	mustRefuse(t, s, gmSeat, SetTrap{Trap: "banana trap", Reason: "x"}, "no trap")
	evs := mustApply(t, s, gmSeat, SetTrap{Trap: "Spiked Trap", Reason: "an old dungeon"}, nil)
	// Every GM action is a line in everyone's log (engine.GM: the log's
	// numbering must not tell that something hidden happened), but the
	// line says nothing of what changed.
	if got := texts(evs, annSeat); strings.Contains(strings.ToLower(got), "trap") || strings.Contains(got, "dungeon") {
		t.Errorf("the players hear of the trap: %q", got)
	}
	if v, _ := json.Marshal(s.View(annSeat)); strings.Contains(string(v), "spiked") {
		t.Errorf("Ann's view shows the trap")
	}
	// A 6 springs nothing; a 5 (the default threshold) springs it on the roller.
	mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{6}))
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{5}))
	if bo, ann := bf(t, s, "Bo").Body.HP, bf(t, s, "Ann").Body.HP; bo != 20 || ann != 14 || len(s.Battle.Traps) != 0 {
		t.Errorf("after rolls of 6 (Bo) and 5 (Ann): Bo %d HP, Ann %d HP, %d traps; want 20, 14, none", bo, ann, len(s.Battle.Traps))
	}
}

func TestExplain_AMoveSaysItsOddsBeforeItIsUsed(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude, oddish)
	ex := Game.(engine.Explainer)
	got := ex.Explain(s.View(cySeat), UseMove{Move: "Water Gun", Targets: []string{"Geodude"}})
	if want := "Hit 19/20 (95.0%), crit 1/20 (5.0%); damage 11: 9/10 (90.0%), 15: 1/20 (5.0%); expected 10.65."; got != want {
		t.Errorf("Explain(Water Gun at Geodude) = %q, want %q", got, want)
	}
	if got := ex.Explain(s.View(cySeat), UseMove{Move: "Water Gun", Targets: []string{"Oddish"}}); !strings.HasSuffix(got, "(before its hidden defence).") {
		t.Errorf("Explain(Water Gun at the hidden Oddish) = %q, want it marked before its defence", got)
	}
}
