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
//
// As the species roll's page does, this page rolls in two steps: a POST
// commits the next number's seed (and tier) and shows only sha256(seed);
// a POST with action=roll and the number claims key+rolledSuffix, which
// marks it rolled and reveals the seed. A record made so says Commit; one
// without it was made by the earlier one-step flow and counts as rolled.
// A character has at most one committed roll not yet rolled: asking for
// another commitment shows that one.
type iqRecord struct {
	Campaign  string `json:"campaign"`
	Character string `json:"character"`
	Number    int    `json:"number"`
	Tier      int    `json:"tier"`
	Seed      string `json:"seed"`
	Commit    bool   `json:"commit,omitempty"` // rolled only once key+rolledSuffix is claimed
}

// iqEntry is a numbered roll on the page: committed, and rolled or not.
type iqEntry struct {
	Campaign, Character string
	Number, Tier        int
	Commitment          string        // hex sha256(seed)
	Roll                *PublicIQRoll // nil: committed, not rolled yet (the seed stays secret)
	rec                 iqRecord
	seed                dice.Seed
}

// iqRollPage is what the vendor's page shows.
type iqRollPage struct {
	Campaign, Character string
	Tier                int        // the tier the form offers
	Tiers               []iqTier   // the tiers, their dice and prices
	Rolls               []*iqEntry // every roll committed, in order
	Shown               *iqEntry   // the roll asked for or just committed or made; nil: none
	Pending             *iqEntry   // the first roll committed and not rolled yet; nil: none
	Next                int        // the number the next commitment takes
	JustCommitted       bool       // this request committed Shown
	Recommitted         bool       // this request asked for a commitment while Pending waits, which it shows
	JustRolled          bool       // this request rolled Shown
	Refused             bool       // this request asked to roll Shown again, which shows the first roll
}

type iqTier struct{ Tier, Die, Cost int }

