package prophecy

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseAction_RoundTrip(t *testing.T) {
	for _, text := range []string{
		"world fantasy", "receive", "start", "roll", "expect 3",
		"character Ann Lee: smith; strong; stubborn; sister of Bo; the Guild",
		"add 1: Find the map; the old library", "add 2: Find the map",
		"edit 1: Stop the flood; the harbour", "move 3 under 2", "remove 3",
		"perform 2", "object the guard: bored; greedy", "attach 1: asleep",
		"pair 1.2 with 3.1", "strike 1", "narrate: We slipped past. Barely.",
		"aspect 2: scarred", "aspect 2.3: fearless",
	} {
		a, err := ParseAction(text)
		if err != nil {
			t.Errorf("ParseAction(%q): %v", text, err)
			continue
		}
		if a.String() != text {
			t.Errorf("ParseAction(%q).String() = %q", text, a)
		}
		again, err := ParseAction(a.String())
		if err != nil || !reflect.DeepEqual(again, a) {
			t.Errorf("ParseAction(%q) again = %#v, %v; want %#v", a, again, err, a)
		}
	}
}

func TestParseAction_RefusesWhatItCannotRead(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"", "empty action"},
		{"fly away", `unknown action "fly"`},
		{"character Ann: a; b; c", "5 aspects"},
		{"add one: x", `"one" is not a number`},
		{"add 1", "the text comes after a colon"},
		{"pair 1 with 2", "pair CHARACTER.ASPECT with OBJECT.ASPECT"},
		{"move 3 to 2", "move SCENE under SCENE"},
		{"roll 3", "roll takes nothing"},
	} {
		if _, err := ParseAction(tt.text); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseAction(%q) = %v, want an error saying %q", tt.text, err, tt.want)
		}
	}
}
