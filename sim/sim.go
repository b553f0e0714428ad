// Package sim plays many complete games with bots and summarises them: win
// share per seat with a 95% interval, mean score, the game's own per-seat
// metrics, and speed. Games are independent and seeded from the run's seed by
// index, and results are combined in index order, so a run is reproducible for
// a given seed whatever the parallelism.
package sim

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"
	"time"

	"tabletop/bots"
	"tabletop/dice"
	"tabletop/engine"
)

// Config describes a simulation run.
type Config struct {
	Game     engine.Game
	Options  engine.Options
	Bots     []string  // one bot name per seat
	Games    int       // number of games
	Parallel int       // workers; 0 means GOMAXPROCS
	Seed     dice.Seed // the run's seed
	MaxSteps int       // actions after which a game is abandoned as stuck; 0 means 1,000,000
	// Progress, if set, is called now and then with the games finished so far.
	Progress func(done int)
}

// SeatResult is one seat's summary.
type SeatResult struct {
	Seat     int     `json:"seat"`
	Bot      string  `json:"bot"`
	WinShare float64 `json:"win_share"` // mean share of the win (a shared win counts 1/k)
	CI95     float64 `json:"ci95"`      // half-width of the 95% interval of WinShare (normal, from the games' spread)
	// CI95Low and CI95High bound WinShare's 95% Wilson score interval,
	// which stays honest where CI95 collapses: a seat that won every one of
	// a few games has a share of 1 and a spread of 0.
	CI95Low   float64            `json:"ci95_low"`
	CI95High  float64            `json:"ci95_high"`
	MeanScore float64            `json:"mean_score"` // mean of Outcome.Scores
	Metrics   map[string]float64 `json:"metrics,omitempty"`
}

// Result summarises a run.
type Result struct {
	Game        string        `json:"game"`
	Games       int           `json:"games"`
	Seats       []SeatResult  `json:"seats"`
	Actions     int64         `json:"actions"`
	Elapsed     time.Duration `json:"-"`
	Seconds     float64       `json:"seconds"`
	GamesPerSec float64       `json:"games_per_sec"`
	Parallel    int           `json:"parallel"`
	MetricNames []string      `json:"metric_names,omitempty"`
}

// chunkSize games are summed together; chunks are combined in order, so float
// sums do not depend on which worker played which game.
const chunkSize = 64

type sums struct {
	share, shareSq, score []float64
	metrics               map[string][]float64
	names                 []string
	actions               int64
}

func newSums(n int) *sums {
	return &sums{share: make([]float64, n), shareSq: make([]float64, n), score: make([]float64, n), metrics: map[string][]float64{}}
}

func (s *sums) add(o *sums) {
	for i := range s.share {
		s.share[i] += o.share[i]
		s.shareSq[i] += o.shareSq[i]
		s.score[i] += o.score[i]
	}
	for _, name := range o.names {
		if _, ok := s.metrics[name]; !ok {
			s.metrics[name] = make([]float64, len(s.share))
			s.names = append(s.names, name)
		}
		for i, v := range o.metrics[name] {
			s.metrics[name][i] += v
		}
	}
	s.actions += o.actions
}

// Run plays cfg.Games games and summarises them. It stops early with ctx's
// error if ctx is cancelled.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	info := cfg.Game.Info()
	n := len(cfg.Bots)
	if n < info.MinSeats || n > info.MaxSeats {
		return nil, fmt.Errorf("sim: %s needs %d to %d seats, got %d", info.Name, info.MinSeats, info.MaxSeats, n)
	}
	if cfg.Games < 1 {
		return nil, fmt.Errorf("sim: the number of games must be at least 1, got %d", cfg.Games)
	}
	opts, err := info.Normalize(cfg.Options)
	if err != nil {
		return nil, err
	}
	cfg.Options = opts
	for _, name := range cfg.Bots {
		if _, err := bots.New(cfg.Game, name); err != nil {
			return nil, err
		}
	}
	if cfg.MaxSteps == 0 {
		cfg.MaxSteps = 1_000_000
	}
	workers := cfg.Parallel
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	chunks := (cfg.Games + chunkSize - 1) / chunkSize
	workers = min(workers, chunks)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	results := make([]*sums, chunks)
	next := make(chan int)
	var (
		wg       sync.WaitGroup
		errOnce  sync.Once
		firstErr error
		mu       sync.Mutex
		done     int
	)
	start := time.Now()
	for range workers {
		wg.Go(func() {
			p, err := newPlayer(cfg, n)
			if err != nil {
				errOnce.Do(func() { firstErr = err; cancel() })
				return
			}
			for c := range next {
				s := newSums(n)
				lo, hi := c*chunkSize, min((c+1)*chunkSize, cfg.Games)
				for i := lo; i < hi; i++ {
					if err := s.play(p, GameSeed(cfg.Seed, i)); err != nil {
						errOnce.Do(func() {
							firstErr = &GameError{Game: i + 1, Games: cfg.Games, Seed: GameSeed(cfg.Seed, i), RunSeed: cfg.Seed, Err: err}
							cancel()
						})
						return
					}
				}
				results[c] = s
				if cfg.Progress != nil {
					mu.Lock()
					done += hi - lo
					cfg.Progress(done)
					mu.Unlock()
				}
			}
		})
	}
