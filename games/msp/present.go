package msp

import (
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/url"

	"tabletop/engine"
)

// pages holds the game's own presentation: view.html (the table page's
// "view" template, which renders *View, with a printable character sheet
// for each sheet the seat may see), rules.md and static/ (the stylesheet,
// and msp.js, which posts the action line as a Typed action).
//
//go:embed pages
var pages embed.FS

// Pages implements engine.Presenter.
func (game) Pages() fs.FS { return engine.SubFS(pages, "pages") }

// Funcs implements engine.Presenter: what view.html cannot work out alone.
func (game) Funcs() template.FuncMap {
	return template.FuncMap{
		"mspStat":    func(i int) string { return Stat(i).Title() },
		"mspSigned":  func(n int) string { return fmt.Sprintf("%+d", n) },
		"mspCoin":    func(i int) string { return Coin(i).String() },
		"mspBookURL": bookURL,
		"mspSeatNo":  func(s engine.Seat) int { return int(s) + 1 },
	}
}

// bookURL is the GM's book as a data: URL, for the page's download link:
// the file that "import book" reads at another table.
func bookURL(b *Book) template.URL {
	data, err := ExportBook(*b)
	if err != nil {
		return ""
	}
	return template.URL("data:application/json;charset=utf-8," + url.PathEscape(string(data)))
}
