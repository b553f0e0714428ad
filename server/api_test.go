package server_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/server"
)

func TestAPI_DuelPlayedToTheEndAndVerified(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreate("2")
	if len(c.Seats) != 2 || c.Seats[0].Token == "" || c.Seats[1].Token == "" || len(c.Commitment) != 64 {
		t.Fatalf("create: %+v", c)
	}
	for i, s := range c.Seats {
		r := h.do("POST", "/api/tables/"+c.ID+"/join", "", map[string]string{"token": s.Token})
		var j struct {
			Seat int    `json:"seat"`
			Name string `json:"name"`
		}
		decode(t, r, &j)
		if r.status != http.StatusOK || j.Seat != i || j.Name != s.Name {
			t.Fatalf("join seat %d: %d %s", i, r.status, r.body)
		}
	}
	ann, bo := c.Seats[0].Token, c.Seats[1].Token
	st := h.mustState(c.ID, ann)
	// The duel's view does not say whom it waits for, so waiting_for is 0.
	if st.Seat != 0 || !st.MyTurn || st.Waiting != 0 || len(st.Legal) != 2 || st.Seed != "" || st.Commitment != c.Commitment {
		t.Fatalf("Ann's first state: %+v", st)
	}
	for round := 0; round < 2; round++ {
		h.mustAct(c.ID, ann, duel.Attack)
		st = h.mustState(c.ID, ann)
		if st.MyTurn || len(st.Legal) != 0 {
			t.Fatalf("Ann after sealing: my turn %v, %d legal; want false, 0", st.MyTurn, len(st.Legal))
		}
		h.mustAct(c.ID, bo, duel.Guard)
	}
	st = h.mustState(c.ID, "")
	if !st.Over || st.Outcome == nil || st.Seq != 4 || st.Seed == "" {
		t.Fatalf("spectator's state at the end: %+v", st)
	}
	if len(st.Log) == 0 || !strings.Contains(st.Log[len(st.Log)-1].Events[0].Text, "attacks: 1d6") && !strings.Contains(st.Log[len(st.Log)-1].Events[1].Text, "1d6") {
		t.Fatalf("the log does not show the dice: %+v", st.Log)
	}
	r := h.do("GET", "/api/tables/"+c.ID+"/export", "", nil)
	if r.status != http.StatusOK {
		t.Fatalf("export: %d %s", r.status, r.body)
	}
	var x engine.Export
	decode(t, r, &x)
	if x.Seed != st.Seed {
		t.Fatalf("export seed %q, state seed %q", x.Seed, st.Seed)
	}
	if _, err := engine.Replay(duel.Game, x); err != nil {
		t.Fatalf("the export does not verify: %v", err)
	}
	// A finished table leaves the lobby's list.
	r = h.do("GET", "/api/tables", "", nil)
	if strings.Contains(r.body, c.ID) {
		t.Fatalf("finished table still listed: %s", r.body)
	}
}

func TestAPI_BotSeatPlaysOnTheServer(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreate("3", "", "random")
	if c.Seats[1].Token != "" || c.Seats[1].URL != "" {
		t.Fatalf("a bot seat got an invite: %+v", c.Seats[1])
	}
	for round := 1; round <= 3; round++ {
		h.waitFor(c.ID, c.Seats[0].Token, "Ann's turn", func(st tableState) bool { return st.MyTurn || st.Over })
		h.mustAct(c.ID, c.Seats[0].Token, duel.Guard)
	}
	st := h.waitFor(c.ID, "", "the end", func(st tableState) bool { return st.Over })
	if st.Seq != 6 {
		t.Fatalf("finished after %d actions, want 6", st.Seq)
	}
}

