package prophecy

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// outlined returns a three-player table in the outline phase: world,
// prophecy, characters, and the Finale's objective.
func outlined(t *testing.T) (*State, *dice.Stream) {
	t.Helper()
	s := mustNew(t, 3)
	d := dice.NewStream(dice.Seed{1})
	mustApply(t, s, 0, "world fantasy", d)
	mustApply(t, s, 0, "receive", d)
	mustApply(t, s, 0, "character Wren: hedge witch; keen-eyed; stubborn; sister of Tam; the Druid Circle", d)
	mustApply(t, s, 1, "character Tam: falconer; strong as an ox; reckless; brother of Wren; the Queen's Guard", d)
	mustApply(t, s, 2, "character Ilse: royal cartographer; quick at sums; proud; mentor to Wren; the College of Mages", d)
	mustApply(t, s, 1, "edit 1: Keep the dragon asleep; the vault under the capital", d)
	return s, d
}

// refused checks that an action is refused as illegal with a reason
// containing why, and that it changed nothing.
func refused(t *testing.T, s *State, seat engine.Seat, text, why string) {
	t.Helper()
	a, err := ParseAction(text)
	if err != nil {
		t.Fatalf("ParseAction(%q): %v", text, err)
	}
	before := s.Clone()
	d := dice.NewStream(dice.Seed{9})
	_, err = s.Apply(seat, a, d)
	if err == nil || !errors.Is(err, engine.ErrIllegalAction) || !strings.Contains(err.Error(), why) {
		t.Errorf("%s: err = %v, want an illegal action saying %q", text, err, why)
	}
	if !reflect.DeepEqual(before, s.Clone()) || d.Len() != 0 {
		t.Errorf("%s: the refused action changed the table", text)
	}
}

func TestOutline_DifficultyChainFromFinale4DownTo1(t *testing.T) {
	s, d := outlined(t)
	mustApply(t, s, 0, "add 1: Find the sleeping draught; the apothecary", d)
	mustApply(t, s, 1, "add 2: Steal the recipe", d)
	mustApply(t, s, 2, "add 3: Befriend the apprentice", d)
	for id, want := range map[int]int{1: 4, 2: 3, 3: 2, 4: 1} {
		if got := s.scene(id).Difficulty; got != want {
			t.Errorf("scene %d: difficulty %d, want %d", id, got, want)
		}
	}
	refused(t, s, 0, "add 4: Too deep", "difficulties never go below 1")
	refused(t, s, 0, "add 9: Under nothing", "there is no scene 9")
	refused(t, s, 0, "add 1:  ", "objective is empty")
}

func TestOutline_MoveRecomputesDifficultiesAndNeverGoesBelow1(t *testing.T) {
	s, d := outlined(t)
	mustApply(t, s, 0, "add 1: A", d) // 2, d3
	mustApply(t, s, 0, "add 1: B", d) // 3, d3
	mustApply(t, s, 0, "add 3: C", d) // 4, d2
	mustApply(t, s, 0, "add 2: D", d) // 5, d2
	mustApply(t, s, 0, "add 5: E", d) // 6, d1
	// 3 with its precursor 4 fits under 2 (d3): 3 becomes d2, 4 d1.
	mustApply(t, s, 1, "move 3 under 2", d)
	if s.scene(3).Difficulty != 2 || s.scene(4).Difficulty != 1 || s.scene(3).Parent != 2 {
		t.Errorf("after the move: scene 3 d%d under %d, scene 4 d%d; want d2 under 2, d1", s.scene(3).Difficulty, s.scene(3).Parent, s.scene(4).Difficulty)
	}
	refused(t, s, 1, "move 3 under 5", "would go below difficulty 1")
	refused(t, s, 1, "move 2 under 4", "cannot move under itself")
	refused(t, s, 1, "move 1 under 2", "Finale is the root")
	mustApply(t, s, 1, "move 4 under 1", d)
	if s.scene(4).Difficulty != 3 {
		t.Errorf("scene 4 moved under the Finale: d%d, want d3", s.scene(4).Difficulty)
	}
}

func TestOutline_RemoveTakesThePrecursorsWithIt(t *testing.T) {
	s, d := outlined(t)
	mustApply(t, s, 0, "add 1: A", d)
	mustApply(t, s, 0, "add 2: B", d)
	mustApply(t, s, 0, "add 1: C", d)
	evs := mustApply(t, s, 2, "remove 2", d)
	if s.scene(2) != nil || s.scene(3) != nil || s.scene(4) == nil {
		t.Errorf("after remove 2: scenes %v, want 1 and 4", s.scenes)
	}
	if !strings.Contains(evs[0].Text, "Cy removes scene 2 with its precursors 3") {
		t.Errorf("event %q", evs[0].Text)
	}
	refused(t, s, 2, "remove 1", "Finale cannot be removed")
	mustApply(t, s, 2, "add 1: Again", d)
	if s.scene(5) == nil {
		t.Errorf("the next scene is not numbered 5: numbers must not be reused")
	}
}

