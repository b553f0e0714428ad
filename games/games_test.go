package games_test

import (
	"io/fs"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/games"
)

// TestRulesTablesAreWholeTables checks every game's rules summary: each
// Markdown table starts after a blank line with a header row and its
// separator, and no row stands alone after a paragraph (such a row shows
// as stray "| a | b |" text on the rules page and at tabletop play's prompt).
func TestRulesTablesAreWholeTables(t *testing.T) {
	for _, g := range games.All() {
		pr, ok := g.(engine.Presenter)
		if !ok {
			continue
		}
		md, err := fs.ReadFile(pr.Pages(), "rules.md")
		if err != nil {
			t.Errorf("%s: rules.md: %v", g.Info().ID, err)
			continue
		}
		lines := strings.Split(string(md), "\n")
		for i, line := range lines {
			if !isRow(line) || (i > 0 && isRow(lines[i-1])) {
				continue
			}
			switch {
			case i > 0 && strings.TrimSpace(lines[i-1]) != "":
				t.Errorf("%s: rules.md line %d: a table row right after a paragraph: %q", g.Info().ID, i+1, line)
			case i+1 >= len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[i+1]), "|--") && !strings.HasPrefix(strings.TrimSpace(lines[i+1]), "|:-"):
				t.Errorf("%s: rules.md line %d: a table without its header separator: %q", g.Info().ID, i+1, line)
			}
		}
	}
}

func isRow(line string) bool { return strings.HasPrefix(strings.TrimSpace(line), "|") }
