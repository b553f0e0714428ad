// Package storetest is the conformance suite every store.Store runs:
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) store.Store { return mustOpen(t) })
//	}
//
// It checks the contract documented on store.Store with duel tables: the log
// round-trips through engine.Replay, refused writes change nothing, of two
// appends racing at the same sequence number exactly one wins, concurrent
// appends to many tables all commit, the lobby's list leaves out finished
// and unlisted tables, a table comes back with its latest snapshot, Finish
// stores the last entries and the outcome together or not at all,
// TableIDs pages through every table, finished and unlisted ones included,
// records (store.Recorder) are written once, one racing claim first, and of
// people joining an open seat at once exactly one gets it.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/store"
)

// Run runs the suite; open returns a new, empty store, closed by the caller's
// cleanup.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	t.Run("AppendedEntriesReplay", func(t *testing.T) { testReplay(t, open(t)) })
	t.Run("RefusedWritesChangeNothing", func(t *testing.T) { testErrors(t, open(t)) })
	t.Run("RacingAppendsExactlyOneWins", func(t *testing.T) { testRace(t, open(t)) })
	t.Run("ConcurrentAppendsToManyTablesAllCommit", func(t *testing.T) { testConcurrent(t, open(t)) })
	t.Run("ListOpenListsOnlyOpenListedTablesWithTheirOptions", func(t *testing.T) { testList(t, open(t)) })
	t.Run("LoadTableReturnsTheLatestSnapshot", func(t *testing.T) { testSnapshots(t, open(t)) })
	t.Run("FinishStoresTheLastEntriesAndTheOutcomeTogether", func(t *testing.T) { testFinish(t, open(t)) })
	t.Run("TableIDsPagesThroughEveryTable", func(t *testing.T) { testTableIDs(t, open(t)) })
	t.Run("RecordsAreWrittenOnceAndOneRacingClaimWins", func(t *testing.T) { testRecords(t, open(t)) })
	t.Run("RecordKeysPagesThroughEveryRecord", func(t *testing.T) { testRecordKeys(t, open(t)) })
	t.Run("JoinGivesAnOpenSeatToExactlyOnePerson", func(t *testing.T) { testJoin(t, open(t)) })
}

// testRecords checks store.Recorder: the first claim of a key stores its
// value, later claims get that value back and store nothing, of claims
// racing for one key exactly one is first and all see its value, and keys
// and values beyond the bounds are refused.
func testRecords(t *testing.T, s store.Store) {
	ctx := context.Background()
	r, ok := s.(store.Recorder)
	if !ok {
		t.Fatalf("%T keeps no records (store.Recorder)", s)
	}
	if _, err := r.Record(ctx, "roll/a"); !errors.Is(err, store.ErrNoRecord) {
		t.Fatalf("Record of a key never claimed = %v, want ErrNoRecord", err)
	}
	got, first, err := r.ClaimRecord(ctx, "roll/a", []byte("one"))
	if err != nil || !first || string(got) != "one" {
		t.Fatalf("first ClaimRecord = %q, %v, %v; want \"one\", true", got, first, err)
	}
	got, first, err = r.ClaimRecord(ctx, "roll/a", []byte("two"))
	if err != nil || first || string(got) != "one" {
		t.Fatalf("second ClaimRecord = %q, %v, %v; want the first value \"one\", false", got, first, err)
	}
	if got, err := r.Record(ctx, "roll/a"); err != nil || string(got) != "one" {
		t.Fatalf("Record after two claims = %q, %v; want \"one\"", got, err)
	}
	if got, first, err := r.ClaimRecord(ctx, "roll/empty", nil); err != nil || !first || len(got) != 0 {
		t.Fatalf("ClaimRecord of no value = %q, %v, %v; want an empty record, first", got, first, err)
	}
	if got, err := r.Record(ctx, "roll/empty"); err != nil || len(got) != 0 {
		t.Fatalf("Record of the empty record = %q, %v; want it empty", got, err)
	}
	if _, _, err := r.ClaimRecord(ctx, "", []byte("x")); err == nil {
		t.Error("ClaimRecord with an empty key stored it")
	}
	if _, _, err := r.ClaimRecord(ctx, "roll/big", make([]byte, store.MaxRecordValue+1)); err == nil {
		t.Error("ClaimRecord of a value over MaxRecordValue stored it")
	}
	if _, err := r.Record(ctx, "roll/big"); !errors.Is(err, store.ErrNoRecord) {
		t.Errorf("a refused claim left a record (%v)", err)
	}

	const racers = 8
	var (
		wg     sync.WaitGroup
		firsts = make(chan string, racers)
		seen   = make(chan string, racers)
	)
	for i := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := fmt.Sprintf("racer %d", i)
			got, first, err := r.ClaimRecord(ctx, "roll/race", []byte(v))
			if err != nil {
				t.Errorf("racing ClaimRecord: %v", err)
				return
			}
			if first {
				firsts <- v
			}
			seen <- string(got)
		}()
	}
	wg.Wait()
	close(firsts)
	close(seen)
	var winners []string
	for v := range firsts {
		winners = append(winners, v)
	}
	if len(winners) != 1 {
		t.Fatalf("%d racing claims were first (%v), want exactly 1", len(winners), winners)
	}
	for v := range seen {
		if v != winners[0] {
			t.Errorf("a racing claim saw %q, not the first claim's %q", v, winners[0])
		}
	}
}

