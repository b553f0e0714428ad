package server_test

import (
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games"
	"tabletop/internal/duel"
	"tabletop/server"
	"tabletop/store/sqlite"
)

// mustCreateOpen creates a listed duel table of Ann (invited) and an open
// seat, with the API.
func (h *harness) mustCreateOpen() created {
	h.t.Helper()
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{"rounds": "3"},
		"seats": []map[string]any{{"name": "Ann"}, {"name": "", "open": true}}, "listed": true})
	if r.status != http.StatusCreated {
		h.t.Fatalf("create table: %d %s", r.status, r.body)
	}
	var c created
	decode(h.t, r, &c)
	if c.Seats[0].Token == "" || c.Seats[1].Token != "" {
		h.t.Fatalf("create table with an open seat: %+v, want a token for Ann's seat only", c.Seats)
	}
	return c
}

// TestJoin_AnOpenSeatIsJoinedFromTheLobbyUnderTheJoinersName checks the
// whole way in a browser's steps: the new-table form leaves a seat open,
// the created page says so instead of showing a link, the lobby lists the
// table with a Join button, the join page offers the open seat, and joining
// sends the joiner to their seat's page under the name they chose, where
// they can act; after that the lobby offers no Join for the table and a
// second join of the seat is refused.
func TestJoin_AnOpenSeatIsJoinedFromTheLobbyUnderTheJoinersName(t *testing.T) {
	h := mustServer(t)
	body := url.Values{"seat0.name": {"Ann"}, "seat0.who": {"person"}, "seat1.name": {""}, "seat1.who": {"open"}, "listed": {"true"}}.Encode()
	post := h.do("POST", "/new/duel", "", body, "Content-Type", form)
	page := h.follow(post)
	id := strings.Split(post.header.Get("Location"), "/")[2]
	if page.status != http.StatusOK || len(regexp.MustCompile(`class="invite"`).FindAllString(page.body, -1)) != 1 ||
		!strings.Contains(page.body, "open: the first person to join") {
		t.Fatalf("the created page of a table with an open seat: %d\n%s", page.status, page.body)
	}
	button := `<form method="get" action="/t/` + id + `/join" class="join"><button type="submit">Join</button></form>`
	lobby := h.do("GET", "/", "", nil).body
	if !strings.Contains(lobby, button) || !strings.Contains(lobby, "<em>open seat</em>") {
		t.Fatalf("the lobby does not offer to join the open seat:\n%s", lobby)
	}
	form1 := h.do("GET", "/t/"+id+"/join", "", nil)
	if form1.status != http.StatusOK || !strings.Contains(form1.body, `name="seat" value="1" checked`) || strings.Contains(form1.body, `value="0"`) {
		t.Fatalf("the join page: %d\n%s", form1.status, form1.body)
	}
	joined := h.do("POST", "/t/"+id+"/join", "", url.Values{"seat": {"1"}, "name": {" Cy "}}.Encode(), "Content-Type", form)
	seatPage := regexp.MustCompile(`^/t/` + id + `/s/([\w-]{43})$`).FindStringSubmatch(joined.header.Get("Location"))
	if seatPage == nil {
		t.Fatalf("joining: %d to %q, want a 303 to the seat's page\n%s", joined.status, joined.header.Get("Location"), joined.body)
	}
	if p := h.follow(joined); p.status != http.StatusOK || !strings.Contains(p.body, `You play <strong class="you">Cy</strong>`) {
		t.Fatalf("the joiner's seat page: %d\n%s", p.status, p.body)
	}
	token := seatPage[1]
	if st := h.mustState(id, token); st.Seat != 1 {
		t.Fatalf("the joiner's token reads seat %d, want 1", st.Seat)
	}
	h.mustAct(id, token, duel.Guard)
	if lobby := h.do("GET", "/", "", nil).body; strings.Contains(lobby, button) || !strings.Contains(lobby, "Ann, Cy") {
		t.Fatalf("after the join the lobby still offers the seat, or not under the joiner's name:\n%s", lobby)
	}
	again := h.do("POST", "/t/"+id+"/join", "", url.Values{"seat": {"1"}, "name": {"Dee"}}.Encode(), "Content-Type", form)
	if again.status != http.StatusConflict || again.header.Get("Location") != "" || !strings.Contains(again.body, "Every seat of this table is taken") {
		t.Fatalf("a second join of the seat: %d\n%s", again.status, again.body)
	}
}

