package tmd

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// Result is what one d20 face does to an attack.
type Result int

const (
	Miss    Result = iota // the move misses
	Hit                   // a normal hit
	Crit                  // a critical hit: +AP cost damage, defence and penalties ignored
	HitAlly               // confused: the move goes to the closest ally instead
	HitSelf               // confused and a 1: the user hits itself
	numResults
)

var resultNames = [numResults]string{"miss", "hit", "crit", "ally", "self"}

// String returns the result's short name.
func (r Result) String() string {
	if r < 0 || r >= numResults {
		return "Result(" + strconv.Itoa(int(r)) + ")"
	}
	return resultNames[r]
}

// Attacker is everything about the user of a move that the dice of combat
// look at.
type Attacker struct {
	Types        []string // the user's types, for STAB
	CombatEffect int      // stat points in Attack or Special Attack (by the move), level bonus, training and other bonuses
	Penalty      int      // Attack or Special Attack penalty (lowered stats), a positive number
	AccuracyStg  int      // accuracy stage, -6 to +6
	CritStg      int      // crit ratio stage, 0 to +6
	AP           int      // the user's current max AP (for the missing-AP penalty)
	MoveTier     int      // training tier with this move, 0 to 3
	Paralyzed    bool     // miss range at least 1-6, even for moves that never miss
	Confused     bool     // faces 2-6 go to an ally, a 1 to the user itself
	Burned       bool     // a physical move's BP is halved (rounded half away from zero)
	Opponents    int      // opponents a multi-target move aims at (1 to 3) or room-hitter hits (all present)
	OpponentHurt bool     // the opponent was already harmed (no priority bonus)
}

// Defender is everything about the target that the dice of combat look at.
type Defender struct {
	Types      []string
	Mitigation int // Defense or Special Defense (by the move): points, training, stages, bracing
	EvasionStg int // evasion stage, -6 to +6
	SpeedStg   int // speed stage; decreases below 4 AP expose it
	AP         int // the defender's max AP before speed stages (4 if unknown)
}

// Faces returns what each face of the accuracy d20 does (index 1 to 20;
// index 0 is unused) for the attack. It is the accuracy rule in one place:
//
//   - the move's hit line (≥N; a move that never misses has none), moved by
//     the user's accuracy stage, the target's negative evasion and its
//     exposure from speed decreases below 4 AP, and raised by the missing-AP
//     penalty;
//   - at least the target's evasion range misses (1 at stage 0);
//   - paralysis and confusion make 1-6 miss whatever the move;
//   - faces at or above the crit line (the move's own range, widened by the
//     crit stage) that are not misses are critical hits.
func Faces(m *Move, a Attacker, d Defender) [21]Result {
	var out [21]Result
	line := 0 // lowest face that hits; 0 or 1 means every face hits
	if m.Hit > 0 {
		_, gain := StageEvasion(d.EvasionStg)
		defAP := d.AP
		if defAP == 0 {
			defAP = 4
		}
		_, exposed := SpeedStage(defAP, d.SpeedStg)
		line = m.Hit - StageAccuracy(a.AccuracyStg) - gain - exposed + MissingAPPenalty(m.AP, a.AP, a.MoveTier)
		top, _ := StageEvasion(d.EvasionStg)
		if d.EvasionStg > 0 {
			line = max(line, top+1)
		}
	}
	if (a.Paralyzed || a.Confused) && line < 7 {
		line = 7
	}
	crit := StageCrit(min(6, critStageOf(m.Crit)+max(0, a.CritStg)))
	for f := 1; f <= 20; f++ {
		switch {
		case f < line && a.Confused && f == 1:
			out[f] = HitSelf
		case f < line && a.Confused && f <= 6:
			out[f] = HitAlly
		case f < line:
			out[f] = Miss
		case f >= crit:
			out[f] = Crit
		default:
			out[f] = Hit
		}
	}
	return out
}

// Damage is the damage formula for one hit:
//
//	(BP + combat effect + STAB ± resistance + priority) - (mitigation + penalty + multi-target penalty)
//
// and, on a critical hit, + the move's AP cost with mitigation and
// penalties ignored. bp is the move's BP for this use (after burn, a dice
// roll or the multi-hit table); hits is how many times mitigation applies
// (multi-hit moves apply the user's modifiers once and the target's
// defence each hit). Damage is never below 0; an immune target takes 0.
func (dt *Data) Damage(m *Move, a Attacker, d Defender, bp, hits int, crit bool) int {
	if m.Category == "Status" {
		return 0
	}
	mult := 1.0
	stab := 0
	if m.Type != "Typeless" && m.Type != "" {
		mult = dt.Effectiveness(m.Type, d.Types...)
		if mult == 0 {
			return 0
		}
		for _, t := range a.Types {
			if t == m.Type {
				stab = StabBonus(m.AP)
			}
		}
	}
	dmg := bp + a.CombatEffect + stab + ResistBonus(m.AP, mult) + PriorityBonus(m, a.OpponentHurt)
	if crit {
		dmg += m.AP
	} else {
		exempt := m.Name == "Explosion" || m.Name == "Self-Destruct" || m.Name == "Misty Explosion"
		opp := a.Opponents
		if m.Target == TargetMulti {
			opp = min(opp, 3)
		}
		if m.Target != TargetMulti && m.Target != TargetRoom {
			opp = 1
		}
		dmg -= max(1, hits)*d.Mitigation + a.Penalty + MultiTargetPenalty(opp, exempt)
	}
	return max(0, dmg)
}

