package prophecy

import (
	"fmt"
	"io"
	"math"
	"strings"
	"sync"

	"tabletop/dice"
)

// The designer's view: exact odds over the outline. A scene's check rolls
// pairs + r dice, where r is the number of its precursors that succeeded.
// Precursors are independent (their subtrees share no scene and their dice
// are separate rolls), so r follows the convolution of their Bernoulli
// distributions, and
//
//	P(scene succeeds) = sum over r of P(r) * P(hits of pairs+r dice >= difficulty)
//
// with a pool of 0 failing. The chance of hits comes from the dice
// package's exact distribution of "Nd6!>=4": the same numbers "tabletop
// odds" prints. That distribution follows explosions until the probability
// left out is below 1e-12 (dice.Truncation); Odds reports the largest such
// mass among the pools it used.

// Chance is what the dice package says about one pool against one
// difficulty.
type Chance struct {
	Pool       int     `json:"pool"`
	Notation   string  `json:"notation"` // "5d6!>=4"; "" for a pool of 0
	Difficulty int     `json:"difficulty"`
	P          float64 `json:"p"`         // P(hits >= difficulty); 0 for a pool of 0
	Truncated  float64 `json:"truncated"` // probability mass the distribution left out
	Depth      int     `json:"depth"`     // explosions followed per die
}

// maxPool is the largest pool the odds are computed for; beyond it success
// is certain to far more digits than a float64 holds for any difficulty of
// at most 4.
const maxPool = 200

// chanceCache holds P(hits >= d) per pool and difficulty.
var chanceCache struct {
	sync.Mutex
	m map[[2]int]Chance
}

// CheckChance returns the exact chance that a pool of pool dice scores at
// least difficulty hits, as the dice package computes it. A pool of 0
// fails.
func CheckChance(pool, difficulty int) (Chance, error) {
	if pool <= 0 {
		return Chance{Pool: 0, Difficulty: difficulty}, nil
	}
	if pool > maxPool {
		pool = maxPool
	}
	key := [2]int{pool, difficulty}
	chanceCache.Lock()
	defer chanceCache.Unlock()
	if c, ok := chanceCache.m[key]; ok {
		return c, nil
	}
	d, err := poolExpr(pool).Dist()
	if err != nil {
		return Chance{}, fmt.Errorf("prophecy: the odds of %s: %v", PoolNotation(pool), err)
	}
	c := Chance{Pool: pool, Notation: PoolNotation(pool), Difficulty: difficulty, P: d.AtLeast(difficulty), Truncated: d.Truncated(), Depth: d.ExplodeDepth()}
	if chanceCache.m == nil {
		chanceCache.m = map[[2]int]Chance{}
	}
	chanceCache.m[key] = c
	return c, nil
}

// Node is one scene of an outline as the designer sees it: the outline file
// of "tabletop sim prophecy --outline" is the Finale as a Node, in JSON.
//
//	{"objective": "Seal the rift", "setting": "the old observatory",
//	 "precursors": [
//	   {"objective": "Find the key", "pairs": 3},
//	   {"objective": "Recruit the guard", "precursors": [{"objective": "Bribe the captain"}]}
//	 ]}
//
// Pairs, if set, is the number of matching pairs expected in that scene;
// otherwise the number given for every scene. Known, if set, is a scene
// already rolled: its outcome is fixed (true = success).
type Node struct {
	ID         int     `json:"id,omitempty"`
	Objective  string  `json:"objective"`
	Setting    string  `json:"setting,omitempty"`
	Pairs      *int    `json:"pairs,omitempty"`
	Known      *bool   `json:"known,omitempty"`
	Precursors []*Node `json:"precursors,omitempty"`
}

// Odds are the designer's figures for an outline.
type Odds struct {
	Averted   float64         `json:"averted"`   // P(the Finale succeeds)
	Scenes    map[int]float64 `json:"scenes"`    // P(success) per scene id (ids in tree order when unset)
	Truncated float64         `json:"truncated"` // the largest mass left out by any pool's distribution
}

// MaxDepth is the deepest an outline goes: the Finale's difficulty 4, down
// to 1.
const MaxDepth = FinaleDifficulty

