package server

import (
	"bytes"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"tabletop/engine"
)

// markdown renders a game's rules summary. Raw HTML in the Markdown is not
// passed through (goldmark's default), so a rules file cannot inject markup.
var markdown = goldmark.New(goldmark.WithExtensions(extension.Table))

// rulesHTML renders a game's rules.md, or returns "" if it has none.
func rulesHTML(files fs.FS) (template.HTML, error) {
	src, err := fs.ReadFile(files, "rules.md")
	if err != nil {
		return "", nil
	}
	var buf bytes.Buffer
	if err := markdown.Convert(src, &buf); err != nil {
		return "", fmt.Errorf("rules.md: %w", err)
	}
	return template.HTML(buf.String()), nil
}

// pageRules shows a game's rules summary on a page of its own.
func (s *Server) pageRules(w http.ResponseWriter, r *http.Request) {
	g, ok := s.pageGame(w, r)
	if !ok {
		return
	}
	info := g.Info()
	rules := s.pages.rules[info.ID]
	if rules == "" {
		s.pageError(w, r, errorf(http.StatusNotFound, "no_rules", info.Name+" has no rules summary"))
		return
	}
	s.render(w, r, s.pages.base, "rules", http.StatusOK, struct {
		Title string
		Info  engine.Info
		Rules template.HTML
		Tools []engine.Tool
	}{info.Name + ": rules", info, rules, s.pages.toolsOf(info.ID)})
}