// TestAPI_EveryBadOptionValueIsBadOptionsNamingTheOption: an option value
// the game does not take is 400 bad_options naming the option, whatever
// JSON it is written as: a list, an object or null (refused while the
// request is read) as well as text or a number the option's schema
// refuses. A whole number written with an exponent (1e2) is refused as
// not a whole number, as every whole number the API reads is (seq, an
// action's fields). JSON that is malformed elsewhere, options that are not
// an object among them, stays bad_request.
func TestAPI_EveryBadOptionValueIsBadOptionsNamingTheOption(t *testing.T) {
	h := mustServer(t)
	create := func(options string) string {
		return `{"game": "duel", "seats": [{"name": "Ann"}, {"name": "Bo"}], "options": ` + options + `}`
	}
	for _, tc := range []struct {
		name, body, code, want string
	}{
		{"a list", create(`{"rounds": [3]}`), "bad_options", `option "rounds" must be text, a number or true or false, not a list`},
		{"an object", create(`{"rounds": {"n": 3}}`), "bad_options", `option "rounds" must be text, a number or true or false, not an object`},
		{"null", create(`{"rounds": null}`), "bad_options", `option "rounds" must be text, a number or true or false, not null`},
		{"a list for an option the game lacks", create(`{"colour": []}`), "bad_options", `option "colour" must be`},
		{"text", create(`{"rounds": "three"}`), "bad_options", `option rounds: "three" is not a whole number`},
		{"a fraction", create(`{"rounds": 1.5}`), "bad_options", `option rounds: "1.5" is not a whole number`},
		{"an exponent", create(`{"rounds": 1e2}`), "bad_options", `option rounds: "1e2" is not a whole number`},
		{"out of range", create(`{"rounds": 99}`), "bad_options", `option rounds: 99 is out of range`},
		{"options that are a list", create(`["rounds"]`), "bad_request", "options must be an object of option values by name, not a list"},
		{"a seat that is a number", `{"game": "duel", "seats": [1, 2], "options": {"rounds": 3}}`, "bad_request", "malformed JSON"},
	} {
		r := h.do("POST", "/api/tables", "", tc.body)
		var e apiErr
		decode(t, r, &e)
		if r.status != http.StatusBadRequest || e.Error.Code != tc.code || !strings.HasPrefix(e.Error.Message, tc.want) {
			t.Errorf("%s: %d %s, want 400 %s saying %q", tc.name, r.status, r.body, tc.code, tc.want)
		}
	}
	if r := h.do("POST", "/api/tables", "", create(`{"rounds": 3}`)); r.status != http.StatusCreated {
		t.Errorf("a whole number: %d %s", r.status, r.body)
	}
}

func TestAPI_ErrorsAreClearAndChangeNothing(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreate("1")
	ann, bo := c.Seats[0].Token, c.Seats[1].Token
	h.mustAct(c.ID, ann, duel.Attack)
	over := h.mustCreate("1")
	h.mustAct(over.ID, over.Seats[0].Token, duel.Attack)
	h.mustAct(over.ID, over.Seats[1].Token, duel.Attack)
	act := "/api/tables/" + c.ID + "/actions"
	stance := func(s string) map[string]any {
		return map[string]any{"kind": "stance", "action": map[string]string{"stance": s}}
	}
	tests := []struct {
		name     string
		method   string
		path     string
		token    string
		body     any
		status   int
		code     string
		sayWords string
	}{
		{"unknown game", "POST", "/api/tables", "", map[string]any{"game": "chess", "seats": []any{map[string]string{}, map[string]string{}}}, 400, "unknown_game", `no game "chess"`},
		{"bad option", "POST", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{"rounds": "99"}, "seats": []any{map[string]string{}, map[string]string{}}}, 400, "bad_options", "out of range"},
		{"unknown option", "POST", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{"colour": "red"}, "seats": []any{map[string]string{}, map[string]string{}}}, 400, "bad_options", `no option "colour"`},
		{"too many seats", "POST", "/api/tables", "", map[string]any{"game": "duel", "seats": []any{map[string]string{}, map[string]string{}, map[string]string{}}}, 400, "bad_seats", "needs 2 to 2 seats"},
		{"unknown bot", "POST", "/api/tables", "", map[string]any{"game": "duel", "seats": []any{map[string]string{}, map[string]string{"bot": "deep blue"}}}, 400, "bad_seats", `seat 2: Duel has no bot "deep blue" (bots: random)`},
		{"malformed JSON", "POST", "/api/tables", "", `{"game": `, 400, "bad_request", "malformed JSON"},
		{"unknown field", "POST", "/api/tables", "", `{"game": "duel", "colour": 1}`, 400, "bad_request", "unknown field"},
		{"oversized request", "POST", act, ann, `{"kind": "` + strings.Repeat("x", 1<<20) + `"}`, 413, "too_large", "too large"},
		{"unknown table", "GET", "/api/tables/AAAAAAAAAAAAAAAAAAAAAA", "", nil, 404, "not_found", "no such table"},
		{"junk table id", "GET", "/api/tables/..%2f..", "", nil, 404, "not_found", "no such table"},
		{"bad token", "POST", act, "not-a-token", stance("guard"), 403, "bad_token", "not valid"},
		{"other table's token", "POST", act, over.Seats[0].Token, stance("guard"), 403, "bad_token", "not valid"},
		{"spectator acts", "POST", act, "", stance("guard"), 403, "spectator", "spectators only watch"},
		{"unknown action kind", "POST", act, bo, map[string]any{"kind": "fly", "action": map[string]string{}}, 400, "bad_action", `unknown action "fly"`},
		{"malformed action", "POST", act, bo, map[string]any{"kind": "stance", "action": map[string]string{"stance": "dance"}}, 400, "bad_action", "stance must be"},
		{"acting twice", "POST", act, ann, stance("guard"), 422, "illegal_action", "you have already chosen this round"},
		{"stale sequence number", "POST", act, bo, map[string]any{"kind": "stance", "action": map[string]string{"stance": "guard"}, "seq": 0}, 409, "version_conflict", "moved on"},
		{"game over", "POST", "/api/tables/" + over.ID + "/actions", over.Seats[0].Token, stance("guard"), 409, "game_over", "the game is over"},
		{"export before the end", "GET", "/api/tables/" + c.ID + "/export", "", nil, 409, "not_over", "when the game is over"},
		{"bad resume position", "GET", "/api/tables/" + c.ID + "/events?after=x", "", nil, 400, "bad_request", "sequence number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := h.do(tt.method, tt.path, tt.token, tt.body)
			var e apiErr
			decode(t, r, &e)
			if r.status != tt.status || e.Error.Code != tt.code || !strings.Contains(e.Error.Message, tt.sayWords) {
				t.Fatalf("%s %s = %d %s, want %d %s saying %q", tt.method, tt.path, r.status, r.body, tt.status, tt.code, tt.sayWords)
			}
		})
	}
	if st := h.mustState(c.ID, ann); st.Seq != 1 {
		t.Fatalf("after refused requests the log is at %d, want 1", st.Seq)
	}
	if st := h.mustState(over.ID, ""); st.Seq != 2 {
		t.Fatalf("after refused requests the finished log is at %d, want 2", st.Seq)
	}
}

