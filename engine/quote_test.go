package engine_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"tabletop/engine"
)

// TestQuote_ClipsLongTextAtARune: an error repeats at most MaxQuoted
// characters of what a client sent, cut between runes, with "…" where it
// was cut; shorter text is quoted whole.
func TestQuote_ClipsLongTextAtARune(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"short", "train", `"train"`},
		{"exactly the cap", strings.Repeat("a", engine.MaxQuoted), `"` + strings.Repeat("a", engine.MaxQuoted) + `"`},
		{"one over", strings.Repeat("a", engine.MaxQuoted+1), `"` + strings.Repeat("a", engine.MaxQuoted) + `…"`},
		{"runes of several bytes", strings.Repeat("é", 10_000), `"` + strings.Repeat("é", engine.MaxQuoted) + `…"`},
		{"a line break", "a\nb", `"a\nb"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := engine.Quote(tc.in); got != tc.want {
				t.Errorf("Quote(%.20q…) = %s, want %s", tc.in, got, tc.want)
			}
		})
	}
	clipped := engine.Clip(strings.Repeat("é", 100))
	if !utf8.ValidString(clipped) || utf8.RuneCountInString(clipped) != engine.MaxQuoted+1 {
		t.Errorf("Clip of 100 é = %q, want %d é and …, valid UTF-8", clipped, engine.MaxQuoted)
	}
}

// longText is an action whose text form is a player's long text.
type longText struct{ text string }

func (longText) Kind() string     { return "narrate" }
func (a longText) String() string { return a.text }

// TestIllegal_RepeatsAtMostSixtyCharactersOfTheAction: a refusal names the
// action it refuses by its text form, clipped, so that a refused narration
// of 2,000 characters is not sent back whole.
func TestIllegal_RepeatsAtMostSixtyCharactersOfTheAction(t *testing.T) {
	err := engine.Illegal(longText{strings.Repeat("a", 2000)}, "it is not your scene")
	var ae *engine.ActionError
	if !errors.As(err, &ae) {
		t.Fatalf("Illegal = %v, want an ActionError", err)
	}
	if want := strings.Repeat("a", engine.MaxQuoted) + "…: it is not your scene"; ae.Refusal() != want {
		t.Errorf("Refusal() = %.80q…, want %.80q…", ae.Refusal(), want)
	}
}

// TestLowerASCII_KeepsTheLengthSoIndexesCarryOver: only ASCII letters are
// lowered, so the result is as long as the text and a word found in it is
// found at the same index in the text.
func TestLowerASCII_KeepsTheLengthSoIndexesCarryOver(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"Use Tackle ON Geodude", "use tackle on geodude"},
		{"İzmir's ẞ AND Ünal", "İzmir's ẞ and Ünal"},
		{"a\xffB", "a\xffb"},
	} {
		got := engine.LowerASCII(tc.in)
		if got != tc.want || len(got) != len(tc.in) {
			t.Errorf("LowerASCII(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	text := "İzmir's ẞ AND Ünal"
	if i := strings.Index(engine.LowerASCII(text), " and "); i < 0 || i+len(" and ") > len(text) || text[i+len(" and "):] != "Ünal" {
		t.Errorf("the index of \" and \" in the lowered text, %d, does not carry over to %q", i, text)
	}
}
