package server_test

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/games/pmr"
	"tabletop/server"
	"tabletop/store"
	"tabletop/store/sqlite"
)

// botTable creates a Pocket Monster Rancher table of four bots, which the
// server plays to the end by itself, and waits until it is over.
func botTable(t *testing.T, h *harness) (string, tableState) {
	t.Helper()
	seats := []map[string]string{}
	for _, name := range []string{"Ann", "Bo", "Cy", "Di"} {
		seats = append(seats, map[string]string{"name": name, "bot": "greedy"})
	}
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "pmr", "options": map[string]string{"turns": "9"}, "seats": seats})
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	decode(t, r, &c)
	return c.ID, h.waitFor(c.ID, "", "the bots' game to end", func(st tableState) bool { return st.Over })
}

// storedSnapshot waits (up to 10 s) until the store holds a snapshot of
// table id after at least min entries, and returns the stored table.
func storedSnapshot(t *testing.T, st store.Store, id string, min int) store.Table {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for i := 0; i < 1000 && time.Now().Before(deadline); i++ {
		rec, err := st.LoadTable(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		if rec.Snapshot != nil && rec.Snapshot.Seq >= min {
			return rec
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no snapshot of table %s after %d entries was stored", id, min)
	return store.Table{}
}

// TestServer_TableResumesFromItsLatestSnapshot plays a table on one server
// that takes a snapshot every 25 entries, then serves the same store from a
// second server: the table is rebuilt from its latest snapshot (no full
// replay) and shows exactly what the first server showed. A snapshot that
// is damaged is not used: the table is replayed from its log, and says so in
// the server's log, and still shows the same.
func TestServer_TableResumesFromItsLatestSnapshot(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "t.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() }) // after the servers' cleanups, which run first
	withStore := func(every int) func(*server.Config) {
		return func(c *server.Config) {
			c.Games, c.Store, c.SnapshotEvery = engine.NewRegistry(pmr.Game), st, every
		}
	}
	first := mustServer(t, withStore(25))
	id, before := botTable(t, first)
	rec := storedSnapshot(t, st, id, before.Seq-before.Seq%25)
	if rec.Snapshot.Seq%25 != 0 || rec.Snapshot.Seq == 0 || rec.Snapshot.Seq > rec.Seq {
		t.Fatalf("the latest snapshot is after entry %d of %d, want the last multiple of 25", rec.Snapshot.Seq, rec.Seq)
	}

	second := mustServer(t, withStore(25))
	after := second.mustState(id, "")
	if string(after.View) != string(before.View) || after.Seq != before.Seq || !after.Over {
		t.Fatalf("the table resumed from its snapshot shows\n%s\nwant\n%s", after.View, before.View)
	}
	if strings.Contains(second.logs.String(), "snapshot not used") {
		t.Fatalf("the second server did not use the snapshot:\n%s", second.logs)
	}

	if rec.Snapshot.Seq == rec.Seq {
		t.Fatalf("the game ended at a snapshot (entry %d): this test needs one after it", rec.Seq)
	}
	damaged := *rec.Snapshot
	damaged.Seq, damaged.State = rec.Seq, []byte("{not a snapshot")
	if err := st.SaveSnapshot(context.Background(), id, damaged); err != nil {
		t.Fatal(err)
	}
	third := mustServer(t, withStore(25))
	if again := third.mustState(id, ""); string(again.View) != string(before.View) {
		t.Fatalf("the table replayed past a damaged snapshot shows\n%s\nwant\n%s", again.View, before.View)
	}
	if !strings.Contains(third.logs.String(), "snapshot not used") {
		t.Fatalf("the damaged snapshot went unmentioned in the server's log:\n%s", third.logs)
	}
}
