package tmd

import (
	"math/big"
	"strconv"
	"strings"
	"testing"
)

func mustMove(tb testing.TB, d *Data, name string) *Move {
	tb.Helper()
	m, err := d.MoveNamed(name)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// faceString renders faces 1-20 as one letter each: . miss, h hit, C crit,
// a ally, s self.
func faceString(f [21]Result) string {
	var b strings.Builder
	for i := 1; i <= 20; i++ {
		b.WriteByte(".hCas"[f[i]])
	}
	return b.String()
}

func TestAccuracyFaces(t *testing.T) {
	d := mustData(t)
	tbolt := mustMove(t, d, "Thunderbolt") // ≥2, 7 AP
	iron := mustMove(t, d, "Iron Tail")    // ≥6, 8 AP
	swift := mustMove(t, d, "Swift")       // never misses
	cutter := mustMove(t, d, "Air Cutter") // ≥2, crit 18-20
	full := Attacker{AP: 8}
	for _, c := range []struct {
		name string
		m    *Move
		a    Attacker
		d    Defender
		want string
	}{
		{"1 misses, 20 crits", tbolt, full, Defender{}, ".hhhhhhhhhhhhhhhhhhC"},
		{"≥6 misses on 1-5", iron, full, Defender{}, ".....hhhhhhhhhhhhhhC"},
		{"never-miss move", swift, full, Defender{}, "hhhhhhhhhhhhhhhhhhhC"},
		{"own crit range 18-20", cutter, full, Defender{}, ".hhhhhhhhhhhhhhhhCCC"},
		{"crit stage +2 on 18-20 is stage 3: 14-20", cutter, Attacker{AP: 8, CritStg: 2}, Defender{}, ".hhhhhhhhhhhhCCCCCCC"},
		{"accuracy +3 on ≥6", iron, Attacker{AP: 8, AccuracyStg: 3}, Defender{}, "..hhhhhhhhhhhhhhhhhC"},
		{"accuracy +6 is +8: ≥6 never misses", iron, Attacker{AP: 8, AccuracyStg: 6}, Defender{}, "hhhhhhhhhhhhhhhhhhhC"},
		{"accuracy -2 on ≥2", tbolt, Attacker{AP: 8, AccuracyStg: -2}, Defender{}, "...hhhhhhhhhhhhhhhhC"},
		{"evasion +2 dodges 1-5", tbolt, full, Defender{EvasionStg: 2}, ".....hhhhhhhhhhhhhhC"},
		{"evasion +1 does not add to a ≥6 move", iron, full, Defender{EvasionStg: 1}, ".....hhhhhhhhhhhhhhC"},
		{"evasion -1 gives +2", iron, full, Defender{EvasionStg: -1}, "...hhhhhhhhhhhhhhhhC"},
		{"4 AP target at speed -1: ≥2 never misses", tbolt, full, Defender{AP: 4, SpeedStg: -1}, "hhhhhhhhhhhhhhhhhhhC"},
		{"6 AP target at speed -3: +1", iron, full, Defender{AP: 6, SpeedStg: -3}, "....hhhhhhhhhhhhhhhC"},
		{"6 AP target at speed -2: nothing", iron, full, Defender{AP: 6, SpeedStg: -2}, ".....hhhhhhhhhhhhhhC"},
		{"paralysis: 1-6 miss", tbolt, Attacker{AP: 8, Paralyzed: true}, Defender{}, "......hhhhhhhhhhhhhC"},
		{"paralysis reaches never-miss moves", swift, Attacker{AP: 8, Paralyzed: true}, Defender{}, "......hhhhhhhhhhhhhC"},
		{"confusion: 1 self, 2-6 an ally", tbolt, Attacker{AP: 8, Confused: true}, Defender{}, "saaaaahhhhhhhhhhhhhC"},
		{"8 AP move, 6 AP user, untrained: -6", iron, Attacker{AP: 6}, Defender{}, "...........hhhhhhhhC"},
		{"8 AP move, 6 AP user, tier III: none", iron, Attacker{AP: 6, MoveTier: 3}, Defender{}, ".....hhhhhhhhhhhhhhC"},
		{"7 AP move, 4 AP user, tier I: -2", tbolt, Attacker{AP: 4, MoveTier: 1}, Defender{}, "...hhhhhhhhhhhhhhhhC"},
	} {
		if got := faceString(Faces(c.m, c.a, c.d)); got != c.want {
			t.Errorf("%s: faces %s, want %s", c.name, got, c.want)
		}
	}
}

// sparks is Sparks's Thunderbolt: 3 Special Attack points and a level 56
// damage bonus of 2 make a combat effect of +5.
func sparks() Attacker { return Attacker{Types: []string{"Electric"}, CombatEffect: 5, AP: 8} }

func TestDamageFormula(t *testing.T) {
	d := mustData(t)
	tbolt := mustMove(t, d, "Thunderbolt") // 9 BP, 7 AP: STAB +2, 2x +5
	quick := mustMove(t, d, "Quick Attack")
	for _, c := range []struct {
		name string
		m    *Move
		a    Attacker
		d    Defender
		crit bool
		want int
	}{
		{"BP + effect + STAB + super-effective - mitigation", tbolt, sparks(), Defender{Types: []string{"Water"}, Mitigation: 2}, false, 9 + 5 + 2 + 5 - 2},
		{"crit adds the AP cost and ignores mitigation", tbolt, sparks(), Defender{Types: []string{"Water"}, Mitigation: 2}, true, 9 + 5 + 2 + 5 + 7},
		{"crit ignores the penalty", tbolt, Attacker{Types: []string{"Electric"}, CombatEffect: 5, Penalty: 3}, Defender{Types: []string{"Normal"}}, true, 9 + 5 + 2 + 7},
		{"penalty comes off", tbolt, Attacker{Types: []string{"Electric"}, CombatEffect: 5, Penalty: 3}, Defender{Types: []string{"Normal"}}, false, 9 + 5 + 2 - 3},
		{"no STAB off-type, 4x", tbolt, Attacker{CombatEffect: 0}, Defender{Types: []string{"Water", "Flying"}}, false, 9 + 7},
		{"resisted ½", tbolt, Attacker{}, Defender{Types: []string{"Grass"}}, false, 9 - 5},
		{"never below 0", tbolt, Attacker{}, Defender{Types: []string{"Dragon", "Electric"}, Mitigation: 10}, false, 0},
		{"immune takes nothing, even on a crit", tbolt, sparks(), Defender{Types: []string{"Ground"}}, true, 0},
		{"priority on an unharmed opponent", quick, Attacker{}, Defender{Types: []string{"Normal"}}, false, 4 + 1},
		{"no priority once harmed", quick, Attacker{OpponentHurt: true}, Defender{Types: []string{"Normal"}}, false, 4},
	} {
		if got := d.Damage(c.m, c.a, c.d, c.m.BP, 1, c.crit); got != c.want {
			t.Errorf("%s: Damage = %d, want %d", c.name, got, c.want)
		}
	}
}

// TestThePagesEdition: the group's rules page gives +4 (not +5) for a
// 7 AP super-effective move, and a room-hitter takes the level bonus but
// not the stat points.
func TestThePagesEdition(t *testing.T) {
	d := mustData(t)
	tbolt := mustMove(t, d, "Thunderbolt")
	quake := mustMove(t, d, "Earthquake") // 5 BP room-hitter
	water := Defender{Types: []string{"Water"}}
	pages := sparks()
	pages.Rules = PageRules
	if got := d.Damage(tbolt, pages, water, tbolt.BP, 1, false); got != 9+5+2+4 {
		t.Errorf("pages: Thunderbolt on Water = %d, want 20", got)
	}
	a := Attacker{CombatEffect: 6, StatPoints: 4, Rules: PageRules}
	normal := Defender{Types: []string{"Normal"}}
	if got := d.Damage(quake, a, normal, quake.BP, 1, false); got != 5+2 {
		t.Errorf("pages: Earthquake with 4 points and +2 level bonus = %d, want 7", got)
	}
	a.Rules = TextRules
	if got := d.Damage(quake, a, normal, quake.BP, 1, false); got != 5+6 {
		t.Errorf("text: Earthquake = %d, want 11", got)
	}
	if e, err := ParseEdition("pages"); err != nil || e != PageRules {
		t.Errorf("ParseEdition(pages) = %v, %v", e, err)
	}
	if _, err := ParseEdition("third"); err == nil {
		t.Error("ParseEdition(third) did not fail")
	}
	// One session of training lifts the whole missing-AP penalty.
	iron := mustMove(t, d, "Iron Tail")
	if got := faceString(Faces(iron, Attacker{AP: 4, MoveTier: 1, Rules: PageRules}, Defender{})); got != ".....hhhhhhhhhhhhhhC" {
		t.Errorf("pages, trained Iron Tail at 4 AP: %s", got)
	}
}

func TestMultiTargetAndRoomHitterPenalty(t *testing.T) {
	d := mustData(t)
	blizzard := mustMove(t, d, "Blizzard") // room-hitter, 5 BP, 8 AP
	dark := mustMove(t, d, "Dark Pulse")   // multi-target (the group's list), 8 BP, 6 AP
	boom := mustMove(t, d, "Explosion")    // exempt
	tbolt := mustMove(t, d, "Thunderbolt") // single target: opponents do not count
	normal := Defender{Types: []string{"Normal"}}
	for _, c := range []struct {
		m    *Move
		opp  int
		want int
	}{
		{blizzard, 1, 5}, {blizzard, 4, 5 - 9}, {dark, 3, 8 - 6}, {dark, 5, 8 - 6}, {tbolt, 3, 9},
		{boom, 3, boom.BP},
	} {
		got := d.Damage(c.m, Attacker{Opponents: c.opp}, normal, c.m.BP, 1, false)
		if want := max(0, c.want); got != want {
			t.Errorf("%s on %d opponents = %d, want %d", c.m.Name, c.opp, got, want)
		}
	}
}

// TestAMoveHittingTwiceWithABPTakesMitigationEachHit: Twin Beam (4 BP,
// hits 2 times) applies the user's modifiers once and the defender's
// mitigation on each hit.
func TestAMoveHittingTwiceWithABPTakesMitigationEachHit(t *testing.T) {
	d := mustData(t)
	beam := mustMove(t, d, "Twin Beam")
	got := d.hitDamage(beam, Attacker{CombatEffect: 3}, Defender{Types: []string{"Normal"}, Mitigation: 2}, nil, false)
	if want := 4*2 + 3 - 2*2; got != want {
		t.Errorf("Twin Beam damage = %d, want %d", got, want)
	}
}

func TestMultiHitDiceGrowWithStatPoints(t *testing.T) {
	d := mustData(t)
	spear := mustMove(t, d, "Icicle Spear") // 1d10, 7 AP, mainline 2-5 hits
	if k := spear.DiceMove(); k != MultiDice {
		t.Fatalf("Icicle Spear is %v, want a multi-hit dice move", k)
	}
	for _, c := range []struct {
		name string
		a    Attacker
		n    int
	}{
		{"4 points: the move's 1 die", Attacker{StatPoints: 4, AP: 8}, 1},
		{"5 points: one more", Attacker{StatPoints: 5, AP: 8}, 2},
		{"10 points: two more", Attacker{StatPoints: 10, AP: 8}, 3},
		{"burned: 1 die whatever the points", Attacker{StatPoints: 10, AP: 8, Burned: true}, 1},
		{"lacking AP: 1 die", Attacker{StatPoints: 10, AP: 6}, 1},
		{"lacking AP but trained: all dice", Attacker{StatPoints: 10, AP: 6, MoveTier: 1}, 3},
	} {
		got, err := damageDice(spear, c.a)
		if err != nil || len(got) != c.n || got[0] != 10 {
			t.Errorf("%s: dice %v, %v; want %d d10", c.name, got, err, c.n)
		}
	}
}

func TestDoubleAndTripleHitDice(t *testing.T) {
	d := mustData(t)
	axel := mustMove(t, d, "Triple Axel") // 3d10, mainline 3 hits
	if k := axel.DiceMove(); k != HitDice {
		t.Fatalf("Triple Axel is %v, want a triple-hit move", k)
	}
	if k := mustMove(t, d, "Double Hit").DiceMove(); k != MultiDice {
		t.Errorf("Double Hit (1d8 on the list) is %v, want a multi-hit dice move", k)
	}
	for _, c := range []struct {
		points int
		rolls  []int
		want   int
	}{
		{0, []int{4, 4, 4}, 12},
		{5, []int{4, 4, 4}, 4 + 5 + 6},      // +1 a hit after the first
		{10, []int{4, 4, 4}, 4 + 6 + 8},     // +2 a hit
		{10, []int{10, 9, 9}, 10 + 10 + 10}, // each hit at most 10
		{10, []int{1, 1, 5}, 9},             // a 1 misses
	} {
		if got := diceTotal(axel, Attacker{StatPoints: c.points}, c.rolls); got != c.want {
			t.Errorf("Triple Axel, %d points, rolls %v = %d, want %d", c.points, c.rolls, got, c.want)
		}
	}
	if dice, _ := damageDice(axel, Attacker{StatPoints: 10, Burned: true}); len(dice) != 1 {
		t.Errorf("burned Triple Axel rolls %d dice, want 1", len(dice))
	}
}

func TestDiceMovesNeverCritAndTakeEvasionAsDamage(t *testing.T) {
	d := mustData(t)
	spear := mustMove(t, d, "Icicle Spear")
	got := faceString(Faces(spear, Attacker{AP: 8, AccuracyStg: -3}, Defender{EvasionStg: 4}))
	if got != "hhhhhhhhhhhhhhhhhhhh" {
		t.Errorf("Icicle Spear faces %s, want every face a plain hit", got)
	}
	// Triple Axel rolls for accuracy (≥2): the target's evasion +2 does not
	// widen its miss range (it costs damage instead), and a 20 is no crit.
	axel := mustMove(t, d, "Triple Axel")
	if got := faceString(Faces(axel, Attacker{AP: 8}, Defender{EvasionStg: 2})); got != ".hhhhhhhhhhhhhhhhhhh" {
		t.Errorf("Triple Axel against evasion +2: %s, want a miss on 1 only and no crit", got)
	}
	// Dice show 7: 7 + 2 (level bonus; the 10 stat points do not count) -
	// 3 (accuracy -3) - 4 (evasion +4) = 2.
	a := Attacker{CombatEffect: 12, StatPoints: 10, AP: 8, AccuracyStg: -3}
	if dmg := d.hitDamage(spear, a, Defender{Types: []string{"Normal"}, EvasionStg: 4}, []int{7}, false); dmg != 2 {
		t.Errorf("damage = %d, want 2", dmg)
	}
}

// bruteForce enumerates the d20 and every damage die one face at a time
// and tallies the result and damage of each combination. The dice rules of
// the group's page are written out again here rather than called.
func bruteForce(d *Data, m *Move, a Attacker, def Defender) map[string]*big.Rat {
	var dice []int
	n, sides := 0, 0
	if ns, ss, ok := strings.Cut(strings.ToLower(m.Hits), "d"); ok {
		n, _ = strconv.Atoi(ns)
		sides, _ = strconv.Atoi(ss)
	}
	double := n >= 2 && m.MainHits == strconv.Itoa(n)
	count := n
	switch {
	case n > 0 && !double && (a.Burned || (m.AP > a.AP && a.MoveTier == 0)):
		count = 1
	case n > 0 && !double:
		count = n + a.StatPoints/5
	case double && a.Burned:
		count = 1
	}
	for range count {
		dice = append(dice, sides)
	}
	combos := 20
	for _, s := range dice {
		combos *= s
	}
	out := map[string]*big.Rat{}
	faces := Faces(m, a, def)
	rolls := make([]int, len(dice))
	damage := func(crit bool) int {
		if len(dice) == 0 {
			bp, hits := m.BP, 1
			if h, err := strconv.Atoi(m.Hits); err == nil {
				bp, hits = m.BP*h, h
			}
			if a.Burned && m.Category == "Physical" {
				bp = (bp + 1) / 2
			}
			return d.Damage(m, a, def, bp, hits, crit)
		}
		total := 0
		for i, r := range rolls {
			if !double {
				total += r
				continue
			}
			step := 0
			if a.StatPoints >= 10 {
				step = 2
			} else if a.StatPoints >= 5 {
				step = 1
			}
			if r != 1 {
				total += min(10, r+i*step)
			}
		}
		b := a
		b.CombatEffect -= a.StatPoints
		b.StatPoints = 0
		b.Penalty += max(0, def.EvasionStg) + max(0, -a.AccuracyStg)
		return d.Damage(m, b, def, total, 1, crit)
	}
	var walk func(i int)
	walk = func(i int) {
		if i < len(dice) {
			for f := 1; f <= dice[i]; f++ {
				rolls[i] = f
				walk(i + 1)
			}
			return
		}
		for f := 1; f <= 20; f++ {
			dmg := 0
			if faces[f] == Hit || faces[f] == Crit {
				dmg = damage(faces[f] == Crit)
			}
			k := faces[f].String() + ":" + strconv.Itoa(dmg)
			if out[k] == nil {
				out[k] = new(big.Rat)
			}
			out[k].Add(out[k], big.NewRat(1, int64(combos)))
		}
	}
	walk(0)
	return out
}

func TestDamageDistSumsToOneAndMatchesBruteForce(t *testing.T) {
	d := mustData(t)
	water := Defender{Types: []string{"Water"}, Mitigation: 2}
	for _, c := range []struct {
		move string
		a    Attacker
		def  Defender
	}{
		{"Thunderbolt", sparks(), water},
		{"Iron Tail", Attacker{Types: []string{"Electric"}, CombatEffect: 5, AP: 8, AccuracyStg: 1}, Defender{Types: []string{"Rock"}, Mitigation: 4, EvasionStg: 2}},
		{"Double Kick", Attacker{CombatEffect: 2, AP: 4, Burned: true}, Defender{Types: []string{"Normal"}, Mitigation: 1}},
		{"Triple Axel", Attacker{Types: []string{"Ice"}, CombatEffect: 8, StatPoints: 6, AP: 6, Confused: true}, Defender{Types: []string{"Dragon", "Flying"}}},
		{"Icicle Spear", Attacker{Types: []string{"Ice"}, CombatEffect: 12, StatPoints: 10, AP: 8, AccuracyStg: -1}, Defender{Types: []string{"Water"}, Mitigation: 3, EvasionStg: 2}},
		{"Icicle Spear", Attacker{CombatEffect: 12, StatPoints: 10, AP: 4}, Defender{Types: []string{"Normal"}}},
		{"Twin Beam", Attacker{CombatEffect: 3, AP: 8, Rules: PageRules}, Defender{Types: []string{"Normal"}, Mitigation: 1}},
		{"Earthquake", Attacker{CombatEffect: 6, StatPoints: 4, AP: 8, Rules: PageRules, Opponents: 2}, Defender{Types: []string{"Fire"}}},
		{"Blizzard", Attacker{Opponents: 3, AP: 4, Paralyzed: true}, water},
		{"Quick Attack", Attacker{CritStg: 3, AP: 5}, Defender{Types: []string{"Ghost"}}},
	} {
		m := mustMove(t, d, c.move)
		dist, err := d.DamageDist(m, c.a, c.def)
		if err != nil {
			t.Fatal(err)
		}
		if tot := dist.Total(); tot.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%s: distribution sums to %s, want 1", c.move, tot.RatString())
		}
		want := bruteForce(d, m, c.a, c.def)
		if len(want) != len(dist) {
			t.Errorf("%s: %d outcomes, brute force has %d", c.move, len(dist), len(want))
		}
		for _, o := range dist {
			k := o.Result.String() + ":" + strconv.Itoa(o.Damage)
			if w := want[k]; w == nil || w.Cmp(o.P) != 0 {
				t.Errorf("%s: P(%s) = %s, brute force %v", c.move, k, o.P.RatString(), w)
			}
		}
	}
}

