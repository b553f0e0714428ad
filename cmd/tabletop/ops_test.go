package main

import (
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"tabletop/internal/duel"
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
