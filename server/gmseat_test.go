package server_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"tabletop/games"
	"tabletop/server"
)

// TestCreate_GameMasterSeatIsAPersonsSeat: the game master's seat of a
// game with one (musi supa pona) is a person's, reached by invite link. A
// bot there ended the session on its first move, and an open one let
// whoever joined from the lobby run the game; both are refused, from the
// API and from the new-table form, whose first row says it is the GM's.
func TestCreate_GameMasterSeatIsAPersonsSeat(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	for _, tc := range []struct {
		name string
		gm   map[string]any
	}{
		{"a bot", map[string]any{"name": "Gail", "bot": "random"}},
		{"a marked bot", map[string]any{"name": "Gail", "bot": "random", "gm": true}},
		{"open to anyone", map[string]any{"name": "Gail", "open": true}},
	} {
		r := h.do("POST", "/api/tables", "", map[string]any{"game": "msp", "seats": []map[string]any{tc.gm, {"name": "Ann"}}})
		var e apiErr
		decode(t, r, &e)
		if r.status != http.StatusBadRequest || e.Error.Code != "bad_seats" || !strings.Contains(e.Error.Message, "game master") {
			t.Errorf("API: the GM's seat played by %s = %d %s, want 400 bad_seats about the game master", tc.name, r.status, r.body)
		}
	}
	for _, who := range []string{"bot:random", "open"} {
		r := h.postForm("/new/msp", url.Values{"seat0.name": {"Gail"}, "seat0.who": {who}, "seat1.name": {"Ann"}, "seat1.who": {"person"}})
		if r.status != http.StatusBadRequest || !strings.Contains(r.body, "game master") {
			t.Errorf("form: the GM's seat played by %s = %d, want 400 saying why:\n%s", who, r.status, r.body)
		}
	}
	page := h.do("GET", "/new/msp", "", nil).body
	row := page[strings.Index(page, `name="seat0.who"`):]
	row = row[:strings.Index(row, "</select>")]
	if !strings.Contains(page, "1 (game master)") || strings.Contains(row, "bot:") || strings.Contains(row, `"open"`) {
		t.Errorf("the new-table form's first seat is not a person's marked as the game master's:\n%s", row)
	}
	if r := h.postForm("/new/msp", url.Values{"seat0.name": {"Gail"}, "seat0.who": {"person"}, "seat1.name": {"Ann"}, "seat1.who": {"bot:random"}}); r.status != http.StatusSeeOther {
		t.Errorf("a person GM and a bot player = %d, want a table (303):\n%s", r.status, r.body)
	}
}

// TestCreate_GMMarksTheGameCannotSeatAreRefusedOnTheFormAsByTheAPI: a
// new-table form posted with a seat as a GM where the game seats no more
// (none in Pocket Monster Rancher, one in musi supa pona) gets the API's
// words (TestCreate_EveryGMSeatIsAPersonsAndNoMoreThanTheGameSeats), not
// that "gm" is no choice.
func TestCreate_GMMarksTheGameCannotSeatAreRefusedOnTheFormAsByTheAPI(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	for _, tc := range []struct {
		game string
		says string
	}{
		{"pmr", "Pocket Monster Rancher has no game master: seat 2 cannot be one"},
		{"msp", "seat 1 and seat 2 are both marked as the game master"},
	} {
		r := h.postForm("/new/"+tc.game, url.Values{"seat0.name": {"Ann"}, "seat0.who": {"person"}, "seat1.name": {"Bo"}, "seat1.who": {"gm"}})
		if r.status != http.StatusBadRequest || !strings.Contains(r.body, tc.says) {
			t.Errorf("form: a %s seat posted as a GM = %d, want 400 saying %q:\n%s", tc.game, r.status, tc.says, r.body)
		}
	}
}

