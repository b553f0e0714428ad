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
// the seed and the character's name, so this record is the roll.
type rollRecord struct {
	Campaign  string `json:"campaign"`
	Character string `json:"character"`
	Seed      string `json:"seed"`
}

// rollPage is what the species roll's page shows.
type rollPage struct {
	Campaign, Character string
	Roll                *PublicRoll // nil: no roll yet
	Lines               []rollLine
	JustRolled          bool // this request made the roll
	Refused             bool // this request asked for a second roll, which showed the first
}

type rollLine struct {
	Face    int
	Species string // "" for a number with no species, rolled again
}

// speciesRollTool is the species roll's public page: one roll per
// character of a campaign, made at the server, kept for good.
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
		if req.Post {
			// The seed is registered under (campaign, character) before
			// anything is rolled from it: of two rolls for one character,
			// only the first one's seed is ever kept.
			seed := req.NewSeed()
			rec, _ := json.Marshal(rollRecord{Campaign: campaign, Character: character, Seed: seed.String()})
			var first bool
			if raw, first, err = req.Records.Claim(ctx, key, rec); err != nil {
				return nil, err
			}
			p.JustRolled, p.Refused = first, !first
		} else if raw, err = req.Records.Get(ctx, key); errors.Is(err, engine.ErrNoRecord) {
			return p, nil // no roll yet: the page offers to make it
		} else if err != nil {
			return nil, err
		}
		if p.Roll, err = d.publicRoll(raw); err != nil {
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

// publicRoll rolls again from a kept record.
func (d *Data) publicRoll(raw []byte) (*PublicRoll, error) {
	var rec rollRecord
	if err := json.Unmarshal(raw, &rec); err != nil {
		return nil, fmt.Errorf("tmd: a kept species roll cannot be read: %v", err)
	}
	seed, err := dice.ParseSeed(rec.Seed)
	if err != nil {
		return nil, fmt.Errorf("tmd: a kept species roll has a bad seed: %v", err)
	}
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
	for _, k := range []string{"character", "commitment", "faces", "species"} {
		if _, ok := fields[k]; !ok {
			return false
		}
	}
	return true
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
	in := ""
	if r.Campaign != "" {
		in = " in the campaign " + strconv.Quote(r.Campaign)
	}
	return fmt.Sprintf("ok: sha256(seed) matches the commitment %s…, and the seed rolls %v (%s) for %s%s",
		r.Commitment[:16], r.Faces, strings.Join(r.Species, ", "), r.Character, in), nil
}
