package pmr

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestSolveGame(t *testing.T) {
	tests := []struct {
		name  string
		a     [][]float64
		wantX []float64
		wantV float64
	}{
		{"rock paper scissors", [][]float64{{0.5, 0, 1}, {1, 0.5, 0}, {0, 1, 0.5}}, []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}, 0.5},
		{"zero-sum rock paper scissors", [][]float64{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}}, []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}, 0},
		// Row 3 is dominated by row 1; what is left is matching pennies.
		{"dominated strategy", [][]float64{{1, 0, 1}, {0, 1, 1}, {0.5, -1, 0}}, []float64{0.5, 0.5, 0}, 0.5},
		{"saddle point", [][]float64{{3, 1, 4}, {2, 0, 1}, {5, 0.5, 9}}, []float64{1, 0, 0}, 1},
		{"2x2 skewed", [][]float64{{1, 0}, {0, 2}}, []float64{2.0 / 3, 1.0 / 3}, 2.0 / 3},
		{"all equal", [][]float64{{0.5, 0.5}, {0.5, 0.5}}, []float64{1, 0}, 0.5},
		{"1x1", [][]float64{{0.25}}, []float64{1}, 0.25},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var g matrixGame
			g.m, g.n = len(tt.a), len(tt.a[0])
			for i := range tt.a {
				copy(g.a[i][:], tt.a[i])
			}
			x, v := solveGame(&g)
			if !near(v, tt.wantV) {
				t.Errorf("value %v, want %v", v, tt.wantV)
			}
			for i, w := range tt.wantX {
				if !near(x[i], w) {
					t.Errorf("strategy %v, want %v", x, tt.wantX)
					break
				}
			}
		})
	}
}

func TestContest_NashValues(t *testing.T) {
	twin := Monster{Speed: 2, Brawn: 2, Mind: 2}
	tests := []struct {
		name    string
		me, opp Monster
		terrain Ability
		want    float64
	}{
		{"identical monsters are a coin flip", twin, twin, Speed, 0.5},
		{"a much stronger monster always wins", Monster{Speed: 9, Brawn: 9, Mind: 9}, twin, Brawn, 1},
		{"a much weaker monster always loses", Monster{}, twin, Mind, 0},
	}
	for _, tt := range tests {
		c := contest{me: tt.me, opp: tt.opp, terrain: tt.terrain, remaining: 3}
		g, _ := c.matrix()
		if _, v := solveGame(&g); !near(v, tt.want) {
			t.Errorf("%s: value %v, want %v", tt.name, v, tt.want)
		}
	}
}

func TestNash_SamplesTheEquilibrium(t *testing.T) {
	// Equal all-round monsters on Plains: the bot must mix, not always pick one.
	c := contest{me: Monster{Speed: 2, Brawn: 2, Mind: 2}, opp: Monster{Speed: 2, Brawn: 2, Mind: 2}, terrain: Speed, remaining: 3}
	r := dice.NewUnrecordedStream(dice.Seed{1})
	var count [4]int
	for range 3000 {
		count[c.nash(r)]++
	}
	g, _ := c.matrix()
	x, _ := solveGame(&g)
	played := 0
	for ab := Speed; ab <= Mind; ab++ {
		got := float64(count[ab]) / 3000
		if math.Abs(got-x[ab-1]) > 0.03 {
			t.Errorf("%s chosen %.3f of the time, equilibrium says %.3f", ab, got, x[ab-1])
		}
		if count[ab] > 0 {
			played++
		}
	}
	// A pure strategy (all of one) would pass the check above if the
	// solver also said pure: the position is a mixed one, and so must be
	// the play.
	if played < 2 {
		t.Errorf("only one ability chosen in 3000 samples (equilibrium %v)", x)
	}
}

// duelMatch plays one match between monsters a and b, side a choosing by
// policy pol0 and side b by pol1 ("nash", "greedy" or "random"), and returns
// 1 if a wins, 0 if b wins and 1/2 for a dice-off.
func duelMatch(a, b Monster, terrain Ability, r *dice.Stream, pol0, pol1 string) float64 {
	c0 := contest{me: a, opp: b, terrain: terrain, remaining: 3}
	c1 := contest{me: b, opp: a, terrain: terrain, remaining: 3}
	choose := func(c *contest, pol string) Ability {
		switch pol {
		case "nash":
			return c.nash(r)
		case "greedy":
			return c.greedy()
		}
		opts, n := options(c.usedMe)
		return opts[r.Roll(n)-1]
	}
	for k := 0; k < 3; k++ {
		x := choose(&c0, pol0)
		y := choose(&c1, pol1)
		if k == 2 {
			o, _ := options(c0.usedMe)
			x = o[0]
			o, _ = options(c1.usedMe)
			y = o[0]
		}
		v := c0.outcome(x, y)
		if v >= 0 {
			return v
		}
		c0.usedMe[x], c0.usedOpp[y] = true, true
		c1.usedMe[y], c1.usedOpp[x] = true, true
		c0.remaining--
		c1.remaining--
	}
	return 0.5
}

