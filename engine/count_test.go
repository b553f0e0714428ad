package engine

import "testing"

func TestCount_SingularForOneAndPluralOtherwise(t *testing.T) {
	for n, want := range map[int]string{0: "0 rounds", 1: "1 round", 2: "2 rounds", -1: "-1 rounds"} {
		if got := Count(n, "round", "rounds"); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}
