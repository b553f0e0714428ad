package sqlite

import (
	"database/sql"
	"errors"
	"fmt"
	"time"

	"tabletop/store"
)

// Appends go to a journal first, not to the tables' logs.
//
// In WAL mode a commit writes every page it dirtied to the WAL, whole (a
// page, 16 KiB in a new database, and two pwrites each). A table's place
// in the logs' index (entries_log) and its row in tables each sit on pages
// of their own, and a table appends at most once per commit (its next
// action waits for this one), so a commit of n appends straight into the
// logs would dirty about 2n pages: writing them was about 40% of an append's
// CPU, measured with 4 KiB pages. The journal is a rowid table in the
// order of appending: all of a commit's appends land on its last page or
// two, whichever tables they are for, and tables is not written at all.
//
// The writer folds the journal into entries in bulk, in one transaction
// (fold): the rows, sorted by table, go at the end of entries, a rowid
// table in the order of folding (so one fold's rows of a table sit
// together), each with a small cell in its table's place in entries_log;
// tables.seq and tables.updated catch up, and the journal is emptied. That
// dirties the last pages of entries, and about two pages per table that
// appended since the last fold (its index leaf and its row in tables),
// however many times it appended, instead of two per append. Clustered by
// table instead (WITHOUT ROWID, keyed by table and seq), entries would take
// each whole entry into its table's place in the middle of the tree,
// splitting that table's leaves every few rows: with 1000 tables whose logs
// grow to 150 entries, an append, folds included, would cost about twice
// the CPU (37-47 µs against 20-25) and a LoadTable about a fifth less
// (2.8-3.7 ms against 3.6-5.0: a table's rows sit on more pages here), as
// BenchmarkLogsOf1000Tables measures them (three interleaved runs of
// each, the clustered one with migration 7 left out). Loads are rare (a
// table dropped from memory, a restart); appends are every action.
//
// Since the fold is one transaction, a crash before or during it leaves
// the rows in the journal, once, and one after it leaves them in entries,
// once. The writer folds when the journal holds FoldRows rows (or
// fewer while few tables are written: foldAt),
// when its entries pass a quarter of WALLimit, when its oldest row is
// FoldEvery old, or after a failed commit left its count unsure; and on
// Open (a journal a crash left behind) and on Close.
//
// A table's log is thus its rows in entries, then its rows in the journal;
// tables.seq counts only the first. The sequence check (Append's
// expectedSeq) needs the sum, and the journal has no index by table (it
// would put each append back on a page of its own table): so the writer,
// the only one that writes the database, keeps the length of each log it
// has touched since the last fold in memory (heads). Readers scan the
// journal, which holds at most FoldRows rows plus one batch's (about
// FoldRows + MaxBatch*entries per append) while folds succeed. That is
// the price: with 4096 rows over 1000 tables, a LoadTable takes about 2.5
// times the CPU it takes with the journal empty and a ListOpen about ten
// times (BenchmarkReadsBeforeAFold), while an append took about half the
// CPU it would straight into the logs at 50 tables and a sixth to a tenth
// less at 1000, folds included, with entries still clustered by table
// (BenchmarkStoreAppendTables, schema 6).

// heads is the writer's count of the entries in the logs of the tables it
// has read or written since the last fold. A table it does not know has no
// rows in the journal (the journal was empty at the last fold, and every
// append since went through here), so its log's length is tables.seq:
// that invariant is what lets a head be loaded without scanning the
// journal (a failed commit breaks it until the next fold: see unsure).
// Only the writer goroutine uses heads.
//
// A batch's writes change batch only. Their changes reach known when the
// batch commits; a batch rolled back is forgotten, and a write rolled back
// to its savepoint takes back its own changes (undo). The heads thus match
// what is committed, whatever the batch's fate.
type heads struct {
	known map[string]int // committed
	batch map[string]int // as the current batch's writes leave them
	undo  []headChange   // what the current write changed in batch
	// rows and bytes count the journal's committed rows and their
	// entries' bytes; since is when the oldest of them was committed.
	rows, bytes int
	since       time.Time
	// batchRows and batchBytes count the rows and bytes the current
	// batch's writes add to the journal, counted in rows and bytes when it
	// commits.
	batchRows, batchBytes int
	// unsure is set when a commit failed in a way that may have committed
	// after all: until the next fold, a head is loaded with the journal's
	// count of its rows.
	unsure bool
}

