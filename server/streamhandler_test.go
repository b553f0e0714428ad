package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tabletop/internal/duel"
	"tabletop/server"
)

// serveHTTP2 serves h's server over HTTP/2 (TLS) as well, until the test
// ends, and returns its address and a client for it. A stream on HTTP/2
// cannot take its connection over from net/http: it waits in its handler.
func (h *harness) serveHTTP2() (string, *http.Client) {
	h.t.Helper()
	hs := httptest.NewUnstartedServer(h.srv.Handler())
	hs.EnableHTTP2 = true
	hs.StartTLS()
	h.t.Cleanup(func() {
		hs.CloseClientConnections() // ends the streams still open
		hs.Close()
	})
	return hs.URL, hs.Client()
}

// eventStream is an event stream read as it arrives.
type eventStream struct {
	proto  int           // the response's HTTP major version
	events chan sseEvent // closed when the stream ends
}

// mustOpenEvents opens the event stream at url with client, for the seat
// of token ("" for a spectator), and reads it in the background.
func mustOpenEvents(tb testing.TB, client *http.Client, url, token string) *eventStream {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	tb.Cleanup(cancel)
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		tb.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	if err != nil {
		tb.Fatalf("GET %s: %v", url, err)
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		tb.Fatalf("GET %s: %s", url, resp.Status)
	}
	es := &eventStream{proto: resp.ProtoMajor, events: make(chan sseEvent, 64)}
	go func() {
		defer close(es.events)
		defer resp.Body.Close()
		scanEvents(resp.Body, func(e sseEvent) bool {
			select {
			case es.events <- e:
				return true
			case <-ctx.Done():
				return false
			}
		})
	}()
	return es
}

// until returns the events the stream sends up to and with the next event
// named name, failing the test if none comes within 5 seconds.
func (es *eventStream) until(tb testing.TB, name string) []sseEvent {
	tb.Helper()
	var evs []sseEvent
	timeout := time.After(5 * time.Second)
	for {
		select {
		case e, ok := <-es.events:
			if !ok {
				tb.Fatalf("the stream ended after %v, before an event %q", evs, name)
			}
			evs = append(evs, e)
			if e.name == name {
				return evs
			}
		case <-timeout:
			tb.Fatalf("no event %q within 5 s, after %v", name, evs)
		}
	}
}

// ended reports whether the stream ends, sending nothing more, within 5
// seconds.
func (es *eventStream) ended(tb testing.TB) bool {
	tb.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case e, ok := <-es.events:
			if !ok {
				return true
			}
			tb.Errorf("after its last event the stream sent %v", e)
		case <-timeout:
			return false
		}
	}
}