// In contests alone, nash cannot be exploited (it holds its own against
// greedy, whose one-step guess turns out to be close to optimal here) and it
// beats random; greedy exploits random a little more, as a best response to
// a weak player may. Nash's edge in whole games comes from its planning.
func TestContest_HeadToHead(t *testing.T) {
	r := dice.NewUnrecordedStream(dice.Seed{9})
	tests := []struct {
		a, b    string
		atLeast float64
	}{{"nash", "greedy", 0.48}, {"nash", "random", 0.6}, {"greedy", "random", 0.6}, {"nash", "nash", 0.48}}
	for _, tt := range tests {
		const n = 20000
		total := 0.0
		for range n {
			a := Monster{Speed: r.Roll(9) - 3, Brawn: r.Roll(9) - 3, Mind: r.Roll(9) - 3}
			b := Monster{Speed: r.Roll(9) - 3, Brawn: r.Roll(9) - 3, Mind: r.Roll(9) - 3}
			total += duelMatch(a, b, Ability(r.Roll(3)), r, tt.a, tt.b)
		}
		t.Logf("%s vs %s over %d random matches: %.3f", tt.a, tt.b, n, total/n)
		if total/n < tt.atLeast {
			t.Errorf("%s vs %s: %.3f, want at least %.2f", tt.a, tt.b, total/n, tt.atLeast)
		}
	}
}

// play runs one game to the end with one bot per seat, through the engine
// interface only, and returns the outcome.
func play(tb testing.TB, s engine.State, bots []engine.Bot, d, r *dice.Stream) engine.Outcome {
	for {
		pending := s.Pending()
		if len(pending) == 0 {
			break
		}
		for _, p := range pending {
			legal := s.Legal(p)
			a := bots[p].Act(p, s.View(p), legal, r)
			if _, err := s.Apply(p, a, d); err != nil {
				tb.Fatalf("bot at %s played %q: %v", p, a, err)
			}
		}
	}
	o, _ := s.Outcome()
	return o
}

func mustBots(tb testing.TB, names ...string) ([]engine.Bot, []engine.SeatInfo) {
	tb.Helper()
	bots := make([]engine.Bot, len(names))
	seats := make([]engine.SeatInfo, len(names))
	for i, n := range names {
		b, err := NewBot(n)
		if err != nil {
			tb.Fatal(err)
		}
		bots[i] = b
		seats[i] = engine.SeatInfo{Name: fmt.Sprintf("%s%d", n, i+1), Bot: n}
	}
	return bots, seats
}

func TestBots_PlayOnlyLegalActions(t *testing.T) {
	for _, mix := range [][]string{{"nash", "nash"}, {"greedy", "nash"}, {"random", "greedy", "nash", "nash", "greedy", "random", "nash", "greedy"}} {
		t.Run(strings.Join(mix, ","), func(t *testing.T) {
			bots, seats := mustBots(t, mix...)
			for i := range 20 {
				s, err := New(Options{}, seats)
				if err != nil {
					t.Fatal(err)
				}
				play(t, s, bots, dice.NewUnrecordedStream(dice.Seed{byte(i), 1}), dice.NewUnrecordedStream(dice.Seed{byte(i), 2}))
			}
		})
	}
	if _, err := NewBot("genius"); err == nil {
		t.Errorf("NewBot(genius): no error")
	}
}

// strength plays n four-stable games of the standard length with the given
// bots, rotating their seats, and returns each bot's share of the wins.
func strength(tb testing.TB, n int, names ...string) map[string]float64 {
	share := map[string]float64{}
	for g := range n {
		rot := make([]string, len(names))
		for i := range names {
			rot[i] = names[(i+g)%len(names)]
		}
		bots, seats := mustBots(tb, rot...)
		s, err := New(Options{}, seats)
		if err != nil {
			tb.Fatal(err)
		}
		seed := dice.Seed{byte(g), byte(g >> 8), 0x51}
		o := play(tb, s, bots, dice.NewUnrecordedStream(seed), dice.NewUnrecordedStream(dice.Seed{byte(g), byte(g >> 8), 0x52}))
		for i := range rot {
			share[rot[i]] += o.Share(engine.Seat(i)) / float64(n)
		}
	}
	return share
}

func TestBots_Strength(t *testing.T) {
	if testing.Short() {
		t.Skip("plays thousands of games")
	}
	const n = 2000
	share := strength(t, n, "nash", "greedy", "random", "random")
	t.Logf("win share over %d games (nash, greedy, random, random; seats rotate): nash %.3f, greedy %.3f, random %.3f each",
		n, share["nash"], share["greedy"], share["random"]/2)
	// With n games a share's standard error is below 0.012: ask for a margin
	// of several of them.
	if share["nash"] < share["greedy"]+0.05 {
		t.Errorf("nash %.3f does not clearly beat greedy %.3f", share["nash"], share["greedy"])
	}
	if share["greedy"] < share["random"]/2+0.10 {
		t.Errorf("greedy %.3f does not clearly beat random %.3f", share["greedy"], share["random"]/2)
	}
}

