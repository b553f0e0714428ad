package postgres

import (
	"context"
	"fmt"
	"time"

	"tabletop/store"
)

var _ store.CreationCounter = (*Store)(nil)

// creationLock is the advisory lock key that serializes the counting of
// table creations across instances.
const creationLock = 7_270_002

// CountCreation counts one table created by client at now against the caps
// (store.CreationCounter). The count and the insert run in one transaction
// holding an advisory lock, so that creations racing on several instances
// are counted one after the other and never past a cap; table creation is
// rare enough (caps per hour) for that to cost nothing. Rows older than the
// window are deleted on the way, so the table holds an hour of creations.
func (s *Store) CountCreation(ctx context.Context, client string, now time.Time, perClient, total int) error {
	if err := s.check(); err != nil {
		return err
	}
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return fmt.Errorf("postgres: count creation: %w", err)
	}
	defer tx.Rollback(context.Background())
	since := now.Add(-store.CreationWindow)
	// The lock first, in a statement of its own: a statement's snapshot is
	// taken as it starts, and the count must see the creations committed
	// by whoever held the lock before.
	if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", creationLock); err != nil {
		return fmt.Errorf("postgres: count creation: %w", err)
	}
	var mine, all int
	err = tx.QueryRow(ctx, `WITH pruned AS (DELETE FROM creations WHERE at <= $2)
		SELECT count(*) FILTER (WHERE client = $1), count(*) FROM creations WHERE at > $2`,
		client, since).Scan(&mine, &all)
	if err != nil {
		return fmt.Errorf("postgres: count creation: %w", err)
	}
	switch {
	case perClient > 0 && mine >= perClient:
		return store.ErrClientCap
	case total > 0 && all >= total:
		return store.ErrTotalCap
	}
	if _, err := tx.Exec(ctx, "INSERT INTO creations (client, at) VALUES ($1, $2)", client, now); err != nil {
		return fmt.Errorf("postgres: count creation: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("postgres: count creation: %w", err)
	}
	return nil
}
