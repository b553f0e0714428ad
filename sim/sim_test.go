package sim_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"tabletop/bots"
	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games/mgt"
	"tabletop/games/pmr"
	"tabletop/games/prophecy"
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

// releaseGame wraps duel's states to count their releases and to check that
// nothing is read from a state after it is released.
type releaseGame struct {
	engine.Game
	released, misuse *int
}

type releasingState struct {
	engine.State
	g    releaseGame
	dead bool
}

func (g releaseGame) Setup(opts engine.Options, seats []engine.SeatInfo, d *dice.Stream) (engine.State, error) {
	st, err := g.Game.Setup(opts, seats, d)
	if err != nil {
		return nil, err
	}
	return &releasingState{State: st, g: g}, nil
}

func (s *releasingState) Outcome() (engine.Outcome, bool) {
	if s.dead {
		*s.g.misuse++
	}
	return s.State.Outcome()
}

func (s *releasingState) Pending() []engine.Seat {
	if s.dead {
		*s.g.misuse++
	}
	return s.State.Pending()
}

func (s *releasingState) Release() {
	if s.dead {
		*s.g.misuse++
	}
	s.dead = true
	*s.g.released++
}

// TestPlayer_ReleasesEveryGameAfterReadingIt checks that a Player gives back
// each finished state (engine.Releaser) exactly once, after its outcome is
// read and never before, and that playing with released states gives the
// same games as Play.
func TestPlayer_ReleasesEveryGameAfterReadingIt(t *testing.T) {
	var released, misuse int
	g := releaseGame{Game: duel.Game, released: &released, misuse: &misuse}
	bs := []engine.Bot{bots.Random{}, bots.Random{}}
	seats := []engine.SeatInfo{{Name: "a", Bot: "random"}, {Name: "b", Bot: "random"}}
	p := sim.NewPlayer(g, engine.Options{}, seats, bs, 1000)
	for i := range 50 {
		seed := dice.Seed{byte(i)}
		got, _, n, err := p.Play(seed)
		if err != nil {
			t.Fatal(err)
		}
		want, _, wn, _ := sim.Play(duel.Game, engine.Options{}, seats, bs, seed, 1000)
		if got.Text != want.Text || n != wn {
			t.Fatalf("game %d: the Player's game ended %q after %d actions, Play's %q after %d", i, got.Text, n, want.Text, wn)
		}
	}
	if released != 50 || misuse != 0 {
		t.Errorf("50 games: %d releases and %d uses after a release, want 50 and 0", released, misuse)
	}
}

// TestRun_ReproducibleWhateverTheParallelismWithReleasedStates runs games
// whose states are released and reused (engine.Releaser) on 1, 2 and 3
// workers: which game reuses which memory depends on the workers, the
// results must not.
func TestRun_ReproducibleWhateverTheParallelismWithReleasedStates(t *testing.T) {
	for _, g := range []engine.Game{pmr.Game, mgt.Game} {
		games := 300
		if g == mgt.Game {
			games = 40
		}
		cfg := sim.Config{Game: g, Bots: []string{"greedy", "random", "greedy"}, Games: games, Seed: dice.Seed{9}}
		var first *sim.Result
		for _, p := range []int{1, 2, 3} {
			cfg.Parallel = p
			r, err := sim.Run(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = r
			} else if !reflect.DeepEqual(r.Seats, first.Seats) || r.Actions != first.Actions {
				t.Fatalf("%s on %d workers gave %+v, want %+v as with one", g.Info().ID, p, r.Seats, first.Seats)
			}
		}
	}
}

// TestPlay_PendingSeatsTakeTurns: in a step every seat takes in its own
// time (Prophecy's heroes, each made in several actions), a seat that is
// still pending after its action lets the next pending seat act, so a game
// of bots ends rather than wait for ever on the first seat's edits.
func TestPlay_PendingSeatsTakeTurns(t *testing.T) {
	opts, err := prophecy.Game.Info().Normalize(engine.Options{"practice": "true"})
	if err != nil {
		t.Fatal(err)
	}
	seats := make([]engine.SeatInfo, 3)
	bs := make([]engine.Bot, len(seats))
	for i := range seats {
		seats[i] = engine.SeatInfo{Name: string(rune('A' + i)), Bot: "random"}
		if bs[i], err = bots.New(prophecy.Game, "random"); err != nil {
			t.Fatal(err)
		}
	}
	for seed := range byte(5) {
		if _, _, steps, err := sim.Play(prophecy.Game, opts, seats, bs, dice.Seed{seed}, 100_000); err != nil {
			t.Fatalf("seed %d, %d actions: %v", seed, steps, err)
		}
	}
}

// failingSetup is a game whose third Setup fails, as a game that breaks
// in the middle of a run does.
type failingSetup struct {
	engine.Game
	setups *atomic.Int64
}

func (g failingSetup) Setup(opts engine.Options, seats []engine.SeatInfo, d *dice.Stream) (engine.State, error) {
	if g.setups.Add(1) == 3 {
		return nil, errors.New("the table falls over")
	}
	return g.Game.Setup(opts, seats, d)
}

// TestRun_AFailedGameIsCountedFromOneWithItsSeed: a game that fails is
// named as a person counts ("game 3 of 100", not the index 2), with its
// seed and the run's, so that it can be played again.
func TestRun_AFailedGameIsCountedFromOneWithItsSeed(t *testing.T) {
	run := dice.Seed{9}
	cfg := sim.Config{Game: failingSetup{duel.Game, new(atomic.Int64)}, Bots: []string{"random", "random"}, Games: 100, Parallel: 1, Seed: run}
	_, err := sim.Run(context.Background(), cfg)
	want := "sim: game 3 of 100 (seed " + sim.GameSeed(run, 2).String() + ", run seed " + run.String() + "): the table falls over"
	if err == nil || err.Error() != want {
		t.Fatalf("Run with its third game failing = %v, want %q", err, want)
	}
	ge, ok := errors.AsType[*sim.GameError](err)
	if !ok || ge.Game != 3 || ge.Seed != sim.GameSeed(run, 2) {
		t.Fatalf("Run's error %#v is not game 3's GameError", err)
	}
}