func TestOutline_WarningAboveEightScenes(t *testing.T) {
	s, d := outlined(t)
	for i := 2; i <= 8; i++ {
		evs := mustApply(t, s, 0, "add 1: Scene", d)
		if strings.Contains(evs[0].Text, "warning") || s.View(0).(*View).Warning != "" {
			t.Fatalf("scene %d of 8 warned: %q", i, evs[0].Text)
		}
	}
	evs := mustApply(t, s, 0, "add 1: The ninth", d)
	if !strings.Contains(evs[0].Text, "warning: 9 scenes") {
		t.Errorf("the ninth scene: event %q, want a warning", evs[0].Text)
	}
	if w := s.View(0).(*View).Warning; !strings.Contains(w, "9 scenes") {
		t.Errorf("view warning %q", w)
	}
}

func TestOutline_FixedOnceTheStoryStarts(t *testing.T) {
	s, d := outlined(t)
	mustApply(t, s, 0, "add 1: A", d)
	mustApply(t, s, 0, "start", d)
	for _, text := range []string{"add 1: B", "edit 2: B", "move 2 under 1", "remove 2", "character X: a; b; c; d; e"} {
		refused(t, s, 0, text, "the story has started")
	}
}

func TestStart_NeedsEveryCharacterAndTheFinalesObjective(t *testing.T) {
	s := mustNew(t, 3)
	d := dice.NewStream(dice.Seed{})
	refused(t, s, 0, "start", "receive the prophecy first")
	mustApply(t, s, 0, "world starship", d)
	mustApply(t, s, 0, "receive", d)
	mustApply(t, s, 0, "character Ann: pilot; fast; calm; friend of Bo; the Fleet", d)
	refused(t, s, 0, "start", "waiting for Bo, Cy")
	mustApply(t, s, 1, "character Bo: medic; tireless; kind; friend of Ann; the Fleet", d)
	mustApply(t, s, 2, "character Cy: engineer; strong; curious; owes Ann; the Union", d)
	refused(t, s, 0, "start", "the Finale needs an objective")
	mustApply(t, s, 0, "edit 1: Hold the gate open", d)
	// The Finale alone is a story of one scene, in the singular.
	if evs := mustApply(t, s, 0, "start", d); evs[0].Text != "Ann starts the story: 1 scene to perform" {
		t.Errorf("start: %q", evs[0].Text)
	}
}

func TestCharacter_OneAspectPerCategoryForTheActingSeat(t *testing.T) {
	s, d := outlined(t)
	c := s.chars[1]
	if c.Name != "Tam" || len(c.Aspects) != int(numCategories) {
		t.Fatalf("seat 2's character %+v", c)
	}
	for i, a := range c.Aspects {
		if a.Category != Category(i) {
			t.Errorf("aspect %d in category %s, want %s", i+1, a.Category, Category(i))
		}
	}
	refused(t, s, 1, "character Tam: falconer;  ; reckless; brother; guard", "physical or mental aspect is empty")
	evs := mustApply(t, s, 1, "character Tam: hawker; strong; bold; brother of Wren; the Guard", d)
	if !strings.HasPrefix(evs[0].Text, "Bo remakes character 2, Tam") || s.chars[0].Name != "Wren" {
		t.Errorf("remaking: %q; seat 1's character %q", evs[0].Text, s.chars[0].Name)
	}
}

func TestAspects_AddedAndChangedInPlayAreLoggedWithWhoDidIt(t *testing.T) {
	s, d := outlined(t)
	mustApply(t, s, 0, "start", d)
	evs := mustApply(t, s, 2, "aspect 1: scarred by dragonfire", d)
	if got := evs[0].Text; got != `Cy attaches "scarred by dragonfire" to Wren (aspect 6)` {
		t.Errorf("add: %q", got)
	}
	evs = mustApply(t, s, 1, "aspect 1.3: patient", d)
	if got := evs[0].Text; got != `Bo changes Wren's aspect 3 from "stubborn" to "patient"` {
		t.Errorf("change: %q", got)
	}
	if a := s.chars[0].Aspects; a[2].Text != "patient" || a[5].Text != "scarred by dragonfire" || a[5].Category != Added {
		t.Errorf("aspects %+v", a)
	}
	j := s.journal[len(s.journal)-1]
	if j.Seat != 1 || j.Who != "Bo" || !strings.Contains(j.Text, "patient") {
		t.Errorf("journal %+v", j)
	}
	refused(t, s, 1, "aspect 1.9: x", "Wren has no aspect 9")
	refused(t, s, 1, "aspect 4: x", "there is no character 4")
}

