package pmr

import (
	"fmt"

	"tabletop/dice"
	"tabletop/engine"
)

// The bot names, as Info.Bots lists them.
const (
	BotRandom = "random" // uniform over the legal actions
	BotGreedy = "greedy" // a stable-management heuristic and a one-step guess in contests
	BotNash   = "nash"   // whole-game stable planning, equilibrium play in contests
)

// NewBot returns the named bot: "random", "greedy" or "nash".
func NewBot(name string) (engine.Bot, error) {
	switch name {
	case BotRandom:
		return randomBot{}, nil
	case BotGreedy:
		return greedyBot{}, nil
	case BotNash:
		return &nashBot{}, nil
	}
	return nil, fmt.Errorf("pmr: no bot %s (want random, greedy or nash)", engine.Quote(name))
}

// randomBot plays a uniformly random legal action.
type randomBot struct{}

func (randomBot) Act(_ engine.Seat, _ engine.View, legal []engine.Action, r *dice.Stream) engine.Action {
	return legal[r.Roll(len(legal))-1]
}

// greedyBot manages its stable by a fixed heuristic (see activity) and, in a
// contest, assumes the opponent uses whichever of its abilities is highest
// after the terrain doubling, and answers with the ability that wins by the
// most against that guess.
type greedyBot struct{}

func (greedyBot) Act(p engine.Seat, view engine.View, legal []engine.Action, r *dice.Stream) engine.Action {
	v, ok := view.(*View)
	if !ok || v.Board == nil || int(p) >= len(v.Stables) || p < 0 {
		return legal[r.Roll(len(legal))-1]
	}
	switch v.Phase {
	case PhaseActivity:
		return pick(activity(v, p), legal, r)
	case PhaseEnter:
		return pick(enterAction(strongest(v.Stables[p].Monsters).ID), legal, r)
	case PhaseMatch:
		if c, ok := contestOf(v, p); ok {
			return pick(boxedChoose[c.greedy()], legal, r)
		}
	}
	return legal[r.Roll(len(legal))-1]
}

// nashBot plans its stable for the whole game (nashActivity), enters the
// monster with the best equilibrium match value against the other stables'
// strongest monsters, and plays every contest by its equilibrium mixed
// strategy.
//
// The model: a match is a zero-sum game won (1) or lost (0). In the first
// contest each side picks one of three abilities; the payoff of a pair is 1
// or 0 if the effective values (terrain and matchup doublings applied)
// differ, and on a tie it is the value of the follow-up game: a 2x2 game over
// the abilities each side has not used, whose ties lead to the forced third
// comparison (1, 0, or 1/2 for the dice-off, which is a fair coin). The bot
// solves the 3x3 (or, after a tie, the 2x2) matrix game exactly by support
// enumeration (solveGame) and samples its choice from the optimal strategy
// with its own stream, so no opponent can predict or exploit it: against any
// opponent it wins at least the game's value.
//
// A nash bot remembers the games it has solved (solved), so it is not safe
// for concurrent use: make one per goroutine, as sim does.
type nashBot struct {
	solved solved
}

func (b *nashBot) Act(p engine.Seat, view engine.View, legal []engine.Action, r *dice.Stream) engine.Action {
	v, ok := view.(*View)
	if !ok || v.Board == nil || int(p) >= len(v.Stables) || p < 0 {
		return legal[r.Roll(len(legal))-1]
	}
	switch v.Phase {
	case PhaseActivity:
		return pick(nashActivity(v, p), legal, r)
	case PhaseEnter:
		ms := v.Stables[p].Monsters
		rivals := rivalsOf(v, p)
		best, bestV := 0, -1.0
		for i := range ms {
			if val := b.solved.matchValue(&ms[i], rivals); val > bestV || val == bestV && ms[i].Sum() > ms[best].Sum() {
				best, bestV = i, val
			}
		}
		return pick(enterAction(ms[best].ID), legal, r)
	case PhaseMatch:
		if c, ok := contestOf(v, p); ok {
			x, _ := b.solved.solve(&c)
			return pick(boxedChoose[c.sample(x, r)], legal, r)
		}
	}
	return legal[r.Roll(len(legal))-1]
}

