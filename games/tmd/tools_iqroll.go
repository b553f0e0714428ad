package tmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"tabletop/dice"
	"tabletop/engine"
)

// maxIQRolls bounds a character's discounted rolls in a campaign: more
// than the IQ of any campaign pays for (200 tier-1 rolls are 4000 IQ).
const maxIQRolls = 200

// PublicIQRoll is a discounted roll made at the server for a character of
// a campaign, as its page shows it and exports it.
type PublicIQRoll struct {
	Campaign string `json:"campaign"`
	IQRoll
}

// iqRecord is what the server keeps under (campaign, character, number):
// the tier and the seed, stored before any face is rolled from it.
type iqRecord struct {
	Campaign  string `json:"campaign"`
	Character string `json:"character"`
	Number    int    `json:"number"`
	Tier      int    `json:"tier"`
	Seed      string `json:"seed"`
}

// iqRollPage is what the vendor's page shows.
type iqRollPage struct {
	Campaign, Character string
	Tier                int             // the tier the form offers
	Tiers               []iqTier        // the tiers, their dice and prices
	Rolls               []*PublicIQRoll // every roll made, in order
	Shown               *PublicIQRoll   // the roll asked for or just made; nil: none
	Next                int             // the number the next roll takes
	JustRolled          bool
}

type iqTier struct{ Tier, Die, Cost int }

// iqRollTool is the IQ skill vendor's discounted rolls: each roll made at
// the server, numbered in order and kept, so that every roll a character
// made is on its page.
var iqRollTool = engine.Tool{
	Name: "iq-roll", Title: "IQ skill vendor's discounted roll", Page: "tools/iq-roll.html",
	Run: func(ctx context.Context, req engine.ToolRequest) (any, error) {
		d, err := LoadData()
		if err != nil {
			return nil, err
		}
		p := &iqRollPage{Tier: 1}
		for tier := 1; tier <= 3; tier++ {
			die, err := d.VendorDie(tier)
			if err != nil {
				return nil, err
			}
			cost, _ := DiscountedRollCost(tier)
			p.Tiers = append(p.Tiers, iqTier{tier, die, cost})
		}
		if len(req.Form) == 0 {
			return p, nil // the empty form
		}
		if p.Campaign, err = rollName(req.Form.Get("campaign"), "campaign"); err != nil {
			return nil, err
		}
		if p.Character, err = rollName(req.Form.Get("character"), "character"); err != nil {
			return nil, err
		}
		if p.Tier, err = formInt(req.Form, "tier", "tier", 1, 1, 3); err != nil {
			return nil, err
		}
		number, err := formInt(req.Form, "number", "the roll's number", 0, 1, maxIQRolls)
		if err != nil {
			return nil, err
		}
		if err := d.iqRolls(ctx, req.Records, p); err != nil {
			return nil, err
		}
		switch {
		case req.Post:
			if p.Shown, err = d.claimIQRoll(ctx, req, p, len(p.Rolls)+1); err != nil {
				return nil, err
			}
			p.JustRolled = true
			p.Rolls = append(p.Rolls, p.Shown)
		case number > 0 && number <= len(p.Rolls):
			p.Shown = p.Rolls[number-1]
		case number > 0:
			return nil, fmt.Errorf("tmd: %s has made %d discounted rolls in %s, so there is no roll %d", p.Character, len(p.Rolls), p.Campaign, number)
		}
		p.Next = len(p.Rolls) + 1
		if req.Form.Get("format") == "json" {
			if p.Shown == nil {
				return nil, fmt.Errorf("tmd: say which roll to download (its number)")
			}
			b, err := json.MarshalIndent(p.Shown, "", "  ")
			if err != nil {
				return nil, err
			}
			return &engine.ToolFile{Name: "iq-roll.json", Type: "application/json", Body: append(b, '\n')}, nil
		}
		return p, nil
	},
}

// iqKey is the record key of a character's numbered discounted roll.
func iqKey(campaign, character string, number int) string {
	return rollKey(campaign, character) + "/" + strconv.Itoa(number)
}

// iqRolls reads every discounted roll kept for p's character, in order.
func (d *Data) iqRolls(ctx context.Context, rec engine.Records, p *iqRollPage) error {
	for n := 1; n <= maxIQRolls; n++ {
		raw, err := rec.Get(ctx, iqKey(p.Campaign, p.Character, n))
		if errors.Is(err, engine.ErrNoRecord) {
			return nil
		} else if err != nil {
			return err
		}
		r, err := d.publicIQRoll(raw)
		if err != nil {
			return err
		}
		p.Rolls = append(p.Rolls, r)
	}
	return nil
}

// claimIQRoll registers a fresh seed under the next free number, from
// number on (another request may have taken it a moment ago), before
// anything is rolled from it, and rolls.
func (d *Data) claimIQRoll(ctx context.Context, req engine.ToolRequest, p *iqRollPage, number int) (*PublicIQRoll, error) {
	seed := req.NewSeed()
	for n := number; n <= maxIQRolls; n++ {
		rec, _ := json.Marshal(iqRecord{Campaign: p.Campaign, Character: p.Character, Number: n, Tier: p.Tier, Seed: seed.String()})
		raw, first, err := req.Records.Claim(ctx, iqKey(p.Campaign, p.Character, n), rec)
		if err != nil {
			return nil, err
		}
		if first {
			return d.publicIQRoll(raw)
		}
		r, err := d.publicIQRoll(raw)
		if err != nil {
			return nil, err
		}
		p.Rolls = append(p.Rolls, r) // made meanwhile by another request
	}
	return nil, fmt.Errorf("tmd: %s has made %d discounted rolls in %s, the most this page keeps", p.Character, maxIQRolls, p.Campaign)
}

// publicIQRoll rolls again from a kept record.
func (d *Data) publicIQRoll(raw []byte) (*PublicIQRoll, error) {
	var rec iqRecord
	if err := json.Unmarshal(raw, &rec); err != nil {
		return nil, fmt.Errorf("tmd: a kept discounted roll cannot be read: %v", err)
	}
	seed, err := dice.ParseSeed(rec.Seed)
	if err != nil {
		return nil, fmt.Errorf("tmd: a kept discounted roll has a bad seed: %v", err)
	}
	r, err := d.RollIQ(seed, rec.Character, rec.Number, rec.Tier)
	if err != nil {
		return nil, err
	}
	return &PublicIQRoll{Campaign: rec.Campaign, IQRoll: r}, nil
}

// isIQRoll reports whether raw is a discounted roll's JSON.
func isIQRoll(fields map[string]json.RawMessage) bool {
	for _, k := range []string{"character", "commitment", "number", "tier", "face", "skill"} {
		if _, ok := fields[k]; !ok {
			return false
		}
	}
	return true
}

// checkIQRoll checks a discounted roll's JSON as CheckRoll does a species
// roll's.
func checkIQRoll(raw []byte) (string, error) {
	var r PublicIQRoll
	if err := json.Unmarshal(raw, &r); err != nil {
		return "", usagef("not a discounted roll: %v", err)
	}
	d, err := LoadData()
	if err != nil {
		return "", err
	}
	if err := d.VerifyIQRoll(r.IQRoll); err != nil {
		return "", fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	in := ""
	if r.Campaign != "" {
		in = " in the campaign " + strconv.Quote(r.Campaign)
	}
	return fmt.Sprintf("ok: sha256(seed) matches the commitment %s…, and the seed rolls d%d %d (%s) for %s's discounted roll %d of tier %d (%d IQ)%s",
		r.Commitment[:16], r.Die, r.Face, r.Skill, r.Character, r.Number, r.Tier, r.Cost, in), nil
}
