package pmr

import (
	"math"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// TestSeeding_EqualSumsGiveNoSeatAnAdvantage plays many seeded games of
// four identical greedy bots. With the seats alike, each should win a
// quarter of the games: every seat's share must lie within the 99%
// interval around 1/4 (family-wise over the four seats, from the observed
// per-game variance of the shares), and together they must pass a
// chi-square test at 99% (three degrees of freedom: the shares add up to
// one). The games are three turns long: one
// tournament of freshly captured monsters, whose sums (3dF) tie most often,
// and a game takes microseconds. When equal sums kept seat order, seat 1
// won about 26% of them, eight standard errors above a quarter.
func TestSeeding_EqualSumsGiveNoSeatAnAdvantage(t *testing.T) {
	const (
		seats = 4
		games = 100000
		// Two-sided 99% family-wise over four seats (Šidák):
		// z for 1-(1-0.99^(1/4))/2.
		z = 3.02
		// The 99th percentile of chi-square with three degrees of freedom.
		chi2 = 11.345
	)
	names := make([]string, seats)
	for i := range names {
		names[i] = BotGreedy
	}
	bots, info := mustBots(t, names...)
	var sum, sumSq [seats]float64
	for g := range games {
		s, err := New(Options{Turns: 3}, info)
		if err != nil {
			t.Fatal(err)
		}
		o := play(t, s, bots, dice.NewUnrecordedStream(dice.Seed{byte(g), byte(g >> 8), 0x5e}), dice.NewUnrecordedStream(dice.Seed{byte(g), byte(g >> 8), 0x5f}))
		for i := range seats {
			x := o.Share(engine.Seat(i))
			sum[i] += x
			sumSq[i] += x * x
		}
		s.Release()
	}
	x2 := 0.0
	for i := range seats {
		mean := sum[i] / games
		sd := math.Sqrt((sumSq[i]/games - mean*mean) / (games - 1))
		x2 += (mean - 1.0/seats) * (mean - 1.0/seats) / (sd * sd)
		lo, hi := 1.0/seats-z*sd, 1.0/seats+z*sd
		t.Logf("seat %d: win share %.4f (99%% interval for no advantage %.4f..%.4f)", i+1, mean, lo, hi)
		if mean < lo || mean > hi {
			t.Errorf("seat %d wins %.4f of the games, outside %.4f..%.4f: the seat gives an advantage", i+1, mean, lo, hi)
		}
	}
	t.Logf("chi-square %.2f (99%% point %.2f)", x2, chi2)
	if x2 > chi2 {
		t.Errorf("the seats' win shares differ more than chance allows: chi-square %.2f > %.2f", x2, chi2)
	}
}
