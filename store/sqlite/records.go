package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"tabletop/store"
)

var _ store.Recorder = (*Store)(nil)

// ClaimRecord stores value under key unless a record has that key, and
// returns the record's value and whether this call stored it.
func (s *Store) ClaimRecord(ctx context.Context, key string, value []byte) ([]byte, bool, error) {
	if err := store.CheckRecord(key, value); err != nil {
		return nil, false, err
	}
	if value == nil {
		value = []byte{} // an empty record, not NULL
	}
	var (
		stored []byte
		first  bool
	)
	err := s.do(ctx, func(tx *sql.Tx) error {
		res, err := tx.Exec("INSERT INTO records (key, value, created) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING", key, value, s.now())
		if err != nil {
			return fmt.Errorf("sqlite: claim record: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("sqlite: claim record: %w", err)
		}
		if first = n == 1; first {
			stored = value
			return nil
		}
		if err := tx.QueryRow("SELECT value FROM records WHERE key = ?", key).Scan(&stored); err != nil {
			return fmt.Errorf("sqlite: claim record: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, false, err
	}
	return stored, first, nil
}

// Record returns the value stored under key, or store.ErrNoRecord.
func (s *Store) Record(ctx context.Context, key string) ([]byte, error) {
	var v []byte
	err := s.rdb.QueryRowContext(ctx, "SELECT value FROM records WHERE key = ?", key).Scan(&v)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, store.ErrNoRecord
	case err != nil:
		return nil, fmt.Errorf("sqlite: record: %w", err)
	}
	return v, nil
}

// RecordKeys returns the keys of up to limit records, in byte order,
// starting after the key after ("" for the first): a caller pages through
// every record (tabletop copy).
func (s *Store) RecordKeys(ctx context.Context, after string, limit int) ([]string, error) {
	rows, err := s.rdb.QueryContext(ctx, "SELECT key FROM records WHERE key > ? ORDER BY key LIMIT ?", after, limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: list record keys: %w", err)
	}
	defer rows.Close()
	var keys []string
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return nil, fmt.Errorf("sqlite: list record keys: %w", err)
		}
		keys = append(keys, k)
	}
	return keys, rows.Err()
}
