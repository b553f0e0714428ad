package msp

import (
	"fmt"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// TestBadActionsNeverPanicAndRefusalsChangeNothing plays thousands of
// actions made of random parts (good and bad names, numbers out of every
// range) from random seats; none may panic, and a refused one must leave
// the state as it was.
func TestBadActionsNeverPanicAndRefusalsChangeNothing(t *testing.T) {
	names := []string{"Ann", "bo", "Gail", "Wolf", "Goblin 1", "Goblin 2", "", "nobody"}
	items := []string{"Rope", "bread", "Short sword", "Healing herb", "Walking staff", "Anvil", ""}
	nums := []int{-1000000, -5, 0, 1, 3, 12, 31, 999, 1 << 40}
	r := dice.NewUnrecordedStream(dice.Seed{11})
	pick := func(list []string) string { return list[r.Roll(len(list))-1] }
	num := func() int { return nums[r.Roll(len(nums))-1] }
	mk := []func() engine.Action{
		func() engine.Action {
			return Create{Name: pick(names), Alignment: pick([]string{"neutral", "evil good", ""})}
		},
		func() engine.Action { return Reroll{} }, func() engine.Action { return Keep{} }, func() engine.Action { return Roll{} },
		func() engine.Action { return Strike{Target: pick(names), With: pick(append(items, "bite", "club"))} },
		func() engine.Action { return Use{Item: pick(items), On: pick(names)} },
		func() engine.Action { return Rest{Long: r.Roll(2) == 1} }, func() engine.Action { return Drop{Item: pick(items)} },
		func() engine.Action { return Pay{Amount: num(), To: pick(names)} },
		func() engine.Action { return WriteNotes{Text: pick(names)} }, func() engine.Action { return Note{Text: pick(names)} },
		func() engine.Action { return Check{Stat: Stat(r.Roll(7) - 2), Who: pick(names)} },
		func() engine.Action { return Target{AtMost: r.Roll(2) == 1, Value: num()} },
		func() engine.Action { return CancelCheck{} },
		func() engine.Action {
			return Battle{Enemies: []string{pick([]string{"Wolf", "Goblin", "Cave rat", "Dragon"}), "Goblin"}}
		},
		func() engine.Action { return Damage{Points: num()} }, func() engine.Action { return EndBattle{Reason: pick(names)} },
		func() engine.Action { return GrantReroll{Who: pick(names), Reason: pick(names)} },
		func() engine.Action { return GiveXP{Who: pick(names), Points: num(), Reason: "r"} },
		func() engine.Action { return Give{Item: pick(items), Who: pick(names), Reason: pick(names)} },
		func() engine.Action { return Take{Item: pick(items), Who: pick(names), Reason: "r"} },
		func() engine.Action { return Coins{Who: pick(names), Amount: num(), Reason: "r"} },
		func() engine.Action {
			return Set{Field: pick([]string{"hp", "strength", "defence", "luck"}), Who: pick(names), Value: num(), Reason: "r"}
		},
		func() engine.Action { return Hurt{Who: pick(names), Points: num(), Reason: "r"} },
		func() engine.Action { return Reveal{Who: pick(names)} },
		func() engine.Action {
			return AddCreature{Creature: Creature{Name: pick(names), HP: num(), Attacks: []Attack{{Name: "bite", Damage: num()}}}}
		},
		func() engine.Action {
			return AddItem{Item: Item{Name: pick(items), Grams: num(), Heal: num(), Portions: num()}}
		},
		func() engine.Action { return End{Reason: "done"} },
	}
	for game := range 20 {
		s, _ := New(Options{}, testSeats)
		d := dice.NewStream(dice.Seed{byte(game)})
		for step := 0; step < 400 && !s.over(); step++ {
			seat := engine.Seat(r.Roll(4) - 2) // spectator, GM, Ann, Bo
			a := mk[r.Roll(len(mk))-1]()
			if _, ok := a.(End); ok && r.Roll(20) > 1 {
				continue
			}
			before := s.Clone()
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Fatalf("game %d step %d: %q by %s panicked: %v", game, step, a, seat, p)
					}
				}()
				if _, err := s.Apply(seat, a, d); err != nil {
					if !engine.IsRefusal(err) {
						t.Fatalf("game %d step %d: %q by %s: %v is not a refusal", game, step, a, seat, err)
					}
					if !s.Equal(before) {
						t.Fatalf("game %d step %d: refused %q by %s changed the state", game, step, a, seat)
					}
				}
			}()
			for _, c := range s.Chars {
				if c != nil && (c.HP < 0 || c.HP > c.MaxHP() || c.Purse.Value() < 0) {
					t.Fatalf("game %d step %d after %q: %s has HP %d/%d, purse %v", game, step, a, c.Name, c.HP, c.MaxHP(), c.Purse)
				}
			}
		}
	}
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"create a / b / c / neutral / d", "pay 1g 2s to Bo", "book creature X: hp 3; bite 2", "book item Y: 5 g; heals 2; 3 portions",
		"coins -5 from Ann: x", "set hp of Ann to 3: y", "import book {}", "target at most -3", "attack Goblin 1 with Short sword", fmt.Sprint("xp ", 1<<62, " to A: b")} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, err := ParseAction(text)
		if err != nil {
			return
		}
		if _, err := ParseAction(a.String()); err != nil {
			t.Fatalf("ParseAction(%q) = %q, which does not parse: %v", text, a, err)
		}
	})
}
