package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/store/sqlite"
)

// mustInternal is a Server over a fresh SQLite file with the duel game, for
// the tests that reach inside it. mod adjusts the configuration.
func mustInternal(tb testing.TB, mod ...func(*Config)) *Server {
	tb.Helper()
	st, err := sqlite.Open(filepath.Join(tb.TempDir(), "t.db"), sqlite.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	var n uint64
	var mu sync.Mutex
	cfg := Config{Store: st, Games: engine.NewRegistry(duel.Game), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		TablesPerClient: -1, TablesPerHour: -1, BotPace: -1,
		NewSeed: func() dice.Seed { mu.Lock(); defer mu.Unlock(); n++; return dice.Derive(dice.Seed{}, tb.Name(), n) }}
	for _, m := range mod {
		m(&cfg)
	}
	s, err := New(cfg)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		s.Close()
		st.Close()
	})
	return s
}

// mustDuel creates a duel table of rounds rounds; bots names each seat's bot
// ("" for a person). It returns the live table and the people's tokens.
func mustDuel(tb testing.TB, s *Server, rounds int, bots ...string) (*live, []string) {
	tb.Helper()
	req := createRequest{Game: "duel", Options: engine.Options{"rounds": fmt.Sprint(rounds)}}
	for i, b := range bots {
		req.Seats = append(req.Seats, seatRequest{Name: fmt.Sprint("Seat ", i+1), Bot: b})
	}
	l, tokens, err := s.createTable(context.Background(), "test", req, 0)
	if err != nil {
		tb.Fatal(err)
	}
	return l, tokens
}

var guard = json.RawMessage(`{"stance":"guard"}`)

// personDue reports whether seat is pending at l and the game goes on.
func personDue(l *live, seat engine.Seat) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, over := l.tab.Over(); over {
		return false
	}
	for _, p := range l.tab.State().Pending() {
		if p == seat {
			return true
		}
	}
	return false
}

// overYet reports whether the game at l is over, and returns the channel
// closed at its next change (after the gather).
func overYet(l *live) (bool, <-chan struct{}) {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, over := l.tab.Over()
	return over, l.watch.next()
}

// waitOver waits up to limit for the game at l to end.
func waitOver(l *live, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		over, changed := overYet(l)
		if over {
			return true
		}
		select {
		case <-changed:
		case <-time.After(10 * time.Millisecond):
		}
	}
	return false
}

// TestBotsNeverStall_ActionAsTheRunnerStops acts for the person at the
// moment the bot runner has decided to stop (nothing was due) and let go of
// the table: the bot that is due again after that action must still play.
// When the runner cleared its running flag only later, the action saw a
// runner still running, started none, and the table waited forever.
func TestBotsNeverStall_ActionAsTheRunnerStops(t *testing.T) {
	s := mustInternal(t)
	var acted int
	s.botsStopped = func(l *live) {
		if personDue(l, 0) {
			acted++
			if _, _, err := s.act(context.Background(), l, 0, "stance", guard, -1); err != nil {
				t.Errorf("the person's action: %v", err)
			}
		}
	}
	l, _ := mustDuel(t, s, 5, "", "random")
	if !waitOver(l, 10*time.Second) {
		l.mu.Lock()
		seq := l.tab.Len()
		l.mu.Unlock()
		t.Fatalf("the game stalled at entry %d after %d actions of the person as the bot runner stopped", seq, acted)
	}
	if acted == 0 {
		t.Fatal("the person never acted as the runner stopped: the test tested nothing")
	}
}

