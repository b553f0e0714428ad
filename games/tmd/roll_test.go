package tmd

import (
	"strings"
	"testing"

	"tabletop/dice"
)

func mustSeed(tb testing.TB, hex string) dice.Seed {
	tb.Helper()
	s, err := dice.ParseSeed(hex)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func TestSpeciesRollIsFixedBySeedAndCharacter(t *testing.T) {
	d := mustData(t)
	seed := mustSeed(t, "5eed")
	a, err := d.RollSpecies(seed, "Sparks")
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Species) != 2 || len(a.Faces) < 2 {
		t.Fatalf("roll = %+v, want two species", a)
	}
	// The faces are the d1012 stream derived from the seed and the name.
	s := dice.NewStream(dice.Derive(seed, "tmd species roll: sparks"))
	for i, f := range a.Faces {
		if want := s.Roll(1012); f != want {
			t.Errorf("face %d = %d, want %d", i, f, want)
		}
	}
	again, _ := d.RollSpecies(seed, "  sparks ")
	if strings.Join(again.Species, ",") != strings.Join(a.Species, ",") {
		t.Errorf("rolling again gives %v, first roll %v: the same seed must give the same species", again.Species, a.Species)
	}
	other, _ := d.RollSpecies(seed, "Thistle")
	if strings.Join(other.Species, ",") == strings.Join(a.Species, ",") {
		t.Errorf("two characters rolled the same pair from one seed: %v", a.Species)
	}
	if a.Commitment != seed.Commitment() || a.Seed != seed.String() {
		t.Errorf("commitment/seed = %s/%s", a.Commitment, a.Seed)
	}
	if _, err := d.RollSpecies(seed, " "); err == nil {
		t.Error("a roll without a character name")
	}
}

func TestSpeciesRollRerollsNumberFiftyFive(t *testing.T) {
	d := mustData(t)
	// Find a seed whose stream shows a 55 among the first faces; 1 in 1012
	// a face, so a bounded search over derived seeds finds one.
	for i := range 20000 {
		seed := dice.Derive(dice.Seed{}, "fifty-five", uint64(i))
		r, err := d.RollSpecies(seed, "X")
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range r.Faces {
			if f == 55 {
				if len(r.Faces) != 3 || len(r.Species) != 2 {
					t.Errorf("faces %v species %v: a 55 must be rolled again", r.Faces, r.Species)
				}
				if !strings.Contains(r.Text(d), "55  (no species has this number: rolled again)") {
					t.Errorf("text does not show the re-roll:\n%s", r.Text(d))
				}
				return
			}
		}
	}
	t.Fatal("no 55 in 20000 seeds")
}

func TestVerifySpeciesRoll(t *testing.T) {
	d := mustData(t)
	r, err := d.RollSpecies(mustSeed(t, "abc123"), "Sparks")
	if err != nil {
		t.Fatal(err)
	}
	if err := d.VerifySpeciesRoll(r); err != nil {
		t.Fatalf("an honest roll fails: %v", err)
	}
	forged := r
	forged.Species = []string{"Eevee", "Riolu"}
	if err := d.VerifySpeciesRoll(forged); err == nil {
		t.Error("a roll claiming other species verified")
	}
	other := r
	other.Seed = "abc124"
	if err := d.VerifySpeciesRoll(other); err == nil || !strings.Contains(err.Error(), "not the seed that was committed") {
		t.Errorf("another seed: %v", err)
	}
	renamed := r
	renamed.Character = "Thistle"
	if err := d.VerifySpeciesRoll(renamed); err == nil {
		t.Error("Sparks's roll verified as Thistle's")
	}
	bad := r
	bad.Seed = "xyz"
	if err := d.VerifySpeciesRoll(bad); err == nil {
		t.Error("a seed that is not hex verified")
	}
}