// rivals are the monsters the other stables are likely to enter: each one's
// strongest.
type rivals struct {
	m [8]Monster
	n int
}

func rivalsOf(v *View, p engine.Seat) *rivals {
	var r rivals
	for i := range v.Stables {
		if engine.Seat(i) != p && len(v.Stables[i].Monsters) > 0 {
			r.m[r.n] = *strongest(v.Stables[i].Monsters)
			r.n++
		}
	}
	return &r
}

// matchValue is the chance that m wins a match against one of the rivals,
// when both play the equilibrium: the game's value averaged over the rivals
// and the three terrains. With no rival it is 1.
func (sv *solved) matchValue(m *Monster, r *rivals) float64 {
	if r.n == 0 {
		return 1
	}
	total := 0.0
	for i := 0; i < r.n; i++ {
		for t := Speed; t <= Mind; t++ {
			c := contest{me: *m, opp: r.m[i], terrain: t, remaining: 3}
			_, v := sv.solve(&c)
			total += v
		}
	}
	return total / float64(3*r.n)
}

// solved remembers the equilibria of the contests a nash bot has solved. A
// bot meets the same few situations again and again (every entry weighs each
// monster against each rival on each terrain), and solving one takes dozens
// of small linear systems, so the nash bot was several times slower than
// the game itself.
//
// A contest's equilibrium depends only on which side wins each comparison
// of my ability a with theirs b (win, loss or tie for all nine pairs: a tie
// leads to a game over the remaining abilities), the abilities each side has
// used, and how many remain; key packs exactly these, so a remembered
// solution is the one solve would compute, to the last bit.
type solved struct {
	memo map[uint32]solution
}

type solution struct {
	x [3]float64 // my strategy over options(usedMe)
	v float64    // the game's value for me
}

// maxSolved bounds the memory; a game meets a few hundred situations.
const maxSolved = 1 << 16

// solve returns the contest's equilibrium strategy for me and its value.
func (sv *solved) solve(c *contest) (x [3]float64, v float64) {
	k := c.key()
	if s, ok := sv.memo[k]; ok {
		return s.x, s.v
	}
	x, v = c.solve()
	if sv.memo == nil || len(sv.memo) >= maxSolved {
		sv.memo = make(map[uint32]solution)
	}
	sv.memo[k] = solution{x, v}
	return x, v
}

// key packs what the contest's equilibrium depends on: 9 outcomes (3^9 <
// 2^15), then the used abilities of each side (3 bits each) and the number
// of abilities remaining (2 bits).
func (c *contest) key() uint32 {
	// The nine outcomes as outcome computes them, with each side's values
	// read once: the solver asks for a key far more often than it solves.
	var mine, theirs [Mind + 1]int
	for ab := Speed; ab <= Mind; ab++ {
		mine[ab], theirs[ab] = c.me.Get(ab), c.opp.Get(ab)
	}
	var k uint32
	for a := Speed; a <= Mind; a++ {
		for b := Speed; b <= Mind; b++ {
			x := Effective(a, b, c.terrain, mine[a])
			y := Effective(b, a, c.terrain, theirs[b])
			var o uint32 // 1 win, 0 loss, -1 tie, as 2, 1, 0
			switch {
			case x > y:
				o = 2
			case x < y:
				o = 1
			}
			k = k*3 + o
		}
	}
	for ab := Speed; ab <= Mind; ab++ {
		if c.usedMe[ab] {
			k |= 1 << (15 + ab - Speed)
		}
		if c.usedOpp[ab] {
			k |= 1 << (18 + ab - Speed)
		}
	}
	return k | uint32(c.remaining&3)<<21
}

