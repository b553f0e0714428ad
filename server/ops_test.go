package server_test

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"tabletop/server"
	"tabletop/store"
)

// TestHealthzSaysWhetherTheStoreTakesWrites: /healthz answers 200 while the
// store takes writes, and 503 once it does not (closed here) and once the
// server is shutting down.
func TestHealthzSaysWhetherTheStoreTakesWrites(t *testing.T) {
	var st store.Store
	h := mustServer(t, func(c *server.Config) { st = c.Store })
	if r := h.do("GET", "/healthz", "", nil); r.status != 200 || r.body != "ok\n" {
		t.Fatalf("GET /healthz = %d %q, want 200 ok", r.status, r.body)
	}
	st.Close()
	if r := h.do("GET", "/healthz", "", nil); r.status != 503 {
		t.Fatalf("GET /healthz with the store closed = %d %q, want 503", r.status, r.body)
	}
	if !strings.Contains(h.logs.String(), "health check failed") {
		t.Errorf("the failed health check was not logged:\n%s", h.logs)
	}
}

func TestHealthzFailsOnceTheServerCloses(t *testing.T) {
	h := mustServer(t)
	h.srv.Close()
	if r := h.do("GET", "/healthz", "", nil); r.status != 503 {
		t.Fatalf("GET /healthz after Close = %d %q, want 503", r.status, r.body)
	}
}

// metricValue returns the value of the sample named name (with its labels,
// as printed) in a Prometheus text exposition, or -1 if there is none.
func metricValue(tb testing.TB, text, name string) float64 {
	tb.Helper()
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(name) + ` (\S+)$`).FindStringSubmatch(text)
	if m == nil {
		return -1
	}
	v, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		tb.Fatalf("metric %s: %v", name, err)
	}
	return v
}

// TestMetricsNamesAndActionsCount: /metrics speaks the Prometheus text
// format, names every metric docs/operations.md lists, and counts a stored
// action.
func TestMetricsNamesAndActionsCount(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreate("1")
	h.mustState(c.ID, c.Seats[0].Token) // loads the table into memory
	r := h.metrics()
	if r.status != 200 || !strings.HasPrefix(r.header.Get("Content-Type"), "text/plain") {
		t.Fatalf("GET /metrics = %d %s", r.status, r.header.Get("Content-Type"))
	}
	for _, name := range []string{
		"tabletop_actions_total", "tabletop_bot_actions_total", "tabletop_action_seconds_bucket",
		"tabletop_open_streams", "tabletop_tables_in_memory", "tabletop_rate_limited_requests_total",
		"tabletop_tables_evicted_total", "process_resident_memory_bytes", "go_goroutines",
	} {
		if !strings.Contains(r.body, "\n"+name) {
			t.Errorf("/metrics has no %s", name)
		}
	}
	if got := metricValue(t, r.body, "tabletop_tables_in_memory"); got != 1 {
		t.Errorf("tabletop_tables_in_memory = %v, want 1", got)
	}
	before := metricValue(t, r.body, "tabletop_actions_total")
	h.mustAct(c.ID, c.Seats[0].Token, "attack")
	r = h.metrics()
	if after := metricValue(t, r.body, "tabletop_actions_total"); after != before+1 {
		t.Errorf("tabletop_actions_total went from %v to %v after one action, want +1", before, after)
	}
	if n := metricValue(t, r.body, "tabletop_action_seconds_count"); n != 1 {
		t.Errorf("tabletop_action_seconds_count = %v, want 1", n)
	}
}

// TestMetricsCountRateLimitedRequests: a request refused by the limit per
// client address is counted under its limit.
func TestMetricsCountRateLimitedRequests(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.ClientRate, c.ClientBurst = 0.001, 1 })
	h.do("POST", "/api/tables", "", "{}")
	if r := h.do("POST", "/api/tables", "", "{}"); r.status != 429 {
		t.Fatalf("second POST = %d, want 429", r.status)
	}
	r := h.metrics()
	if got := metricValue(t, r.body, `tabletop_rate_limited_requests_total{limit="client"}`); got != 1 {
		t.Errorf(`rate_limited{limit="client"} = %v, want 1`, got)
	}
}

// TestAccessLogOneLinePerRequest: with the access log on, a request is
// logged once with its route, status and duration, and never with the seat
// token its address holds.
func TestAccessLogOneLinePerRequest(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.AccessLog = true })
	c := h.mustCreate("1")
	h.do("GET", "/t/"+c.ID+"/s/"+c.Seats[0].Token, "", nil)
	h.do("GET", "/no/such/page", "", nil)
	logs := h.logs.String()
	for _, want := range []string{
		`msg=request method=POST route="POST /api/tables" status=201 took=`,
		`msg=request method=GET route="GET /t/{id}/s/{token}" status=200 took=`,
		`msg=request method=GET route=/ status=404`,
	} {
		if n := strings.Count(logs, want); n != 1 {
			t.Errorf("access log holds %q %d times, want once:\n%s", want, n, logs)
		}
	}
	h.do("GET", "/healthz", "", nil)
	if strings.Contains(h.logs.String(), `level=INFO msg=request method=GET route="GET /healthz"`) {
		t.Errorf("a health check was logged at info level, where monitors polling it would flood the log")
	}
	if strings.Contains(logs, c.Seats[0].Token) {
		t.Errorf("the access log holds a seat token:\n%s", logs)
	}
}

