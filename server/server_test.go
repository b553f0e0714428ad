package server_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/server"
	"tabletop/store"
	"tabletop/store/sqlite"
)

// harness is a running server over a fresh SQLite file with the duel game.
type harness struct {
	t    testing.TB
	url  string
	logs *syncBuffer // everything the server logged, at debug level
	srv  *server.Server
	hs   *httptest.Server
	ln   *trackingListener
}

// trackingListener keeps every connection it accepted, so that a test can
// cut them all: httptest's CloseClientConnections does not see the event
// streams' connections, which the server takes over from net/http.
type trackingListener struct {
	net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func (l *trackingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		l.mu.Lock()
		l.conns = append(l.conns, c)
		l.mu.Unlock()
	}
	return c, err
}

// cut closes every connection accepted so far, as a network failure would.
func (l *trackingListener) cut() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.conns {
		c.Close()
	}
	l.conns = nil
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func mustServer(tb testing.TB, mod ...func(*server.Config)) *harness {
	tb.Helper()
	st, err := sqlite.Open(filepath.Join(tb.TempDir(), "t.db"), sqlite.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	logs := &syncBuffer{}
	var tables atomic.Uint64
	cfg := server.Config{
		Store:  st,
		Games:  engine.NewRegistry(duel.Game),
		Logger: slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		// Fixed seeds: each test's tables are the same games every run.
		NewSeed: func() dice.Seed { return dice.Derive(dice.Seed{}, tb.Name(), tables.Add(1)) },
		// Tests poll from one address as fast as they can, create many
		// tables and watch bots play; the tests of these limits set them.
		ClientRate: -1, TablesPerClient: -1, TablesPerHour: -1, BotPace: -1,
	}
	for _, m := range mod {
		m(&cfg)
	}
	srv, err := server.New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(srv.Handler())
	ln := &trackingListener{Listener: hs.Listener}
	hs.Listener = ln
	hs.Start()
	tb.Cleanup(func() {
		ln.cut()
		srv.Close()
		hs.Close()
		st.Close()
	})
	return &harness{t: tb, url: hs.URL, logs: logs, srv: srv, hs: hs, ln: ln}
}

// mustServerWrapping is mustServer with its store wrapped in the one wrap
// makes of it (a test's store that embeds the real one), returned beside
// it.
func mustServerWrapping[S store.Store](tb testing.TB, wrap func(store.Store) S) (*harness, S) {
	tb.Helper()
	var st S
	h := mustServer(tb, func(c *server.Config) {
		st = wrap(c.Store)
		c.Store = st
	})
	return h, st
}

// response is an HTTP response read whole.
type response struct {
	status int
	header http.Header
	body   string
}

// do sends a request; body may be a string (sent as is) or a value (sent as
// JSON). token, if set, goes in the Authorization header.
func (h *harness) do(method, path, token string, body any, header ...string) response {
	h.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			h.t.Fatal(err)
		}
		r = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, h.url+path, r)
	if err != nil {
		h.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			req.Host = header[i+1]
			continue
		}
		req.Header.Set(header[i], header[i+1])
	}
	client := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		h.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		h.t.Fatal(err)
	}
	return response{status: resp.StatusCode, header: resp.Header, body: string(raw)}
}

// decode reads a response body as JSON into v.
func decode(tb testing.TB, r response, v any) {
	tb.Helper()
	if err := json.Unmarshal([]byte(r.body), v); err != nil {
		tb.Fatalf("response %d %q is not JSON: %v", r.status, r.body, err)
	}
}

type created struct {
	ID         string `json:"id"`
	Commitment string `json:"commitment"`
	URL        string `json:"url"`
	Seats      []struct {
		Seat  int    `json:"seat"`
		Name  string `json:"name"`
		Bot   string `json:"bot"`
		Token string `json:"token"`
		URL   string `json:"url"`
	} `json:"seats"`
}

type tableState struct {
	ID         string          `json:"id"`
	Seat       int             `json:"seat"`
	Seq        int             `json:"seq"`
	View       json.RawMessage `json:"view"`
	Legal      []legal         `json:"legal"`
	MyTurn     bool            `json:"my_turn"`
	Waiting    int             `json:"waiting_for"`
	Over       bool            `json:"over"`
	Outcome    *engine.Outcome `json:"outcome"`
	Commitment string          `json:"commitment"`
	Seed       string          `json:"seed"`
	Log        []struct {
		Seq    int            `json:"seq"`
		Events []engine.Event `json:"events"`
	} `json:"log"`
}

