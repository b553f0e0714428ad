package main

import (
	"encoding/json"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/games/tmd"
)

// TestVerify_ChecksASpeciesRoll checks that tabletop verify takes a species
// roll as a roll page downloads it (with its campaign): ok when the seed
// matches the commitment and rolls the faces for the character, FAILED
// (exit 1) once anything is changed.
func TestVerify_ChecksASpeciesRoll(t *testing.T) {
	d, err := tmd.LoadData()
	if err != nil {
		t.Fatal(err)
	}
	r, err := d.RollSpecies(dice.Seed{1, 7}, "Sparks")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(tmd.PublicRoll{Campaign: "Thursday Guild", SpeciesRoll: r})
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, string(raw), "verify", "-")
	if code != 0 || !strings.HasPrefix(out, "ok: sha256(seed) matches the commitment") || !strings.Contains(out, `for Sparks in the campaign "Thursday Guild"`) {
		t.Fatalf("verify of a species roll = %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	for name, bad := range map[string]string{
		"another character": strings.Replace(string(raw), `"Sparks"`, `"Sparky"`, 1),
		"another seed":      strings.Replace(string(raw), `"seed":"0107`, `"seed":"0108`, 1),
		"another species":   strings.Replace(string(raw), `"`+r.Species[0]+`"`, `"Mew"`, 1),
	} {
		if bad == string(raw) {
			t.Fatalf("%s: the roll was not changed", name)
		}
		if code, out, _ := run(t, bad, "verify", "-"); code != 1 || !strings.HasPrefix(out, "FAILED: ") {
			t.Errorf("verify of a roll with %s = %d, want 1 and FAILED:\n%s", name, code, out)
		}
	}
}

// TestVerify_ChecksAnIQVendorRoll checks that tabletop verify takes an IQ
// skill vendor's discounted roll as its page downloads it: ok when the seed
// matches the commitment and rolls the face and skill for the character's
// numbered roll, FAILED (exit 1) once anything is changed.
func TestVerify_ChecksAnIQVendorRoll(t *testing.T) {
	d, err := tmd.LoadData()
	if err != nil {
		t.Fatal(err)
	}
	r, err := d.RollIQ(dice.Seed{3, 9}, "Sparks", 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(tmd.PublicIQRoll{Campaign: "Thursday Guild", IQRoll: r})
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, string(raw), "verify", "-")
	if code != 0 || !strings.HasPrefix(out, "ok: sha256(seed) matches the commitment") ||
		!strings.Contains(out, "for Sparks's discounted roll 2 of tier 1 (20 IQ) in the campaign \"Thursday Guild\"") {
		t.Fatalf("verify of a discounted roll = %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	for name, bad := range map[string]string{
		"another character": strings.Replace(string(raw), `"Sparks"`, `"Sparky"`, 1),
		"another number":    strings.Replace(string(raw), `"number":2`, `"number":1`, 1),
		"another skill":     strings.Replace(string(raw), `"skill":"`+r.Skill+`"`, `"skill":"Mind Reader"`, 1),
	} {
		if bad == string(raw) {
			t.Fatalf("%s: the roll was not changed", name)
		}
		if code, out, _ := run(t, bad, "verify", "-"); code != 1 || !strings.HasPrefix(out, "FAILED: ") {
			t.Errorf("verify of a roll with %s = %d, want 1 and FAILED:\n%s", name, code, out)
		}
	}
}
