package pmr

import (
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

func TestReveal_AtTheEndSaysWhatWasLeftSealed(t *testing.T) {
	st, err := New(Options{Turns: 3}, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Reveal(); got != nil {
		t.Fatalf("Reveal before the end = %v, want nothing", got)
	}
	d := dice.NewStream(dice.Seed{3})
	for range 10_000 {
		p := st.Pending()
		if len(p) == 0 {
			break
		}
		if _, err := st.Apply(p[0], st.Legal(p[0])[0], d); err != nil {
			t.Fatal(err)
		}
	}
	got := st.Reveal()
	if len(got) != 1 || !strings.HasPrefix(got[0].Text, "Nothing stayed hidden") {
		t.Fatalf("Reveal after a game played out = %v", got)
	}
	st.stables[1].sealed = Capture{}
	if got := st.Reveal(); len(got) != 1 || got[0].Text != "Bo had sealed "+(Capture{}).String() || got[0].Only != nil {
		t.Fatalf("Reveal with Bo's activity still sealed = %v", got)
	}
}
