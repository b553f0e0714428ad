package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/server"
	"tabletop/store"
)

// heapAfterGC is the live heap once the garbage collector has run.
func heapAfterGC() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// TestRateLimitsBeforeLookups_JunkTokensLeaveMemoryFlat sends 100,000
// requests with junk seat tokens, each one different (long ones, and ones of
// a token's exact length that fit no seat), from 400 client
// addresses, to the API and the page routes. Every one is refused, and the
// server keeps nothing per token: the heap after them is within a few
// megabytes of the heap before (it grew by over 100 MB while the limiter
// kept a bucket per token).
func TestRateLimitsBeforeLookups_JunkTokensLeaveMemoryFlat(t *testing.T) {
	// The clock stands still, so that the limiter refuses the same share
	// however fast the machine runs the requests.
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	h := mustServer(t, func(c *server.Config) {
		c.ClientRate, c.ClientBurst, c.Now = 50, 100, func() time.Time { return now }
	})
	c := h.mustCreate("3")
	handler := h.srv.Handler()
	const requests = 100_000
	long := strings.Repeat("x", 1000)
	send := func(i int) int {
		var path, token string
		switch i % 4 {
		case 0: // long junk
			token = fmt.Sprintf("%s%08d", long, i)
		case 1: // a token's length and alphabet, but nobody's
			token = fmt.Sprintf("%043d", i)
		case 2:
			token = fmt.Sprintf("%s%08d", long, i)
			path = "/t/" + c.ID + "/s/" + token + "/act"
		case 3:
			token = fmt.Sprintf("%043d", i)
			path = "/t/" + c.ID + "/s/" + token + "/act"
		}
		var req *http.Request
		if path == "" {
			req = httptest.NewRequest("POST", "/api/tables/"+c.ID+"/actions", strings.NewReader(`{"kind":"stance","action":{"stance":"guard"}}`))
			req.Header.Set("Authorization", "Bearer "+token)
		} else {
			req = httptest.NewRequest("POST", path, strings.NewReader("kind=stance"))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		req.RemoteAddr = fmt.Sprintf("198.51.%d.%d:4000", i%400/200, i%200)
		w := httptest.NewRecorder()
		handler.ServeHTTP(w, req)
		return w.Code
	}
	for i := range 1000 { // warm up: the server's own caches fill
		send(i)
	}
	before := heapAfterGC()
	start := time.Now()
	codes := map[int]int{}
	for i := range requests {
		codes[send(i)]++
		if time.Since(start) > 2*time.Minute {
			t.Fatalf("%d junk requests took over 2 minutes", i)
		}
	}
	after := heapAfterGC()
	if codes[http.StatusOK]+codes[http.StatusSeeOther] != 0 {
		t.Fatalf("junk tokens were accepted: %v", codes)
	}
	const bound = 8 << 20
	if after > before+bound {
		t.Fatalf("%d junk-token requests grew the heap from %d to %d bytes (by %d KB; bound %d KB)", requests, before, after, (after-before)>>10, bound>>10)
	}
	if codes[http.StatusForbidden] == 0 || codes[http.StatusTooManyRequests] == 0 {
		t.Fatalf("statuses %v: want both refusals of bad tokens (403) and of too many requests (429)", codes)
	}
	if st := h.mustState(c.ID, ""); st.Seq != 0 {
		t.Fatalf("junk requests changed the table: seq %d", st.Seq)
	}
}

// TestRateLimitsBeforeLookups_TokensHaveOneSpelling checks that a seat's
// token is accepted only as it was issued: the same bytes spelt with other
// unused bits in the last character, with padding, or with a line break
// (which a lenient decoder skips) fit no seat.
func TestRateLimitsBeforeLookups_TokensHaveOneSpelling(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreate("3")
	token := c.Seats[0].Token
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	last := strings.IndexByte(alphabet, token[len(token)-1])
	spellings := map[string]string{
		"other unused bits": token[:len(token)-1] + string(alphabet[last^1]),
		"padded":            token + "=",
		"with a line break": token[:20] + "\n" + token[20:],
		"with a space":      " " + token,
	}
	if r := h.do("POST", "/api/tables/"+c.ID+"/join", "", map[string]string{"token": token}); r.status != http.StatusOK {
		t.Fatalf("join with the token as issued: %d %s", r.status, r.body)
	}
	for name, other := range spellings {
		r := h.do("POST", "/api/tables/"+c.ID+"/join", "", map[string]string{"token": other})
		if r.status != http.StatusForbidden || !strings.Contains(r.body, "not valid") {
			t.Errorf("join with the token %s = %d %s, want 403 not valid", name, r.status, r.body)
		}
	}
	other := spellings["other unused bits"]
	if r := h.do("GET", "/api/tables/"+c.ID, other, nil); r.status != http.StatusForbidden {
		t.Errorf("GET the table with the token's other spelling = %d, want 403", r.status)
	}
	if r := h.do("GET", "/t/"+c.ID+"/s/"+other, "", nil); r.status != http.StatusForbidden {
		t.Errorf("the page at the token's other spelling = %d, want 403", r.status)
	}
}

// TestNoFieldInjection_SeatNamesRefuseControlAndInvisibleCharacters checks
// that a seat name with a line break, a tab, an escape, a Unicode line
// separator, or an invisible format character (a zero-width space that
// passes for another name, a direction override) is refused with a clear
// message, from the API and from the new-table form (which also refuses
// bytes that are not UTF-8), and that a name's spaces at either end are
// trimmed, as the form and joining do (so line breaks sit inside the names
// tried).
func TestNoFieldInjection_SeatNamesRefuseControlAndInvisibleCharacters(t *testing.T) {
	h := mustServer(t)
	for _, name := range []string{"Ann\nevent: state", "Ann\r!", "Ann\tBo", "\x1b[2J", "Ann\u2028!", "Ann\x00", "Ann\x7f", "A\u200bnn", "\u202eoB", "Ann\u2066"} {
		body := map[string]any{"game": "duel", "seats": []map[string]string{{"name": name}, {"name": "Bo"}}}
		r := h.do("POST", "/api/tables", "", body)
		var e apiErr
		decode(t, r, &e)
		if r.status != http.StatusBadRequest || e.Error.Code != "bad_seats" || !strings.Contains(e.Error.Message, "seat 1: names") {
			t.Errorf("create with seat name %q = %d %s, want 400 bad_seats about names", name, r.status, r.body)
		}
	}
	for _, name := range []string{"Ann\nevent: state!", "Ann\r!", "Ann\tBo", "\x1b[2J", "Ann\u2028!", "Ann\x00!", "Ann\xff!"} {
		r := h.do("POST", "/new/duel", "", "seat0.who=person&seat1.who=person&seat0.name="+url.QueryEscape(name), "Content-Type", form)
		if r.status != http.StatusBadRequest || !strings.Contains(r.body, "seat 1: names") {
			t.Errorf("the form with seat name %q = %d, want 400 about names", name, r.status)
		}
	}
	if r := h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "seats": []map[string]string{{"name": "Ann-Marie O'Brien"}, {"name": "Zoë 🎲 👩\u200d👩\u200d👧"}}}); r.status != http.StatusCreated {
		t.Fatalf("plain names were refused: %d %s", r.status, r.body)
	}
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "seats": []map[string]string{{"name": "  Ann  "}, {"name": "   "}}})
	var c created
	decode(t, r, &c)
	if c.Seats[0].Name != "Ann" || c.Seats[1].Name != "Seat 2" {
		t.Errorf("names %q and %q made seats %q and %q, want Ann and Seat 2", "  Ann  ", "   ", c.Seats[0].Name, c.Seats[1].Name)
	}
}

