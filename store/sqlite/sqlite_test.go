package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"tabletop/internal/duel"
	"tabletop/store"
	"tabletop/store/sqlite"
	"tabletop/store/storetest"
)

func mustOpen(tb testing.TB, path string) *sqlite.Store {
	tb.Helper()
	return mustOpenWith(tb, path, sqlite.Options{})
}

// mustOpenWith opens the database at path with opts, closing it when the
// test ends (the internal tests' helper).
var mustOpenWith = sqlite.MustOpenWith

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return mustOpen(t, filepath.Join(t.TempDir(), "t.db")) })
}

func TestStore_LogSurvivesCloseAndReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s := mustOpen(t, path)
	ctx := context.Background()
	tab := storetest.MustTable(t, s, "abc")
	if _, err := s.Append(ctx, "abc", 0, storetest.MustAct(t, tab, 0, duel.Attack), storetest.MustAct(t, tab, 1, duel.Guard)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	s = mustOpen(t, path) // migrations run again and find nothing to do
	rec, err := s.LoadTable(ctx, "abc")
	if err != nil || rec.Seq != 2 || len(rec.Export.Log) != 2 {
		t.Fatalf("after reopening: seq %d, %d entries, err %v; want 2, 2, nil", rec.Seq, len(rec.Export.Log), err)
	}
}

func TestStore_WritesAfterCloseFail(t *testing.T) {
	s := mustOpen(t, filepath.Join(t.TempDir(), "t.db"))
	tab := storetest.MustTable(t, s, "abc")
	s.Close()
	if _, err := s.Append(context.Background(), "abc", 0, storetest.MustAct(t, tab, 0, duel.Guard)); !errors.Is(err, sqlite.ErrClosed) {
		t.Fatalf("Append after Close: err = %v, want ErrClosed", err)
	}
}

func TestStore_OneFailingAppendDoesNotUndoItsBatch(t *testing.T) {
	s := mustOpen(t, filepath.Join(t.TempDir(), "t.db"))
	ctx := context.Background()
	const n = 32
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		id := fmt.Sprint("t", i)
		tab := storetest.MustTable(t, s, id)
		e := storetest.MustAct(t, tab, 0, duel.Guard)
		expected := 0
		if i%2 == 1 {
			expected = 5 // stale: refused
		}
		wg.Go(func() { _, errs[i] = s.Append(ctx, id, expected, e) })
	}
	wg.Wait()
	for i, err := range errs {
		want := error(nil)
		if i%2 == 1 {
			want = store.ErrVersionConflict
		}
		if !errors.Is(err, want) && !(want == nil && err == nil) {
			t.Fatalf("append %d: err = %v, want %v", i, err, want)
		}
		rec, _ := s.LoadTable(ctx, fmt.Sprint("t", i))
		if wantSeq := 1 - i%2; rec.Seq != wantSeq {
			t.Fatalf("table %d: seq %d, want %d", i, rec.Seq, wantSeq)
		}
	}
}

var syncModes = []struct {
	name string
	opts sqlite.Options
}{{"normal", sqlite.Options{}}, {"full", sqlite.Options{SyncFull: true}}}

func mustOpenBench(b *testing.B, opts sqlite.Options) *sqlite.Store {
	return mustOpenWith(b, filepath.Join(b.TempDir(), "t.db"), opts)
}

// BenchmarkStoreAppend is one append at a time: each pays a commit.
func BenchmarkStoreAppend(b *testing.B) {
	for _, m := range syncModes {
		b.Run(m.name, func(b *testing.B) { storetest.BenchAppend(b, mustOpenBench(b, m.opts)) })
	}
}

// BenchmarkStoreAppendParallel is appends from 16 goroutines per CPU, each
// to its own table: the writer groups them into shared commits, so the time
// per append is well below BenchmarkStoreAppend's, most of all with
// synchronous=FULL where a commit costs an fsync.
func BenchmarkStoreAppendParallel(b *testing.B) {
	for _, m := range syncModes {
		b.Run(m.name, func(b *testing.B) { storetest.BenchAppendParallel(b, mustOpenBench(b, m.opts)) })
	}
}

// TestStore_CheckpointerCopiesTheWALBack checks that commits reach the
// database file itself while the store is open: SQLite's own checkpoints
// are off, so only the checkpointer copies the WAL back (without it, the
// WAL would grow without bound and the database file would keep its first
// size until Close).
func TestStore_CheckpointerCopiesTheWALBack(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s := mustOpenWith(t, path, sqlite.Options{CheckpointEvery: 5 * time.Millisecond})
	ctx := context.Background()
	tab := storetest.MustTable(t, s, "abc")
	e := storetest.MustAct(t, tab, 0, duel.Guard)
	size := func() int64 {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	time.Sleep(50 * time.Millisecond) // the table itself checkpointed
	before := size()
	seq := 0
	for range 1000 {
		var err error
		if seq, err = s.Append(ctx, "abc", seq, e); err != nil {
			t.Fatal(err)
		}
	}
	// 1000 entries take well over 64 KB; wait for a checkpoint to copy them.
	deadline := time.Now().Add(10 * time.Second)
	for size() < before+64<<10 {
		if time.Now().After(deadline) {
			t.Fatalf("the database file is still %d bytes (%d before 1000 appends): nothing was checkpointed", size(), before)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// pragmaOf reads one pragma of the database at path on a connection of its
// own (the store must be closed).
func pragmaOf(t *testing.T, path, pragma string) string {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v string
	if err := db.QueryRow("PRAGMA " + pragma).Scan(&v); err != nil {
		t.Fatalf("PRAGMA %s: %v", pragma, err)
	}
	return v
}

func TestStore_NewDatabaseHas16KiBPagesInWALMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s := mustOpen(t, path)
	storetest.MustTable(t, s, "abc")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if got := pragmaOf(t, path, "page_size"); got != "16384" {
		t.Errorf("page_size = %s, want 16384", got)
	}
	if got := pragmaOf(t, path, "journal_mode"); got != "wal" {
		t.Errorf("journal_mode = %s, want wal", got)
	}
}

func TestStore_DatabaseMadeWith4KiBPagesKeepsThemAndPlays(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("PRAGMA page_size = 4096; CREATE TABLE before_us (x)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	s := mustOpen(t, path)
	ctx := context.Background()
	tab := storetest.MustTable(t, s, "abc")
	if _, err := s.Append(ctx, "abc", 0, storetest.MustAct(t, tab, 0, duel.Attack)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if got := pragmaOf(t, path, "page_size"); got != "4096" {
		t.Errorf("page_size = %s, want the database's own 4096", got)
	}
	s = mustOpen(t, path)
	if rec, err := s.LoadTable(ctx, "abc"); err != nil || rec.Seq != 1 {
		t.Fatalf("after reopening: seq %d, err %v; want 1, nil", rec.Seq, err)
	}
}