// IDLister is what tabletop copy needs beyond store.Store, to find every
// table: both stores implement it.
type IDLister interface {
	TableIDs(ctx context.Context, after string, limit int) ([]string, error)
}

// RecordLister is what tabletop copy needs beyond store.Recorder, to find
// every record: both stores implement it.
type RecordLister interface {
	RecordKeys(ctx context.Context, after string, limit int) ([]string, error)
}

// MustTable creates a listed duel table (Ann, and a bot) in s and returns the
// engine table beside it, for the caller to play and append.
func MustTable(tb testing.TB, s store.Store, id string) *engine.Table {
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

// MustAct plays seat's stance on tab and returns the new log entry.
func MustAct(tb testing.TB, tab *engine.Table, seat engine.Seat, stance string) engine.Entry {
	tb.Helper()
	if _, err := tab.Act(seat, duel.Stance{Stance: stance}); err != nil {
		tb.Fatal(err)
	}
	return tab.Log(tab.Len() - 1)[0]
}

func testReplay(t *testing.T, s store.Store) {
	ctx := context.Background()
	tab := MustTable(t, s, "abc")
	seq := 0
	for _, st := range []string{duel.Attack, duel.Guard, duel.Guard} {
		for _, seat := range tab.State().Pending() {
			var err error
			if seq, err = s.Append(ctx, "abc", seq, MustAct(t, tab, seat, st)); err != nil {
				t.Fatalf("Append: %v", err)
			}
		}
	}
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

func testErrors(t *testing.T, s store.Store) {
	ctx := context.Background()
	tab := MustTable(t, s, "abc")
	fresh := tab.Export(true)
	e := MustAct(t, tab, 0, duel.Attack)
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
		{"finish unknown table", func() error { _, err := s.Finish(ctx, "nope", 0, "x"); return err }, store.ErrNotFound},
		{"finish ahead of the log", func() error { _, err := s.Finish(ctx, "abc", 3, "x", e); return err }, store.ErrVersionConflict},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.do(); !errors.Is(err, tt.want) {
				t.Fatalf("err = %v, want %v", err, tt.want)
			}
		})
	}
	if rec, err := s.LoadTable(ctx, "abc"); err != nil || rec.Seq != 0 || rec.Outcome != "" {
		t.Fatalf("after refused writes: seq %d, outcome %q, err %v; want 0, none, nil", rec.Seq, rec.Outcome, err)
	}
}

