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

// Edition is the version of the combat rules in force. The rule text and
// the group's newer rules page (tmd-pages/rules.md) differ in a few places;
// the zero value is the rule text.
type Edition int

const (
	TextRules Edition = iota // mystery-dungeons-2e.md
	PageRules                // the group's rules page: its STAB & resistance table, room-hitters without stat points, one training to lift the missing-AP penalty
)

// ParseEdition reads "text" or "pages".
func ParseEdition(s string) (Edition, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "text":
		return TextRules, nil
	case "pages", "page":
		return PageRules, nil
	}
	return 0, fmt.Errorf("tmd: rules %q: want text (the rule text) or pages (the group's rules page)", s)
}

// Attacker is everything about the user of a move that the dice of combat
// look at.
type Attacker struct {
	Rules        Edition  // which rules are in force
	Types        []string // the user's types, for STAB
	CombatEffect int      // stat points in Attack or Special Attack (by the move), level bonus, training, stages and other bonuses
	StatPoints   int      // the part of CombatEffect from points and training in the move's offensive stat (dice moves, and room-hitters by the pages, leave it out)
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
//
// A dice move (DiceMove) never crits, and the target's evasion increases
// and the user's accuracy decreases take damage away instead of moving the
// line (the group's page).
func Faces(m *Move, a Attacker, d Defender) [21]Result {
	var out [21]Result
	dice := m.DiceMove() != NotDice
	accStg, evaStg := a.AccuracyStg, d.EvasionStg
	if dice {
		accStg, evaStg = max(0, accStg), min(0, evaStg)
	}
	line := 0 // lowest face that hits; 0 or 1 means every face hits
	if m.Hit > 0 {
		_, gain := StageEvasion(evaStg)
		defAP := d.AP
		if defAP == 0 {
			defAP = 4
		}
		_, exposed := SpeedStage(defAP, d.SpeedStg)
		line = m.Hit - StageAccuracy(accStg) - gain - exposed + a.missingAP(m)
		top, _ := StageEvasion(evaStg)
		if evaStg > 0 {
			line = max(line, top+1)
		}
	}
	if (a.Paralyzed || a.Confused) && line < 7 {
		line = 7
	}
	crit := StageCrit(min(6, critStageOf(m.Crit)+max(0, a.CritStg)))
	if dice {
		crit = 21
	}
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
	resist := ResistBonus(m.AP, mult)
	effect := a.CombatEffect
	if a.Rules == PageRules {
		resist = ResistBonusPages(m.AP, mult)
		if m.Target == TargetRoom {
			effect -= a.StatPoints // room-hitters take the level bonus and stages, not stat points
		}
	}
	dmg := bp + effect + stab + resist + PriorityBonus(m, a.OpponentHurt)
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

// EffectChance returns the probability that the move's secondary effect
// triggers: the faces of the accuracy d20 at or above the move's effect
// line (every face, for an effect that always comes) that land on the
// target. A move without a secondary effect returns 0.
func EffectChance(m *Move, faces [21]Result) *big.Rat {
	if m.Secondary == nil {
		return new(big.Rat)
	}
	n := 0
	for f := max(1, m.Effect); f <= 20; f++ {
		if faces[f] == Hit || faces[f] == Crit {
			n++
		}
	}
	return big.NewRat(int64(n), 20)
}

// DiceKind says how a move's damage dice work (the group's page).
type DiceKind int

const (
	NotDice   DiceKind = iota // the move has a BP
	MultiDice                 // a multi-hit move: the dice total is the BP, one more die for each 5 points in the offensive stat
	HitDice                   // a double- or triple-hit move: each die is a hit (a 1 misses, at most 10), later hits gain a bonus from the offensive stat
)

// maxDice bounds the dice of one use of a move.
const maxDice = 6

// dice reads the move's damage dice, "NdS".
func (m *Move) dice() (n, sides int, err error) {
	ns, ss, ok := strings.Cut(strings.ToLower(m.Hits), "d")
	if !ok {
		return 0, 0, nil
	}
	n, err1 := strconv.Atoi(ns)
	sides, err2 := strconv.Atoi(ss)
	if err1 != nil || err2 != nil || n < 1 || n > maxDice || sides < 2 || sides > 100 {
		return 0, 0, fmt.Errorf("tmd: move %s: bad damage dice %q", m.Name, m.Hits)
	}
	return n, sides, nil
}

// checkHits checks the move's multi-hit field: none, "table", a count of
// 1 to 10, or damage dice.
func (m *Move) checkHits() error {
	h := strings.ToLower(m.Hits)
	switch {
	case h == "" || h == "table":
		return nil
	case strings.Contains(h, "d"):
		_, _, err := m.dice()
		return err
	}
	if n, err := strconv.Atoi(h); err != nil || n < 1 || n > 10 {
		return fmt.Errorf("tmd: move %s: bad hit count %q", m.Name, m.Hits)
	}
	return nil
}

// DiceMove says how the move's damage dice work: a move whose mainline
// version hits a fixed 2 or 3 times and whose dice are that many is a
// double- or triple-hit move; any other move with dice is a multi-hit move.
func (m *Move) DiceMove() DiceKind {
	n, _, err := m.dice()
	if err != nil || n == 0 {
		return NotDice
	}
	if fixed, err := strconv.Atoi(m.MainHits); err == nil && fixed >= 2 && fixed == n {
		return HitDice
	}
	return MultiDice
}

// missingAP is the accuracy lost to a move costing more AP than the user
// has, by the rules in force.
func (a Attacker) missingAP(m *Move) int {
	if a.Rules == PageRules {
		return MissingAPPenaltyPages(m.AP, a.AP, a.MoveTier > 0)
	}
	return MissingAPPenalty(m.AP, a.AP, a.MoveTier)
}

// damageDice returns the dice a use of m rolls: none for a move with a BP;
// a multi-hit move rolls one more die for each 5 points in its offensive
// stat, but only one die when the user is burned or lacks the AP (and has
// not trained the move); a double- or triple-hit move rolls one die a hit,
// one only when burned.
func damageDice(m *Move, a Attacker) ([]int, error) {
	n, sides, err := m.dice()
	if err != nil || n == 0 {
		return nil, err
	}
	switch m.DiceMove() {
	case MultiDice:
		n += max(0, a.StatPoints) / 5
		if a.Burned || (m.AP > a.AP && a.MoveTier == 0) {
			n = 1
		}
	case HitDice:
		if a.Burned {
			n = 1
		}
	}
	out := make([]int, min(n, maxDice))
	for i := range out {
		out[i] = sides
	}
	return out, nil
}

// diceTotal is the damage the dice show before the damage formula: their
// sum for a multi-hit move; for a double- or triple-hit move, each hit's
// die plus its bonus, at most 10, with a 1 a miss.
func diceTotal(m *Move, a Attacker, rolls []int) int {
	total := 0
	for i, r := range rolls {
		switch {
		case m.DiceMove() != HitDice:
			total += r
		case r > 1:
			total += min(MaxHitDamage, r+DoubleHitBonus(i, a.StatPoints))
		}
	}
	return total
}

// hitDamage is the damage of one use of m on a hit or crit, given the
// damage dice rolled (none for a move with a BP).
func (dt *Data) hitDamage(m *Move, a Attacker, d Defender, rolls []int, crit bool) int {
	if len(rolls) == 0 {
		bp, hits := m.BP, 1
		if n, err := strconv.Atoi(m.Hits); err == nil && n > 1 {
			bp, hits = m.BP*n, n
		}
		if a.Burned && m.Category == "Physical" {
			bp = int(math.Round(float64(bp) / 2))
		}
		return dt.Damage(m, a, d, bp, hits, crit)
	}
	// A dice move is one attack: the dice replace BP and stat points, and
	// the target's evasion increases and the user's accuracy decreases take
	// a point each.
	total := diceTotal(m, a, rolls)
	a.CombatEffect -= a.StatPoints
	a.StatPoints = 0
	a.Penalty += max(0, d.EvasionStg) + max(0, -a.AccuracyStg)
	return dt.Damage(m, a, d, total, 1, crit)
}

// eachRoll calls fn with every combination of faces of dice of the given
// sides, in order (once, with none, for no dice).
func eachRoll(sides []int, fn func(rolls []int)) {
	rolls := make([]int, len(sides))
	var walk func(i int)
	walk = func(i int) {
		if i == len(sides) {
			fn(rolls)
			return
		}
		for f := 1; f <= sides[i]; f++ {
			rolls[i] = f
			walk(i + 1)
		}
	}
	walk(0)
}

// DamageDist returns the exact distribution of the damage of one use of m
// by a on d, over the accuracy d20 and the move's damage dice, rolled
// independently. The result of every face comes from Faces and the damage
// from Damage, so the distribution is those two functions enumerated.
func (dt *Data) DamageDist(m *Move, a Attacker, d Defender) (Dist, error) {
	return dt.damageDistFaces(m, a, d, Faces(m, a, d))
}

// damageDistFaces is DamageDist over a given accuracy table: the table's
// own adjustments to Faces (dodging, flinching, fog) are in faces.
func (dt *Data) damageDistFaces(m *Move, a Attacker, d Defender, faces [21]Result) (Dist, error) {
	if err := m.checkHits(); err != nil {
		return nil, err
	}
	sides, err := damageDice(m, a)
	if err != nil {
		return nil, err
	}
	combos := 1
	for _, s := range sides {
		combos *= s
	}
	type k struct {
		r   Result
		dmg int
	}
	// The dice first: how many combinations give each pair of hit and
	// crit damage; then the d20 over those pairs.
	type pair struct{ hit, crit int }
	byDice := map[pair]int{}
	eachRoll(sides, func(rolls []int) {
		byDice[pair{dt.hitDamage(m, a, d, rolls, false), dt.hitDamage(m, a, d, rolls, true)}]++
	})
	acc := map[k]int{}
	for p, n := range byDice {
		for f := 1; f <= 20; f++ {
			// A miss deals nothing; a hit on an ally or on the user is
			// recorded without damage, which depends on who it lands on.
			switch r := faces[f]; r {
			case Hit:
				acc[k{r, p.hit}] += n
			case Crit:
				acc[k{r, p.crit}] += n
			default:
				acc[k{r, 0}] += n
			}
		}
	}
	out := make(Dist, 0, len(acc))
	for key, c := range acc {
		out = append(out, Outcome{Result: key.r, Damage: key.dmg, P: big.NewRat(int64(c), int64(20*combos))})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Result != out[j].Result {
			return out[i].Result < out[j].Result
		}
		return out[i].Damage < out[j].Damage
	})
	return out, nil
}
