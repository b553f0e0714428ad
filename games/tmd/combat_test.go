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

func TestMultiHitMitigationAppliesEachHit(t *testing.T) {
	d := mustData(t)
	kick := mustMove(t, d, "Double Kick") // 2d6 Fighting
	got := d.Damage(kick, Attacker{CombatEffect: 3}, Defender{Types: []string{"Normal"}, Mitigation: 2}, 7, 2, false)
	// BP 7 (the dice) + 3 once + 4 (2x at 5 AP) - 2 a hit for 2 hits.
	if want := 7 + 3 + 4 - 4; got != want {
		t.Errorf("Double Kick damage = %d, want %d", got, want)
	}
}

// bruteForce enumerates the d20 and every die of the move one face at a
// time and tallies the result and damage of each combination.
func bruteForce(d *Data, m *Move, a Attacker, def Defender) map[string]*big.Rat {
	var dice []int
	if n, s, ok := strings.Cut(strings.ToLower(m.Hits), "d"); ok {
		cnt, _ := strconv.Atoi(n)
		sides, _ := strconv.Atoi(s)
		for range cnt {
			dice = append(dice, sides)
		}
	}
	hits := 1
	if len(dice) > 0 {
		hits = len(dice)
	}
	combos := 20
	for _, s := range dice {
		combos *= s
	}
	out := map[string]*big.Rat{}
	faces := Faces(m, a, def)
	rolls := make([]int, len(dice))
	var walk func(i int)
	walk = func(i int) {
		if i < len(dice) {
			for f := 1; f <= dice[i]; f++ {
				rolls[i] = f
				walk(i + 1)
			}
			return
		}
		bp := m.BP
		if len(dice) > 0 {
			bp = 0
			for _, r := range rolls {
				bp += r
			}
		}
		if a.Burned && m.Category == "Physical" {
			bp = (bp + 1) / 2
		}
		for f := 1; f <= 20; f++ {
			dmg := 0
			if faces[f] == Hit || faces[f] == Crit {
				dmg = d.Damage(m, a, def, bp, hits, faces[f] == Crit)
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
		{"Triple Axel", Attacker{Types: []string{"Ice"}, CombatEffect: 4, AP: 6, Confused: true}, Defender{Types: []string{"Dragon", "Flying"}}},
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
