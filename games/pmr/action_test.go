package pmr

import (
	"testing"

	"tabletop/engine"
)

// TestAction_String_AllocatesAtMostItsText checks the text of actions,
// which engine.Table writes for every action it logs: it reads back as the
// action, and costs no allocation for a training, an entry or a choice (the
// texts are made once) and one (the string) for the others.
func TestAction_String_AllocatesAtMostItsText(t *testing.T) {
	for _, tt := range []struct {
		a         engine.Action
		want      string
		maxAllocs float64
	}{
		{Capture{}, "capture", 0},
		{Train{Monster: 12, Ability: Random}, "train M12 random", 0},
		{Train{Monster: MaxTurns + 100, Ability: Mind}, "train M400 mind", 1},
		{Breed{A: 99, B: 130}, "breed M99 M130", 1},
		{Enter{Monster: 3}, "enter M3", 0},
		{Enter{Monster: MaxTurns + 1}, "enter M301", 1},
		{Choose{Ability: Brawn}, "choose brawn", 0},
	} {
		t.Run(tt.want, func(t *testing.T) {
			if got := tt.a.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
			if back, err := ParseAction(tt.want); err != nil || back != tt.a {
				t.Errorf("ParseAction(%q) = %v, %v, want %v", tt.want, back, err, tt.a)
			}
			if n := testing.AllocsPerRun(20, func() { _ = tt.a.String() }); n > tt.maxAllocs {
				t.Errorf("String() of %v: %v allocations, want at most %v", tt.a, n, tt.maxAllocs)
			}
		})
	}
}
