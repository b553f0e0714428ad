package postgres

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"

	"tabletop/store"
)

// channel is the notification channel every append announces itself on,
// with the payload "SEQ TABLE-ID".
const channel = "tabletop_log"

// listenerName and announcerName are the application_name of the
// listening and the notifying connection, by which operators (and tests)
// find them in pg_stat_activity.
const (
	listenerName  = "tabletop-listener"
	announcerName = "tabletop-announcer"
)

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

// Seq returns the number of entries in table id's log (store.Notifier).
func (s *Store) Seq(ctx context.Context, id string) (int, error) {
	if err := s.check(); err != nil {
		return 0, err
	}
	var seq int
	err := s.pool.QueryRow(ctx, "SELECT seq FROM tables WHERE id = $1", id).Scan(&seq)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return 0, store.ErrNotFound
	case err != nil:
		return 0, fmt.Errorf("postgres: %w", err)
	}
	return seq, nil
}

// Seqs returns the number of entries in the log of each of the tables ids
// that it holds (store.Notifier).
func (s *Store) Seqs(ctx context.Context, ids []string) (map[string]int, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	rows, err := s.pool.Query(ctx, "SELECT id, seq FROM tables WHERE id = ANY($1)", ids)
	if err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	defer rows.Close()
	out := make(map[string]int, len(ids))
	for rows.Next() {
		var id string
		var seq int
		if err := rows.Scan(&id, &seq); err != nil {
			return nil, fmt.Errorf("postgres: %w", err)
		}
		out[id] = seq
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgres: %w", err)
	}
	return out, nil
}

// listenConn opens a connection of its own, like the pool's, and listens
// on channel.
func (s *Store) listenConn(ctx context.Context) (*pgx.Conn, error) {
	conn, err := s.ownConn(ctx, listenerName, nil)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		conn.Close(context.Background())
		return nil, err
	}
	return conn, nil
}

// ownConn opens a connection outside the pool, configured like the pool's,
// named name in pg_stat_activity and with the given settings.
func (s *Store) ownConn(ctx context.Context, name string, settings map[string]string) (*pgx.Conn, error) {
	cfg := s.pool.Config().ConnConfig.Copy()
	cfg.RuntimeParams["application_name"] = name
	for k, v := range settings {
		cfg.RuntimeParams[k] = v
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return pgx.ConnectConfig(ctx, cfg)
}

// announcer sends the changes this store appends as notifications, after
// their commits, in batches, on a connection of its own
// (tabletop-announcer) with synchronous_commit off. Sending them in the
// appends' own transactions would make every append wait for the others'
// flushes (see appendSQL). An append returns once its change is sent, so
// that an acknowledged action is always announced: only an instance dying
// between an append's commit and its announcement (before acknowledging
// it) leaves the others to find the change later (a refused action, the
// bots' lease, the table's next change). A notification lost in a database
// crash costs nothing: every listener reconnects then and rechecks all.
type announcer struct {
	mu     sync.RWMutex // guards closed against sends on queue
	closed bool
	queue  chan announcement
	done   chan struct{}
	errs   atomic.Int64
}

// announcement is a change waiting to be sent; sent is closed once it is
// (or once sending it failed).
type announcement struct {
	store.Change
	sent chan struct{}
}

const (
	announceQueue = 4096
	announceBatch = 512
	announceWait  = 5 * time.Second // at most, for an append
)

func (s *Store) startAnnouncer() {
	s.ann.queue = make(chan announcement, announceQueue)
	s.ann.done = make(chan struct{})
	go s.announceLoop()
}

// stopAnnouncer sends what is queued and stops the announcer.
func (s *Store) stopAnnouncer() {
	s.ann.mu.Lock()
	if !s.ann.closed {
		s.ann.closed = true
		close(s.ann.queue)
	}
	s.ann.mu.Unlock()
	<-s.ann.done
}

// announce sends c and returns once it is sent, or after announceWait (the
// database is slow to take notifications, or down): the others then learn
// of the table's next change instead.
func (s *Store) announce(c store.Change) {
	a := announcement{Change: c, sent: make(chan struct{})}
	t := time.NewTimer(announceWait)
	defer t.Stop()
	s.ann.mu.RLock()
	if s.ann.closed {
		s.ann.mu.RUnlock()
		return
	}
	select {
	case s.ann.queue <- a:
	case <-t.C:
		s.ann.mu.RUnlock()
		s.ann.errs.Add(1)
		return
	}
	s.ann.mu.RUnlock()
	select {
	case <-a.sent:
	case <-t.C:
	}
}

// announceLoop sends the queued changes until the queue is closed: each
// batch in one statement, a table's latest change only.
func (s *Store) announceLoop() {
	defer close(s.ann.done)
	var conn *pgx.Conn
	defer func() {
		if conn != nil {
			conn.Close(context.Background())
		}
	}()
	latest := make(map[string]int)
	batch := make([]announcement, 0, announceBatch)
	payloads := make([]string, 0, announceBatch)
	for first := range s.ann.queue {
		batch = append(batch[:0], first)
	drain:
		for len(batch) < announceBatch {
			select {
			case a, ok := <-s.ann.queue:
				if !ok {
					break drain
				}
				batch = append(batch, a)
			default:
				break drain
			}
		}
		clear(latest)
		for _, a := range batch {
			latest[a.Table] = max(latest[a.Table], a.Seq)
		}
		payloads = payloads[:0]
		for id, seq := range latest {
			payloads = append(payloads, strconv.Itoa(seq)+" "+id)
		}
		conn = s.sendAnnouncements(conn, payloads)
		for _, a := range batch {
			close(a.sent)
		}
	}
}

// sendAnnouncements sends payloads on conn (connecting if it is nil),
// trying three times, and returns the connection to use next.
func (s *Store) sendAnnouncements(conn *pgx.Conn, payloads []string) *pgx.Conn {
	for attempt := range 3 {
		if attempt > 0 {
			time.Sleep(time.Duration(attempt) * 100 * time.Millisecond)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		var err error
		if conn == nil {
			conn, err = s.ownConn(ctx, announcerName, map[string]string{"synchronous_commit": "off"})
		}
		if err == nil {
			_, err = conn.Exec(ctx, "SELECT count(*) FROM (SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p) AS sent", channel, payloads)
		}
		cancel()
		if err == nil {
			return conn
		}
		s.ann.errs.Add(1)
		if conn != nil {
			conn.Close(context.Background())
			conn = nil
		}
	}
	return conn
}

// AnnounceErrors is how many times sending notifications failed (each
// batch is tried three times) or one was dropped from a full queue.
func (s *Store) AnnounceErrors() int64 { return s.ann.errs.Load() }

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
