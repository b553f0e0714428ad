package tmd

import (
	"slices"
	"strings"
	"testing"
)

// untilTurn ends side turns until it is side's turn in round.
func untilTurn(tb testing.TB, s *State, round int, side Side) {
	tb.Helper()
	for range 40 {
		if b := s.Battle; b == nil || b.Round > round || (b.Round == round && b.Side == side) {
			break
		}
		endSide(tb, s)
	}
	if b := s.Battle; b == nil || b.Round != round || b.Side != side {
		tb.Fatalf("never came to the %s' turn in round %d", side, round)
	}
}

// gastly is a level-6 Gastly that knows Pain Split, Destiny Bond and Lick.
var gastly = AddFoe{Species: "Gastly", Level: 6, Moves: []string{"Pain Split", "Destiny Bond", "Lick"}}

func TestPainSplit_StoresTheDamageTakenAndDealsItToAnOpponentInTheFourthRound(t *testing.T) {
	s := mustBattle(t, Foes, nil, gastly)
	g := bf(t, s, "Gastly")
	mustApply(t, s, gmSeat, Override{Who: "Gastly", Field: "ap", Value: 8, Reason: "AP left after the split"}, nil)
	mustApply(t, s, gmSeat, UseMove{Actor: "Gastly", Move: "Pain Split"}, nil)
	if !g.has(CondPainSplit) {
		t.Fatalf("Gastly used Pain Split and has no pain split")
	}
	untilTurn(t, s, 1, Allies)
	before := g.Body.HP
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Gastly"}}, streamWith(t, []int{20}, []int{15}))
	lost := before - g.Body.HP
	if lost == 0 || g.cond(CondPainSplit).HP != lost {
		t.Fatalf("Gastly lost %d HP and its pain split stored %d", lost, g.cond(CondPainSplit).HP)
	}
	untilTurn(t, s, 2, Foes)
	mustRefuse(t, s, gmSeat, UseMove{Actor: "Gastly", Move: "Pain Split", Targets: []string{"Ann"}}, "fourth round")
	untilTurn(t, s, 4, Foes)
	ann := bf(t, s, "Ann")
	hp := ann.Body.HP
	mustApply(t, s, gmSeat, UseMove{Actor: "Gastly", Move: "Pain Split", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{15}))
	if got := hp - ann.Body.HP; got != lost {
		t.Errorf("Gastly's pain split took %d HP from Ann, want the %d it stored", got, lost)
	}
	if g.Turn.Done || g.has(CondPainSplit) {
		t.Errorf("Gastly's pain split is still on after it dealt the damage (its turn over: %v)", g.Turn.Done)
	}
}

func TestPainSplit_UnusedInTheFourthRoundTheStoredDamageIsLost(t *testing.T) {
	s := mustBattle(t, Foes, nil, gastly)
	g := bf(t, s, "Gastly")
	mustApply(t, s, gmSeat, UseMove{Actor: "Gastly", Move: "Pain Split"}, nil)
	untilTurn(t, s, 5, Foes)
	if g.has(CondPainSplit) {
		t.Errorf("Gastly still has its pain split after four rounds: %+v", g.Minor)
	}
	mustRefuse(t, s, gmSeat, UseMove{Actor: "Gastly", Move: "Pain Split", Targets: []string{"Ann"}}, "used on Gastly only")
}

func TestPainSplit_AHiddenFoesStoredDamageIsTheGMs(t *testing.T) {
	foe := gastly
	foe.Hidden = true
	s := mustBattle(t, Foes, nil, foe)
	mustApply(t, s, gmSeat, UseMove{Actor: "Gastly", Move: "Pain Split"}, nil)
	untilTurn(t, s, 1, Allies)
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Gastly"}}, streamWith(t, []int{20}, []int{15}))
	for _, f := range s.View(annSeat).(*View).Battle.Fighters {
		for _, m := range f.Minor {
			if f.Name == "Gastly" && m.HP != 0 {
				t.Errorf("Ann sees the damage the hidden Gastly stored: %d", m.HP)
			}
		}
	}
}

