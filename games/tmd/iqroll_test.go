package tmd

import (
	"strings"
	"testing"

	"tabletop/dice"
)

// TestIQVendor_DiscountedRollCostsTwentySeventyAndOneFortyIQ: the rule
// text's prices of the tiers' discounted rolls; there is no tier 0 or 4.
func TestIQVendor_DiscountedRollCostsTwentySeventyAndOneFortyIQ(t *testing.T) {
	for tier, want := range map[int]int{1: 20, 2: 70, 3: 140} {
		if got, err := DiscountedRollCost(tier); err != nil || got != want {
			t.Errorf("tier %d costs %d IQ (%v), want %d", tier, got, err, want)
		}
	}
	for _, tier := range []int{0, 4, -1} {
		if _, err := DiscountedRollCost(tier); err == nil {
			t.Errorf("a discounted roll of tier %d has a price", tier)
		}
	}
}

// TestIQVendor_TheDieRunsOverTheTiersNumberedSkills: each tier's skills
// are numbered 1 to N on the group's list with no gap, and the roll is a
// dN: 27 skills in tier 1, 33 in tier 2, 12 in tier 3. Every face gives a
// skill of the tier.
func TestIQVendor_TheDieRunsOverTheTiersNumberedSkills(t *testing.T) {
	d := mustData(t)
	for tier, want := range map[int]int{1: 27, 2: 33, 3: 12} {
		sides, err := d.VendorDie(tier)
		if err != nil || sides != want {
			t.Errorf("tier %d: d%d (%v), want d%d", tier, sides, err, want)
		}
		for face := 1; face <= sides; face++ {
			sk, err := d.vendorSkill(tier, face)
			if err != nil {
				t.Errorf("tier %d, face %d: %v", tier, face, err)
			} else if sk.Tier != tier {
				t.Errorf("tier %d, face %d gives %s of tier %d", tier, face, sk.Name, sk.Tier)
			}
		}
	}
}

// TestIQVendor_ARollIsFixedBySeedCharacterNumberAndTier: the face is the
// die stream derived from the seed and the roll's number, tier and
// character; the same inputs give the same skill, another number another
// stream; a published roll verifies, and fails once anything is changed.
func TestIQVendor_ARollIsFixedBySeedCharacterNumberAndTier(t *testing.T) {
	d := mustData(t)
	seed := mustSeed(t, "1a")
	r, err := d.RollIQ(seed, " Sparks ", 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	want := dice.NewStream(dice.Derive(seed, "tmd iq vendor roll 2, tier 1: sparks")).Roll(27)
	if r.Face != want || r.Die != 27 || r.Cost != 20 || r.Character != "Sparks" || r.Number != 2 || r.Tier != 1 {
		t.Fatalf("roll = %+v, want d27 face %d at 20 IQ for Sparks's roll 2", r, want)
	}
	if sk, _ := d.vendorSkill(1, r.Face); sk == nil || sk.Name != r.Skill {
		t.Errorf("face %d gives %q, the list says %v", r.Face, r.Skill, sk)
	}
	if r.Commitment != seed.Commitment() || r.Seed != seed.String() {
		t.Errorf("commitment/seed = %s/%s", r.Commitment, r.Seed)
	}
	if again, _ := d.RollIQ(seed, "sparks", 2, 1); again != (IQRoll{Character: "sparks", Number: 2, Tier: 1, Cost: 20, Commitment: r.Commitment, Seed: r.Seed, Die: 27, Face: r.Face, Skill: r.Skill}) {
		t.Errorf("rolling again gives %+v, first %+v", again, r)
	}
	if err := d.VerifyIQRoll(r); err != nil {
		t.Errorf("the roll does not verify: %v", err)
	}
	// Over many seeds, the faces change with the number and the tier.
	sameNumber, sameTier := 0, 0
	for i := range 200 {
		s := dice.Derive(dice.Seed{}, "iq", uint64(i))
		a, _ := d.RollIQ(s, "Sparks", 1, 2)
		b, _ := d.RollIQ(s, "Sparks", 2, 2)
		c, _ := d.RollIQ(s, "Sparks", 1, 3)
		if a.Face == b.Face {
			sameNumber++
		}
		if a.Face == c.Face {
			sameTier++
		}
	}
	if sameNumber > 30 || sameTier > 40 {
		t.Errorf("rolls 1 and 2 agree %d times in 200, tiers 2 and 3 %d: the number and tier do not move the dice", sameNumber, sameTier)
	}
	for name, bad := range map[string]func(r *IQRoll){
		"another character": func(r *IQRoll) { r.Character = "Sparky" },
		"another number":    func(r *IQRoll) { r.Number = 1 },
		"another face":      func(r *IQRoll) { r.Face = r.Face%27 + 1 },
		"another skill":     func(r *IQRoll) { r.Skill = "Coin Haggler"; r.Face = 1 },
		"a lower price":     func(r *IQRoll) { r.Cost = 10 },
		"another seed":      func(r *IQRoll) { r.Seed = strings.Repeat("0", 64) },
		"another tier":      func(r *IQRoll) { r.Tier = 4 },
	} {
		c := r
		bad(&c)
		if c == r {
			t.Fatalf("%s: the roll was not changed", name)
		}
		if err := d.VerifyIQRoll(c); err == nil {
			t.Errorf("a roll with %s verifies", name)
		}
	}
	for _, c := range []struct {
		character    string
		number, tier int
		want         string
	}{
		{" ", 1, 1, "character's name"}, {"Sparks", 0, 1, "starts at 1"}, {"Sparks", 1, 0, "tier 1, 2 or 3"},
	} {
		if _, err := d.RollIQ(seed, c.character, c.number, c.tier); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("RollIQ(%q, %d, %d) = %v, want %q", c.character, c.number, c.tier, err, c.want)
		}
	}
}
