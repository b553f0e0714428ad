package mgt

import (
	"embed"
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

// Funcs implements engine.Presenter: what view.html cannot work out alone
// from the view's fields and methods.
func (game) Funcs() template.FuncMap {
	return template.FuncMap{"mgtRecent": recentCards, "mgtSeatNo": seatNo}
}

// recentCards returns the last n cards of a discard pile.
func recentCards(n int, pile []CardView) []CardView {
	return pile[max(0, len(pile)-n):]
}

// seatNo numbers seats from 1, as the action texts ("attack 3") do.
func seatNo(s engine.Seat) int { return int(s) + 1 }
