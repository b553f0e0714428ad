package server_test

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/server"
	"tabletop/store/sqlite"
)

// toolGame is duel with a rules summary and two tools: "sum" adds the
// form's a and b; "claim" keeps, on a POST, the form's value under its key,
// once; "file" sends a download.
type toolGame struct {
	engine.Game
	tools []engine.Tool
}

func (toolGame) Pages() fs.FS {
	return fstest.MapFS{
		"rules.md": {Data: []byte("# Duel\nTwo stances.\n")},
		"tools/sum.html": {Data: []byte(`{{define "tool"}}<form action="{{.URL}}"><input name="a" value="{{.Form.Get "a"}}"></form>` +
			`{{with .Error}}<p class="error">{{.}}</p>{{end}}{{with .Data}}<p>sum {{.}}</p>{{end}}{{end}}`)},
		"tools/claim.html": {Data: []byte(`{{define "tool"}}{{with .Error}}<p class="error">{{.}}</p>{{end}}{{with .Data}}<p>{{.}}</p>{{end}}{{end}}`)},
	}
}

func (toolGame) Funcs() template.FuncMap { return nil }

func (g toolGame) Tools() []engine.Tool { return g.tools }

var testTools = []engine.Tool{{
	Name: "sum", Title: "Adder", Page: "tools/sum.html",
	Run: func(_ context.Context, req engine.ToolRequest) (any, error) {
		if len(req.Form) == 0 {
			return nil, nil
		}
		a, err1 := strconv.Atoi(req.Form.Get("a"))
		b, err2 := strconv.Atoi(req.Form.Get("b"))
		if err1 != nil || err2 != nil {
			return nil, errors.New("duel: a and b must be whole numbers")
		}
		return a + b, nil
	},
}, {
	Name: "claim", Title: "Claims", Page: "tools/claim.html",
	Run: func(ctx context.Context, req engine.ToolRequest) (any, error) {
		key := req.Form.Get("key")
		if !req.Post {
			v, err := req.Records.Get(ctx, key)
			if errors.Is(err, engine.ErrNoRecord) {
				return "nothing under " + key, nil
			}
			return "stored: " + string(v), err
		}
		v, first, err := req.Records.Claim(ctx, key, []byte(req.Form.Get("value")))
		if err != nil {
			return nil, err
		}
		return fmt.Sprintf("first %v: %s", first, v), nil
	},
}, {
	Name: "file", Title: "Download", Page: "tools/claim.html",
	Run: func(context.Context, engine.ToolRequest) (any, error) {
		return &engine.ToolFile{Name: "x.json", Type: "application/json", Body: []byte(`{"x":1}`)}, nil
	},
}}

func mustToolServer(t *testing.T) *harness {
	return mustServer(t, func(c *server.Config) { c.Games = engine.NewRegistry(toolGame{duel.Game, testTools}) })
}

// TestTools_PageComputesFromTheFormAndSaysWhatIsWrong checks a game's tool
// page: mounted under the game, computed from the query, the game's error
// shown in plain words with status 400, an unknown tool not found.
func TestTools_PageComputesFromTheFormAndSaysWhatIsWrong(t *testing.T) {
	h := mustToolServer(t)
	r := h.do("GET", "/games/duel/tools/sum", "", nil)
	if r.status != http.StatusOK || !strings.Contains(r.body, "<h1>Adder</h1>") || strings.Contains(r.body, "sum ") {
		t.Errorf("the empty tool page = %d, want 200 with its title and no result:\n%s", r.status, r.body)
	}
	r = h.do("GET", "/games/duel/tools/sum?a=2&b=40", "", nil)
	if r.status != http.StatusOK || !strings.Contains(r.body, "<p>sum 42</p>") || !strings.Contains(r.body, `name="a" value="2"`) {
		t.Errorf("sum?a=2&b=40 = %d, want 200 with sum 42 and the form filled in:\n%s", r.status, r.body)
	}
	r = h.do("GET", "/games/duel/tools/sum?a=two&b=40", "", nil)
	if r.status != http.StatusBadRequest || !strings.Contains(r.body, `<p class="error">a and b must be whole numbers</p>`) {
		t.Errorf("sum?a=two = %d, want 400 saying what is wrong (without the package name):\n%s", r.status, r.body)
	}
	if r := h.do("GET", "/games/duel/tools/nope", "", nil); r.status != http.StatusNotFound {
		t.Errorf("an unknown tool = %d, want 404", r.status)
	}
	if r := h.do("GET", "/games/nope/tools/sum", "", nil); r.status != http.StatusNotFound {
		t.Errorf("an unknown game's tool = %d, want 404", r.status)
	}
	r = h.do("GET", "/games/duel/tools/file", "", nil)
	if r.status != http.StatusOK || r.body != `{"x":1}` || r.header.Get("Content-Type") != "application/json" ||
		!strings.Contains(r.header.Get("Content-Disposition"), `filename="x.json"`) {
		t.Errorf("a tool's file = %d %q %v, want the download", r.status, r.body, r.header)
	}
}

