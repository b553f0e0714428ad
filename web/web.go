// Package web holds the server's shared page templates and static assets,
// embedded into the binary. A game's own table template, rules summary and
// assets live in its package (engine.Presenter); games without them get
// templates/view.html, a generic rendering of the view's JSON.
package web

import "embed"

// FS holds templates/ and static/.
//
//go:embed templates static
var FS embed.FS
