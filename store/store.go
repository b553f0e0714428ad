// Package store keeps tables and their append-only logs. A table is stored as
// what engine.Replay needs (game, options, seats, the secret seed and the
// log) plus who may act for each seat. The state is rebuilt by replaying the
// log, from the table's latest snapshot (engine.Snapshot) when it has one:
// the log stays the record, a snapshot only saves replay time.
//
// The interface is small and speaks engine types only, so that a PostgreSQL
// store can sit beside the SQLite one. Appends carry the sequence number the
// caller expects the log to be at (optimistic concurrency): of two appends
// racing for the same table, exactly one wins and the other gets
// ErrVersionConflict.
package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tabletop/engine"
)

// The errors a Store returns; callers test them with errors.Is.
var (
	// ErrNotFound is returned for a table id the store does not hold.
	ErrNotFound = errors.New("store: no such table")
	// ErrVersionConflict is returned by Append when the log is no longer at
	// the expected sequence number: someone else appended first.
	ErrVersionConflict = errors.New("store: the table has moved on (version conflict)")
	// ErrExists is returned by CreateTable for an id already in use.
	ErrExists = errors.New("store: table id already in use")
	// ErrNoRecord is returned by Recorder.Record for a key with no record.
	ErrNoRecord = errors.New("store: no record under this key")
	// ErrSeatTaken is returned by Join for a seat that is not open (any
	// more): someone else joined first, or the game is over.
	ErrSeatTaken = errors.New("store: that seat is not open any more")
)

// MaxRecordKey and MaxRecordValue bound a record's key and value (bytes).
const (
	MaxRecordKey   = 512
	MaxRecordValue = 64 << 10
)

// Recorder is a Store that keeps write-once records beside its tables: the
// games' tools (engine.Records) keep there what must be done only once,
// such as a character's species roll. A record is never replaced nor
// deleted, so the first value claimed under a key is the one every later
// reader gets, on every instance sharing the store.
type Recorder interface {
	// ClaimRecord stores value under key unless a record has that key. It
	// returns the value stored under key afterwards, and first = true if
	// that is value, stored by this call. Of several claims racing for a
	// key exactly one is first. A key longer than MaxRecordKey or a value
	// longer than MaxRecordValue is an error and stores nothing.
	ClaimRecord(ctx context.Context, key string, value []byte) (stored []byte, first bool, err error)
	// Record returns the value stored under key, or ErrNoRecord.
	Record(ctx context.Context, key string) ([]byte, error)
}

// CheckRecord checks a record's key and value against the bounds.
func CheckRecord(key string, value []byte) error {
	if key == "" || len(key) > MaxRecordKey {
		return fmt.Errorf("store: a record key must have 1 to %d bytes, not %d", MaxRecordKey, len(key))
	}
	if len(value) > MaxRecordValue {
		return fmt.Errorf("store: a record value must have at most %d bytes, not %d", MaxRecordValue, len(value))
	}
	return nil
}

// Store keeps tables and their logs. Implementations are safe for concurrent
// use. An Append returns only after its entries are committed.
type Store interface {
	// CreateTable stores a new table. t.Export must hold the seed and an
	// empty log.
	CreateTable(ctx context.Context, t Table) error
	// LoadTable returns the table with its whole log (Export.Log, Seq) and
	// its latest snapshot, if any.
	LoadTable(ctx context.Context, id string) (Table, error)
	// Append adds entries to the log of table id if its log holds exactly
	// expectedSeq entries, and returns the new sequence number (the number
	// of entries in the log). Otherwise it returns ErrVersionConflict (or
	// ErrNotFound) and stores nothing.
	Append(ctx context.Context, id string, expectedSeq int, entries ...engine.Entry) (int, error)
	// SaveSnapshot keeps snap as table id's snapshot, replacing an older
	// one; a snapshot after no more entries than the kept one is ignored.
	// A snapshot after more entries than the log holds is refused with
	// ErrVersionConflict. Snapshots only save replay time: losing one loses
	// nothing.
	SaveSnapshot(ctx context.Context, id string, snap engine.Snapshot) error
	// Finish appends the entries that end the game at table id, as Append
	// does, and records in the same transaction that the game is over, with
	// the outcome's text, so that it leaves the list of open tables: a
	// crash never leaves a finished game listed as open. entries may be
	// empty (to record the end of a game whose last entry is stored). It
	// returns the new sequence number, or ErrVersionConflict (or
	// ErrNotFound) and stores nothing.
	Finish(ctx context.Context, id string, expectedSeq int, outcome string, entries ...engine.Entry) (int, error)
	// Join gives open seat seat of table id to the person who joins it: in
	// one transaction it closes the seat, sets its token hash to tokenHash
	// and its name to name, and drops the table's snapshot (which may hold
	// the old name). Of two joins racing for one seat exactly one wins; the
	// other gets ErrSeatTaken, as does a join of a seat that is not open or
	// of a table whose log has begun (its events name the seats: renamed,
	// they would no longer replay). It returns ErrNotFound for a table it
	// does not hold.
	Join(ctx context.Context, id string, seat int, name string, tokenHash []byte) error
	// ListOpen returns up to limit listed tables whose game is not over,
	// most recently active first.
	ListOpen(ctx context.Context, limit int) ([]Summary, error)
	// Close releases the store; pending appends fail.
	Close() error
}