// Outcome is one line of a damage distribution: a result and a damage, with
// its exact probability.
type Outcome struct {
	Result Result
	Damage int
	P      *big.Rat
}

// Dist is an exact damage distribution, sorted by result and damage.
type Dist []Outcome

// Total returns the sum of the probabilities (1 for a whole distribution).
func (ds Dist) Total() *big.Rat {
	t := new(big.Rat)
	for _, o := range ds {
		t.Add(t, o.P)
	}
	return t
}

// Expected returns the expected damage to the target (a hit on an ally or
// on the user counts 0 for the target).
func (ds Dist) Expected() *big.Rat {
	e := new(big.Rat)
	for _, o := range ds {
		if o.Result == Hit || o.Result == Crit {
			e.Add(e, new(big.Rat).Mul(o.P, big.NewRat(int64(o.Damage), 1)))
		}
	}
	return e
}

// bpRolls returns the BP values a use of the move can have, each with its
// weight, and how many hits each is: the move's BP, or every total of its
// dice (one hit a die), or a fixed count of hits of the move's BP.
func bpRolls(m *Move) (bps, weights, hits []int, err error) {
	h := strings.ToLower(m.Hits)
	switch {
	case h == "" || h == "table":
		return []int{m.BP}, []int{1}, []int{1}, nil
	case !strings.Contains(h, "d"):
		n, err := strconv.Atoi(h)
		if err != nil || n < 1 || n > 10 {
			return nil, nil, nil, fmt.Errorf("tmd: move %s: bad hit count %q", m.Name, m.Hits)
		}
		return []int{m.BP * n}, []int{1}, []int{n}, nil
	}
	ns, ss, _ := strings.Cut(h, "d")
	n, err1 := strconv.Atoi(ns)
	s, err2 := strconv.Atoi(ss)
	if err1 != nil || err2 != nil || n < 1 || n > 10 || s < 2 || s > 100 {
		return nil, nil, nil, fmt.Errorf("tmd: move %s: bad multi-hit dice %q", m.Name, m.Hits)
	}
	counts := map[int]int{0: 1}
	for range n {
		next := map[int]int{}
		for t, c := range counts {
			for f := 1; f <= s; f++ {
				next[t+f] += c
			}
		}
		counts = next
	}
	for t := n; t <= n*s; t++ {
		bps, weights, hits = append(bps, t), append(weights, counts[t]), append(hits, n)
	}
	return bps, weights, hits, nil
}

// DamageDist returns the exact distribution of the damage of one use of m
// by a on d, over the accuracy d20 (and the move's multi-hit dice, rolled
// independently). The result of every face comes from Faces and the damage
// from Damage, so the distribution is those two functions enumerated.
func (dt *Data) DamageDist(m *Move, a Attacker, d Defender) (Dist, error) {
	bps, weights, hits, err := bpRolls(m)
	if err != nil {
		return nil, err
	}
	total := 0
	for _, w := range weights {
		total += w
	}
	faces := Faces(m, a, d)
	type k struct {
		r   Result
		dmg int
	}
	acc := map[k]int{}
	for f := 1; f <= 20; f++ {
		r := faces[f]
		for i, bp := range bps {
			// A miss deals nothing; a hit on an ally or on the user is
			// recorded without damage, which depends on who it lands on.
			dmg := 0
			if r == Hit || r == Crit {
				if a.Burned && m.Category == "Physical" {
					bp = int(math.Round(float64(bp) / 2))
				}
				dmg = dt.Damage(m, a, d, bp, hits[i], r == Crit)
			}
			acc[k{r, dmg}] += weights[i]
		}
	}
	out := make(Dist, 0, len(acc))
	for key, c := range acc {
		out = append(out, Outcome{Result: key.r, Damage: key.dmg, P: big.NewRat(int64(c), int64(20*total))})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Result != out[j].Result {
			return out[i].Result < out[j].Result
		}
		return out[i].Damage < out[j].Damage
	})
	return out, nil
}