// headChange is one change to heads.batch, to take back.
type headChange struct {
	id          string
	prev        int
	had         bool
	rows, bytes int // added to the journal
}

func newHeads() heads {
	return heads{known: map[string]int{}, batch: map[string]int{}}
}

func (h *heads) get(id string) (int, bool) {
	if seq, ok := h.batch[id]; ok {
		return seq, true
	}
	seq, ok := h.known[id]
	return seq, ok
}

// set records that table id's log holds seq entries after the current
// write, which added rows of them to the journal, of bytes bytes.
func (h *heads) set(id string, seq, rows, bytes int) {
	prev, had := h.batch[id]
	h.undo = append(h.undo, headChange{id: id, prev: prev, had: had, rows: rows, bytes: bytes})
	h.batch[id] = seq
	h.batchRows += rows
	h.batchBytes += bytes
}

// startWrite starts a write that may be rolled back alone (undoWrite).
func (h *heads) startWrite() { h.undo = h.undo[:0] }

// undoWrite takes back the changes of the write that was rolled back to its
// savepoint.
func (h *heads) undoWrite() {
	for i := len(h.undo) - 1; i >= 0; i-- {
		c := h.undo[i]
		if c.had {
			h.batch[c.id] = c.prev
		} else {
			delete(h.batch, c.id)
		}
		h.batchRows -= c.rows
		h.batchBytes -= c.bytes
	}
	h.undo = h.undo[:0]
}

// rollback forgets the batch: it was rolled back.
func (h *heads) rollback() {
	clear(h.batch)
	h.batchRows, h.batchBytes = 0, 0
	h.undo = h.undo[:0]
}

// commit keeps the batch's changes: it committed at now.
func (h *heads) commit(now time.Time) {
	for id, seq := range h.batch {
		h.known[id] = seq
	}
	if h.rows == 0 && h.batchRows > 0 {
		h.since = now
	}
	h.rows += h.batchRows
	h.bytes += h.batchBytes
	h.rollback()
}

// lost forgets every head: a commit failed, perhaps after committing. Until
// the next fold, heads are loaded with the journal's count of their rows.
func (h *heads) lost() {
	h.rollback()
	clear(h.known)
	h.unsure = true
}

// unfolded reports whether the journal may hold rows: committed ones, or
// an unsure count of them.
func (h *heads) unfolded() bool { return h.rows > 0 || h.unsure }

// folded records that the journal is empty. It forgets the heads too, so
// that their number stays bounded by the tables that act between folds: a
// table's next write loads its head from tables.seq, which is exact now.
func (h *heads) folded() {
	clear(h.known)
	h.rows, h.bytes, h.unsure = 0, 0, false
}

// head returns the number of entries in table id's log as the batch so far
// leaves it, or store.ErrNotFound. It runs in the writer, inside tx.
func (s *Store) head(tx *sql.Tx, id string) (int, error) {
	if seq, ok := s.heads.get(id); ok {
		return seq, nil
	}
	var seq int
	var err error
	if s.heads.unsure {
		err = tx.QueryRow("SELECT seq + (SELECT count(*) FROM journal WHERE table_id = ?1) FROM tables WHERE id = ?1", id).Scan(&seq)
	} else {
		err = tx.Stmt(s.stmts.tableSeq).QueryRow(id).Scan(&seq)
	}
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return 0, store.ErrNotFound
	case err != nil:
		return 0, fmt.Errorf("sqlite: reading the log's length: %w", err)
	}
	// Kept with the batch's changes, so that if this write is undone the
	// head is loaded again rather than trusted.
	s.heads.set(id, seq, 0, 0)
	return seq, nil
}

// foldSteps move the journal into entries and tables, in one transaction.
// OR ROLLBACK: a conflict rolls the whole fold back, as fold would anyway,
// so SQLite keeps no statement journal to undo one statement alone (see
// fold).
var foldSteps = []string{
	// Sorted by table, so that a table's rows go onto the same pages of
	// entries, and their cells into its place in entries_log together.
	"INSERT OR ROLLBACK INTO entries (table_id, seq, entry) SELECT table_id, seq, entry FROM journal ORDER BY table_id, seq",
	`UPDATE OR ROLLBACK tables SET seq = j.seq, updated = max(tables.updated, j.at)
		FROM (SELECT table_id, max(seq) AS seq, max(at) AS at FROM journal GROUP BY table_id) AS j
		WHERE tables.id = j.table_id`,
	"DELETE FROM journal",
}

