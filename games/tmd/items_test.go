package tmd

import (
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// itemBattle is mustBattle against geodude with Ann's bag holding items.
func itemBattle(t *testing.T, items ...string) *State {
	t.Helper()
	return mustBattle(t, Allies, func(i int, sh *Sheet) {
		if i == 0 {
			sh.Inventory = items
		}
	}, geodude)
}

func TestItemEffects_AreItemsOfTheGroupsList(t *testing.T) {
	d := mustData(t)
	for name := range itemEffects {
		it, err := d.ItemNamed(name)
		if err != nil || it.Name != name || !it.MD {
			t.Errorf("the table runs %q, which is not on the group's item list (%v)", name, err)
		}
	}
}

func TestHealingItems_HealTheListsHP(t *testing.T) {
	for _, tc := range []struct {
		item   string
		hp, ap int
	}{
		{"Oran Berry", 10, 2}, {"Sitrus Berry", 20, 2}, {"Razz Berry", 50, 2}, {"Vitality Seed", 100, 3},
		{"Oran Leaf", 3, 4}, {"Sitrus Leaf", 5, 4},
	} {
		t.Run(tc.item, func(t *testing.T) {
			s := itemBattle(t, tc.item)
			mustApply(t, s, gmSeat, Override{Who: "Ann", Field: "maxhp", Value: 200, Reason: "a test"}, nil)
			mustApply(t, s, gmSeat, Override{Who: "Ann", Field: "hp", Value: 1, Reason: "a test"}, nil)
			mustApply(t, s, annSeat, UseItem{Item: tc.item}, nil)
			ann := bf(t, s, "Ann")
			if ann.Body.HP != 1+tc.hp || ann.Turn.AP != 5-tc.ap {
				t.Errorf("%s: %d HP, %d AP left; want %d, %d", tc.item, ann.Body.HP, ann.Turn.AP, 1+tc.hp, 5-tc.ap)
			}
		})
	}
}

func TestConditionItems_GiveTheirCondition(t *testing.T) {
	for _, tc := range []struct{ item, cond string }{
		{"Sleep Seed", CondSleep}, {"Stun Seed", CondPetrified}, {"Totter Seed", CondConfusion},
		{"Frigid Seed", CondFreeze}, {"Spicy Seed", CondBurn}, {"Acidic Seed", CondPoison},
		{"Dusty Seed", CondPowdered}, {"Malady Seed", CondHealBlock}, {"Abstain Seed", CondHungry},
		{"Blinker Seed", CondBlinker}, {"Confuse Wand", CondConfusion}, {"Petrify Wand", CondPetrified},
		{"Slumber Wand", CondSleep}, {"Embargo Orb", CondEmbargo}, {"Nullify Orb", CondNeutralized},
	} {
		t.Run(tc.item, func(t *testing.T) {
			s := itemBattle(t, tc.item)
			if !hasAction(s.Legal(annSeat), UseItem{Item: tc.item, On: "Geodude"}) {
				t.Errorf("Ann is not offered to use %s on Geodude", tc.item)
			}
			mustApply(t, s, annSeat, UseItem{Item: tc.item, On: "Geodude"}, nil)
			if geo := bf(t, s, "Geodude"); !geo.has(tc.cond) {
				t.Errorf("%s on Geodude: no %s (major %v, minor %v)", tc.item, tc.cond, geo.Major, geo.Minor)
			}
			if f := bf(t, s, "Ann").Turn.Focus; f != FocusOpponents {
				t.Errorf("an item on a foe leaves Ann's focus %q, want %q", f, FocusOpponents)
			}
		})
	}
}

func TestBlastSeedAndThrowables_DealTrueDamage(t *testing.T) {
	for _, tc := range []struct {
		item string
		dmg  int
	}{{"Blast Seed", 10}, {"Blast Wand", 10}, {"Dense Rock", 2}, {"Wooden Stick", 3}, {"Marble Stone", 4}, {"Iron Thorn", 6}} {
		t.Run(tc.item, func(t *testing.T) {
			s := itemBattle(t, tc.item)
			mustApply(t, s, gmSeat, Override{Who: "Geodude", Field: "def", Value: 20, Reason: "a hard shell"}, nil)
			geo := bf(t, s, "Geodude")
			hp := geo.Body.HP
			d := dice.NewStream(dice.Seed{})
			mustApply(t, s, annSeat, UseItem{Item: tc.item, On: "Geodude"}, d)
			if got := hp - geo.Body.HP; got != tc.dmg || d.Len() != 0 {
				t.Errorf("%s took %d HP through 20 Defense and rolled %d dice; want %d, none", tc.item, got, d.Len(), tc.dmg)
			}
		})
	}
}

func TestStageItems_MoveStagesByTwo(t *testing.T) {
	s := itemBattle(t, "Power Seed")
	mustApply(t, s, annSeat, UseItem{Item: "Power Seed"}, nil)
	if ann := bf(t, s, "Ann"); ann.stage("atk") != 2 || ann.stage("spa") != 2 {
		t.Errorf("Power Seed: Ann's stages %v, want atk +2, spa +2", ann.Stages)
	}
	s = itemBattle(t, "Vile Seed")
	mustApply(t, s, annSeat, UseItem{Item: "Vile Seed", On: "Geodude"}, nil)
	if geo := bf(t, s, "Geodude"); geo.stage("def") != -2 || geo.stage("spd") != -2 {
		t.Errorf("Vile Seed: Geodude's stages %v, want def -2, spd -2", geo.Stages)
	}
	s = itemBattle(t, "Renewal Herb")
	bf(t, s, "Ann").Stages = map[string]int{"atk": -3, "eva": 2}
	mustApply(t, s, annSeat, UseItem{Item: "Renewal Herb"}, nil)
	if st := bf(t, s, "Ann").Stages; len(st) != 0 {
		t.Errorf("Renewal Herb leaves stages %v", st)
	}
}

func TestOrbs_SetWeatherAndTerrain(t *testing.T) {
	s := itemBattle(t, "Rainy Orb")
	mustRefuse(t, s, annSeat, UseItem{Item: "Rainy Orb", On: "Geodude"}, "name no one")
	mustApply(t, s, annSeat, UseItem{Item: "Rainy Orb"}, nil)
	if s.Battle.Weather != WeatherRain || bf(t, s, "Ann").Turn.Focus != FocusAllies {
		t.Errorf("Rainy Orb: weather %q, focus %q; want rain, allies", s.Battle.Weather, bf(t, s, "Ann").Turn.Focus)
	}
	s = itemBattle(t, "Grassy Orb", "Bulldoze Orb")
	mustApply(t, s, annSeat, UseItem{Item: "Grassy Orb"}, nil)
	if s.Battle.Terrain != TerrainGrassy || s.Battle.TerrainTurns != TerrainLength {
		t.Errorf("Grassy Orb: terrain %q for %d turns", s.Battle.Terrain, s.Battle.TerrainTurns)
	}
	endRound(t, s)
	mustApply(t, s, annSeat, UseItem{Item: "Bulldoze Orb"}, nil)
	if s.Battle.Terrain != "" {
		t.Errorf("Bulldoze Orb leaves %q", s.Battle.Terrain)
	}
}

func TestFoeHoldOrb_PetrifiesEveryFoe(t *testing.T) {
	s := mustBattle(t, Allies, func(i int, sh *Sheet) {
		if i == 0 {
			sh.Inventory = []string{"Foe-hold Orb"}
		}
	}, geodude, geodude)
	mustApply(t, s, annSeat, UseItem{Item: "Foe-hold Orb"}, nil)
	for _, name := range []string{"Geodude", "Geodude 2"} {
		if !bf(t, s, name).has(CondPetrified) {
			t.Errorf("%s is not petrified", name)
		}
	}
	if bf(t, s, "Bo").has(CondPetrified) || bf(t, s, "Ann").Turn.Focus != FocusOpponents {
		t.Errorf("the orb touched an ally, or left Ann's focus on allies")
	}
}

func TestHealthOrb_HealthyTeamAndLoweredStagesBack(t *testing.T) {
	s := itemBattle(t, "Health Orb")
	bf(t, s, "Bo").Stages = map[string]int{"atk": -2, "spe": 1}
	mustApply(t, s, annSeat, UseItem{Item: "Health Orb"}, nil)
	for _, name := range []string{"Ann", "Bo", "Cy"} {
		if !bf(t, s, name).has(CondHealthy) {
			t.Errorf("%s is not healthy", name)
		}
	}
	if st := bf(t, s, "Bo").Stages; st["atk"] != 0 || st["spe"] != 1 {
		t.Errorf("Bo's stages %v, want atk back to 0 and spe +1 kept", st)
	}
	if bf(t, s, "Geodude").has(CondHealthy) {
		t.Errorf("the foe is healthy too")
	}
}

func TestChestoBerry_WakesAndKeepsAwake(t *testing.T) {
	s := mustBattle(t, Foes, func(i int, sh *Sheet) {
		if i == 1 {
			sh.Inventory = []string{"Chesto Berry"}
		}
	}, geodude)
	applyCond(t, s, "Ann", CondSleep)
	endSide(t, s)
	mustApply(t, s, boSeat, UseItem{Item: "Chesto Berry", On: "Ann"}, nil)
	ann := bf(t, s, "Ann")
	if ann.has(CondSleep) || !ann.has(CondSleepless) {
		t.Errorf("Chesto Berry: asleep %v, sleepless %v; want awake and sleepless", ann.has(CondSleep), ann.has(CondSleepless))
	}
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Ann", Condition: CondSleep, Reason: "x"}, "sleepless")
}

func TestLumBerry_CostsABerrysTwoAP(t *testing.T) {
	s := itemBattle(t, "Lum Berry")
	applyCond(t, s, "Ann", CondBurn)
	mustApply(t, s, annSeat, UseItem{Item: "Lum Berry"}, nil)
	if ann := bf(t, s, "Ann"); ann.has(CondBurn) || ann.Turn.AP != 3 {
		t.Errorf("Lum Berry: burned %v, %d AP left; want cured, 3", ann.has(CondBurn), ann.Turn.AP)
	}
}

func TestTrapbustOrb_ClearsHazardsAndTraps(t *testing.T) {
	s := itemBattle(t, "Trapbust Orb")
	mustApply(t, s, gmSeat, SetHazard{Side: Allies, Hazard: "spikes", Layers: 2, Reason: "a test"}, nil)
	mustApply(t, s, gmSeat, SetHazard{Side: Foes, Hazard: "spikes", Layers: 1, Reason: "a test"}, nil)
	mustApply(t, s, gmSeat, SetTrap{Trap: TrapSpiked, Reason: "a test"}, nil)
	mustApply(t, s, annSeat, UseItem{Item: "Trapbust Orb"}, nil)
	if len(s.Battle.Hazards) != 0 || len(s.Battle.Traps) != 0 {
		t.Errorf("after the Trapbust Orb: hazards %v, traps %v", s.Battle.Hazards, s.Battle.Traps)
	}
}

func TestGrimyFood_ADieOfFourConditions(t *testing.T) {
	s := itemBattle(t, "Grimy Food")
	evs := mustApply(t, s, annSeat, UseItem{Item: "Grimy Food"}, streamWith(t, []int{20}, []int{12}))
	if ann := bf(t, s, "Ann"); !ann.has(CondBurn) {
		t.Errorf("Grimy Food on a 12: %v, want burn; log %q", ann.Major, texts(evs, annSeat))
	}
}

func TestItems_OpponentsCannotAimAtTheInvisible(t *testing.T) {
	s := itemBattle(t, "Blast Seed")
	applyCond(t, s, "Geodude", CondInvisible)
	mustRefuse(t, s, annSeat, UseItem{Item: "Blast Seed", On: "Geodude"}, "cannot be seen")
}

func TestItems_OthersAreTheGMs(t *testing.T) {
	s := itemBattle(t, "Quick Seed")
	evs := mustApply(t, s, annSeat, UseItem{Item: "Quick Seed"}, nil)
	if got := texts(evs, annSeat); !strings.Contains(got, "The GM applies the effect of Quick Seed") {
		t.Errorf("Quick Seed's log: %q", got)
	}
}

func TestExplain_ItemsSayWhatTheyDo(t *testing.T) {
	s := itemBattle(t, "Sitrus Berry", "Foe-hold Orb", "Quick Seed", "Lum Berry")
	v := s.View(annSeat)
	for _, tc := range []struct {
		item, want string
	}{
		{"Sitrus Berry", "2 AP: heals 20 HP."},
		{"Foe-hold Orb", "4 AP: gives petrified, on every opponent."},
		{"Quick Seed", "3 AP: used up; the GM applies its effect"},
		{"Lum Berry", "2 AP: cures paralysis, poison, badly poisoned, burn"},
	} {
		if got := Game.(interface {
			Explain(engine.View, engine.Action) string
		}).Explain(v, UseItem{Item: tc.item}); !strings.HasPrefix(got, tc.want) {
			t.Errorf("Explain(use %s) = %q, want it to start %q", tc.item, got, tc.want)
		}
	}
}
