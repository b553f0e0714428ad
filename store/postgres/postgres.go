// Package postgres is the table store on PostgreSQL (pgx), for several
// server instances sharing one database: any of them may serve any table.
//
// Appends are optimistic on (table, sequence number): one statement moves
// the table's sequence number from the expected value and inserts the
// entries, so of two instances racing on one table exactly one moves it and
// the other finds the log elsewhere (store.ErrVersionConflict); the primary
// key on (table, seq) of the entries refuses a second entry at one position
// even so. Each append is one round trip and one commit; its change is then
// announced to every instance (LISTEN/NOTIFY, notify.go) before Append
// returns.
//
// The schema is kept by embedded SQL migrations (migrations/NNN_name.sql),
// applied by Open (and by Migrate) in one transaction under an advisory
// lock, so that instances starting together apply them once.
package postgres

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"tabletop/engine"
	"tabletop/store"
	"tabletop/store/internal/codec"
)

//go:embed migrations/*.sql
var migrations embed.FS

// defaultMaxConns is the pool's size unless the URL sets pool_max_conns.
const defaultMaxConns = 16

// ErrClosed is returned for calls after Close.
var ErrClosed = errors.New("postgres: store is closed")

// Store is a store.Store in a PostgreSQL database.
type Store struct {
	pool       *pgxpool.Pool
	closed     atomic.Bool
	listenErrs atomic.Int64 // see ListenErrors
	ann        announcer
}

var _ store.Store = (*Store)(nil)

// IsDSN reports whether db names a PostgreSQL database (a postgres:// or
// postgresql:// URL) rather than an SQLite file.
func IsDSN(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}

// Open connects to the database at dsn (a postgres:// URL; pool settings
// such as pool_max_conns may be given in it), brings its schema up to date
// and returns the store.
func Open(ctx context.Context, dsn string) (*Store, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if !strings.Contains(dsn, "pool_max_conns") {
		// An append mostly waits for its commit to be flushed, and
		// PostgreSQL flushes the commits waiting together at once: more
		// appends in flight, more shared flushes (pgx's default is 4).
		cfg.MaxConns = max(cfg.MaxConns, defaultMaxConns)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	if _, err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, err
	}
	s := &Store{pool: pool}
	s.startAnnouncer()
	return s, nil
}

// Migrate brings the schema of the database at dsn up to date and returns
// the names of the migrations it applied (none when it was up to date).
func Migrate(ctx context.Context, dsn string) ([]string, error) {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	defer conn.Close(context.Background())
	return migrate(ctx, conn)
}

// migrationLock is the advisory lock key that serializes migrations.
const migrationLock = 7_270_001

