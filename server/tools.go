package server

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"regexp"
	"strings"

	"tabletop/engine"
	"tabletop/store"
)

// maxToolBytes bounds the form a tool's page posts.
const maxToolBytes = 64 << 10

// toolName is what a tool's name may be: a part of its address.
var toolName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// gameTool is a tool a game offers (engine.Tooler) with the templates that
// draw its page: the game's, with the tool's page added.
type gameTool struct {
	engine.Tool
	pages *template.Template
}

// loadTools parses the pages of the tools of game id, a Tooler, into a copy
// of the game's templates each.
func loadTools(game *template.Template, id string, tr engine.Tooler, pr engine.Presenter) ([]gameTool, error) {
	var out []gameTool
	seen := map[string]bool{}
	for _, tool := range tr.Tools() {
		switch {
		case !toolName.MatchString(tool.Name):
			return nil, fmt.Errorf("tool %q: a name is lowercase letters and digits, with dashes between", tool.Name)
		case seen[tool.Name]:
			return nil, fmt.Errorf("two tools are named %q", tool.Name)
		case tool.Run == nil || tool.Title == "":
			return nil, fmt.Errorf("tool %q has no title or no Run", tool.Name)
		}
		seen[tool.Name] = true
		t, err := game.Clone()
		if err != nil {
			return nil, err
		}
		if _, err := t.Funcs(pr.Funcs()).Funcs(tool.Funcs).ParseFS(pr.Pages(), tool.Page); err != nil {
			return nil, fmt.Errorf("tool %q: %w", tool.Name, err)
		}
		if t.Lookup("tool") == nil {
			return nil, fmt.Errorf("tool %q: %s defines no template \"tool\"", tool.Name, tool.Page)
		}
		out = append(out, gameTool{Tool: tool, pages: t})
	}
	return out, nil
}

// toolsOf returns the tools game id offers, for links.
func (p *pages) toolsOf(id string) []engine.Tool {
	out := make([]engine.Tool, 0, len(p.tools[id]))
	for _, t := range p.tools[id] {
		out = append(out, t.Tool)
	}
	return out
}

// toolLinks returns every game's tools, by game id, for the lobby.
func (p *pages) toolLinks() map[string][]engine.Tool {
	out := map[string][]engine.Tool{}
	for id := range p.tools {
		out[id] = p.toolsOf(id)
	}
	return out
}

// pageTool serves a game's tool: GET computes its page from the query (and
// changes nothing), POST does what its form asks.
func (s *Server) pageTool(w http.ResponseWriter, r *http.Request) {
	g, ok := s.pageGame(w, r)
	if !ok {
		return
	}
	info := g.Info()
	var tool *gameTool
	for i, t := range s.pages.tools[info.ID] {
		if t.Name == r.PathValue("tool") {
			tool = &s.pages.tools[info.ID][i]
		}
	}
	if tool == nil {
		s.pageError(w, r, errorf(http.StatusNotFound, "no_tool", fmt.Sprintf("%s has no tool %s", info.Name, engine.Quote(r.PathValue("tool")))))
		return
	}
	post := r.Method == http.MethodPost
	if post {
		r.Body = http.MaxBytesReader(w, r.Body, maxToolBytes)
	}
	if err := r.ParseForm(); err != nil {
		s.pageError(w, r, formError(err))
		return
	}
	form := r.Form
	if post {
		form = r.PostForm
	}
	// Computing costs work: a form passes the client's rate limit first,
	// the empty page does not.
	if post || len(form) > 0 {
		if err := s.allow(r); err != nil {
			s.pageError(w, r, err)
			return
		}
	}
	req := engine.ToolRequest{Form: form, Post: post, NewSeed: s.newSeed, Records: noRecords{}}
	if rec, ok := s.store.(store.Recorder); ok {
		req.Records = toolRecords{rec, info.ID + "/" + tool.Name + "/"}
	}
	url := "/games/" + info.ID + "/tools/" + tool.Name
	p := engine.ToolPage{Title: tool.Title, Game: info, Tool: tool.Tool, URL: url, Form: form}
	status := http.StatusOK
	data, err := tool.Run(r.Context(), req)
	var re recordError
	var se *Error
	switch {
	case errors.As(err, &re) || errors.As(err, &se):
		s.pageError(w, r, err) // a store's failure is logged; the client gets a generic message
		return
	case err != nil:
		p.Error, status = strings.TrimPrefix(err.Error(), info.ID+": "), http.StatusBadRequest
	default:
		if f, ok := data.(*engine.ToolFile); ok {
			w.Header().Set("Content-Type", f.Type)
			w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", f.Name))
			w.Write(f.Body)
			return
		}
		p.Data = data
	}
	s.render(w, r, tool.pages, "toolpage", status, p)
}

// toolRecords are a tool's records: the store's, under the tool's prefix.
type toolRecords struct {
	store  store.Recorder
	prefix string
}

// noRecords are the records of a server whose store keeps none.
type noRecords struct{}

var errNoRecords = errorf(http.StatusNotImplemented, "no_records", "this server's store keeps no records, which this page needs")

func (noRecords) Claim(context.Context, string, []byte) ([]byte, bool, error) {
	return nil, false, errNoRecords
}

func (noRecords) Get(context.Context, string) ([]byte, error) { return nil, errNoRecords }

// recordError is a failure of the store behind a tool's records: not the
// form's fault, so the client is not told its text.
type recordError struct{ error }

func (e recordError) Unwrap() error { return e.error }

func (t toolRecords) Claim(ctx context.Context, key string, value []byte) ([]byte, bool, error) {
	if err := store.CheckRecord(t.prefix+key, value); err != nil {
		return nil, false, err // the tool's input was too long: say so
	}
	v, first, err := t.store.ClaimRecord(ctx, t.prefix+key, value)
	if err != nil {
		return nil, false, recordError{err}
	}
	return v, first, nil
}

func (t toolRecords) Get(ctx context.Context, key string) ([]byte, error) {
	v, err := t.store.Record(ctx, t.prefix+key)
	switch {
	case errors.Is(err, store.ErrNoRecord):
		return nil, engine.ErrNoRecord
	case err != nil:
		return nil, recordError{err}
	}
	return v, nil
}
