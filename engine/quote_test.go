package engine_test

import (
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
