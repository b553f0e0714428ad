// Package sqlite is the embedded table store: one SQLite file (pure Go, no
// cgo) in WAL mode.
//
// Durability: an Append returns only after its transaction has committed.
// With WAL and synchronous=NORMAL (the default here) a committed
// transaction survives a crash of the process, which is what the server
// promises; the last commits may be lost if the machine loses power. Set
// Options.SyncFull for synchronous=FULL, which syncs the WAL on every commit
// and survives power loss too, at the price of an fsync per batch.
//
// Writes go through one writer goroutine that drains a queue of pending
// writes and commits all it finds in one transaction (each in its own
// savepoint when one of them fails, so that a failing append does not undo
// the others), then answers every waiter. Concurrent appends thus share one
// commit instead of paying one each. While writes keep arriving together,
// the writer waits a little (Options.GroupWait) for more before it commits:
// most of a commit's cost is the same for one write as for dozens. Reads use
// a separate pool of read-only connections.
//
// Checkpoints (copying the WAL back into the database file, with its
// fsyncs) are not the writer's: SQLite would run one inside whichever commit
// crossed its threshold, holding up every append queued behind it. A
// checkpointer goroutine on a connection of its own runs a PASSIVE
// checkpoint every CheckpointEvery instead, which never blocks the writer.
// A passive checkpoint never finishes while writes keep coming, and the WAL
// starts over only after one has: so when the WAL file is past WALLimit
// (the writer looks after every fold and every walCheckEvery batches), the
// writer runs a RESTART checkpoint itself (copying all of the WAL, so that
// the next commit starts it over) while the next batch waits: run from
// another connection, that checkpoint would wait for the writer's lock and
// hardly ever get it. The WAL starts over in the file it has
// (journal_size_limit shrinks it to WALLimit when it is larger), not in an
// emptied one as after a TRUNCATE checkpoint: writing past a file's end
// costs the system about twice the CPU of writing over a part it has (18 µs
// against 7 µs for a 16 KiB page).
//
// One process at a time may open a database: Open takes an exclusive lock
// on a file beside it (path + ".lock") and refuses with ErrInUse when
// another holds it. The database and its lock file are created readable by
// their owner only (0600), and SQLite gives the WAL the database's mode.
//
// Appends go to a journal in the order they commit, which the writer folds
// into the tables' logs in bulk: a commit then writes a few pages instead
// of two per append (see journal.go).
//
// Each table keeps its latest snapshot (one row in snapshots), written
// through the same writer as appends.
package sqlite

import (
	"cmp"
	"context"
	"database/sql"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"os"
	"slices"
	"strconv"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"tabletop/engine"
	"tabletop/store"
	"tabletop/store/internal/codec"
)

//go:embed migrations/*.sql
var migrations embed.FS

// ErrClosed is returned for writes after Close.
var ErrClosed = errors.New("sqlite: store is closed")

// ErrInUse is returned by Open when another process has the database open.
var ErrInUse = errors.New("sqlite: the database is in use by another process")

// Options tune the store; the zero value is the default.
type Options struct {
	// SyncFull selects synchronous=FULL: commits survive power loss, not
	// only a crash of the process.
	SyncFull bool
	// MaxBatch caps how many writes share one transaction; default 256.
	MaxBatch int
	// GroupWait is how long the writer waits for more writes before it
	// commits a batch, while writes arrive together (a batch of more than
	// one was committed within the last togetherFor GroupWaits): a commit
	// costs much the same for one write as for dozens, so under load a
	// short wait saves most of them. Writes that come one at a time are
	// committed at once. Default 1ms; negative: never wait.
	GroupWait time.Duration
	// Now returns the current time; default time.Now.
	Now func() time.Time
	// CheckpointEvery is how often the WAL is copied back into the
	// database file; default 500ms.
	CheckpointEvery time.Duration
	// OnCommit, if set, is called by the writer after each commit with the
	// number of writes the transaction held and the time it took (begin to
	// commit), for metrics. It must be quick: the next batch waits.
	OnCommit func(writes int, took time.Duration)
	// WALLimit is the size in bytes of the WAL file past which the writer
	// copies it back with a checkpoint that holds up appends while it runs,
	// so that it starts over, and to which the file shrinks when it starts
	// over; default 64 MiB.
	WALLimit int64
	// FoldRows is how many rows the journal holds before the writer folds
	// them into the tables' logs (see journal.go); default 4096. It folds
	// sooner, from an eighth of FoldRows, once the journal holds 16 rows
	// per table written since the last fold (foldAt). More rows make a
	// fold's pages fewer per append and its pause longer, and every read
	// of a log or of the lobby scans the journal.
	FoldRows int
	// FoldEvery is how old the journal's oldest row gets before the
	// writer folds it, however few rows it holds; default 2s.
	FoldEvery time.Duration
	// OnFold, if set, is called by the writer after each fold of the
	// journal that moved rows, with their number and the time it took,
	// for metrics. It must be quick: the next batch waits.
	OnFold func(rows int, took time.Duration)
}