feed:
	for c := range chunks {
		select {
		case next <- c:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	elapsed := time.Since(start)

	total := newSums(n)
	for _, s := range results {
		total.add(s)
	}
	g := float64(cfg.Games)
	res := &Result{Game: info.ID, Games: cfg.Games, Actions: total.actions, Elapsed: elapsed,
		Seconds: elapsed.Seconds(), GamesPerSec: g / elapsed.Seconds(), Parallel: workers, MetricNames: total.names}
	for i := range n {
		mean := total.share[i] / g
		variance := math.Max(0, total.shareSq[i]/g-mean*mean)
		lo, hi := wilson(mean, g)
		sr := SeatResult{Seat: i, Bot: cfg.Bots[i], WinShare: mean, CI95: 1.96 * math.Sqrt(variance/g), CI95Low: lo, CI95High: hi, MeanScore: total.score[i] / g}
		if len(total.names) > 0 {
			sr.Metrics = map[string]float64{}
			for _, name := range total.names {
				sr.Metrics[name] = total.metrics[name][i] / g
			}
		}
		res.Seats = append(res.Seats, sr)
	}
	return res, nil
}

// GameError is the error of a run one of whose games failed: its error,
// and which game it was, counted from 1 as a person reads it, with the
// seeds that play it again: Play with Seed, or a run with RunSeed of Game
// games, the failed one last (games are seeded by their place in the run).
type GameError struct {
	Game    int       // the game's place in the run, from 1
	Games   int       // games in the run
	Seed    dice.Seed // the game's seed: GameSeed(RunSeed, Game-1)
	RunSeed dice.Seed
	Err     error
}

func (e *GameError) Error() string {
	return fmt.Sprintf("sim: game %d of %d (seed %s, run seed %s): %v", e.Game, e.Games, e.Seed, e.RunSeed, e.Err)
}

func (e *GameError) Unwrap() error { return e.Err }

// GameSeed derives game i's seed (i from 0) from the run's seed.
func GameSeed(run dice.Seed, i int) dice.Seed {
	return dice.Derive(run, "sim/game", uint64(i))
}

// newPlayer returns a Player of cfg's game with its own bots, for one
// worker.
func newPlayer(cfg Config, n int) (*Player, error) {
	seats, bs := make([]engine.SeatInfo, n), make([]engine.Bot, n)
	for i, name := range cfg.Bots {
		b, err := bots.New(cfg.Game, name)
		if err != nil {
			return nil, err
		}
		bs[i] = b
		seats[i] = engine.SeatInfo{Name: fmt.Sprintf("%s %d", name, i+1), Bot: name}
	}
	return NewPlayer(cfg.Game, cfg.Options, seats, bs, cfg.MaxSteps), nil
}

// play plays one game of seed with p to the end and adds it to s.
func (s *sums) play(p *Player, seed dice.Seed) error {
	out, metrics, actions, err := p.Play(seed)
	if err != nil {
		return err
	}
	for i := range s.share {
		share := out.Share(engine.Seat(i))
		s.share[i] += share
		s.shareSq[i] += share * share
		if i < len(out.Scores) {
			s.score[i] += float64(out.Scores[i])
		}
	}
	for _, m := range metrics {
		if _, ok := s.metrics[m.Name]; !ok {
			s.metrics[m.Name] = make([]float64, len(s.share))
			s.names = append(s.names, m.Name)
		}
		for i, v := range m.Seats {
			if i < len(s.share) {
				s.metrics[m.Name][i] += v
			}
		}
	}
	s.actions += int64(actions)
	return nil
}

// Play plays one game of g to the end with the given bots, through the engine
// interface: each pending seat's bot sees its View and Legal actions and its
// choice is applied, the pending seats taking turns. A seat with a single legal action plays it without
// asking its bot, as every UI does (engine.Only). Dice come from an
// unrecorded stream of seed, and each bot's choices from a stream of its own
// derived from seed. It returns the outcome, the game's metrics and the
// number of actions.
func Play(g engine.Game, opts engine.Options, seats []engine.SeatInfo, bs []engine.Bot, seed dice.Seed, maxSteps int) (engine.Outcome, []engine.Metric, int, error) {
	return NewPlayer(g, opts, seats, bs, maxSteps).Play(seed)
}

// Player plays games of one table setup one after another, as Run's workers
// do, each as Play would. It reuses its dice streams from one game to the
// next, and releases every finished state (engine.Releaser) once it has
// read its outcome and metrics, so that the game may reuse its memory: a
// run of many games then gives the garbage collector next to nothing to
// do. A Player is not safe for concurrent use.
type Player struct {
	game     engine.Game
	opts     engine.Options
	seats    []engine.SeatInfo
	bots     []engine.Bot
	maxSteps int
	dice     *dice.Stream
	botRand  []*dice.Stream
}

// NewPlayer returns a Player for game g with options opts (already
// normalized), the seats and one bot per seat. A game that has not ended
// after maxSteps actions is abandoned as stuck.
func NewPlayer(g engine.Game, opts engine.Options, seats []engine.SeatInfo, bs []engine.Bot, maxSteps int) *Player {
	p := &Player{game: g, opts: opts, seats: seats, bots: bs, maxSteps: maxSteps}
	p.dice = dice.NewUnrecordedStream(dice.Seed{})
	p.botRand = make([]*dice.Stream, len(bs))
	for i := range bs {
		p.botRand[i] = dice.NewUnrecordedStream(dice.Seed{})
	}
	return p
}

// Play plays one game of seed to the end (see the package's Play).
func (p *Player) Play(seed dice.Seed) (engine.Outcome, []engine.Metric, int, error) {
	d := p.dice
	d.Reseed(seed)
	st, err := p.game.Setup(p.opts, p.seats, d)
	if err != nil {
		return engine.Outcome{}, nil, 0, err
	}
	if r, ok := st.(engine.Releaser); ok {
		defer r.Release() // after the outcome and metrics are read
	}
	for i, r := range p.botRand {
		r.Reseed(dice.Derive(seed, "sim/bot", uint64(i)))
	}
	bs := p.bots
	last := engine.Seat(-1) // the seat that acted last
	for steps := 0; ; steps++ {
		pending := st.Pending()
		if len(pending) == 0 {
			out, _ := st.Outcome()
			var metrics []engine.Metric
			if mr, ok := st.(engine.MetricReporter); ok {
				metrics = mr.Metrics()
			}
			return out, metrics, steps, nil
		}
		if steps >= p.maxSteps {
			return engine.Outcome{}, nil, steps, fmt.Errorf("game did not end after %d actions", steps)
		}
		// The first pending seat acts, unless the one that acted last is
		// still pending among others (a step every seat takes in its own
		// time, such as making a character): then the next one after it
		// does, so that no seat waits for ever on another's choices.
		seat := pending[0]
		if i := slices.Index(pending, last); i >= 0 && len(pending) > 1 {
			seat = pending[(i+1)%len(pending)]
		}
		last = seat
		legal := st.Legal(seat)
		a := legal[0]
		if len(legal) > 1 { // a choice of one is no choice: the bot is not asked
			a = bs[seat].Act(seat, st.View(seat), legal, p.botRand[seat])
		}
		if _, err := st.Apply(seat, a, d); err != nil {
			return engine.Outcome{}, nil, steps, fmt.Errorf("bot at seat %d chose %q: %w", seat, a, err)
		}
	}
}

// wilson returns the 95% Wilson score interval of a share p of n games:
// unlike p ± 1.96 standard errors it stays within 0 and 1 and does not
// shrink to a point when p is 0 or 1.
func wilson(p, n float64) (lo, hi float64) {
	const z = 1.96
	d := 1 + z*z/n
	center := (p + z*z/(2*n)) / d
	half := z / d * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	return math.Max(0, center-half), math.Min(1, center+half)
}
