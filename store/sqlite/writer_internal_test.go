package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/store/storetest"
)

// TestWriter_KeepsAPageCacheForAThousandTables: the writer's connection
// keeps writerCacheKiB of pages, not SQLite's default 2 MiB, which held too
// few of a thousand tables' last pages.
func TestWriter_KeepsAPageCacheForAThousandTables(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "t.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var n int
	if err := s.wdb.QueryRow("PRAGMA cache_size").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != -writerCacheKiB || writerCacheKiB < 16<<10 {
		t.Fatalf("the writer's cache_size is %d, want %d (KiB, at least 16 MiB)", n, -writerCacheKiB)
	}
}

// holdWriter queues a write that waits until release is called, and
// returns once the writer runs it: the writes queued meanwhile wait, and
// make one batch once it is released.
func holdWriter(s *Store) (release func()) {
	hold, held := make(chan struct{}), make(chan struct{})
	go s.do(context.Background(), func(*sql.Tx) error {
		close(held)
		<-hold
		return nil
	})
	<-held
	return func() { close(hold) }
}

// oneBatch runs writes as one batch, in order: it holds the writer,
// starts each write once the one before is queued, releases the writer
// and returns each write's error.
func oneBatch(s *Store, writes ...func() error) []error {
	release := holdWriter(s)
	replies := make([]chan error, len(writes))
	for i, w := range writes {
		replies[i] = make(chan error, 1)
		go func() { replies[i] <- w() }()
		for len(s.queue) < i+1 {
			time.Sleep(time.Millisecond)
		}
	}
	release()
	errs := make([]error, len(writes))
	for i, r := range replies {
		errs[i] = <-r
	}
	return errs
}

// TestGroupWait_WritesArrivingTogetherShareCommits: while appends of many
// tables arrive together, the writer waits GroupWait for more before it
// commits, so that they share commits: 16 tables appending 20 times each,
// every table waiting for its own append before the next (as the server
// does), are stored in far fewer than one commit per append. The tables'
// first appends queue up behind a write held open, so that they start
// together whatever the machine's load; GroupWait is long, so that a
// goroutine the machine runs late still makes its round's commit, and
// MaxBatch 16, so that a round ends once all 16 are in.
func TestGroupWait_WritesArrivingTogetherShareCommits(t *testing.T) {
	var mu sync.Mutex
	var commits, writes int
	s, err := Open(filepath.Join(t.TempDir(), "t.db"), Options{GroupWait: 100 * time.Millisecond, MaxBatch: 16,
		OnCommit: func(n int, _ time.Duration) {
			mu.Lock()
			defer mu.Unlock()
			commits++
			writes += n
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	const tables, appends = 16, 20
	ctx := context.Background()
	entries := make([]engine.Entry, tables)
	for i := range tables {
		entries[i] = storetest.MustAct(t, storetest.MustTable(t, s, fmt.Sprint("t", i)), 0, duel.Guard)
	}
	release := holdWriter(s)
	var wg sync.WaitGroup
	for i := range tables {
		wg.Go(func() {
			for seq := range appends {
				if _, err := s.Append(ctx, fmt.Sprint("t", i), seq, entries[i]); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	for len(s.queue) < tables { // every table's first append is queued
		time.Sleep(time.Millisecond)
	}
	mu.Lock()
	commits, writes = 0, 0 // the creations came one at a time
	mu.Unlock()
	release()
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	// One commit of all 16 appends each round would be 20 commits (and
	// the held write's); allow some rounds to split.
	if perCommit := float64(writes) / float64(commits); perCommit < 8 {
		t.Errorf("%d writes in %d commits (%.1f per commit), want at least 8 per commit while 16 tables append together", writes, commits, perCommit)
	}
}
