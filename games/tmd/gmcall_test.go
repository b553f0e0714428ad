package tmd

import (
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