// nashActivity plans for the whole game rather than the next tournament.
// A monster competes while it is 10 or younger, so one captured at 4 to 6
// misses the last tournaments of a standard game, while an offspring (age 0)
// can last all of them. So the bot captures two monsters and breeds an heir
// that will live to the end; it trains its strongest monster until that one
// has only a few tournaments left, then the heir. It always trains a random
// ability: +1 for sure, against 2/3 of a point for a chosen one.
// handover is how many tournaments the strongest monster must have left
// before nash trains its heir instead (simulations put 1 to 6 within noise).
const handover = 3

func nashActivity(v *View, p engine.Seat) engine.Action {
	ms := v.Stables[p].Monsters
	every := max(v.Every, 1)
	left := v.Turns/every - (v.Turn-1)/every // tournaments from this turn on
	last := v.RetireAge + 1                  // the age at which a monster retires
	if len(ms) == 0 {
		return boxedCapture
	}
	heir := -1
	for i := range ms {
		if last-ms[i].Age >= left && (heir < 0 || power(&ms[i]) > power(&ms[heir])) {
			heir = i
		}
	}
	if heir < 0 && left >= 3 {
		if len(ms) == 1 {
			return boxedCapture
		}
		bi, bj, bestSum := -1, -1, 0
		for i := range ms {
			for j := i + 1; j < len(ms); j++ {
				a, b := &ms[i], &ms[j]
				if breedChance(roundHalf(a.Age+b.Age)) < 6 {
					continue
				}
				sum := roundHalf(a.Speed+b.Speed) + roundHalf(a.Brawn+b.Brawn) + roundHalf(a.Mind+b.Mind)
				if bi < 0 || sum > bestSum {
					bi, bj, bestSum = i, j, sum
				}
			}
		}
		if bi >= 0 {
			return breedAction(ms[bi].ID, ms[bj].ID)
		}
		if len(ms) < 3 {
			return boxedCapture
		}
	}
	champ := strongest(ms)
	if heir >= 0 && last-champ.Age <= handover {
		return trainAction(ms[heir].ID, Random)
	}
	return trainAction(champ.ID, Random)
}

// pick returns want if it is legal, else a random legal action (a bot must
// never play an illegal action, whatever its heuristic thinks).
func pick(want engine.Action, legal []engine.Action, r *dice.Stream) engine.Action {
	// Comparing interfaces calls the runtime for every element; a type
	// assertion to the wanted type is one comparison of type words.
	found := -1
	switch w := want.(type) {
	case Train:
		for i, a := range legal {
			if t, ok := a.(Train); ok && t == w {
				found = i
				break
			}
		}
	case Choose:
		for i, a := range legal {
			if c, ok := a.(Choose); ok && c == w {
				found = i
				break
			}
		}
	case Enter:
		for i, a := range legal {
			if x, ok := a.(Enter); ok && x == w {
				found = i
				break
			}
		}
	default:
		for i, a := range legal {
			if a == want {
				found = i
				break
			}
		}
	}
	if found >= 0 {
		return legal[found]
	}
	return legal[r.Roll(len(legal))-1]
}

// power is the heuristic strength of a monster: its ability sum, which also
// earns byes, plus its best ability, which wins contests.
func power(m *Monster) int {
	return m.Sum() + max(m.Speed, m.Brawn, m.Mind)
}

// strongest returns the monster with the highest power (the youngest among
// equals).
func strongest(ms []Monster) *Monster {
	var best *Monster
	bp := 0
	for i := range ms {
		m := &ms[i]
		if mp := power(m); best == nil || mp > bp || mp == bp && m.Age < best.Age {
			best, bp = m, mp
		}
	}
	return best
}

// breedChance is the chance, in ninths, that parents whose ages average avg
// have an offspring: 2dF must come to less than 7-avg.
func breedChance(avg int) int {
	// 2dF: -2, -1, 0, +1, +2 with 1, 2, 3, 2, 1 ninths.
	ninths := 0
	for i, w := range [5]int{1, 2, 3, 2, 1} {
		if avg+i-2 < 7 {
			ninths += w
		}
	}
	return ninths
}