// The nash bot's remembered solutions are exactly what solving again gives:
// contests that share a key share an equilibrium, to the last bit.
func TestSolved_SameAsSolving(t *testing.T) {
	r := dice.NewUnrecordedStream(dice.Seed{11})
	var sv solved
	for range 20000 {
		c := contest{
			me:        Monster{Speed: r.Roll(9) - 4, Brawn: r.Roll(9) - 4, Mind: r.Roll(9) - 4},
			opp:       Monster{Speed: r.Roll(9) - 4, Brawn: r.Roll(9) - 4, Mind: r.Roll(9) - 4},
			terrain:   Ability(r.Roll(3)),
			remaining: 3,
		}
		if r.Roll(2) == 1 { // after a first tie
			c.usedMe[r.Roll(3)] = true
			c.usedOpp[r.Roll(3)] = true
			c.remaining = 2
		}
		x, v := sv.solve(&c)
		wx, wv := c.solve()
		if x != wx || v != wv {
			t.Fatalf("%+v: remembered %v %v, solving gives %v %v", c, x, v, wx, wv)
		}
	}
	if n := len(sv.memo); n < 100 {
		t.Errorf("only %d distinct contests in 20000: the test does not reach far", n)
	}
}

// TestContest_KeyPacksTheNineOutcomes checks that the memo key of a contest
// holds each comparison's outcome as outcome computes it (terrain and
// matchup doublings and all), for contests over every terrain and many
// values, negative ones included.
func TestContest_KeyPacksTheNineOutcomes(t *testing.T) {
	r := dice.NewUnrecordedStream(dice.Seed{5})
	val := func() int { return r.Roll(13) - 7 } // -6..6
	for i := range 5000 {
		c := contest{
			me:        Monster{Speed: val(), Brawn: val(), Mind: val()},
			opp:       Monster{Speed: val(), Brawn: val(), Mind: val()},
			terrain:   Ability(r.Roll(3)),
			remaining: 3,
		}
		var want uint32
		for a := Speed; a <= Mind; a++ {
			for b := Speed; b <= Mind; b++ {
				want = want*3 + uint32(c.outcome(a, b)+1)
			}
		}
		if got := c.key() & (1<<15 - 1); got != want {
			t.Fatalf("contest %d (%+v): key holds outcomes %d, want %d", i, c, got, want)
		}
	}
}

// TestNashBot_MixesInAFixedPosition asks the nash bot, through the
// engine.Bot interface, for its choice in one match position many times
// with one seeded stream: it must play more than one ability, each about as
// often as its equilibrium strategy says (within four standard errors).
// Equal all-round monsters on Plains make the equilibrium a mixed one.
func TestNashBot_MixesInAFixedPosition(t *testing.T) {
	twin := Monster{Speed: 2, Brawn: 2, Mind: 2, Age: 5}
	s := twoInAMatch(t, twin, twin, fudgeStream(t, +1))
	v, legal := s.View(0), s.Legal(0)
	c, ok := contestOf(v.(*View), 0)
	if !ok {
		t.Fatal("no contest in the position")
	}
	x, _ := c.solve()
	mixed := 0
	for _, p := range x {
		if p >= 0.1 {
			mixed++
		}
	}
	if mixed < 2 {
		t.Fatalf("the equilibrium %v is not a mixed one: the test needs another position", x)
	}
	bot, err := NewBot(BotNash)
	if err != nil {
		t.Fatal(err)
	}
	r := dice.NewUnrecordedStream(dice.Seed{21})
	const n = 6000
	var count [Mind + 1]int
	for range n {
		a, ok := bot.Act(0, v, legal, r).(Choose)
		if !ok || a.Ability < Speed || a.Ability > Mind {
			t.Fatalf("the nash bot chose %v in a match", a)
		}
		count[a.Ability]++
	}
	played := 0
	for ab := Speed; ab <= Mind; ab++ {
		if count[ab] > 0 {
			played++
		}
		p, got := x[ab-Speed], float64(count[ab])/n
		if tol := 4*math.Sqrt(p*(1-p)/n) + 1e-9; math.Abs(got-p) > tol {
			t.Errorf("%s played %.3f of the time, the equilibrium says %.3f (±%.3f)", ab, got, p, tol)
		}
	}
	if played < 2 {
		t.Errorf("the nash bot played only one ability in %d decisions: %v", n, count[Speed:])
	}
	t.Logf("equilibrium %.3f, played %v of %d", x, count[Speed:], n)
}