// TestBotsNeverStall_ManyBotTablesAllFinish plays many tables at once, all
// bots and a person against a bot, the person answering the moment the bot
// has moved (when the hand-over race could strike): every game finishes.
// Run with -race it also checks the runner's locking.
func TestBotsNeverStall_ManyBotTablesAllFinish(t *testing.T) {
	s := mustInternal(t)
	const mixed, allBots, rounds = 40, 20, 8
	var wg sync.WaitGroup
	var tables []*live
	for i := range mixed + allBots {
		bots := []string{"", "random"}
		if i >= mixed {
			bots = []string{"random", "random"}
		}
		l, _ := mustDuel(t, s, rounds, bots...)
		tables = append(tables, l)
		if i >= mixed {
			continue
		}
		wg.Add(1)
		go func() { // the person: guards whenever due, for at most 30 s
			defer wg.Done()
			deadline := time.Now().Add(30 * time.Second)
			for time.Now().Before(deadline) {
				over, changed := overYet(l)
				if over {
					return
				}
				if personDue(l, 0) {
					if _, _, err := s.act(context.Background(), l, 0, "stance", guard, -1); err != nil {
						t.Errorf("table %s: %v", l.id, err)
						return
					}
					continue
				}
				select {
				case <-changed:
				case <-time.After(time.Second):
				}
			}
		}()
	}
	wg.Wait()
	for i, l := range tables {
		if !waitOver(l, 30*time.Second) {
			l.mu.Lock()
			t.Errorf("table %d (%s) stalled at entry %d", i, l.id, l.tab.Len())
			l.mu.Unlock()
		}
	}
}

// TestBoundedCost_WatchedBotOnlyTablePlaysAtAPace watches a table where
// only bots play through its event stream: each bot move waits BotPace, so
// the game takes at least that long per move (the first may come before
// the watcher is counted).
func TestBoundedCost_WatchedBotOnlyTablePlaysAtAPace(t *testing.T) {
	const pace = 40 * time.Millisecond
	s := mustInternal(t, func(c *Config) { c.BotPace, c.BotWorkers = pace, 1 })
	m, err := s.makeTable(context.Background(), "test", createRequest{Game: "duel", Options: engine.Options{"rounds": "5"},
		Seats: []seatRequest{{Name: "A", Bot: "random"}, {Name: "B", Bot: "random"}}})
	if err != nil {
		t.Fatal(err)
	}
	id := m.rec.ID // stored, not in memory yet
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", hs.URL+"/api/tables/"+id+"/events", nil)
	// The one bot slot is taken until the stream counts as a watcher, so
	// that the bots (started when the stream loads the table) wait for it.
	s.botSlots <- struct{}{}
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	deadline := time.Now().Add(10 * time.Second)
	for watched := false; !watched; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the stream did not count as watching the table within 10 s")
		}
		s.mu.Lock() // then let go: the order is l.mu before s.mu
		l := s.live[id]
		s.mu.Unlock()
		if l != nil {
			l.mu.Lock()
			watched = l.watched()
			l.mu.Unlock()
		}
	}
	<-s.botSlots
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() && !strings.Contains(sc.Text(), `"over":true`) {
	}
	took := time.Since(start)
	l, err := s.table(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	l.mu.Lock()
	moves := l.tab.Len()
	_, over := l.tab.Over()
	l.mu.Unlock()
	if !over {
		t.Fatalf("the watched game did not end (%d moves in %v)", moves, took)
	}
	if least := time.Duration(moves-2) * pace; took < least {
		t.Fatalf("a watched bot-only game of %d moves took %v, want at least %v at %v a move", moves, took, least, pace)
	}
}