// Change says that table Table's log has grown to Seq entries. The zero
// Change (Table "") says that changes may have been missed: every table may
// have moved on.
type Change struct {
	Table string
	Seq   int
}

// Notifier is a Store shared by several server instances (PostgreSQL) that
// tells each of them about the appends any of them makes, its own included.
type Notifier interface {
	// Subscribe returns a channel of changes, closed once ctx ends. It
	// holds one connection of its own, and when that is lost it connects
	// again and sends the zero Change, since appends made meanwhile went
	// unannounced; it also sends one once first connected. A Change may
	// come more than once and after the log has grown further: readers
	// compare Seq with what they have. Call it once per instance.
	Subscribe(ctx context.Context) <-chan Change
	// Seq returns the number of entries in table id's log now, for a
	// reader to check that what it holds is not behind.
	Seq(ctx context.Context, id string) (int, error)
	// Seqs is Seq for several tables at once; tables it does not hold
	// are left out of the map.
	Seqs(ctx context.Context, ids []string) (map[string]int, error)
}

// Leaser is a Store shared by several server instances that leases each
// table's bots to one instance at a time, so that only one plays them.
type Leaser interface {
	// LeaseBots takes table id's bot lease for holder, or renews it, until
	// ttl from now; it reports whether holder has it and, if so, the
	// number of entries in the table's log as of then, so that the holder
	// can tell whether the table it holds in memory is behind. A lease
	// that ran out (its holder died, say) goes to whoever asks next.
	LeaseBots(ctx context.Context, id, holder string, ttl time.Duration) (held bool, seq int, err error)
	// ReleaseBots gives up holder's lease of table id's bots, if it has it.
	ReleaseBots(ctx context.Context, id, holder string) error
}

// Pinger is a Store that can check cheaply that it is reachable and takes
// writes, for health checks: Ping returns nil only if a write transaction
// could begin and commit now.
type Pinger interface {
	Ping(ctx context.Context) error
}

// Table is a stored table.
type Table struct {
	ID      string
	Created time.Time
	// Listed tables appear in the lobby; the others are reachable only by
	// their (unguessable) id.
	Listed bool
	// TokenHashes holds, per seat, sha256 of the seat's invite token, or
	// nil for a seat nobody holds (a bot's, or an open seat nobody joined).
	TokenHashes [][]byte
	// Open lists the seats anyone may join (Join), in increasing order:
	// person seats with no invite yet.
	Open []int
	// Export is the table as engine.Replay reads it, seed included. The
	// seed is secret until the game is over: it never leaves the server
	// before then.
	Export engine.Export
	// Seq is the number of entries in the log (len(Export.Log)).
	Seq int
	// Outcome is the outcome's text once the game is over, else "".
	Outcome string
	// Snapshot is the latest snapshot saved (SaveSnapshot), or nil. It is
	// no later than the log: Snapshot.Seq <= Seq.
	Snapshot *engine.Snapshot
}

// Summary is a table as the lobby lists it.
type Summary struct {
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Options engine.Options    `json:"options"` // every option, defaults included
	Seats   []engine.SeatInfo `json:"seats"`
	Seq     int               `json:"seq"`
	Open    []int             `json:"open,omitempty"` // seats anyone may join
	Created time.Time         `json:"created"`
	Updated time.Time         `json:"updated"`
}

// CheckOpen returns an error unless open lists seats of a table of n seats
// in increasing order, each once, as Table.Open must.
func CheckOpen(open []int, n int) error {
	for i, s := range open {
		if s < 0 || s >= n || (i > 0 && s <= open[i-1]) {
			return fmt.Errorf("open seats %v: want distinct seats of 0 to %d in increasing order", open, n-1)
		}
	}
	return nil
}
