package main

import (
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/internal/duel"
)

// TestVerify_ChecksFreeRolls checks that a table with free rolls, made by a
// seat whose turn it was not, verifies, and that a free roll's forged face
// does not.
func TestVerify_ChecksFreeRolls(t *testing.T) {
	play := func() engine.Export {
		tab, err := engine.NewTable(duel.Game, engine.Options{"rounds": "2"}, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}, dice.Seed{7})
		if err != nil {
			t.Fatal(err)
		}
		for {
			if _, over := tab.Over(); over {
				return tab.Export(true)
			}
			if _, err := tab.Act(0, duel.Stance{Stance: duel.Guard}); err != nil {
				t.Fatal(err)
			}
			if _, err := tab.Act(0, engine.FreeRoll{Expr: "4dF"}); err != nil { // Ann waits for Bo
				t.Fatal(err)
			}
			if _, err := tab.Act(1, duel.Stance{Stance: duel.Attack}); err != nil {
				t.Fatal(err)
			}
		}
	}
	code, out, errOut := run(t, "", "verify", writeJSON(t, play()))
	if code != 0 || !strings.HasPrefix(out, "ok:") {
		t.Fatalf("verify of a table with free rolls = %d %q %q", code, out, errOut)
	}
	forged := play()
	forged.Log[1].Dice[0].Face = forged.Log[1].Dice[0].Face%3 + 1
	if code, out, errOut := run(t, "", "verify", writeJSON(t, forged)); code != 1 || !strings.Contains(out+errOut, "log entry 2") {
		t.Fatalf("verify of a forged free roll = %d %q %q, want 1 naming entry 2", code, out, errOut)
	}
}
