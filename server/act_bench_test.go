package server_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games/pmr"
	"tabletop/internal/cputime"
	"tabletop/server"
	"tabletop/store/sqlite"
)

// post is one action a person posts: the seat, the request body, and the
// log length it is posted at (the server plays a seat's only legal action
// itself, in the background, before that).
type post struct {
	seat engine.Seat
	body []byte
	at   int
}

// pmrPosts plays a two-seat PMR game as loadgen's clients and the server
// do together: a seat whose only legal action is left to the server, and
// otherwise the seats take turns posting a random legal action.
func pmrPosts(tb testing.TB, opts engine.Options, seed dice.Seed) []post {
	tb.Helper()
	tab, err := engine.NewTable(pmr.Game, opts, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}, seed)
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var posts []post
	last := engine.Seat(-1)
	for {
		if _, over := tab.Over(); over {
			return posts
		}
		st := tab.State()
		var a engine.Action
		seat := engine.Seat(-1)
		for _, p := range st.Pending() { // as the server's botDue
			if only, ok := engine.Only(st, p); ok {
				seat, a = p, only
				break
			}
		}
		if a == nil {
			for _, p := range st.Pending() {
				if seat < 0 || p != last {
					seat = p
				}
			}
			legal := st.Legal(seat)
			a = legal[rng.IntN(len(legal))]
			raw, err := json.Marshal(a)
			if err != nil {
				tb.Fatal(err)
			}
			body, err := json.Marshal(map[string]any{"kind": a.Kind(), "action": json.RawMessage(raw)})
			if err != nil {
				tb.Fatal(err)
			}
			posts = append(posts, post{seat: seat, body: body, at: tab.Len()})
			last = seat
		}
		if _, err := tab.Act(seat, a); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkAct is the whole path of a person's action through the server:
// POST /api/tables/{id}/actions through the handler, over a SQLite store in
// a temporary directory, the two seats of a PMR table of 300 turns (as
// loadgen plays) taking turns; rate limits on but never reached. A new
// table replaces one whose game is over, outside the timing. Per op: one
// action posted and answered.
func BenchmarkAct(b *testing.B) {
	st, err := sqlite.Open(filepath.Join(b.TempDir(), "t.db"), sqlite.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	seed := dice.Seed{7}
	srv, err := server.New(server.Config{
		Store: st, Games: engine.NewRegistry(pmr.Game),
		Logger:  slog.New(slog.NewTextHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelWarn})),
		NewSeed: func() dice.Seed { return seed }, // every table the same game
		BotPace: -1, TablesPerClient: -1, TablesPerHour: -1,
		ActionRate: 1e9, ActionBurst: 1e9, ClientRate: 1e9, ClientBurst: 1e9,
	})
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	h := srv.Handler()
	posts := pmrPosts(b, engine.Options{"turns": "300"}, seed)

	// newTable creates a table and the requests that play its game, each
	// with its recorder.
	type request struct {
		r *http.Request
		w *httptest.ResponseRecorder
	}
	newTable := func() (string, []request) {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("POST", "/api/tables", bytes.NewReader([]byte(
			`{"game":"pmr","options":{"turns":"300"},"seats":[{"name":"Ann"},{"name":"Bo"}]}`))))
		var c created
		if err := json.Unmarshal(w.Body.Bytes(), &c); err != nil || w.Code != http.StatusCreated {
			b.Fatalf("create table: %d %s", w.Code, w.Body)
		}
		reqs := make([]request, len(posts))
		for i, p := range posts {
			r := httptest.NewRequest("POST", "/api/tables/"+c.ID+"/actions", bytes.NewReader(p.body))
			r.Header.Set("Authorization", "Bearer "+c.Seats[p.seat].Token)
			reqs[i] = request{r, httptest.NewRecorder()}
		}
		return c.ID, reqs
	}
	id, reqs := newTable()
	next := 0
	var setup time.Duration // CPU time spent making tables during the loop
	b.ReportAllocs()
	start := cputime.Used()
	for b.Loop() {
		if next == len(posts) {
			b.StopTimer()
			t := cputime.Used()
			id, reqs = newTable()
			next = 0
			setup += cputime.Used() - t
			b.StartTimer()
		}
		for server.LogLen(srv, id) < posts[next].at {
			runtime.Gosched() // the server plays a seat's only action
		}
		rq := reqs[next]
		h.ServeHTTP(rq.w, rq.r)
		if rq.w.Code != http.StatusOK {
			b.Fatalf("action %d: %d %s", next, rq.w.Code, rq.w.Body)
		}
		reqs[next] = request{}
		next++
	}
	b.ReportMetric(float64(cputime.Used()-start-setup)/float64(b.N), "cpu-ns/op")
}

// TestActionResponse_AppendJSONIsEncoder checks the hand-written encoding
// of an action's answer against json.Encoder's, which wrote it before:
// over whole PMR games, each action's events as every seat and a
// spectator see them (and as the log keeps them), with names that need
// escaping; a free roll's; and events of every shape.
func TestActionResponse_AppendJSONIsEncoder(t *testing.T) {
	for _, names := range [][]string{{"Ann", "Bo"}, {"a<b", `"q"`, "Zoë\u2028"}} {
		seats := make([]engine.SeatInfo, len(names))
		for i, n := range names {
			seats[i] = engine.SeatInfo{Name: n}
		}
		tab, err := engine.NewTable(pmr.Game, engine.Options{"turns": "6"}, seats, dice.Seed{4})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, 8))
		for steps := 0; steps < 10_000; steps++ {
			if _, over := tab.Over(); over {
				break
			}
			st := tab.State()
			p := st.Pending()[0]
			legal := st.Legal(p)
			var a engine.Action = legal[rng.IntN(len(legal))]
			if steps%7 == 0 {
				a = engine.FreeRoll{Expr: "3dF+1"}
			}
			events, err := tab.Act(p, a)
			if err != nil {
				t.Fatal(err)
			}
			if err := server.CheckActionJSON(tab.Len(), events); err != nil {
				t.Fatalf("step %d, kept events: %v", steps, err)
			}
			for s := engine.Spectator; int(s) < len(seats); s++ {
				if err := server.CheckActionJSON(tab.Len(), engine.EventsFor(events, s)); err != nil {
					t.Fatalf("step %d, %s: %v", steps, s, err)
				}
			}
		}
		if _, over := tab.Over(); !over {
			t.Fatal("the game did not end")
		}
	}
	for _, events := range [][]engine.Event{
		nil,
		{},
		{{Kind: "recorded", Text: "Answer recorded: <train M1 speed> & more"}},
		{{Kind: "k", Text: "t", Data: map[string]any{"a": []int{1, 2}, "b": "<&>"}, Only: []engine.Seat{0, 2}, Others: "Ann \"drew\""}},
		{{Kind: "k", Data: json.RawMessage(`{"x":1}`)}, {Kind: "k2", Data: json.RawMessage(nil)}},
		{ // one case of UTF-8 per text: json.Marshal escapes them apart
			{Kind: "utf-8", Text: "2 → 3 · Zoë", Others: "line \u2028"},
			{Kind: "utf-8", Text: "paragraph \u2029", Others: "replacement \ufffd"},
			{Kind: "utf-8", Text: "bad \xff byte", Others: "cut \xe2\x86"},
		},
	} {
		if err := server.CheckActionJSON(3, events); err != nil {
			t.Errorf("%v: %v", events, err)
		}
	}
}
