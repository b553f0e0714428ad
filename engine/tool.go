package engine

import (
	"context"
	"errors"
	"html/template"
	"net/url"

	"tabletop/dice"
)

// Tooler is implemented by games that offer pages beside their tables: a
// calculator, a roll made in public. The server, which names no game,
// mounts each Tool at /games/{id}/tools/{name} and links it from the lobby
// and the game's rules page. A Tooler is also a Presenter: a tool's page is
// a template in the game's Pages.
type Tooler interface {
	Tools() []Tool
}

// Tool is one page a game offers beside its tables.
type Tool struct {
	// Name is the tool's part of its address: lowercase letters, digits
	// and dashes ("damage").
	Name string
	// Title is the page's title and the text of links to it.
	Title string
	// Page is the file of the game's Pages that defines the template
	// "tool": the page's body (its form and its result), executed with a
	// ToolPage.
	Page string
	// Funcs are the template functions the tool's page uses beyond the
	// game's (Presenter.Funcs); nil if none.
	Funcs template.FuncMap
	// Run computes the page from the request: the data the template shows
	// as ToolPage.Data, or a *ToolFile to send as a download instead, or
	// an error. An error is shown on the page as it is, so it says what
	// was wrong with the form in words a player understands. Run must not
	// panic on any form.
	Run func(ctx context.Context, req ToolRequest) (any, error)
}

// ToolRequest is what a tool's Run gets.
type ToolRequest struct {
	// Form holds the query's values for GET and the form's for POST.
	Form url.Values
	// Post says the request is a POST: a form that asks for something to
	// be done (a roll), not only computed. A GET must change nothing.
	Post bool
	// Records are the tool's own write-once records: keys of one tool
	// never meet another's. Never nil: where the server's store keeps no
	// records, every call is an error that says so.
	Records Records
	// NewSeed returns a fresh secret seed, as the server makes one for a
	// new table.
	NewSeed func() dice.Seed
}

// Records is a write-once map from keys to values that the server keeps
// for a tool: what is stored under a key is never replaced, so a tool can
// prove that what it shows is the first thing done under that key.
type Records interface {
	// Claim stores value under key if nothing is stored there yet. It
	// returns what is stored under key afterwards and whether that is
	// value, stored just now (first), or an earlier value.
	Claim(ctx context.Context, key string, value []byte) (stored []byte, first bool, err error)
	// Get returns the value stored under key, or ErrNoRecord.
	Get(ctx context.Context, key string) ([]byte, error)
}

// ErrNoRecord is returned by Records.Get for a key nothing is stored under.
var ErrNoRecord = errors.New("engine: no record under this key")

// ToolPage is the data a tool's template "tool" is executed with.
type ToolPage struct {
	Title string
	Game  Info
	Tool  Tool
	URL   string     // the tool's address, for its forms
	Form  url.Values // as sent, to fill the form in again
	Data  any        // what Run returned, when it returned no error
	Error string     // what Run said was wrong, else ""
}

// ToolFile is a download a tool's Run may return instead of page data.
type ToolFile struct {
	Name string // the file's name, for the browser to save it as
	Type string // its media type: "application/json"
	Body []byte
}