// TestJoin_TwoPeopleJoiningOneSeatAtOnceExactlyOneGetsIt races joins of
// one open seat: exactly one gets a token (and it works), the others are
// told the seat was taken.
func TestJoin_TwoPeopleJoiningOneSeatAtOnceExactlyOneGetsIt(t *testing.T) {
	h := mustServer(t)
	for round := range 5 {
		c := h.mustCreateOpen()
		const joiners = 6
		res := make([]response, joiners)
		var wg sync.WaitGroup
		for i := range joiners {
			wg.Go(func() {
				res[i] = h.do("POST", "/api/tables/"+c.ID+"/seats/1/join", "", map[string]string{"name": fmt.Sprint("P", i)})
			})
		}
		wg.Wait()
		winner := -1
		for i, r := range res {
			switch {
			case r.status == http.StatusOK && winner >= 0:
				t.Fatalf("round %d: joiners %d and %d both got the seat", round, winner, i)
			case r.status == http.StatusOK:
				winner = i
			case r.status != http.StatusConflict || !strings.Contains(r.body, "someone else has just taken that seat") &&
				!strings.Contains(r.body, "someone has just joined it"):
				t.Fatalf("round %d: a losing join: %d %s, want 409 saying the seat is taken", round, r.status, r.body)
			}
		}
		if winner < 0 {
			t.Fatalf("round %d: nobody got the seat", round)
		}
		var inv struct {
			Seat  int    `json:"seat"`
			Name  string `json:"name"`
			Token string `json:"token"`
		}
		decode(t, res[winner], &inv)
		if st := h.mustState(c.ID, inv.Token); st.Seat != 1 || inv.Name != fmt.Sprint("P", winner) {
			t.Fatalf("round %d: the winner's token reads seat %d as %q", round, st.Seat, inv.Name)
		}
	}
}

// TestJoin_RefusesInWordsWhatCannotBeJoined checks that a join without a
// name, with a name that could break a log line, of an invited seat or a
// bot's (neither ever open: the refusal says so, not that someone took it),
// of a seat that does not exist, and a table whose bot's seat is "open" are
// refused with a message a person understands, and that nothing changed.
func TestJoin_RefusesInWordsWhatCannotBeJoined(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreateOpen()
	for _, tc := range []struct {
		name, seat, who string
		status          int
		want            string
	}{
		{"no name", "1", "  ", http.StatusBadRequest, "choose a name"},
		{"a line break", "1", "Cy\nBo", http.StatusBadRequest, "control characters"},
		{"a long name", "1", strings.Repeat("x", 41), http.StatusBadRequest, "at most 40"},
		{"an invited seat", "0", "Cy", http.StatusConflict, "seat 0 (Ann's) is not open to join: its player has an invite link of their own"},
		{"no such seat", "7", "Cy", http.StatusConflict, "this table has no seat 7 (its seats are 0 to 1)"},
		{"not a seat", "one", "Cy", http.StatusBadRequest, "not a seat number"},
	} {
		r := h.do("POST", "/api/tables/"+c.ID+"/seats/"+tc.seat+"/join", "", map[string]string{"name": tc.who})
		if r.status != tc.status || !strings.Contains(r.body, tc.want) {
			t.Errorf("%s: %d %s, want %d saying %q", tc.name, r.status, r.body, tc.status, tc.want)
		}
	}
	if r := h.do("GET", "/", "", nil); !strings.Contains(r.body, "/t/"+c.ID+"/join") {
		t.Fatalf("after refused joins the seat is no longer offered")
	}
	var withBot created
	decode(t, h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "seats": []map[string]any{{"name": "Ann"}, {"name": "Robo", "bot": "random"}}}), &withBot)
	r := h.do("POST", "/api/tables/"+withBot.ID+"/seats/1/join", "", map[string]string{"name": "Cy"})
	if want := "seat 1 (Robo's) is not open to join: a bot (random) plays it; every seat is taken now: watch the game instead"; r.status != http.StatusConflict || !strings.Contains(r.body, want) || !strings.Contains(r.body, "seat_taken") {
		t.Errorf("joining a bot's seat: %d %s, want 409 seat_taken saying %q", r.status, r.body, want)
	}
	bad := h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "seats": []map[string]any{{"name": "Ann"}, {"bot": "random", "open": true}}})
	if bad.status != http.StatusBadRequest || !strings.Contains(bad.body, "only a player's seat may be open") {
		t.Fatalf("a bot's seat left open: %d %s", bad.status, bad.body)
	}
}

