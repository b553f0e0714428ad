package server

import (
	"context"
	"testing"
	"time"

	"tabletop/dice"
	"tabletop/engine"
)

// logLen is the length of l's log.
func logLen(l *live) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.tab.Len()
}

func TestBotsPauseAndStep_AWatchedTableOfBotsMovesOnlyWhenStepped(t *testing.T) {
	// The seed is one whose duel of random bots lasts 88 moves: most end
	// far sooner (someone's health reaches 0), and a duel over before the
	// step has no move left to make.
	s := mustInternal(t, func(c *Config) {
		c.BotPace = 20 * time.Millisecond
		c.NewSeed = func() dice.Seed { return dice.Seed{54, 54} }
	})
	l, _ := mustDuel(t, s, 50, "random", "random")
	l.mu.Lock()
	l.watchers++ // paced only while watched
	l.mu.Unlock()
	if err := s.controlBots(l, "pause"); err != nil {
		t.Fatal(err)
	}
	// A move being thought of as it paused is dropped, and the runner stops.
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		l.mu.Lock()
		running := l.botRunning
		l.mu.Unlock()
		if !running {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("paused, the bots' runner did not stop")
		}
	}
	at := logLen(l)
	time.Sleep(200 * time.Millisecond)
	if n := logLen(l); n != at {
		t.Fatalf("paused, the log grew from %d to %d", at, n)
	}
	if err := s.controlBots(l, "step"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second) // the -race pass in CI runs beside other packages
	for logLen(l) == at && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond)
	l.mu.Lock()
	_, over := l.tab.Over()
	l.mu.Unlock()
	if over {
		t.Fatalf("the duel ended at %d moves before the step: the seed no longer makes a long duel", at)
	}
	if n := logLen(l); n != at+1 {
		l.mu.Lock()
		running, ctl, stale, due := l.botRunning, l.botCtl, l.stale, botDue(l)
		l.mu.Unlock()
		t.Fatalf("one step made the log grow from %d to %d, want one move (runner %v, control %+v, stale %v, bot due %d)", at, n, running, ctl, stale, due)
	}
	if err := s.controlBots(l, "resume"); err != nil {
		t.Fatal(err)
	}
	if !waitOver(l, 10*time.Second) {
		t.Fatal("resumed, the bots did not finish the game")
	}
}

func TestBotsPause_OnlyATableOfBotsOnly(t *testing.T) {
	s := mustInternal(t)
	l, _ := mustDuel(t, s, 3, "", "random")
	if err := s.controlBots(l, "pause"); err == nil {
		t.Fatal("a table where a person plays was paused")
	}
}

func TestBotPace_TheTablesOptionOverridesTheServers(t *testing.T) {
	s := mustInternal(t, func(c *Config) { c.BotPace = time.Second })
	l, _ := mustDuel(t, s, 3, "random", "random")
	l.mu.Lock()
	defer l.mu.Unlock()
	if got := s.paceOf(l); got != time.Second {
		t.Fatalf("pace without the option = %v, want the server's 1s", got)
	}
	l.tab.Options()["bot-pace"] = "250"
	if got := s.paceOf(l); got != 250*time.Millisecond {
		t.Fatalf("pace with bot-pace 250 = %v, want 250ms", got)
	}
}

func TestTurnClock_ATableWhoseClockRunsStaysInMemory(t *testing.T) {
	s := mustInternal(t, func(c *Config) { c.MaxLive = 1 })
	ctx := context.Background()
	req := createRequest{Game: "duel", Options: engine.Options{engine.OptTurnClock: "60"}, Seats: []seatRequest{{Name: "Ann"}, {Name: "Bo"}}}
	clocked, _, err := s.createTable(ctx, "test", req, 0)
	if err != nil {
		t.Fatal(err)
	}
	mustDuel(t, s, 3, "", "") // a second table, past MaxLive
	s.mu.Lock()
	kept := s.live[clocked.id] == clocked
	s.mu.Unlock()
	if !kept {
		t.Fatal("the table whose turn clock runs was dropped from memory: its clock would act on a table nobody holds")
	}
}

// TestBotsAwait_NobodyWatchesTheBotsPlayOnceTheWaitIsOver: the bots of a
// table of bots only made from the new-table form wait for a first
// watcher, but not for ever: unwatched, they play once the wait is over.
func TestBotsAwait_NobodyWatchesTheBotsPlayOnceTheWaitIsOver(t *testing.T) {
	s := mustInternal(t)
	l, _, err := s.createTable(context.Background(), "test", createRequest{Game: "duel", Options: engine.Options{"rounds": "3"},
		Seats: []seatRequest{{Name: "A", Bot: "random"}, {Name: "B", Bot: "random"}}}, 500*time.Millisecond) // botAwait, shortened
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if n := logLen(l); n != 0 {
		t.Fatalf("the bots made %d moves while they waited for a watcher", n)
	}
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		l.mu.Lock()
		_, over := l.tab.Over()
		l.mu.Unlock()
		if over {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("unwatched, the bots did not play after the wait: %d moves", logLen(l))
		}
	}
}
