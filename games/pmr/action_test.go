package pmr

import (
	"testing"

	"tabletop/engine"
)

// TestAction_String_AllocatesOnlyItsText checks that an action's text, which
// engine.Table writes for every action it logs, costs one allocation (the
// string) and no more, and reads back as the action.
func TestAction_String_AllocatesOnlyItsText(t *testing.T) {
	for _, tt := range []struct {
		a    engine.Action
		want string
	}{
		{Capture{}, "capture"},
		{Train{Monster: 12, Ability: Random}, "train M12 random"},
		{Breed{A: 99, B: 130}, "breed M99 M130"},
		{Enter{Monster: 3}, "enter M3"},
		{Choose{Ability: Brawn}, "choose brawn"},
	} {
		t.Run(tt.want, func(t *testing.T) {
			if got := tt.a.String(); got != tt.want {
				t.Errorf("String() = %q, want %q", got, tt.want)
			}
			if back, err := ParseAction(tt.want); err != nil || back != tt.a {
				t.Errorf("ParseAction(%q) = %v, %v, want %v", tt.want, back, err, tt.a)
			}
			if n := testing.AllocsPerRun(20, func() { _ = tt.a.String() }); n > 1 {
				t.Errorf("String() of %v: %v allocations, want at most 1", tt.a, n)
			}
		})
	}
}
