package msp

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// The test table: the GM at seat 1 (Gail), Ann at seat 2 and Bo at seat 3.
const (
	gmSeat  engine.Seat = 0
	annSeat engine.Seat = 1
	boSeat  engine.Seat = 2
)

var testSeats = []engine.SeatInfo{{Name: "Gail", GM: true}, {Name: "Ann"}, {Name: "Bo"}}

// mustTable returns a session in play: Ann and Bo made, every stat 0 (so
// 20 HP and 15,000 g of capacity), the starter book.
func mustTable(t testing.TB) *State {
	t.Helper()
	s, err := New(Options{}, testSeats)
	if err != nil {
		t.Fatal(err)
	}
	d := dice.NewStream(dice.Seed{9})
	for _, c := range []struct {
		seat engine.Seat
		name string
	}{{annSeat, "Ann"}, {boSeat, "Bo"}} {
		mustApply(t, s, c.seat, Create{Name: c.name, Race: "elf", Class: "ranger", Alignment: "chaotic good", Occupation: "hunter"}, d)
		ch := s.char(c.seat)
		ch.Stats = [numStats]int{}
		ch.HP = ch.MaxHP()
	}
	return s
}

func mustApply(t testing.TB, s *State, seat engine.Seat, a engine.Action, d *dice.Stream) []engine.Event {
	t.Helper()
	evs, err := s.Apply(seat, a, d)
	if err != nil {
		t.Fatalf("%s by %s: %v", a, seat, err)
	}
	return evs
}

// mustRefuse applies a and checks that it is refused with a message
// containing want and that nothing changed.
func mustRefuse(t testing.TB, s *State, seat engine.Seat, a engine.Action, want string) error {
	t.Helper()
	before := s.Clone()
	_, err := s.Apply(seat, a, dice.NewStream(dice.Seed{1}))
	if err == nil {
		t.Fatalf("%s by %s was accepted, want a refusal saying %q", a, seat, want)
	}
	if !engine.IsRefusal(err) || !strings.Contains(err.Error(), want) {
		t.Fatalf("%s by %s: %v, want a refusal saying %q", a, seat, err, want)
	}
	if !s.Equal(before) {
		t.Fatalf("refused %s by %s changed the state", a, seat)
	}
	return err
}

// seedWhere returns the first seed (counting up) whose stream satisfies
// ok, so that a test can ask for the faces it needs.
func seedWhere(t testing.TB, ok func(d *dice.Stream) bool) dice.Seed {
	t.Helper()
	for i := range 1 << 20 {
		seed := dice.Seed{byte(i), byte(i >> 8), byte(i >> 16), 77}
		if ok(dice.NewUnrecordedStream(seed)) {
			return seed
		}
	}
	t.Fatal("no seed gives the faces wanted")
	return dice.Seed{}
}

func TestStatRollIsD20Minus2D6WithTheExactDistribution(t *testing.T) {
	dist, err := statExpr.Dist()
	if err != nil {
		t.Fatal(err)
	}
	if dist.Min != StatMin || dist.Max != StatMax || StatMin != -11 || StatMax != 18 {
		t.Fatalf("stats range %d..%d (constants %d..%d), want -11..18", dist.Min, dist.Max, StatMin, StatMax)
	}
	count := map[int]int64{}
	for d20 := 1; d20 <= 20; d20++ {
		for a := 1; a <= 6; a++ {
			for b := 1; b <= 6; b++ {
				count[d20-a-b]++
			}
		}
	}
	for v := StatMin; v <= StatMax; v++ {
		if got, want := dist.Rat(v), big.NewRat(count[v], 720); got.Cmp(want) != 0 {
			t.Errorf("P(stat = %d) = %s, want %s (of 720 faces)", v, got.RatString(), want.RatString())
		}
	}
	// And the rolls made at creation show their faces and obey them.
	d := dice.NewStream(dice.Seed{3})
	for i := range 200 {
		rolls, err := rollStats(d)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rolls {
			if r.Value != r.D20-r.D6[0]-r.D6[1] || r.Value < StatMin || r.Value > StatMax || r.D20 < 1 || r.D20 > 20 {
				t.Fatalf("roll %d: %+v is not d20 - 2d6", i, r)
			}
		}
	}
}

func TestCreateRollsFiveStatsShownToThePlayerAndGMOnly(t *testing.T) {
	s, _ := New(Options{}, testSeats)
	d := dice.NewStream(dice.Seed{5})
	evs := mustApply(t, s, annSeat, Create{Name: "Ann", Alignment: "true neutral"}, d)
	ann := s.char(annSeat)
	if ann.Alignment != "neutral" {
		t.Errorf("alignment %q, want neutral", ann.Alignment)
	}
	if got := len(d.Draws(0)); got != 15 {
		t.Errorf("making a character drew %d dice, want 15 (five d20 - 2d6)", got)
	}
	if ann.HP != BaseHP+ann.Stats[Defence] || ann.MaxHP() != 20+ann.Stats[Defence] {
		t.Errorf("HP %d of %d with Defence %d, want 20 + Defence", ann.HP, ann.MaxHP(), ann.Stats[Defence])
	}
	faces := ann.Rolls[Strength].String()
	for _, seat := range []engine.Seat{annSeat, gmSeat} {
		if e, _ := evs[0].For(seat); !strings.Contains(e.Text, faces) {
			t.Errorf("%s sees %q, want the faces %q", seat, e.Text, faces)
		}
	}
	if e, _ := evs[0].For(boSeat); strings.Contains(e.Text, faces) || strings.Contains(e.Text, "d20") {
		t.Errorf("Bo sees Ann's stat rolls: %q", e.Text)
	}
	mustRefuse(t, s, boSeat, Create{Name: "ann", Alignment: "neutral"}, "already called")
	mustRefuse(t, s, boSeat, Create{Name: "Bo", Alignment: "good"}, "one of the nine")
	mustRefuse(t, s, annSeat, Reroll{}, "every player has made a character")
}