// Store is a store.Store in one SQLite file.
type Store struct {
	rdb, wdb *sql.DB
	cdb      *sql.DB // the checkpointer's connection
	opts     Options
	lock     *os.File // held open, and locked, until Close
	walPath  string
	cpMu     sync.Mutex // one checkpoint at a time: SQLite refuses a second at once

	mu     sync.RWMutex // guards closed against sends on queue
	closed bool
	queue  chan *write
	done   chan struct{} // closed when the writer has stopped
	stopCP chan struct{} // closed to stop the checkpointer
	cpDone chan struct{} // closed when the checkpointer has stopped
	stmts  writeStmts
	// migrated names the migrations Open applied, in order (Migrated).
	migrated []string

	// Only the writer uses these (and Open before it starts).
	heads heads
	// appendStmt is stmts.appendEntry bound to the current batch's
	// transaction (Tx.Stmt) at its first append, nil until then: binding
	// it again for every row of the journal would cost about 1 µs of the
	// 15-19 µs a commit costs per append (BenchmarkCommitAppends).
	appendStmt *sql.Stmt
	foldRetry  time.Time            // no fold before then: the last one failed
	foldFault  func(step int) error // a test's failure, after each fold step
	closeErr   error                // the fold on Close's
}

// writeStmts are the statements of every batch and every append, prepared
// once on the writer's connection (Tx.Stmt reuses them there): parsing them
// again for every write would take over a quarter of the writer's time.
type writeStmts struct {
	savepoint, rollbackTo, release *sql.Stmt
	tableSeq, appendEntry          *sql.Stmt
}

func (w *writeStmts) prepare(db *sql.DB) error {
	for _, p := range []struct {
		st    **sql.Stmt
		query string
	}{
		{&w.savepoint, "SAVEPOINT w"},
		{&w.rollbackTo, "ROLLBACK TO w"},
		{&w.release, "RELEASE w"},
		{&w.tableSeq, "SELECT seq FROM tables WHERE id = ?"},
		{&w.appendEntry, "INSERT INTO journal (table_id, seq, entry, at) VALUES (?, ?, ?, ?)"},
	} {
		st, err := db.Prepare(p.query)
		if err != nil {
			return fmt.Errorf("preparing %q: %w", p.query, err)
		}
		*p.st = st
	}
	return nil
}

func (w *writeStmts) close() {
	for _, st := range []*sql.Stmt{w.savepoint, w.rollbackTo, w.release, w.tableSeq, w.appendEntry} {
		if st != nil {
			st.Close()
		}
	}
}

// appendEntry returns stmts.appendEntry bound to tx, the current batch's
// (commitBatch runs every write).
func (s *Store) appendEntry(tx *sql.Tx) *sql.Stmt {
	if s.appendStmt == nil {
		s.appendStmt = tx.Stmt(s.stmts.appendEntry)
	}
	return s.appendStmt
}

var _ store.Store = (*Store)(nil)

// write is one pending write: run fn inside the batch transaction, then
// answer on reply.
type write struct {
	ctx   context.Context
	fn    func(tx *sql.Tx) error
	reply chan error
}

