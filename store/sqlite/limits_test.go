package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/store/sqlite"
	"tabletop/store/storetest"
)

// TestStore_WALStaysUnderItsSizeLimit appends without pause from several
// writers, with a reader loading tables all the while, as a busy server
// does, and samples the WAL's size: it stays within four times its limit
// and is back under the limit once the writes stop. (Passive checkpoints
// alone never finish while writes keep coming: with them only, the WAL
// would grow without bound.)
func TestStore_WALStaysUnderItsSizeLimit(t *testing.T) {
	const limit = 1 << 20
	path := filepath.Join(t.TempDir(), "t.db")
	s := mustOpenWith(t, path, sqlite.Options{CheckpointEvery: 5 * time.Millisecond, WALLimit: limit})
	ctx := context.Background()
	const writers, appends = 4, 400
	entries := make([]engine.Entry, writers)
	for i := range writers {
		tab := storetest.MustTable(t, s, fmt.Sprint("t", i))
		entries[i] = storetest.MustAct(t, tab, 0, duel.Guard)
		entries[i].Events = append(entries[i].Events, engine.Event{Kind: "note", Text: strings.Repeat("x", 2000)})
	}
	storetest.MustTable(t, s, "read") // the reader's: small, so reads are quick
	walSize := func() int64 {
		fi, err := os.Stat(path + "-wal")
		if err != nil {
			return 0
		}
		return fi.Size()
	}
	var largest atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() { // samples the WAL's size, and reads as the server does
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
			}
			if n := walSize(); n > largest.Load() {
				largest.Store(n)
			}
			s.LoadTable(ctx, "read")
		}
	})
	var writes sync.WaitGroup
	for i := range writers {
		writes.Go(func() {
			id := fmt.Sprint("t", i)
			for seq := range appends {
				if _, err := s.Append(ctx, id, seq, entries[i]); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	writes.Wait()
	deadline := time.Now().Add(5 * time.Second)
	for walSize() > limit && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	close(stop)
	wg.Wait()
	written := int64(writers * appends * 2000)
	t.Logf("%d KB written, the WAL's largest size seen %d KB", written>>10, largest.Load()>>10)
	if n := largest.Load(); n > 4*limit {
		t.Fatalf("while %d KB were written the WAL grew to %d KB (limit %d KB)", written>>10, n>>10, limit>>10)
	}
	if n := walSize(); n > limit {
		t.Fatalf("after the writes stopped the WAL is %d KB, over its limit of %d KB", n>>10, limit>>10)
	}
}

// TestStore_DatabaseFilesAre0600 checks that the database, its WAL and its
// lock file are readable and writable by their owner only, whatever the
// umask (the seeds of running games are in there).
func TestStore_DatabaseFilesAre0600(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s := mustOpen(t, path)
	tab := storetest.MustTable(t, s, "abc")
	if _, err := s.Append(context.Background(), "abc", 0, storetest.MustAct(t, tab, 0, duel.Guard)); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, path + "-wal", path + ".lock"} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if mode := fi.Mode().Perm(); mode != 0o600 {
			t.Errorf("%s has mode %v, want -rw-------", filepath.Base(p), mode)
		}
	}
}

// TestStore_OneStorePerDatabaseFile checks that a second Open of a database
// already open is refused with ErrInUse and a message that says what to do,
// and that the database opens again once the first store is closed.
func TestStore_OneStorePerDatabaseFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	first, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	second, err := sqlite.Open(path, sqlite.Options{})
	if err == nil {
		second.Close()
		first.Close()
		t.Fatal("a second Open of an open database succeeded")
	}
	if !errors.Is(err, sqlite.ErrInUse) || !strings.Contains(err.Error(), "another tabletop serve") {
		t.Errorf("second Open: %v, want ErrInUse saying another tabletop serve may be running", err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	again, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatalf("Open after the first store closed: %v", err)
	}
	again.Close()
}

// TestOpen_AFailedOpenLeavesNoFileOpen: an Open that fails, on a file that
// is not a database or on a journal its fold refuses, closes every file it
// opened (the lock, the database's connections) before it returns.
func TestOpen_AFailedOpenLeavesNoFileOpen(t *testing.T) {
	if _, err := os.ReadDir("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd to count the open files in:", err)
	}
	openFiles := func() int {
		t.Helper()
		fds, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Fatal(err)
		}
		return len(fds)
	}
	for _, c := range []struct {
		name, fails string // fails: what Open's error says
		setup       func(t *testing.T, path string)
	}{
		{"not a database", "not a database", func(t *testing.T, path string) {
			if err := os.WriteFile(path, []byte("not a database, whatever its name says"), 0o600); err != nil {
				t.Fatal(err)
			}
		}},
		{"a journal row the fold refuses", "fold", func(t *testing.T, path string) {
			s, err := sqlite.Open(path, sqlite.Options{})
			if err != nil {
				t.Fatal(err)
			}
			tab := storetest.MustTable(t, s, "abc")
			if _, err := s.Append(context.Background(), "abc", 0, storetest.MustAct(t, tab, 0, duel.Guard)); err != nil {
				t.Fatal(err)
			}
			if err := s.Close(); err != nil { // folds: entry 1 is in entries
				t.Fatal(err)
			}
			db, err := sql.Open("sqlite", "file:"+path)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			// Entry 1 of abc again: the fold's insert into entries conflicts.
			if _, err := db.Exec("INSERT INTO journal (table_id, seq, entry, at) VALUES ('abc', 1, '{}', 0)"); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "t.db")
			c.setup(t, path)
			before := openFiles()
			s, err := sqlite.Open(path, sqlite.Options{})
			if err == nil {
				s.Close()
				t.Fatal("Open succeeded; the test wants it to fail")
			}
			if !strings.Contains(err.Error(), c.fails) {
				t.Fatalf("Open: %v; the test wants it to fail with %q", err, c.fails)
			}
			if after := openFiles(); after != before {
				t.Errorf("%d files open after the failed Open, %d before", after, before)
			}
		})
	}
}

