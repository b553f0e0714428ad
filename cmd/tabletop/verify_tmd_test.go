package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
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

// TestVerify_ATMDLogWhoseSeatsWereBroughtTheOneSampleStillVerifies: a
// stored Mystery Dungeons log (testdata/tmd-one-sample.json, rules tmd-1)
// from when the table brought each player its seat's sample sheet, its
// one choice, verifies now that players choose among samples: its
// entries replay as they were written, and the seat a bot played made a
// choice its bot could make (every sample reads "bring the sheet of Bo").
// go test -update writes the log again, under the rules of the day.
func TestVerify_ATMDLogWhoseSeatsWereBroughtTheOneSampleStillVerifies(t *testing.T) {
	path := filepath.Join("testdata", "tmd-one-sample.json")
	if *update {
		d, err := tmd.LoadData()
		if err != nil {
			t.Fatal(err)
		}
		seats := []engine.SeatInfo{{Name: "Gail", GM: true}, {Name: "Ann"}, {Name: "Bo", Bot: "random"}}
		tab, err := engine.NewTable(tmd.Game, nil, seats, dice.Seed{6})
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range []struct {
			seat engine.Seat
			a    engine.Action
		}{
			{1, tmd.BringSheet{Sheet: *tmd.SampleSheet(d, "Ann", 1)}},
			{2, tmd.BringSheet{Sheet: *tmd.SampleSheet(d, "Bo", 2)}},
			{0, tmd.AddFoe{Species: "Geodude", Level: 5, Moves: []string{"Tackle"}}},
			{0, tmd.StartBattle{First: tmd.Allies}},
			{1, tmd.UseMove{Move: "Ember", Targets: []string{"Geodude"}}},
			{0, tmd.EndBattle{Reason: "it flees"}},
			{0, tmd.End{Reason: "the team rests"}},
		} {
			if _, err := tab.Act(a.seat, a.a); err != nil {
				t.Fatalf("%s: %v", a.a, err)
			}
		}
		raw, err := json.MarshalIndent(tab.Export(true), "", " ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, raw, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if code, out, errOut := run(t, "", "verify", path); code != 0 || !strings.HasPrefix(out, "ok:") {
		t.Fatalf("verify = %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
}
