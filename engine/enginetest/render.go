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
// its text: tags dropped and HTML escapes undone. The page is a
// spectator's: forms to act are left out (see RenderPage).
func RenderView(tb testing.TB, g engine.Game, v engine.View) string {
	tb.Helper()
	return RenderPage(tb, g, Page{View: v, Seat: engine.Spectator})
}

// Page is the part of the table page's data a game's "view" template may
// read: the seat's View, the seat, where the log is (Seq), whether the
// game is over, and the URL its forms post to.
type Page struct {
	View   engine.View
	Seat   engine.Seat
	Seq    int
	Over   bool
	ActURL string
}

// RenderPage executes game g's "view" template with p, as RenderView
// does: the seat's own page, its forms to act included.
func RenderPage(tb testing.TB, g engine.Game, p Page) string {
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
	if err := tpl.ExecuteTemplate(&b, "view", p); err != nil {
		tb.Fatal(err)
	}
	return html.UnescapeString(tags.ReplaceAllString(b.String(), ""))
}

var tags = regexp.MustCompile(`<[^>]*>`)
