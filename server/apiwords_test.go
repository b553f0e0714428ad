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
		{"", `{"game": "duel", "options": {"rounds": [3]}}`, `option "rounds" must be text, a number or true or false, not a list`},
		{"", `{"game": "duel", "options": {"rounds": 2.5}, "seats": [{"name": "Ann"}, {"name": "Bo"}]}`, `rounds`},
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

// TestAPI_ErrorsRepeatAtMostSixtyCharactersOfWhatWasSent: an error that
// quotes what a client sent (a game, an option, a bot, an action's kind,
// a field's name or value, a seat number) quotes at most engine.MaxQuoted
// characters of it, cut with "…", never a 10,000-character kind whole.
func TestAPI_ErrorsRepeatAtMostSixtyCharactersOfWhatWasSent(t *testing.T) {
	h, ranch := mustServer(t), mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	long := strings.Repeat("x", 10_000)
	duel, pmr := h.mustCreate("3"), ranch.mustCreatePMR("6")
	ann := duel.Seats[0].Token
	act := func(kind string, action any) map[string]any {
		return map[string]any{"kind": kind, "action": action}
	}
	for _, tc := range []struct {
		name, path, token string
		body              any
		code              string
	}{
		{"a game", "/api/tables", "", map[string]any{"game": long}, "unknown_game"},
		{"an option's value", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{"rounds": long}, "seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}}}, "bad_options"},
		{"an option's name", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{long: "1"}, "seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}}}, "bad_options"},
		{"a bot", "/api/tables", "", map[string]any{"game": "duel", "seats": []map[string]string{{"name": "Ann"}, {"name": "Bo", "bot": long}}}, "bad_seats"},
		{"a field's name", "/api/tables", "", `{"game": "duel", "` + long + `": 1}`, "bad_request"},
		{"an action's kind", "/api/tables/" + duel.ID + "/actions", ann, act(long, map[string]string{}), "bad_action"},
		{"a game's action kind", "/api/tables/" + pmr.ID + "/actions", pmr.Seats[0].Token, act(long, map[string]string{}), "bad_action"},
		{"an action's field", "/api/tables/" + duel.ID + "/actions", ann, act("stance", map[string]int{long: 1}), "bad_action"},
		{"an action's value", "/api/tables/" + duel.ID + "/actions", ann, act("stance", map[string]string{"stance": long}), "bad_action"},
		{"a game's value", "/api/tables/" + pmr.ID + "/actions", pmr.Seats[0].Token, act("train", map[string]any{"monster": 1, "ability": long}), "bad_action"},
		{"a seat number", "/api/tables/" + duel.ID + "/seats/" + long + "/join", "", map[string]string{"name": "Cy"}, "bad_seat"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			at := h
			if strings.Contains(tc.path, pmr.ID) {
				at = ranch
			}
			r := at.do("POST", tc.path, tc.token, tc.body)
			var e apiErr
			decode(t, r, &e)
			if e.Error.Code != tc.code || !strings.Contains(e.Error.Message, strings.Repeat("x", engine.MaxQuoted)+"…") || strings.Contains(r.body, strings.Repeat("x", engine.MaxQuoted+1)) {
				t.Errorf("POST %s with %s of 10,000 characters = %d %.300s, want %s quoting %d of them and …", tc.name, tc.name, r.status, r.body, tc.code, engine.MaxQuoted)
			}
		})
	}
	if r := h.do("GET", "/new/"+long, "", nil); r.status != http.StatusNotFound || strings.Contains(r.body, strings.Repeat("x", engine.MaxQuoted+1)) {
		t.Errorf("the new-table page of a game of 10,000 characters = %d, want 404 quoting at most %d of them", r.status, engine.MaxQuoted)
	}
}

// TestAPI_AnOptionMayBeWrittenAsANumber: {"rounds": 3} makes the table
// {"rounds": "3"} makes (engine.Options reads a number or a boolean as the
// text of its JSON).
func TestAPI_AnOptionMayBeWrittenAsANumber(t *testing.T) {
	h := mustServer(t)
	r := h.do("POST", "/api/tables", "", `{"game": "duel", "options": {"rounds": 3}, "seats": [{"name": "Ann"}, {"name": "Bo"}]}`)
	var c created
	decode(t, r, &c)
	if r.status != http.StatusCreated {
		t.Fatalf("create with a number option: %d %s", r.status, r.body)
	}
	var st struct{ Options map[string]string }
	decode(t, h.do("GET", "/api/tables/"+c.ID, c.Seats[0].Token, nil), &st)
	if st.Options["rounds"] != "3" {
		t.Errorf("the table's options are %v, want rounds 3", st.Options)
	}
}
