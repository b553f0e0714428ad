package server

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestRulesHTML_PassesNoRawHTML checks that a rules summary is rendered from
// Markdown with any raw HTML in it left out, so a rules file cannot put a
// script on the table page.
func TestRulesHTML_PassesNoRawHTML(t *testing.T) {
	got, err := rulesHTML(fstest.MapFS{"rules.md": {Data: []byte("# Play\n\n**Bold** <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n")}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(got), "<h1>Play</h1>") || !strings.Contains(string(got), "<strong>Bold</strong>") {
		t.Errorf("rulesHTML = %q, want the Markdown rendered", got)
	}
	if strings.Contains(string(got), "<script") || strings.Contains(string(got), "<img") {
		t.Errorf("rulesHTML = %q, passes raw HTML through", got)
	}
	if got, err := rulesHTML(fstest.MapFS{}); got != "" || err != nil {
		t.Errorf("rulesHTML of a game without rules.md = %q, %v; want nothing", got, err)
	}
}
