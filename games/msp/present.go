package msp

import (
	"embed"
	"html/template"
	"io/fs"

	"tabletop/engine"
)

// pages holds the game's own presentation: rules.md, its rules summary.
// The table page shows the view in the server's generic form.
//
//go:embed pages
var pages embed.FS

// Pages implements engine.Presenter.
func (game) Pages() fs.FS { return engine.SubFS(pages, "pages") }

// Funcs implements engine.Presenter: no templates of its own yet.
func (game) Funcs() template.FuncMap { return nil }
