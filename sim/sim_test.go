package sim_test

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/internal/duel"
	"tabletop/sim"
)

func TestRun_ReproducibleWhateverTheParallelism(t *testing.T) {
	cfg := sim.Config{Game: duel.Game, Bots: []string{"random", "random"}, Games: 1000, Seed: dice.Seed{3}}
	var results []*sim.Result
	for _, p := range []int{1, 2, 5} {
		cfg.Parallel = p
		r, err := sim.Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	for i, r := range results[1:] {
		if !reflect.DeepEqual(r.Seats, results[0].Seats) || r.Actions != results[0].Actions {
			t.Fatalf("parallel run %d gave %+v, want %+v as with one worker", i+1, r.Seats, results[0].Seats)
		}
	}
	r := results[0]
	if total := r.Seats[0].WinShare + r.Seats[1].WinShare; total < 0.999 || total > 1.001 {
		t.Fatalf("win shares sum to %v, want 1 (every duel has a winner or a shared win)", total)
	}
	// Two random duellists are symmetric: each share within its interval of 1/2.
	for _, s := range r.Seats {
		if s.WinShare < 0.5-3*s.CI95 || s.WinShare > 0.5+3*s.CI95 || s.CI95 <= 0 {
			t.Fatalf("seat %d win share %.3f ± %.3f, want about 0.5", s.Seat, s.WinShare, s.CI95)
		}
	}
}

func TestRun_DifferentSeedsGiveDifferentGames(t *testing.T) {
	run := func(seed byte) *sim.Result {
		r, err := sim.Run(context.Background(), sim.Config{Game: duel.Game, Bots: []string{"random", "random"}, Games: 200, Seed: dice.Seed{seed}})
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if a, b := run(1), run(2); reflect.DeepEqual(a.Seats, b.Seats) && a.Actions == b.Actions {
		t.Fatalf("seeds 1 and 2 gave identical runs")
	}
}

func TestRun_RefusesBadConfig(t *testing.T) {
	tests := []struct {
		name string
		cfg  sim.Config
		want string
	}{
		{"too many seats", sim.Config{Game: duel.Game, Bots: []string{"random", "random", "random"}, Games: 1}, "needs 2 to 2 seats"},
		{"unknown bot", sim.Config{Game: duel.Game, Bots: []string{"random", "oracle"}, Games: 1}, `no bot "oracle"`},
		{"no games", sim.Config{Game: duel.Game, Bots: []string{"random", "random"}}, "at least 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := sim.Run(context.Background(), tt.cfg)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("Run error = %v, want one saying %q", err, tt.want)
			}
		})
	}
}

func TestRun_StopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := sim.Run(ctx, sim.Config{Game: duel.Game, Bots: []string{"random", "random"}, Games: 100000})
	if err == nil {
		t.Fatalf("a cancelled run returned no error")
	}
}