func TestRerollOnlyWhenTheGMGrantsIt(t *testing.T) {
	s := mustTable(t)
	mustRefuse(t, s, annSeat, Reroll{}, "only when the GM grants it")
	mustRefuse(t, s, gmSeat, GrantReroll{Who: "Ann"}, "must give a reason")
	evs := mustApply(t, s, gmSeat, GrantReroll{Who: "Ann", Reason: "a cursed die"}, nil)
	if !strings.Contains(evs[0].Text, "a cursed die") || len(evs[0].Only) != 0 {
		t.Errorf("the grant is not a public, reasoned adjustment: %+v", evs[0])
	}
	d := dice.NewStream(dice.Seed{8})
	mustApply(t, s, annSeat, Reroll{}, d)
	ann := s.char(annSeat)
	if len(d.Draws(0)) != 15 || ann.Rerolls != 0 || ann.Stats[Strength] != ann.Rolls[Strength].Value {
		t.Errorf("re-roll drew %d dice, %d re-rolls left, Strength %d from %+v", len(d.Draws(0)), ann.Rerolls, ann.Stats[Strength], ann.Rolls[Strength])
	}
	mustRefuse(t, s, annSeat, Reroll{}, "only when the GM grants it")
}

func TestLevelThresholdsArePowersOfTen(t *testing.T) {
	for _, tt := range []struct{ xp, level int }{
		{0, 0}, {9, 0}, {10, 1}, {99, 1}, {100, 2}, {999, 2}, {1000, 3}, {9999, 3}, {10000, 4}, {maxXP, 9},
	} {
		if got := Level(tt.xp); got != tt.level {
			t.Errorf("Level(%d) = %d, want %d", tt.xp, got, tt.level)
		}
	}
	s := mustTable(t)
	mustApply(t, s, gmSeat, GiveXP{Who: "Ann", Points: 9, Reason: "scouting"}, nil)
	if s.char(annSeat).Level() != 0 {
		t.Fatalf("9 XP is level %d", s.char(annSeat).Level())
	}
	evs := mustApply(t, s, gmSeat, GiveXP{Who: "Ann", Points: 1, Reason: "scouting"}, nil)
	if last := evs[len(evs)-1]; last.Text != "Ann reaches level 1" {
		t.Errorf("reaching 10 XP: last event %q", last.Text)
	}
}

// TestExperience_RefusalsSayWhatIsAllowed: a grant of experience that is
// not a whole number of points, or that passes the most a character may
// have, is refused with the most it may still grant, and a character at
// the most says so (it was "granted 1 to 0 points at a time").
func TestExperience_RefusalsSayWhatIsAllowed(t *testing.T) {
	s := mustTable(t)
	mustRefuse(t, s, gmSeat, GiveXP{Who: "Ann", Points: 0, Reason: "r"}, "whole points, 1 or more")
	mustApply(t, s, gmSeat, GiveXP{Who: "Ann", Points: 10, Reason: "r"}, nil)
	mustRefuse(t, s, gmSeat, GiveXP{Who: "Ann", Points: maxXP, Reason: "r"}, fmt.Sprintf("Ann has 10 XP and may have at most %d: grant at most %d", maxXP, maxXP-10))
	mustApply(t, s, gmSeat, GiveXP{Who: "Ann", Points: maxXP - 10, Reason: "r"}, nil)
	mustRefuse(t, s, gmSeat, GiveXP{Who: "Ann", Points: 1, Reason: "r"}, fmt.Sprintf("Ann has the most experience a character may have (%d XP)", maxXP))
}

func TestCapacityIsTwentyPlusStrengthTimesOneAndAHalfTimes500Grams(t *testing.T) {
	for _, tt := range []struct{ strength, grams int }{{0, 15000}, {-11, 6750}, {18, 28500}, {-20, 0}, {-30, 0}} {
		c := Character{}
		c.Stats[Strength] = tt.strength
		if got := c.Capacity(); got != tt.grams {
			t.Errorf("capacity with Strength %d = %d g, want %d", tt.strength, got, tt.grams)
		}
	}
	s := mustTable(t)
	mustApply(t, s, gmSeat, AddItem{Item: Item{Name: "Anvil", Grams: 7000}}, nil)
	s.char(annSeat).Stats[Strength] = -11 // 6750 g; the empty bag weighs 50
	mustRefuse(t, s, gmSeat, Give{Item: "Anvil", Who: "Ann", Reason: "a gift"}, "Ann can carry 6750 g ((20 -11 Strength) x 1.5 x 500 g); that would make 7050 g")
	mustApply(t, s, gmSeat, AddItem{Item: Item{Name: "Anvil", Grams: 6700}}, nil)
	mustApply(t, s, gmSeat, Give{Item: "Anvil", Who: "Ann", Reason: "a gift"}, nil)
	if w := s.char(annSeat).Weight(); w != 6750 {
		t.Fatalf("weight %d, want 6750 (anvil and bag)", w)
	}
	mustRefuse(t, s, gmSeat, Coins{Who: "Ann", Amount: 1, Reason: "a tip"}, "that would make 6758 g")
}

func TestCoinsAreHeldInTheFewestCoins(t *testing.T) {
	for _, tt := range []struct {
		copper    int
		bag, lose [numCoins]int
	}{
		{0, [4]int{}, [4]int{}},
		{9, [4]int{9, 0, 0, 0}, [4]int{}},
		{10, [4]int{0, 1, 0, 0}, [4]int{}},
		{499, [4]int{9, 15, 0, 0}, [4]int{0, 34, 0, 0}},
		{500, [4]int{0, 0, 1, 0}, [4]int{}},
		{50000 + 500 + 10 + 1, [4]int{1, 1, 1, 1}, [4]int{}},
		{20 * 50000, [4]int{0, 0, 0, 15}, [4]int{0, 0, 0, 5}},
	} {
		p := PurseOf(tt.copper)
		if p.Bag != tt.bag || p.Loose != tt.lose || p.Value() != tt.copper {
			t.Errorf("PurseOf(%d) = %+v, want bag %v loose %v", tt.copper, p, tt.bag, tt.lose)
		}
	}
}

func TestFullCoinBagWeighs530Grams(t *testing.T) {
	full := Purse{Bag: [numCoins]int{15, 15, 15, 15}}
	if got := full.Weight(); got != 530 {
		t.Errorf("a full bag weighs %d g, want 530 (the text's 480 g is the coins alone)", got)
	}
	if got := PurseOf(0).Weight(); got != 50 {
		t.Errorf("the empty bag weighs %d g, want 50", got)
	}
}

