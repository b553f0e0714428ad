package server_test

import (
	"bufio"
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/games/pmr"
	"tabletop/server"
)

// openStream opens the API event stream of seat token at table id and
// reads it up to the end of its first state event; the stream stays open
// until ctx ends.
func (h *harness) openStream(ctx context.Context, id, token string) *http.Response {
	h.t.Helper()
	req, err := http.NewRequestWithContext(ctx, "GET", h.url+"/api/tables/"+id+"/events", nil)
	if err != nil {
		h.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatalf("open stream: %v", err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		h.t.Fatalf("open stream: %s", resp.Status)
	}
	br := bufio.NewReader(resp.Body)
	inState := false
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			resp.Body.Close()
			h.t.Fatalf("stream ended before its first state: %v", err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "event: state" {
			inState = true
		}
		if line == "" && inState {
			return resp
		}
	}
}

// goroutinesIn counts the goroutines whose stack holds fn.
func goroutinesIn(t *testing.T, fn string) int {
	t.Helper()
	var buf bytes.Buffer
	if err := pprof.Lookup("goroutine").WriteTo(&buf, 2); err != nil {
		t.Fatal(err)
	}
	n := 0
	for g := range strings.SplitSeq(buf.String(), "\n\n") {
		if strings.Contains(g, fn) {
			n++
		}
	}
	return n
}

// TestOpenStreamHoldsTwoSmallGoroutinesAndNoHTTPHandler: once a stream
// has sent its first state, the server waits on its connection with two
// small goroutines of its own, one that waits for the table's changes and
// one that reads the connection to notice the client leaving; net/http's
// handler goroutine and its reader (with their stacks, buffers and the
// request) are gone. They were half of an open stream's memory.
func TestOpenStreamHoldsTwoSmallGoroutinesAndNoHTTPHandler(t *testing.T) {
	h := mustServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	const streams = 8
	for range streams / 2 {
		c := h.mustCreate("3")
		for _, s := range c.Seats {
			defer h.openStream(ctx, c.ID, s.Token).Body.Close()
		}
	}
	h.waitForMetric("tabletop_open_streams", streams)
	// A stream hands its connection over just after its first state is
	// sent, so a handler may still be on its way out for a moment (seen
	// in CI: 1 handler and 7 waiting streams): the counts are read until
	// they settle, for at most 5 seconds.
	var readers, handlers, waiting, watching int
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		readers = goroutinesIn(t, "net/http.(*connReader).backgroundRead")
		handlers = goroutinesIn(t, "tabletop/server.(*Server).stream(")
		waiting = goroutinesIn(t, "tabletop/server.(*connStream).wait")
		watching = goroutinesIn(t, "tabletop/server.(*connStream).watchClient")
		if readers == 0 && handlers == 0 && waiting == streams && watching == streams || time.Now().After(deadline) {
			break
		}
	}
	if readers != 0 {
		t.Errorf("%d net/http readers wait on connections with %d streams open, want 0", readers, streams)
	}
	if handlers != 0 {
		t.Errorf("%d handlers still run with %d streams open, want 0", handlers, streams)
	}
	if waiting != streams || watching != streams {
		t.Errorf("%d streams wait for changes and %d watch their clients, want %d each", waiting, watching, streams)
	}
}

// TestStreamOnATakenConnectionFollowsTheTableAndEndsWithItsClient: a
// stream the server waits on itself still gets every change at once, and
// ends as soon as its client goes (the count of open streams drops), not
// at the next heartbeat.
func TestStreamOnATakenConnectionFollowsTheTableAndEndsWithItsClient(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreate("3")
	var states atomic.Int32
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.readSSE("/api/tables/"+c.ID+"/events", c.Seats[0].Token, func(evs []sseEvent) bool {
			if evs[len(evs)-1].name == "state" && states.Add(1) == 2 {
				return true
			}
			return false
		})
	}()
	h.waitForMetric("tabletop_open_streams", 1)
	h.mustAct(c.ID, c.Seats[1].Token, "attack")
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the stream did not show the other seat's action within 5 s")
	}
	start := time.Now()
	h.waitForMetric("tabletop_open_streams", 0)
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("the stream ended %v after its client left, want at once", d)
	}
}