// fold moves every row of the journal into entries, and brings tables.seq
// and tables.updated up to date, in one transaction. It runs in the writer
// (or before the writer starts or after it stops), between batches.
//
// It runs with the writer's foreign key checks off, and turns them on
// again after: each row of the journal named a table in tables when it was
// appended (Append checks), and tables are never deleted, so the check
// of entries' reference to tables could not fail, while it would make
// SQLite keep a statement journal for the fold's INSERT and look each
// row's table up. With its writes OR ROLLBACK (foldSteps), that took an
// eighth to a sixth off a fold's CPU per row (BenchmarkFold, at 50 and
// 1,000 tables, with entries clustered by table: schema 6). The pragma
// takes effect only outside a transaction, which is where the writer is
// between batches.
func (s *Store) fold() (err error) {
	start := time.Now()
	if _, err := s.wdb.Exec("PRAGMA foreign_keys = OFF"); err != nil {
		return fmt.Errorf("sqlite: fold: %w", err)
	}
	defer func() {
		if _, onErr := s.wdb.Exec("PRAGMA foreign_keys = ON"); onErr != nil && err == nil {
			err = fmt.Errorf("sqlite: fold: foreign key checks back on: %w", onErr)
		}
	}()
	tx, err := s.wdb.Begin()
	if err != nil {
		return fmt.Errorf("sqlite: fold: %w", err)
	}
	var rows int64
	for i, q := range foldSteps {
		res, err := tx.Exec(q)
		if err == nil && s.foldFault != nil {
			err = s.foldFault(i)
		}
		if err != nil {
			tx.Rollback()
			return fmt.Errorf("sqlite: fold: %w", err)
		}
		if i == 0 {
			if rows, err = res.RowsAffected(); err != nil {
				tx.Rollback()
				return fmt.Errorf("sqlite: fold: %w", err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlite: fold: %w", err)
	}
	s.heads.folded()
	if s.opts.OnFold != nil && rows > 0 {
		s.opts.OnFold(int(rows), time.Since(start))
	}
	return nil
}

// foldPerTable is how many rows per table the journal holds, on average
// over the tables written since the last fold, when the writer folds it
// before it holds FoldRows rows (foldAt).
const foldPerTable = 16

// foldAt is how many rows the journal holds when the writer folds it: at
// most FoldRows, and fewer while few tables are written, once it holds
// foldPerTable rows per table written since the last fold (at least an
// eighth of FoldRows). A fold holds up every write while it runs, about
// 5 µs per row at 50 tables, which was most of the server's p99 latency
// at 50 busy tables with 4096 rows (21 ms every half second); with 800 it
// is a fifth of that, five times as often. Its cost per row comes from
// writing each table's pages once per fold, so it grows as its rows per
// table shrink: with 16 of them or more, an append costs the same CPU,
// folds included, as with 82 (BenchmarkStoreAppendTables at 50 tables,
// FoldRows 512, 1024 and 4096), while at 1000 tables (4 rows each at
// FoldRows) folding sooner would cost a third more.
func (s *Store) foldAt() int {
	return min(s.opts.FoldRows, max(s.opts.FoldRows/8, foldPerTable*len(s.heads.known)))
}

// maybeFold folds if the journal holds foldAt rows or its oldest is
// FoldEvery old, or if its entries pass a quarter of WALLimit (a fold
// writes them all again, in one transaction, which no checkpoint can cut
// short), or if a failed commit left its count unsure (heads.unsure). A
// fold that failed loses nothing (it rolled back; the rows stay in the
// journal) and is tried again FoldEvery later. It reports whether it
// folded.
func (s *Store) maybeFold() (folded bool) {
	h := &s.heads
	now := time.Now()
	if !h.unfolded() || now.Before(s.foldRetry) {
		return false
	}
	if h.rows < s.foldAt() && int64(h.bytes) < s.opts.WALLimit/4 && !h.unsure && now.Sub(h.since) < s.opts.FoldEvery {
		return false
	}
	if err := s.fold(); err != nil {
		s.foldRetry = now.Add(s.opts.FoldEvery)
		return false
	}
	return true
}