// TestStandings_LeaveTheGameMasterOutAndNameTheScore: the final standings
// of a game with a game master list the players only (the GM plays no
// character and scores nothing), and each score says what it counts
// (Info.ScoreName), here the character's level.
func TestStandings_LeaveTheGameMasterOutAndNameTheScore(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	c := h.mustCreateMSP()
	for _, step := range []struct {
		seat int
		text string
	}{{1, "create Ann / elf / ranger / chaotic good / hunter"}, {2, "create Bo / dwarf / smith / lawful good / smith"}, {0, "end session: the inn closes"}} {
		if r := h.do("POST", "/api/tables/"+c.ID+"/actions", c.Seats[step.seat].Token, map[string]any{"kind": "typed", "action": map[string]string{"text": step.text}}); r.status != http.StatusOK {
			t.Fatalf("%s: %d %s", step.text, r.status, r.body)
		}
	}
	page := h.do("GET", "/t/"+c.ID, "", nil).body
	i := strings.Index(page, `<ol class="standings">`)
	if i < 0 {
		t.Fatalf("the finished table's page has no standings:\n%s", page)
	}
	list := page[i : i+strings.Index(page[i:], "</ol>")]
	if strings.Contains(list, "Gail") {
		t.Errorf("the standings list the game master:\n%s", list)
	}
	for _, want := range []string{"Ann · level: 0", "Bo · level: 0"} {
		if !strings.Contains(list, want) {
			t.Errorf("the standings lack %q:\n%s", want, list)
		}
	}
}

// TestPages_ATextFieldNamedActionDotPostsWithoutScript checks that a
// game's form posts its typed text as the action with no script on the
// page: a field named "action.text" becomes the action's "text" (msp's
// action line is named so), unless the action's JSON, written by the page's
// script, sets that field already; a JSON that is no object is refused.
func TestPages_ATextFieldNamedActionDotPostsWithoutScript(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	c := h.mustCreateMSP()
	page := "/t/" + c.ID + "/s/" + c.Seats[0].Token
	if body := h.do("GET", page, "", nil).body; !strings.Contains(body, `name="action.text"`) {
		t.Fatalf("msp's action line is not named action.text: a browser without script posts nothing")
	}
	for _, tc := range []struct{ action, field, want string }{
		{"{}", "note: the well is dry", "the well is dry"},
		{`{"text":"note: from the script"}`, "note: from the field", "from the script"},
	} {
		r := h.postForm(page+"/act", url.Values{"kind": {"typed"}, "action": {tc.action}, "action.text": {tc.field}})
		if r.status >= 400 {
			t.Fatalf("posting %q with action %s: %d %s", tc.field, tc.action, r.status, r.body)
		}
		if st := h.mustState(c.ID, c.Seats[0].Token); !strings.Contains(string(st.View), tc.want) {
			t.Errorf("after posting %q with action %s the GM's view lacks %q", tc.field, tc.action, tc.want)
		}
	}
	if r := h.postForm(page+"/act", url.Values{"kind": {"typed"}, "action": {"[1]"}, "action.text": {"note: x"}}); r.status != http.StatusBadRequest {
		t.Errorf("an action that is no JSON object with action.text fields = %d, want 400", r.status)
	}
}

// TestBots_ABotWaitsForSomeoneElsesMoveWhileAPersonMayMove: a bot player at
// a game master's table, where a player may always act (rest, pay, note),
// makes its character and then one move for each move of someone else,
// rather than move for ever (it made 100,000 moves in half a minute, and
// the people's moves were refused as out of date meanwhile).
func TestBots_ABotWaitsForSomeoneElsesMoveWhileAPersonMayMove(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "msp",
		"seats": []map[string]any{{"name": "Gail", "gm": true}, {"name": "Ann"}, {"name": "Cy", "bot": "random"}}})
	var c created
	decode(t, r, &c)
	// settled waits until the log has stopped growing for a while, and
	// returns its length.
	settled := func() int {
		t.Helper()
		seq := -1
		for range 50 {
			time.Sleep(100 * time.Millisecond)
			now := h.mustState(c.ID, c.Seats[0].Token).Seq
			if now == seq {
				return seq
			}
			if now > 1000 {
				t.Fatalf("the bot has made %d moves", now)
			}
			seq = now
		}
		t.Fatalf("the log is still growing after 5 s: %d entries", seq)
		return seq
	}
	if n := settled(); n != 1 {
		t.Fatalf("after the table is made, the log holds %d entries, want 1 (the bot's character)", n)
	}
	// Once every character is made, the players may act at any time.
	h.mustSay(c, 1, "create Ann / elf / ranger / chaotic good / hunter")
	if n := settled(); n != 3 {
		t.Fatalf("after Ann's character, the log holds %d entries, want 3 (hers, then one move of the bot)", n)
	}
	for i, move := range []struct {
		seat int
		text string
	}{{0, "note: the inn is quiet"}, {1, "rest short"}, {0, "note: night falls"}} {
		h.mustSay(c, move.seat, move.text)
		if n, want := settled(), 5+2*i; n != want {
			t.Fatalf("after %q, the log holds %d entries, want %d (that move, then one of the bot)", move.text, n, want)
		}
	}
}