// Open opens (creating if needed) the database file at path and brings its
// schema up to date.
func Open(path string, opts Options) (*Store, error) {
	if opts.MaxBatch <= 0 {
		opts.MaxBatch = 256
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.CheckpointEvery <= 0 {
		opts.CheckpointEvery = 500 * time.Millisecond
	}
	if opts.GroupWait == 0 {
		opts.GroupWait = time.Millisecond
	}
	if opts.WALLimit <= 0 {
		opts.WALLimit = 64 << 20
	}
	if opts.FoldRows <= 0 {
		opts.FoldRows = 4096
	}
	if opts.FoldEvery <= 0 {
		opts.FoldEvery = 2 * time.Second
	}
	lock, err := lockFile(path + ".lock")
	if errors.Is(err, ErrInUse) {
		return nil, fmt.Errorf("%w: %s is locked (is another tabletop serve running on it?); only one server may use a database at a time", ErrInUse, path)
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: locking %s: %w", path, err)
	}
	s, err := open(path, opts)
	if err != nil {
		lock.Close()
		return nil, err
	}
	s.lock, s.walPath = lock, path+"-wal"
	return s, nil
}

// writerCacheKiB is the writer's page cache, in KiB. A fold reads each
// table's leaf of entries_log and its row in tables, and the pages above
// them: with 1,000 tables playing, SQLite's default 2 MiB holds too few
// of such pages, and reading them back costs a system call each (7% of
// the server's CPU, measured when appends read their tables' pages);
// 16 MiB holds them. It fills only as a database grows that large.
const writerCacheKiB = 16 << 10

// pageSize is the page size of a new database, in bytes. Every commit
// writes each page it changed to the WAL with two system calls, and a
// checkpoint copies it again: with SQLite's default of 4 KiB, a group
// commit of a few dozen log entries writes several pages, and a fold
// hundreds. 16 KiB pages take a fifth off the store's CPU per append
// against 4 KiB (BenchmarkStoreAppendTables, 50 and 1,000 tables); 32 and
// 64 KiB do no better. Only a new (empty) database gets it (initPageSize):
// one made with another page size keeps its own, since changing it takes
// a VACUUM of the whole file.
const pageSize = 16 << 10

// open opens the database of Open once it holds the lock. When it fails,
// it closes what it had opened.
func open(path string, opts Options) (_ *Store, err error) {
	// Created here, before SQLite would create it with the umask's mode.
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	fi, err := f.Stat()
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	if fi.Size() == 0 {
		if err := initPageSize(path); err != nil {
			return nil, fmt.Errorf("sqlite: creating %s: %w", path, err)
		}
	}
	sync := "NORMAL"
	if opts.SyncFull {
		sync = "FULL"
	}
	dsn := func(extra ...string) string {
		q := url.Values{}
		q.Add("_pragma", "busy_timeout(10000)")
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "synchronous("+sync+")")
		q.Add("_pragma", "foreign_keys(1)")
		q.Add("_pragma", "journal_size_limit("+strconv.FormatInt(opts.WALLimit, 10)+")")
		for _, e := range extra {
			q.Add("_pragma", e)
		}
		q.Set("_txlock", "immediate")
		return "file:" + path + "?" + q.Encode()
	}
	var (
		wdb, rdb, cdb *sql.DB
		stmts         writeStmts
	)
	defer func() {
		if err == nil {
			return
		}
		stmts.close()
		for _, db := range []*sql.DB{rdb, cdb, wdb} {
			if db != nil {
				db.Close()
			}
		}
	}()
	if wdb, err = sql.Open("sqlite", dsn("wal_autocheckpoint(0)", "cache_size("+strconv.Itoa(-writerCacheKiB)+")")); err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	wdb.SetMaxOpenConns(1)
	wdb.SetMaxIdleConns(1)
	wdb.SetConnMaxLifetime(0)
	applied, err := migrate(wdb)
	if err != nil {
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	if err := stmts.prepare(wdb); err != nil {
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	if rdb, err = sql.Open("sqlite", dsn("query_only(1)")); err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	rdb.SetMaxOpenConns(4)
	if cdb, err = sql.Open("sqlite", dsn()); err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	cdb.SetMaxOpenConns(1)
	s := &Store{rdb: rdb, wdb: wdb, cdb: cdb, opts: opts, queue: make(chan *write, 1024), done: make(chan struct{}),
		stopCP: make(chan struct{}), cpDone: make(chan struct{}), stmts: stmts, heads: newHeads(), migrated: applied}
	// What a crash left in the journal is folded first: the heads count on
	// an empty journal (see heads).
	if err := s.fold(); err != nil {
		return nil, fmt.Errorf("sqlite: %s: %w", path, err)
	}
	go s.writer()
	go s.checkpointer()
	return s, nil
}

// initPageSize gives the empty database at path pageSize pages. SQLite
// fixes the page size when it first writes the file, which switching it to
// WAL does; the driver runs a DSN's pragmas sorted by name, journal_mode
// before page_size, so the two are run here, in order, on a connection of
// their own.
func initPageSize(path string) error {
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.Exec("PRAGMA page_size = " + strconv.Itoa(pageSize)); err != nil {
		return err
	}
	_, err = db.Exec("PRAGMA journal_mode = WAL")
	return err
}

// checkpointer runs a PASSIVE checkpoint every CheckpointEvery until
// stopCP is closed: it copies what it can of the WAL into the database
// without waiting for, or holding up, the writer and the readers. Once all
// of the WAL is copied, the writer's next commit starts the WAL over.
func (s *Store) checkpointer() {
	defer close(s.cpDone)
	tick := time.NewTicker(s.opts.CheckpointEvery)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			// A failed checkpoint loses nothing (the WAL keeps every
			// commit); the next tick tries again.
			s.cpMu.Lock()
			s.cdb.Exec("PRAGMA wal_checkpoint(PASSIVE)")
			s.cpMu.Unlock()

		case <-s.stopCP:
			return
		}
	}
}

// migrate applies the embedded migrations newer than the database's
// user_version, each in its own transaction with the version bump, and
// returns the names of those it applied.
func migrate(db *sql.DB) (applied []string, err error) {
	var have int
	if err := db.QueryRow("PRAGMA user_version").Scan(&have); err != nil {
		return nil, fmt.Errorf("reading schema version: %w", err)
	}
	ms, err := codec.Migrations(migrations, "migrations")
	if err != nil {
		return nil, err
	}
	for _, m := range ms {
		if m.Version <= have {
			continue
		}
		tx, err := db.Begin()
		if err != nil {
			return applied, err
		}
		if _, err := tx.Exec(m.SQL); err != nil {
			tx.Rollback()
			return applied, fmt.Errorf("migration %s: %w", m.Name, err)
		}
		if _, err := tx.Exec("PRAGMA user_version = " + strconv.Itoa(m.Version)); err != nil {
			tx.Rollback()
			return applied, fmt.Errorf("migration %s: %w", m.Name, err)
		}
		if err := tx.Commit(); err != nil {
			return applied, fmt.Errorf("migration %s: %w", m.Name, err)
		}
		have = m.Version
		applied = append(applied, m.Name)
	}
	return applied, nil
}

