package mgt

import (
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

func TestLabel_AnAttackNamesItsTargetByName(t *testing.T) {
	seats := []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}, {Name: "Cy"}}
	st, err := New(Options{}, seats, dice.NewStream(dice.Seed{1}))
	if err != nil {
		t.Fatal(err)
	}
	v := st.View(0)
	for _, tc := range []struct {
		a    engine.Action
		want string
	}{
		{Attack{Target: 2}, "attack Cy"},
		{Attack{Target: 1}, "attack Bo"},
		{Attack{Target: NoTarget}, "no attack"},
		{Pass{}, "pass"},
	} {
		if got := engine.Label(Game, v, tc.a); got != tc.want {
			t.Errorf("Label(%s) = %q, want %q", tc.a, got, tc.want)
		}
	}
}
