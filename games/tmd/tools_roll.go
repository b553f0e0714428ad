package tmd

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"tabletop/dice"
	"tabletop/engine"
)

// maxRollName bounds a campaign's and a character's name on the species
// roll's page.
const maxRollName = 100

// PublicRoll is a species roll made at the server for a character of a
// campaign, as its public page shows it and exports it: the roll (which
// tabletop tmd roll-species --check reads) and the campaign it belongs to.
type PublicRoll struct {
	Campaign string `json:"campaign"`
	SpeciesRoll
}

// rollRecord is what the server keeps under (campaign, character): the
// seed, stored before any face is rolled from it. The roll follows from
// the seed and the character's name, so this record is the roll once it
// is made.
//
// The page rolls in two steps: a POST commits (draws the seed, keeps this
// record, and shows only sha256(seed) for the player to share), and a
// later POST with action=roll claims a second write-once record under
// key+rolledSuffix, which marks the roll made and reveals the seed. A
// record made so says Commit. A record without it was made by the page's
// earlier one-step flow, which rolled as it kept the seed: it counts as
// rolled, with no marker.
type rollRecord struct {
	Campaign  string `json:"campaign"`
	Character string `json:"character"`
	Seed      string `json:"seed"`
	Commit    bool   `json:"commit,omitempty"` // rolled only once key+rolledSuffix is claimed
}

// rolledSuffix is added to a character's record key for the record that
// marks its committed seed rolled.
const rolledSuffix = "/rolled"

// rolledRecord is what the server keeps under key+rolledSuffix: the
// commitment rolled, for whoever reads the store.
type rolledRecord struct {
	Commitment string `json:"commitment"`
}

// rollPage is what the species roll's page shows.
type rollPage struct {
	Campaign, Character string
	Commitment          string      // hex sha256(seed): "" if no seed is committed yet
	Roll                *PublicRoll // nil: not rolled yet (the seed stays secret)
	Lines               []rollLine
	JustCommitted       bool // this request committed the seed
	Recommitted         bool // this request asked for a commitment again, which showed the first
	JustRolled          bool // this request made the roll
	Refused             bool // this request asked for a second roll (or a new seed after the roll), which showed the first
}

type rollLine struct {
	Face    int
	Species string // "" for a number with no species, rolled again
}

// speciesRollTool is the species roll's public page: one roll per
// character of a campaign, made at the server from a seed committed
// before and revealed after, kept for good.
var speciesRollTool = engine.Tool{
	Name: "species-roll", Title: "Species roll", Page: "tools/species-roll.html",
	Run: func(ctx context.Context, req engine.ToolRequest) (any, error) {
		if len(req.Form) == 0 {
			return nil, nil // the empty form
		}
		campaign, err := rollName(req.Form.Get("campaign"), "campaign")
		if err != nil {
			return nil, err
		}
		character, err := rollName(req.Form.Get("character"), "character")
		if err != nil {
			return nil, err
		}
		d, err := LoadData()
		if err != nil {
			return nil, err
		}
		p := &rollPage{Campaign: campaign, Character: character}
		key := rollKey(campaign, character)
		var raw []byte
		switch {
		case req.Post && req.Form.Get("action") == "roll":
			if raw, err = req.Records.Get(ctx, key); errors.Is(err, engine.ErrNoRecord) {
				return nil, fmt.Errorf("tmd: no seed is committed for %s in %s yet: commit one first, and share its commitment before you roll", character, campaign)
			} else if err != nil {
				return nil, err
			}
		case req.Post:
			// The seed is registered under (campaign, character) before
			// anything is rolled from it: of two commitments for one
			// character, only the first one's seed is ever kept.
			seed := req.NewSeed()
			rec, _ := json.Marshal(rollRecord{Campaign: campaign, Character: character, Seed: seed.String(), Commit: true})
			var first bool
			if raw, first, err = req.Records.Claim(ctx, key, rec); err != nil {
				return nil, err
			}
			p.JustCommitted = first
		default:
			if raw, err = req.Records.Get(ctx, key); errors.Is(err, engine.ErrNoRecord) {
				return p, nil // no seed yet: the page offers to commit one
			} else if err != nil {
				return nil, err
			}
		}
		rec, seed, err := readRollRecord(raw)
		if err != nil {
			return nil, err
		}
		p.Commitment = seed.Commitment()
		rolled := !rec.Commit // a record of the one-step flow was rolled as it was kept
		if rec.Commit {
			marker, _ := json.Marshal(rolledRecord{Commitment: p.Commitment})
			if req.Post && req.Form.Get("action") == "roll" {
				var first bool
				if _, first, err = req.Records.Claim(ctx, key+rolledSuffix, marker); err != nil {
					return nil, err
				}
				rolled, p.JustRolled, p.Refused = true, first, !first
			} else if _, err = req.Records.Get(ctx, key+rolledSuffix); err == nil {
				rolled = true
			} else if !errors.Is(err, engine.ErrNoRecord) {
				return nil, err
			}
		} else if req.Post && req.Form.Get("action") == "roll" {
			p.Refused = true
		}
		if req.Post && req.Form.Get("action") != "roll" && !p.JustCommitted {
			p.Recommitted, p.Refused = !rolled, rolled
		}
		if !rolled {
			if req.Form.Get("format") == "json" {
				return nil, fmt.Errorf("tmd: %s's species is not rolled yet in %s: there is nothing to download until it is", character, campaign)
			}
			return p, nil // committed: the page shows the commitment and offers the roll
		}
		if p.Roll, err = d.publicRoll(rec, seed); err != nil {
			return nil, err
		}
		if req.Form.Get("format") == "json" {
			b, err := json.MarshalIndent(p.Roll, "", "  ")
			if err != nil {
				return nil, err
			}
			return &engine.ToolFile{Name: "species-roll.json", Type: "application/json", Body: append(b, '\n')}, nil
		}
		for _, f := range p.Roll.Faces {
			line := rollLine{Face: f}
			if sp, err := d.SpeciesRolled(f); err == nil {
				line.Species = sp.Name
			}
			p.Lines = append(p.Lines, line)
		}
		return p, nil
	},
}

