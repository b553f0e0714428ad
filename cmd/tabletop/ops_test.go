package main

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tabletop/internal/duel"
	"tabletop/store/sqlite"
)

// TestMain_DebugAddrServesMetricsAndProfiles: --debug-addr serves /metrics,
// with the store's commits counted, and the profiles, on a second loopback
// listener.
func TestMain_DebugAddrServesMetricsAndProfiles(t *testing.T) {
	m := &Main{Addr: "127.0.0.1:0", DebugAddr: "127.0.0.1:0", DB: filepath.Join(t.TempDir(), "t.db"), Games: registry()}
	c := mustRun(t, m)
	tab := c.create("2")
	c.act(tab, 0, duel.Attack)
	get := func(path string) string {
		t.Helper()
		resp, err := http.Get(m.DebugURL() + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 {
			t.Fatalf("GET %s = %d", path, resp.StatusCode)
		}
		return string(b)
	}
	metrics := get("/metrics")
	if !strings.Contains(metrics, "\ntabletop_store_commit_writes_count ") || strings.Contains(metrics, "\ntabletop_store_commit_writes_count 0\n") {
		t.Errorf("the debug listener's /metrics counts no store commit:\n%s", metrics)
	}
	if !strings.Contains(get("/debug/pprof/"), "goroutine") {
		t.Error("no profiles listed at /debug/pprof/")
	}
}

// TestMain_MetricsCountTheJournalsFolds: the SQLite store's folds of its
// journal, which make writes wait, show in /metrics: an action is folded
// within two FoldEvery (2 s) of being stored.
func TestMain_MetricsCountTheJournalsFolds(t *testing.T) {
	m := &Main{Addr: "127.0.0.1:0", DebugAddr: "127.0.0.1:0", DB: filepath.Join(t.TempDir(), "t.db"), Games: registry()}
	c := mustRun(t, m)
	tab := c.create("2")
	c.act(tab, 0, duel.Attack)
	if metrics, ok := awaitFold(t, m); !ok {
		t.Errorf("no fold of the journal counted in /metrics within 10 s:\n%s", metrics)
	}
}

// awaitFold reads m's /metrics until they count a fold that moved entries,
// for up to 10 s, and returns the last it read and whether they did.
func awaitFold(t *testing.T, m *Main) (string, bool) {
	t.Helper()
	var metrics string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get(m.DebugURL() + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		metrics = string(b)
		if strings.Contains(metrics, "\ntabletop_store_fold_seconds_count ") && !strings.Contains(metrics, "\ntabletop_store_fold_seconds_count 0\n") &&
			strings.Contains(metrics, "\ntabletop_store_folded_entries_total ") && !strings.Contains(metrics, "\ntabletop_store_folded_entries_total 0\n") {
			return metrics, true
		}
	}
	return metrics, false
}

// TestMain_FoldRowsFoldsTheJournalOnceItHoldsThatMany: with FoldRows 2
// and folds by age an hour apart, two actions fold the journal.
func TestMain_FoldRowsFoldsTheJournalOnceItHoldsThatMany(t *testing.T) {
	m := &Main{Addr: "127.0.0.1:0", DebugAddr: "127.0.0.1:0", DB: filepath.Join(t.TempDir(), "t.db"), Games: registry(),
		FoldRows: 2, FoldEvery: time.Hour}
	c := mustRun(t, m)
	tab := c.create("2")
	c.act(tab, 0, duel.Attack)
	c.act(tab, 1, duel.Guard)
	if metrics, ok := awaitFold(t, m); !ok {
		t.Errorf("no fold of a journal of 2 rows with FoldRows 2 within 10 s:\n%s", metrics)
	}
}

func TestMain_DebugAddrMustBeLoopback(t *testing.T) {
	m := &Main{Addr: "127.0.0.1:0", DebugAddr: "0.0.0.0:0", DB: filepath.Join(t.TempDir(), "t.db"), Games: registry()}
	err := m.Run(context.Background())
	if err == nil {
		m.Close()
		t.Fatal("Run with a debug address on every interface did not fail")
	}
	if !strings.Contains(err.Error(), "loopback") {
		t.Errorf("err = %v, want it to ask for a loopback address", err)
	}
}

// TestBackup_CopiesARunningServersDatabase: backup copies the database
// while the server runs on it, and the copy holds the table's whole log.
func TestBackup_CopiesARunningServersDatabase(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	c := mustRun(t, &Main{Addr: "127.0.0.1:0", DB: db, Games: registry()})
	tab := c.create("2")
	c.act(tab, 0, duel.Attack)
	c.act(tab, 1, duel.Guard)
	to := filepath.Join(dir, "copy.db")
	if code, _, errOut := run(t, "", "backup", "--db", db, to); code != 0 {
		t.Fatalf("backup exited %d: %s", code, errOut)
	}
	st, err := sqlite.Open(to, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rec, err := st.LoadTable(context.Background(), tab.ID)
	if err != nil || rec.Seq != 2 || len(rec.Export.Log) != 2 {
		t.Fatalf("the copy's table: seq %d, %d entries, err %v; want 2 entries", rec.Seq, len(rec.Export.Log), err)
	}
	if code, _, errOut := run(t, "", "backup", "--db", db, to); code == 0 || !strings.Contains(errOut, "exists already") {
		t.Errorf("backup onto an existing file = %d %q, want a refusal", code, errOut)
	}
}
