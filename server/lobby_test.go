package server_test

import (
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/games"
	"tabletop/server"
)

// follow answers a redirect as a browser does: it gets the page r sends
// the client to, with header; it fails the test if r is not a 303.
func (h *harness) follow(r response, header ...string) response {
	h.t.Helper()
	loc := r.header.Get("Location")
	if r.status != http.StatusSeeOther || !strings.HasPrefix(loc, "/") {
		h.t.Fatalf("want a 303 to a page of ours, got %d to %q: %s", r.status, loc, r.body)
	}
	return h.do("GET", loc, "", nil, header...)
}

// TestPages_CreatingATableRedirectsSoAReloadCreatesNoOther checks
// post/redirect/get: the new-table form answers with a redirect to the
// invite links, and getting that page again (a reload) shows the same
// links and creates nothing; the page shows links only for the table's own
// tokens.
func TestPages_CreatingATableRedirectsSoAReloadCreatesNoOther(t *testing.T) {
	h := mustServer(t)
	body := url.Values{"seat0.name": {"Ann"}, "seat0.who": {"person"}, "seat1.name": {"Bo"}, "seat1.who": {"bot:random"}, "listed": {"true"}}.Encode()
	post := h.do("POST", "/new/duel", "", body, "Content-Type", form)
	first := h.follow(post)
	again := h.follow(post) // the reload
	link := regexp.MustCompile(`href="(/t/[\w-]{22}/s/[\w-]{43})"`)
	if first.status != http.StatusOK || len(link.FindAllString(first.body, -1)) != 1 || !strings.Contains(first.body, "bot: random") {
		t.Fatalf("the created page: %d\n%s", first.status, first.body)
	}
	if again.body != first.body {
		t.Fatalf("a reload shows another page")
	}
	if r := h.do("GET", "/api/tables", "", nil); strings.Count(r.body, `"id"`) != 1 {
		t.Fatalf("after a reload the server lists %d tables, want 1: %s", strings.Count(r.body, `"id"`), r.body)
	}
	// The links are shown only with the table's own tokens, in seat order.
	loc := post.header.Get("Location")
	id := strings.Split(loc, "/")[2]
	other := h.follow(h.do("POST", "/new/duel", "", body, "Content-Type", form)).body
	foreign := regexp.MustCompile(`/s/([\w-]{43})"`).FindStringSubmatch(other)[1]
	for _, bad := range []string{
		"/t/" + id + "/created?s=" + foreign + "&s=",
		"/t/" + id + "/created?s=",
		"/t/" + id + "/created",
		"/t/" + id + "/created?s=&s=" + foreign,
	} {
		if r := h.do("GET", bad, "", nil); r.status != http.StatusForbidden || link.MatchString(r.body) {
			t.Errorf("GET %s = %d, want 403 and no links", bad, r.status)
		}
	}
}

// TestPages_PlayNowAgainstBotsIsOneClick checks that the lobby starts a
// game against bots in one click, for every game without a game master's
// seat that bots can play, and lands the person on their seat of a running
// table.
func TestPages_PlayNowAgainstBotsIsOneClick(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	lobby := h.do("GET", "/", "", nil).body
	for _, g := range games.All() {
		info := g.Info()
		_, people := g.(interface{ PeopleOnly() })
		noBots := info.GMSeat || people
		button := `<form method="post" action="/play/` + info.ID + `" class="play-now">`
		if strings.Contains(lobby, button) == noBots {
			t.Errorf("%s (game master's seat: %v, people only: %v): the lobby's Play now button is there: %v", info.ID, info.GMSeat, people, !noBots)
		}
		if noBots {
			if r := h.do("POST", "/play/"+info.ID, "", ""); r.status != http.StatusBadRequest {
				t.Errorf("POST /play/%s = %d, want 400: bots cannot play it", info.ID, r.status)
			}
			continue
		}
		post := h.do("POST", "/play/"+info.ID, "", "")
		if !regexp.MustCompile(`^/t/[\w-]{22}/s/[\w-]{43}$`).MatchString(post.header.Get("Location")) {
			t.Fatalf("POST /play/%s = %d to %q, want a 303 to the seat's page", info.ID, post.status, post.header.Get("Location"))
		}
		page := h.follow(post)
		if page.status != http.StatusOK || !strings.Contains(page.body, `You play <strong class="you">Player</strong>`) {
			t.Fatalf("%s: the seat's page after Play now: %d\n%s", info.ID, page.status, page.body)
		}
		var st struct {
			Seats []struct{ Bot string }
		}
		decode(t, h.do("GET", "/api/tables/"+strings.Split(post.header.Get("Location"), "/")[2], "", nil), &st)
		want := min(max(4, info.MinSeats), info.MaxSeats)
		bots := 0
		for _, s := range st.Seats {
			if s.Bot != "" {
				bots++
			}
		}
		if len(st.Seats) != want || bots != want-1 {
			t.Errorf("%s: Play now made %d seats with %d bots, want %d with %d", info.ID, len(st.Seats), bots, want, want-1)
		}
	}
}