// iqRollTool is the IQ skill vendor's discounted rolls: each roll
// committed and then made at the server, numbered in order and kept, so
// that every roll a character made is on its page.
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
		case req.Post && req.Form.Get("action") == "roll":
			if number == 0 || number > len(p.Rolls) {
				return nil, fmt.Errorf("tmd: %s has no committed roll %d in %s to roll: commit one first, and share its commitment before you roll", p.Character, number, p.Campaign)
			}
			p.Shown = p.Rolls[number-1]
			if p.Shown.Roll == nil {
				marker, _ := json.Marshal(rolledRecord{Commitment: p.Shown.Commitment})
				if _, _, err := req.Records.Claim(ctx, iqKey(p.Campaign, p.Character, number)+rolledSuffix, marker); err != nil {
					return nil, err
				}
				if p.Shown.Roll, err = d.publicIQRoll(p.Shown.rec, p.Shown.seed); err != nil {
					return nil, err
				}
				// Another request may have rolled it a moment ago: the
				// roll is the same, made once either way.
				p.JustRolled = true
			} else {
				p.Refused = true
			}
		case req.Post && p.Pending != nil:
			p.Shown, p.Recommitted = p.Pending, true
		case req.Post:
			var first bool
			if p.Shown, first, err = d.claimIQRoll(ctx, req, p, len(p.Rolls)+1); err != nil {
				return nil, err
			}
			p.JustCommitted, p.Recommitted = first, !first
			if first {
				p.Rolls = append(p.Rolls, p.Shown)
			}
		case number > 0 && number <= len(p.Rolls):
			p.Shown = p.Rolls[number-1]
		case number > 0:
			return nil, fmt.Errorf("tmd: %s has made %d discounted rolls in %s, so there is no roll %d", p.Character, len(p.Rolls), p.Campaign, number)
		}
		p.Pending = nil
		for _, e := range p.Rolls {
			if e.Roll == nil {
				p.Pending = e
				break
			}
		}
		p.Next = len(p.Rolls) + 1
		if req.Form.Get("format") == "json" {
			if p.Shown == nil {
				return nil, fmt.Errorf("tmd: say which roll to download (its number)")
			}
			if p.Shown.Roll == nil {
				return nil, fmt.Errorf("tmd: %s's roll %d is committed but not rolled yet: there is nothing to download until it is", p.Character, p.Shown.Number)
			}
			b, err := json.MarshalIndent(p.Shown.Roll, "", "  ")
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

// iqRolls reads every discounted roll kept for p's character, in order,
// and sets p.Pending.
func (d *Data) iqRolls(ctx context.Context, rec engine.Records, p *iqRollPage) error {
	for n := 1; n <= maxIQRolls; n++ {
		raw, err := rec.Get(ctx, iqKey(p.Campaign, p.Character, n))
		if errors.Is(err, engine.ErrNoRecord) {
			return nil
		} else if err != nil {
			return err
		}
		e, err := d.iqEntry(ctx, rec, raw)
		if err != nil {
			return err
		}
		p.Rolls = append(p.Rolls, e)
		if e.Roll == nil && p.Pending == nil {
			p.Pending = e
		}
	}
	return nil
}

// iqEntry reads a kept record, and rolls it if it is rolled.
func (d *Data) iqEntry(ctx context.Context, records engine.Records, raw []byte) (*iqEntry, error) {
	var rec iqRecord
	if err := json.Unmarshal(raw, &rec); err != nil {
		return nil, fmt.Errorf("tmd: a kept discounted roll cannot be read: %v", err)
	}
	seed, err := dice.ParseSeed(rec.Seed)
	if err != nil {
		return nil, fmt.Errorf("tmd: a kept discounted roll has a bad seed: %v", err)
	}
	e := &iqEntry{Campaign: rec.Campaign, Character: rec.Character, Number: rec.Number, Tier: rec.Tier, Commitment: seed.Commitment(), rec: rec, seed: seed}
	rolled := !rec.Commit // a record of the one-step flow was rolled as it was kept
	if rec.Commit {
		if _, err := records.Get(ctx, iqKey(rec.Campaign, rec.Character, rec.Number)+rolledSuffix); err == nil {
			rolled = true
		} else if !errors.Is(err, engine.ErrNoRecord) {
			return nil, err
		}
	}
	if rolled {
		if e.Roll, err = d.publicIQRoll(rec, seed); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// claimIQRoll registers a fresh seed under the next free number, from
// number on (another request may have taken it a moment ago), before
// anything is rolled from it: the commitment. If another request
// committed a roll meanwhile that is not rolled yet, it returns that one,
// not first.
func (d *Data) claimIQRoll(ctx context.Context, req engine.ToolRequest, p *iqRollPage, number int) (*iqEntry, bool, error) {
	seed := req.NewSeed()
	for n := number; n <= maxIQRolls; n++ {
		rec, _ := json.Marshal(iqRecord{Campaign: p.Campaign, Character: p.Character, Number: n, Tier: p.Tier, Seed: seed.String(), Commit: true})
		raw, first, err := req.Records.Claim(ctx, iqKey(p.Campaign, p.Character, n), rec)
		if err != nil {
			return nil, false, err
		}
		e, err := d.iqEntry(ctx, req.Records, raw)
		if err != nil {
			return nil, false, err
		}
		if !first {
			p.Rolls = append(p.Rolls, e) // made meanwhile by another request
		}
		if first || e.Roll == nil {
			return e, first, nil
		}
	}
	return nil, false, fmt.Errorf("tmd: %s has made %d discounted rolls in %s, the most this page keeps", p.Character, maxIQRolls, p.Campaign)
}

// publicIQRoll rolls a kept record's seed.
func (d *Data) publicIQRoll(rec iqRecord, seed dice.Seed) (*PublicIQRoll, error) {
	r, err := d.RollIQ(seed, rec.Character, rec.Number, rec.Tier)
	if err != nil {
		return nil, err
	}
	return &PublicIQRoll{Campaign: rec.Campaign, IQRoll: r}, nil
}

// isIQRoll reports whether raw is a discounted roll's JSON.
func isIQRoll(fields map[string]json.RawMessage) bool {
	return hasFields(fields, "character", "commitment", "number", "tier", "face", "skill")
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
	return fmt.Sprintf("ok: sha256(seed) matches the commitment %s…, and the seed rolls d%d %d (%s) for %s's discounted roll %d of tier %d (%d IQ)%s",
		r.Commitment[:16], r.Die, r.Face, r.Skill, r.Character, r.Number, r.Tier, r.Cost, inCampaign(r.Campaign)), nil
}