// story returns a table whose story has started with the outline
// 1 <- 2 <- 4 and 1 <- 3.
func story(t *testing.T) (*State, *dice.Stream) {
	t.Helper()
	s, d := outlined(t)
	mustApply(t, s, 0, "add 1: Find the draught", d)
	mustApply(t, s, 0, "add 1: Reach the vault", d)
	mustApply(t, s, 0, "add 2: Meet the apothecary", d)
	mustApply(t, s, 0, "start", d)
	return s, d
}

func TestPerform_OnlyAfterAllItsPrecursors(t *testing.T) {
	s, d := story(t)
	refused(t, s, 0, "perform 1", "perform scene 2, 3 first")
	refused(t, s, 0, "perform 2", "perform scene 4 first")
	mustApply(t, s, 0, "perform 4", d)
	refused(t, s, 1, "perform 3", "scene 4 is being performed")
	mustApply(t, s, 1, "roll", d)
	refused(t, s, 1, "perform 3", "scene 4 is being performed")
	mustApply(t, s, 1, "narrate: She sold us the draught.", d)
	refused(t, s, 0, "perform 4", "already performed")
	refused(t, s, 0, "perform 1", "perform scene 2, 3 first")
	mustApply(t, s, 0, "perform 2", d)
}

func TestPair_EachAspectInAtMostOnePairPerCheck(t *testing.T) {
	s, d := story(t)
	mustApply(t, s, 0, "perform 4", d)
	mustApply(t, s, 0, "object the apothecary: greedy; nervous", d)
	mustApply(t, s, 1, "pair 1.1 with 1.1", d)
	refused(t, s, 2, "pair 1.1 with 1.2", `Wren's "hedge witch" is already in pair 1`)
	refused(t, s, 2, "pair 2.1 with 1.1", `the apothecary's "greedy" is already in pair 1`)
	mustApply(t, s, 2, "pair 2.1 with 1.2", d)
	refused(t, s, 2, "pair 3.1 with 1.3", "the apothecary has no aspect 3")
	refused(t, s, 2, "pair 3.6 with 1.2", "Ilse has no aspect 6")
	mustApply(t, s, 0, "strike 1", d)
	mustApply(t, s, 0, "pair 1.1 with 1.1", d) // free again once struck
	if len(s.scene(4).Pairs) != 2 {
		t.Errorf("pairs %+v", s.scene(4).Pairs)
	}
}

// performed marks a scene performed with the given outcome, as if rolled
// and narrated.
func performed(s *State, id int, success bool) {
	sc := s.scene(id)
	sc.Status, sc.Success = Performed, success
	s.played++
	sc.Order = s.played
}

func TestRoll_PoolIsPairsPlusRewardDiceForSuccessfulPrecursorsOnly(t *testing.T) {
	for _, tt := range []struct {
		name        string
		ok2, ok3    bool
		pairs, want int
	}{
		{"both precursors succeeded", true, true, 2, 4},
		{"one succeeded", true, false, 2, 3},
		{"the other succeeded", false, true, 1, 2},
		{"none succeeded", false, false, 3, 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := story(t)
			performed(s, 4, true) // a precursor of 2, not of 1: never a reward die for 1
			performed(s, 2, tt.ok2)
			performed(s, 3, tt.ok3)
			d := dice.NewStream(dice.Seed{7, byte(tt.pairs)})
			mustApply(t, s, 0, "perform 1", d)
			mustApply(t, s, 0, "object the dragon: asleep; hungry; old", d)
			for i := 1; i <= tt.pairs; i++ {
				mustApply(t, s, 1, fmt.Sprintf("pair %d.1 with 1.%d", i, i), d)
			}
			if c := s.View(0).(*View).Check; c == nil || c.Pool != tt.want {
				t.Fatalf("view before the roll: %+v, want a pool of %d", c, tt.want)
			}
			mustApply(t, s, 2, "roll", d)
			sc := s.scene(1)
			if sc.Pool != tt.want {
				t.Errorf("pool %d, want %d", sc.Pool, tt.want)
			}
			// The same seed rolls the same pool through the dice package.
			again := dice.NewStream(dice.Seed{7, byte(tt.pairs)})
			res, err := mustParse(PoolNotation(tt.want)).Roll(again)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Dice) != len(sc.Dice) || res.Total != sc.Hits || sc.Success != (res.Total >= 4) {
				t.Errorf("rolled %v = %d hits, want %s", sc.Dice, sc.Hits, res)
			}
			for i, die := range res.Dice {
				if sc.Dice[i] != die.Face {
					t.Errorf("die %d shows %d, want %d", i, sc.Dice[i], die.Face)
				}
			}
		})
	}
}