// Migrated returns the names of the schema migrations Open applied to the
// database, in order: none if it was up to date.
func (s *Store) Migrated() []string { return s.migrated }

// togetherFor is how many GroupWaits writes count as arriving together
// after the last batch of more than one: a batch of one now and then under
// load (the clients slow, say) does not end the waiting, which would make
// the next batches small and keep it ended.
const togetherFor = 100

// walCheckEvery is how many batches the writer commits between looks at
// the WAL file's size (WALLimit), besides one after every fold: the look
// is a system call, and one after every batch would be about 1% of the
// server's CPU under load (a batch holds about 19 appends at 50 tables),
// while a batch adds a few pages to the WAL and a fold up to a quarter of
// WALLimit.
const walCheckEvery = 16

// writer commits queued writes in batches until the queue is closed, then
// folds the journal. A batch is every write queued when the writer gets to
// it and, while writes arrive together (see GroupWait), those that arrive
// within GroupWait after, up to MaxBatch. Between batches it folds the
// journal when it is due (maybeFold), and while no writes come it checks
// every FoldEvery.
func (s *Store) writer() {
	defer close(s.done)
	batch := make([]*write, 0, s.opts.MaxBatch)
	gather := time.NewTimer(0)
	<-gather.C
	idle := time.NewTicker(s.opts.FoldEvery)
	defer idle.Stop()
	var togetherUntil time.Time
	commits := 0 // batches committed, for walCheckEvery
	for {
		var first *write
		select {
		case w, ok := <-s.queue:
			if !ok {
				if s.heads.unfolded() {
					s.closeErr = s.fold()
				}
				return
			}
			first = w
		case <-idle.C:
			if s.maybeFold() {
				s.checkWAL()
			}
			continue
		}
		batch = append(batch[:0], first)
		batch = s.drain(batch, nil)
		if s.opts.GroupWait > 0 && len(batch) < s.opts.MaxBatch && time.Now().Before(togetherUntil) {
			gather.Reset(s.opts.GroupWait)
			batch = s.drain(batch, gather.C)
			gather.Stop()
		}
		if len(batch) > 1 {
			togetherUntil = time.Now().Add(togetherFor * s.opts.GroupWait)
		}
		s.commit(batch)
		commits++
		if s.maybeFold() || commits%walCheckEvery == 0 {
			s.checkWAL()
		}
	}
}

// checkWAL copies the WAL back with a RESTART checkpoint, so that the next
// commit starts it over, if it is past WALLimit. Failing, it loses
// nothing; the next look tries again.
func (s *Store) checkWAL() {
	if fi, err := os.Stat(s.walPath); err == nil && fi.Size() > s.opts.WALLimit {
		s.cpMu.Lock()
		s.wdb.Exec("PRAGMA wal_checkpoint(RESTART)")
		s.cpMu.Unlock()
	}
}

// drain adds queued writes to batch up to MaxBatch: with until nil those
// queued now, else those that arrive before until fires.
func (s *Store) drain(batch []*write, until <-chan time.Time) []*write {
	for len(batch) < s.opts.MaxBatch {
		if until == nil {
			select {
			case w, ok := <-s.queue:
				if !ok {
					return batch
				}
				batch = append(batch, w)
				continue
			default:
				return batch
			}
		}
		select {
		case w, ok := <-s.queue:
			if !ok {
				return batch
			}
			batch = append(batch, w)
		case <-until:
			return batch
		}
	}
	return batch
}

// commit runs a batch of writes in one transaction and answers each after
// the commit. It first runs them all plainly; if one fails (a version
// conflict, say), it rolls back and runs the batch again with each write in
// its own savepoint, so that the failing one is undone alone. Savepoints
// cost two statements per write, and writes rarely fail.
//
// OnCommit hears of the commit before any write is answered, so that
// whoever is answered finds the commit counted.
func (s *Store) commit(batch []*write) {
	start := time.Now()
	errs, ok := s.commitBatch(batch, false)
	if !ok {
		errs, _ = s.commitBatch(batch, true)
	}
	if s.opts.OnCommit != nil {
		s.opts.OnCommit(len(batch), time.Since(start))
	}
	for i, w := range batch {
		w.reply <- errs[i]
	}
}

