package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"tabletop/store"
)

// channel is the notification channel every append announces itself on,
// with the payload "SEQ TABLE-ID".
const channel = "tabletop_log"

// listenerName is the application_name of the listening connection, by
// which operators (and tests) find it in pg_stat_activity.
const listenerName = "tabletop-listener"

// Reconnection waits between failed attempts, doubling from the first to
// the last.
const (
	firstRetry = 50 * time.Millisecond
	lastRetry  = 5 * time.Second
)

var _ store.Notifier = (*Store)(nil)

// Subscribe returns a channel of the changes appended by any instance on
// this database (store.Notifier). It holds one connection of its own,
// outside the pool, listening on channel; when that connection is lost it
// connects again (waiting up to 5 seconds between attempts) and sends the
// zero Change, since appends made meanwhile went unannounced. It sends one
// after connecting the first time too. The channel is closed once ctx
// ends.
func (s *Store) Subscribe(ctx context.Context) <-chan store.Change {
	ch := make(chan store.Change, 256)
	go s.listen(ctx, ch)
	return ch
}

func (s *Store) listen(ctx context.Context, ch chan<- store.Change) {
	defer close(ch)
	send := func(c store.Change) bool {
		select {
		case ch <- c:
			return true
		case <-ctx.Done():
			return false
		}
	}
	wait := firstRetry
	for ctx.Err() == nil {
		conn, err := s.listenConn(ctx)
		if err != nil {
			s.listenErrs.Add(1)
			select {
			case <-time.After(wait):
			case <-ctx.Done():
			}
			wait = min(2*wait, lastRetry)
			continue
		}
		wait = firstRetry
		// Listening now: whatever was appended before is in the tables,
		// whatever is appended from now on will be announced.
		ok := send(store.Change{})
		for ok {
			n, err := conn.WaitForNotification(ctx)
			if err != nil {
				if ctx.Err() == nil {
					s.listenErrs.Add(1)
				}
				break
			}
			if c, good := parseChange(n.Payload); good {
				ok = send(c)
			}
		}
		closeCtx, cancel := context.WithTimeout(context.Background(), time.Second)
		conn.Close(closeCtx)
		cancel()
	}
}

// listenConn opens a connection of its own, like the pool's, and listens
// on channel.
func (s *Store) listenConn(ctx context.Context) (*pgx.Conn, error) {
	cfg := s.pool.Config().ConnConfig.Copy()
	cfg.RuntimeParams["application_name"] = listenerName
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		conn.Close(context.Background())
		return nil, err
	}
	return conn, nil
}

// ListenErrors is how many times the listening connection failed or could
// not be made (for metrics and tests).
func (s *Store) ListenErrors() int64 { return s.listenErrs.Load() }

// parseChange reads a payload "SEQ TABLE-ID".
func parseChange(payload string) (store.Change, bool) {
	num, id, ok := strings.Cut(payload, " ")
	seq, err := strconv.Atoi(num)
	if !ok || err != nil || id == "" {
		return store.Change{}, false
	}
	return store.Change{Table: id, Seq: seq}, true
}

var _ store.Leaser = (*Store)(nil)

// LeaseBots takes or renews table id's bot lease for holder until ttl from
// now, by the database's clock, and returns the log's length with it
// (store.Leaser).
func (s *Store) LeaseBots(ctx context.Context, id, holder string, ttl time.Duration) (bool, int, error) {
	if err := s.check(); err != nil {
		return false, 0, err
	}
	var seq int
	err := s.pool.QueryRow(ctx, `WITH leased AS (
			INSERT INTO bot_leases (table_id, holder, expires) VALUES ($1, $2, now() + make_interval(secs => $3))
			ON CONFLICT (table_id) DO UPDATE SET holder = excluded.holder, expires = excluded.expires
			WHERE bot_leases.holder = excluded.holder OR bot_leases.expires < now()
			RETURNING table_id)
		SELECT tables.seq FROM leased JOIN tables ON tables.id = leased.table_id`, id, holder, ttl.Seconds()).Scan(&seq)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return false, 0, nil
	case isForeignKeyViolation(err):
		return false, 0, store.ErrNotFound
	case err != nil:
		return false, 0, fmt.Errorf("postgres: lease bots: %w", err)
	}
	return true, seq, nil
}

// ReleaseBots gives up holder's bot lease of table id (store.Leaser).
func (s *Store) ReleaseBots(ctx context.Context, id, holder string) error {
	if err := s.check(); err != nil {
		return err
	}
	if _, err := s.pool.Exec(ctx, "DELETE FROM bot_leases WHERE table_id = $1 AND holder = $2", id, holder); err != nil {
		return fmt.Errorf("postgres: release bots: %w", err)
	}
	return nil
}