func TestPayingMakesChangeAndOverflowIsCarriedLoose(t *testing.T) {
	s := mustTable(t)
	mustApply(t, s, gmSeat, Coins{Who: "Ann", Amount: 500, Reason: "wages"}, nil)
	ann := s.char(annSeat)
	if ann.Purse.Bag[Gold] != 1 || ann.Purse.Coins() != 1 {
		t.Fatalf("500 copper is held as %v, want 1 gold", ann.Purse)
	}
	mustApply(t, s, annSeat, Pay{Amount: 3}, nil)
	// 497 copper in change: 49 silver and 7 copper; the bag takes 15 silver.
	want := Purse{Bag: [numCoins]int{7, 15, 0, 0}, Loose: [numCoins]int{0, 34, 0, 0}}
	if ann.Purse != want {
		t.Fatalf("after paying 3 copper from 1 gold: %v, want %v", ann.Purse, want)
	}
	if got := ann.Weight(); got != 50+56*CoinGrams {
		t.Errorf("weight %d g, want the bag and 56 coins: %d", got, 50+56*CoinGrams)
	}
	evs := mustApply(t, s, annSeat, Pay{Amount: 160, To: "Bo"}, nil)
	bo := s.char(boSeat)
	if bo.Purse.Bag[Silver] != 15 || bo.Purse.Loose[Silver] != 1 || bo.Weight() != 50+16*CoinGrams {
		t.Errorf("Bo holds %v weighing %d g, want 15 silver in the bag, 1 loose, 178 g", bo.Purse, bo.Weight())
	}
	if _, ok := evs[1].For(annSeat); ok {
		t.Errorf("Ann sees Bo's purse: %+v", evs[1])
	}
	mustRefuse(t, s, annSeat, Pay{Amount: 1000}, "Ann has 33 silver, 7 copper: not enough to pay 2 gold")
	bo.Stats[Strength] = -20 // carries nothing
	err := mustRefuse(t, s, annSeat, Pay{Amount: 1, To: "Bo"}, "Bo cannot carry that many more coins")
	if strings.Contains(err.Error(), " g") {
		t.Errorf("the refusal tells Ann Bo's load: %v", err)
	}
}

func TestFoodHealsAPortionAtATime(t *testing.T) {
	s := mustTable(t)
	mustApply(t, s, gmSeat, Give{Item: "Bread", Who: "Ann", Reason: "supper"}, nil)
	bo := s.char(boSeat)
	bo.HP = 10
	mustApply(t, s, annSeat, Use{Item: "bread", On: "Bo"}, nil)
	if bo.HP != 13 || s.char(annSeat).Items[0].Portions != 3 {
		t.Fatalf("Bo HP %d, bread portions %d; want 13 and 3", bo.HP, s.char(annSeat).Items[0].Portions)
	}
	if w := s.char(annSeat).Items[0].Weight(); w != 3*150 {
		t.Errorf("3 portions of bread weigh %d g, want 450", w)
	}
	bo.HP = 20
	mustApply(t, s, annSeat, Use{Item: "Bread", On: "Bo"}, nil)
	if bo.HP != 20 {
		t.Errorf("food healed Bo past his most HP: %d", bo.HP)
	}
	mustApply(t, s, gmSeat, Give{Item: "Healing herb", Who: "Ann", Reason: "found"}, nil)
	mustApply(t, s, annSeat, Use{Item: "Healing herb", On: "Ann"}, nil)
	if s.char(annSeat).item("Healing herb") >= 0 {
		t.Errorf("a single-portion food is still carried after eating it")
	}
	mustRefuse(t, s, annSeat, Use{Item: "Rope", On: "Bo"}, "carries no Rope")
}

// battle starts a battle of Ann and Bo against the named creatures with
// the initiative fixed: the given order.
func battle(t *testing.T, s *State, order []Fighter, enemies ...string) {
	t.Helper()
	mustApply(t, s, gmSeat, Battle{Enemies: enemies}, dice.NewStream(dice.Seed{2}))
	s.Fight.Order, s.Fight.Turn = order, 0
}

func TestInitiativeLowestFirstTiesToHigherSpeed(t *testing.T) {
	s := mustTable(t)
	mustApply(t, s, gmSeat, Battle{Enemies: []string{"Wolf"}}, dice.NewStream(dice.Seed{2}))
	s.Fight.Order = nil
	s.char(annSeat).Stats[Speed] = 3
	s.char(boSeat).Stats[Speed] = -2
	all := []Fighter{charFighter(annSeat), charFighter(boSeat), enemyFighter(0)}
	// Ann, Bo and the wolf all roll the same: Ann (Speed 3), the wolf (0), Bo (-2).
	seed := seedWhere(t, func(d *dice.Stream) bool {
		a, b, w := d.Roll(6), d.Roll(6), d.Roll(6)
		return a == b && b == w
	})
	order, _ := s.initiative(all, dice.NewStream(seed), 0)
	if want := []Fighter{charFighter(annSeat), enemyFighter(0), charFighter(boSeat)}; !equalFighters(order, want) {
		t.Errorf("all tied: order %v, want Ann, wolf, Bo by Speed", order)
	}
	// Different rolls: lowest first, whatever the Speed.
	seed = seedWhere(t, func(d *dice.Stream) bool {
		a, b, w := d.Roll(6), d.Roll(6), d.Roll(6)
		return b < w && w < a
	})
	order, _ = s.initiative(all, dice.NewStream(seed), 0)
	if want := []Fighter{charFighter(boSeat), enemyFighter(0), charFighter(annSeat)}; !equalFighters(order, want) {
		t.Errorf("rolls Bo < wolf < Ann: order %v", order)
	}
}