// TestWebHygiene_CrossSiteFormPostsRefused checks that a post another site
// makes a browser send, told apart by Sec-Fetch-Site or else by Origin, is
// refused and changes nothing, while our own pages' posts and clients that
// are not browsers pass.
func TestWebHygiene_CrossSiteFormPostsRefused(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreate("3")
	act := "/t/" + c.ID + "/s/" + c.Seats[0].Token + "/act"
	const stance = `kind=stance&action={"stance":"guard"}`
	tests := []struct {
		name, path, body string
		header           []string
	}{
		{"new table, Sec-Fetch-Site", "/new/duel", "seat0.who=person&seat1.who=person", []string{"Sec-Fetch-Site", "cross-site"}},
		{"new table, Origin", "/new/duel", "seat0.who=person&seat1.who=person", []string{"Origin", "https://evil.example"}},
		{"action, Sec-Fetch-Site", act, stance, []string{"Sec-Fetch-Site", "same-site"}},
		{"action, Origin", act, stance, []string{"Origin", "https://evil.example"}},
		{"API action, Sec-Fetch-Site", "/api/tables/" + c.ID + "/actions", `{"kind":"stance","action":{"stance":"guard"}}`, []string{"Sec-Fetch-Site", "cross-site", "Authorization", "Bearer " + c.Seats[0].Token}},
	}
	for _, tt := range tests {
		r := h.do("POST", tt.path, "", tt.body, append([]string{"Content-Type", form}, tt.header...)...)
		if r.status != http.StatusForbidden || !strings.Contains(r.body, "another site") {
			t.Errorf("%s: %d %q, want 403 saying another site", tt.name, r.status, r.body)
		}
	}
	if st := h.mustState(c.ID, ""); st.Seq != 0 {
		t.Fatalf("cross-site posts changed the table: seq %d", st.Seq)
	}
	if r := h.do("GET", "/api/tables", "", nil); strings.Count(r.body, `"id"`) != 1 {
		t.Fatalf("cross-site posts created tables: %s", r.body)
	}
	if r := h.do("POST", act, "", stance, "Content-Type", form, "Sec-Fetch-Site", "same-origin"); r.status != http.StatusSeeOther {
		t.Fatalf("a same-origin post = %d, want 303", r.status)
	}
}

