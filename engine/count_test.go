package engine

import "testing"

func TestCount_SingularForOneAndPluralOtherwise(t *testing.T) {
	for n, want := range map[int]string{0: "0 rounds", 1: "1 round", 2: "2 rounds", -1: "-1 rounds"} {
		if got := Count(n, "round", "rounds"); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestJoinAnd_CommasAndTheLastWithAnd(t *testing.T) {
	for _, tc := range []struct {
		names []string
		want  string
	}{
		{nil, ""},
		{[]string{"Ann"}, "Ann"},
		{[]string{"Ann", "Bo"}, "Ann and Bo"},
		{[]string{"Ann", "Bo", "Cy"}, "Ann, Bo and Cy"},
		{[]string{"Ann", "Bo", "Cy", "Di"}, "Ann, Bo, Cy and Di"},
	} {
		if got := JoinAnd(tc.names); got != tc.want {
			t.Errorf("JoinAnd(%q) = %q, want %q", tc.names, got, tc.want)
		}
	}
}