// TestStore_WALStartsOverInTheFileItHas: once the WAL has passed its limit
// and the writer's checkpoint has copied it back, the WAL starts over in
// the file it has, cut to the limit, rather than in an emptied file:
// writing past a file's end costs the system about twice the CPU of
// writing over it. The WAL stays within four times its limit, so it did
// start over.
func TestStore_WALStartsOverInTheFileItHas(t *testing.T) {
	const limit = 1 << 20
	path := filepath.Join(t.TempDir(), "t.db")
	s := mustOpenWith(t, path, sqlite.Options{CheckpointEvery: time.Hour, WALLimit: limit})
	ctx := context.Background()
	tab := storetest.MustTable(t, s, "abc")
	e := storetest.MustAct(t, tab, 0, duel.Guard)
	e.Events = append(e.Events, engine.Event{Kind: "note", Text: strings.Repeat("x", 4000)})
	var reached bool
	var smallest, largest int64 = math.MaxInt64, 0
	for seq := range 2000 { // 8 MB
		if _, err := s.Append(ctx, "abc", seq, e); err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(path + "-wal")
		if err != nil {
			t.Fatal(err)
		}
		reached = reached || fi.Size() >= limit
		if reached {
			smallest, largest = min(smallest, fi.Size()), max(largest, fi.Size())
		}
	}
	if !reached || largest > 4*limit {
		t.Fatalf("8 MB appended: the WAL reached its limit of %d KB: %v; at most %d KB after; want it started over", limit>>10, reached, largest>>10)
	}
	if smallest < limit {
		t.Errorf("once past its limit of %d KB, the WAL file fell to %d KB: it was emptied, not started over", limit>>10, smallest>>10)
	}
}
