package server_test

import (
	"net/http"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/games"
	"tabletop/server"
)

// TestAPI_JSONErrorsInPlainWords checks that a request whose JSON does not
// fit gets a message in the client's words: the field and what it must
// be, never Go's types or package names.
//
// A number where a whole number belongs is named as sent ("not 1.5"),
// where the words once said "a whole number, not a number".
func TestAPI_JSONErrorsInPlainWords(t *testing.T) {
	h := mustServer(t)
	duel := h.mustCreate("3")
	actions := "/api/tables/" + duel.ID + "/actions"
	for _, c := range []struct{ path, body, want string }{
		{"", `{"game": 5}`, `"game" must be text, not a number`},
		{"", `{"game": "duel", "seats": {"name": "Ann"}}`, `"seats" must be a list, not an object`},
		{"", `{"game": "duel", "seats": [{"name": ["Ann"]}]}`, `"seats.name" must be text, not a list`},
		{"", `{"game": "duel", "seats": [{"name": "Ann", "gm": 1}]}`, `"seats.gm" must be true or false, not a number`},
		{"", `{"game": "duel", "listed": "yes"}`, `"listed" must be true or false, not text`},
		{"", `{"game": "duel", "listed": null, "seats": 3}`, `"seats" must be a list, not a number`},
		{"", `{"game": `, "malformed JSON: it ends too early"},
		{"", `{"game" "duel"}`, "malformed JSON at byte 9"},
		{"", ``, "malformed JSON: the body is empty"},
		{"", `{"game": "duel", "colour": 1}`, `malformed JSON: unknown field "colour"`},
		{actions, `{"kind": "stance", "action": {"stance": "guard"}, "seq": 1.5}`, `"seq" must be a whole number, not 1.5`},
		{actions, `{"kind": "stance", "action": {"stance": "guard"}, "seq": 2e3}`, `"seq" must be a whole number, not 2e3`},
		{actions, `{"kind": "stance", "action": {"stance": "guard"}, "seq": 99999999999999999999}`,
			`"seq" must be a whole number from -9223372036854775808 to 9223372036854775807, not 99999999999999999999`},
		{actions, `{"kind": 5}`, `"kind" must be text, not a number`},
		{actions, `{"kind": "stance", "action": {"stance": 5}}`, `bad action body: malformed JSON: "stance" must be text, not a number`},
		{actions, `{"kind": "stance", "action": {"stanse": "guard"}}`, `bad action body: malformed JSON: unknown field "stanse"`},
	} {
		path := c.path
		if path == "" {
			path = "/api/tables"
		}
		r := h.do("POST", path, duel.Seats[0].Token, c.body)
		var e struct {
			Error struct{ Message string }
		}
		decode(t, r, &e)
		if msg := e.Error.Message; r.status != http.StatusBadRequest || !strings.Contains(msg, c.want) {
			t.Errorf("POST %s %s = %d %q, want 400 saying %s", path, c.body, r.status, msg, c.want)
		}
		for _, goWord := range []string{"json:", "createRequest", "seatRequest", "actionRequest", "Go ", "struct", "[]", "int", "string"} {
			if strings.Contains(r.body, goWord) {
				t.Errorf("POST %s = %s, which names Go's %q", c.body, r.body, goWord)
			}
		}
	}
}

// TestAPI_GamesListBotsOnce checks that /api/games names each game's bots
// in one list, the generic random bot included, each once.
func TestAPI_GamesListBotsOnce(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	r := h.do("GET", "/api/games", "", nil)
	var got struct {
		Games []struct {
			ID   string
			Bots []string
		}
	}
	decode(t, r, &got)
	if strings.Contains(r.body, "bot_names") || len(got.Games) != len(games.All()) {
		t.Fatalf("/api/games = %s, want %d games and no bot_names", r.body, len(games.All()))
	}
	want := map[string]string{"mgt": "random greedy", "pmr": "random greedy nash"}
	for _, g := range got.Games {
		w, ok := want[g.ID]
		if !ok {
			w = "random" // a game without bots of its own has the generic one
		}
		if b := strings.Join(g.Bots, " "); b != w {
			t.Errorf("%s lists bots %q, want %q", g.ID, b, w)
		}
	}
}

// TestAPI_GamesListTheTableOptionsEveryTableTakes: /api/games gives the
// schema of the table options beside the games' own (the turn clock and the
// bot pace, with their ranges), so a client can offer them.
func TestAPI_GamesListTheTableOptionsEveryTableTakes(t *testing.T) {
	h := mustServer(t)
	var got struct {
		TableOptions []engine.OptionSpec `json:"table_options"`
	}
	decode(t, h.do("GET", "/api/games", "", nil), &got)
	if len(got.TableOptions) != len(engine.TableOptions) {
		t.Fatalf("/api/games lists %d table options, want %d", len(got.TableOptions), len(engine.TableOptions))
	}
	for i, o := range got.TableOptions {
		if want := engine.TableOptions[i]; o.Name != want.Name || o.Max != want.Max || o.Help != want.Help {
			t.Errorf("table option %d = %+v, want %+v", i, o, want)
		}
	}
}
