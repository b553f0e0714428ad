package tmd

import (
	"fmt"
	"strings"

	"tabletop/dice"
)

// discountedRollCost is the IQ a discounted roll at the IQ skill vendor
// costs, by tier (the rule text: 20, 70 and 140 IQ).
var discountedRollCost = map[int]int{1: 20, 2: 70, 3: 140}

// DiscountedRollCost returns the IQ a discounted roll of tier costs.
func DiscountedRollCost(tier int) (int, error) {
	c, ok := discountedRollCost[tier]
	if !ok {
		return 0, fmt.Errorf("tmd: the IQ skill vendor rolls tier 1, 2 or 3, not %d", tier)
	}
	return c, nil
}

// VendorDie returns the die of tier's discounted roll: its faces are the
// numbers the group's list gives the tier's skills, 1 to the highest.
func (d *Data) VendorDie(tier int) (int, error) {
	if _, err := DiscountedRollCost(tier); err != nil {
		return 0, err
	}
	sides := 0
	for _, s := range d.IQSkills {
		if s.Tier == tier && s.Roll > sides {
			sides = s.Roll
		}
	}
	if sides == 0 {
		return 0, fmt.Errorf("tmd: no tier-%d IQ skill has a number on the vendor's roll", tier)
	}
	return sides, nil
}

// vendorSkill returns tier's skill numbered face.
func (d *Data) vendorSkill(tier, face int) (*IQSkill, error) {
	for i := range d.IQSkills {
		if s := &d.IQSkills[i]; s.Tier == tier && s.Roll == face {
			return s, nil
		}
	}
	return nil, fmt.Errorf("tmd: no tier-%d IQ skill is number %d on the vendor's roll", tier, face)
}

// IQRoll is one discounted roll at the IQ skill vendor: a die over the
// tier's numbered skills, made from a seed whose sha256 was kept before the
// roll. Every discounted roll of a character is numbered in order, so a
// roll made again for a better skill is the next number, not a hidden one.
// The face follows from the seed, the character's name, the number and the
// tier alone.
type IQRoll struct {
	Character  string `json:"character"`
	Number     int    `json:"number"` // the character's Nth discounted roll, 1 for the first
	Tier       int    `json:"tier"`
	Cost       int    `json:"cost"`       // IQ the roll costs
	Commitment string `json:"commitment"` // hex sha256(seed), kept before the roll
	Seed       string `json:"seed"`       // revealed after the roll
	Die        int    `json:"die"`        // the die's sides: the tier's numbered skills
	Face       int    `json:"face"`
	Skill      string `json:"skill"` // the skill the face gives
}

// iqStream returns the dice stream of a character's numbered discounted
// roll of a tier: derived from the seed, the number, the tier and the
// character's name (trimmed, lower case).
func iqStream(seed dice.Seed, character string, number, tier int) *dice.Stream {
	label := fmt.Sprintf("tmd iq vendor roll %d, tier %d: %s", number, tier, strings.ToLower(strings.TrimSpace(character)))
	return dice.NewStream(dice.Derive(seed, label))
}

// RollIQ makes a character's numbered discounted roll of a tier.
func (d *Data) RollIQ(seed dice.Seed, character string, number, tier int) (IQRoll, error) {
	if strings.TrimSpace(character) == "" {
		return IQRoll{}, fmt.Errorf("tmd: a discounted roll needs the character's name")
	}
	if number < 1 {
		return IQRoll{}, fmt.Errorf("tmd: a discounted roll's number starts at 1, not %d", number)
	}
	cost, err := DiscountedRollCost(tier)
	if err != nil {
		return IQRoll{}, err
	}
	sides, err := d.VendorDie(tier)
	if err != nil {
		return IQRoll{}, err
	}
	face := iqStream(seed, character, number, tier).Roll(sides)
	sk, err := d.vendorSkill(tier, face)
	if err != nil {
		return IQRoll{}, err
	}
	return IQRoll{Character: strings.TrimSpace(character), Number: number, Tier: tier, Cost: cost,
		Commitment: seed.Commitment(), Seed: seed.String(), Die: sides, Face: face, Skill: sk.Name}, nil
}

// VerifyIQRoll checks a published discounted roll: that the seed matches
// the commitment and that rolling again from it gives the same face and
// skill, at the tier's cost.
func (d *Data) VerifyIQRoll(r IQRoll) error {
	seed, err := committedSeed(r.Seed, r.Commitment)
	if err != nil {
		return err
	}
	again, err := d.RollIQ(seed, r.Character, r.Number, r.Tier)
	if err != nil {
		return err
	}
	if again.Face != r.Face || again.Skill != r.Skill || again.Die != r.Die || again.Cost != r.Cost {
		return fmt.Errorf("tmd: the seed rolls d%d %d (%s, %d IQ) for %s's discounted roll %d of tier %d, not d%d %d (%s, %d IQ)",
			again.Die, again.Face, again.Skill, again.Cost, r.Character, r.Number, r.Tier, r.Die, r.Face, r.Skill, r.Cost)
	}
	return nil
}
