package tmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// run runs Command and returns its standard output and error.
func run(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := Command(context.Background(), args, &out, &errOut)
	return out.String(), err
}

func TestDamageCommandPrintsTheExactDistribution(t *testing.T) {
	out, err := run(t, "damage", "--attacker", "testdata/sparks.json", "--move", "thunderbolt", "--defender", "Vaporeon@30")
	if err != nil {
		t.Fatalf("damage: %v\n%s", err, out)
	}
	mustContain(t, "output", out,
		"Sparks (Pikachu, level 56) uses Thunderbolt on Vaporeon (level 30)",
		"combat effect +5, penalty 0, mitigation 0, type match-up x2",
		"d20: 1:miss 2:hit",
		"20:crit",
		"miss         0           1/20     5.00%",
		"hit         21           9/10    90.00%",
		"crit        28           1/20     5.00%",
		"total probability 1; expected damage 203/10 = 20.30",
		"secondary effect (paralysis): 1/10 = 10.00%",
	)
}

// mustContain reports each of wants that text lacks.
func mustContain(tb testing.TB, what, text string, wants ...string) {
	tb.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			tb.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

// TestDamageCommandMatchesBruteForce checks that the probabilities printed
// for a dice move are the brute-force enumeration's and sum to one.
func TestDamageCommandMatchesBruteForce(t *testing.T) {
	d := mustData(t)
	out, err := run(t, "damage", "--attacker", "Machop@20", "--move", "Double Kick", "--defender", "Eevee", "--accuracy", "-2", "--burned")
	if err != nil {
		t.Fatalf("damage: %v\n%s", err, out)
	}
	machop, _ := loadCombatant(d, "Machop@20")
	want := bruteForce(d, mustMove(t, d, "Double Kick"),
		Attacker{Types: machop.types, CombatEffect: machop.der.Physical, AP: machop.der.AP, AccuracyStg: -2, Burned: true, Opponents: 1},
		Defender{Types: []string{"Normal"}, AP: 4})
	total := new(big.Rat)
	lines := 0
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) != 4 || (f[0] != "miss" && f[0] != "hit" && f[0] != "crit") {
			continue
		}
		p, ok := new(big.Rat).SetString(f[2])
		if !ok {
			t.Fatalf("bad probability in %q", line)
		}
		if w := want[f[0]+":"+f[1]]; w == nil || w.Cmp(p) != 0 {
			t.Errorf("%s: printed %s, brute force %v", f[0]+" "+f[1], f[2], w)
		}
		total.Add(total, p)
		lines++
	}
	if lines != len(want) || total.Cmp(big.NewRat(1, 1)) != 0 {
		t.Errorf("%d lines summing to %s; want %d lines summing to 1", lines, total.RatString(), len(want))
	}
}

func TestDamageCommandRejectsBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"damage", "--attacker", "Pikachu", "--move", "Gigavolt", "--defender", "Eevee"}, `no move called "Gigavolt"`},
		{[]string{"damage", "--attacker", "Agumon", "--move", "Tackle", "--defender", "Eevee"}, `"Agumon" is neither a sheet file nor a species`},
		{[]string{"damage", "--attacker", "Pikachu@x", "--move", "Tackle", "--defender", "Eevee"}, "not a number"},
		{[]string{"damage", "--attacker", "Pikachu@200", "--move", "Tackle", "--defender", "Eevee"}, "level 200 is off the level table"},
		{[]string{"damage", "--attacker", "Pikachu", "--move", "Growl", "--defender", "Eevee"}, "Growl is a status move"},
		{[]string{"damage", "--attacker", "Pikachu", "--move", "Tackle", "--defender", "Eevee", "--opponents", "0"}, "--opponents 0"},
		{[]string{"damage", "--move", "Tackle", "--defender", "Eevee"}, "--attacker: want a sheet file or a species"},
		{[]string{"damage", "--bogus"}, "flag provided but not defined"},
		{[]string{"frobnicate"}, `unknown command "frobnicate"`},
		{[]string{"damage", "--attacker", "Pikachu", "--move", "Tackle", "--defender", "Eevee", "--rules", "third"}, "--rules"},
		{[]string{"damage", "--attacker", "Pikachu", "--move", "Tackle", "--defender", "Eevee", "stray"}, `unexpected "stray"`},
		{[]string{"sheet", "show"}, "want one FILE"},
		{[]string{"sheet", "new", "--name", "X", "--species", "Mewtwo"}, "Mewtwo is banned"},
		{[]string{"roll-species"}, "want --character NAME"},
		{[]string{"roll-species", "--character", "X", "--seed", "zz"}, "not hexadecimal"},
	} {
		_, err := run(t, c.args...)
		var ue *UsageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: error %v, want a usage error saying %q", c.args, err, c.want)
		}
	}
}