// Validate checks an outline: every scene has an objective, no scene lies
// deeper than difficulty 1, pairs are within 0..MaxExpectPairs, at most
// MaxScenes scenes. It numbers scenes without an id in tree order, the
// Finale 1. Errors name the scene by its path ("finale > precursor 2").
func (n *Node) Validate() error {
	count, ids := 0, map[int]bool{}
	var walk func(n *Node, where string, difficulty int) error
	walk = func(n *Node, where string, difficulty int) error {
		if n == nil {
			return fmt.Errorf("prophecy: outline: %s: empty scene", where)
		}
		if difficulty < 1 {
			return fmt.Errorf("prophecy: outline: %s: too deep: a precursor of a difficulty 1 scene would have difficulty 0", where)
		}
		count++
		if count > MaxScenes {
			return fmt.Errorf("prophecy: outline: more than %d scenes", MaxScenes)
		}
		if n.ID == 0 {
			n.ID = count
		}
		if ids[n.ID] {
			return fmt.Errorf("prophecy: outline: %s: id %d is used twice", where, n.ID)
		}
		ids[n.ID] = true
		if err := checkText(n.Objective); err != nil {
			return fmt.Errorf("prophecy: outline: %s: objective: %v", where, err)
		}
		if n.Pairs != nil && (*n.Pairs < 0 || *n.Pairs > MaxExpectPairs) {
			return fmt.Errorf("prophecy: outline: %s: pairs: %d is out of range 0..%d", where, *n.Pairs, MaxExpectPairs)
		}
		for i, c := range n.Precursors {
			if err := walk(c, fmt.Sprintf("%s > precursor %d", where, i+1), difficulty-1); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(n, "finale", FinaleDifficulty)
}

// OutlineOdds computes the exact chance that each scene of a valid outline
// succeeds, and that the prophecy is averted, with pairs matching pairs per
// scene unless a scene says otherwise.
func OutlineOdds(root *Node, pairs int) (Odds, error) {
	o := Odds{Scenes: map[int]float64{}}
	var walk func(n *Node, difficulty int) (float64, error)
	walk = func(n *Node, difficulty int) (float64, error) {
		// dist[r] = P(r precursors succeed): Bernoullis convolved in turn.
		dist := []float64{1}
		for _, c := range n.Precursors {
			p, err := walk(c, difficulty-1)
			if err != nil {
				return 0, err
			}
			next := make([]float64, len(dist)+1)
			for r, q := range dist {
				next[r] += q * (1 - p)
				next[r+1] += q * p
			}
			dist = next
		}
		var p float64
		if n.Known != nil {
			p = 0
			if *n.Known {
				p = 1
			}
		} else {
			k := pairs
			if n.Pairs != nil {
				k = *n.Pairs
			}
			for r, q := range dist {
				c, err := CheckChance(k+r, difficulty)
				if err != nil {
					return 0, err
				}
				o.Truncated = max(o.Truncated, c.Truncated)
				p += q * c.P
			}
		}
		o.Scenes[n.ID] = p
		return p, nil
	}
	p, err := walk(root, FinaleDifficulty)
	if err != nil {
		return Odds{}, err
	}
	o.Averted = p
	return o, nil
}

// tree builds the outline of the table as Nodes: rolled scenes are known,
// and the scene being performed counts the pairs proposed so far (its odds
// if it were rolled now).
func (s *State) tree() *Node {
	var build func(id int) *Node
	build = func(id int) *Node {
		sc := s.scene(id)
		n := &Node{ID: id, Objective: sc.Objective, Setting: sc.Setting}
		if sc.Status >= Rolled {
			ok := sc.Success
			n.Known = &ok
		} else if sc.Status == Performing {
			k := len(sc.Pairs)
			n.Pairs = &k
		}
		for _, c := range s.precursors(id) {
			n.Precursors = append(n.Precursors, build(c))
		}
		return n
	}
	return build(FinaleID)
}

// Estimate is a simulation's figure for one scene or for the prophecy: the
// share of stories in which it succeeded and the half-width of its 95%
// interval (normal approximation, as sim reports win shares).
type Estimate struct {
	P    float64 `json:"p"`
	CI95 float64 `json:"ci95"`
}

// Simulation is the result of Simulate.
type Simulation struct {
	Stories int              `json:"stories"`
	Averted Estimate         `json:"averted"`
	Scenes  map[int]Estimate `json:"scenes"`
}

// MaxStories bounds one simulation.
const MaxStories = 10_000_000

// Simulate plays stories stories of a valid outline with the dice: every
// scene rolls its pool (its pairs plus a die per successful precursor),
// precursors first, exactly as a table would, drawing from d. It checks
// OutlineOdds by sampling.
func Simulate(root *Node, pairs, stories int, d *dice.Stream) (Simulation, error) {
	if stories < 1 || stories > MaxStories {
		return Simulation{}, fmt.Errorf("prophecy: simulate 1 to %d stories, not %d", MaxStories, stories)
	}
	wins := map[int]int{}
	var play func(n *Node, difficulty int) (bool, error)
	play = func(n *Node, difficulty int) (bool, error) {
		reward := 0
		for _, c := range n.Precursors {
			ok, err := play(c, difficulty-1)
			if err != nil {
				return false, err
			}
			if ok {
				reward++
			}
		}
		var ok bool
		if n.Known != nil {
			ok = *n.Known
		} else {
			pool := pairs + reward
			if n.Pairs != nil {
				pool = *n.Pairs + reward
			}
			if pool > 0 {
				hits, err := poolExpr(pool).RollTotal(d)
				if err != nil {
					return false, fmt.Errorf("prophecy: rolling %s: %v", PoolNotation(pool), err)
				}
				ok = hits >= difficulty
			}
		}
		if ok {
			wins[n.ID]++
		}
		return ok, nil
	}
	for range stories {
		if _, err := play(root, FinaleDifficulty); err != nil {
			return Simulation{}, err
		}
	}
	est := func(k int) Estimate {
		p := float64(k) / float64(stories)
		return Estimate{P: p, CI95: 1.96 * math.Sqrt(p*(1-p)/float64(stories))}
	}
	sim := Simulation{Stories: stories, Averted: est(wins[root.ID]), Scenes: map[int]Estimate{}}
	var walk func(n *Node)
	walk = func(n *Node) {
		sim.Scenes[n.ID] = est(wins[n.ID])
		for _, c := range n.Precursors {
			walk(c)
		}
	}
	walk(root)
	return sim, nil
}

// ParseOutline reads an outline file (the Finale as a Node, in JSON) and
// checks it. Unknown fields are refused.
func ParseOutline(raw []byte) (*Node, error) {
	n := new(Node)
	if err := strictJSON(raw, n, "outline"); err != nil {
		return nil, err
	}
	if err := n.Validate(); err != nil {
		return nil, err
	}
	return n, nil
}

// OutlineReport is "tabletop sim prophecy --outline FILE --pairs N": the
// exact chance that each scene succeeds and that the prophecy is averted,
// and beside each a seeded simulation's estimate with its 95% interval.
func (game) OutlineReport(w io.Writer, outline []byte, pairs, stories int, seed dice.Seed) error {
	root, err := ParseOutline(outline)
	if err != nil {
		return err
	}
	if pairs < 0 || pairs > MaxExpectPairs {
		return fmt.Errorf("prophecy: --pairs %d is out of range 0..%d", pairs, MaxExpectPairs)
	}
	odds, err := OutlineOdds(root, pairs)
	if err != nil {
		return err
	}
	sim, err := Simulate(root, pairs, stories, dice.NewUnrecordedStream(seed))
	if err != nil {
		return err
	}
	scenes := 0
	var count func(n *Node)
	count = func(n *Node) {
		scenes++
		for _, c := range n.Precursors {
			count(c)
		}
	}
	count(root)
	fmt.Fprintf(w, "Prophecy outline: %d scenes, %d pairs expected per scene (unless a scene says otherwise)\n\n", scenes, pairs)
	fmt.Fprintf(w, "prophecy averted: exact %.4f%%   simulated %.4f%% ± %.4f%% (95%%, %d stories, seed %s)\n\n",
		100*odds.Averted, 100*sim.Averted.P, 100*sim.Averted.CI95, stories, seed)
	fmt.Fprintln(w, "scene                                      exact    simulated (95%)")
	var walk func(n *Node, depth, difficulty int)
	walk = func(n *Node, depth, difficulty int) {
		label := truncate(fmt.Sprintf("%s[%d] d%d %s", strings.Repeat("  ", depth), n.ID, difficulty, n.Objective), 40)
		e := sim.Scenes[n.ID]
		fmt.Fprintf(w, "%-40s  %7.3f%%  %7.3f%% ± %.3f%%\n", label, 100*odds.Scenes[n.ID], 100*e.P, 100*e.CI95)
		for _, c := range n.Precursors {
			walk(c, depth+1, difficulty-1)
		}
	}
	walk(root, 0, FinaleDifficulty)
	fmt.Fprintf(w, "\nexact: the dice package's distributions of Nd6!>=4, explosions followed until at most %.3g of probability is left out per pool\n", odds.Truncated)
	return nil
}
