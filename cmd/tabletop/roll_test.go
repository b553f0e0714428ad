package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"tabletop/dice"
)

// wantRolls rolls expr n times from the seed with the dice package directly.
func wantRolls(t *testing.T, expr, seedHex string, n int) []*dice.Result {
	t.Helper()
	seed, err := dice.ParseSeed(seedHex)
	if err != nil {
		t.Fatal(err)
	}
	e := dice.MustParse(expr)
	s := dice.NewStream(seed)
	var rs []*dice.Result
	for range n {
		r, err := e.Roll(s)
		if err != nil {
			t.Fatal(err)
		}
		rs = append(rs, r)
	}
	return rs
}

func TestRoll_SeededTextMatchesDicePackage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		expr string
		n    int
	}{
		{name: "one roll", args: []string{"roll", "3d6+2", "--seed", "01"}, expr: "3d6+2", n: 1},
		{name: "flags first", args: []string{"roll", "-n", "3", "--seed", "01", "4d6kh3"}, expr: "4d6kh3", n: 3},
		{name: "flags after", args: []string{"roll", "4dF", "-n=2", "-seed=ab"}, expr: "4dF", n: 2},
		{name: "negative expression first", args: []string{"roll", "-2d6+10", "--seed", "01"}, expr: "-2d6+10", n: 1},
		{name: "negative expression after flags", args: []string{"roll", "-n", "2", "-seed", "01", "-d20"}, expr: "-d20", n: 2},
		{name: "expression in several words", args: []string{"roll", "--seed", "01", "1d20", "-", "2d6"}, expr: "1d20 - 2d6", n: 1},
		{name: "after double dash", args: []string{"roll", "--seed", "01", "--", "-(d6)"}, expr: "-(d6)", n: 1},
		{name: "exploding pool", args: []string{"roll", "5d6!>=4", "-n", "5", "--seed", "02"}, expr: "5d6!>=4", n: 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, "", tt.args...)
			if code != 0 {
				t.Fatalf("Run(%q) = %d, stderr %q; want 0", tt.args, code, errs)
			}
			seed := "01"
			for i, a := range tt.args {
				if strings.Contains(a, "seed") {
					if _, v, ok := strings.Cut(a, "="); ok {
						seed = v
					} else {
						seed = tt.args[i+1]
					}
				}
			}
			var want strings.Builder
			for _, r := range wantRolls(t, tt.expr, seed, tt.n) {
				want.WriteString(r.String() + "\n")
			}
			if out != want.String() {
				t.Errorf("Run(%q) printed\n%s\nwant\n%s", tt.args, out, want.String())
			}
		})
	}
}

func TestRoll_FudgeText(t *testing.T) {
	code, out, errs := run(t, "", "roll", "4dF", "-n", "20")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	line := regexp.MustCompile(`^4dF: (\[[-+_]\] ){3}\[[-+_]\] = -?[0-4]$`)
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if !line.MatchString(l) {
			t.Errorf("line %q does not look like %q", l, line)
		}
	}
}

func TestRoll_JSONOneObjectPerRoll(t *testing.T) {
	code, out, errs := run(t, "", "roll", "4d6kh3", "-n", "3", "--seed", "ff", "--json")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	want := wantRolls(t, "4d6kh3", "ff", 3)
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i, l := range lines {
		var got struct {
			Expr  string
			Total int
			Dice  []map[string]any
		}
		if err := json.Unmarshal([]byte(l), &got); err != nil {
			t.Fatalf("line %d %q: %v", i, l, err)
		}
		if got.Expr != "4d6kh3" || got.Total != want[i].Total || len(got.Dice) != 4 {
			t.Errorf("line %d = %+v, want expr 4d6kh3, total %d, 4 dice", i, got, want[i].Total)
		}
		for _, d := range got.Dice {
			for _, k := range []string{"sides", "face", "kept", "exploded", "rerolled"} {
				if _, ok := d[k]; !ok {
					t.Errorf("line %d: die %v has no %q", i, d, k)
				}
			}
		}
	}
}

func TestRoll_BadUsageExitsTwo(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantErr string
	}{
		{name: "syntax error names the column", args: []string{"roll", "3d6+)"}, wantErr: `tabletop roll: "3d6+)": col 5: unexpected ')'`},
		{name: "no expression", args: []string{"roll", "--seed", "01"}, wantErr: "missing dice expression"},
		{name: "bad seed", args: []string{"roll", "d6", "--seed", "xyz"}, wantErr: "--seed: seed"},
		{name: "zero rolls", args: []string{"roll", "d6", "-n", "0"}, wantErr: "-n 0"},
		{name: "unknown flag", args: []string{"roll", "d6", "--bogus"}, wantErr: "flag provided but not defined"},
		{name: "impossible dice", args: []string{"roll", "3d6kh4"}, wantErr: "cannot keep 4 of 3 dice"},
		{name: "too many dice", args: []string{"roll", "1001d6"}, wantErr: "too many dice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(t, "", tt.args...)
			// The flag package prints the usage before an unknown flag's error:
			// the message is the last line.
			lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
			if code != 2 || out != "" || !strings.Contains(lines[len(lines)-1], tt.wantErr) {
				t.Errorf("Run(%q) = %d, stdout %q, stderr %q; want 2 and a last line containing %q", tt.args, code, out, errs, tt.wantErr)
			}
		})
	}
}

// TestRoll_D66JSONIsTwoD6NotA66SidedDie: a d66 is a tens d6 and a units d6
// read as 11..66 (dice/doc.go), 36 values as odds d66 says, so the JSON of
// a roll marks it as a d66 and claims no 66-sided die.
func TestRoll_D66JSONIsTwoD6NotA66SidedDie(t *testing.T) {
	code, out, errOut := run(t, "", "roll", "d66", "-n", "20", "--seed", "01", "--json")
	if code != 0 {
		t.Fatalf("roll d66 = %d: %s", code, errOut)
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var got struct{ Dice []map[string]any }
		if err := json.Unmarshal([]byte(l), &got); err != nil || len(got.Dice) != 1 {
			t.Fatalf("%q: %v, want one die", l, err)
		}
		d := got.Dice[0]
		if _, ok := d["sides"]; ok || d["d66"] != true {
			t.Errorf("a d66 in JSON: %v, want \"d66\": true and no \"sides\"", d)
		}
		face, _ := d["face"].(float64)
		if tens, units := int(face)/10, int(face)%10; tens < 1 || tens > 6 || units < 1 || units > 6 {
			t.Errorf("a d66 shows %v: not a tens d6 and a units d6", d["face"])
		}
	}
	if _, odds, _ := run(t, "", "odds", "d66"); !strings.Contains(odds, "36 values") || !strings.Contains(odds, "min 11, max 66") {
		t.Errorf("odds d66 disagrees:\n%s", odds)
	}
}