// TestIdleTablesLeaveMemoryAndStillPlay creates Pocket Monster Rancher
// tables, loads each into memory with a request, lets them go idle and
// checks that eviction gives back what they took: the Go heap in use
// after a collection returns near where it was before they were loaded,
// and the process's resident memory, once the runtime has returned its
// free pages (debug.FreeOSMemory), comes back near its start (not under
// the race detector, whose shadow memory stays resident). An evicted
// table then plays on, rebuilt from the store.
func TestIdleTablesLeaveMemoryAndStillPlay(t *testing.T) {
	var later atomic.Int64 // how far the server's clock is ahead
	h := mustServer(t, func(c *server.Config) {
		c.Games = engine.NewRegistry(pmr.Game)
		c.IdleEvict = 40 * time.Millisecond
		c.ActionRate = -1
		// The clock stands still while the tables are loaded, so that
		// none goes idle before all are in memory.
		c.Now = func() time.Time { return time.Unix(1e9, 0).Add(time.Duration(later.Load())) }
	})
	const tables = 300
	var cs []created
	for range tables {
		cs = append(cs, h.mustCreatePMR("300"))
	}
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.GC() // the first may leave finalized objects for the second
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	// Creating a table loads it; once they are all idle and evicted, the
	// heap is measured with the store warm and no table in memory.
	idle := func(d time.Duration) {
		later.Add(int64(d))
		h.waitForMetric("tabletop_tables_in_memory", 0)
	}
	// rss is the process's resident memory once the runtime has handed
	// back to the system what it can (debug.FreeOSMemory: a collection,
	// then every free page returned), where the system says so.
	rss := func() int64 {
		debug.FreeOSMemory()
		raw, err := os.ReadFile("/proc/self/status")
		if err != nil {
			return -1
		}
		for line := range strings.Lines(string(raw)) {
			if kb, ok := strings.CutPrefix(line, "VmRSS:"); ok {
				n, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(kb), " kB"), 10, 64)
				if err != nil {
					return -1
				}
				return n << 10
			}
		}
		return -1
	}
	idle(time.Hour)
	start, rssStart := heap(), rss()
	for _, c := range cs {
		h.mustState(c.ID, c.Seats[0].Token)
	}
	h.waitForMetric("tabletop_tables_in_memory", tables)
	loaded, rssLoaded := heap(), rss()
	idle(time.Hour)
	evicted, rssEvicted := heap(), rss()
	t.Logf("resident: %.1f MiB before, %.1f MiB with %d tables in memory, %.1f MiB once they were evicted",
		float64(rssStart)/(1<<20), float64(rssLoaded)/(1<<20), tables, float64(rssEvicted)/(1<<20))
	// Under the race detector the shadow memory of every address the
	// tables touched stays resident whatever the server frees (seen: 20 of
	// the 24 MiB the tables took, in a process that had run the package's
	// tests before), so there only the heap is checked.
	if rssStart > 0 && !raceDetector {
		if grew := rssLoaded - rssStart; rssEvicted-rssStart > grew*2/3 {
			t.Errorf("after eviction the process keeps %d of the %d resident bytes the tables took, want at most two thirds", rssEvicted-rssStart, grew)
		}
	}
	t.Logf("heap in use: %.1f MiB before, %.1f MiB with %d tables in memory, %.1f MiB once they were evicted",
		float64(start)/(1<<20), float64(loaded)/(1<<20), tables, float64(evicted)/(1<<20))
	grew := int64(loaded) - int64(start)
	if grew < tables*2<<10 {
		t.Fatalf("loading %d tables grew the heap by %d bytes: too little to measure their eviction", tables, grew)
	}
	if left := int64(evicted) - int64(start); left > grew/5 {
		t.Errorf("after eviction the heap keeps %d of the %d bytes the tables took, want at most a fifth", left, grew)
	}

	c := cs[0]
	before := h.mustState(c.ID, c.Seats[0].Token) // rebuilt from the store
	if len(before.Legal) == 0 {
		before = h.mustState(c.ID, c.Seats[1].Token)
	}
	if len(before.Legal) == 0 {
		t.Fatal("the rebuilt table offers neither seat an action")
	}
	token := c.Seats[0].Token
	if before.Seat == 1 {
		token = c.Seats[1].Token
	}
	h.mustPost(c.ID, token, before.Legal[0])
	if after := h.mustState(c.ID, token); after.Seq <= before.Seq {
		t.Errorf("after an action on the rebuilt table seq = %d, want past %d", after.Seq, before.Seq)
	}
}

