package pmr

import (
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// renderView is seat p's part of the table page, as text (tags dropped,
// escapes undone).
func renderView(t *testing.T, s *State, p engine.Seat) string {
	t.Helper()
	return enginetest.RenderView(t, Game, s.View(p))
}

// TestPage_ShowsEveryMatchOfATournament plays a tournament of three
// stables whose final goes through two ties and a dice-off, and checks that
// the page shows, during the final and after the tournament: the seeds and
// the die that broke the tie in sums, every match with its terrain, each contest's sealed abilities with their
// values, the doublings that applied and the effective values, the ties and
// how they were broken, and the dice-off's rolls; and that tabletop play's
// terminal shows them too.
func TestPage_ShowsEveryMatchOfATournament(t *testing.T) {
	twin := Monster{Speed: 2, Brawn: 2, Mind: 2, Age: 5}
	s := mustNew(t, 30, "Ann", "Bob", "Cid")
	give(s, 0, twin)
	give(s, 1, twin)
	give(s, 2, Monster{Speed: 1, Age: 5})
	startEntries(s)
	// Ann and Bob tie on 6: the d2 seeds Ann first (she gets the bye).
	// Semi-final Bob v Cid on Plains; final on Woods, then a dice-off of
	// [+] [+] (tie) and [_] [+].
	d := streamWhere(t, func(d *dice.Stream) bool {
		return d.Roll(2) == 1 && d.Fudge() == 1 && d.Fudge() == 0 &&
			d.Fudge() == 1 && d.Fudge() == 1 && d.Fudge() == 0 && d.Fudge() == 1
	})
	for p := range 3 {
		mustApply(t, s, engine.Seat(p), "enter M1", d)
	}
	if got := s.tour.entrants[0].Stable; got != 0 {
		t.Fatalf("seed 1 is %s, want Ann", got)
	}
	// The semi-final: Bob's Mind 2 beats Cid's Brawn 0 (Mind beats Brawn, ×2).
	mustApply(t, s, 1, "choose mind", d)
	mustApply(t, s, 2, "choose brawn", d)
	// The final, Ann v Bob on Woods: Speed v Speed, then Brawn v Brawn (×2
	// Woods each), then Mind v Mind, then the dice-off.
	mustApply(t, s, 0, "choose speed", d)
	mustApply(t, s, 1, "choose speed", d)
	during := renderView(t, s, engine.Spectator)
	mustApply(t, s, 0, "choose brawn", d)
	mustApply(t, s, 1, "choose brawn", d)
	if s.phase != PhaseActivity || s.last == nil {
		t.Fatalf("phase %s after the final; the last tournament is %v", s.phase, s.last)
	}
	after := renderView(t, s, 1)

	mustShow(t, "during the final", during,
		"Tournament 1",
		"Seeds (by ability sum; equal sums ordered by dice): 1. Ann's M1 Pebblet (sum 6, bye), 2. Bob's M1 Voltik (sum 6), 3. Cid's M1 Gustle (sum 1)",
		"Equal sums seeded by dice: sum 6: d2 → 1 Ann's M1 Pebblet",
		"Semi-final: Bob's M1 Voltik vs Cid's M1 Gustle on Plains (Speed doubled): Bob's M1 Voltik wins",
		"Contest 1: Bob's M1 Voltik Mind 2 ×2 vs Brawn = 4 vs Cid's M1 Gustle Brawn 0 = 0: Bob's M1 Voltik wins",
		"Final: Ann's M1 Pebblet vs Bob's M1 Voltik on Woods (Brawn doubled): being played",
		"Contest 1: Ann's M1 Pebblet Speed 2 = 2 vs Bob's M1 Voltik Speed 2 = 2: tie; each now chooses an ability it has not used",
	)
	mustShow(t, "after the tournament", after,
		"Tournament 1 (finished): Bob's M1 Voltik is champion",
		"Equal sums seeded by dice: sum 6: d2 → 1 Ann's M1 Pebblet",
		"Contest 1: Bob's M1 Voltik Mind 2 ×2 vs Brawn = 4",
		"Final: Ann's M1 Pebblet vs Bob's M1 Voltik on Woods (Brawn doubled): Bob's M1 Voltik wins",
		"Contest 2: Ann's M1 Pebblet Brawn 2 ×2 Woods = 4 vs Bob's M1 Voltik Brawn 2 ×2 Woods = 4: tie; the last abilities compete",
		"Contest 3 (last abilities): Ann's M1 Pebblet Mind 2 = 2 vs Bob's M1 Voltik Mind 2 = 2: tie after three contests; dice-off",
		"Dice-off (1dF each): [+] vs [+] (tie, roll again), [_] vs [+]",
		"A tournament every 3 turns · monsters older than 10 retire · stables tied for the most trophies share the win",
	)
	// tabletop play's terminal shows the same.
	mustShow(t, "after the tournament, in the terminal,", Game.(engine.TextRenderer).RenderText(s.View(1), 1),
		"-- Tournament 1 (finished): Bob's M1 Voltik is champion --",
		"equal sums seeded by dice: sum 6: d2 → 1 Ann's M1 Pebblet",
		"Semi-final: Bob's M1 Voltik vs Cid's M1 Gustle on Plains (Speed doubled): Bob's M1 Voltik wins",
		"Contest 2: Ann's M1 Pebblet Brawn 2 ×2 Woods = 4 vs Bob's M1 Voltik Brawn 2 ×2 Woods = 4: tie; the last abilities compete",
		"Dice-off (1dF each): [+] vs [+] (tie, roll again), [_] vs [+]",
	)
}

// mustShow checks that page shows every one of wants.
func mustShow(t *testing.T, when, page string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(page, want) {
			t.Errorf("%s the page lacks %q:\n%s", when, want, page)
		}
	}
}