func TestDamageDistOfSparksThunderbolt(t *testing.T) {
	d := mustData(t)
	dist, err := d.DamageDist(mustMove(t, d, "Thunderbolt"), sparks(), Defender{Types: []string{"Water"}, Mitigation: 2})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range dist {
		got = append(got, o.Result.String()+" "+strconv.Itoa(o.Damage)+" "+o.P.RatString())
	}
	want := "miss 0 1/20, hit 19 9/10, crit 28 1/20"
	if strings.Join(got, ", ") != want {
		t.Errorf("dist = %s, want %s", strings.Join(got, ", "), want)
	}
	// 0·1/20 + 19·18/20 + 28·1/20 = 370/20 = 37/2
	if e := dist.Expected(); e.Cmp(big.NewRat(37, 2)) != 0 {
		t.Errorf("expected = %s, want 37/2", e.RatString())
	}
}

func TestBadMultiHitDiceIsAnErrorNotAPanic(t *testing.T) {
	d := mustData(t)
	for _, hits := range []string{"xd6", "0d6", "2d1", "99d6", "many"} {
		m := &Move{Name: "Odd", Type: "Normal", Category: "Physical", BP: 4, AP: 4, Hit: 2, Crit: 20, Hits: hits}
		if _, err := d.DamageDist(m, Attacker{}, Defender{}); err == nil {
			t.Errorf("Hits %q: no error", hits)
		}
	}
}