// TestWebHygiene_InviteLinksUsePublicURLNotHost checks that the links a new
// table's page shows start with the configured public URL, whatever Host
// the request claims, and are relative without one.
func TestWebHygiene_InviteLinksUsePublicURLNotHost(t *testing.T) {
	const newTable = "seat0.who=person&seat1.who=person"
	h := mustServer(t, func(c *server.Config) { c.PublicURL = "https://games.example.org/" })
	r := h.follow(h.do("POST", "/new/duel", "", newTable, "Content-Type", form, "Host", "evil.example"), "Host", "evil.example")
	if r.status != http.StatusOK || strings.Contains(r.body, "evil.example") || !strings.Contains(r.body, ">https://games.example.org/t/") {
		t.Fatalf("new table with Host evil.example = %d; want links at https://games.example.org and no evil.example:\n%s", r.status, r.body)
	}
	h = mustServer(t)
	r = h.follow(h.do("POST", "/new/duel", "", newTable, "Content-Type", form, "Host", "evil.example"), "Host", "evil.example")
	if r.status != http.StatusOK || strings.Contains(r.body, "evil.example") || !strings.Contains(r.body, `class="invite">/t/`) {
		t.Fatalf("new table with Host evil.example and no public URL = %d; want relative links and no evil.example:\n%s", r.status, r.body)
	}
}

