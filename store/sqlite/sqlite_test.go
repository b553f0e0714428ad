package sqlite_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/store"
	"tabletop/store/sqlite"
)

func mustOpen(tb testing.TB, path string) *sqlite.Store {
	tb.Helper()
	s, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		tb.Fatalf("Open: %v", err)
	}
	tb.Cleanup(func() { s.Close() })
	return s
}

// mustTable creates a duel table in s and returns the engine table beside it.
func mustTable(tb testing.TB, s store.Store, id string) *engine.Table {
	tb.Helper()
	tab, err := engine.NewTable(duel.Game, engine.Options{"rounds": "3"}, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo", Bot: "random"}}, dice.Seed{4, 2})
	if err != nil {
		tb.Fatal(err)
	}
	rec := store.Table{ID: id, Listed: true, TokenHashes: [][]byte{{1, 2, 3}, nil}, Export: tab.Export(true)}
	if err := s.CreateTable(context.Background(), rec); err != nil {
		tb.Fatalf("CreateTable: %v", err)
	}
	return tab
}

// act plays seat's stance on tab and returns the new log entry.
func act(tb testing.TB, tab *engine.Table, seat engine.Seat, stance string) engine.Entry {
	tb.Helper()
	if _, err := tab.Act(seat, duel.Stance{Stance: stance}); err != nil {
		tb.Fatal(err)
	}
	return tab.Log(tab.Len() - 1)[0]
}

func TestStore_AppendedEntriesReplayAfterReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	s := mustOpen(t, path)
	ctx := context.Background()
	tab := mustTable(t, s, "abc")
	seq := 0
	for _, st := range []string{duel.Attack, duel.Guard, duel.Attack, duel.Attack} {
		for _, seat := range tab.State().Pending() {
			var err error
			if seq, err = s.Append(ctx, "abc", seq, act(t, tab, seat, st)); err != nil {
				t.Fatalf("Append: %v", err)
			}
			if _, over := tab.Over(); over {
				break
			}
		}
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	s = mustOpen(t, path)
	rec, err := s.LoadTable(ctx, "abc")
	if err != nil {
		t.Fatalf("LoadTable: %v", err)
	}
	if rec.Seq != tab.Len() || len(rec.Export.Log) != tab.Len() {
		t.Fatalf("LoadTable: seq %d with %d entries, want %d", rec.Seq, len(rec.Export.Log), tab.Len())
	}
	if !rec.Listed || len(rec.TokenHashes) != 2 || string(rec.TokenHashes[0]) != "\x01\x02\x03" || rec.TokenHashes[1] != nil {
		t.Fatalf("LoadTable: listed %v, token hashes %v", rec.Listed, rec.TokenHashes)
	}
	back, err := engine.Replay(duel.Game, rec.Export)
	if err != nil {
		t.Fatalf("Replay of the stored table: %v", err)
	}
	if back.Len() != tab.Len() || back.Commitment() != tab.Commitment() {
		t.Fatalf("replayed %d entries, want %d", back.Len(), tab.Len())
	}
}

func TestStore_Errors(t *testing.T) {
	s := mustOpen(t, filepath.Join(t.TempDir(), "t.db"))
	ctx := context.Background()
	tab := mustTable(t, s, "abc")
	fresh := tab.Export(true)
	e := act(t, tab, 0, duel.Attack)
	tests := []struct {
		name string
		do   func() error
		want error
	}{
		{"load unknown table", func() error { _, err := s.LoadTable(ctx, "nope"); return err }, store.ErrNotFound},
		{"append to unknown table", func() error { _, err := s.Append(ctx, "nope", 0, e); return err }, store.ErrNotFound},
		{"append ahead of the log", func() error { _, err := s.Append(ctx, "abc", 3, e); return err }, store.ErrVersionConflict},
		{"create an existing id", func() error {
			return s.CreateTable(ctx, store.Table{ID: "abc", TokenHashes: make([][]byte, 2), Export: fresh})
		}, store.ErrExists},
		{"finish unknown table", func() error { return s.Finish(ctx, "nope", "x") }, store.ErrNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.do(); !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}
	if rec, err := s.LoadTable(ctx, "abc"); err != nil || rec.Seq != 0 {
		t.Fatalf("after refused writes: seq %d, err %v; want 0, nil", rec.Seq, err)
	}
}

func TestStore_RacingAppendsExactlyOneWins(t *testing.T) {
	s := mustOpen(t, filepath.Join(t.TempDir(), "t.db"))
	ctx := context.Background()
	for round := range 20 {
		id := fmt.Sprint("race", round)
		tab := mustTable(t, s, id)
		a, b := act(t, tab, 0, duel.Attack), act(t, tab, 1, duel.Guard)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, e := range []engine.Entry{a, b} {
			wg.Go(func() { _, errs[i] = s.Append(ctx, id, 0, e) })
		}
		wg.Wait()
		wins := 0
		for _, err := range errs {
			switch {
			case err == nil:
				wins++
			case !errors.Is(err, store.ErrVersionConflict):
				t.Fatalf("losing append: err = %v, want ErrVersionConflict", err)
			}
		}
		if wins != 1 {
			t.Fatalf("%d of 2 racing appends won (errors %v), want exactly 1", wins, errs)
		}
		if rec, err := s.LoadTable(ctx, id); err != nil || rec.Seq != 1 {
			t.Fatalf("after the race: seq %d, err %v; want 1", rec.Seq, err)
		}
	}
}

func TestStore_ConcurrentAppendsToManyTablesAllCommit(t *testing.T) {
	s := mustOpen(t, filepath.Join(t.TempDir(), "t.db"))
	ctx := context.Background()
	const tables, actions = 16, 6
	var wg sync.WaitGroup
	errs := make(chan error, tables)
	for i := range tables {
		id := fmt.Sprint("t", i)
		tab := mustTable(t, s, id)
		wg.Go(func() {
			for n := range actions {
				seat := tab.State().Pending()[0]
				if _, err := tab.Act(seat, duel.Stance{Stance: duel.Guard}); err != nil {
					errs <- err
					return
				}
				if _, err := s.Append(ctx, id, n, tab.Log(n)[0]); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatalf("append: %v", err)
	}
	for i := range tables {
		if rec, err := s.LoadTable(ctx, fmt.Sprint("t", i)); err != nil || rec.Seq != actions {
			t.Fatalf("table %d: seq %d, err %v; want %d", i, rec.Seq, err, actions)
		}
	}
}

func TestStore_ListOpenLeavesOutFinishedAndUnlisted(t *testing.T) {
	s := mustOpen(t, filepath.Join(t.TempDir(), "t.db"))
	ctx := context.Background()
	mustTable(t, s, "open")
	mustTable(t, s, "done")
	tab, _ := engine.NewTable(duel.Game, nil, make([]engine.SeatInfo, 2), dice.Seed{1})
	if err := s.CreateTable(ctx, store.Table{ID: "private", TokenHashes: make([][]byte, 2), Export: tab.Export(true)}); err != nil {
		t.Fatal(err)
	}
	if err := s.Finish(ctx, "done", "seat 0 wins"); err != nil {
		t.Fatal(err)
	}
	list, err := s.ListOpen(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].ID != "open" || list[0].Game != "duel" || len(list[0].Seats) != 2 {
		t.Fatalf("ListOpen = %+v, want only the open table", list)
	}
}

func TestStore_WritesAfterCloseFail(t *testing.T) {
	s := mustOpen(t, filepath.Join(t.TempDir(), "t.db"))
	tab := mustTable(t, s, "abc")
	s.Close()
	if _, err := s.Append(context.Background(), "abc", 0, act(t, tab, 0, duel.Guard)); !errors.Is(err, sqlite.ErrClosed) {
		t.Fatalf("Append after Close: err = %v, want ErrClosed", err)
	}
}

func BenchmarkStoreAppend(b *testing.B) {
	s := mustOpen(b, filepath.Join(b.TempDir(), "t.db"))
	tab := mustTable(b, s, "abc")
	e := act(b, tab, 0, duel.Guard)
	ctx := context.Background()
	seq := 0
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if seq, err = s.Append(ctx, "abc", seq, e); err != nil {
			b.Fatal(err)
		}
	}
}