// activity is the stable-management heuristic. Young monsters last: one bred
// at age 0 competes in eleven tournaments, one captured at 4 to 6 in five to
// seven. So the bot captures until it has two monsters, breeds a pair whose
// offspring promises at least the power of its best monster (if the breeding
// is likely to succeed and the stable is small), and otherwise trains its
// strongest monster's weakest ability, so that no terrain or matchup finds
// it without an answer.
func activity(v *View, p engine.Seat) engine.Action {
	ms := v.Stables[p].Monsters
	left := v.Turns - v.Turn
	if len(ms) == 0 || len(ms) == 1 && left >= 6 {
		return boxedCapture
	}
	best := strongest(ms)
	if left >= 6 && len(ms) <= 4 {
		bi, bj, bestScore, bestPower := -1, -1, 0, power(best)
		for i := range ms {
			for j := i + 1; j < len(ms); j++ {
				a, b := &ms[i], &ms[j]
				// breedChance(avg) >= 8 ninths: only 2dF = +2 may fail.
				if roundHalf(a.Age+b.Age) > 5 {
					continue
				}
				kid := Monster{
					Speed: roundHalf(a.Speed + b.Speed),
					Brawn: roundHalf(a.Brawn + b.Brawn),
					Mind:  roundHalf(a.Mind + b.Mind),
				}
				score := power(&kid)
				if score+1 >= bestPower && (bi < 0 || score > bestScore) {
					bi, bj, bestScore = i, j, score
				}
			}
		}
		if bi >= 0 && youngest(ms) >= 3 {
			return breedAction(ms[bi].ID, ms[bj].ID)
		}
	}
	return trainAction(best.ID, weakest(best))
}

// weakest is the monster's lowest ability (Speed before Brawn before Mind
// among equals).
func weakest(m *Monster) Ability {
	w := Speed
	for ab := Brawn; ab <= Mind; ab++ {
		if m.Get(ab) < m.Get(w) {
			w = ab
		}
	}
	return w
}

func youngest(ms []Monster) int {
	y := 1 << 30
	for i := range ms {
		y = min(y, ms[i].Age)
	}
	return y
}

// contest is the state of a match from one side's point of view.
type contest struct {
	me, opp   Monster
	terrain   Ability
	usedMe    [4]bool
	usedOpp   [4]bool
	remaining int // abilities each side may still choose: 3 or 2
}

// contestOf reads the current contest of p's match from the view.
func contestOf(v *View, p engine.Seat) (contest, bool) {
	var c contest
	if v.Tournament == nil || v.Tournament.Match == nil {
		return c, false
	}
	m := v.Tournament.Match
	x := 0
	me, opp := m.A, m.B
	switch p {
	case m.A.Stable:
	case m.B.Stable:
		x = 1
		me, opp = opp, me
	default:
		return c, false
	}
	a, ok1 := findMonster(v, me)
	b, ok2 := findMonster(v, opp)
	if !ok1 || !ok2 {
		return c, false
	}
	c.me, c.opp, c.terrain = a, b, m.Terrain
	for _, k := range m.Contests {
		c.usedMe[k.Choices[x]] = true
		c.usedOpp[k.Choices[1-x]] = true
	}
	c.remaining = 3 - len(m.Contests)
	return c, true
}

func findMonster(v *View, x Entrant) (Monster, bool) {
	if int(x.Stable) >= len(v.Stables) || x.Stable < 0 {
		return Monster{}, false
	}
	ms := v.Stables[x.Stable].Monsters
	for i := range ms {
		if ms[i].ID == x.Monster {
			return ms[i], true
		}
	}
	return Monster{}, false
}

