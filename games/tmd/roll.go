package tmd

import (
	"fmt"
	"strings"

	"tabletop/dice"
)

// SpeciesDie is the die of the species roll: the group's list numbers its
// species 1 to 1012 and says to roll 2d1012.
const SpeciesDie = 1012

// SpeciesChoices is how many species a character's roll offers: the player
// rolls two and plays one.
const SpeciesChoices = 2

// maxRerolls bounds the re-rolls of numbers with no entry (one in 1012 a
// roll), so that a damaged list cannot loop for ever.
const maxRerolls = 100

// SpeciesRoll is a character's species roll, made from a seed whose
// sha256 was published before the roll. The faces follow from the seed and
// the character's name alone, so anyone given the seed can roll them again,
// and a second roll for the same character with the same seed gives the
// same species: a reroll needs a new seed, and so a new commitment.
type SpeciesRoll struct {
	Character  string   `json:"character"`
	Commitment string   `json:"commitment"` // hex sha256(seed), published before the roll
	Seed       string   `json:"seed"`       // revealed after the roll
	Faces      []int    `json:"faces"`      // every d1012 face in order, numbers rolled again included
	Species    []string `json:"species"`    // the species offered
}

// RollAgain is the command that rolls r again from its seed, for a shell:
// the character's name in single quotes unless it is plain, so that a name
// copied with the command is only ever a name (a name such as
// x" $(rm -rf ~) " stays one argument, and runs nothing).
func (r SpeciesRoll) RollAgain() string {
	return "tabletop tmd roll-species --character " + shellWord(r.Character) + " --seed " + r.Seed
}

// shellWord quotes s as one word for a POSIX shell: as it is if it holds
// only letters, digits and -_.,:/@%+=, else in single quotes, where a
// single quote in s ends the quoting, comes escaped by a backslash, and
// the quoting starts again.
func shellWord(s string) string {
	plain := s != ""
	for _, c := range s {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.ContainsRune("-_.,:/@%+=", c)) {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// speciesStream returns the dice stream of a character's species roll:
// derived from the seed and the character's name (trimmed, lower case).
func speciesStream(seed dice.Seed, character string) *dice.Stream {
	return dice.NewStream(dice.Derive(seed, "tmd species roll: "+strings.ToLower(strings.TrimSpace(character))))
}

// RollSpecies rolls a character's species: SpeciesChoices d1012 rolls, each
// number with no species on the list rolled again.
func (d *Data) RollSpecies(seed dice.Seed, character string) (SpeciesRoll, error) {
	if strings.TrimSpace(character) == "" {
		return SpeciesRoll{}, fmt.Errorf("tmd: a species roll needs the character's name")
	}
	r := SpeciesRoll{Character: strings.TrimSpace(character), Commitment: seed.Commitment(), Seed: seed.String()}
	s := speciesStream(seed, character)
	for len(r.Species) < SpeciesChoices {
		if len(r.Faces) >= SpeciesChoices+maxRerolls {
			return SpeciesRoll{}, fmt.Errorf("tmd: %d rolls without a species: the species list is damaged", len(r.Faces))
		}
		f := s.Roll(SpeciesDie)
		r.Faces = append(r.Faces, f)
		if sp, err := d.SpeciesRolled(f); err == nil {
			r.Species = append(r.Species, sp.Name)
		}
	}
	return r, nil
}

// committedSeed parses a published roll's seed and checks that its
// sha256 is the roll's commitment.
func committedSeed(hex, commitment string) (dice.Seed, error) {
	seed, err := dice.ParseSeed(hex)
	if err != nil {
		return dice.Seed{}, fmt.Errorf("tmd: %w", err)
	}
	if got := seed.Commitment(); got != strings.ToLower(commitment) {
		return dice.Seed{}, fmt.Errorf("tmd: sha256 of the seed is %s, not the commitment %s: this is not the seed that was committed", got, commitment)
	}
	return seed, nil
}

// VerifySpeciesRoll checks a published roll: that the seed matches the
// commitment and that rolling again from the seed for the same character
// gives the same faces and species.
func (d *Data) VerifySpeciesRoll(r SpeciesRoll) error {
	seed, err := committedSeed(r.Seed, r.Commitment)
	if err != nil {
		return err
	}
	again, err := d.RollSpecies(seed, r.Character)
	if err != nil {
		return err
	}
	if fmt.Sprint(again.Faces) != fmt.Sprint(r.Faces) || fmt.Sprint(again.Species) != fmt.Sprint(r.Species) {
		return fmt.Errorf("tmd: the seed rolls %v (%s) for %s, not %v (%s)",
			again.Faces, strings.Join(again.Species, ", "), r.Character, r.Faces, strings.Join(r.Species, ", "))
	}
	return nil
}

// Text describes the roll: the faces, what each is, and how to check it.
func (r SpeciesRoll) Text(d *Data) string {
	var b strings.Builder
	fmt.Fprintf(&b, "species roll for %s: %dd%d\n", r.Character, SpeciesChoices, SpeciesDie)
	for _, f := range r.Faces {
		if sp, err := d.SpeciesRolled(f); err == nil {
			fmt.Fprintf(&b, "  %4d  %s\n", f, sp.Name)
		} else {
			fmt.Fprintf(&b, "  %4d  (no species has this number: rolled again)\n", f)
		}
	}
	return b.String()
}
