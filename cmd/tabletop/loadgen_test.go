package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadgen_SelfPlaysTablesWithoutErrors(t *testing.T) {
	code, out, errOut := run(t, "", "loadgen", "--self", "--tables", "2", "--duration", "1s", "--actions", "50", "--json")
	if code != 0 {
		t.Fatalf("loadgen exited %d; stderr %q", code, errOut)
	}
	var res loadgenOutputJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("output %q is not JSON: %v", out, err)
	}
	if res.Acked <= 0 || res.Stored < res.Acked || res.AckedPerSec <= 0 {
		t.Errorf("acked %d (%.1f/s), stored %d; want some actions, all stored", res.Acked, res.AckedPerSec, res.Stored)
	}
	if res.Acked > 50 {
		t.Errorf("acked %d actions, over the cap of 50", res.Acked)
	}
	if res.Errors != 0 {
		t.Errorf("errors %d %v, want none", res.Errors, res.ErrorCodes)
	}
	if res.Latency.N == 0 || res.Latency.P50 <= 0 || res.Latency.P99 < res.Latency.P50 {
		t.Errorf("latency %+v, want measured p50 <= p99", res.Latency)
	}
	if res.TablesCreated != 2 || res.ServerCPU == nil {
		t.Errorf("tables created %d, server cpu %v; want 2 tables and the process's CPU", res.TablesCreated, res.ServerCPU)
	}
}

func TestLoadgen_TextOutputAndProfile(t *testing.T) {
	prof := filepath.Join(t.TempDir(), "cpu.prof")
	code, out, errOut := run(t, "", "loadgen", "--self", "--tables", "1", "--duration", "1s", "--actions", "10", "--rate", "-1", "--cpuprofile", prof)
	if code != 0 {
		t.Fatalf("loadgen exited %d; stderr %q", code, errOut)
	}
	for _, want := range []string{"1 tables of pmr (turns=300)", "acked", "latency  p50", "errors   0", "cpu "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if fi, err := os.Stat(prof); err != nil || fi.Size() == 0 {
		t.Errorf("no CPU profile written: %v", err)
	}
}

func TestLoadgen_RefusesOtherMachinesAndBadFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"remote address", []string{"--addr", "10.0.0.1:8080"}, "only a server on this machine"},
		{"remote name", []string{"--addr", "example.com:80"}, "only a server on this machine"},
		{"unspecified address", []string{"--addr", "0.0.0.0:8080"}, "only a server on this machine"},
		{"no port", []string{"--addr", "127.0.0.1"}, "must be HOST:PORT"},
		{"self and addr", []string{"--self", "--addr", "127.0.0.1:1"}, "leave out --addr"},
		{"self and pid", []string{"--self", "--pid", "1"}, "leave out --pid"},
		{"rate without self", []string{"--rate", "5"}, "are for --self"},
		{"no tables", []string{"--tables", "0"}, "--tables must be"},
		{"endless", []string{"--duration", "1h"}, "--duration must be"},
		{"stray argument", []string{"now"}, "takes no arguments"},
		{"one idle stream", []string{"--self", "--idle", "1"}, "--idle must be 2 to 20000"},
		{"no hold", []string{"--self", "--idle", "2", "--hold", "0s"}, "--hold must be over 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := run(t, "", append([]string{"loadgen"}, tt.args...)...)
			if code != 2 || !strings.Contains(errOut, tt.want) {
				t.Fatalf("loadgen %v = %d, stderr %q; want 2 saying %q", tt.args, code, errOut, tt.want)
			}
		})
	}
}

func TestProcCPU_ReadsThisProcess(t *testing.T) {
	if _, err := os.Stat("/proc/self/stat"); err != nil {
		t.Skip("no /proc")
	}
	d, err := procCPU(os.Getpid())
	if err != nil || d < 0 {
		t.Fatalf("procCPU(self) = %v, %v", d, err)
	}
	if _, err := procCPU(-5); err == nil {
		t.Fatal("procCPU(-5) did not fail")
	}
}

// loadgenOutputJSON mirrors loadgenOutput for decoding.
type loadgenOutputJSON struct {
	Acked       int     `json:"acked"`
	Stored      int     `json:"stored"`
	AckedPerSec float64 `json:"acked_per_sec"`
	Latency     struct {
		N   int     `json:"n"`
		P50 float64 `json:"p50"`
		P99 float64 `json:"p99"`
	} `json:"latency_ms"`
	Errors        int            `json:"errors"`
	ErrorCodes    map[string]int `json:"error_codes"`
	TablesCreated int            `json:"tables_created"`
	ServerCPU     *cpuUse        `json:"server_cpu"`
}

// TestLoadgen_IdleHoldsStreamsAndReportsMemory: --idle opens two streams
// per table, holds them all, and reports the memory they cost.
func TestLoadgen_IdleHoldsStreamsAndReportsMemory(t *testing.T) {
	code, out, errOut := run(t, "", "loadgen", "--self", "--idle", "6", "--json")
	if code != 0 {
		t.Fatalf("loadgen --idle exited %d; stderr %q", code, errOut)
	}
	var res idleOutput
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("output %q is not JSON: %v", out, err)
	}
	if res.IdleResult == nil || res.Streams != 6 || res.Tables != 3 || res.Broken != 0 {
		t.Fatalf("idle result %s: want 6 streams of 3 tables, none broken", out)
	}
	if res.RSSBefore <= 0 || res.RSSOpen <= 0 || res.KiBPerStream != float64(res.RSSOpen-res.RSSBefore)/1024/6 {
		t.Errorf("memory before %d, open %d, per stream %v KiB: want both read and their difference per stream", res.RSSBefore, res.RSSOpen, res.KiBPerStream)
	}
}

func TestProcRSS_ReadsThisProcess(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc")
	}
	if n, err := procRSS(os.Getpid()); err != nil || n < 1<<20 {
		t.Fatalf("procRSS(self) = %d, %v; want at least 1 MiB", n, err)
	}
	if _, err := procRSS(-5); err == nil {
		t.Fatal("procRSS(-5) did not fail")
	}
}