// migrate applies the embedded migrations the database has not recorded,
// all in one transaction: either the schema is brought fully up to date or
// it is left as it was.
func migrate(ctx context.Context, db interface {
	Begin(context.Context) (pgx.Tx, error)
}) ([]string, error) {
	ms, err := codec.Migrations(migrations, "migrations")
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	tx, err := db.Begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("postgres: migrate: %w", err)
	}
	defer tx.Rollback(context.Background())
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", migrationLock); err != nil {
		return nil, fmt.Errorf("postgres: migrate: %w", err)
	}
	if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS tabletop_migrations (
		version integer PRIMARY KEY,
		name    text NOT NULL,
		applied timestamptz NOT NULL DEFAULT now())`); err != nil {
		return nil, fmt.Errorf("postgres: migrate: %w", err)
	}
	var have int
	if err := tx.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM tabletop_migrations").Scan(&have); err != nil {
		return nil, fmt.Errorf("postgres: migrate: %w", err)
	}
	var applied []string
	for _, m := range ms {
		if m.Version <= have {
			continue
		}
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			return nil, fmt.Errorf("postgres: migration %s: %w", m.Name, err)
		}
		if _, err := tx.Exec(ctx, "INSERT INTO tabletop_migrations (version, name) VALUES ($1, $2)", m.Version, m.Name); err != nil {
			return nil, fmt.Errorf("postgres: migration %s: %w", m.Name, err)
		}
		applied = append(applied, m.Name)
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, fmt.Errorf("postgres: migrate: %w", err)
	}
	return applied, nil
}

// Close closes the pool: calls after it fail with ErrClosed.
func (s *Store) Close() error {
	if s.closed.Swap(true) {
		return nil
	}
	s.stopAnnouncer() // sends what is queued
	s.pool.Close()
	return nil
}

// Ping checks that the database is reachable and takes writes: a standby
// in recovery refuses a read-write transaction.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.check(); err != nil {
		return err
	}
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadWrite})
	if err != nil {
		return fmt.Errorf("postgres: ping: %w", err)
	}
	defer tx.Rollback(ctx)
	var inRecovery bool
	if err := tx.QueryRow(ctx, "SELECT pg_is_in_recovery()").Scan(&inRecovery); err != nil {
		return fmt.Errorf("postgres: ping: %w", err)
	}
	if inRecovery {
		return errors.New("postgres: ping: the database is a standby in recovery: it takes no writes")
	}
	return tx.Commit(ctx)
}

var _ store.Pinger = (*Store)(nil)

// check returns ErrClosed after Close.
func (s *Store) check() error {
	if s.closed.Load() {
		return ErrClosed
	}
	return nil
}

// CreateTable stores a new table.
func (s *Store) CreateTable(ctx context.Context, t store.Table) error {
	if err := s.check(); err != nil {
		return err
	}
	x := t.Export
	if x.Seed == "" {
		return errors.New("postgres: create table: the export has no seed")
	}
	if len(x.Log) != 0 {
		return errors.New("postgres: create table: the log must start empty")
	}
	if len(t.TokenHashes) != len(x.Seats) {
		return fmt.Errorf("postgres: create table: %d token hashes for %d seats", len(t.TokenHashes), len(x.Seats))
	}
	options, seats, setup, err := codec.Columns(x)
	if err != nil {
		return fmt.Errorf("postgres: create table: %w", err)
	}
	if err := store.CheckOpen(t.Open, len(x.Seats)); err != nil {
		return fmt.Errorf("postgres: create table: %w", err)
	}
	created := any(t.Created)
	if t.Created.IsZero() {
		created = nil // now()
	}
	tag, err := s.pool.Exec(ctx, `INSERT INTO tables (id, game, rules_version, options, seats, seed, commitment, setup_dice, token_hashes, open_seats, listed, created, updated)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, coalesce($12, now()), coalesce($12, now()))
		ON CONFLICT (id) DO NOTHING`,
		t.ID, x.Game, x.RulesVersion, options, seats, x.Seed, x.Commitment, setup, t.TokenHashes, toInt32(t.Open), t.Listed, created)
	if err != nil {
		return fmt.Errorf("postgres: create table: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return store.ErrExists
	}
	return nil
}

// fromInt32 is the seats of an open_seats column, nil for none.
func fromInt32(xs []int32) []int {
	if len(xs) == 0 {
		return nil
	}
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i] = int(x)
	}
	return out
}

// toInt32 is open seats as an open_seats column.
func toInt32(xs []int) []int32 {
	out := make([]int32, len(xs))
	for i, x := range xs {
		out[i] = int32(x)
	}
	return out
}

// Join gives open seat seat of table id to a person: it closes the seat and
// sets its token hash and name, and drops the snapshot, in one transaction
// that holds the table's row lock, so that of two joins racing for the
// seat the second finds it closed.
func (s *Store) Join(ctx context.Context, id string, seat int, name string, tokenHash []byte) error {
	if err := s.check(); err != nil {
		return err
	}
	if len(tokenHash) == 0 {
		return errors.New("postgres: join: no token hash")
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("postgres: join: %w", err)
	}
	defer tx.Rollback(context.Background())
	var (
		seatsJSON string
		open      []int32
		begun     bool
	)
	err = tx.QueryRow(ctx, "SELECT seats, open_seats, seq > 0 OR outcome IS NOT NULL FROM tables WHERE id = $1 FOR UPDATE", id).Scan(&seatsJSON, &open, &begun)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("postgres: join: %w", err)
	}
	var seats []engine.SeatInfo
	if err := json.Unmarshal([]byte(seatsJSON), &seats); err != nil {
		return fmt.Errorf("postgres: join %s: %w", id, err)
	}
	if begun || seat < 0 || seat >= len(seats) || !slices.Contains(open, int32(seat)) {
		return store.ErrSeatTaken
	}
	seats[seat].Name = name
	b, err := json.Marshal(seats)
	if err != nil {
		return fmt.Errorf("postgres: join %s: %w", id, err)
	}
	tag, err := tx.Exec(ctx, `UPDATE tables SET seats = $2, token_hashes[$3::integer + 1] = $4, open_seats = array_remove(open_seats, $3::integer), updated = now()
		WHERE id = $1 AND $3::integer = ANY (open_seats) AND seq = 0 AND outcome IS NULL`, id, string(b), seat, tokenHash)
	if err != nil {
		return fmt.Errorf("postgres: join: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return store.ErrSeatTaken
	}
	if _, err := tx.Exec(ctx, "DELETE FROM snapshots WHERE table_id = $1", id); err != nil {
		return fmt.Errorf("postgres: join: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("postgres: join: %w", err)
	}
	return nil
}

// appendSQL moves table $1's sequence number from $2 by the number of
// entries in $3 (setting its outcome to $4 unless that is NULL) and inserts
// the entries after it, all in one statement, so in one transaction. It
// returns the number of tables moved: 0 when the table is not at $2 or
// does not exist. Under READ COMMITTED a racing append waits for the
// winner's row lock, then finds the sequence number moved and moves nothing.
//
// It does not NOTIFY: PostgreSQL holds one lock for the whole database from
// a notifying transaction's commit until it is flushed, so that every
// append would wait for every other append's fsync. The announcer sends
// the notifications after the commit instead (notify.go).
const appendSQL = `WITH moved AS (
	UPDATE tables SET seq = seq + cardinality($3::text[]), updated = now(), outcome = coalesce($4, outcome)
	WHERE id = $1 AND seq = $2::integer
	RETURNING id
), inserted AS (
	INSERT INTO entries (table_id, seq, entry)
	SELECT moved.id, $2 + e.n, e.entry FROM moved, unnest($3::text[]) WITH ORDINALITY AS e(entry, n)
)
SELECT count(*) FROM moved`

// Append adds entries to the log if it holds exactly expectedSeq entries.
func (s *Store) Append(ctx context.Context, id string, expectedSeq int, entries ...engine.Entry) (int, error) {
	return s.append(ctx, "append", id, expectedSeq, nil, entries)
}

// Finish appends the last entries and records the outcome in one
// statement.
func (s *Store) Finish(ctx context.Context, id string, expectedSeq int, outcome string, entries ...engine.Entry) (int, error) {
	return s.append(ctx, "finish", id, expectedSeq, &outcome, entries)
}

func (s *Store) append(ctx context.Context, op, id string, expectedSeq int, outcome *string, entries []engine.Entry) (int, error) {
	if err := s.check(); err != nil {
		return 0, err
	}
	rows, err := codec.Entries(entries)
	if err != nil {
		return 0, fmt.Errorf("postgres: %s: %w", op, err)
	}
	var moved int
	err = s.pool.QueryRow(ctx, appendSQL, id, expectedSeq, rows, outcome).Scan(&moved)
	if isUniqueViolation(err) {
		return 0, fmt.Errorf("%w: another append took position %d", store.ErrVersionConflict, expectedSeq+1)
	}
	if err != nil {
		return 0, fmt.Errorf("postgres: %s: %w", op, err)
	}
	if moved == 0 {
		return 0, s.whyNot(ctx, op, id, expectedSeq)
	}
	s.announce(store.Change{Table: id, Seq: expectedSeq + len(entries)})
	return expectedSeq + len(entries), nil
}

// whyNot explains an append that moved no table: the table does not exist
// or its log is elsewhere.
func (s *Store) whyNot(ctx context.Context, op, id string, expectedSeq int) error {
	seq, err := s.Seq(ctx, id)
	if err != nil {
		return err
	}
	return fmt.Errorf("%w: the log is at %d, not %d", store.ErrVersionConflict, seq, expectedSeq)
}

func isUniqueViolation(err error) bool { return hasCode(err, "23505") }

func isForeignKeyViolation(err error) bool { return hasCode(err, "23503") }

func hasCode(err error, code string) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == code
}

// SaveSnapshot keeps snap as table id's snapshot unless it already has one
// after as many entries or more. The table's row decides: no row, no
// snapshot; a snapshot after more entries than the log holds is refused.
func (s *Store) SaveSnapshot(ctx context.Context, id string, snap engine.Snapshot) error {
	if err := s.check(); err != nil {
		return err
	}
	var seq *int
	err := s.pool.QueryRow(ctx, `WITH t AS (SELECT seq FROM tables WHERE id = $1), saved AS (
			INSERT INTO snapshots (table_id, seq, rules_version, state, dice, sum)
			SELECT $1, $2, $3, $4, $5, $6 FROM t WHERE $2 BETWEEN 0 AND t.seq
			ON CONFLICT (table_id) DO UPDATE SET seq = excluded.seq, rules_version = excluded.rules_version,
				state = excluded.state, dice = excluded.dice, sum = excluded.sum
			WHERE excluded.seq > snapshots.seq
		)
		SELECT (SELECT seq FROM t)`, id, snap.Seq, snap.RulesVersion, snap.State, snap.Dice, snap.Sum).Scan(&seq)
	switch {
	case err != nil:
		return fmt.Errorf("postgres: save snapshot: %w", err)
	case seq == nil:
		return store.ErrNotFound
	case snap.Seq < 0 || snap.Seq > *seq:
		return fmt.Errorf("%w: a snapshot after entry %d of a log of %d", store.ErrVersionConflict, snap.Seq, *seq)
	}
	return nil
}

// LoadTable returns the table with its whole log, read in one repeatable
// read transaction so that the row, the log and the snapshot agree.
func (s *Store) LoadTable(ctx context.Context, id string) (store.Table, error) {
	if err := s.check(); err != nil {
		return store.Table{}, err
	}
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return store.Table{}, fmt.Errorf("postgres: load table: %w", err)
	}
	defer tx.Rollback(context.Background())
	var (
		t                  store.Table
		opts, seats, setup string
		outcome            *string
		open               []int32
	)
	err = tx.QueryRow(ctx, `SELECT id, game, rules_version, options, seats, seed, commitment, setup_dice, token_hashes, open_seats, listed, seq, outcome, created
		FROM tables WHERE id = $1`, id).Scan(&t.ID, &t.Export.Game, &t.Export.RulesVersion, &opts, &seats, &t.Export.Seed, &t.Export.Commitment,
		&setup, &t.TokenHashes, &open, &t.Listed, &t.Seq, &outcome, &t.Created)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.Table{}, store.ErrNotFound
	}
	if err != nil {
		return store.Table{}, fmt.Errorf("postgres: load table: %w", err)
	}
	if outcome != nil {
		t.Outcome = *outcome
	}
	t.Open = fromInt32(open)
	if err := codec.DecodeColumns(opts, seats, setup, &t.Export); err != nil {
		return store.Table{}, fmt.Errorf("postgres: load table %s: %w", id, err)
	}
	if t.Export.Log, err = readLog(ctx, tx, id, t.Seq); err != nil {
		return store.Table{}, err
	}
	var snap engine.Snapshot
	err = tx.QueryRow(ctx, "SELECT seq, rules_version, state, dice, sum FROM snapshots WHERE table_id = $1", id).
		Scan(&snap.Seq, &snap.RulesVersion, &snap.State, &snap.Dice, &snap.Sum)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
	case err != nil:
		return store.Table{}, fmt.Errorf("postgres: load table %s: snapshot: %w", id, err)
	case snap.Seq <= t.Seq:
		t.Snapshot = &snap
	}
	return t, nil
}

// readLog reads the n entries of table id's log, checking that none is
// missing.
func readLog(ctx context.Context, tx pgx.Tx, id string, n int) ([]engine.Entry, error) {
	rows, err := tx.Query(ctx, "SELECT seq, entry FROM entries WHERE table_id = $1 ORDER BY seq", id)
	if err != nil {
		return nil, fmt.Errorf("postgres: load table: %w", err)
	}
	defer rows.Close()
	log := codec.NewLog(n)
	for rows.Next() {
		var seq int
		var raw []byte
		if err := rows.Scan(&seq, &raw); err != nil {
			return nil, fmt.Errorf("postgres: load table: %w", err)
		}
		if err := log.Add(seq, raw); err != nil {
			return nil, fmt.Errorf("postgres: load table %s: %w", id, err)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: load table: %w", err)
	}
	entries, err := log.Entries(n)
	if err != nil {
		return nil, fmt.Errorf("postgres: load table %s: %w", id, err)
	}
	return entries, nil
}

// ListOpen returns listed tables that are not over, most recently active first.
func (s *Store) ListOpen(ctx context.Context, limit int) ([]store.Summary, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	var lim *int // NULL: no limit, as a negative limit is in SQLite
	if limit >= 0 {
		lim = &limit
	}
	rows, err := s.pool.Query(ctx, `SELECT id, game, options, seats, open_seats, seq, created, updated FROM tables
		WHERE listed AND outcome IS NULL ORDER BY updated DESC LIMIT $1`, lim)
	if err != nil {
		return nil, fmt.Errorf("postgres: list tables: %w", err)
	}
	defer rows.Close()
	var out []store.Summary
	for rows.Next() {
		var sum store.Summary
		var options, seats string
		var open []int32
		if err := rows.Scan(&sum.ID, &sum.Game, &options, &seats, &open, &sum.Seq, &sum.Created, &sum.Updated); err != nil {
			return nil, fmt.Errorf("postgres: list tables: %w", err)
		}
		sum.Open = fromInt32(open)
		if err := json.Unmarshal([]byte(options), &sum.Options); err != nil {
			return nil, fmt.Errorf("postgres: list tables: %w", err)
		}
		if err := json.Unmarshal([]byte(seats), &sum.Seats); err != nil {
			return nil, fmt.Errorf("postgres: list tables: %w", err)
		}
		out = append(out, sum)
	}
	return out, rows.Err()
}

// TableIDs returns the ids of up to limit tables, finished and unlisted ones
// included, in order, starting after the id after ("" for the first): a
// caller pages through every table (tabletop copy).
func (s *Store) TableIDs(ctx context.Context, after string, limit int) ([]string, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, "SELECT id FROM tables WHERE id COLLATE \"C\" > $1 ORDER BY id COLLATE \"C\" LIMIT $2", after, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: list table ids: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("postgres: list table ids: %w", err)
	}
	return ids, nil
}