func TestAPI_RacingActionsWithTheSameSequenceExactlyOneWins(t *testing.T) {
	h := mustServer(t)
	for round := 0; round < 10; round++ {
		c := h.mustCreate("3")
		var wg sync.WaitGroup
		status := make([]int, 2)
		codes := make([]string, 2)
		for i := range 2 {
			wg.Go(func() {
				r := h.do("POST", "/api/tables/"+c.ID+"/actions", c.Seats[i].Token,
					map[string]any{"kind": "stance", "action": map[string]string{"stance": duel.Attack}, "seq": 0})
				status[i] = r.status
				if r.status != http.StatusOK {
					var e apiErr
					decode(t, r, &e)
					codes[i] = e.Error.Code
				}
			})
		}
		wg.Wait()
		ok, conflict := 0, 0
		for i := range 2 {
			switch {
			case status[i] == http.StatusOK:
				ok++
			case status[i] == http.StatusConflict && codes[i] == "version_conflict":
				conflict++
			}
		}
		if ok != 1 || conflict != 1 {
			t.Fatalf("racing actions: statuses %v codes %v, want one 200 and one 409 version_conflict", status, codes)
		}
		if st := h.mustState(c.ID, ""); st.Seq != 1 {
			t.Fatalf("after the race the log is at %d, want 1", st.Seq)
		}
	}
}

func TestAPI_RateLimitRefusesBursts(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.ActionRate, c.ActionBurst = 1, 3 })
	c := h.mustCreate("3")
	limited := 0
	for range 6 {
		r := h.do("POST", "/api/tables/"+c.ID+"/actions", c.Seats[0].Token, map[string]any{"kind": "stance", "action": map[string]string{"stance": "guard"}})
		if r.status == http.StatusTooManyRequests {
			limited++
			if r.header.Get("Retry-After") == "" {
				t.Fatalf("429 without Retry-After")
			}
		}
	}
	if limited == 0 {
		t.Fatalf("6 actions at once with burst 3: none was rate limited")
	}
}

