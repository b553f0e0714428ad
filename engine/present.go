package engine

import (
	"html/template"
	"io/fs"
)

// Presenter is implemented by games that bring their own presentation, so
// that the server, which names no game, can show any of them. Pages holds
// the game's embedded files:
//
//   - "view.html" defines the template "view": a seat's part of the table
//     page, executed with the server's page data (the seat's View among it).
//   - "rules.md" is the rules summary in our own words, in Markdown: the
//     table page's Rules panel, the game's rules page, and "rules" in
//     tabletop play.
//   - anything under "static/" is served as the game's own assets.
//
// A form in "view.html" posts to the page's ActURL with fields "kind" and
// "action" (the action's JSON); a text field named "action.NAME" adds its
// text as the action's field NAME, so that a form of typed text works
// without script (a field the JSON sets already keeps the JSON's value).
//
// Funcs are the template functions the game's templates use beyond the
// server's own; nil if none.
type Presenter interface {
	Pages() fs.FS
	Funcs() template.FuncMap
}

// SubFS returns the folder dir of fsys, for a game's Pages: dir is a
// constant in the game's code, so an invalid one is a programming error and
// panics.
func SubFS(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic("engine: " + err.Error())
	}
	return sub
}