// TestJoin_RefusalsNumberSeatsAsTheAPIAndNameThemAsThePage: the JSON
// API counts seats from 0 in its addresses and "seat" fields, and its
// refusals count them the same way, with the seat's name; the join page
// shows seats by name, and its refusals name them so. A seat created
// without a name ("Seat 1" for seat 0) is not named again by the API, and
// a seat number in the address that is not one (a word, a negative
// number) is 400 bad_seat, not a seat the table lacks.
func TestJoin_RefusalsNumberSeatsAsTheAPIAndNameThemAsThePage(t *testing.T) {
	h := mustServer(t)
	var c created
	decode(t, h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "listed": true,
		"seats": []map[string]any{{"name": ""}, {"name": "Bo", "open": true}}}), &c)
	named := h.mustCreateOpen() // Ann, and an open seat
	for _, tc := range []struct {
		name, id, seat string
		status         int
		code, want     string
	}{
		{"a named seat", named.ID, "0", http.StatusConflict, "seat_taken", "seat 0 (Ann's) is not open to join"},
		{"a seat given no name", c.ID, "0", http.StatusConflict, "seat_taken", "seat 0 is not open to join"},
		{"a seat past the last", named.ID, "2", http.StatusConflict, "seat_taken", "this table has no seat 2 (its seats are 0 to 1)"},
		{"a negative number", named.ID, "-1", http.StatusBadRequest, "bad_seat", `"-1" is not a seat number: seats are numbered from 0`},
		{"a word", named.ID, "one", http.StatusBadRequest, "bad_seat", `"one" is not a seat number`},
	} {
		r := h.do("POST", "/api/tables/"+tc.id+"/seats/"+tc.seat+"/join", "", map[string]string{"name": "Cy"})
		var e apiErr
		decode(t, r, &e)
		if r.status != tc.status || e.Error.Code != tc.code || !strings.HasPrefix(e.Error.Message, tc.want) || strings.Contains(e.Error.Message, "Seat 1") {
			t.Errorf("API, %s: %d %s, want %d %s saying %q", tc.name, r.status, r.body, tc.status, tc.code, tc.want)
		}
	}
	for _, tc := range []struct{ name, id, want string }{
		{"a named seat", named.ID, "Ann&#39;s seat is not open to join"},
		{"a seat given no name", c.ID, "Seat 1 is not open to join"},
	} {
		r := h.do("POST", "/t/"+tc.id+"/join", "", url.Values{"seat": {"0"}, "name": {"Cy"}}.Encode(), "Content-Type", form)
		if r.status != http.StatusConflict || !strings.Contains(r.body, tc.want) {
			t.Errorf("page, %s: %d, want 409 saying %q\n%s", tc.name, r.status, tc.want, r.body)
		}
	}
}

// TestJoin_AnotherInstanceTakesTheJoinersToken runs two servers on one
// store: a seat joined through one is played through the other, which had
// the table in memory from before the join.
func TestJoin_AnotherInstanceTakesTheJoinersToken(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "t.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	var n atomic.Uint64
	two := func(c *server.Config) {
		c.Store, c.Games = st, engine.NewRegistry(duel.Game)
		c.NewSeed = func() dice.Seed { return dice.Derive(dice.Seed{}, t.Name(), n.Add(1)) }
	}
	a, b := mustServer(t, two), mustServer(t, two)
	c := a.mustCreateOpen()
	b.mustState(c.ID, "") // b loads the table, seat 1 still open
	r := a.do("POST", "/api/tables/"+c.ID+"/seats/1/join", "", map[string]string{"name": "Cy"})
	var inv struct{ Token string }
	decode(t, r, &inv)
	if r.status != http.StatusOK {
		t.Fatalf("join: %d %s", r.status, r.body)
	}
	if st := b.mustState(c.ID, inv.Token); st.Seat != 1 {
		t.Fatalf("the other instance reads the joiner's token as seat %d", st.Seat)
	}
	b.mustAct(c.ID, inv.Token, duel.Guard)
}