// TestStreamInItsHandler_SendsEachSeatEveryChangeAndEndsOnShutdown: a
// stream that waits in its handler (HTTP/2, where the connection cannot be
// taken over) sends its reader every entry and, after each action, the
// state as that reader sees it: the seat's own sealed stance and nothing of
// the other's. When the server closes, it ends with a reconnect event.
func TestStreamInItsHandler_SendsEachSeatEveryChangeAndEndsOnShutdown(t *testing.T) {
	h := mustServer(t)
	url, client := h.serveHTTP2()
	c := h.mustCreate("3")
	readers := []int{0, 1, -1} // Ann, Bo, a spectator
	streams := make([]*eventStream, len(readers))
	for i, seat := range readers {
		token, _ := readerPaths(c, seat)
		streams[i] = mustOpenEvents(t, client, url+"/api/tables/"+c.ID+"/events", token)
		if streams[i].proto != 2 {
			t.Fatalf("the stream is served over HTTP/%d, want 2", streams[i].proto)
		}
		streams[i].until(t, "state")
	}
	h.waitForMetric("tabletop_open_streams", float64(len(readers)))
	if n := goroutinesIn(t, "tabletop/server.(*Server).stream("); n != len(readers) {
		t.Fatalf("%d handlers serve the %d streams, want one each: the test would not test the streams that wait in their handlers", n, len(readers))
	}

	moves := []struct {
		seat   int
		stance string
	}{
		{0, duel.Attack}, {1, duel.Guard}, // Ann seals first
		{1, duel.Guard}, {0, duel.Attack}, // Bo seals first
		{0, duel.Guard}, {1, duel.Attack}, // the game ends
	}
	for i, m := range moves {
		h.mustAct(c.ID, c.Seats[m.seat].Token, m.stance)
		seq := i + 1
		for j, seat := range readers {
			evs := streams[j].until(t, "state")
			if len(evs) != 2 || evs[0].name != "entry" || evs[0].id != strconv.Itoa(seq) || evs[1].id != strconv.Itoa(seq) {
				t.Fatalf("reader %d after action %d received %v, want entry %d and the state at %d", seat, seq, evs, seq, seq)
			}
			token, _ := readerPaths(c, seat)
			var got tableState
			if err := json.Unmarshal([]byte(evs[1].data), &got); err != nil {
				t.Fatalf("reader %d: the state %q is not JSON: %v", seat, evs[1].data, err)
			}
			want := h.mustState(c.ID, token)
			if got.Seq != want.Seq || got.Seat != want.Seat || string(got.View) != string(want.View) || got.MyTurn != want.MyTurn || len(got.Legal) != len(want.Legal) || got.Over != want.Over {
				t.Errorf("reader %d after action %d: the stream's state\n%s\nis not the seat's own: seat %d, seq %d, view %s", seat, seq, evs[1].data, want.Seat, want.Seq, want.View)
			}
			all := evs[0].data + evs[1].data
			mine := strings.Contains(all, "you chose "+m.stance) || strings.Contains(all, `"mine":"`+m.stance+`"`)
			switch {
			case seat == m.seat && seq%2 == 1 && !mine:
				t.Errorf("reader %d does not see its own sealed stance %s: the check of the others proves nothing\n%v", seat, m.stance, evs)
			case seat != m.seat && (strings.Contains(all, "you chose") || strings.Contains(all, `"mine"`)):
				t.Errorf("reader %d receives seat %d's sealed stance:\n%v", seat, m.seat, evs)
			}
		}
	}
	if !h.mustState(c.ID, "").Over {
		t.Fatal("the game is not over after its three rounds")
	}

	h.srv.Close()
	for j, seat := range readers {
		streams[j].until(t, "reconnect")
		if !streams[j].ended(t) {
			t.Errorf("reader %d's stream is still open 5 s after its reconnect event", seat)
		}
	}
	h.waitForMetric("tabletop_open_streams", 0)
}

// TestStreamInItsHandler_FollowsItsTableEvictedAndReloaded: a stream that
// waits in its handler keeps no table in memory, as one on a connection
// taken over keeps none: its table, idle, is evicted, and the action that
// loads it again wakes the stream, again and again.
func TestStreamInItsHandler_FollowsItsTableEvictedAndReloaded(t *testing.T) {
	var later atomic.Int64 // how far the server's clock is ahead
	h := mustServer(t, func(c *server.Config) {
		c.IdleEvict = 40 * time.Millisecond
		c.Now = func() time.Time { return time.Unix(1e9, 0).Add(time.Duration(later.Load())) }
	})
	url, client := h.serveHTTP2()
	c := h.mustCreate("5")
	ann := mustOpenEvents(t, client, url+"/api/tables/"+c.ID+"/events", c.Seats[0].Token)
	ann.until(t, "state")
	h.waitForMetric("tabletop_open_streams", 1)
	seq := 0
	for range 3 {
		later.Add(int64(time.Hour))
		h.waitForMetric("tabletop_tables_in_memory", 0)
		// Bo's action loads the table again; Ann's ends the round.
		for _, seat := range []int{1, 0} {
			h.mustAct(c.ID, c.Seats[seat].Token, duel.Guard)
			seq++
			evs := ann.until(t, "state")
			if last := evs[len(evs)-1]; last.id != strconv.Itoa(seq) {
				t.Fatalf("after action %d the stream sent %v, want the state at %d", seq, evs, seq)
			}
		}
	}
}