func TestRoll_ZeroPoolFailsWithoutDice(t *testing.T) {
	s, d := story(t)
	mustApply(t, s, 0, "perform 4", d)
	mustApply(t, s, 0, "object the apothecary: greedy", d)
	before := d.Len()
	evs := mustApply(t, s, 0, "roll", d)
	sc := s.scene(4)
	if d.Len() != before || sc.Success || sc.Pool != 0 || len(sc.Dice) != 0 {
		t.Errorf("a pool of 0 drew %d dice, success %v", d.Len()-before, sc.Success)
	}
	if !strings.Contains(evs[0].Text, "a pool of 0 dice fails without a roll") {
		t.Errorf("event %q", evs[0].Text)
	}
	// Its parent gets no reward die from it: 2 also has a pool of 0.
	mustApply(t, s, 0, "narrate: Nothing went right.", d)
	mustApply(t, s, 0, "perform 2", d)
	mustApply(t, s, 0, "roll", d)
	if s.scene(2).Pool != 0 || s.scene(2).Success {
		t.Errorf("scene 2 after a failed precursor: pool %d", s.scene(2).Pool)
	}
}

func TestCheckChance_EqualsTabletopOdds(t *testing.T) {
	for pool := 1; pool <= 12; pool++ {
		dist, err := mustParse(fmt.Sprintf("%dd6!>=4", pool)).Dist()
		if err != nil {
			t.Fatal(err)
		}
		for diff := 1; diff <= 4; diff++ {
			c, err := CheckChance(pool, diff)
			if err != nil {
				t.Fatal(err)
			}
			// tabletop odds prints Dist.AtLeast as P(>=).
			if c.P != dist.AtLeast(diff) || c.Truncated != dist.Truncated() || c.Depth != dist.ExplodeDepth() {
				t.Errorf("CheckChance(%d, %d) = %+v, tabletop odds says %v (left out %g, depth %d)", pool, diff, c, dist.AtLeast(diff), dist.Truncated(), dist.ExplodeDepth())
			}
		}
	}
	// By hand: one die hits on 4-6 (1/2); two hits need a 6 and then a hit
	// (1/6 * 1/2).
	for _, tt := range []struct {
		pool, diff int
		want       float64
	}{{1, 1, 1.0 / 2}, {1, 2, 1.0 / 12}, {2, 1, 3.0 / 4}} {
		c, _ := CheckChance(tt.pool, tt.diff)
		if math.Abs(c.P-tt.want) > 1e-12 {
			t.Errorf("CheckChance(%d, %d) = %v, want %v", tt.pool, tt.diff, c.P, tt.want)
		}
	}
	if c, _ := CheckChance(0, 1); c.P != 0 {
		t.Errorf("a pool of 0: %v, want 0", c.P)
	}
}

func TestView_ShowsTheCheckChanceOfThePoolAsItStands(t *testing.T) {
	s, d := story(t)
	mustApply(t, s, 0, "perform 4", d)
	mustApply(t, s, 0, "object the apothecary: greedy; nervous; old", d)
	for pairs := 0; pairs <= 3; pairs++ {
		if pairs > 0 {
			mustApply(t, s, 1, fmt.Sprintf("pair %d.1 with 1.%d", pairs, pairs), d)
		}
		v := s.View(2).(*View)
		want, _ := CheckChance(pairs, 2)
		if v.Check == nil || *v.Check != want {
			t.Errorf("%d pairs: view shows %+v, want %+v", pairs, v.Check, want)
		}
		// The designer's odds of the scene count the pairs it has.
		if sc := v.scene(4); sc.Odds != want.P {
			t.Errorf("%d pairs: the outline shows scene 4 at %v, want %v", pairs, sc.Odds, want.P)
		}
	}
}