// TestJoin_NobodyActsBeforeEverySeatIsTaken checks that a table with an
// open seat waits: its page says so and offers no action, an action (a free
// roll too) is refused in words, a bot does not move; once the seat is
// joined, the stream of the waiting person's page brings the full table and
// the bot plays.
func TestJoin_NobodyActsBeforeEverySeatIsTaken(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreateOpen()
	ann := c.Seats[0].Token
	st := h.mustState(c.ID, ann)
	if st.MyTurn || len(st.Legal) != 0 {
		t.Fatalf("before the table is full Ann may act: %+v", st)
	}
	page := h.do("GET", "/t/"+c.ID+"/s/"+ann, "", nil).body
	if !strings.Contains(page, "Waiting for 1 more player to join from the lobby") || strings.Contains(page, `name="kind" value="stance"`) {
		t.Fatalf("the waiting table's page:\n%s", page)
	}
	for _, a := range []map[string]any{
		{"kind": "stance", "action": map[string]string{"stance": duel.Guard}},
		{"kind": engine.KindFreeRoll, "action": map[string]string{"expr": "d6"}},
	} {
		r := h.do("POST", "/api/tables/"+c.ID+"/actions", ann, a)
		if r.status != http.StatusConflict || !strings.Contains(r.body, "the game starts when every seat is taken: 1 seat is still open") {
			t.Fatalf("%v before the table is full: %d %s", a["kind"], r.status, r.body)
		}
	}

	// Ann's stream is open when Dee joins: it brings the full table.
	got := make(chan []sseEvent, 1)
	go func() {
		evs, _ := h.readSSE("/t/"+c.ID+"/s/"+ann+"/events", "", func(evs []sseEvent) bool {
			return strings.Contains(evs[len(evs)-1].data, "Dee")
		})
		got <- evs
	}()
	time.Sleep(200 * time.Millisecond) // the stream has its first state
	if r := h.do("POST", "/api/tables/"+c.ID+"/seats/1/join", "", map[string]string{"name": "Dee"}); r.status != http.StatusOK {
		t.Fatalf("join: %d %s", r.status, r.body)
	}
	var evs []sseEvent
	select {
	case evs = <-got:
	case <-time.After(10 * time.Second):
		t.Fatal("the waiting person's stream brought no state with the joiner")
	}
	if last := evs[len(evs)-1]; last.name != "state" || strings.Contains(last.data, "to join") {
		t.Fatalf("the stream's last event after the join: %s %s", last.name, last.data)
	}
	h.mustAct(c.ID, ann, duel.Guard)

	bot := h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{"rounds": "3"},
		"seats": []map[string]any{{"name": "Robo", "bot": "random"}, {"open": true}}, "listed": true})
	var b created
	decode(t, bot, &b)
	time.Sleep(300 * time.Millisecond) // a bot plays at once (BotPace -1)
	if st := h.mustState(b.ID, ""); st.Seq != 0 {
		t.Fatalf("the bot moved %d times before the table was full", st.Seq)
	}
	h.do("POST", "/api/tables/"+b.ID+"/seats/1/join", "", map[string]string{"name": "Dee"})
	h.waitFor(b.ID, "", "the bot's move once the table is full", func(st tableState) bool { return st.Seq > 0 })
}

// TestJoin_ASeatTakenAMomentAgoSaysSoAndPointsElsewhere: joining a seat
// someone else took a moment ago is refused (409, code seat_taken) with
// words for what happened and what to do: pick another open seat while
// there is one, watch when there is none; a seat the table does not have
// says that instead, and the game master's seat that it is the GM's.
func TestJoin_ASeatTakenAMomentAgoSaysSoAndPointsElsewhere(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "pmr",
		"seats": []map[string]any{{"name": "Ann"}, {"open": true}, {"open": true}}})
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	decode(t, r, &c)
	join := func(seat int, name, code, want string) {
		t.Helper()
		r := h.do("POST", fmt.Sprintf("/api/tables/%s/seats/%d/join", c.ID, seat), "", map[string]string{"name": name})
		if code == "" {
			if r.status != http.StatusOK {
				t.Fatalf("%s joins seat %d: %d %s", name, seat, r.status, r.body)
			}
			return
		}
		var e apiErr
		decode(t, r, &e)
		if r.status != http.StatusConflict || e.Error.Code != code || !strings.Contains(e.Error.Message, want) {
			t.Errorf("%s joins seat %d: %d %s, want 409 %s saying %q", name, seat, r.status, r.body, code, want)
		}
	}
	join(1, "Cy", "", "")
	join(1, "Dee", "seat_taken", "or someone has just joined it; pick one of the table's open seats")
	join(2, "Eve", "", "")
	join(2, "Fay", "seat_taken", "or someone has just joined it; every seat is taken now: watch the game instead")
	join(7, "Gus", "seat_taken", "this table has no seat 7 (its seats are 0 to 2)")
	r = h.do("POST", "/api/tables", "", map[string]any{"game": "msp",
		"seats": []map[string]any{{"name": "Gail", "gm": true}, {"name": "Ann"}, {"open": true}}})
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	decode(t, r, &c)
	join(0, "Hal", "seat_taken", "seat 0 (Gail's) is not open to join: it is the game master's, who has an invite link of their own; pick one of the table's open seats")
}