// greedy picks the ability that beats the opponent's likely choice (its
// highest value after the terrain doubling) by the widest margin.
func (c *contest) greedy() Ability {
	guess, guessValue := NoAbility, 0
	for ab := Speed; ab <= Mind; ab++ {
		if c.usedOpp[ab] {
			continue
		}
		val := c.opp.Get(ab)
		if ab == c.terrain {
			val *= 2
		}
		if guess == NoAbility || val > guessValue {
			guess, guessValue = ab, val
		}
	}
	best, bestMargin := NoAbility, 0
	for ab := Speed; ab <= Mind; ab++ {
		if c.usedMe[ab] {
			continue
		}
		margin := Effective(ab, guess, c.terrain, c.me.Get(ab)) - Effective(guess, ab, c.terrain, c.opp.Get(guess))
		if best == NoAbility || margin > bestMargin {
			best, bestMargin = ab, margin
		}
	}
	return best
}

// outcome is the payoff of one comparison to me: 1 win, 0 loss, -1 tie.
func (c *contest) outcome(mine, theirs Ability) float64 {
	a := Effective(mine, theirs, c.terrain, c.me.Get(mine))
	b := Effective(theirs, mine, c.terrain, c.opp.Get(theirs))
	switch {
	case a > b:
		return 1
	case a < b:
		return 0
	}
	return -1
}

// options lists the abilities not marked used.
func options(used [4]bool) (out [3]Ability, n int) {
	for ab := Speed; ab <= Mind; ab++ {
		if !used[ab] {
			out[n] = ab
			n++
		}
	}
	return out, n
}

// matrix builds the payoff matrix of the contest at hand, rows mine and
// columns the opponent's, with ties replaced by the value of what follows.
func (c *contest) matrix() (g matrixGame, mine [3]Ability) {
	mine, m := options(c.usedMe)
	theirs, n := options(c.usedOpp)
	g.m, g.n = m, n
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			v := c.outcome(mine[i], theirs[j])
			if v < 0 {
				v = c.tieValue(mine[i], theirs[j])
			}
			g.a[i][j] = v
		}
	}
	return g, mine
}

// tieValue is the value of the game after a tie with these abilities.
func (c *contest) tieValue(mine, theirs Ability) float64 {
	next := *c
	next.usedMe[mine] = true
	next.usedOpp[theirs] = true
	next.remaining--
	if next.remaining == 1 {
		// The last abilities compete; a tie goes to a fair dice-off.
		a, _ := options(next.usedMe)
		b, _ := options(next.usedOpp)
		if v := next.outcome(a[0], b[0]); v >= 0 {
			return v
		}
		return 0.5
	}
	g, _ := next.matrix()
	_, v := solveGame(&g)
	return v
}

// solve returns the equilibrium strategy for me and the game's value.
func (c *contest) solve() (x [3]float64, v float64) {
	g, _ := c.matrix()
	return solveGame(&g)
}

// nash samples an ability from the equilibrium strategy.
func (c *contest) nash(r *dice.Stream) Ability {
	x, _ := c.solve()
	return c.sample(x, r)
}

// sample picks one of my options by the mixed strategy x.
func (c *contest) sample(x [3]float64, r *dice.Stream) Ability {
	mine, m := options(c.usedMe)
	const scale = 1 << 20
	u := float64(r.Roll(scale)-1) / scale
	for i := 0; i < m; i++ {
		u -= x[i]
		if u < 0 {
			return mine[i]
		}
	}
	// Rounding left a sliver: take the last ability with weight.
	for i := m - 1; i >= 0; i-- {
		if x[i] > 0 {
			return mine[i]
		}
	}
	return mine[0]
}

// matrixGame is a zero-sum matrix game of at most 3x3: a[i][j] is what the row
// player wins when it plays i and the column player j.
type matrixGame struct {
	a    [3][3]float64
	m, n int
}

const eps = 1e-9