// TestBoundedCost_TableCacheIsBoundedByBytes plays idle tables (people
// only) with a cache bound of three tables' estimate: the estimate of the
// tables kept stays within the bound, the least recently used are dropped,
// a table someone watches is kept, and a dropped table comes back whole.
func TestBoundedCost_TableCacheIsBoundedByBytes(t *testing.T) {
	const moves = 8
	bound := 3 * (tableBaseBytes + moves*entryBytes)
	s := mustInternal(t, func(c *Config) { c.MaxLiveBytes = int64(bound) })
	var ids []string
	for i := range 6 {
		l, _ := mustDuel(t, s, 20, "", "")
		if i == 0 {
			l.mu.Lock()
			l.watchers++ // someone watches the first table
			l.mu.Unlock()
		}
		for n := range moves {
			if _, _, err := s.act(context.Background(), l, engine.Seat(n%2), "stance", guard, -1); err != nil {
				t.Fatal(err)
			}
		}
		ids = append(ids, l.id)
		s.mu.Lock()
		size, kept := s.liveBytes, len(s.live)
		_, first := s.live[ids[0]]
		s.mu.Unlock()
		if size > int64(bound) {
			t.Fatalf("after %d tables the cache holds %d tables, %d bytes by estimate, over its bound of %d", i+1, kept, size, bound)
		}
		if !first {
			t.Fatalf("after %d tables the watched table was dropped", i+1)
		}
	}
	s.mu.Lock()
	_, second := s.live[ids[1]]
	s.mu.Unlock()
	if second {
		t.Fatal("the least recently used idle table is still in the cache")
	}
	l, err := s.table(context.Background(), ids[1])
	if err != nil {
		t.Fatal(err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.tab.Len() != moves {
		t.Fatalf("the dropped table came back with %d log entries, want %d", l.tab.Len(), moves)
	}
}

// TestBoundedCost_BotMovesWaitForABotWorkerSlot checks that bot moves are
// chosen only in one of the BotWorkers slots: with the only slot taken, no
// bot table moves; once it is free, they all play to the end.
func TestBoundedCost_BotMovesWaitForABotWorkerSlot(t *testing.T) {
	s := mustInternal(t, func(c *Config) { c.BotWorkers = 1 })
	s.botSlots <- struct{}{}
	var tables []*live
	for range 3 {
		l, _ := mustDuel(t, s, 3, "random", "random")
		tables = append(tables, l)
	}
	time.Sleep(100 * time.Millisecond)
	for i, l := range tables {
		l.mu.Lock()
		n := l.tab.Len()
		l.mu.Unlock()
		if n != 0 {
			t.Fatalf("table %d made %d moves while the only bot slot was taken", i, n)
		}
	}
	<-s.botSlots
	for i, l := range tables {
		if !waitOver(l, 10*time.Second) {
			t.Fatalf("table %d did not finish once the slot was free", i)
		}
	}
}

// TestFinishingIsAtomic_AnOverLogWithoutItsResultIsRecordedOnLoad stores a
// finished game's log without its result, as a kill between the two writes
// could before they were one: loading the table records the result, so the
// game leaves the list of open tables.
func TestFinishingIsAtomic_AnOverLogWithoutItsResultIsRecordedOnLoad(t *testing.T) {
	s := mustInternal(t)
	ctx := context.Background()
	m, err := s.makeTable(ctx, "test", createRequest{Game: "duel", Options: engine.Options{"rounds": "1"},
		Seats: []seatRequest{{Name: "A"}, {Name: "B"}}, Listed: true})
	if err != nil {
		t.Fatal(err)
	}
	id := m.rec.ID // stored, not in memory yet
	rec, err := s.store.LoadTable(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := engine.Replay(duel.Game, rec.Export)
	if err != nil {
		t.Fatal(err)
	}
	for seat := range engine.Seat(2) {
		if _, err := tab.Act(seat, duel.Stance{Stance: duel.Attack}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.store.Append(ctx, id, 0, tab.Log(0)...); err != nil {
		t.Fatal(err)
	}
	if open, _ := s.store.ListOpen(ctx, 10); len(open) != 1 {
		t.Fatalf("before the load the finished game should be listed as open (as a kill left it): %v", open)
	}
	if _, err := s.table(ctx, id); err != nil {
		t.Fatal(err)
	}
	if open, err := s.store.ListOpen(ctx, 10); err != nil || len(open) != 0 {
		t.Fatalf("after the load the finished game is still listed as open: %v, %v", open, err)
	}
}