func TestDestinyBond_BindsTheUserAndItsTargetOnElevenOrMore(t *testing.T) {
	s := mustBattle(t, Foes, nil, gastly)
	mustApply(t, s, gmSeat, UseMove{Actor: "Gastly", Move: "Destiny Bond", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{10}))
	if bf(t, s, "Ann").has(CondBound) || bf(t, s, "Gastly").has(CondBound) {
		t.Fatalf("Destiny Bond bound on a 10; it lands on 11 or more")
	}
	s = mustBattle(t, Foes, nil, gastly)
	mustApply(t, s, gmSeat, UseMove{Actor: "Gastly", Move: "Destiny Bond", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{11}))
	if !bf(t, s, "Ann").has(CondBound) || !bf(t, s, "Gastly").has(CondBound) {
		t.Fatalf("Destiny Bond on an 11 did not bind both Gastly and Ann")
	}
	untilTurn(t, s, 1, Allies)
	g := bf(t, s, "Gastly")
	hp := g.Body.HP
	ann := bf(t, s, "Ann")
	annHP := ann.Body.HP
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Gastly"}}, streamWith(t, []int{20}, []int{15}))
	if lost := hp - g.Body.HP; lost == 0 || annHP-ann.Body.HP != lost {
		t.Errorf("Ann's Thunder Shock took %d from Gastly, and %d from Ann, bound to it; want the same", lost, annHP-ann.Body.HP)
	}
}

func TestDestinyBond_EachUseInARowHalvesTheFacesItLandsOn(t *testing.T) {
	d := mustData(t)
	m, err := d.MoveNamed("Destiny Bond")
	if err != nil {
		t.Fatal(err)
	}
	f := &Fighter{Name: "Gastly"}
	for i, want := range []int{11, 16, 19, 20, 20} {
		if got := (&Battle{}).asUsed(f, m).Hit; got != want {
			t.Errorf("use %d in a row: Destiny Bond lands on %d+, want %d+", i+1, got, want)
		}
		if f.Last == m.Name {
			f.Streak++
		} else {
			f.Last, f.Streak = m.Name, 1
		}
	}
	f.Last, f.Streak = "Lick", 1
	if got := (&Battle{}).asUsed(f, m).Hit; got != 11 {
		t.Errorf("after another move Destiny Bond lands on %d+, want 11+ again", got)
	}
	s := mustBattle(t, Foes, nil, gastly)
	mustApply(t, s, gmSeat, UseMove{Actor: "Gastly", Move: "Destiny Bond", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{10}))
	untilTurn(t, s, 2, Foes)
	evs := mustApply(t, s, gmSeat, UseMove{Actor: "Gastly", Move: "Destiny Bond", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{15}))
	if bf(t, s, "Ann").has(CondBound) || !strings.Contains(texts(evs, annSeat), "miss") {
		t.Errorf("a second Destiny Bond in a row landed on a 15 (it needs 16+):\n%s", texts(evs, annSeat))
	}
}

func TestRaisedAndSkyHigh_TerrainDoesNotReachThem(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	ann, bo, cy := bf(t, s, "Ann"), bf(t, s, "Bo"), bf(t, s, "Cy")
	applyCond(t, s, "Ann", CondRaised)
	applyCond(t, s, "Cy", CondSkyHigh)
	mustApply(t, s, gmSeat, SetTerrain{Terrain: TerrainGrassy, Reason: "a meadow"}, nil)
	for _, f := range []*Fighter{ann, bo, cy} {
		f.Body.HP = f.Body.MaxHP - 5
	}
	endRound(t, s)
	if ann.Body.HP != ann.Body.MaxHP-5 || cy.Body.HP != cy.Body.MaxHP-5 {
		t.Errorf("Grassy Terrain healed raised Ann (%d/%d) or sky-high Cy (%d/%d)", ann.Body.HP, ann.Body.MaxHP, cy.Body.HP, cy.Body.MaxHP)
	}
	if bo.Body.HP != bo.Body.MaxHP-3 {
		t.Errorf("Grassy Terrain healed Bo, on the ground, to %d/%d; want 2 back", bo.Body.HP, bo.Body.MaxHP)
	}
	mustApply(t, s, gmSeat, SetTerrain{Terrain: TerrainElectric, Reason: "a storm"}, nil)
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Bo", Condition: CondSleep, Reason: "x"}, "Electric Terrain")
	applyCond(t, s, "Ann", CondSleep)
	d := mustData(t)
	shock, _ := d.MoveNamed("Thunder Shock")
	if got := s.Battle.stabShift(ann, shock); got != 0 {
		t.Errorf("Electric Terrain doubles raised Ann's STAB (%+d)", got)
	}
	mustApply(t, s, gmSeat, SetTerrain{Terrain: TerrainMisty, Reason: "a mist"}, nil)
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Bo", Condition: CondBurn, Reason: "x"}, "Misty Terrain")
	applyCond(t, s, "Cy", CondBurn)
}