func TestInitiativeStillTiedReRollsAmongTheTied(t *testing.T) {
	s := mustTable(t)
	mustApply(t, s, gmSeat, Battle{Enemies: []string{"Wolf"}}, dice.NewStream(dice.Seed{2}))
	// Ann and Bo, both Speed 0, tie with each other and with the wolf
	// (Speed 0 too); the wolf rolled higher. Then only Ann and Bo re-roll,
	// and Bo rolls lower.
	all := []Fighter{charFighter(annSeat), charFighter(boSeat), enemyFighter(0)}
	seed := seedWhere(t, func(d *dice.Stream) bool {
		a, b, w := d.Roll(6), d.Roll(6), d.Roll(6)
		if a != b || w <= a {
			return false
		}
		a2, b2 := d.Roll(6), d.Roll(6)
		return b2 < a2
	})
	d := dice.NewStream(seed)
	order, lines := s.initiative(all, d, 0)
	if want := []Fighter{charFighter(boSeat), charFighter(annSeat), enemyFighter(0)}; !equalFighters(order, want) {
		t.Errorf("order %v, want Bo, Ann (re-rolled), wolf", order)
	}
	if len(d.Draws(0)) != 5 || len(lines) != 2 || !strings.HasPrefix(lines[1], "tie re-rolled: Ann") {
		t.Errorf("%d dice, lines %q: want 5 dice, the re-roll of Ann and Bo only", len(d.Draws(0)), lines)
	}
}

func equalFighters(a, b []Fighter) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestAttackHitsWhenTheAttackerRollsHigher(t *testing.T) {
	s := mustTable(t)
	mustApply(t, s, gmSeat, Give{Item: "Short sword", Who: "Ann", Reason: "armoury"}, nil)
	battle(t, s, []Fighter{charFighter(annSeat), enemyFighter(0), charFighter(boSeat)}, "Wolf")
	seed := seedWhere(t, func(d *dice.Stream) bool { return d.Roll(6) == d.Roll(6) })
	mustApply(t, s, annSeat, Strike{Target: "Wolf", With: "Short sword"}, dice.NewStream(seed))
	if hp := s.Fight.Enemies[0].Health.Value.HP; hp != 15 {
		t.Fatalf("an equal roll hit: wolf HP %d", hp)
	}
	if a := s.Fight.actor(); a != enemyFighter(0) {
		t.Fatalf("after Ann's miss it is %v's turn, want the wolf's", a)
	}
	mustApply(t, s, gmSeat, Strike{Target: "Bo", With: "bite"}, dice.NewStream(seedWhere(t, func(d *dice.Stream) bool {
		a, b := d.Roll(6), d.Roll(6)
		return a > b
	})))
	if hp := s.char(boSeat).HP; hp != 15 {
		t.Errorf("the wolf's bite (5) left Bo at %d HP, want 15", hp)
	}
}

func TestDefenderRollingExactlyDoubleTakesAnExtraTurn(t *testing.T) {
	s := mustTable(t)
	battle(t, s, []Fighter{charFighter(annSeat), charFighter(boSeat), enemyFighter(0)}, "Wolf")
	seed := seedWhere(t, func(d *dice.Stream) bool {
		a, b := d.Roll(6), d.Roll(6)
		return b == 2*a
	})
	evs := mustApply(t, s, annSeat, Strike{Target: "Wolf"}, dice.NewStream(seed))
	if a := s.Fight.actor(); a != enemyFighter(0) || s.Fight.Extra == nil {
		t.Fatalf("after the wolf rolled double it is %v's turn (extra %v), want the wolf's extra turn", a, s.Fight.Extra)
	}
	if !strings.Contains(evs[0].Text, "double") {
		t.Errorf("event %q does not say the defender rolled double", evs[0].Text)
	}
	// The extra turn over, Bo (next in order after Ann) plays.
	plainMiss := seedWhere(t, func(d *dice.Stream) bool {
		a, b := d.Roll(6), d.Roll(6)
		return a <= b && b != 2*a
	})
	mustApply(t, s, gmSeat, Strike{Target: "Ann", With: "bite"}, dice.NewStream(plainMiss))
	if a := s.Fight.actor(); a != charFighter(boSeat) || s.Fight.Extra != nil {
		t.Errorf("after the extra turn it is %v's turn, want Bo's", a)
	}
	// A defender's roll one short of double (or higher) gives nothing.
	s2 := mustTable(t)
	battle(t, s2, []Fighter{charFighter(annSeat), charFighter(boSeat), enemyFighter(0)}, "Wolf")
	seed = seedWhere(t, func(d *dice.Stream) bool {
		a, b := d.Roll(6), d.Roll(6)
		return b > a && b != 2*a
	})
	mustApply(t, s2, annSeat, Strike{Target: "Wolf"}, dice.NewStream(seed))
	if a := s2.Fight.actor(); a != charFighter(boSeat) {
		t.Errorf("no double: it is %v's turn, want Bo's", a)
	}
}

func TestBareHandedHitWaitsForTheGMsDamage(t *testing.T) {
	s := mustTable(t)
	battle(t, s, []Fighter{charFighter(annSeat), charFighter(boSeat), enemyFighter(0)}, "Wolf")
	seed := seedWhere(t, func(d *dice.Stream) bool { return d.Roll(6) > d.Roll(6) })
	mustApply(t, s, annSeat, Strike{Target: "Wolf"}, dice.NewStream(seed))
	if s.Fight.Hit == nil || s.playerPending(boSeat) {
		t.Fatalf("a bare-handed hit did not wait for the GM's damage")
	}
	mustRefuse(t, s, boSeat, Rest{}, "wait for the GM to set the damage")
	mustApply(t, s, gmSeat, Damage{Points: 4}, nil)
	if hp := s.Fight.Enemies[0].Health.Value.HP; hp != 11 {
		t.Errorf("wolf HP %d, want 15 - 4", hp)
	}
}

// hitAnn has the wolf hit Ann, at 1 HP, for its 5 damage with a stream
// whose disaster roll sums to sum.
func hitAnn(t *testing.T, sum int) (*State, []engine.Event) {
	s := mustTable(t)
	battle(t, s, []Fighter{enemyFighter(0), charFighter(annSeat), charFighter(boSeat)}, "Wolf")
	s.char(annSeat).HP = 1
	seed := seedWhere(t, func(d *dice.Stream) bool {
		a, b := d.Roll(6), d.Roll(6)
		return a > b && d.Roll(20)+d.Roll(20)+d.Roll(20) == sum
	})
	return s, mustApply(t, s, gmSeat, Strike{Target: "Ann", With: "bite"}, dice.NewStream(seed))
}

