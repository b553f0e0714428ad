package server_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"tabletop/games"
	"tabletop/server"
)

// TestCreate_ATMDTableWithTwoGMSeatsShowsBothTheHiddenFoe: a Mystery
// Dungeons table made through the API with two seats marked GM seats two
// game masters: the co-GM adds a hidden foe and gives it its HP, both GMs'
// pages show the foe's numbers, and a player's page shows the foe with its
// stats hidden.
func TestCreate_ATMDTableWithTwoGMSeatsShowsBothTheHiddenFoe(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	c := h.mustCreateTMD(map[string]any{"name": "Gail", "gm": true}, map[string]any{"name": "Ann"}, map[string]any{"name": "Bo"}, map[string]any{"name": "Hal", "gm": true})
	gail, ann, hal := c.Seats[0].Token, c.Seats[1].Token, c.Seats[3].Token
	for _, a := range []map[string]any{
		{"kind": "foe", "action": map[string]any{"species": "Zubat", "level": 9, "moves": []string{"Bite"}, "hidden": true}},
		{"kind": "set", "action": map[string]any{"who": "Zubat", "field": "maxhp", "value": 77, "reason": "a boss"}},
		{"kind": "set", "action": map[string]any{"who": "Zubat", "field": "hp", "value": 77, "reason": "a boss"}},
	} {
		if r := h.do("POST", "/api/tables/"+c.ID+"/actions", hal, a); r.status != http.StatusOK {
			t.Fatalf("the co-GM's %v: %d %s", a, r.status, r.body)
		}
	}
	if r := h.do("POST", "/api/tables/"+c.ID+"/actions", ann, map[string]any{"kind": "foe", "action": map[string]any{"species": "Zubat", "level": 3}}); r.status < 400 {
		t.Errorf("a player adding a foe = %d, want refused", r.status)
	}
	for _, gm := range []struct{ name, token, says string }{{"Gail", gail, "You are the lead <b>game master</b>"}, {"Hal", hal, "You are a <b>co-game master</b>"}} {
		page := h.do("GET", "/t/"+c.ID+"/s/"+gm.token, "", nil).body
		if !strings.Contains(page, "Zubat") || !strings.Contains(page, "HP 77/77") || !strings.Contains(page, gm.says) {
			t.Errorf("%s's page does not show the hidden Zubat's HP 77/77, or lacks %q:\n%s", gm.name, gm.says, page)
		}
		var v struct {
			IsGM bool `json:"isGM"`
		}
		if err := json.Unmarshal(h.mustState(c.ID, gm.token).View, &v); err != nil || !v.IsGM {
			t.Errorf("%s's view is not a GM's: %v", gm.name, err)
		}
	}
	for _, p := range []struct{ name, token string }{{"Ann", ann}, {"a spectator", ""}} {
		path := "/t/" + c.ID
		if p.token != "" {
			path += "/s/" + p.token
		}
		page := h.do("GET", path, "", nil).body
		if !strings.Contains(page, "Stats hidden by the GM") || bareHP77.MatchString(page) || strings.Contains(page, "a boss") {
			t.Errorf("%s's page shows the hidden Zubat's numbers, or not the Zubat as hidden:\n%s", p.name, page)
		}
	}
}

// bareHP77 finds the hidden foe's 77 HP as a number, not the "77" a seat's
// token, the table's id or the commitment's hex may hold by chance.
var bareHP77 = regexp.MustCompile(`(^|[^0-9A-Za-z_-])77([^0-9A-Za-z_-]|$)`)

// TestCreate_EveryGMSeatIsAPersonsAndNoMoreThanTheGameSeats: each seat
// marked GM runs the game, so none is a bot's nor open to anyone, at a
// table of co-GMs as at one of one GM, nor the first seat, the GM's where
// none is marked; a game seats no more GMs than it allows (tmd two, msp
// one, pmr none: a mark there was once taken silently); each refusal says
// why, naming the seat. The new-table form
// offers a co-GM only where the game has them, and makes a table of two
// GMs from it.
func TestCreate_EveryGMSeatIsAPersonsAndNoMoreThanTheGameSeats(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	gail, ann, bo := map[string]any{"name": "Gail", "gm": true}, map[string]any{"name": "Ann"}, map[string]any{"name": "Bo"}
	for _, tc := range []struct {
		name, game string
		seats      []map[string]any
		says       string
	}{
		{"a bot at a co-GM seat", "tmd", []map[string]any{gail, ann, bo, {"name": "Hal", "gm": true, "bot": "random"}}, "seat 4 is a game master's"},
		{"a co-GM seat open to anyone", "tmd", []map[string]any{gail, ann, bo, {"name": "Hal", "gm": true, "open": true}}, "not a bot's or the game master's"},
		{"three GMs", "tmd", []map[string]any{gail, ann, bo, {"name": "Hal", "gm": true}, {"name": "Ida", "gm": true}}, "3 seats are marked as game masters: this game has at most 2"},
		{"two GMs in musi supa pona", "msp", []map[string]any{gail, ann, {"name": "Hal", "gm": true}}, "seat 1 and seat 3 are both marked as the game master: this game has one game master"},
		{"a bot at the GM seat nobody marked", "msp", []map[string]any{{"name": "Gail", "bot": "random"}, ann}, "seat 1 is the game master's (no seat is marked gm, so the first is)"},
		{"a GM in a game without", "pmr", []map[string]any{gail, bo}, "Pocket Monster Rancher has no game master: seat 1 cannot be one"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := h.do("POST", "/api/tables", "", map[string]any{"game": tc.game, "seats": tc.seats})
			var e apiErr
			decode(t, r, &e)
			if r.status != http.StatusBadRequest || e.Error.Code != "bad_seats" || !strings.Contains(e.Error.Message, tc.says) {
				t.Errorf("%s = %d %s, want 400 bad_seats saying %q", tc.name, r.status, r.body, tc.says)
			}
		})
	}
	t.Run("the form", func(t *testing.T) {
		if page := h.do("GET", "/new/msp", "", nil).body; strings.Contains(page, `value="gm"`) {
			t.Errorf("the msp form offers a co-GM")
		}
		page := h.do("GET", "/new/tmd", "", nil).body
		row := page[strings.Index(page, `name="seat3.who"`):]
		if row = row[:strings.Index(row, "</select>")]; !strings.Contains(row, `value="gm"`) {
			t.Fatalf("the tmd form's fourth seat offers no co-GM:\n%s", row)
		}
		r := h.postForm("/new/tmd", url.Values{"seat0.name": {"Gail"}, "seat0.who": {"person"}, "seat1.name": {"Ann"}, "seat1.who": {"person"},
			"seat2.name": {"Bo"}, "seat2.who": {"person"}, "seat3.name": {"Hal"}, "seat3.who": {"gm"}})
		if r.status != http.StatusSeeOther {
			t.Fatalf("a tmd table with a co-GM from the form = %d, want 303:\n%s", r.status, r.body)
		}
		loc, err := url.Parse(r.header.Get("Location"))
		if err != nil {
			t.Fatal(err)
		}
		id, tokens := strings.Split(loc.Path, "/")[2], loc.Query()["s"]
		for i, want := range []bool{true, false, false, true} {
			var v struct {
				IsGM bool `json:"isGM"`
			}
			if err := json.Unmarshal(h.mustState(id, tokens[i]).View, &v); err != nil || v.IsGM != want {
				t.Errorf("seat %d of the form's table: a GM %v, want %v (%v)", i+1, v.IsGM, want, err)
			}
		}
	})
}
