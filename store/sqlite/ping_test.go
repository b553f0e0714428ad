package sqlite_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"tabletop/internal/duel"
	"tabletop/store/sqlite"
	"tabletop/store/storetest"
)

// TestPingGoesThroughTheWriter: Ping succeeds while the writer commits and
// fails with ErrClosed once the store is closed.
func TestPingGoesThroughTheWriter(t *testing.T) {
	s := mustOpen(t, filepath.Join(t.TempDir(), "t.db"))
	if err := s.Ping(context.Background()); err != nil {
		t.Fatalf("Ping: %v", err)
	}
	s.Close()
	if err := s.Ping(context.Background()); !errors.Is(err, sqlite.ErrClosed) {
		t.Fatalf("Ping after Close: err = %v, want ErrClosed", err)
	}
}

// TestOnCommitReportsEachCommitsWrites: the commit hook sees every write
// once, in commits of at least one write.
func TestOnCommitReportsEachCommitsWrites(t *testing.T) {
	var mu sync.Mutex
	var commits, writes int
	s, err := sqlite.Open(filepath.Join(t.TempDir(), "t.db"), sqlite.Options{OnCommit: func(n int, took time.Duration) {
		mu.Lock()
		defer mu.Unlock()
		if n < 1 || took < 0 {
			t.Errorf("OnCommit(%d, %v): want at least one write and a duration", n, took)
		}
		commits++
		writes += n
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tab := storetest.MustTable(t, s, "abc")
	if _, err := s.Append(context.Background(), "abc", 0, storetest.MustAct(t, tab, 0, duel.Attack)); err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(context.Background()); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	// CreateTable, Append and Ping: three writes.
	if writes != 3 || commits < 1 || commits > 3 {
		t.Errorf("OnCommit saw %d writes in %d commits, want 3 writes", writes, commits)
	}
}

// TestGroupWait_ALoneWriteIsNotHeldBack: a write that arrives alone is
// committed at once, not after GroupWait: with a GroupWait of an hour,
// appends one after another still finish.
func TestGroupWait_ALoneWriteIsNotHeldBack(t *testing.T) {
	s, err := sqlite.Open(filepath.Join(t.TempDir(), "t.db"), sqlite.Options{GroupWait: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	e := storetest.MustAct(t, storetest.MustTable(t, s, "abc"), 0, duel.Guard)
	done := make(chan error, 1)
	go func() {
		for seq := range 10 {
			if _, err := s.Append(context.Background(), "abc", seq, e); err != nil {
				done <- fmt.Errorf("append %d: %w", seq+1, err)
				return
			}
		}
		done <- nil
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("10 appends one after another took over 30 s: lone writes wait for GroupWait")
	}
}
