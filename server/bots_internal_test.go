package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
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
	id, tokens, err := s.createTable(context.Background(), "test", req)
	if err != nil {
		tb.Fatal(err)
	}
	l, err := s.table(context.Background(), id)
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
// closed at its next change.
func overYet(l *live) (bool, chan struct{}) {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, over := l.tab.Over()
	return over, l.changed
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
