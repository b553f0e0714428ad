package main

import (
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/sim"
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

// brokenDuel is the duel under another id, whose third table falls over
// when it is set up.
type brokenDuel struct {
	engine.Game
	setups *atomic.Int64
}

func (g brokenDuel) Info() engine.Info {
	info := g.Game.Info()
	info.ID, info.Name = "broken", "Broken duel"
	return info
}

func (g brokenDuel) Setup(opts engine.Options, seats []engine.SeatInfo, d *dice.Stream) (engine.State, error) {
	if g.setups.Add(1) == 3 {
		return nil, errors.New("the table falls over")
	}
	return g.Game.Setup(opts, seats, d)
}

// TestSim_AFailedGameIsCountedFromOneWithTheSeedsToReplayIt: tabletop sim
// names a game that failed as a person counts ("game 3 of 100"), with its
// seed and how to play the run again up to it.
func TestSim_AFailedGameIsCountedFromOneWithTheSeedsToReplayIt(t *testing.T) {
	saved := registry
	t.Cleanup(func() { registry = saved })
	registry = func() *engine.Registry { return engine.NewRegistry(brokenDuel{duel.Game, new(atomic.Int64)}) }
	code, _, errOut := run(t, "", "sim", "broken", "--games", "100", "--seats", "random,random", "--parallel", "1", "--seed", "09")
	run := dice.Seed{9}
	want := "tabletop sim: game 3 of 100 (seed " + sim.GameSeed(run, 2).String() + ", run seed " + run.String() + "): the table falls over; with the same flags, --seed " + run.String() + " --games 3 plays the run again up to it\n"
	if code != 1 || errOut != want {
		t.Fatalf("sim with its third game failing = %d, stderr %q; want 1 and %q", code, errOut, want)
	}
}

// TestShareWithin_AFewGamesAllWonGiveTheWilsonBoundsNotPlusOrMinusZero:
// a seat that won every game has no spread, so "± 0.0%" would claim a
// certainty a few games cannot give; the Wilson bounds are printed
// instead. A share whose normal interval fits is printed with ±.
func TestShareWithin_AFewGamesAllWonGiveTheWilsonBoundsNotPlusOrMinusZero(t *testing.T) {
	for _, tc := range []struct {
		s    sim.SeatResult
		want string
	}{
		{sim.SeatResult{WinShare: 1, CI95: 0, CI95Low: 0.566, CI95High: 1}, "100.0% (56.6% to 100.0%)"},
		{sim.SeatResult{WinShare: 0.02, CI95: 0.03, CI95Low: 0.005, CI95High: 0.07}, "  2.0% (0.5% to 7.0%)"},
		{sim.SeatResult{WinShare: 0.757, CI95: 0.008, CI95Low: 0.749, CI95High: 0.765}, " 75.7% ± 0.8%"},
	} {
		if got := shareWithin(tc.s); got != tc.want {
			t.Errorf("shareWithin(%+v) = %q, want %q", tc.s, got, tc.want)
		}
	}
}