type legal struct {
	Kind    string          `json:"kind"`
	Text    string          `json:"text"`
	Action  json.RawMessage `json:"action"`
	Label   string          `json:"label,omitempty"`
	Explain string          `json:"explain,omitempty"`
}

type apiErr struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// mustCreate creates a duel table; bots names the bot of each seat ("" for a
// person).
func (h *harness) mustCreate(rounds string, bots ...string) created {
	h.t.Helper()
	if len(bots) == 0 {
		bots = []string{"", ""}
	}
	var seats []map[string]string
	for i, b := range bots {
		seats = append(seats, map[string]string{"name": []string{"Ann", "Bo"}[i], "bot": b})
	}
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{"rounds": rounds}, "seats": seats, "listed": true})
	if r.status != http.StatusCreated {
		h.t.Fatalf("create table: %d %s", r.status, r.body)
	}
	var c created
	decode(h.t, r, &c)
	return c
}

func (h *harness) mustState(id, token string) tableState {
	h.t.Helper()
	r := h.do("GET", "/api/tables/"+id, token, nil)
	if r.status != http.StatusOK {
		h.t.Fatalf("GET table: %d %s", r.status, r.body)
	}
	var st tableState
	decode(h.t, r, &st)
	return st
}

// mustAct posts a stance for the seat of token and fails unless it is taken.
func (h *harness) mustAct(id, token, stance string) {
	h.t.Helper()
	r := h.do("POST", "/api/tables/"+id+"/actions", token, map[string]any{"kind": "stance", "action": map[string]string{"stance": stance}})
	if r.status != http.StatusOK {
		h.t.Fatalf("act %s: %d %s", stance, r.status, r.body)
	}
}

// waitFor polls the table until cond holds, for at most 10 seconds.
func (h *harness) waitFor(id, token string, what string, cond func(tableState) bool) tableState {
	h.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for i := 0; i < 1000 && time.Now().Before(deadline); i++ {
		st := h.mustState(id, token)
		if cond(st) {
			return st
		}
		time.Sleep(10 * time.Millisecond)
	}
	h.t.Fatalf("timed out waiting for %s", what)
	return tableState{}
}

// sseEvent is one event read from a stream.
type sseEvent struct {
	name, id, data string
}

// readSSE reads events from a stream until stop says so or 5 seconds pass,
// and returns them. header is name, value pairs.
func (h *harness) readSSE(path, token string, stop func([]sseEvent) bool, header ...string) ([]sseEvent, response) {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", h.url+path, nil)
	if err != nil {
		h.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		raw, _ := io.ReadAll(resp.Body)
		return nil, response{status: resp.StatusCode, header: resp.Header, body: string(raw)}
	}
	var events []sseEvent
	stopped := false
	scanEvents(resp.Body, func(e sseEvent) bool {
		events = append(events, e)
		stopped = stop(events)
		return !stopped
	})
	if stopped {
		return events, response{status: 200, header: resp.Header}
	}
	h.t.Fatalf("stream %s ended or timed out after %d events", path, len(events))
	return nil, response{}
}

// scanEvents reads events in the text/event-stream format from r and
// hands each to each, until each returns false or r ends.
func scanEvents(r io.Reader, each func(sseEvent) bool) {
	var cur sseEvent
	var data []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if cur.name != "" || len(data) > 0 {
				cur.data = strings.Join(data, "\n")
				if !each(cur) {
					return
				}
				cur, data = sseEvent{}, nil
			}
		case strings.HasPrefix(line, "event: "):
			cur.name = line[len("event: "):]
		case strings.HasPrefix(line, "id: "):
			cur.id = line[len("id: "):]
		case strings.HasPrefix(line, "data: "):
			data = append(data, line[len("data: "):])
		}
	}
}

// untilState stops a stream at its first "state" event.
func untilState(evs []sseEvent) bool { return evs[len(evs)-1].name == "state" }
