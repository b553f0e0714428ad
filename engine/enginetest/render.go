package enginetest

import (
	"bytes"
	"html"
	"html/template"
	"regexp"
	"testing"

	"tabletop/engine"
)

// RenderView executes game g's "view" template (engine.Presenter) with
// view v, as the table page does (the seat's View in .View), and returns
// its text: tags dropped and HTML escapes undone.
func RenderView(tb testing.TB, g engine.Game, v engine.View) string {
	tb.Helper()
	pr, ok := g.(engine.Presenter)
	if !ok {
		tb.Fatalf("%s brings no presentation", g.Info().ID)
	}
	tpl, err := template.New("page").Funcs(pr.Funcs()).ParseFS(pr.Pages(), "view.html")
	if err != nil {
		tb.Fatal(err)
	}
	var b bytes.Buffer
	if err := tpl.ExecuteTemplate(&b, "view", struct{ View engine.View }{v}); err != nil {
		tb.Fatal(err)
	}
	return html.UnescapeString(tags.ReplaceAllString(b.String(), ""))
}

var tags = regexp.MustCompile(`<[^>]*>`)