// TestAPI_RateLimitKeysOnTheProxysClientAddress checks the key of the limit
// per client (here on creating tables): the connection's address, and
// behind a trusted proxy (TrustProxy) the address the proxy appended to
// X-Forwarded-For, so that one client's burst does not use up everyone's.
func TestAPI_RateLimitKeysOnTheProxysClientAddress(t *testing.T) {
	create := func(h *harness, forwarded string) int {
		body := map[string]any{"game": "duel", "seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}}}
		return h.do("POST", "/api/tables", "", body, "X-Forwarded-For", forwarded).status
	}
	limitedAfter := func(h *harness, forwarded string) int {
		for i := range 10 {
			if create(h, forwarded) == http.StatusTooManyRequests {
				return i
			}
		}
		return -1
	}
	proxied := mustServer(t, func(c *server.Config) { c.ClientRate, c.ClientBurst, c.TrustProxy = 0.01, 2, true })
	if n := limitedAfter(proxied, "203.0.113.9, 198.51.100.1"); n != 2 {
		t.Fatalf("behind a trusted proxy, client 198.51.100.1 was limited after %d tables, want 2", n)
	}
	if got := create(proxied, "203.0.113.9, 198.51.100.2"); got != http.StatusCreated {
		t.Fatalf("behind a trusted proxy, another client (198.51.100.2) got %d after the first used its burst, want 201", got)
	}
	// Without TrustProxy the header is anyone's to write: it changes nothing.
	direct := mustServer(t, func(c *server.Config) { c.ClientRate, c.ClientBurst = 0.01, 2 })
	for i := range 2 {
		create(direct, fmt.Sprintf("198.51.100.%d", i))
	}
	if got := create(direct, "198.51.100.99"); got != http.StatusTooManyRequests {
		t.Fatalf("without a trusted proxy a new X-Forwarded-For got %d after the connection's burst was used, want 429", got)
	}
}

func TestAPI_EventStreamResumesAfterLastEventID(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreate("3")
	ann, bo := c.Seats[0].Token, c.Seats[1].Token
	// Guarding halves damage: no round here can end the duel early.
	h.mustAct(c.ID, ann, duel.Attack)
	h.mustAct(c.ID, bo, duel.Guard)
	evs, _ := h.readSSE("/api/tables/"+c.ID+"/events", ann, untilState)
	if len(evs) != 3 || evs[0].name != "entry" || evs[0].id != "1" || evs[1].id != "2" || evs[2].name != "state" || evs[2].id != "2" {
		t.Fatalf("first stream: %+v", evs)
	}
	h.mustAct(c.ID, bo, duel.Guard)
	evs, _ = h.readSSE("/api/tables/"+c.ID+"/events", ann, untilState, "Last-Event-ID", "2")
	if len(evs) != 2 || evs[0].id != "3" || evs[1].name != "state" {
		t.Fatalf("resumed stream: %+v", evs)
	}
	var st tableState
	if err := json.Unmarshal([]byte(evs[1].data), &st); err != nil || st.Seq != 3 || !st.MyTurn {
		t.Fatalf("resumed state: %+v, %v", st, err)
	}
	// A live stream gets what happens after it opened. Ann acts only once
	// the stream has its first state, so the action lands on an open stream;
	// every wait is bounded (readSSE gives up after 5 s and then never sends).
	done, connected := make(chan []sseEvent, 1), make(chan struct{})
	go func() {
		evs, _ := h.readSSE("/api/tables/"+c.ID+"/events?after=3", "", func(evs []sseEvent) bool {
			if len(evs) == 1 {
				close(connected)
			}
			return len(evs) >= 3
		})
		done <- evs
	}()
	select {
	case <-connected:
	case <-time.After(10 * time.Second):
		t.Fatalf("the live stream sent nothing in 10 s")
	}
	h.mustAct(c.ID, ann, duel.Guard)
	select {
	case evs = <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("the live stream did not get Ann's action in 10 s")
	}
	if evs[0].name != "state" || evs[1].name != "entry" || evs[1].id != "4" {
		t.Fatalf("live stream: %+v", evs)
	}
}

// TestStream_ChangesWithinTheGatherWindowShareOneState: a stream that wakes
// up for a change waits Config.StreamGather for more before it renders, so
// that the moves of a round, made at once, cost one state event, not one
// each. The second move comes a while after the first: time enough for a
// stream that did not wait to send the state between them.
func TestStream_ChangesWithinTheGatherWindowShareOneState(t *testing.T) {
	const gather, gap = 2 * time.Second, 200 * time.Millisecond
	h := mustServer(t, func(c *server.Config) { c.StreamGather = gather })
	c := h.mustCreate("3")
	done, connected := make(chan []sseEvent, 1), make(chan struct{})
	go func() {
		evs, _ := h.readSSE("/api/tables/"+c.ID+"/events", "", func(evs []sseEvent) bool {
			if len(evs) == 1 {
				close(connected)
			}
			last := evs[len(evs)-1]
			return last.name == "state" && last.id == "2"
		})
		done <- evs
	}()
	select {
	case <-connected:
	case <-time.After(10 * time.Second):
		t.Fatalf("the stream sent nothing in 10 s")
	}
	start := time.Now()
	h.mustAct(c.ID, c.Seats[0].Token, duel.Guard)
	time.Sleep(gap)
	h.mustAct(c.ID, c.Seats[1].Token, duel.Guard)
	if d := time.Since(start); d >= gather {
		t.Skipf("the two moves took %v, longer than the gather: the machine is too busy for this test", d)
	}
	var evs []sseEvent
	select {
	case evs = <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("the stream did not get both actions in 10 s")
	}
	var names []string
	for _, e := range evs {
		names = append(names, e.name+" "+e.id)
	}
	if got, want := strings.Join(names, ", "), "state 0, entry 1, entry 2, state 2"; got != want {
		t.Errorf("stream sent %s, want %s", got, want)
	}
}
