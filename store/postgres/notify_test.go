package postgres_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"tabletop/internal/duel"
	"tabletop/internal/pgtest"
	"tabletop/store"
	"tabletop/store/postgres"
	"tabletop/store/storetest"
)

// next returns the next change on ch, failing after 10 seconds.
func next(t *testing.T, ch <-chan store.Change) store.Change {
	t.Helper()
	select {
	case c, ok := <-ch:
		if !ok {
			t.Fatal("the change channel closed")
		}
		return c
	case <-time.After(10 * time.Second):
		t.Fatal("no change within 10s")
	}
	return store.Change{}
}

func TestSubscribe_AnnouncesTheAppendsOfEveryInstance(t *testing.T) {
	dsn := pgtest.DSN(t)
	a, b := mustOpen(t, dsn), mustOpen(t, dsn)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch := b.Subscribe(ctx)
	if c := next(t, ch); c != (store.Change{}) {
		t.Fatalf("first change = %+v, want the zero Change (listening from now on)", c)
	}
	tab := storetest.MustTable(t, a, "abc")
	if _, err := a.Append(ctx, "abc", 0, storetest.MustAct(t, tab, 0, duel.Attack), storetest.MustAct(t, tab, 1, duel.Guard)); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Append(ctx, "abc", 0, storetest.MustAct(t, tab, 0, duel.Guard)); !errors.Is(err, store.ErrVersionConflict) {
		t.Fatalf("stale append: %v", err) // refused: announces nothing
	}
	if _, err := b.Finish(ctx, "abc", 2, "over"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []store.Change{{Table: "abc", Seq: 2}, {Table: "abc", Seq: 2}} {
		if c := next(t, ch); c != want {
			t.Fatalf("change = %+v, want %+v", c, want)
		}
	}
	cancel()
	for range ch { // drains, then closes
	}
}

// TestSubscribe_ReconnectsAfterLosingItsConnection kills the listening
// connection from the server side: the store connects again, says that
// changes may have been missed (the zero Change), and announces appends
// again.
func TestSubscribe_ReconnectsAfterLosingItsConnection(t *testing.T) {
	dsn := pgtest.DSN(t)
	s := mustOpen(t, dsn)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ch := s.Subscribe(ctx)
	next(t, ch)
	tab := storetest.MustTable(t, s, "abc")
	admin, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	var killed int
	err = admin.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE application_name = 'tabletop-listener' AND datname = current_database()`).Scan(&killed)
	if err != nil || killed != 1 {
		t.Fatalf("terminated %d listeners (%v), want 1", killed, err)
	}
	if c := next(t, ch); c != (store.Change{}) {
		t.Fatalf("after the lost connection: change %+v, want the zero Change", c)
	}
	if s.ListenErrors() < 1 {
		t.Errorf("ListenErrors = %d after a lost connection", s.ListenErrors())
	}
	if _, err := s.Append(ctx, "abc", 0, storetest.MustAct(t, tab, 0, duel.Attack)); err != nil {
		t.Fatal(err)
	}
	if c := next(t, ch); c != (store.Change{Table: "abc", Seq: 1}) {
		t.Fatalf("after reconnecting: change %+v, want abc at 1", c)
	}
}

func TestLeaseBots_OneHolderAtATimeTakenOverOnceItRunsOut(t *testing.T) {
	dsn := pgtest.DSN(t)
	a, b := mustOpen(t, dsn), mustOpen(t, dsn)
	ctx := context.Background()
	tab := storetest.MustTable(t, a, "abc")
	if _, err := a.Append(ctx, "abc", 0, storetest.MustAct(t, tab, 0, duel.Guard)); err != nil {
		t.Fatal(err)
	}
	lease := func(s *postgres.Store, holder string, ttl time.Duration, want bool) {
		t.Helper()
		got, seq, err := s.LeaseBots(ctx, "abc", holder, ttl)
		if err != nil || got != want || (got && seq != 1) {
			t.Fatalf("LeaseBots(%s, %v) = %v, %d, %v; want %v (and the log's 1 entry)", holder, ttl, got, seq, err, want)
		}
	}
	lease(a, "A", time.Hour, true)
	lease(b, "B", time.Hour, false)
	lease(a, "A", time.Hour, true) // renewed
	if err := b.ReleaseBots(ctx, "abc", "B"); err != nil {
		t.Fatal(err)
	}
	lease(b, "B", time.Hour, false) // B's release freed nothing of A's
	if err := a.ReleaseBots(ctx, "abc", "A"); err != nil {
		t.Fatal(err)
	}
	lease(b, "B", 300*time.Millisecond, true)
	lease(a, "A", time.Hour, false)
	time.Sleep(500 * time.Millisecond) // B died: its lease runs out
	lease(a, "A", time.Hour, true)
	if _, _, err := a.LeaseBots(ctx, "nope", "A", time.Hour); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the lease of an unknown table: err = %v, want ErrNotFound", err)
	}
}

func TestSeq_IsTheLogLengthNow(t *testing.T) {
	s := mustOpen(t, pgtest.DSN(t))
	ctx := context.Background()
	tab := storetest.MustTable(t, s, "abc")
	if n, err := s.Seq(ctx, "abc"); n != 0 || err != nil {
		t.Fatalf("Seq of a new table = %d, %v; want 0", n, err)
	}
	if _, err := s.Append(ctx, "abc", 0, storetest.MustAct(t, tab, 0, duel.Guard), storetest.MustAct(t, tab, 1, duel.Guard)); err != nil {
		t.Fatal(err)
	}
	if n, err := s.Seq(ctx, "abc"); n != 2 || err != nil {
		t.Fatalf("Seq after two entries = %d, %v; want 2", n, err)
	}
	if _, err := s.Seq(ctx, "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Seq of an unknown table: err = %v, want ErrNotFound", err)
	}
	storetest.MustTable(t, s, "new")
	if got, err := s.Seqs(ctx, []string{"abc", "nope", "new"}); err != nil || len(got) != 2 || got["abc"] != 2 || got["new"] != 0 {
		t.Fatalf("Seqs = %v, %v; want abc at 2, new at 0, nope left out", got, err)
	}
}