func TestNarrate_TheFinaleDecidesTheProphecy(t *testing.T) {
	s, d := story(t)
	for _, id := range []int{4, 2, 3} {
		performed(s, id, true)
	}
	mustApply(t, s, 0, "perform 1", d)
	refused(t, s, 0, "narrate: too soon", "once its check is rolled")
	mustApply(t, s, 0, "roll", d) // three reward dice
	refused(t, s, 0, "narrate:   ", "narration is empty")
	mustApply(t, s, 0, "narrate: The dragon slept on.\nAnd on.", d)
	out, over := s.Outcome()
	if !over {
		t.Fatal("the game is not over after the Finale")
	}
	if s.scene(1).Success != (len(out.Winners) == 3) || (out.Text == "The prophecy is averted") != s.scene(1).Success {
		t.Errorf("finale success %v, outcome %+v", s.scene(1).Success, out)
	}
	if _, err := s.Apply(0, Roll{}, d); !errors.Is(err, engine.ErrGameOver) {
		t.Errorf("an action after the end: %v", err)
	}
}

func TestSeats_ThreeToSixPlayersOrFewerForPractice(t *testing.T) {
	seats := func(n int) []engine.SeatInfo { return make([]engine.SeatInfo, n) }
	for _, tt := range []struct {
		name     string
		n        int
		practice bool
		want     string // "" = accepted
	}{
		{"three", 3, false, ""},
		{"six", 6, false, ""},
		{"two", 2, false, "the practice option allows fewer"},
		{"one, practising", 1, true, ""},
		{"two, practising", 2, true, ""},
		{"seven", 7, false, "3 to 6 players, got 7"},
		{"seven, practising", 7, true, "1 to 6 players, got 7"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := New(Options{Practice: tt.practice}, seats(tt.n))
			if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
				t.Errorf("New(%d seats, practice %v) = %v, want %q", tt.n, tt.practice, err, tt.want)
			}
		})
	}
	// People only, but for practice: a bot at a seat would act at every
	// turn with placeholder texts.
	bot := seats(3)
	bot[1].Bot = "random"
	if _, err := New(Options{}, bot); err == nil || !strings.Contains(err.Error(), "seat 2: a story is told by people, not by a bot") {
		t.Errorf("a bot at seat 2: %v", err)
	}
	if _, err := New(Options{Practice: true}, bot); err != nil {
		t.Errorf("a bot at a practice table: %v", err)
	}
	// Through the table and its options.
	if _, err := engine.NewTable(Game, nil, seats(2), dice.Seed{}); err == nil {
		t.Errorf("a table of two without practice was set up")
	}
	if _, err := engine.NewTable(Game, engine.Options{"practice": "true"}, seats(2), dice.Seed{}); err != nil {
		t.Errorf("a practice table of two: %v", err)
	}
}

func TestTimer_OffByDefaultAndShownInTheView(t *testing.T) {
	tab, err := engine.NewTable(Game, nil, make([]engine.SeatInfo, 3), dice.Seed{})
	if err != nil {
		t.Fatal(err)
	}
	if v := tab.State().View(0).(*View); v.Timer != 0 {
		t.Errorf("default timer %d, want 0 (off)", v.Timer)
	}
	tab, err = engine.NewTable(Game, engine.Options{"timer": "8"}, make([]engine.SeatInfo, 3), dice.Seed{})
	if err != nil {
		t.Fatal(err)
	}
	if v := tab.State().View(0).(*View); v.Timer != 8 {
		t.Errorf("timer %d, want 8", v.Timer)
	}
}

func TestApply_AnyPlayerMayActAndEveryActionIsJournaled(t *testing.T) {
	s, d := story(t)
	n := len(s.journal)
	mustApply(t, s, 2, "perform 4", d)
	mustApply(t, s, 1, "object the apothecary: greedy", d)
	mustApply(t, s, 0, "pair 3.1 with 1.1", d)
	mustApply(t, s, 2, "roll", d)
	got := s.journal[n:]
	for i, want := range []string{"Cy", "Bo", "Ann", "Cy"} {
		if got[i].Who != want {
			t.Errorf("journal entry %d by %q, want %q", n+i+1, got[i].Who, want)
		}
	}
	if p := s.scene(4).Pairs[0]; p.By != 0 {
		t.Errorf("pair proposed by seat %d, want 0", p.By)
	}
}

func TestLegal_NeverASingleActionATableWouldPlayUnasked(t *testing.T) {
	s, d := story(t)
	for len(s.chars[0].Aspects) < maxAspects {
		mustApply(t, s, 0, "aspect 1: another", d)
	}
	mustApply(t, s, 0, "perform 4", d)
	mustApply(t, s, 0, "roll", d)
	// Rolled, with a full character: narrate, and the expectation.
	if legal := s.Legal(0); len(legal) < 2 {
		t.Errorf("Legal = %v: a table would narrate for the player", legal)
	}
	if _, only := engine.Only(s, 0); only {
		t.Errorf("engine.Only found a single action")
	}
}