func TestDisasterRollOf30Dies(t *testing.T) {
	s, evs := hitAnn(t, 30)
	ann := s.char(annSeat)
	if !ann.Dead || ann.HP != 0 {
		t.Fatalf("a disaster roll of 30: dead %v HP %d, want dead", ann.Dead, ann.HP)
	}
	if !strings.Contains(engine.TextOf(evs[2]), "= 30 >30: false (0): dies") {
		t.Errorf("event %q does not show the roll and death", engine.TextOf(evs[2]))
	}
	if s.playerPending(annSeat) || len(s.Legal(annSeat)) != 0 {
		t.Errorf("a dead character still acts")
	}
	if a := s.Fight.actor(); a != charFighter(boSeat) {
		t.Errorf("after Ann died it is %v's turn, want Bo's (Ann's turn is skipped)", a)
	}
}

func TestDisasterRollOf31Lives(t *testing.T) {
	s, _ := hitAnn(t, 31)
	ann := s.char(annSeat)
	if ann.Dead || ann.HP != 1 || !ann.Downed {
		t.Fatalf("a disaster roll of 31: dead %v HP %d downed %v, want alive at 1 HP, downed", ann.Dead, ann.HP, ann.Downed)
	}
	// Downed: no attack on her turn, and hit without a defence roll.
	mustRefuse(t, s, annSeat, Strike{Target: "Wolf"}, "downed: unable to attack until healed")
	for _, a := range s.Legal(annSeat) {
		if _, ok := a.(Strike); ok {
			t.Errorf("a downed character is offered %q", a)
		}
	}
	mustApply(t, s, annSeat, Rest{}, nil) // +5 HP: no longer downed
	if ann.Downed || ann.HP != 6 {
		t.Errorf("after a short rest: downed %v HP %d, want up at 6", ann.Downed, ann.HP)
	}
}

func TestDownedCharacterCannotDefend(t *testing.T) {
	s := mustTable(t)
	battle(t, s, []Fighter{enemyFighter(0), charFighter(annSeat), charFighter(boSeat)}, "Wolf")
	ann := s.char(annSeat)
	ann.HP, ann.Downed = 1, true
	// Whatever the dice, the bite lands: only the disaster roll is drawn.
	d := dice.NewStream(dice.Seed{4})
	evs := mustApply(t, s, gmSeat, Strike{Target: "Ann", With: "bite"}, d)
	if !strings.Contains(evs[0].Text, "cannot defend") {
		t.Errorf("event %q", evs[0].Text)
	}
	if n := len(d.Draws(0)); n != 3 {
		t.Errorf("attacking a downed character drew %d dice, want the 3 of the disaster roll only", n)
	}
}

func TestOneHPForOtherReasonsStillFights(t *testing.T) {
	s := mustTable(t)
	mustApply(t, s, gmSeat, Set{Field: "hp", Who: "Ann", Value: 1, Reason: "a long march"}, nil)
	battle(t, s, []Fighter{charFighter(annSeat), enemyFighter(0), charFighter(boSeat)}, "Wolf")
	ann := s.char(annSeat)
	if ann.Downed {
		t.Fatalf("1 HP set by the GM downed Ann")
	}
	mustApply(t, s, annSeat, Strike{Target: "Wolf"}, dice.NewStream(seedWhere(t, func(d *dice.Stream) bool { return d.Roll(6) < d.Roll(6) })))
	// And she defends with a roll: a miss draws two d6 and no disaster roll.
	d := dice.NewStream(seedWhere(t, func(d *dice.Stream) bool { return d.Roll(6) <= d.Roll(6) }))
	mustApply(t, s, gmSeat, Strike{Target: "Ann", With: "bite"}, d)
	if n := len(d.Draws(0)); n != 2 || ann.HP != 1 {
		t.Errorf("defending at 1 HP drew %d dice and left %d HP, want 2 dice and 1 HP", n, ann.HP)
	}
}

func TestShortRestSkipsTheNextRoundAndGivesFiveHP(t *testing.T) {
	s := mustTable(t)
	battle(t, s, []Fighter{charFighter(annSeat), enemyFighter(0), charFighter(boSeat)}, "Wolf")
	ann := s.char(annSeat)
	ann.HP = 7
	mustApply(t, s, annSeat, Rest{}, nil)
	if ann.HP != 12 {
		t.Fatalf("short rest: HP %d, want 12", ann.HP)
	}
	turns := playRounds(t, s, 2)
	if want := "wolf Bo wolf Bo Ann"; turns != want {
		t.Errorf("turns after Ann's short rest: %q, want %q (Ann sits out round 2)", turns, want)
	}
}

func TestLongRestSkipsThreeRoundsAndGivesAllHP(t *testing.T) {
	s := mustTable(t)
	battle(t, s, []Fighter{charFighter(annSeat), enemyFighter(0), charFighter(boSeat)}, "Wolf")
	ann := s.char(annSeat)
	ann.HP = 2
	mustApply(t, s, annSeat, Rest{Long: true}, nil)
	if ann.HP != ann.MaxHP() {
		t.Fatalf("long rest: HP %d, want all %d", ann.HP, ann.MaxHP())
	}
	turns := playRounds(t, s, 4)
	if want := "wolf Bo wolf Bo wolf Bo wolf Bo Ann"; turns != want {
		t.Errorf("turns after Ann's long rest: %q, want %q (Ann sits out rounds 2 to 4)", turns, want)
	}
}