func TestGrounded_BringsARaisedFighterBackToHazardsAndTerrain(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	ann := bf(t, s, "Ann")
	applyCond(t, s, "Ann", CondRaised)
	applyCond(t, s, "Ann", CondGrounded)
	mustApply(t, s, gmSeat, SetTerrain{Terrain: TerrainElectric, Reason: "a storm"}, nil)
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Ann", Condition: CondSleep, Reason: "x"}, "Electric Terrain")
	s.Battle.Hazards = []Hazard{{Side: Allies, Kind: HazardSpikes, Layers: 3}}
	hp := ann.Body.HP
	mustApply(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, streamWith(t, []int{20, 20}, []int{1, 1}))
	if ann.Body.HP == hp {
		t.Errorf("spikes springing on a 1 did not hurt Ann, raised but grounded")
	}
}

func TestTripTrap_TheWornAndHeldItemsDropUntilTheBattleEnds(t *testing.T) {
	s := mustTeam(t, func(i int, sh *Sheet) {
		if i == 0 {
			sh.Worn, sh.Equipped = "Leek", "Channeling Staff"
		}
	})
	mustApply(t, s, gmSeat, geodude, nil)
	mustApply(t, s, gmSeat, StartBattle{First: Allies}, nil)
	mustApply(t, s, gmSeat, SetTrap{Trap: "trip trap", At: 20, Reason: "a test"}, nil)
	mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, nil)
	ann := s.memberNamed("Ann")
	if ann.Sheet.Worn != "" || ann.Sheet.Equipped != "" {
		t.Fatalf("the trip trap sprang on Ann and she still wears %q and holds %q", ann.Sheet.Worn, ann.Sheet.Equipped)
	}
	mustApply(t, s, gmSeat, EndBattle{Reason: "a test"}, nil)
	if ann.Sheet.Worn != "Leek" || ann.Sheet.Equipped != "Channeling Staff" {
		t.Errorf("after the battle Ann wears %q and holds %q; want her Leek and Channeling Staff back", ann.Sheet.Worn, ann.Sheet.Equipped)
	}
}

func TestShinyTile_ANiceItemPickedWithADieGoesIntoTheBag(t *testing.T) {
	for face, item := range ShinyItems {
		s := trapBattle(t, "shiny tile", 1)
		mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, streamWith(t, []int{20, 6}, []int{0, face + 1}))
		if inv := s.memberNamed("Ann").Sheet.Inventory; !slices.Contains(inv, item) {
			t.Errorf("shiny tile with a d6 of %d: Ann's bag holds %v, want a %s", face+1, inv, item)
		}
	}
}

func TestAppleTrap_SixTrueDamageAndABigApple(t *testing.T) {
	s := trapBattle(t, "apple trap", 1)
	mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, nil)
	if ann := bf(t, s, "Ann"); ann.Body.HP != 93 || !slices.Contains(s.memberNamed("Ann").Sheet.Inventory, "Big Apple") {
		t.Errorf("apple trap: Ann at %d/99 HP with %v in her bag; want 93 and a Big Apple", ann.Body.HP, s.memberNamed("Ann").Sheet.Inventory)
	}
}

func TestTrapGifts_AFullBagLeavesTheItemOnTheFloor(t *testing.T) {
	s := trapBattle(t, "apple trap", 1)
	m := s.memberNamed("Ann")
	der, err := m.Sheet.Derive(mustData(t))
	if err != nil {
		t.Fatal(err)
	}
	m.Sheet.Inventory = nil
	for range der.Inventory {
		m.Sheet.Inventory = append(m.Sheet.Inventory, "Oran Berry")
	}
	evs := mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, nil)
	if len(m.Sheet.Inventory) != der.Inventory || !strings.Contains(texts(evs, annSeat), "bag is full") {
		t.Errorf("a full bag of %d got the Big Apple (%d items now):\n%s", der.Inventory, len(m.Sheet.Inventory), texts(evs, annSeat))
	}
}