// testFinish checks that Finish stores the last entries and the outcome
// together: refused, it stores neither (the table stays open with its log
// as it was); accepted, both.
func testFinish(t *testing.T, s store.Store) {
	ctx := context.Background()
	tab := MustTable(t, s, "fin")
	seq := 0
	for !over(tab) {
		e := MustAct(t, tab, tab.State().Pending()[0], duel.Attack)
		if over(tab) {
			if _, err := s.Finish(ctx, "fin", seq+1, "too late", e); !errors.Is(err, store.ErrVersionConflict) {
				t.Fatalf("Finish at a stale seq: err = %v, want ErrVersionConflict", err)
			}
			open, err := s.ListOpen(ctx, 10)
			if rec, lerr := s.LoadTable(ctx, "fin"); err != nil || lerr != nil || rec.Seq != seq || rec.Outcome != "" || len(open) != 1 {
				t.Fatalf("after a refused Finish: seq %d, outcome %q, %d open (errors %v, %v); want %d, none, 1", rec.Seq, rec.Outcome, len(open), lerr, err, seq)
			}
			out, _ := tab.Over()
			if _, err := s.Finish(ctx, "fin", seq, out.Text, e); err != nil {
				t.Fatalf("Finish: %v", err)
			}
			break
		}
		var err error
		if seq, err = s.Append(ctx, "fin", seq, e); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := s.LoadTable(ctx, "fin")
	if err != nil {
		t.Fatal(err)
	}
	out, _ := tab.Over()
	if rec.Seq != tab.Len() || rec.Outcome != out.Text {
		t.Fatalf("after Finish: seq %d, outcome %q; want %d, %q", rec.Seq, rec.Outcome, tab.Len(), out.Text)
	}
	if open, err := s.ListOpen(ctx, 10); err != nil || len(open) != 0 {
		t.Fatalf("after Finish: ListOpen = %v, %v; want nothing", open, err)
	}
}

func over(tab *engine.Table) bool {
	_, over := tab.Over()
	return over
}

func testRace(t *testing.T, s store.Store) {
	ctx := context.Background()
	for round := range 20 {
		id := fmt.Sprint("race", round)
		tab := MustTable(t, s, id)
		a, b := MustAct(t, tab, 0, duel.Attack), MustAct(t, tab, 1, duel.Guard)
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

func testConcurrent(t *testing.T, s store.Store) {
	ctx := context.Background()
	const tables, actions = 16, 6
	var wg sync.WaitGroup
	errs := make(chan error, tables)
	for i := range tables {
		id := fmt.Sprint("t", i)
		tab := MustTable(t, s, id)
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

func testList(t *testing.T, s store.Store) {
	ctx := context.Background()
	MustTable(t, s, "open")
	MustTable(t, s, "done")
	tab, err := engine.NewTable(duel.Game, nil, make([]engine.SeatInfo, 2), dice.Seed{1})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTable(ctx, store.Table{ID: "private", TokenHashes: make([][]byte, 2), Export: tab.Export(true)}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Finish(ctx, "done", 0, "seat 0 wins"); err != nil {
		t.Fatal(err)
	}
	list, err := s.ListOpen(ctx, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].ID != "open" || list[0].Game != "duel" || len(list[0].Seats) != 2 || list[0].Options["rounds"] != "3" {
		t.Fatalf("ListOpen = %+v, want only the open table, with its options", list)
	}
}

// testSnapshots checks that a table has no snapshot until one is saved, that
// LoadTable returns the latest (an older one saved later does not replace
// it), and that a snapshot beyond the log or of an unknown table is refused.
// The store treats a snapshot's bytes as opaque, so these are made up.
func testSnapshots(t *testing.T, s store.Store) {
	ctx := context.Background()
	tab := MustTable(t, s, "snap")
	seq := 0
	for range 4 {
		var err error
		if seq, err = s.Append(ctx, "snap", seq, MustAct(t, tab, tab.State().Pending()[0], duel.Guard)); err != nil {
			t.Fatal(err)
		}
	}
	if rec, err := s.LoadTable(ctx, "snap"); err != nil || rec.Snapshot != nil {
		t.Fatalf("before any snapshot: snapshot %v, err %v; want none", rec.Snapshot, err)
	}
	snap := func(seq int) engine.Snapshot {
		snap := engine.Snapshot{Seq: seq, RulesVersion: "v1", State: []byte{byte(seq), 0, 1}, Dice: []byte{9, byte(seq)}}
		snap.Sum = snap.Checksum()
		return snap
	}
	for _, n := range []int{2, 4, 3} {
		if err := s.SaveSnapshot(ctx, "snap", snap(n)); err != nil {
			t.Fatalf("SaveSnapshot after entry %d: %v", n, err)
		}
	}
	rec, err := s.LoadTable(ctx, "snap")
	if err != nil {
		t.Fatal(err)
	}
	want := snap(4)
	if got := rec.Snapshot; got == nil || got.Seq != want.Seq || got.RulesVersion != want.RulesVersion ||
		string(got.State) != string(want.State) || string(got.Dice) != string(want.Dice) || got.Sum != want.Sum {
		t.Fatalf("LoadTable's snapshot = %+v, want %+v", got, want)
	}
	if err := s.SaveSnapshot(ctx, "snap", snap(5)); !errors.Is(err, store.ErrVersionConflict) {
		t.Errorf("a snapshot after entry 5 of a log of 4: err = %v, want ErrVersionConflict", err)
	}
	if err := s.SaveSnapshot(ctx, "nope", snap(0)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a snapshot of an unknown table: err = %v, want ErrNotFound", err)
	}
}

// testTableIDs pages through the ids two at a time: every table comes once,
// in byte order (upper case before lower), finished and unlisted included.
func testTableIDs(t *testing.T, s store.Store) {
	l, ok := s.(IDLister)
	if !ok {
		t.Fatalf("%T has no TableIDs method: tabletop copy cannot read it", s)
	}
	ctx := context.Background()
	want := []string{"Zed", "a", "b-done", "c", "d"}
	for _, id := range []string{"c", "a", "d", "Zed", "b-done"} {
		MustTable(t, s, id)
	}
	if _, err := s.Finish(ctx, "b-done", 0, "over"); err != nil {
		t.Fatal(err)
	}
	if got := pages(t, "TableIDs", func(after string) ([]string, error) { return l.TableIDs(ctx, after, 2) }); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("TableIDs pages = %v, want %v", got, want)
	}
}

// pages reads a listing two at a time with page (which asks for the page
// after a key) until a page comes back empty, failing on a page of more
// than two, and returns the keys in the order read (at most a dozen, so a
// listing that never ends stops).
func pages(t *testing.T, name string, page func(after string) ([]string, error)) []string {
	t.Helper()
	var got []string
	for after := ""; len(got) <= 10; {
		p, err := page(after)
		if err != nil {
			t.Fatalf("%s(%q, 2): %v", name, after, err)
		}
		if len(p) > 2 {
			t.Fatalf("%s(%q, 2) = %v: more than 2", name, after, p)
		}
		if len(p) == 0 {
			break
		}
		got = append(got, p...)
		after = p[len(p)-1]
	}
	return got
}

// testRecordKeys pages through the record keys two at a time: every key
// comes once, in byte order (upper case before lower).
func testRecordKeys(t *testing.T, s store.Store) {
	r, ok := s.(store.Recorder)
	if !ok {
		t.Fatalf("%T keeps no records (store.Recorder)", s)
	}
	l, ok := s.(RecordLister)
	if !ok {
		t.Fatalf("%T has no RecordKeys method: tabletop copy cannot read its records", s)
	}
	ctx := context.Background()
	if keys, err := l.RecordKeys(ctx, "", 2); err != nil || len(keys) != 0 {
		t.Fatalf("RecordKeys of no records = %v, %v; want none", keys, err)
	}
	want := []string{"Zed", "a", "b/1", "c", "d"}
	for _, k := range []string{"c", "a", "d", "Zed", "b/1"} {
		if _, _, err := r.ClaimRecord(ctx, k, []byte(k)); err != nil {
			t.Fatal(err)
		}
	}
	if got := pages(t, "RecordKeys", func(after string) ([]string, error) { return l.RecordKeys(ctx, after, 2) }); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("RecordKeys pages = %v, want %v", got, want)
	}
}

// testJoin checks that an open seat is listed and loaded as open, that of
// several people joining it at once exactly one gets it (the others get
// ErrSeatTaken), that the winner's name and token hash are stored and the
// snapshot (which may hold the old name) is dropped, and that a seat that
// was never open, a finished game's seat and an unknown table are refused.
func testJoin(t *testing.T, s store.Store) {
	ctx := context.Background()
	tab, err := engine.NewTable(duel.Game, engine.Options{"rounds": "3"}, []engine.SeatInfo{{Name: "Ann"}, {Name: "Seat 2"}}, dice.Seed{7})
	if err != nil {
		t.Fatal(err)
	}
	rec := store.Table{ID: "open", Listed: true, TokenHashes: [][]byte{{1}, nil}, Open: []int{1}, Export: tab.Export(true)}
	if err := s.CreateTable(ctx, rec); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveSnapshot(ctx, "open", engine.Snapshot{Seq: 0, RulesVersion: "x", State: []byte("s"), Dice: []byte("d")}); err != nil {
		t.Fatal(err)
	}
	list, err := s.ListOpen(ctx, 10)
	if err != nil || len(list) != 1 || !slices.Equal(list[0].Open, []int{1}) {
		t.Fatalf("ListOpen = %+v, %v; want the table with seat 1 open", list, err)
	}
	if got, err := s.LoadTable(ctx, "open"); err != nil || !slices.Equal(got.Open, []int{1}) {
		t.Fatalf("LoadTable: open %v, err %v; want [1]", got.Open, err)
	}
	if err := s.Join(ctx, "open", 0, "Mallory", []byte{9}); !errors.Is(err, store.ErrSeatTaken) {
		t.Fatalf("joining a seat that was never open: err = %v, want ErrSeatTaken", err)
	}
	const joiners = 8
	errs := make([]error, joiners)
	var wg sync.WaitGroup
	for i := range joiners {
		wg.Go(func() { errs[i] = s.Join(ctx, "open", 1, fmt.Sprint("Joiner ", i), []byte{byte(10 + i)}) })
	}
	wg.Wait()
	winner := -1
	for i, err := range errs {
		switch {
		case err == nil && winner >= 0:
			t.Fatalf("joiners %d and %d both got the seat", winner, i)
		case err == nil:
			winner = i
		case !errors.Is(err, store.ErrSeatTaken):
			t.Fatalf("joiner %d: err = %v, want ErrSeatTaken", i, err)
		}
	}
	if winner < 0 {
		t.Fatalf("nobody got the seat: %v", errs)
	}
	got, err := s.LoadTable(ctx, "open")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Open) != 0 || got.Export.Seats[1].Name != fmt.Sprint("Joiner ", winner) || got.Export.Seats[0].Name != "Ann" ||
		string(got.TokenHashes[1]) != string([]byte{byte(10 + winner)}) || string(got.TokenHashes[0]) != "\x01" {
		t.Fatalf("after the join: open %v, seats %+v, hashes %v; want joiner %d in seat 1", got.Open, got.Export.Seats, got.TokenHashes, winner)
	}
	if got.Snapshot != nil {
		t.Fatalf("after the join the snapshot %+v is kept, want it dropped", got.Snapshot)
	}
	if list, err := s.ListOpen(ctx, 10); err != nil || len(list) != 1 || list[0].Open != nil || list[0].Seats[1].Name != fmt.Sprint("Joiner ", winner) {
		t.Fatalf("ListOpen after the join = %+v, %v; want no open seat and the joiner's name", list, err)
	}
	if _, err := engine.Replay(duel.Game, got.Export); err != nil {
		t.Fatalf("replaying the joined table: %v", err)
	}

	done := store.Table{ID: "done", Listed: true, TokenHashes: [][]byte{{1}, nil}, Open: []int{1}, Export: tab.Export(true)}
	if err := s.CreateTable(ctx, done); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Finish(ctx, "done", 0, "seat 0 wins"); err != nil {
		t.Fatal(err)
	}
	if err := s.Join(ctx, "done", 1, "Late", []byte{9}); !errors.Is(err, store.ErrSeatTaken) {
		t.Fatalf("joining a finished game: err = %v, want ErrSeatTaken", err)
	}
	begun := store.Table{ID: "begun", Listed: true, TokenHashes: [][]byte{{1}, nil}, Open: []int{1}, Export: tab.Export(true)}
	if err := s.CreateTable(ctx, begun); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, "begun", 0, MustAct(t, tab, 0, duel.Guard)); err != nil {
		t.Fatal(err)
	}
	if err := s.Join(ctx, "begun", 1, "Late", []byte{9}); !errors.Is(err, store.ErrSeatTaken) {
		t.Fatalf("joining a table whose log has begun: err = %v, want ErrSeatTaken", err)
	}
	if err := s.Join(ctx, "nosuch", 1, "Lost", []byte{9}); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("joining an unknown table: err = %v, want ErrNotFound", err)
	}
	bad := store.Table{ID: "bad", TokenHashes: make([][]byte, 2), Open: []int{2}, Export: tab.Export(true)}
	if err := s.CreateTable(ctx, bad); err == nil {
		t.Fatal("CreateTable with seat 2 of 2 open: no error")
	}
}

// BenchAppend is one append at a time to one table of s: each pays a
// commit. BenchmarkStoreAppend of each store runs it.
func BenchAppend(b *testing.B, s store.Store) {
	tab := MustTable(b, s, "abc")
	e := MustAct(b, tab, 0, duel.Guard)
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

// BenchAppendParallel is appends from 16 goroutines per CPU, each to its
// own table of s (64 tables): concurrent appends may share commits.
// BenchmarkStoreAppendParallel of each store runs it.
func BenchAppendParallel(b *testing.B, s store.Store) {
	ctx := context.Background()
	const tables = 64
	entries := make([]engine.Entry, tables)
	for i := range tables {
		tab := MustTable(b, s, fmt.Sprint("t", i))
		entries[i] = MustAct(b, tab, 0, duel.Guard)
	}
	var mu sync.Mutex
	next := 0
	b.SetParallelism(16)
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		mu.Lock()
		i := next % tables
		next++
		mu.Unlock()
		id, seq := fmt.Sprint("t", i), 0
		for pb.Next() {
			var err error
			if seq, err = s.Append(ctx, id, seq, entries[i]); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