// TestLobby_ShowsTheSettingsOfEachTableThatDifferFromTheDefaults checks
// that a player can tell open tables apart by their options before joining:
// the lobby's row of a table names, under the game's name, each option set
// away from its default (the game's, and the turn clock every table may
// have, whose default for a listed table is two minutes), and nothing for
// a table of defaults; the API's list gives every option.
func TestLobby_ShowsTheSettingsOfEachTableThatDifferFromTheDefaults(t *testing.T) {
	h := mustServer(t)
	short := h.mustCreate("2")
	usual := h.mustCreate("8") // duel's default
	clocked := func(seconds string) created {
		r := h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{"turn-clock": seconds},
			"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}}, "listed": true})
		var c created
		decode(t, r, &c)
		return c
	}
	long, unclocked := clocked("600"), clocked("0")
	page := h.do("GET", "/", "", nil).body
	row := func(id string) string {
		for r := range strings.SplitSeq(page, "<tr>") {
			if strings.Contains(r, `href="/t/`+id+`"`) {
				return r
			}
		}
		t.Fatalf("the lobby has no row for table %s:\n%s", id, page)
		return ""
	}
	if r := row(short.ID); !strings.Contains(r, `<td>Duel<br><span class="settings help">Rounds 2</span></td>`) {
		t.Errorf("the row of a 2-round duel does not say so: %s", r)
	}
	if r := row(usual.ID); !strings.Contains(r, "<td>Duel</td>") || strings.Contains(r, "Rounds") {
		t.Errorf("the row of a duel of default rounds: %s", r)
	}
	if r := row(long.ID); !strings.Contains(r, `<span class="settings help">Turn clock 600 s</span>`) {
		t.Errorf("the row of a duel with a 10-minute turn clock does not say so: %s", r)
	}
	if r := row(unclocked.ID); !strings.Contains(r, `<span class="settings help">Turn clock off</span>`) {
		t.Errorf("the row of a duel without a turn clock does not say so: %s", r)
	}
	var list struct {
		Tables []struct {
			ID      string            `json:"id"`
			Options map[string]string `json:"options"`
		} `json:"tables"`
	}
	decode(t, h.do("GET", "/api/tables", "", nil), &list)
	got := map[string]string{}
	for _, tab := range list.Tables {
		got[tab.ID] = tab.Options["rounds"]
	}
	if got[short.ID] != "2" || got[usual.ID] != "8" {
		t.Errorf("the API's list gives rounds %q and %q, want 2 and 8", got[short.ID], got[usual.ID])
	}
}

// TestOptionSettings_NamesOnlyWhatDiffersInTheSchemasOrder checks the words
// of the lobby's settings: labels as the new-table form has them, switches
// as on and off, the table options with their units (a clock of 0 is
// off), and nothing for an option at its default or missing.
func TestOptionSettings_NamesOnlyWhatDiffersInTheSchemasOrder(t *testing.T) {
	schema := []engine.OptionSpec{
		{Name: "turns", Kind: engine.OptionInt, Default: "12"},
		{Name: "shared_wins", Kind: engine.OptionBool, Default: "true"},
		{Name: "mode", Kind: engine.OptionChoice, Default: "easy"},
		{Name: "retire_age", Kind: engine.OptionInt, Default: "10"},
		{Name: engine.OptTurnClock, Kind: engine.OptionInt, Default: "120"},
		{Name: engine.OptBotPace, Kind: engine.OptionInt, Default: "0"},
	}
	got := server.OptionSettings(schema, engine.Options{"retire_age": "10", "mode": "hard", "shared_wins": "false", "turns": "6", engine.OptTurnClock: "0", engine.OptBotPace: "500"})
	if want := []string{"Turns 6", "Shared wins off", "Mode hard", "Turn clock off", "Bot pace 500 ms"}; !slices.Equal(got, want) {
		t.Errorf("settings %q, want %q", got, want)
	}
	if got := server.OptionSettings(schema, nil); got != nil {
		t.Errorf("settings of no options %q, want none", got)
	}
}
