package enginetest

import (
	"html/template"
	"testing"

	"tabletop/engine"
)

// MustPage parses a game's view.html with the game's template functions,
// as the server does, so that a game's tests can render its table page
// without a server.
func MustPage(tb testing.TB, p engine.Presenter) *template.Template {
	tb.Helper()
	t, err := template.New("").Funcs(p.Funcs()).ParseFS(p.Pages(), "view.html")
	if err != nil {
		tb.Fatalf("view.html: %v", err)
	}
	return t
}