// TestWebHygiene_UnknownFieldsAndNegativeSeqAre400 checks that the API
// refuses JSON with fields it does not know, and a negative sequence
// number (which used to mean "no check" and let the action through).
func TestWebHygiene_UnknownFieldsAndNegativeSeqAre400(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreate("3")
	ann := c.Seats[0].Token
	tests := []struct {
		name, path, token string
		body              any
	}{
		{"negative seq", "/api/tables/" + c.ID + "/actions", ann, map[string]any{"kind": "stance", "action": map[string]string{"stance": "guard"}, "seq": -1}},
		{"unknown field in an action", "/api/tables/" + c.ID + "/actions", ann, map[string]any{"kind": "stance", "action": map[string]string{"stance": "guard"}, "sequence": 0}},
		{"unknown field in a new table", "/api/tables", "", map[string]any{"game": "duel", "seats": []map[string]string{{"name": "A"}, {"name": "B"}}, "public": true}},
		{"unknown field in a seat", "/api/tables", "", map[string]any{"game": "duel", "seats": []map[string]any{{"name": "A", "admin": true}, {"name": "B"}}}},
		{"unknown field in a join", "/api/tables/" + c.ID + "/join", "", map[string]string{"token": ann, "seat": "1"}},
	}
	for _, tt := range tests {
		r := h.do("POST", tt.path, tt.token, tt.body)
		if r.status != http.StatusBadRequest {
			t.Errorf("%s: %d %s, want 400", tt.name, r.status, r.body)
		}
	}
	for _, q := range []string{"?after=-1", "?after=x"} {
		if r := h.do("GET", "/api/tables/"+c.ID+"/events"+q, "", nil); r.status != http.StatusBadRequest {
			t.Errorf("events%s = %d, want 400", q, r.status)
		}
	}
	if st := h.mustState(c.ID, ""); st.Seq != 0 {
		t.Fatalf("refused requests changed the table: seq %d", st.Seq)
	}
}

// TestWebHygiene_WrongMethodIs405WithAllow checks that an address asked
// with a method it does not take answers 405 and lists the ones it takes.
func TestWebHygiene_WrongMethodIs405WithAllow(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreate("3")
	tests := []struct{ method, path, allow string }{
		{"DELETE", "/api/tables", "GET, HEAD, POST"},
		{"PUT", "/api/tables/" + c.ID, "GET, HEAD"},
		{"GET", "/api/tables/" + c.ID + "/actions", "POST"},
		{"POST", "/t/" + c.ID, "GET, HEAD"},
		{"GET", "/t/" + c.ID + "/s/" + c.Seats[0].Token + "/act", "POST"},
		{"PATCH", "/static/style.css", "GET, HEAD"},
	}
	for _, tt := range tests {
		r := h.do(tt.method, tt.path, "", nil)
		if r.status != http.StatusMethodNotAllowed || r.header.Get("Allow") != tt.allow {
			t.Errorf("%s %s = %d, Allow %q; want 405, Allow %q", tt.method, tt.path, r.status, r.header.Get("Allow"), tt.allow)
		}
	}
	if r := h.do("GET", "/nothing/here", "", nil); r.status != http.StatusNotFound {
		t.Errorf("GET /nothing/here = %d, want 404", r.status)
	}
}

// TestWebHygiene_StaticListsNoDirectories checks that /static/ serves its
// files but lists no directory.
func TestWebHygiene_StaticListsNoDirectories(t *testing.T) {
	h := mustServer(t)
	for _, p := range []string{"/static/", "/static/.", "/static//"} {
		if r := h.do("GET", p, "", nil); r.status == http.StatusOK || strings.Contains(r.body, `href="htmx.min.js"`) {
			t.Errorf("GET %s = %d, want no listing (404, or a redirect to /static/):\n%s", p, r.status, r.body)
		}
	}
	if r := h.do("GET", "/static/style.css", "", nil); r.status != http.StatusOK {
		t.Errorf("GET /static/style.css = %d, want 200", r.status)
	}
}

// killedAtFinish is a store that fails every write once a game ends, as if
// the process were killed just then: the write that would record the end
// (and anything after it) never happens.
type killedAtFinish struct {
	store.Store
	killed atomic.Bool
}

func (k *killedAtFinish) Append(ctx context.Context, id string, seq int, entries ...engine.Entry) (int, error) {
	if k.killed.Load() {
		return 0, errors.New("killed")
	}
	return k.Store.Append(ctx, id, seq, entries...)
}