// TestShutdownEndsStreamsWithReconnect: closing the server ends each open
// stream with a "reconnect" event, which keeps the reader's last event id
// and asks it to wait before reconnecting.
func TestShutdownEndsStreamsWithReconnect(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreate("1")
	closed := false
	evs, _ := h.readSSE("/api/tables/"+c.ID+"/events", c.Seats[0].Token, func(evs []sseEvent) bool {
		last := evs[len(evs)-1]
		if last.name == "state" && !closed {
			closed = true
			go h.srv.Close()
		}
		return last.name == "reconnect"
	})
	last := evs[len(evs)-1]
	if last.id != "" || !strings.Contains(last.data, "reconnect") {
		t.Errorf("last event = %+v, want a reconnect event without id", last)
	}
}

// waitForMetric polls /metrics until the sample name has value want, for
// at most 5 seconds.
func (h *harness) waitForMetric(name string, want float64) {
	h.t.Helper()
	var got float64
	for i := 0; i < 500; i++ {
		got = metricValue(h.t, h.metrics().body, name)
		if got == want {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	h.t.Fatalf("%s = %v after 5s, want %v", name, got, want)
}

// TestIdleTableIsEvictedAndRebuilt: a table nobody asks for during
// IdleEvict leaves memory, and its next request rebuilds it from the store
// as it was, and play goes on.
func TestIdleTableIsEvictedAndRebuilt(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.IdleEvict = 50 * time.Millisecond })
	c := h.mustCreate("2")
	h.mustAct(c.ID, c.Seats[0].Token, "attack")
	h.mustAct(c.ID, c.Seats[1].Token, "guard")
	before := h.mustState(c.ID, c.Seats[0].Token)
	h.waitForMetric(`tabletop_tables_evicted_total{reason="idle"}`, 1)
	h.waitForMetric("tabletop_tables_in_memory", 0)
	after := h.mustState(c.ID, c.Seats[0].Token)
	if after.Seq != before.Seq || string(after.View) != string(before.View) || len(after.Log) != len(before.Log) {
		t.Errorf("rebuilt table differs:\n got seq %d view %s\nwant seq %d view %s", after.Seq, after.View, before.Seq, before.View)
	}
	h.mustAct(c.ID, c.Seats[0].Token, "guard") // the rebuilt table plays on
	if st := h.mustState(c.ID, c.Seats[1].Token); st.Seq != before.Seq+1 {
		t.Errorf("after an action on the rebuilt table seq = %d, want %d", st.Seq, before.Seq+1)
	}
}

// TestWatchedIdleTableLeavesMemoryAndItsStreamGoesOn: a stream keeps its
// table's id and its reader's position, not the table, so a table idle
// for IdleEvict leaves memory though a stream follows it; the stream stays
// open, and the next change (which loads the table again) reaches it.
func TestWatchedIdleTableLeavesMemoryAndItsStreamGoesOn(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.IdleEvict = 20 * time.Millisecond })
	c := h.mustCreate("3")
	states := 0
	h.readSSE("/api/tables/"+c.ID+"/events", c.Seats[0].Token, func(evs []sseEvent) bool {
		if evs[len(evs)-1].name != "state" {
			return false
		}
		if states++; states == 1 {
			h.waitForMetric(`tabletop_tables_evicted_total{reason="idle"}`, 1)
			h.waitForMetric("tabletop_tables_in_memory", 0)
			if n := metricValue(t, h.metrics().body, "tabletop_open_streams"); n != 1 {
				t.Errorf("tabletop_open_streams = %v once the table left memory, want 1", n)
			}
			h.mustAct(c.ID, c.Seats[1].Token, "attack")
		}
		return states == 2
	})
	if states != 2 {
		t.Fatalf("the stream sent %d states, want its first and the one after Bo's action on the rebuilt table", states)
	}
}

// metrics reads the server's metrics as a monitor on the debug address
// would.
func (h *harness) metrics() response {
	rec := httptest.NewRecorder()
	h.srv.MetricsHandler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	return response{status: rec.Code, header: rec.Header(), body: rec.Body.String()}
}

// TestMetricsAreNotOnThePublicAddress: the counters move as seats act, so
// on the public address their timing could tell a watcher when a seat
// answered inside an answer window, which is a secret; they are served
// only on the loopback debug address.
func TestMetricsAreNotOnThePublicAddress(t *testing.T) {
	h := mustServer(t)
	if r := h.do("GET", "/metrics", "", nil); r.status != http.StatusNotFound || strings.Contains(r.body, "tabletop_actions_total") {
		t.Fatalf("GET /metrics on the public address = %d, want 404 and no counters", r.status)
	}
}
