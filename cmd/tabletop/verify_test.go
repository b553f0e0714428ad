package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games"
	"tabletop/internal/duel"
)

func init() {
	registry = func() *engine.Registry {
		return engine.NewRegistry(append(games.All(), duel.Game)...)
	}
}

// run runs the command line and returns its exit status and output.
func run(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(context.Background(), Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}, args)
	return code, out.String(), errb.String()
}

// duelExport plays a short duel and returns its export with the seed.
func duelExport(t *testing.T) engine.Export {
	t.Helper()
	tab, err := engine.NewTable(duel.Game, engine.Options{"rounds": "3"}, make([]engine.SeatInfo, 2), dice.Seed{7})
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, over := tab.Over(); over {
			return tab.Export(true)
		}
		for _, s := range tab.State().Pending() {
			if _, err := tab.Act(s, duel.Stance{Stance: duel.Attack}); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func writeJSON(t *testing.T, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "table.json")
	if err := os.WriteFile(p, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestVerify(t *testing.T) {
	good := duelExport(t)
	tampered := duelExport(t)
	tampered.Log[1].Dice[0].Face = tampered.Log[1].Dice[0].Face%6 + 1
	badSeed := duelExport(t)
	badSeed.Seed = dice.Seed{8}.String()

	tests := []struct {
		name     string
		args     []string
		stdin    string
		wantCode int
		wantOut  string
		wantErr  string
	}{
		{"honest table is ok", []string{writeJSON(t, good)}, "", 0, "ok: Duel table, 2 seats, 4 actions and 5 dice replayed", ""},
		{"reads standard input", []string{"-"}, mustJSON(t, good), 0, "ok: Duel table", ""},
		{"changed die names the entry", []string{writeJSON(t, tampered)}, "", 1, "FAILED: engine: log entry 2: attack by seat 2: die 1", ""},
		{"seed not matching commitment", []string{writeJSON(t, badSeed)}, "", 1, "committed to", ""},
		{"no file", nil, "", 2, "", "want one FILE"},
		{"missing file", []string{filepath.Join(t.TempDir(), "nope.json")}, "", 2, "", "no such file"},
		{"not JSON", []string{"-"}, "hello", 2, "", "not a table export"},
		{"unknown game", []string{"-"}, `{"game":"chess"}`, 2, "", `unknown game "chess"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := run(t, tt.stdin, append([]string{"verify"}, tt.args...)...)
			if code != tt.wantCode || !strings.Contains(out, tt.wantOut) || !strings.Contains(errOut, tt.wantErr) {
				t.Fatalf("verify %v = %d\nstdout: %s\nstderr: %s\nwant %d, stdout with %q, stderr with %q", tt.args, code, out, errOut, tt.wantCode, tt.wantOut, tt.wantErr)
			}
			if strings.Contains(errOut, "goroutine") || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
				t.Fatalf("stderr is not one line: %q", errOut)
			}
		})
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

func TestHelp_PrintsUsageOnce(t *testing.T) {
	for _, cmd := range []string{"roll", "odds", "verify", "sim", "play"} {
		t.Run(cmd, func(t *testing.T) {
			code, _, errOut := run(t, "", cmd, "-h")
			if code != 0 || strings.Count(errOut, "usage: tabletop "+cmd) != 1 {
				t.Fatalf("%s -h = %d, stderr:\n%s\nwant the usage exactly once", cmd, code, errOut)
			}
		})
	}
}

func TestUnknownFlag_IsOneLineAndExit2(t *testing.T) {
	code, _, errOut := run(t, "", "roll", "--bogus", "3d6")
	if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, "bogus") {
		t.Fatalf("roll --bogus = %d, stderr %q; want 2 and one line naming the flag", code, errOut)
	}
}