func TestSheetCommands(t *testing.T) {
	out, err := run(t, "sheet", "check", "testdata/sparks.json")
	if err != nil || !strings.Contains(out, "ok: Sparks's sheet follows the rules") {
		t.Errorf("check sparks: %v\n%s", err, out)
	}
	out, err = run(t, "sheet", "show", "testdata/raboot.json")
	if !errors.Is(err, ErrInvalid) || !strings.Contains(out, "+2 special mitigation") || !strings.Contains(out, "2 too many") {
		t.Errorf("show raboot: %v\n%s", err, out)
	}
	out, err = run(t, "sheet", "new", "--name", "Pip", "--species", "Charmander", "--ability", "Solar Power")
	if err != nil {
		t.Fatalf("new: %v", err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "pip.json")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := run(t, "sheet", "check", path); err != nil {
		t.Errorf("a new sheet does not check: %v\n%s", err, out)
	}
	if _, err := run(t, "sheet", "new", "--name", "Pip", "--species", "Charmander", "--ability", "Levitate"); err == nil ||
		!strings.Contains(err.Error(), "Charmander cannot have the ability Levitate") {
		t.Errorf("new with a foreign ability: %v", err)
	}
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"name": "X", "speed": 9}`), 0o644)
	var ue *UsageError
	if _, err := run(t, "sheet", "check", bad); !errors.As(err, &ue) || !strings.Contains(err.Error(), "not a sheet") {
		t.Errorf("a file with an unknown field: %v", err)
	}
}

func TestRollSpeciesCommandChecksItsOwnJSON(t *testing.T) {
	out, err := run(t, "roll-species", "--character", "Sparks", "--seed", "5eed", "--json")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "roll.json")
	os.WriteFile(path, []byte(out), 0o644)
	if got, err := run(t, "roll-species", "--check", path); err != nil || !strings.HasPrefix(got, "ok: sha256(seed) matches the commitment") {
		t.Errorf("check: %v\n%s", err, got)
	}
	var r SpeciesRoll
	json.Unmarshal([]byte(out), &r)
	r.Species[0] = "Mew"
	forged, _ := json.Marshal(r)
	os.WriteFile(path, forged, 0o644)
	if got, err := run(t, "roll-species", "--check", path); !errors.Is(err, ErrInvalid) || !strings.HasPrefix(got, "FAILED") {
		t.Errorf("a forged roll: %v\n%s", err, got)
	}
	text, err := run(t, "roll-species", "--character", "Sparks", "--seed", "5eed")
	if err != nil {
		t.Fatal(err)
	}
	// The commitment comes first and the seed after the faces.
	c, s := strings.Index(text, "commitment: "), strings.Index(text, "seed: 5eed")
	if c != 0 || s < strings.Index(text, "species roll for Sparks") {
		t.Errorf("commitment must come before the roll and the seed after:\n%s", text)
	}
	commit, err := run(t, "roll-species", "--commit")
	if err != nil || !strings.Contains(commit, "commitment: ") || !strings.Contains(commit, "roll with --seed") {
		t.Errorf("--commit: %v\n%s", err, commit)
	}
}

func TestDamageCommandNotesASheetThatBreaksTheRules(t *testing.T) {
	out, err := run(t, "damage", "--attacker", "testdata/raboot.json", "--move", "Flame Charge", "--defender", "testdata/sparks.json")
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "output", out, "note: testdata/raboot.json breaks the rules")
	if strings.Contains(out, "sparks.json breaks") {
		t.Errorf("a valid sheet was noted:\n%s", out)
	}
}

func TestDamageCommandRulesPages(t *testing.T) {
	out, err := run(t, "damage", "--attacker", "testdata/sparks.json", "--move", "Thunderbolt", "--defender", "Vaporeon@30", "--rules", "pages")
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "output", out, "hit         20           9/10")
}

// TestParalysisCostsTwoAPForTheMissingAPPenalty: Sparks has 8 AP; paralyzed
// he has 6, and Iron Tail (8 AP, ≥6, untrained) loses 6 faces on top of
// paralysis: it hits on 12 or more.
func TestParalysisCostsTwoAPForTheMissingAPPenalty(t *testing.T) {
	out, err := run(t, "damage", "--attacker", "testdata/sparks.json", "--move", "Iron Tail", "--defender", "Eevee", "--paralyzed")
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "output", out, "11:miss 12:hit")
}

// TestDamageCommandUsesTheMovesCategory: a physical move takes Attack and
// the defender's Defense, a special one Special Attack and Special Defense,
// the Basic Attack the higher offensive stat.
func TestDamageCommandUsesTheMovesCategory(t *testing.T) {
	dir := t.TempDir()
	sheet := func(name string, pts map[Stat]int) string {
		s := &Sheet{Name: name, Species: "Charmander", Level: 5, Ability: "Blaze", Bonus: Speed, Points: pts, Typeless: "Basic Attack", Rank: "Rookie"}
		b, _ := json.Marshal(s)
		p := filepath.Join(dir, name+".json")
		os.WriteFile(p, b, 0o644)
		return p
	}
	atk := sheet("a", map[Stat]int{SpAtk: 3, Speed: 1})
	def := sheet("d", map[Stat]int{Defense: 2, Speed: 1})
	for move, want := range map[string]string{
		"Scratch":      "combat effect +0, penalty 0, mitigation 2",
		"Ember":        "combat effect +3, penalty 0, mitigation 0",
		"Basic Attack": "combat effect +3, penalty 0, mitigation 0",
	} {
		out, err := run(t, "damage", "--attacker", atk, "--move", move, "--defender", def)
		if err != nil || !strings.Contains(out, want) {
			t.Errorf("%s: %v; want %q in\n%s", move, err, want, out)
		}
	}
}

// TestDamage_SaysWhatAMissingAPCostsTheRoll: when the user has fewer AP
// than the move costs, the damage command says how much more the d20
// needs, so that the faces it lists (hit from 6) agree with what it says
// (the move hits on 2+, and Pikachu at level 10 has 4 AP for a 7 AP move).
func TestDamage_SaysWhatAMissingAPCostsTheRoll(t *testing.T) {
	out, err := run(t, "damage", "--attacker", "Pikachu@10", "--move", "Thunderbolt", "--defender", "Squirtle")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"hits on 2+", "has 4 AP for a move of 7: the d20 needs 4 more to hit", "5:miss 6:hit"} {
		if !strings.Contains(out, want) {
			t.Errorf("damage output lacks %q:\n%s", want, out)
		}
	}
	if out, _ := run(t, "damage", "--attacker", "Machop@20", "--move", "Double Kick", "--defender", "Eevee"); strings.Contains(out, "more to hit") {
		t.Errorf("a move the user has the AP for says it needs more:\n%s", out)
	}
}
