package prophecy

import (
	"bytes"
	"embed"
	"html/template"
	"io/fs"
	"net/url"

	"github.com/yuin/goldmark"

	"tabletop/dice"
	"tabletop/engine"
)

// pages holds the game's own presentation: view.html (the table page's
// "view" template, which renders *View), rules.md and static/ (the
// stylesheet, and prophecy.js, which posts the forms' free text).
//
//go:embed pages
var pages embed.FS

// Pages implements engine.Presenter.
func (game) Pages() fs.FS { return engine.SubFS(pages, "pages") }

// Funcs implements engine.Presenter: what view.html cannot work out alone.
func (game) Funcs() template.FuncMap {
	return template.FuncMap{
		"prophecyWorlds":      Worlds,
		"prophecyCategories":  categoryItems,
		"prophecyNo":          func(i int) int { return i + 1 },
		"prophecyPct":         dice.Percent,                                                            // as tabletop odds prints
		"prophecySVG":         func(v *View) template.HTML { return template.HTML(TreeSVG(v.Scenes)) }, // TreeSVG escapes every text
		"prophecyCurrent":     func(v *View) *SceneView { return v.scene(v.Current) },
		"prophecyPair":        func(v *View, sc *SceneView, p Pair) string { return v.pairText(sc, p) },
		"prophecyStory":       storyHTML,
		"prophecyMarkdownURL": markdownURL,
	}
}

// categoryItem is an aspect category for the character form.
type categoryItem struct {
	Name  string
	Index int
}

func categoryItems() []categoryItem {
	out := make([]categoryItem, numCategories)
	for c := range numCategories {
		out[c] = categoryItem{Name: c.String(), Index: int(c)}
	}
	return out
}

// storyHTML is the story (Markdown) as HTML, for the printable page.
// Markdown escapes every text the players wrote, and goldmark leaves out
// raw HTML, so nothing a player typed becomes markup.
func storyHTML(v *View) template.HTML {
	var b bytes.Buffer
	if err := goldmark.Convert([]byte(Markdown(v)), &b); err != nil {
		return template.HTML(template.HTMLEscapeString(err.Error()))
	}
	return template.HTML(b.String())
}

// markdownURL is the story as a data: URL, for the page's download link.
func markdownURL(v *View) template.URL {
	return template.URL("data:text/markdown;charset=utf-8," + url.PathEscape(Markdown(v)))
}