// commitBatch runs batch in one transaction and commits it, returning each
// write's error. Without savepoints it gives up (rolls back, ok false) at
// the first write that fails; with them, a failing write is rolled back to
// its savepoint and the others commit. An error of the transaction itself
// is every write's error.
func (s *Store) commitBatch(batch []*write, savepoints bool) (errs []error, ok bool) {
	errs = make([]error, len(batch))
	fail := func(err error) ([]error, bool) {
		for i := range errs {
			errs[i] = err
		}
		return errs, true
	}
	tx, err := s.wdb.Begin()
	if err != nil {
		return fail(fmt.Errorf("sqlite: begin: %w", err))
	}
	s.appendStmt = nil       // bound to tx at its first append
	defer s.heads.rollback() // unless committed first
	exec := func(st *sql.Stmt) error {
		_, err := tx.Stmt(st).Exec()
		return err
	}
	for i, w := range batch {
		if err := w.ctx.Err(); err != nil {
			errs[i] = err
			continue
		}
		if !savepoints {
			if errs[i] = w.fn(tx); errs[i] != nil {
				tx.Rollback()
				return nil, false
			}
			continue
		}
		if err := exec(s.stmts.savepoint); err != nil {
			tx.Rollback()
			return fail(fmt.Errorf("sqlite: savepoint: %w", err))
		}
		s.heads.startWrite()
		if errs[i] = w.fn(tx); errs[i] != nil {
			if err := exec(s.stmts.rollbackTo); err != nil {
				tx.Rollback()
				return fail(fmt.Errorf("sqlite: rollback to savepoint: %w", err))
			}
			s.heads.undoWrite()
		}
		if err := exec(s.stmts.release); err != nil {
			tx.Rollback()
			return fail(fmt.Errorf("sqlite: release savepoint: %w", err))
		}
	}
	if err := tx.Commit(); err != nil {
		s.heads.lost()
		return fail(fmt.Errorf("sqlite: commit: %w", err))
	}
	s.heads.commit(time.Now())
	return errs, true
}

// do queues fn and waits until its batch has committed. Once queued, it waits
// for the answer even if ctx ends, so the caller always learns whether the
// write was stored; a write whose ctx ended before its turn is skipped.
func (s *Store) do(ctx context.Context, fn func(tx *sql.Tx) error) error {
	w := &write{ctx: ctx, fn: fn, reply: make(chan error, 1)}
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return ErrClosed
	}
	select {
	case s.queue <- w:
	case <-ctx.Done():
		s.mu.RUnlock()
		return ctx.Err()
	}
	s.mu.RUnlock()
	return <-w.reply
}

// Ping checks that the writer is running and can take the database's
// write lock: it queues an empty write transaction (BEGIN IMMEDIATE, then
// COMMIT) behind the pending writes and waits for it.
func (s *Store) Ping(ctx context.Context) error {
	return s.do(ctx, func(*sql.Tx) error { return nil })
}

var _ store.Pinger = (*Store)(nil)

// Close stops accepting writes, commits those already queued and closes the
// database.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.queue)
	s.mu.Unlock()
	<-s.done
	close(s.stopCP)
	<-s.cpDone
	s.stmts.close()
	err := errors.Join(s.closeErr, s.rdb.Close(), s.cdb.Close(), s.wdb.Close())
	if s.lock != nil {
		err = errors.Join(err, s.lock.Close()) // and with it the lock
	}
	return err
}

func (s *Store) now() int64 { return s.opts.Now().UnixMilli() }

