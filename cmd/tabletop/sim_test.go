package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSim(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  string
		wantErr  string
	}{
		{"prints a table per seat", []string{"duel", "--games", "100", "--seats", "random,random", "--seed", "01"}, 0, "win share (95%)", ""},
		{"game options", []string{"duel", "--games", "10", "--seats", "random,random", "-o", "rounds=2"}, 0, "games/s", ""},
		{"one worker is one worker", []string{"duel", "--games", "1", "--seats", "random,random", "--parallel", "1"}, 0, "games/s (1 worker, ", ""},
		{"unknown game", []string{"chess", "--seats", "random"}, 2, "", `unknown game "chess"`},
		{"no seats", []string{"duel"}, 2, "", "--seats is required"},
		{"unknown bot", []string{"duel", "--seats", "random,oracle"}, 2, "", `no bot "oracle"`},
		{"bad option", []string{"duel", "--seats", "random,random", "-o", "rounds=0"}, 2, "", "out of range"},
		{"bad seed", []string{"duel", "--seats", "random,random", "--seed", "xyz"}, 2, "", "not hexadecimal"},
		{"no games", []string{"duel", "--seats", "random,random", "--games", "0"}, 2, "", "--games must be"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := run(t, "", append([]string{"sim"}, tt.args...)...)
			if code != tt.wantCode || !strings.Contains(out, tt.wantOut) || !strings.Contains(errOut, tt.wantErr) {
				t.Fatalf("sim %v = %d\nstdout: %s\nstderr: %s\nwant %d, stdout with %q, stderr with %q", tt.args, code, out, errOut, tt.wantCode, tt.wantOut, tt.wantErr)
			}
		})
	}
}

func TestSim_JSONIsReproducibleForASeed(t *testing.T) {
	var outs []map[string]any
	for _, p := range []string{"1", "2"} {
		code, out, errOut := run(t, "", "sim", "duel", "--games", "300", "--seats", "random,random", "--seed", "ab", "--json", "--parallel", p)
		if code != 0 {
			t.Fatalf("sim --json: %d %s", code, errOut)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatalf("sim --json output is not JSON: %v\n%s", err, out)
		}
		outs = append(outs, m)
	}
	a, _ := json.Marshal(outs[0]["seats"])
	b, _ := json.Marshal(outs[1]["seats"])
	if string(a) != string(b) {
		t.Fatalf("same seed, different parallelism, different results:\n%s\n%s", a, b)
	}
}
