package main

import (
	"strings"
	"testing"
)

// TestOdds_TotalComparisonPrintsTheExactChance checks that tabletop odds
// takes a comparison of a whole total and prints the exact chance that it
// holds as the probability of 1 (the chances are checked against a count
// over every face in the dice package's tests), and that roll shows the
// faces, the total and the verdict.
func TestOdds_TotalComparisonPrintsTheExactChance(t *testing.T) {
	for _, tt := range []struct{ expr, row string }{
		{"(3d20)>30", "43/80"},
		{"1d20+3>=12", "3/5"},
		{"(5d6>=5)>=2", "131/243"},
	} {
		code, out, errOut := run(t, "", "odds", tt.expr)
		if code != 0 {
			t.Fatalf("odds %s = %d: %s", tt.expr, code, errOut)
		}
		if !strings.Contains(out, "2 values, exact") || !strings.Contains(out, tt.row) {
			t.Errorf("odds %s lacks the exact chance %s:\n%s", tt.expr, tt.row, out)
		}
	}
	code, out, _ := run(t, "", "roll", "d20+3>=12", "--seed", "02")
	if code != 0 || strings.TrimSpace(out) != "d20+3>=12: d20{14}+3 = 17 >=12: true (1)" {
		t.Errorf("roll = %d %q", code, out)
	}
	if code, _, errOut := run(t, "", "odds", "3d20>30"); code == 0 || !strings.Contains(errOut, "(3d20)>30") {
		t.Errorf("odds 3d20>30 = %d %q: want a refusal offering the parenthesised form", code, errOut)
	}
}
