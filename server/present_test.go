package server_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"tabletop/games"
	"tabletop/server"
)

// TestPages_GameBringsItsOwnPresentation checks that a table page is drawn
// with the game's own template and stylesheet, both taken from the game
// (engine.Presenter), and that the game's static files are served while
// folders, unknown files and unknown games are not.
func TestPages_GameBringsItsOwnPresentation(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	marks := map[string]string{"pmr": `class="grid stables"`, "mgt": `class="grid mgt-players"`, "prophecy": `class="card pp-choose"`, "msp": `class="grid msp-players"`, "tmd": `class="grid tmd-team"`}
	for id, mark := range marks {
		r := h.do("POST", "/api/tables", "", map[string]any{"game": id,
			"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}}})
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

// TestPages_RulesAtHand checks that every game's rules summary is shown, as
// HTML, in a Rules panel on its table page and on a page of its own linked
// from the lobby.
func TestPages_RulesAtHand(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	lobby := h.do("GET", "/", "", nil)
	// A heading of each summary, as goldmark renders it, and one table for mgt.
	heads := map[string]string{"pmr": "<h2>Tournaments</h2>", "mgt": "<h2>Claiming a discard</h2>", "prophecy": "<h2>Tell the story</h2>", "msp": "<h2>Battle</h2>", "tmd": "<h2>Rounds and turns</h2>"}
	for _, g := range games.All() {
		id := g.Info().ID
		if !strings.Contains(lobby.body, `href="/games/`+id+`/rules"`) {
			t.Errorf("the lobby does not link %s's rules", id)
		}
		page := h.do("GET", "/games/"+id+"/rules", "", nil)
		if page.status != http.StatusOK || !strings.Contains(page.body, heads[id]) || strings.Contains(page.body, "## ") {
			t.Errorf("GET /games/%s/rules = %d, want the rules summary rendered to HTML (%s)", id, page.status, heads[id])
		}
		// Three seats: every game takes three (Prophecy takes no fewer).
		r := h.do("POST", "/api/tables", "", map[string]any{"game": id, "seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}}})
		if r.status != http.StatusCreated {
			t.Fatalf("%s: create: %d %s", id, r.status, r.body)
		}
		var c created
		decode(t, r, &c)
		table := h.do("GET", "/t/"+c.ID+"/s/"+c.Seats[0].Token, "", nil)
		if !strings.Contains(table.body, `<details class="rules-panel"><summary>Rules</summary>`) || !strings.Contains(table.body, heads[id]) {
			t.Errorf("%s's table page has no Rules panel with the summary", id)
		}
	}
	mgtRules := h.do("GET", "/games/mgt/rules", "", nil)
	if !strings.Contains(mgtRules.body, "<table>") {
		t.Errorf("the mgt rules page renders no table (the scoring tables are Markdown tables)")
	}
	for _, path := range []string{"/games/nosuch/rules"} {
		if got := h.do("GET", path, "", nil); got.status != http.StatusNotFound {
			t.Errorf("GET %s = %d, want 404", path, got.status)
		}
	}
}

// TestPages_ActionsExplainThemselves checks that where actions are offered,
// the page says what each does (engine.Explainer): PMR's capture its dice.
func TestPages_ActionsExplainThemselves(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "pmr", "seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}}})
	var c created
	decode(t, r, &c)
	// The first turn's capture is a choice of one, which the server plays
	// for both stables; the second turn offers a choice. Wait for it.
	var page response
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		page = h.do("GET", "/t/"+c.ID+"/s/"+c.Seats[0].Token, "", nil)
		if strings.Contains(page.body, `class="explain"`) || time.Now().After(deadline) {
			break
		}
	}
	want := `title="A new monster: one die for each ability (&#43;1, 0 or −1) and one for its age (4, 5 or 6)."`
	if !strings.Contains(page.body, want) || !strings.Contains(page.body, `<details class="explain"><summary>What it does</summary><dl><dt>capture</dt><dd>A new monster`) {
		t.Errorf("the capture button does not say what it does; page:\n%s", page.body)
	}
	// The stream's state fragment explains too.
	// (readSSE fails the test if no such state comes within its time.)
	h.readSSE("/t/"+c.ID+"/s/"+c.Seats[0].Token+"/events", "", func(evs []sseEvent) bool {
		last := evs[len(evs)-1]
		return last.name == "state" && strings.Contains(last.data, `<details class="explain">`) && strings.Contains(last.data, "A new monster")
	})
	// A game master's game too: a musi supa pona player's rests.
	m := h.mustCreateMSP()
	h.mustSay(m, 1, "create Ann / elf / ranger / chaotic good / hunter")
	h.mustSay(m, 2, "create Bo / dwarf / smith / lawful good / smith")
	ann := h.do("GET", "/t/"+m.ID+"/s/"+m.Seats[1].Token, "", nil).body
	if !strings.Contains(ann, `<details class="explain">`) || !strings.Contains(ann, "A short rest: &#43;5 HP") {
		t.Errorf("the msp player's actions do not say what they do; page:\n%s", ann)
	}
}