// TestTools_LinkedFromTheLobbyAndTheRulesPage checks that every tool is
// linked from the lobby and from its game's rules page.
func TestTools_LinkedFromTheLobbyAndTheRulesPage(t *testing.T) {
	h := mustToolServer(t)
	for _, page := range []string{"/", "/games/duel/rules"} {
		r := h.do("GET", page, "", nil)
		for _, want := range []string{`<a href="/games/duel/tools/sum">Adder</a>`, `<a href="/games/duel/tools/claim">Claims</a>`} {
			if !strings.Contains(r.body, want) {
				t.Errorf("%s lacks the link %s", page, want)
			}
		}
	}
}

// TestTools_RecordsAreWriteOnce checks the records a tool keeps: a POST's
// claim is kept, a second claim of the key gets the first value back, a
// GET reads without claiming.
func TestTools_RecordsAreWriteOnce(t *testing.T) {
	h := mustToolServer(t)
	post := func(key, value string) response {
		return h.do("POST", "/games/duel/tools/claim", "", url.Values{"key": {key}, "value": {value}}.Encode(), "Content-Type", "application/x-www-form-urlencoded")
	}
	if r := h.do("GET", "/games/duel/tools/claim?key=k&value=v", "", nil); !strings.Contains(r.body, "nothing under k") {
		t.Errorf("a GET claimed or found something: %s", r.body)
	}
	if r := post("k", "one"); !strings.Contains(r.body, "first true: one") {
		t.Errorf("the first claim: %s", r.body)
	}
	if r := post("k", "two"); !strings.Contains(r.body, "first false: one") {
		t.Errorf("the second claim did not get the first value: %s", r.body)
	}
	if r := h.do("GET", "/games/duel/tools/claim?key=k", "", nil); !strings.Contains(r.body, "stored: one") {
		t.Errorf("a GET after the claims: %s", r.body)
	}
	if r := post(strings.Repeat("k", 600), "x"); r.status != http.StatusBadRequest || !strings.Contains(r.body, "record key") {
		t.Errorf("a key too long = %d, want 400 saying so: %s", r.status, r.body)
	}
}

// TestTools_ABadToolStopsTheServerFromStarting checks that a tool with a
// name unfit for an address, or a page without its template, or a game
// with tools and no pages, is an error at start, not a broken page later.
func TestTools_ABadToolStopsTheServerFromStarting(t *testing.T) {
	ok := testTools[0]
	for name, tool := range map[string]engine.Tool{
		"bad name":    {Name: "Sum Up", Title: "x", Page: ok.Page, Run: ok.Run},
		"no template": {Name: "x", Title: "x", Page: "rules.md", Run: ok.Run},
		"no page":     {Name: "x", Title: "x", Page: "tools/none.html", Run: ok.Run},
		"no run":      {Name: "x", Title: "x", Page: ok.Page},
	} {
		st, err := sqlite.Open(filepath.Join(t.TempDir(), "t.db"), sqlite.Options{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = server.New(server.Config{Store: st, Games: engine.NewRegistry(toolGame{duel.Game, []engine.Tool{tool}})})
		st.Close()
		if err == nil {
			t.Errorf("%s: server.New accepted the tool", name)
		}
	}
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "t.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := server.New(server.Config{Store: st, Games: engine.NewRegistry(toolsOnly{duel.Game})}); err == nil {
		t.Error("server.New accepted a game with tools and no pages")
	}
}

// toolsOnly offers a tool but no pages to draw it with.
type toolsOnly struct{ engine.Game }

func (toolsOnly) Tools() []engine.Tool { return testTools[:1] }