// noHijack hides the connection beneath a response: Flush is all it has.
type noHijack struct{ http.ResponseWriter }

func (w noHijack) Flush() { w.ResponseWriter.(http.Flusher).Flush() }

// TestStreamWhoseConnectionCannotBeTakenWaitsInItsHandler: where the
// connection cannot be taken over (HTTP/2, a wrapper without Hijack), the
// stream is served from its handler as before, and follows the table.
func TestStreamWhoseConnectionCannotBeTakenWaitsInItsHandler(t *testing.T) {
	h := mustServer(t)
	handler := h.srv.Handler()
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		handler.ServeHTTP(noHijack{w}, r)
	}))
	defer hs.Close()
	defer hs.CloseClientConnections()
	wrapped := *h
	wrapped.url = hs.URL
	c := h.mustCreate("3")
	states := 0
	wrapped.readSSE("/api/tables/"+c.ID+"/events", c.Seats[0].Token, func(evs []sseEvent) bool {
		if evs[len(evs)-1].name != "state" {
			return false
		}
		if states++; states == 1 {
			if n := goroutinesIn(t, "tabletop/server.(*Server).stream("); n != 1 {
				t.Errorf("%d handlers serve the stream, want 1", n)
			}
			h.mustAct(c.ID, c.Seats[1].Token, "attack")
		}
		return states == 2
	})
	if states != 2 {
		t.Fatalf("the stream sent %d states, want the first and the one after Bo's action", states)
	}
}

// TestStreamsPerClient_OneAddressCannotHoldEveryConnection checks that one
// client address may hold at most StreamsPerClient event streams open at
// once (pages and API, seats and spectators alike, which no rate limit
// counts once open): the next is refused 429 too_many_streams, and a slot
// comes back when a stream ends.
func TestStreamsPerClient_OneAddressCannotHoldEveryConnection(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.StreamsPerClient = 2 })
	c := h.mustCreate("3")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first := h.openStream(ctx, c.ID, c.Seats[0].Token)
	defer first.Body.Close()
	second := h.openStream(ctx, c.ID, c.Seats[1].Token)
	defer second.Body.Close()
	for _, path := range []string{"/t/" + c.ID + "/events", "/api/tables/" + c.ID + "/events"} {
		r := h.do("GET", path, "", nil)
		if r.status != http.StatusTooManyRequests || !strings.Contains(r.body, "too_many_streams") {
			t.Errorf("a third stream (%s) = %d %s, want 429 too_many_streams", path, r.status, r.body)
		}
	}
	second.Body.Close()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		ctx3, cancel3 := context.WithTimeout(context.Background(), 2*time.Second)
		req, _ := http.NewRequestWithContext(ctx3, "GET", h.url+"/t/"+c.ID+"/events", nil)
		resp, err := http.DefaultClient.Do(req)
		ok := err == nil && resp.StatusCode == http.StatusOK
		if err == nil {
			resp.Body.Close()
		}
		cancel3()
		if ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a stream ended, but its address still may not open another")
		}
	}
}