// readRollRecord reads a kept record and its seed.
func readRollRecord(raw []byte) (rollRecord, dice.Seed, error) {
	var rec rollRecord
	if err := json.Unmarshal(raw, &rec); err != nil {
		return rec, dice.Seed{}, fmt.Errorf("tmd: a kept species roll cannot be read: %v", err)
	}
	seed, err := dice.ParseSeed(rec.Seed)
	if err != nil {
		return rec, dice.Seed{}, fmt.Errorf("tmd: a kept species roll has a bad seed: %v", err)
	}
	return rec, seed, nil
}

// publicRoll rolls again from a kept record.
func (d *Data) publicRoll(rec rollRecord, seed dice.Seed) (*PublicRoll, error) {
	r, err := d.RollSpecies(seed, rec.Character)
	if err != nil {
		return nil, err
	}
	return &PublicRoll{Campaign: rec.Campaign, SpeciesRoll: r}, nil
}

// rollName checks a campaign's or a character's name: trimmed, inner
// spaces single, printable, not empty and not too long.
func rollName(s, what string) (string, error) {
	s = strings.Join(strings.Fields(s), " ")
	switch {
	case s == "":
		return "", fmt.Errorf("tmd: give the %s's name", what)
	case len([]rune(s)) > maxRollName:
		return "", fmt.Errorf("tmd: the %s's name is longer than %d characters", what, maxRollName)
	case strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0:
		return "", fmt.Errorf("tmd: the %s's name has a character that cannot be printed", what)
	}
	return s, nil
}

// rollKey is the record key of a character of a campaign: sha256 of the
// two names in lower case (as the roll's dice are derived from the
// character's name in lower case, "Sparks" and "sparks" are one
// character), so that any names give a key of one short length.
func rollKey(campaign, character string) string {
	names, _ := json.Marshal([]string{strings.ToLower(campaign), strings.ToLower(character)})
	sum := sha256.Sum256(names)
	return hex.EncodeToString(sum[:])
}

// IsRoll reports whether raw is a species roll (roll-species --json, a
// roll page's download) or an IQ skill vendor's discounted roll (its
// page's download) rather than a table export, for tabletop verify.
func IsRoll(raw []byte) bool {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return false
	}
	if _, hasLog := fields["log"]; hasLog {
		return false
	}
	if isIQRoll(fields) {
		return true
	}
	return hasFields(fields, "character", "commitment", "faces", "species")
}

// hasFields reports whether a JSON object's fields hold every key.
func hasFields(fields map[string]json.RawMessage, keys ...string) bool {
	for _, k := range keys {
		if _, ok := fields[k]; !ok {
			return false
		}
	}
	return true
}

// inCampaign is " in the campaign \"Blue\"" for a roll's check line, or
// nothing for a roll made outside any campaign.
func inCampaign(campaign string) string {
	if campaign == "" {
		return ""
	}
	return " in the campaign " + strconv.Quote(campaign)
}

// CheckRoll checks a species roll's or a discounted roll's JSON against its
// seed and commitment and says what it proves; a roll that fails is an
// error wrapping ErrInvalid, a file that is no roll a *UsageError.
func CheckRoll(raw []byte) (string, error) {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) == nil && isIQRoll(fields) {
		return checkIQRoll(raw)
	}
	var r PublicRoll
	if err := json.Unmarshal(raw, &r); err != nil {
		return "", usagef("not a species roll: %v", err)
	}
	d, err := LoadData()
	if err != nil {
		return "", err
	}
	if err := d.VerifySpeciesRoll(r.SpeciesRoll); err != nil {
		return "", fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	return fmt.Sprintf("ok: sha256(seed) matches the commitment %s…, and the seed rolls %v (%s) for %s%s",
		r.Commitment[:16], r.Faces, strings.Join(r.Species, ", "), r.Character, inCampaign(r.Campaign)), nil
}