// CreateTable stores a new table.
func (s *Store) CreateTable(ctx context.Context, t store.Table) error {
	x := t.Export
	if x.Seed == "" {
		return errors.New("sqlite: create table: the export has no seed")
	}
	if len(x.Log) != 0 {
		return errors.New("sqlite: create table: the log must start empty")
	}
	if len(t.TokenHashes) != len(x.Seats) {
		return fmt.Errorf("sqlite: create table: %d token hashes for %d seats", len(t.TokenHashes), len(x.Seats))
	}
	hashes := make([]*string, len(t.TokenHashes))
	for i, h := range t.TokenHashes {
		if h != nil {
			v := hex.EncodeToString(h)
			hashes[i] = &v
		}
	}
	options, seats, setup, err := codec.Columns(x)
	if err != nil {
		return fmt.Errorf("sqlite: create table: %w", err)
	}
	hashJSON, err := json.Marshal(hashes)
	if err != nil {
		return fmt.Errorf("sqlite: create table: %w", err)
	}
	open, err := openJSON(t.Open, len(x.Seats))
	if err != nil {
		return fmt.Errorf("sqlite: create table: %w", err)
	}
	created := t.Created.UnixMilli()
	if t.Created.IsZero() {
		created = s.now()
	}
	return s.do(ctx, func(tx *sql.Tx) error {
		_, err := tx.Exec(`INSERT INTO tables (id, game, rules_version, options, seats, seed, commitment, setup_dice, token_hashes, open_seats, listed, seq, created, updated)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
			t.ID, x.Game, x.RulesVersion, options, seats, x.Seed, x.Commitment, setup, string(hashJSON), open, t.Listed, created, created)
		if err != nil {
			var exists int
			if tx.QueryRow("SELECT 1 FROM tables WHERE id = ?", t.ID).Scan(&exists) == nil {
				return store.ErrExists
			}
			return fmt.Errorf("sqlite: create table: %w", err)
		}
		s.heads.set(t.ID, 0, 0, 0)
		return nil
	})
}

// openJSON is the open_seats column of a table of n seats whose open seats
// are open: a JSON array of seat indexes.
func openJSON(open []int, n int) (string, error) {
	if err := store.CheckOpen(open, n); err != nil {
		return "", err
	}
	b, err := json.Marshal(append([]int{}, open...))
	return string(b), err
}

// Join gives open seat seat of table id to a person: it closes the seat and
// sets its token hash and name, and drops the snapshot, in one transaction.
func (s *Store) Join(ctx context.Context, id string, seat int, name string, tokenHash []byte) error {
	if len(tokenHash) == 0 {
		return errors.New("sqlite: join: no token hash")
	}
	return s.do(ctx, func(tx *sql.Tx) error {
		var seatsJSON, hashJSON, openJSON string
		var over bool
		err := tx.QueryRow("SELECT seats, token_hashes, open_seats, outcome IS NOT NULL FROM tables WHERE id = ?", id).Scan(&seatsJSON, &hashJSON, &openJSON, &over)
		if errors.Is(err, sql.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("sqlite: join: %w", err)
		}
		seq, err := s.head(tx, id) // tables.seq misses the journal's entries
		if err != nil {
			return err
		}
		var (
			seats  []engine.SeatInfo
			hashes []*string
			open   []int
		)
		for _, c := range []struct {
			raw string
			v   any
		}{{seatsJSON, &seats}, {hashJSON, &hashes}, {openJSON, &open}} {
			if err := json.Unmarshal([]byte(c.raw), c.v); err != nil {
				return fmt.Errorf("sqlite: join %s: %w", id, err)
			}
		}
		i := slices.Index(open, seat)
		if i < 0 || over || seq > 0 || seat >= len(seats) || seat >= len(hashes) {
			return store.ErrSeatTaken
		}
		open = slices.Delete(open, i, i+1)
		seats[seat].Name = name
		h := hex.EncodeToString(tokenHash)
		hashes[seat] = &h
		var cols [3][]byte
		for k, v := range []any{seats, hashes, append([]int{}, open...)} {
			if cols[k], err = json.Marshal(v); err != nil {
				return fmt.Errorf("sqlite: join %s: %w", id, err)
			}
		}
		if _, err := tx.Exec("UPDATE tables SET seats = ?, token_hashes = ?, open_seats = ?, updated = ? WHERE id = ?",
			string(cols[0]), string(cols[1]), string(cols[2]), s.now(), id); err != nil {
			return fmt.Errorf("sqlite: join: %w", err)
		}
		if _, err := tx.Exec("DELETE FROM snapshots WHERE table_id = ?", id); err != nil {
			return fmt.Errorf("sqlite: join: %w", err)
		}
		return nil
	})
}

// Append adds entries to the log if it holds exactly expectedSeq entries.
func (s *Store) Append(ctx context.Context, id string, expectedSeq int, entries ...engine.Entry) (int, error) {
	rows, err := codec.Entries(entries)
	if err != nil {
		return 0, fmt.Errorf("sqlite: append: %w", err)
	}
	if err := s.do(ctx, func(tx *sql.Tx) error { return s.appendTx(tx, id, expectedSeq, rows) }); err != nil {
		return 0, err
	}
	return expectedSeq + len(entries), nil
}

// Finish appends the last entries and records the outcome in one
// transaction.
func (s *Store) Finish(ctx context.Context, id string, expectedSeq int, outcome string, entries ...engine.Entry) (int, error) {
	rows, err := codec.Entries(entries)
	if err != nil {
		return 0, fmt.Errorf("sqlite: finish: %w", err)
	}
	err = s.do(ctx, func(tx *sql.Tx) error {
		if err := s.appendTx(tx, id, expectedSeq, rows); err != nil {
			return err
		}
		if _, err := tx.Exec("UPDATE tables SET outcome = ?, updated = ? WHERE id = ?", outcome, s.now(), id); err != nil {
			return fmt.Errorf("sqlite: finish: %w", err)
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return expectedSeq + len(entries), nil
}

// appendTx adds rows to the log of table id inside tx if the log holds
// exactly expectedSeq entries. With no rows it only checks that. The rows
// go to the journal, and the log's length is the writer's head of it, not
// tables.seq (see journal.go).
func (s *Store) appendTx(tx *sql.Tx, id string, expectedSeq int, rows []string) error {
	seq, err := s.head(tx, id)
	if err != nil {
		return err
	}
	if seq != expectedSeq {
		return fmt.Errorf("%w: the log is at %d, not %d", store.ErrVersionConflict, seq, expectedSeq)
	}
	at, bytes := s.now(), 0
	for i, row := range rows {
		if _, err := s.appendEntry(tx).Exec(id, expectedSeq+i+1, row, at); err != nil {
			return fmt.Errorf("sqlite: append: %w", err)
		}
		bytes += len(row)
	}
	s.heads.set(id, expectedSeq+len(rows), len(rows), bytes)
	return nil
}

// SaveSnapshot keeps snap as table id's snapshot unless it already has one
// after as many entries or more.
func (s *Store) SaveSnapshot(ctx context.Context, id string, snap engine.Snapshot) error {
	return s.do(ctx, func(tx *sql.Tx) error {
		seq, err := s.head(tx, id)
		switch {
		case err != nil:
			return err
		case snap.Seq < 0 || snap.Seq > seq:
			return fmt.Errorf("%w: a snapshot after entry %d of a log of %d", store.ErrVersionConflict, snap.Seq, seq)
		}
		_, err = tx.Exec(`INSERT INTO snapshots (table_id, seq, rules_version, state, dice, sum) VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, rules_version = excluded.rules_version,
				state = excluded.state, dice = excluded.dice, sum = excluded.sum
			WHERE excluded.seq > snapshots.seq`, id, snap.Seq, snap.RulesVersion, snap.State, snap.Dice, snap.Sum)
		if err != nil {
			return fmt.Errorf("sqlite: save snapshot: %w", err)
		}
		return nil
	})
}

// LoadTable returns the table with its whole log.
func (s *Store) LoadTable(ctx context.Context, id string) (store.Table, error) {
	tx, err := s.rdb.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return store.Table{}, fmt.Errorf("sqlite: load table: %w", err)
	}
	defer tx.Rollback()
	var (
		t                          store.Table
		opts, seats, setup, hashes string
		open                       string
		outcome                    sql.NullString
		created                    int64
	)
	err = tx.QueryRowContext(ctx, `SELECT id, game, rules_version, options, seats, seed, commitment, setup_dice, token_hashes, open_seats, listed, seq, outcome, created
		FROM tables WHERE id = ?`, id).Scan(&t.ID, &t.Export.Game, &t.Export.RulesVersion, &opts, &seats, &t.Export.Seed, &t.Export.Commitment,
		&setup, &hashes, &open, &t.Listed, &t.Seq, &outcome, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return store.Table{}, store.ErrNotFound
	}
	if err != nil {
		return store.Table{}, fmt.Errorf("sqlite: load table: %w", err)
	}
	t.Outcome = outcome.String
	t.Created = time.UnixMilli(created)
	var hexHashes []*string
	if err := codec.DecodeColumns(opts, seats, setup, &t.Export); err != nil {
		return store.Table{}, fmt.Errorf("sqlite: load table %s: %w", id, err)
	}
	if err := json.Unmarshal([]byte(hashes), &hexHashes); err != nil {
		return store.Table{}, fmt.Errorf("sqlite: load table %s: %w", id, err)
	}
	if err := json.Unmarshal([]byte(open), &t.Open); err != nil {
		return store.Table{}, fmt.Errorf("sqlite: load table %s: open seats: %w", id, err)
	}
	if len(t.Open) == 0 {
		t.Open = nil
	}
	t.TokenHashes = make([][]byte, len(hexHashes))
	for i, h := range hexHashes {
		if h == nil {
			continue
		}
		if t.TokenHashes[i], err = hex.DecodeString(*h); err != nil {
			return store.Table{}, fmt.Errorf("sqlite: load table %s: token hash: %w", id, err)
		}
	}
	// The log is the table's rows in entries (tables.seq of them), then
	// its rows in the journal (see journal.go), both read in this one
	// transaction: a fold moves rows from one to the other atomically.
	log := codec.NewLog(t.Seq)
	if _, err := addRows(ctx, tx, log, "SELECT seq, entry FROM entries WHERE table_id = ? ORDER BY seq", id); err != nil {
		return store.Table{}, fmt.Errorf("sqlite: load table %s: %w", id, err)
	}
	unfolded, err := addRows(ctx, tx, log, "SELECT seq, entry FROM journal WHERE table_id = ? ORDER BY n", id)
	if err != nil {
		return store.Table{}, fmt.Errorf("sqlite: load table %s: journal: %w", id, err)
	}
	t.Seq += unfolded
	if t.Export.Log, err = log.Entries(t.Seq); err != nil {
		return store.Table{}, fmt.Errorf("sqlite: load table %s: %w", id, err)
	}
	var snap engine.Snapshot
	err = tx.QueryRowContext(ctx, "SELECT seq, rules_version, state, dice, sum FROM snapshots WHERE table_id = ?", id).
		Scan(&snap.Seq, &snap.RulesVersion, &snap.State, &snap.Dice, &snap.Sum)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return store.Table{}, fmt.Errorf("sqlite: load table %s: snapshot: %w", id, err)
	case snap.Seq <= t.Seq:
		t.Snapshot = &snap
	}
	return t, nil
}

// addRows adds to log the rows (seq, entry) that query q of table id
// returns, and returns how many it added.
func addRows(ctx context.Context, tx *sql.Tx, log *codec.Log, q, id string) (int, error) {
	rows, err := tx.QueryContext(ctx, q, id)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var seq int
		var raw []byte
		if err := rows.Scan(&seq, &raw); err != nil {
			return 0, err
		}
		if err := log.Add(seq, raw); err != nil {
			return 0, err
		}
		n++
	}
	return n, rows.Err()
}

// summaryColumns are the columns of tables a summary reads (summaryRow).
const summaryColumns = "id, game, options, seats, open_seats, seq, created, updated"

// summaryRow is a summary's row of tables, its JSON not yet decoded.
type summaryRow struct {
	id, game, options, seats, open string
	seq                            int
	created, updated               int64
}

func (r *summaryRow) dest() []any {
	return []any{&r.id, &r.game, &r.options, &r.seats, &r.open, &r.seq, &r.created, &r.updated}
}

// ListOpen returns listed tables that are not over, most recently active
// first.
//
// A table's rows in the journal count too (see journal.go): they add to
// its seq, and the latest is its last activity, later than tables.updated.
// Only the tables in the journal can be more recently active than
// tables.updated says, so the first limit tables are among the first limit
// by tables.updated (from the index tables_open) and the first limit of
// the journal's listed open tables by their last append, no earlier than
// the last of the first. A table of the first kind that appended since the
// last fold is of the second kind too, unless limit others of the second
// kind appended later, and then it is not among the first limit anyway.
// SQLite groups the journal and looks its tables up by id in one query
// (CROSS JOIN keeps that order: its planner would rather read every listed
// table and look each up in the grouped journal).
func (s *Store) ListOpen(ctx context.Context, limit int) ([]store.Summary, error) {
	tx, err := s.rdb.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("sqlite: list tables: %w", err)
	}
	defer tx.Rollback()
	// query returns the rows of a query of summaryColumns.
	query := func(q string, args ...any) ([]summaryRow, error) {
		rows, err := tx.QueryContext(ctx, q, args...)
		if err != nil {
			return nil, fmt.Errorf("sqlite: list tables: %w", err)
		}
		var list []summaryRow
		for rows.Next() {
			var r summaryRow
			if err := rows.Scan(r.dest()...); err != nil {
				rows.Close()
				return nil, fmt.Errorf("sqlite: list tables: %w", err)
			}
			list = append(list, r)
		}
		if err := errors.Join(rows.Err(), rows.Close()); err != nil {
			return nil, fmt.Errorf("sqlite: list tables: %w", err)
		}
		return list, nil
	}
	folded, err := query("SELECT "+summaryColumns+" FROM tables WHERE listed = 1 AND outcome IS NULL ORDER BY updated DESC LIMIT ?", limit)
	if err != nil {
		return nil, err
	}
	cutoff := int64(math.MinInt64)
	if len(folded) == limit && limit > 0 {
		cutoff = folded[len(folded)-1].updated
	}
	journal, err := query(`SELECT t.id, t.game, t.options, t.seats, t.open_seats, t.seq + j.n, t.created, j.last
		FROM (SELECT table_id, count(*) AS n, max(at) AS last FROM journal GROUP BY table_id HAVING max(at) >= ?) AS j
		CROSS JOIN tables AS t ON t.id = j.table_id
		WHERE t.listed = 1 AND t.outcome IS NULL ORDER BY j.last DESC LIMIT ?`, cutoff, limit)
	if err != nil {
		return nil, err
	}
	// A table in the journal is listed by its row there: its row in tables
	// is as of the last fold.
	inJournal := make(map[string]bool, len(journal))
	for _, r := range journal {
		inJournal[r.id] = true
	}
	list := append(slices.DeleteFunc(folded, func(r summaryRow) bool { return inJournal[r.id] }), journal...)
	slices.SortStableFunc(list, func(a, b summaryRow) int { return cmp.Compare(b.updated, a.updated) })
	if limit >= 0 && len(list) > limit {
		list = list[:limit]
	}

	var out []store.Summary
	for _, r := range list {
		sum := store.Summary{ID: r.id, Game: r.game, Seq: r.seq, Created: time.UnixMilli(r.created), Updated: time.UnixMilli(r.updated)}
		if err := json.Unmarshal([]byte(r.options), &sum.Options); err != nil {
			return nil, fmt.Errorf("sqlite: list tables: %w", err)
		}
		if err := json.Unmarshal([]byte(r.seats), &sum.Seats); err != nil {
			return nil, fmt.Errorf("sqlite: list tables: %w", err)
		}
		if err := json.Unmarshal([]byte(r.open), &sum.Open); err != nil {
			return nil, fmt.Errorf("sqlite: list tables: %w", err)
		}
		if len(sum.Open) == 0 {
			sum.Open = nil
		}
		out = append(out, sum)
	}
	return out, nil
}

// TableIDs returns the ids of up to limit tables, finished and unlisted ones
// included, in order, starting after the id after ("" for the first): a
// caller pages through every table (tabletop copy).
func (s *Store) TableIDs(ctx context.Context, after string, limit int) ([]string, error) {
	rows, err := s.rdb.QueryContext(ctx, "SELECT id FROM tables WHERE id > ? ORDER BY id LIMIT ?", after, limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: list table ids: %w", err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("sqlite: list table ids: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// Backup writes a consistent copy of the database at path to the new file
// to, while a server may be writing to it: VACUUM INTO reads one snapshot
// of the database on a read-only connection of its own (WAL mode lets it
// run beside the writer) and writes it compacted. It takes no lock file,
// so it runs beside the server that holds it. to must not exist yet.
func Backup(ctx context.Context, path, to string) error {
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("sqlite: backup: %w", err)
	}
	if _, err := os.Stat(to); err == nil {
		return fmt.Errorf("sqlite: backup: %s exists already: choose a new file", to)
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Set("mode", "ro")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return fmt.Errorf("sqlite: backup: %w", err)
	}
	defer db.Close()
	// Created first with the owner's mode only: the copy holds the seeds
	// and token hashes as the database does.
	f, err := os.OpenFile(to, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("sqlite: backup: %w", err)
	}
	f.Close()
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", to); err != nil {
		os.Remove(to)
		return fmt.Errorf("sqlite: backup of %s: %w", path, err)
	}
	return nil
}
