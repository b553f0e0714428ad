package postgres

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"tabletop/store"
)

var _ store.Recorder = (*Store)(nil)

// ClaimRecord stores value under key unless a record has that key, and
// returns the record's value and whether this call stored it. Of claims
// racing on several instances, the primary key lets exactly one insert.
func (s *Store) ClaimRecord(ctx context.Context, key string, value []byte) ([]byte, bool, error) {
	if err := s.check(); err != nil {
		return nil, false, err
	}
	if err := store.CheckRecord(key, value); err != nil {
		return nil, false, err
	}
	if value == nil {
		value = []byte{}
	}
	// The insert, and when it inserts nothing the row that stopped it: a
	// row committed by a racing claim is seen once the insert waited for
	// it, so the loop ends on the second turn at the latest.
	for range 3 {
		var stored []byte
		err := s.pool.QueryRow(ctx, "INSERT INTO records (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING value", key, value).Scan(&stored)
		if err == nil {
			return stored, true, nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return nil, false, fmt.Errorf("postgres: claim record: %w", err)
		}
		v, err := s.Record(ctx, key)
		if err == nil {
			return v, false, nil
		}
		if !errors.Is(err, store.ErrNoRecord) {
			return nil, false, err
		}
	}
	return nil, false, fmt.Errorf("postgres: claim record %q: neither stored nor found", key)
}

// Record returns the value stored under key, or store.ErrNoRecord.
func (s *Store) Record(ctx context.Context, key string) ([]byte, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	var v []byte
	err := s.pool.QueryRow(ctx, "SELECT value FROM records WHERE key = $1", key).Scan(&v)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return nil, store.ErrNoRecord
	case err != nil:
		return nil, fmt.Errorf("postgres: record: %w", err)
	}
	return v, nil
}

// RecordKeys returns the keys of up to limit records, in byte order,
// starting after the key after ("" for the first): a caller pages through
// every record (tabletop copy).
func (s *Store) RecordKeys(ctx context.Context, after string, limit int) ([]string, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, "SELECT key FROM records WHERE key COLLATE \"C\" > $1 ORDER BY key COLLATE \"C\" LIMIT $2", after, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: list record keys: %w", err)
	}
	keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("postgres: list record keys: %w", err)
	}
	return keys, nil
}
