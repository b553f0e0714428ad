package tmd

import (
	"embed"
	"fmt"
	"html/template"
	"io/fs"

	"tabletop/engine"
)

// pages holds the game's own presentation: view.html (the table page's
// "view" template, which renders *View), rules.md and static/.
//
//go:embed pages
var pages embed.FS

// Pages implements engine.Presenter.
func (game) Pages() fs.FS { return engine.SubFS(pages, "pages") }

// Explain implements engine.Explainer: a move on one target says its
// exact chances from the seat's own view (the odds it carries); the
// non-move actions say what they cost and do.
func (game) Explain(v engine.View, a engine.Action) string {
	if view, ok := v.(*View); ok {
		return view.explain(a)
	}
	return ""
}

// Label implements engine.Labeler: a sheet on offer names its species as
// well ("bring the sheet of Ann, a level 5 Pikachu"), since the samples a
// player chooses among all bring the player's name; every other action
// reads as its text form.
func (game) Label(_ engine.View, a engine.Action) string {
	if b, ok := a.(BringSheet); ok {
		return fmt.Sprintf("%s, a level %d %s", b, b.Sheet.Level, b.Sheet.Species)
	}
	return ""
}

// RenderText implements engine.TextRenderer: a seat's view for the
// terminal (tabletop play), from the view alone.
func (game) RenderText(v engine.View, s engine.Seat) string {
	if view, ok := v.(*View); ok {
		return view.text()
	}
	return ""
}

// Funcs implements engine.Presenter: view.html needs none of its own.
func (game) Funcs() template.FuncMap { return nil }