func TestEffectChanceIsTheEffectFacesThatLand(t *testing.T) {
	d := mustData(t)
	for _, c := range []struct {
		move string
		a    Attacker
		def  Defender
		want *big.Rat
	}{
		{"Thunderbolt", Attacker{AP: 8}, Defender{}, big.NewRat(2, 20)},                               // 19-20
		{"Iron Tail", Attacker{AP: 8}, Defender{}, big.NewRat(7, 20)},                                 // 14-20
		{"Iron Tail", Attacker{AP: 4}, Defender{}, big.NewRat(7, 20)},                                 // missing AP: hits on 12+, 14-20 still land
		{"Flame Charge", Attacker{AP: 8}, Defender{}, big.NewRat(19, 20)},                             // always, on a hit
		{"Flame Charge", Attacker{AP: 8, Paralyzed: true}, Defender{}, big.NewRat(14, 20)},            // paralysis: 7-20 land
		{"Flame Charge", Attacker{AP: 8}, Defender{AP: 4, SpeedStg: -1}, big.NewRat(1, 1)},            // even a 1 lands
		{"Tackle", Attacker{AP: 8}, Defender{}, new(big.Rat)},                                         // no effect
		{"Thunderbolt", Attacker{AP: 8, AccuracyStg: -6}, Defender{EvasionStg: 6}, big.NewRat(2, 20)}, // evasion 1-13: 19-20 land
	} {
		m := mustMove(t, d, c.move)
		if got := EffectChance(m, Faces(m, c.a, c.def)); got.Cmp(c.want) != 0 {
			t.Errorf("%s: effect chance %s, want %s", c.move, got.RatString(), c.want.RatString())
		}
	}
}
