package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"

	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/internal/pgtest"
	"tabletop/store"
	"tabletop/store/postgres"
	"tabletop/store/storetest"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

func mustOpen(tb testing.TB, dsn string) *postgres.Store {
	tb.Helper()
	s, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return mustOpen(t, pgtest.DSN(t)) })
}

// TestTwoStoresRacingAppendsExactlyOneWins is two server instances (two
// stores, two pools) on one database appending at the same position of one
// table: exactly one append wins, the other gets ErrVersionConflict, and the
// log holds the winner's entry alone.
func TestTwoStoresRacingAppendsExactlyOneWins(t *testing.T) {
	dsn := pgtest.DSN(t)
	a, b := mustOpen(t, dsn), mustOpen(t, dsn)
	ctx := context.Background()
	for round := range 30 {
		id := fmt.Sprint("race", round)
		tab := storetest.MustTable(t, a, id)
		entries := []engine.Entry{storetest.MustAct(t, tab, 0, duel.Attack), storetest.MustAct(t, tab, 1, duel.Guard)}
		errs := make([]error, 2)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, s := range []*postgres.Store{a, b} {
			wg.Go(func() {
				<-start
				_, errs[i] = s.Append(ctx, id, 0, entries[i])
			})
		}
		close(start)
		wg.Wait()
		winner := -1
		for i, err := range errs {
			switch {
			case err == nil && winner < 0:
				winner = i
			case err == nil:
				t.Fatalf("round %d: both appends won", round)
			case !errors.Is(err, store.ErrVersionConflict):
				t.Fatalf("round %d: losing append: err = %v, want ErrVersionConflict", round, err)
			}
		}
		if winner < 0 {
			t.Fatalf("round %d: no append won: %v", round, errs)
		}
		rec, err := b.LoadTable(ctx, id)
		if err != nil || rec.Seq != 1 || rec.Export.Log[0].Seat != entries[winner].Seat {
			t.Fatalf("round %d: after the race: seq %d, log %+v, err %v; want the winner's entry alone", round, rec.Seq, rec.Export.Log, err)
		}
	}
}

func TestMigrateAppliesEachMigrationOnce(t *testing.T) {
	dsn := pgtest.DSN(t)
	ctx := context.Background()
	applied, err := postgres.Migrate(ctx, dsn)
	if err != nil || len(applied) == 0 || applied[0] != "001_tables.sql" {
		t.Fatalf("Migrate on an empty database = %v, %v; want 001_tables.sql first", applied, err)
	}
	again, err := postgres.Migrate(ctx, dsn)
	if err != nil || len(again) != 0 {
		t.Fatalf("Migrate again = %v, %v; want nothing applied", again, err)
	}
	mustOpen(t, dsn) // Open migrates too, and finds nothing to do
}

// TestConcurrentOpensMigrateOnce is several instances starting together on
// an empty database: the advisory lock lets one apply the migrations, and
// the others find them applied.
func TestConcurrentOpensMigrateOnce(t *testing.T) {
	dsn := pgtest.DSN(t)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Go(func() {
			s, err := postgres.Open(context.Background(), dsn)
			if err == nil {
				s.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("Open %d: %v", i, err)
		}
	}
}

func TestStore_LogSurvivesCloseAndReopen(t *testing.T) {
	dsn := pgtest.DSN(t)
	s := mustOpen(t, dsn)
	ctx := context.Background()
	tab := storetest.MustTable(t, s, "abc")
	if _, err := s.Append(ctx, "abc", 0, storetest.MustAct(t, tab, 0, duel.Attack), storetest.MustAct(t, tab, 1, duel.Guard)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	rec, err := mustOpen(t, dsn).LoadTable(ctx, "abc")
	if err != nil || rec.Seq != 2 || len(rec.Export.Log) != 2 || rec.Export.Seed != tab.Export(true).Seed {
		t.Fatalf("after reopening: seq %d, %d entries, err %v; want 2, 2, nil and the seed", rec.Seq, len(rec.Export.Log), err)
	}
}

func TestStore_CallsAfterCloseFail(t *testing.T) {
	s := mustOpen(t, pgtest.DSN(t))
	tab := storetest.MustTable(t, s, "abc")
	s.Close()
	if _, err := s.Append(context.Background(), "abc", 0, storetest.MustAct(t, tab, 0, duel.Guard)); !errors.Is(err, postgres.ErrClosed) {
		t.Fatalf("Append after Close: err = %v, want ErrClosed", err)
	}
}

func TestIsDSN(t *testing.T) {
	for _, tt := range []struct {
		db   string
		want bool
	}{
		{"postgres://u@h/db", true},
		{"postgresql://h/db?sslmode=disable", true},
		{"tabletop.db", false},
		{"/var/lib/postgres/tabletop.db", false},
	} {
		if got := postgres.IsDSN(tt.db); got != tt.want {
			t.Errorf("IsDSN(%q) = %v, want %v", tt.db, got, tt.want)
		}
	}
}

// TestPingSaysTheDatabaseTakesWrites: Ping succeeds on a primary and fails
// with ErrClosed after Close.
func TestPingSaysTheDatabaseTakesWrites(t *testing.T) {
	s := mustOpen(t, pgtest.DSN(t))
	if err := s.Ping(context.Background()); err != nil {
		t.Fatalf("Ping: %v", err)
	}
	s.Close()
	if err := s.Ping(context.Background()); !errors.Is(err, postgres.ErrClosed) {
		t.Fatalf("Ping after Close: err = %v, want ErrClosed", err)
	}
}

// BenchmarkStoreAppend is one append at a time, each a round trip, a commit
// and its announcement. The throwaway cluster runs with fsync off: this
// measures the store's own cost, not the disk's (bench/scale.sh measures a
// durable cluster).
func BenchmarkStoreAppend(b *testing.B) {
	storetest.BenchAppend(b, mustOpen(b, pgtest.DSN(b)))
}

// BenchmarkStoreAppendParallel is appends from 16 goroutines per CPU, each
// to its own table.
func BenchmarkStoreAppendParallel(b *testing.B) {
	storetest.BenchAppendParallel(b, mustOpen(b, pgtest.DSN(b)))
}

// TestTwoStoresCreationCapsHold is two server instances (two stores, two
// pools) on one database counting table creations at once: the caps per
// client and in total hold across both.
func TestTwoStoresCreationCapsHold(t *testing.T) {
	dsn := pgtest.DSN(t)
	storetest.RunCreationCaps(t, mustOpen(t, dsn), mustOpen(t, dsn))
}
