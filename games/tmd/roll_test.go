package tmd

import (
	"os"
	"os/exec"
	"path/filepath"
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

// TestRollAgain_TheNameIsOneWordForTheShell: the command a roll's page and
// the terminal print to roll it again passes the character's name to a
// shell as one word, as it is, whatever it holds: a name that holds quotes
// or $(...) runs nothing when the command is copied.
func TestRollAgain_TheNameIsOneWordForTheShell(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh here to run the command with")
	}
	for _, name := range []string{"Sparks", "Mr. Mime", `x" $(touch pwned) "`, "it's `id`", "a'b''c", "$HOME", "tab\there", "ünï çødé", "-n"} {
		cmd := SpeciesRoll{Character: name, Seed: "5eed"}.RollAgain()
		args, ok := strings.CutPrefix(cmd, "tabletop ")
		if !ok {
			t.Fatalf("%q: the command %q does not start with tabletop", name, cmd)
		}
		// The shell reads the words it would pass to tabletop, and prints
		// each bracketed.
		c := exec.Command(sh, "-c", "set -- "+args+`; for a; do printf '[%s]' "$a"; done`)
		c.Dir = t.TempDir() // where a "touch pwned" that ran would leave its file
		out, err := c.Output()
		if err != nil {
			t.Fatalf("%q: %v", name, err)
		}
		if want := "[tmd][roll-species][--character][" + name + "][--seed][5eed]"; string(out) != want {
			t.Errorf("%q: the shell reads %s, want %s", name, out, want)
		}
		if _, err := os.Stat(filepath.Join(c.Dir, "pwned")); err == nil {
			t.Errorf("%q: reading the command ran a command in the name", name)
		}
	}
}
