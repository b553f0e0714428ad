// Package web holds the server's page templates and static assets, embedded
// into the binary. templates/<gameid>.html, if present, defines the "view"
// template that renders that game's View struct; other games get a generic
// rendering of the view's JSON.
package web

import "embed"

// FS holds templates/ and static/.
//
//go:embed templates static
var FS embed.FS