func (k *killedAtFinish) Finish(ctx context.Context, id string, seq int, outcome string, entries ...engine.Entry) (int, error) {
	k.killed.Store(true)
	return 0, errors.New("killed")
}

// TestFinishingIsAtomic_AKillAtTheEndLeavesNoFinishedGameOpen plays a duel
// to its last action with a store that dies when the game's end is
// recorded. What the store holds must agree with itself: if its log replays
// to a finished game, the table is not listed as open: were the last
// action and the outcome two writes, a kill between them would leave a
// finished game in the lobby for ever.
func TestFinishingIsAtomic_AKillAtTheEndLeavesNoFinishedGameOpen(t *testing.T) {
	h, st := mustServerWrapping(t, func(s store.Store) *killedAtFinish { return &killedAtFinish{Store: s} })
	c := h.mustCreate("1")
	h.mustAct(c.ID, c.Seats[0].Token, duel.Attack)
	r := h.do("POST", "/api/tables/"+c.ID+"/actions", c.Seats[1].Token, map[string]any{"kind": "stance", "action": map[string]string{"stance": duel.Attack}})
	if !st.killed.Load() {
		t.Fatalf("the last action (%d %s) never recorded the end of the game", r.status, r.body)
	}
	ctx := context.Background()
	rec, err := st.Store.LoadTable(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := engine.Replay(duel.Game, rec.Export)
	if err != nil {
		t.Fatal(err)
	}
	_, over := tab.Over()
	open, err := st.Store.ListOpen(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	listed := len(open) == 1 && open[0].ID == c.ID
	if over == listed || over != (rec.Outcome != "") {
		t.Fatalf("after the kill the stored log holds %d entries (game over: %v), outcome %q, listed as open: %v", rec.Seq, over, rec.Outcome, listed)
	}
	if over || r.status == http.StatusOK {
		t.Fatalf("the last action was acknowledged (%d) or stored (game over: %v) though the end was never recorded", r.status, over)
	}
}

// TestBoundedCost_TablesPerClientAndInTotalAreCapped checks that one client
// address may create only TablesPerClient tables an hour (429 after that,
// saying so) and all clients together TablesPerHour (503), and that a
// request refused for bad input does not use up the allowance.
func TestBoundedCost_TablesPerClientAndInTotalAreCapped(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.TablesPerClient, c.TablesPerHour = 2, 3 })
	handler := h.srv.Handler()
	create := func(addr string, seats ...string) (int, string) {
		var ss []map[string]string
		for _, name := range seats {
			ss = append(ss, map[string]string{"name": name, "bot": "random"})
		}
		body, _ := json.Marshal(map[string]any{"game": "duel", "seats": ss})
		req := httptest.NewRequest("POST", "/api/tables", bytes.NewReader(body))
		req.RemoteAddr = addr + ":5000"
		w := httptest.NewRecorder()
		handler.ServeHTTP(w, req)
		return w.Code, w.Body.String()
	}
	if code, body := create("203.0.113.1", "only one"); code != http.StatusBadRequest {
		t.Fatalf("a table of one seat: %d %s, want 400", code, body)
	}
	for i := range 2 {
		if code, body := create("203.0.113.1", "A", "B"); code != http.StatusCreated {
			t.Fatalf("table %d of client 1: %d %s, want 201", i+1, code, body)
		}
	}
	if code, body := create("203.0.113.1", "A", "B"); code != http.StatusTooManyRequests || !strings.Contains(body, "too_many_tables") || !strings.Contains(body, "2 tables in the last hour") {
		t.Fatalf("table 3 of client 1: %d %s, want 429 too_many_tables saying 2 in the last hour", code, body)
	}
	if code, body := create("203.0.113.2", "A", "B"); code != http.StatusCreated {
		t.Fatalf("table 1 of client 2: %d %s, want 201", code, body)
	}
	code, body := create("203.0.113.3", "A", "B")
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "server_full") {
		t.Fatalf("table 4 in all: %d %s, want 503 server_full", code, body)
	}
}