// playRounds plays turns in which every attack misses (without a double)
// until rounds more rounds have begun, stopping at the first character's
// turn of the last, and returns whose turns they were.
func playRounds(t *testing.T, s *State, rounds int) string {
	t.Helper()
	miss := seedWhere(t, func(d *dice.Stream) bool {
		a, b := d.Roll(6), d.Roll(6)
		return a <= b && b != 2*a
	})
	var turns []string
	start := s.Fight.Round
	for s.Fight.Round <= start+rounds {
		a := s.Fight.actor()
		var err error
		switch {
		case a.Enemy >= 0:
			turns = append(turns, "wolf")
			_, err = s.Apply(gmSeat, Strike{Target: "Bo", With: "bite"}, dice.NewStream(miss))
		default:
			turns = append(turns, s.Chars[a.Seat].Name)
			if s.Fight.Round == start+rounds {
				return strings.Join(turns, " ")
			}
			_, err = s.Apply(a.Seat, Strike{Target: "Wolf"}, dice.NewStream(miss))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return strings.Join(turns, " ")
}

func TestBattleEndsWhenNoEnemyStands(t *testing.T) {
	s := mustTable(t)
	mustApply(t, s, gmSeat, Give{Item: "Short sword", Who: "Ann", Reason: "armoury"}, nil)
	battle(t, s, []Fighter{charFighter(annSeat), enemyFighter(0), charFighter(boSeat)}, "Cave rat")
	s.Fight.Enemies[0].Health.Value.HP = 5 // of its 6
	hit := seedWhere(t, func(d *dice.Stream) bool { return d.Roll(6) > d.Roll(6) })
	evs := mustApply(t, s, annSeat, Strike{Target: "Cave rat", With: "Short sword"}, dice.NewStream(hit))
	if s.Fight != nil || evs[len(evs)-1].Text != "The battle is over: no enemy stands" {
		t.Fatalf("the rat at 5 HP hit by the sword (5): events %v", evs)
	}
}

func TestBattleAndSessionEndWhenEveryCharacterIsDead(t *testing.T) {
	s := mustTable(t)
	battle(t, s, []Fighter{enemyFighter(0), charFighter(annSeat), charFighter(boSeat)}, "Wolf")
	s.char(boSeat).Dead = true
	s.char(annSeat).HP = 1
	seed := seedWhere(t, func(d *dice.Stream) bool {
		a, b := d.Roll(6), d.Roll(6)
		return a > b && d.Roll(20)+d.Roll(20)+d.Roll(20) <= 30
	})
	mustApply(t, s, gmSeat, Strike{Target: "Ann", With: "bite"}, dice.NewStream(seed))
	out, over := s.Outcome()
	if !over || len(out.Winners) != 0 || !strings.HasPrefix(out.Text, "Every character has died") {
		t.Fatalf("Outcome = %+v, %v", out, over)
	}
	if _, err := s.Apply(gmSeat, End{}, nil); !errors.Is(err, engine.ErrGameOver) {
		t.Errorf("an action after everyone died: %v", err)
	}
}

func TestCheckTargetIsHiddenUntilTheRoll(t *testing.T) {
	s := mustTable(t)
	s.char(annSeat).Stats[Strength] = 3
	mustApply(t, s, gmSeat, Check{Stat: Strength, Who: "Ann"}, nil)
	v := s.View(gmSeat).(*View)
	if len(v.Check.Chances) != 20 || v.Check.Chances[0].Target != 4 || v.Check.Chances[8].AtLeast != "3/5 (60%)" {
		t.Fatalf("the GM's chances: %+v", v.Check.Chances)
	}
	mustRefuse(t, s, annSeat, Roll{}, "wait for the GM to set the target")
	evs := mustApply(t, s, gmSeat, Target{Value: 12}, nil)
	if e, _ := evs[0].For(gmSeat); !strings.Contains(e.Text, "at least 12 (chance of success 3/5 (60%))") {
		t.Errorf("the GM's event %q", e.Text)
	}
	for _, seat := range []engine.Seat{annSeat, boSeat, engine.Spectator} {
		if e, _ := evs[0].For(seat); strings.Contains(e.Text, "12") {
			t.Errorf("%s sees the target: %q", seat, e.Text)
		}
	}
	seed := seedWhere(t, func(d *dice.Stream) bool { return d.Roll(20) == 9 })
	evs = mustApply(t, s, annSeat, Roll{}, dice.NewStream(seed))
	if want := "Ann rolls Strength: d20 9 +3 = 12; the target was at least 12: succeeds"; evs[0].Text != want {
		t.Errorf("roll event %q, want %q", evs[0].Text, want)
	}
	if r := s.View(boSeat).(*View).LastCheck; r == nil || r.Goal.Value != 12 || !r.Success {
		t.Errorf("Bo's view of the result: %+v", r)
	}
}

func TestGMAdjustmentsNeedAReason(t *testing.T) {
	s := mustTable(t)
	for _, a := range []engine.Action{
		GiveXP{Who: "Ann", Points: 5}, Give{Item: "Rope", Who: "Ann"}, Coins{Who: "Ann", Amount: 5},
		Set{Field: "hp", Who: "Ann", Value: 3}, Hurt{Who: "Ann", Points: 2}, GrantReroll{Who: "Ann"},
	} {
		mustRefuse(t, s, gmSeat, a, "the game master must give a reason")
	}
	mustRefuse(t, s, annSeat, GiveXP{Who: "Ann", Points: 5, Reason: "me"}, "only the game master may do that")
	evs := mustApply(t, s, gmSeat, Set{Field: "strength", Who: "Ann", Value: 4, Reason: "a blessing"}, nil)
	if e, _ := evs[0].For(boSeat); strings.Contains(e.Text, "Strength") || strings.Contains(e.Text, "blessing") {
		t.Errorf("Bo sees the change to Ann's Strength: %q", e.Text)
	}
	if got := s.View(annSeat).(*View).GM.Adjustments; len(got) != 1 || got[0].Reason != "a blessing" {
		t.Errorf("Ann's view of the adjustments: %+v", got)
	}
}

func TestBookExportsAndImportsAcrossTables(t *testing.T) {
	s := mustTable(t)
	mustApply(t, s, gmSeat, AddCreature{Creature: Creature{Name: "Troll", HP: 40, Attacks: []Attack{{Name: "fist", Damage: 7}}}}, nil)
	mustApply(t, s, gmSeat, AddPlace{Place: Place{Name: "Bridge", Text: "A troll lives under it."}}, nil)
	data, err := ExportBook(s.View(gmSeat).(*View).Book.clone())
	if err != nil {
		t.Fatal(err)
	}
	other, _ := New(Options{EmptyBook: true}, testSeats)
	b, err := ParseBook(data)
	if err != nil {
		t.Fatal(err)
	}
	mustApply(t, other, gmSeat, ImportBook{Book: b}, nil)
	if other.Book.creature("troll") == nil || len(other.Book.Places) != 2 || len(other.Book.Items) != len(StarterBook().Items) {
		t.Errorf("imported book: %+v", other.Book)
	}
	if s.View(annSeat).(*View).Book != nil {
		t.Errorf("a player sees the GM's book")
	}
	// A page without script posts an empty book: nothing to import.
	mustRefuse(t, other, gmSeat, ImportBook{}, "that book has no creature, item or place in it")
	if _, err := ParseBook([]byte(`{"creatures":[{"name":"Blob","hp":0,"attacks":[]}]}`)); err == nil || !strings.Contains(err.Error(), "HP is 1 to") {
		t.Errorf("a creature with 0 HP: %v", err)
	}
}

func TestTextFormsParseBack(t *testing.T) {
	for _, a := range []engine.Action{
		Create{Name: "Ann", Race: "elf", Class: "ranger", Alignment: "chaotic good", Occupation: "hunter"},
		Reroll{}, Keep{}, Roll{}, Strike{Target: "Goblin 1", With: "Short sword"}, Strike{Target: "Goblin 1"},
		Use{Item: "Bread", On: "Bo"}, Rest{}, Rest{Long: true}, Drop{Item: "Rope"}, Pay{Amount: 515, To: "Bo"}, Pay{Amount: 3},
		WriteNotes{Text: "owes the innkeeper"}, Note{Text: "the innkeeper lies"}, Check{Stat: Charisma, Who: "Ann"},
		Target{Value: 12}, Target{AtMost: true, Value: -3}, CancelCheck{Reason: "never mind"},
		Battle{Enemies: []string{"Goblin", "Cave rat"}}, Damage{Points: 4}, EndBattle{Reason: "they flee"},
		End{Reason: "the heroes rest"}, GrantReroll{Who: "Ann", Reason: "bad luck"}, GiveXP{Who: "Ann", Points: 10, Reason: "a deed"},
		Give{Item: "Short sword", Who: "Ann", Reason: "armoury"}, Take{Item: "Rope", Who: "Bo", Reason: "stolen"},
		Coins{Who: "Ann", Amount: 50515, Reason: "a purse"}, Coins{Who: "Bo", Amount: -7, Reason: "a toll"},
		Set{Field: "hp", Who: "Ann", Value: 15, Reason: "a spring"}, Hurt{Who: "Bo", Points: 4, Reason: "a trap"},
		Reveal{Who: "Goblin 2"},
		AddCreature{Creature: Creature{Name: "Troll", HP: 40, Attacks: []Attack{{Name: "big fist", Damage: 7}, {Name: "kick", Damage: 0}}}},
		AddItem{Item: Item{Name: "Stew", Grams: 300, Heal: 4, Portions: 2}}, AddItem{Item: Item{Name: "Axe", Grams: 2000, Damage: 6}},
		AddPlace{Place: Place{Name: "Bridge", Text: "old; mossy"}},
		ImportBook{Book: Book{Places: []Place{{Name: "Inn", Text: "warm"}}}},
	} {
		raw, _ := json.Marshal(a)
		if dec, err := Game.Decode(a.Kind(), raw); err != nil || dec.String() != a.String() {
			t.Errorf("Decode(%q, %s) = %v, %v", a.Kind(), raw, dec, err)
		}
		back, err := ParseAction(a.String())
		if err != nil {
			t.Errorf("ParseAction(%q): %v", a, err)
			continue
		}
		if back.String() != a.String() {
			t.Errorf("ParseAction(%q) = %q", a, back)
		}
	}
	for _, bad := range []string{"", "fly away", "target about 12", "xp lots to Ann: x", "coins 5 to Ann: x", "pay nothing", "check luck of Ann"} {
		if _, err := ParseAction(bad); err == nil {
			t.Errorf("ParseAction(%q) accepted", bad)
		}
	}
}

// TestTypedActionPlaysAsTheActionItReads: a Typed action decodes from its
// JSON and resolves (engine.Resolve, as the table does) to the action its
// text reads, which then plays or is refused as that action; a text that
// reads as no action is refused with ParseAction's words alone, the text
// not repeated before them.
func TestTypedActionPlaysAsTheActionItReads(t *testing.T) {
	if a, err := Game.Decode(KindTyped, []byte(`{"text":"roll"}`)); err != nil || a != (Typed{Text: "roll"}) {
		t.Fatalf("Decode(typed) = %v, %v", a, err)
	}
	s := mustTable(t)
	evs := mustApply(t, s, gmSeat, mustResolve(t, Typed{Text: "xp 10 to Ann: a clever plan"}), nil)
	if s.char(annSeat).XP != 10 || !strings.Contains(evs[0].Text, "a clever plan") {
		t.Fatalf("typed xp: XP %d, events %v", s.char(annSeat).XP, evs)
	}
	mustRefuse(t, s, annSeat, mustResolve(t, Typed{Text: "xp 10 to Ann: me"}), "only the game master may do that")

	const bad = "fly to the moon"
	_, perr := ParseAction(bad)
	_, err := engine.Resolve(Typed{Text: bad})
	var ae *engine.ActionError
	if perr == nil || !errors.As(err, &ae) || !errors.Is(err, engine.ErrIllegalAction) || ae.Refusal() != strings.TrimPrefix(perr.Error(), "msp: ") {
		t.Errorf("typed %q is refused with %v, want ParseAction's words %q", bad, err, perr)
	}
}

// mustResolve returns the action a Typed action's text reads.
func mustResolve(t testing.TB, a Typed) engine.Action {
	t.Helper()
	inner, err := engine.Resolve(a)
	if err != nil {
		t.Fatalf("typed %q: %v", a.Text, err)
	}
	return inner
}

// TestOutcome_EndedBeforeAnyCharacterSaysSo checks the closing line of a
// session the GM ends before anyone made a character: it says so, instead
// of ending on a dangling ": ".
func TestOutcome_EndedBeforeAnyCharacterSaysSo(t *testing.T) {
	for _, c := range []struct {
		name, reason, want string
	}{
		{"with a reason", "nobody came", "The session ends (nobody came) before anyone made a character"},
		{"without a reason", "", "The session ends before anyone made a character"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := New(Options{}, testSeats)
			if err != nil {
				t.Fatal(err)
			}
			if c.reason != "" {
				mustApply(t, s, gmSeat, End{Reason: c.reason}, nil)
			} else {
				s.Ended = true // as an offered end the players accept: no reason
			}
			out, over := s.Outcome()
			if !over || out.Text != c.want {
				t.Errorf("Outcome() = %q (over %v), want %q", out.Text, over, c.want)
			}
		})
	}
}

// TestCheckTargetAtMostSucceedsAtOrBelowIt checks the other kind of hidden
// target: the roll succeeds when d20 + the stat is at most the target. It
// also counts, over the twenty faces of the d20, every row of the chances
// the GM sees while setting a target, in both columns.
func TestCheckTargetAtMostSucceedsAtOrBelowIt(t *testing.T) {
	for _, stat := range []int{-11, -4, 0, 3, 18} {
		rows, err := chances(stat)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 20 {
			t.Fatalf("stat %d: %d rows of chances, want 20", stat, len(rows))
		}
		for _, row := range rows {
			atLeast, atMost := 0, 0
			for face := 1; face <= 20; face++ {
				if face+stat >= row.Target {
					atLeast++
				}
				if face+stat <= row.Target {
					atMost++
				}
			}
			wantLeast, wantMost := big.NewRat(int64(atLeast), 20).RatString(), big.NewRat(int64(atMost), 20).RatString()
			if !strings.HasPrefix(row.AtLeast, wantLeast+" (") || !strings.HasPrefix(row.AtMost, wantMost+" (") {
				t.Errorf("stat %d, target %d: at least %q, at most %q; the d20's faces give %s and %s", stat, row.Target, row.AtLeast, row.AtMost, wantLeast, wantMost)
			}
		}
	}
	for _, tt := range []struct {
		face    int
		success bool
	}{{9, true}, {10, false}} {
		s := mustTable(t)
		s.char(annSeat).Stats[Charisma] = -4
		mustApply(t, s, gmSeat, Check{Stat: Charisma, Who: "Ann"}, nil)
		evs := mustApply(t, s, gmSeat, Target{AtMost: true, Value: 5}, nil)
		if e, _ := evs[0].For(gmSeat); !strings.Contains(e.Text, "at most 5 (chance of success 9/20 (45%))") {
			t.Errorf("the GM's event %q", e.Text)
		}
		seed := seedWhere(t, func(d *dice.Stream) bool { return d.Roll(20) == tt.face })
		mustApply(t, s, annSeat, Roll{}, dice.NewStream(seed))
		r := s.View(boSeat).(*View).LastCheck
		if r == nil || r.Success != tt.success || r.Goal != (Goal{AtMost: true, Value: 5}) || r.Total != tt.face-4 {
			t.Errorf("d20 %d - 4 against at most 5: %+v, want success %v", tt.face, r, tt.success)
		}
	}
}

// TestBattleTurnMayFeedAFriendInstead checks the non-battle action on a
// turn: a character gives a friend a portion of food, which heals the
// friend (a downed friend is up again), and the turn passes as an attack's
// would; out of turn it is refused.
func TestBattleTurnMayFeedAFriendInstead(t *testing.T) {
	s := mustTable(t)
	mustApply(t, s, gmSeat, Give{Item: "Bread", Who: "Ann", Reason: "supper"}, nil)
	battle(t, s, []Fighter{charFighter(annSeat), enemyFighter(0), charFighter(boSeat)}, "Wolf")
	bo := s.char(boSeat)
	bo.HP, bo.Downed = 1, true
	mustRefuse(t, s, boSeat, Use{Item: "Bread", On: "Bo"}, "it is Ann's turn")
	evs := mustApply(t, s, annSeat, Use{Item: "Bread", On: "Bo"}, nil)
	if bo.HP != 4 || bo.Downed {
		t.Errorf("Bo fed a portion of bread (3): HP %d, downed %v; want 4 and up again", bo.HP, bo.Downed)
	}
	if !strings.Contains(evs[0].Text, "Ann gives Bo a portion of Bread: +3 HP") {
		t.Errorf("event %q", evs[0].Text)
	}
	if a := s.Fight.actor(); a != enemyFighter(0) {
		t.Errorf("after Ann fed Bo it is %v's turn, want the wolf's", a)
	}
	if p := s.char(annSeat).Items[0].Portions; p != 3 {
		t.Errorf("the bread has %d portions left, want 3", p)
	}
}

// TestRevealMovesAnEnemysHealthIntoEveryView checks the GM's reveal: an
// enemy's health is the GM's alone until the GM reveals it; then every
// player and a spectator see it, and go on seeing it as it changes.
func TestRevealMovesAnEnemysHealthIntoEveryView(t *testing.T) {
	s := mustTable(t)
	battle(t, s, []Fighter{charFighter(annSeat), enemyFighter(0), charFighter(boSeat)}, "Wolf")
	health := func(seat engine.Seat) *Health { return s.View(seat).(*View).Battle.Enemies[0].Health }
	if h := health(gmSeat); h == nil || *h != (Health{HP: 15, Max: 15}) {
		t.Fatalf("the GM sees the wolf's health as %+v", h)
	}
	for _, seat := range []engine.Seat{annSeat, boSeat, engine.Spectator} {
		if h := health(seat); h != nil {
			t.Fatalf("%s sees the wolf's health %+v before the reveal", seat, h)
		}
	}
	mustRefuse(t, s, annSeat, Reveal{Who: "Wolf"}, "only the game master may do that")
	mustRefuse(t, s, gmSeat, Reveal{Who: "Bear"}, "no enemy called Bear")
	evs := mustApply(t, s, gmSeat, Reveal{Who: "wolf"}, nil)
	if evs[0].Text != "The GM reveals Wolf's health: HP 15/15" || len(evs[0].Only) != 0 {
		t.Errorf("the reveal's event: %+v", evs[0])
	}
	mustApply(t, s, annSeat, Strike{Target: "Wolf"}, dice.NewStream(seedWhere(t, func(d *dice.Stream) bool { return d.Roll(6) > d.Roll(6) })))
	mustApply(t, s, gmSeat, Damage{Points: 4}, nil)
	for _, seat := range []engine.Seat{annSeat, boSeat, engine.Spectator} {
		if h := health(seat); h == nil || *h != (Health{HP: 11, Max: 15}) {
			t.Errorf("%s sees the revealed wolf's health as %+v, want 11/15", seat, h)
		}
	}
}