// solveGame returns an optimal mixed strategy for the row player and the
// game's value. It enumerates square submatrices (supports) from the
// smallest, solves the equalising equations for both players on each and
// returns the first pair that is a saddle point: every row earns at most the
// value against the column strategy and every column concedes at least the
// value against the row strategy. Every matrix game has such a basic
// solution (Shapley and Snow, 1950), so the search always succeeds; the
// fallback only guards against rounding.
func solveGame(g *matrixGame) (x [3]float64, v float64) {
	k := min(g.m, g.n)
	for size := 1; size <= k; size++ {
		for rows := 1; rows < 1<<g.m; rows++ {
			if bits(rows) != size {
				continue
			}
			for cols := 1; cols < 1<<g.n; cols++ {
				if bits(cols) != size {
					continue
				}
				if x, v, ok := g.trySupport(rows, cols, size); ok {
					return x, v
				}
			}
		}
	}
	// Unreachable in exact arithmetic: play the maximin pure row.
	best := -1.0
	for i := 0; i < g.m; i++ {
		worst := 2.0
		for j := 0; j < g.n; j++ {
			worst = min(worst, g.a[i][j])
		}
		if worst > best {
			best = worst
			x = [3]float64{}
			x[i] = 1
		}
	}
	return x, best
}

func bits(m int) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// trySupport solves the game restricted to the rows and columns in the two
// bit sets and checks that the result is optimal in the whole game.
func (g *matrixGame) trySupport(rows, cols, size int) (x [3]float64, v float64, ok bool) {
	var ri, ci [3]int
	for i, n := 0, 0; i < g.m; i++ {
		if rows&(1<<i) != 0 {
			ri[n] = i
			n++
		}
	}
	for j, n := 0, 0; j < g.n; j++ {
		if cols&(1<<j) != 0 {
			ci[n] = j
			n++
		}
	}
	// Row strategy: sum_i x_i a[i][j] - v = 0 for each column j, sum x = 1.
	var sys [4][5]float64
	for e := 0; e < size; e++ {
		for u := 0; u < size; u++ {
			sys[e][u] = g.a[ri[u]][ci[e]]
		}
		sys[e][size] = -1
	}
	for u := 0; u < size; u++ {
		sys[size][u] = 1
	}
	sys[size][size+1] = 1
	xs, ok := solveLinear(&sys, size+1)
	if !ok {
		return x, 0, false
	}
	v = xs[size]
	// Column strategy: sum_j a[i][j] y_j - v = 0 for each row i, sum y = 1.
	sys = [4][5]float64{}
	for e := 0; e < size; e++ {
		for u := 0; u < size; u++ {
			sys[e][u] = g.a[ri[e]][ci[u]]
		}
		sys[e][size] = -1
	}
	for u := 0; u < size; u++ {
		sys[size][u] = 1
	}
	sys[size][size+1] = 1
	ys, ok := solveLinear(&sys, size+1)
	if !ok || abs(ys[size]-v) > 1e-7 {
		return x, 0, false
	}
	var y [3]float64
	for u := 0; u < size; u++ {
		if xs[u] < -eps || ys[u] < -eps {
			return x, 0, false
		}
		x[ri[u]] = max(xs[u], 0)
		y[ci[u]] = max(ys[u], 0)
	}
	for i := 0; i < g.m; i++ {
		s := 0.0
		for j := 0; j < g.n; j++ {
			s += g.a[i][j] * y[j]
		}
		if s > v+1e-7 {
			return x, 0, false
		}
	}
	for j := 0; j < g.n; j++ {
		s := 0.0
		for i := 0; i < g.m; i++ {
			s += x[i] * g.a[i][j]
		}
		if s < v-1e-7 {
			return x, 0, false
		}
	}
	return x, v, true
}

// solveLinear solves the n x n system in sys (augmented with the right-hand
// side in column n) by Gaussian elimination with partial pivoting.
func solveLinear(sys *[4][5]float64, n int) (out [4]float64, ok bool) {
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if abs(sys[r][c]) > abs(sys[p][c]) {
				p = r
			}
		}
		if abs(sys[p][c]) < 1e-12 {
			return out, false
		}
		sys[c], sys[p] = sys[p], sys[c]
		for r := 0; r < n; r++ {
			if r == c {
				continue
			}
			f := sys[r][c] / sys[c][c]
			for k := c; k <= n; k++ {
				sys[r][k] -= f * sys[c][k]
			}
		}
	}
	for c := 0; c < n; c++ {
		out[c] = sys[c][n] / sys[c][c]
	}
	return out, true
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}
