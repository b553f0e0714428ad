package server_test

import (
	"net/http"
	"strings"
	"testing"

	"tabletop/games"
	"tabletop/server"
)

// TestPages_GameBringsItsOwnPresentation checks that a table page is drawn
// with the game's own template and stylesheet, both taken from the game
// (engine.Presenter), and that the game's static files are served while
// folders, unknown files and unknown games are not.
func TestPages_GameBringsItsOwnPresentation(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	marks := map[string]string{"pmr": `class="grid stables"`, "mgt": `class="grid mgt-players"`}
	for id, mark := range marks {
		r := h.do("POST", "/api/tables", "", map[string]any{"game": id,
			"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}}})
		if r.status != http.StatusCreated {
			t.Fatalf("%s: create: %d %s", id, r.status, r.body)
		}
		var c created
		decode(t, r, &c)
		page := h.do("GET", "/t/"+c.ID, "", nil)
		if page.status != http.StatusOK || !strings.Contains(page.body, mark) {
			t.Errorf("%s: the table page is not drawn by the game's view.html (no %s): %d", id, mark, page.status)
		}
		css := "/games/" + id + "/static/style.css"
		if !strings.Contains(page.body, `<link rel="stylesheet" href="`+css+`">`) {
			t.Errorf("%s: the table page does not link the game's stylesheet %s", id, css)
		}
		got := h.do("GET", css, "", nil)
		if got.status != http.StatusOK || !strings.HasPrefix(got.header.Get("Content-Type"), "text/css") || !strings.Contains(got.body, "{") {
			t.Errorf("GET %s = %d %q %.40q, want the game's CSS", css, got.status, got.header.Get("Content-Type"), got.body)
		}
	}
	lobby := h.do("GET", "/", "", nil)
	if strings.Contains(lobby.body, "/games/pmr/static/") || strings.Contains(lobby.body, "/games/mgt/static/") {
		t.Errorf("the lobby links a game's stylesheet")
	}
	for _, path := range []string{"/games/pmr/static/", "/games/pmr/static/nosuch.css", "/games/nosuch/static/style.css",
		"/games/pmr/static/%2e%2e/view.html", "/games/pmr/static/..%2fview.html"} {
		if got := h.do("GET", path, "", nil); got.status != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, got.status)
		}
	}
}
