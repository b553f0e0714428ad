package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/store"
	"tabletop/store/internal/codec"
	"tabletop/store/storetest"
)

// noFolds are Options under which the writer folds only on Open and Close.
var noFolds = Options{FoldRows: 1 << 30, FoldEvery: time.Hour}

func mustOpenWith(tb testing.TB, path string, opts Options) *Store {
	tb.Helper()
	s, err := Open(path, opts)
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// mustCount returns the single integer query q of db returns.
func mustCount(tb testing.TB, db *sql.DB, q string, args ...any) int {
	tb.Helper()
	var n int
	if err := db.QueryRow(q, args...).Scan(&n); err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
	return n
}

// copyFile copies the file from to the new file to, if from exists.
func copyFile(from, to string) error {
	src, err := os.Open(from)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

// copyFiles copies the database at path and its WAL to the new database
// to, as a crash of the process would leave them (the shared memory index
// is rebuilt from the WAL). Nothing may write them meanwhile: the caller
// holds the writer and the checkpointer.
func copyFiles(path, to string) error {
	return errors.Join(copyFile(path, to), copyFile(path+"-wal", to+"-wal"))
}

// mustCrashImage copies store s's database at path to the new database to
// while s is open, between two batches, as a crash would leave it: it
// holds the writer with a write that waits, and the checkpointer.
func mustCrashImage(tb testing.TB, s *Store, path, to string) {
	tb.Helper()
	s.cpMu.Lock()
	defer s.cpMu.Unlock()
	defer holdWriter(s)()
	if err := copyFiles(path, to); err != nil {
		tb.Fatal(err)
	}
}

// playLog appends n entries to each of tables ids, one table after the
// other each round, and returns each table's entries as their JSON.
func playLog(tb testing.TB, s *Store, n int, ids ...string) map[string][]string {
	tb.Helper()
	ctx := context.Background()
	tabs := map[string]*engine.Table{}
	for _, id := range ids {
		tabs[id] = storetest.MustTable(tb, s, id)
	}
	logs := map[string][]string{}
	for range n {
		for _, id := range ids {
			tab := tabs[id]
			e := storetest.MustAct(tb, tab, tab.State().Pending()[0], duel.Guard)
			if _, err := s.Append(ctx, id, len(logs[id]), e); err != nil {
				tb.Fatalf("Append to %s at %d: %v", id, len(logs[id]), err)
			}
			b, err := json.Marshal(e)
			if err != nil {
				tb.Fatal(err)
			}
			logs[id] = append(logs[id], string(b))
		}
	}
	return logs
}

// checkLogs checks that s holds exactly logs, in order, and that each
// table's next append is taken at the end of its log and only there. It
// adds that append (its last entry again) to logs.
func checkLogs(tb testing.TB, s *Store, logs map[string][]string) {
	tb.Helper()
	ctx := context.Background()
	for id, want := range logs {
		rec, err := s.LoadTable(ctx, id)
		if err != nil {
			tb.Fatalf("LoadTable(%s): %v", id, err)
		}
		if rec.Seq != len(want) || len(rec.Export.Log) != len(want) {
			tb.Fatalf("LoadTable(%s): seq %d with %d entries, want %d", id, rec.Seq, len(rec.Export.Log), len(want))
		}
		for i, e := range rec.Export.Log {
			if b, _ := json.Marshal(e); string(b) != want[i] {
				tb.Fatalf("LoadTable(%s): entry %d = %s, want %s", id, i+1, b, want[i])
			}
		}
		e := rec.Export.Log[len(want)-1]
		if _, err := s.Append(ctx, id, len(want)-1, e); !errors.Is(err, store.ErrVersionConflict) {
			tb.Fatalf("Append to %s at %d, one short of its log: err = %v, want ErrVersionConflict", id, len(want)-1, err)
		}
		if _, err := s.Append(ctx, id, len(want), e); err != nil {
			tb.Fatalf("Append to %s at %d, the end of its log: %v", id, len(want), err)
		}
		logs[id] = append(want, want[len(want)-1])
	}
}

// cloneLogs returns a copy of logs.
func cloneLogs(logs map[string][]string) map[string][]string {
	out := map[string][]string{}
	for id, log := range logs {
		out[id] = append([]string(nil), log...)
	}
	return out
}

// TestJournal_CrashBeforeAFoldLosesNothing: the database as a crash leaves
// it with appends in the journal, not yet folded, opens with every
// acknowledged entry in its place, in order, once; the fold on Open moved
// them all into entries, and the tables' next appends are checked against
// the whole logs.
func TestJournal_CrashBeforeAFoldLosesNothing(t *testing.T) {
	dir := t.TempDir()
	path, crashed := filepath.Join(dir, "t.db"), filepath.Join(dir, "crashed.db")
	s := mustOpenWith(t, path, noFolds)
	logs := playLog(t, s, 2, "a", "b")
	if err := s.Close(); err != nil { // folds: these are in entries
		t.Fatal(err)
	}
	s = mustOpenWith(t, path, noFolds)
	more := playLog(t, s, 3, "c")
	for id, log := range more {
		logs[id] = log
	}
	ctx := context.Background()
	tab, err := s.LoadTable(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 { // a's log is in both places
		b, _ := json.Marshal(tab.Export.Log[0])
		if _, err := s.Append(ctx, "a", 2+i, tab.Export.Log[0]); err != nil {
			t.Fatal(err)
		}
		logs["a"] = append(logs["a"], string(b))
	}
	mustCrashImage(t, s, path, crashed)

	raw, err := sql.Open("sqlite", "file:"+crashed+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if n := mustCount(t, raw, "SELECT count(*) FROM journal"); n != 5 {
		t.Fatalf("the crashed database's journal holds %d rows, want the 5 appends made since the last fold", n)
	}
	raw.Close()

	s = mustOpenWith(t, crashed, noFolds)
	for _, c := range []struct {
		q    string
		want int
	}{
		{"SELECT count(*) FROM journal", 0},
		{"SELECT count(*) FROM entries", 2 + 2 + 2 + 3},
		{"SELECT count(*) FROM entries WHERE table_id = 'a'", 4},
		{"SELECT seq FROM tables WHERE id = 'a'", 4},
		{"SELECT seq FROM tables WHERE id = 'c'", 3},
	} {
		if n := mustCount(t, s.rdb, c.q); n != c.want {
			t.Errorf("after reopening: %s = %d, want %d", c.q, n, c.want)
		}
	}
	checkLogs(t, s, logs)
}

// TestFold_InterruptedIsAllOrNothing: a fold that fails after any of its
// steps moves nothing (the journal keeps every row and entries gains none,
// so no entry is read twice), and the next fold moves everything; a crash
// in the middle of a fold leaves the database as it was before it.
func TestFold_InterruptedIsAllOrNothing(t *testing.T) {
	for step := range foldSteps {
		t.Run(fmt.Sprint("step", step), func(t *testing.T) {
			dir := t.TempDir()
			path, crashed := filepath.Join(dir, "t.db"), filepath.Join(dir, "crashed.db")
			var folds atomic.Int64
			s := mustOpenWith(t, path, Options{FoldRows: 6, FoldEvery: time.Hour,
				OnFold: func(int, time.Duration) { folds.Add(1) }})
			ctx := context.Background()
			// The writer runs the folds, and the test sets what they see
			// through it too.
			inWriter := func(fn func()) {
				t.Helper()
				if err := s.do(ctx, func(*sql.Tx) error { fn(); return nil }); err != nil {
					t.Fatal(err)
				}
			}
			var crashErr error
			inWriter(func() {
				s.foldFault = func(i int) error {
					if i != step {
						return nil
					}
					// The crash: the files as they are mid-fold.
					s.cpMu.Lock()
					defer s.cpMu.Unlock()
					crashErr = copyFiles(path, crashed)
					s.foldFault = nil
					return errors.New("interrupted")
				}
			})
			logs := playLog(t, s, 3, "a", "b") // 6 rows: the writer folds
			var interrupted bool
			inWriter(func() { interrupted = s.foldFault == nil })
			if !interrupted || crashErr != nil {
				t.Fatalf("no fold interrupted after step %d with 6 rows in the journal, FoldRows 6 (%v)", step, crashErr)
			}
			for _, c := range []struct {
				q    string
				want int
			}{
				{"SELECT count(*) FROM journal", 6},
				{"SELECT count(*) FROM entries", 0},
				{"SELECT sum(seq) FROM tables", 0},
			} {
				if n := mustCount(t, s.rdb, c.q); n != c.want {
					t.Errorf("after the failed fold: %s = %d, want %d", c.q, n, c.want)
				}
			}
			before := cloneLogs(logs)
			checkLogs(t, s, logs)
			inWriter(func() { s.foldRetry = time.Time{} }) // the next fold is now
			if err := s.Ping(ctx); err != nil || folds.Load() != 1 {
				t.Fatalf("the next fold: %d folds (%v), want it done", folds.Load(), err)
			}
			if n := mustCount(t, s.rdb, "SELECT count(*) FROM journal"); n != 0 {
				t.Errorf("after the next fold the journal holds %d rows, want 0", n)
			}
			if n := mustCount(t, s.rdb, "SELECT count(*) FROM entries"); n != 8 {
				t.Errorf("after the next fold entries holds %d rows, want 8", n)
			}
			checkLogs(t, s, logs)

			c := mustOpenWith(t, crashed, noFolds)
			if n := mustCount(t, c.rdb, "SELECT count(*) FROM entries"); n != 6 {
				t.Errorf("crashed mid-fold and reopened: entries holds %d rows, want 6", n)
			}
			checkLogs(t, c, before)
		})
	}
}

// TestJournal_ReadsSeeUnfoldedEntries: before any fold, with every entry
// in the journal and none in entries, LoadTable returns the whole log, the
// lobby's summaries count it (Seq) and order the tables by their last
// append (Updated), a snapshot is checked against the log's whole length,
// an append at a stale position is a version conflict, and nobody joins a
// table whose log has begun.
func TestJournal_ReadsSeeUnfoldedEntries(t *testing.T) {
	var clock atomic.Int64
	clock.Store(1000)
	opts := noFolds
	opts.Now = func() time.Time { return time.UnixMilli(clock.Add(1000)) }
	s := mustOpenWith(t, filepath.Join(t.TempDir(), "t.db"), opts)
	ctx := context.Background()
	logs := playLog(t, s, 3, "a") // created at 2 s, appended at 3 to 5 s
	tab, err := engine.NewTable(duel.Game, nil, make([]engine.SeatInfo, 2), [32]byte{1})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTable(ctx, store.Table{ID: "b", Listed: true, Open: []int{1}, TokenHashes: make([][]byte, 2), Export: tab.Export(true)}); err != nil {
		t.Fatal(err) // created at 6 s
	}
	e := storetest.MustAct(t, tab, 0, duel.Guard)
	if _, err := s.Append(ctx, "b", 0, e); err != nil {
		t.Fatal(err) // at 7 s
	}
	clock.Add(10_000)
	if _, err := s.Append(ctx, "a", 3, e); err != nil {
		t.Fatal(err) // at 18 s: a is the more recently active
	}
	b, _ := json.Marshal(e)
	logs["a"] = append(logs["a"], string(b))
	if n := mustCount(t, s.rdb, "SELECT count(*) FROM entries"); n != 0 {
		t.Fatalf("entries holds %d rows before any fold, want them all in the journal", n)
	}

	rec, err := s.LoadTable(ctx, "a")
	if err != nil || rec.Seq != 4 || len(rec.Export.Log) != 4 {
		t.Fatalf("LoadTable: seq %d, %d entries, err %v; want 4, 4", rec.Seq, len(rec.Export.Log), err)
	}
	list, err := s.ListOpen(ctx, 10)
	if err != nil || len(list) != 2 {
		t.Fatalf("ListOpen = %+v, %v; want a and b", list, err)
	}
	if list[0].ID != "a" || list[0].Seq != 4 || list[0].Updated.UnixMilli() != 18_000 ||
		list[1].ID != "b" || list[1].Seq != 1 || list[1].Updated.UnixMilli() != 7_000 {
		t.Errorf("ListOpen = a seq %d updated %d, b seq %d updated %d (in order %s, %s); want a 4 at 18000 first, then b 1 at 7000",
			list[0].Seq, list[0].Updated.UnixMilli(), list[1].Seq, list[1].Updated.UnixMilli(), list[0].ID, list[1].ID)
	}
	if list, err := s.ListOpen(ctx, 1); err != nil || len(list) != 1 || list[0].ID != "a" {
		t.Errorf("ListOpen(1) = %+v, %v; want a, the most recently active", list, err)
	}
	snap := engine.Snapshot{Seq: 4, RulesVersion: "v1", State: []byte("s"), Dice: []byte("d")}
	if err := s.SaveSnapshot(ctx, "a", snap); err != nil {
		t.Errorf("SaveSnapshot after entry 4 of a log of 4: %v", err)
	}
	snap.Seq = 5
	if err := s.SaveSnapshot(ctx, "a", snap); !errors.Is(err, store.ErrVersionConflict) {
		t.Errorf("SaveSnapshot after entry 5 of a log of 4: err = %v, want ErrVersionConflict", err)
	}
	if err := s.Join(ctx, "b", 1, "Cy", []byte{1}); !errors.Is(err, store.ErrSeatTaken) {
		t.Errorf("Join of a table whose log has begun: err = %v, want ErrSeatTaken", err)
	}
	if _, err := s.Append(ctx, "nobody", 0, e); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Append to a table never created: err = %v, want ErrNotFound", err)
	}
	checkLogs(t, s, logs) // a stale append conflicts; one at the end does not
}

// TestHeads_SurviveARolledBackBatch: the writer's count of each log's
// entries matches what committed when a batch is rolled back and run
// again with savepoints: an append of that batch that committed counts
// once, and one rolled back to its savepoint after it added its entries
// does not count at all.
func TestHeads_SurviveARolledBackBatch(t *testing.T) {
	s := mustOpenWith(t, filepath.Join(t.TempDir(), "t.db"), noFolds)
	ctx := context.Background()
	e := storetest.MustAct(t, storetest.MustTable(t, s, "ok"), 0, duel.Guard)
	storetest.MustTable(t, s, "undone")
	storetest.MustTable(t, s, "stale")
	rows, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var writes []func() error
	for _, fn := range []func(tx *sql.Tx) error{
		func(tx *sql.Tx) error { return s.appendTx(tx, "ok", 0, []string{string(rows)}) },
		func(tx *sql.Tx) error {
			if err := s.appendTx(tx, "undone", 0, []string{string(rows)}); err != nil {
				return err
			}
			return errors.New("failing after its append")
		},
		func(tx *sql.Tx) error { return s.appendTx(tx, "stale", 5, []string{string(rows)}) },
	} {
		writes = append(writes, func() error { return s.do(ctx, fn) })
	}
	errs := oneBatch(s, writes...)
	if errs[0] != nil {
		t.Errorf("the good append: %v", errs[0])
	}
	if errs[1] == nil {
		t.Error("the append that fails after adding its entries: no error")
	}
	if !errors.Is(errs[2], store.ErrVersionConflict) {
		t.Errorf("the stale append: err = %v, want ErrVersionConflict", errs[2])
	}
	for _, c := range []struct {
		id   string
		want int
	}{{"ok", 1}, {"undone", 0}, {"stale", 0}} {
		if rec, err := s.LoadTable(ctx, c.id); err != nil || rec.Seq != c.want {
			t.Errorf("LoadTable(%s): seq %d, err %v; want %d", c.id, rec.Seq, err, c.want)
		}
		if _, err := s.Append(ctx, c.id, c.want, e); err != nil {
			t.Errorf("Append to %s at %d, the end of its log: %v", c.id, c.want, err)
		}
	}
}

// TestFold_RunsAtFoldRowsAndAfterFoldEvery: the writer folds once the
// journal holds FoldRows rows, and once its oldest row is FoldEvery old
// even if no more writes come.
func TestFold_RunsAtFoldRowsAndAfterFoldEvery(t *testing.T) {
	folded := make(chan int, 10)
	onFold := func(rows int, _ time.Duration) { folded <- rows }
	t.Run("rows", func(t *testing.T) {
		s := mustOpenWith(t, filepath.Join(t.TempDir(), "t.db"), Options{FoldRows: 3, FoldEvery: time.Hour, OnFold: onFold})
		playLog(t, s, 2, "a")
		select {
		case rows := <-folded:
			t.Fatalf("a fold of %d rows with 2 in the journal, FoldRows 3", rows)
		default:
		}
		playLog(t, s, 1, "b")
		if err := s.Ping(context.Background()); err != nil { // the fold ran before it
			t.Fatal(err)
		}
		select {
		case rows := <-folded:
			if rows != 3 {
				t.Errorf("a fold of %d rows, want 3", rows)
			}
		default:
			t.Fatal("no fold with 3 rows in the journal, FoldRows 3")
		}
	})
	t.Run("time", func(t *testing.T) {
		s := mustOpenWith(t, filepath.Join(t.TempDir(), "t.db"), Options{FoldRows: 1 << 30, FoldEvery: 20 * time.Millisecond, OnFold: onFold})
		playLog(t, s, 1, "a")
		select {
		case rows := <-folded:
			if rows != 1 {
				t.Errorf("a fold of %d rows, want 1", rows)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("no fold 10 s after an append, FoldEvery 20ms")
		}
	})
}

// TestFold_RunsSoonerWhileFewTablesAreWritten: before the journal holds
// FoldRows rows, the writer folds it once it holds 16 rows per table
// written since the last fold, or an eighth of FoldRows if that is more
// (foldAt): the shorter a fold, the shorter the wait of the writes that
// arrive during it.
func TestFold_RunsSoonerWhileFewTablesAreWritten(t *testing.T) {
	for _, c := range []struct {
		name    string
		tables  int
		foldsAt int
	}{
		{"an eighth of FoldRows", 2, 64},
		{"16 rows per table", 6, 96},
		{"FoldRows", 40, 512},
	} {
		t.Run(c.name, func(t *testing.T) {
			folded := make(chan int, 10)
			s := mustOpenWith(t, filepath.Join(t.TempDir(), "t.db"), Options{FoldRows: 512, FoldEvery: time.Hour,
				OnFold: func(rows int, _ time.Duration) { folded <- rows }})
			ctx := context.Background()
			// The store reads no entry: each table's log repeats one.
			entries := make([]engine.Entry, c.tables)
			for i := range entries {
				entries[i] = storetest.MustAct(t, storetest.MustTable(t, s, fmt.Sprint("t", i)), 0, duel.Guard)
			}
			for rows := 1; rows <= c.foldsAt; rows++ {
				i := (rows - 1) % c.tables
				if _, err := s.Append(ctx, fmt.Sprint("t", i), (rows-1)/c.tables, entries[i]); err != nil {
					t.Fatal(err)
				}
				if err := s.Ping(ctx); err != nil { // after the fold that the append's batch may start
					t.Fatal(err)
				}
				select {
				case got := <-folded:
					if rows != c.foldsAt || got != rows {
						t.Fatalf("a fold of %d rows once the journal held %d, of %d tables, FoldRows 512; want one at %d", got, rows, c.tables, c.foldsAt)
					}
					return
				default:
				}
			}
			t.Fatalf("no fold with %d rows in the journal, of %d tables, FoldRows 512", c.foldsAt, c.tables)
		})
	}
}

// TestJournal_OldDatabasesMigrate: a database of schema 5, from before the
// journal, with a table whose log is in entries, opens with the later
// migrations applied, its log whole, and its next append checked against it.
func TestJournal_OldDatabasesMigrate(t *testing.T) {
	s, logs := reopenOld(t, false, "DROP TABLE journal", "PRAGMA user_version = 5")
	checkLogs(t, s, logs)
}

// TestEntries_OldDatabasesMigrateToLogsInTheOrderOfFolding: a database of
// schema 6, whose entries are clustered by table (WITHOUT ROWID), left by
// a crash with a row in its journal, opens with its logs whole in a rowid
// entries found through entries_log, which refuses a second row at a
// table's position as the old key did (a fold relies on that to roll
// back), and its next appends fold on top.
func TestEntries_OldDatabasesMigrateToLogsInTheOrderOfFolding(t *testing.T) {
	s, logs := reopenOld(t, true,
		"DROP INDEX entries_log",
		"ALTER TABLE entries RENAME TO entries_by_fold",
		`CREATE TABLE entries (table_id TEXT NOT NULL REFERENCES tables (id), seq INTEGER NOT NULL, entry TEXT NOT NULL,
			PRIMARY KEY (table_id, seq)) WITHOUT ROWID`,
		"INSERT INTO entries SELECT table_id, seq, entry FROM entries_by_fold",
		"DROP TABLE entries_by_fold",
		"PRAGMA user_version = 6")
	var schema string
	if err := s.rdb.QueryRow("SELECT sql FROM sqlite_schema WHERE name = 'entries'").Scan(&schema); err != nil || strings.Contains(schema, "WITHOUT ROWID") {
		t.Errorf("entries after the migration: %q, %v; want a rowid table", schema, err)
	}
	checkLogs(t, s, logs)
	if err := s.do(context.Background(), func(tx *sql.Tx) error {
		_, err := tx.Exec("INSERT INTO entries (table_id, seq, entry) VALUES ('old', 1, '{}')")
		return err
	}); err == nil || !strings.Contains(err.Error(), "UNIQUE") {
		t.Errorf("a second row at position 1 of a log: %v, want a UNIQUE constraint failure", err)
	}
	// checkLogs appended one more entry to each log, into the journal; the
	// writer folds it after the next batch.
	if err := s.do(context.Background(), func(*sql.Tx) error { s.opts.FoldRows = 1; return nil }); err != nil {
		t.Fatal(err)
	}
	if err := s.Ping(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := mustCount(t, s.rdb, "SELECT count(*) FROM journal"); n != 0 {
		t.Fatalf("%d rows in the journal after a fold", n)
	}
	checkLogs(t, s, logs)
}

// reopenOld makes a database with a table "old" of three entries, folded
// into entries, and with journal a fourth left in the journal by a crash;
// it runs olden on it (SQL that makes it as an older version left it), and
// opens it again: it returns the store, checked to be at the latest schema
// version, and the logs it must hold.
func reopenOld(t *testing.T, journal bool, olden ...string) (*Store, map[string][]string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.db")
	s := mustOpenWith(t, path, noFolds)
	logs := playLog(t, s, 3, "old")
	if err := s.Close(); err != nil { // folds: the log is in entries
		t.Fatal(err)
	}
	if journal {
		s = mustOpenWith(t, path, noFolds)
		checkLogs(t, s, logs) // appends a fourth entry, into the journal
		crashed := filepath.Join(t.TempDir(), "crashed.db")
		mustCrashImage(t, s, path, crashed)
		path = crashed
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range olden {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	s = mustOpenWith(t, path, noFolds)
	ms, err := codec.Migrations(migrations, "migrations")
	if err != nil || len(ms) == 0 {
		t.Fatalf("migrations: %v, %d", err, len(ms))
	}
	if v, latest := mustCount(t, s.rdb, "PRAGMA user_version"), ms[len(ms)-1].Version; v != latest {
		t.Errorf("after Open the schema version is %d, want %d", v, latest)
	}
	return s, logs
}

// TestAppend_ARowTheJournalRefusesFailsItsAppendAlone: when the journal
// refuses the row of one append of a batch, that append fails with the
// journal's error and the other 19 commit, their rows in the journal in
// the order they were appended. The batch runs twice, the second time in
// savepoints (see commit), each time on a transaction of its own: the
// insert statement bound to the first must not serve the second.
func TestAppend_ARowTheJournalRefusesFailsItsAppendAlone(t *testing.T) {
	s := mustOpenWith(t, filepath.Join(t.TempDir(), "t.db"), noFolds)
	ctx := context.Background()
	const n, refused = 20, 7
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprint("t", i)
		storetest.MustTable(t, s, ids[i])
	}
	if err := s.do(ctx, func(tx *sql.Tx) error {
		_, err := tx.Exec(`CREATE TRIGGER refuse BEFORE INSERT ON journal WHEN NEW.table_id = '` + ids[refused] + `'
			BEGIN SELECT RAISE(ABORT, 'refused'); END`)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	e := engine.Entry{Seat: 0, Action: json.RawMessage(`{"type":"guard"}`)}
	appends := make([]func() error, n)
	for i, id := range ids {
		appends[i] = func() error {
			_, err := s.Append(ctx, id, 0, e)
			return err
		}
	}
	var want []string
	for i, err := range oneBatch(s, appends...) {
		id := ids[i]
		if i == refused {
			if err == nil || !strings.Contains(err.Error(), "refused") {
				t.Errorf("the append whose row the journal refuses: err = %v, want the journal's", err)
			}
			continue
		}
		if err != nil {
			t.Errorf("append to %s: %v", id, err)
		}
		want = append(want, id)
	}
	var got []string
	rows, err := s.rdb.Query("SELECT table_id FROM journal ORDER BY n")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		got = append(got, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Errorf("the journal holds the rows of %v, want %v", got, want)
	}
	if rec, err := s.LoadTable(ctx, ids[refused]); err != nil || rec.Seq != 0 {
		t.Errorf("LoadTable(%s): seq %d, err %v; want 0", ids[refused], rec.Seq, err)
	}
}

// TestListOpen_MergesFoldedAndJournalTablesByLastActivity: the lobby lists
// tables whose last activity is in tables (folded) and tables whose last
// activity is in the journal together, most recently active first, each
// once with its whole log's length, for every limit; a table of each kind
// active at the same moment lists the folded one first.
func TestListOpen_MergesFoldedAndJournalTablesByLastActivity(t *testing.T) {
	var clock atomic.Int64
	opts := noFolds
	opts.Now = func() time.Time { return time.UnixMilli(clock.Load()) }
	path := filepath.Join(t.TempDir(), "t.db")
	s := mustOpenWith(t, path, opts)
	ctx := context.Background()
	e := engine.Entry{Seat: 0, Action: json.RawMessage(`{"type":"guard"}`)}
	appendAt := func(ms int64, id string, seq int) {
		t.Helper()
		clock.Store(ms)
		if _, err := s.Append(ctx, id, seq, e); err != nil {
			t.Fatalf("Append to %s at %d: %v", id, seq, err)
		}
	}
	clock.Store(1000)
	for _, id := range []string{"a", "b", "c", "d"} {
		storetest.MustTable(t, s, id)
	}
	clock.Store(4000)
	storetest.MustTable(t, s, "e") // never appended to
	appendAt(2000, "a", 0)
	appendAt(5000, "b", 0)
	appendAt(3000, "c", 0)
	if err := s.Close(); err != nil { // folds
		t.Fatal(err)
	}
	s = mustOpenWith(t, path, opts)
	appendAt(7000, "c", 1) // folded, and later in the journal
	appendAt(5000, "d", 0) // in the journal only, as recent as b

	type row struct {
		id           string
		seq          int
		updatedMilli int64
	}
	all := []row{{"c", 2, 7000}, {"b", 1, 5000}, {"d", 1, 5000}, {"e", 0, 4000}, {"a", 1, 2000}}
	for _, limit := range []int{-1, 0, 1, 2, 3, 4, 5, 10} {
		list, err := s.ListOpen(ctx, limit)
		if err != nil {
			t.Fatalf("ListOpen(%d): %v", limit, err)
		}
		var got []row
		for _, sum := range list {
			got = append(got, row{sum.ID, sum.Seq, sum.Updated.UnixMilli()})
		}
		want := all
		if limit >= 0 {
			want = all[:min(limit, len(all))]
		}
		if !slices.Equal(got, want) {
			t.Errorf("ListOpen(%d) = %v, want %v", limit, got, want)
		}
	}
}

// TestFold_TheWriterChecksForeignKeysAgainAfterAFold: a fold runs with the
// writer's foreign key checks off (its rows were checked as they were
// appended, and the checks would make the fold keep a statement journal),
// and they are on again for every write after it, whether the fold
// succeeded or failed.
func TestFold_TheWriterChecksForeignKeysAgainAfterAFold(t *testing.T) {
	var folds atomic.Int64
	s := mustOpenWith(t, filepath.Join(t.TempDir(), "t.db"), Options{FoldRows: 2, FoldEvery: time.Hour,
		OnFold: func(int, time.Duration) { folds.Add(1) }})
	ctx := context.Background()
	orphan := func(seq int) error {
		return s.do(ctx, func(tx *sql.Tx) error {
			_, err := tx.Exec("INSERT INTO entries (table_id, seq, entry) VALUES ('no such table', ?, '{}')", seq)
			return err
		})
	}
	playLog(t, s, 1, "a", "b") // 2 rows: the writer folds
	if err := s.Ping(ctx); err != nil || folds.Load() != 1 {
		t.Fatalf("%d folds (%v) after 2 appends, FoldRows 2", folds.Load(), err)
	}
	if err := orphan(1); err == nil || !strings.Contains(err.Error(), "FOREIGN KEY") {
		t.Errorf("after a fold, an entry of no table: %v, want a foreign key error", err)
	}
	if err := s.do(ctx, func(*sql.Tx) error {
		s.foldFault = func(int) error { return errors.New("interrupted") }
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	playLog(t, s, 1, "c", "d") // the next fold fails
	if err := orphan(2); err == nil || !strings.Contains(err.Error(), "FOREIGN KEY") {
		t.Errorf("after a failed fold, an entry of no table: %v, want a foreign key error", err)
	}
}
