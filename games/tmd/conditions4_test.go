package tmd

import (
	"strings"
	"testing"
)

func TestMovesGiveTheConditionsOfTheGroupsList(t *testing.T) {
	for _, c := range []struct {
		species, move, target string
		who, cond             string
	}{
		{"Shellder", "Clamp", "Ann", "Ann", CondStuck},
		{"Krabby", "Whirlpool", "Ann", "Ann", CondStuck},
		{"Kleavor", "Stone Axe", "Ann", "Ann", CondSplintered},
		{"Ekans", "Wrap", "Ann", "Ann", CondWrapped},
		{"Ekans", "Wrap", "Ann", "Ekans", CondWrapping},
		{"Snorlax", "Pursuit", "Ann", "Ann", CondPursued},
		{"Jirachi", "Psychic Noise", "Ann", "Ann", CondHealBlock},
		{"Snorlax", "Hyper Beam", "Ann", "Snorlax", CondRecharging},
		{"Snorlax", "Uproar", "Ann", "Snorlax", CondInsomnia},
		{"Gastly", "Embargo", "Ann", "Ann", CondEmbargo},
		{"Gastly", "Nightmare", "Ann", "Ann", CondNightmare},
		{"Gastly", "Mean Look", "Ann", "Ann", CondImmobile},
		{"Vivillon", "Powder", "Ann", "Ann", CondPowdered},
		{"Magnemite", "Magnet Rise", "", "Magnemite", CondRaised},
		{"Eevee", "Wish", "", "Eevee", CondWishing},
		{"Snorlax", "Encore", "Ann", "Ann", CondEncore},
		{"Gastly", "Disable", "Ann", "Ann", CondDisabled},
	} {
		s := mustBattle(t, Allies, nil, AddFoe{Species: c.species, Level: 6, Moves: []string{c.move}})
		bf(t, s, "Ann").Last = "Thunder Shock" // for Encore and Disable
		bf(t, s, c.species).Body.AP = 8        // for Hyper Beam
		untilTurn(t, s, 1, Foes)
		a := UseMove{Actor: c.species, Move: c.move}
		if c.target != "" {
			a.Targets = []string{c.target}
		}
		evs := mustApply(t, s, gmSeat, a, streamWith(t, []int{20}, []int{19}))
		if !bf(t, s, c.who).has(c.cond) {
			t.Errorf("%s's %s: %s is not %s\n%s", c.species, c.move, c.who, c.cond, texts(evs, gmSeat))
		}
		if (c.cond == CondPursued || c.cond == CondEmbargo) && !bf(t, s, c.who).aimedAt(c.cond, bf(t, s, c.species)) {
			t.Errorf("%s's %s: %s's %s does not come from %s", c.species, c.move, c.who, c.cond, c.species)
		}
	}
}

func TestRecharging_AfterHyperBeamTheUserSitsOutItsNextTurn(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Snorlax", Level: 6, Moves: []string{"Hyper Beam", "Tackle"}})
	mustApply(t, s, gmSeat, UseMove{Actor: "Snorlax", Move: "Hyper Beam", Targets: []string{"Ann"}}, nil)
	evs := endSide(t, s) // the allies' turn ends; the foes' turn of round 2 has nobody who can act
	if !strings.Contains(texts(evs, gmSeat), "Snorlax cannot act: it is recharging") || s.Battle.Round != 2 || s.Battle.Side != Allies {
		t.Fatalf("Snorlax is not held back by recharging in round 2:\n%s", texts(evs, gmSeat))
	}
	untilTurn(t, s, 3, Foes)
	mustApply(t, s, gmSeat, UseMove{Actor: "Snorlax", Move: "Tackle", Targets: []string{"Ann"}}, nil)
}

func TestUnremitted_FutureSightStrikesTwoRoundsLaterWithTheDamageOfItsHit(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Absol", Level: 6, Moves: []string{"Future Sight"}})
	ann := bf(t, s, "Ann")
	hp := ann.Body.HP
	mustApply(t, s, gmSeat, UseMove{Actor: "Absol", Move: "Future Sight", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{15}))
	held := ann.cond(CondUnremitted)
	if ann.Body.HP != hp || held == nil || held.HP == 0 {
		t.Fatalf("Future Sight hit Ann at once (%d → %d HP) or held nothing back: %+v", hp, ann.Body.HP, held)
	}
	n := held.HP
	untilTurn(t, s, 2, Allies)
	if ann.Body.HP != hp {
		t.Fatalf("the held-back blow struck Ann after one round")
	}
	untilTurn(t, s, 3, Foes)
	if got := hp - ann.Body.HP; got != n {
		t.Errorf("after two rounds Ann lost %d HP, want the %d held back", got, n)
	}
}

func TestCurse_AGhostCursesAnOpponentForHalfItsHPAnyOtherRaisesItsStats(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Gastly", Level: 6, Moves: []string{"Curse"}})
	g := bf(t, s, "Gastly")
	hp := g.Body.HP
	mustApply(t, s, gmSeat, UseMove{Actor: "Gastly", Move: "Curse", Targets: []string{"Ann"}}, nil)
	if !bf(t, s, "Ann").has(CondCursed) || hp-g.Body.HP != g.Body.MaxHP/2 {
		t.Errorf("Gastly's Curse: Ann cursed %v, Gastly lost %d of %d HP; want cursed and half", bf(t, s, "Ann").has(CondCursed), hp-g.Body.HP, g.Body.MaxHP)
	}
	s = mustBattle(t, Foes, nil, AddFoe{Species: "Geodude", Level: 6, Moves: []string{"Curse"}})
	mustRefuse(t, s, gmSeat, UseMove{Actor: "Geodude", Move: "Curse", Targets: []string{"Ann"}}, "not on Ann")
	mustApply(t, s, gmSeat, UseMove{Actor: "Geodude", Move: "Curse"}, nil)
	geo := bf(t, s, "Geodude")
	if geo.stage("atk") != 1 || geo.stage("def") != 1 || geo.stage("spe") != -1 || bf(t, s, "Ann").has(CondCursed) {
		t.Errorf("Geodude's Curse: stages %v, Ann cursed %v; want +1 Attack and Defense, -1 Speed, no curse", geo.Stages, bf(t, s, "Ann").has(CondCursed))
	}
}

func TestCursed_EndsWhenTheAfflictedKnocksOutAnOpponent(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude, AddFoe{Species: "Geodude", Level: 6, Name: "Rocky", Moves: []string{"Tackle"}})
	applyCond(t, s, "Cy", CondCursed)
	bf(t, s, "Geodude").Body.HP = 1
	mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if !bf(t, s, "Geodude").Fainted || bf(t, s, "Cy").has(CondCursed) {
		t.Errorf("Cy knocked out Geodude (%v) and is still cursed (%v)", bf(t, s, "Geodude").Fainted, bf(t, s, "Cy").has(CondCursed))
	}
}

func TestEmbargo_EndsWhenItsUserFaints(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Gastly", Level: 6, Moves: []string{"Embargo"}}, geodude)
	mustApply(t, s, gmSeat, UseMove{Actor: "Gastly", Move: "Embargo", Targets: []string{"Ann"}}, nil)
	if !bf(t, s, "Ann").has(CondEmbargo) {
		t.Fatalf("Gastly's Embargo did not land on Ann")
	}
	mustApply(t, s, gmSeat, Override{Who: "Gastly", Field: "hp", Value: 0, Reason: "a falling rock"}, nil)
	if bf(t, s, "Ann").has(CondEmbargo) {
		t.Errorf("Gastly fainted and Ann is still under its embargo")
	}
}

func TestThawingMoves_ScaldThawsAFrozenTarget(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Krabby", Level: 6, Moves: []string{"Scald"}})
	applyCond(t, s, "Ann", CondFreeze)
	mustApply(t, s, gmSeat, UseMove{Actor: "Krabby", Move: "Scald", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{10}))
	if bf(t, s, "Ann").has(CondFreeze) {
		t.Errorf("Scald hit frozen Ann and she is still frozen")
	}
}

func TestSplintered_BurnDoTForThreeRounds(t *testing.T) {
	s := mustBattle(t, Foes, nil, geodude)
	applyCond(t, s, "Ann", CondSplintered)
	ann := bf(t, s, "Ann")
	hp := ann.Body.HP
	endRound(t, s)
	if got := hp - ann.Body.HP; got != DoT(Burn, ann.Body.MaxHP) {
		t.Errorf("splintered Ann lost %d at the end of the round, want burn's %d", got, DoT(Burn, ann.Body.MaxHP))
	}
	endRound(t, s)
	endRound(t, s)
	if ann.has(CondSplintered) {
		t.Errorf("Ann is still splintered after three rounds")
	}
}

func TestEditions_EncoreAquaRingAndHealBlockLastLessOnTheGroupsPage(t *testing.T) {
	f := &Fighter{Name: "Ann"}
	for kind, want := range map[string][2]int{CondEncore: {3, 2}, CondAquaRing: {6, 3}, CondHealBlock: {5, 3}} {
		for i, ed := range []Edition{TextRules, PageRules} {
			c := &ctx{s: &State{Rules: ed}}
			if got := c.roundsLeft(f, kind); got != want[i] {
				t.Errorf("%s under edition %d lasts %d rounds, want %d", kind, ed, got, want[i])
			}
		}
	}
}

func TestWeatherBall_TakesTheWeathersTypeAndFiveMoreBP(t *testing.T) {
	d := mustData(t)
	m, err := d.MoveNamed("Weather Ball")
	if err != nil {
		t.Fatal(err)
	}
	for weather, typ := range map[string]string{"": "Normal", WeatherSun: "Fire", WeatherRain: "Water", WeatherSand: "Rock",
		WeatherSnow: "Ice", WeatherFog: "Normal", WeatherOminous: "Typeless"} {
		bp := m.BP
		if weather != "" {
			bp += 5
		}
		got := (&Battle{Weather: weather}).asUsed(&Fighter{}, m)
		if got.Type != typ || got.BP != bp {
			t.Errorf("Weather Ball in %q is %s %d BP, want %s %d BP", weather, got.Type, got.BP, typ, bp)
		}
	}
}

func TestSolarMoves_SixLessDamageInRain(t *testing.T) {
	loss := func(weather string) int {
		s := mustBattle(t, Foes, nil, AddFoe{Species: "Bulbasaur", Level: 6, Moves: []string{"Solar Beam"}})
		if weather != "" {
			mustApply(t, s, gmSeat, SetWeather{Weather: weather, Reason: "a test"}, nil)
		}
		cy := bf(t, s, "Cy")
		cy.Body.HP, cy.Body.MaxHP = 99, 99
		mustApply(t, s, gmSeat, UseMove{Actor: "Bulbasaur", Move: "Solar Beam", Targets: []string{"Cy"}}, nil)
		untilTurn(t, s, 1, Allies)
		// Ending the allies' turn starts the foes' next, and the beam strikes with these dice.
		mustApply(t, s, gmSeat, EndTurn{}, streamWith(t, []int{20}, []int{19}))
		return 99 - cy.Body.HP
	}
	clear, rain := loss(""), loss(WeatherRain)
	if clear <= 6 || rain != clear-SolarCut {
		t.Errorf("Solar Beam on Cy took %d in clear weather and %d in rain; want 6 less in rain", clear, rain)
	}
}

func TestWeatherHealing_MoonlightAndShoreUp(t *testing.T) {
	d := mustData(t)
	for _, c := range []struct {
		move, weather string
		want          int
	}{{"Moonlight", WeatherSun, 2}, {"Morning Sun", WeatherRain, -2}, {"Synthesis", WeatherFog, -2},
		{"Moonlight", WeatherOminous, 0}, {"Shore Up", WeatherSand, 2}, {"Shore Up", WeatherSun, 0}, {"Recover", WeatherSun, 0}} {
		m, err := d.MoveNamed(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := (&Battle{Weather: c.weather}).healShift(m); got != c.want {
			t.Errorf("%s in %s heals %+d, want %+d", c.move, c.weather, got, c.want)
		}
	}
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Clefairy", Level: 6, Moves: []string{"Moonlight"}})
	mustApply(t, s, gmSeat, SetWeather{Weather: WeatherSun, Reason: "a test"}, nil)
	cl := bf(t, s, "Clefairy")
	cl.Body.HP = 1
	m, _ := d.MoveNamed("Moonlight")
	mustApply(t, s, gmSeat, UseMove{Actor: "Clefairy", Move: "Moonlight"}, nil)
	if want := min(cl.Body.MaxHP, 1+m.Heal+2); cl.Body.HP != want {
		t.Errorf("Clefairy's Moonlight in harsh sunlight healed it to %d, want %d", cl.Body.HP, want)
	}
}

func TestRain_DefusesExplosionsAndBlastTraps(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Geodude", Level: 6, Moves: []string{"Self-Destruct", "Tackle"}})
	mustApply(t, s, gmSeat, SetWeather{Weather: WeatherRain, Reason: "a test"}, nil)
	mustRefuse(t, s, gmSeat, UseMove{Actor: "Geodude", Move: "Self-Destruct", Targets: []string{"Ann"}}, "defused")
	s = trapBattle(t, "mega-blast trap", 3)
	mustApply(t, s, gmSeat, SetWeather{Weather: WeatherRain, Reason: "a test"}, nil)
	mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, nil)
	if ten, other := blasted(s); ten != 0 || other != 0 {
		t.Errorf("a mega-blast trap went off in rain: %d combatants lost 10 HP", ten)
	}
	s = mustBattle(t, Allies, nil, geodude)
	mustApply(t, s, gmSeat, SetWeather{Weather: WeatherRain, Reason: "a test"}, nil)
	applyCond(t, s, "Geodude", CondPowdered)
	mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if !bf(t, s, "Geodude").has(CondPowdered) {
		t.Errorf("powdered Geodude exploded under an Ember in rain")
	}
}

func TestSleep_OnTheGroupsPageAnAttackWakesTheSleeper(t *testing.T) {
	for _, ed := range []Edition{TextRules, PageRules} {
		s := mustTeamUnder(t, ed, nil)
		mustApply(t, s, gmSeat, geodude, nil)
		mustApply(t, s, gmSeat, StartBattle{First: Allies}, nil)
		applyCond(t, s, "Geodude", CondSleep)
		mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
		if asleep := bf(t, s, "Geodude").has(CondSleep); asleep != (ed == TextRules) {
			t.Errorf("edition %d: Geodude asleep after Water Gun hit it: %v", ed, asleep)
		}
	}
}

func TestNPCAllies_TheGMActsForThemOnTheTeamsSide(t *testing.T) {
	s := mustTeam(t, nil)
	mustRefuse(t, s, gmSeat, AddFoe{Species: "Bulbasaur", Level: 6, Moves: []string{"Vine Whip"}, Ally: true, Hidden: true}, "cannot be hidden")
	mustApply(t, s, gmSeat, AddFoe{Species: "Bulbasaur", Level: 6, Name: "Bud", Moves: []string{"Vine Whip"}, Ally: true}, nil)
	mustApply(t, s, gmSeat, geodude, nil)
	mustApply(t, s, gmSeat, StartBattle{First: Allies}, nil)
	if bud := bf(t, s, "Bud"); bud.side() != Allies || !s.Battle.canAct(bud) {
		t.Fatalf("Bud is on the %s' side and can act: %v; want the allies' and true", bud.side(), s.Battle.canAct(bud))
	}
	mustRefuse(t, s, annSeat, UseMove{Actor: "Bud", Move: "Vine Whip", Targets: []string{"Geodude"}}, "you act for Ann only")
	mustRefuse(t, s, gmSeat, UseItem{Actor: "Bud", Item: "Oran Berry"}, "carry no bags")
	legal := false
	for _, a := range s.Legal(gmSeat) {
		if u, ok := a.(UseMove); ok && u.Actor == "Bud" {
			legal = true
		}
	}
	if !legal {
		t.Errorf("the GM is offered no move for Bud on the allies' turn")
	}
	geo := bf(t, s, "Geodude")
	hp := geo.Body.HP
	mustApply(t, s, gmSeat, UseMove{Actor: "Bud", Move: "Vine Whip", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if geo.Body.HP >= hp {
		t.Errorf("Bud's Tackle did not hurt Geodude (%d → %d)", hp, geo.Body.HP)
	}
}

func TestMirroring_TheFirstSpecialHitIsStoredAndAddedToTheNextAttack(t *testing.T) {
	// basic is what Wobbuffet's Basic Attack on a 15 takes from Bo, after
	// Mirror Coat and Bo's Ember on a 15 if mirror.
	basic := func(mirror bool) (loss, ember int) {
		s := mustBattle(t, Foes, nil, AddFoe{Species: "Wobbuffet", Level: 6, Moves: []string{"Mirror Coat"}})
		w, bo := bf(t, s, "Wobbuffet"), bf(t, s, "Bo")
		w.Body.HP, w.Body.MaxHP, bo.Body.HP, bo.Body.MaxHP = 99, 99, 99, 99
		if mirror {
			mustApply(t, s, gmSeat, UseMove{Actor: "Wobbuffet", Move: "Mirror Coat"}, nil)
		}
		untilTurn(t, s, 1, Allies)
		mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Wobbuffet"}}, streamWith(t, []int{20}, []int{15}))
		ember = 99 - w.Body.HP
		untilTurn(t, s, 2, Foes)
		mustApply(t, s, gmSeat, UseMove{Actor: "Wobbuffet", Move: "Basic Attack", Targets: []string{"Bo"}}, streamWith(t, []int{20}, []int{15}))
		return 99 - bo.Body.HP, ember
	}
	plain, _ := basic(false)
	mirrored, ember := basic(true)
	if ember == 0 || mirrored != plain+ember+3 {
		t.Errorf("Wobbuffet's Basic Attack after mirroring an Ember of %d took %d (%d plain); want %d", ember, mirrored, plain, plain+ember+3)
	}
}

func TestCommanding_CannotAttack(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Ann", CondCommanding)
	mustRefuse(t, s, annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Geodude"}}, "commanding: it cannot attack")
	mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, nil)
	applyCond(t, s, "Bo", CondCommanded)
}

func TestCountering_StoresOnlyAPhysicalHit(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Wobbuffet", Level: 6, Moves: []string{"Counter"}})
	w := bf(t, s, "Wobbuffet")
	w.Body.HP, w.Body.MaxHP = 99, 99
	mustApply(t, s, gmSeat, UseMove{Actor: "Wobbuffet", Move: "Counter"}, nil)
	untilTurn(t, s, 1, Allies)
	mustApply(t, s, boSeat, UseMove{Move: "Ember", Targets: []string{"Wobbuffet"}}, streamWith(t, []int{20}, []int{15}))
	if c := w.cond(CondCountering); c == nil || c.HP != 0 || w.Body.HP == 99 {
		t.Errorf("Ember (special) hit countering Wobbuffet (%d HP): its countering is %+v, want ready with nothing stored", w.Body.HP, c)
	}
}

func TestTelekinesis_RaisesTheTargetAndMovesNeverMissIt(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Abra", Level: 6, Moves: []string{"Telekinesis"}})
	before := faceTable(t, s, "Bo", "Ann", "Ember")
	mustApply(t, s, gmSeat, UseMove{Actor: "Abra", Move: "Telekinesis", Targets: []string{"Ann"}}, nil)
	if !bf(t, s, "Ann").has(CondRaised) {
		t.Fatalf("Telekinesis did not raise Ann")
	}
	after := faceTable(t, s, "Bo", "Ann", "Ember")
	if before[1] != Miss || after[1] == Miss {
		t.Errorf("Ember at Ann on a 1: %s before Telekinesis, %s after; want a miss, then a hit", before[1], after[1])
	}
}

func TestGravity_GroundsEveryoneAndMovesAreFiveFacesMoreAccurateForFiveRounds(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Abra", Level: 6, Moves: []string{"Gravity"}})
	applyCond(t, s, "Cy", CondSkyHigh)
	lowest := func() int {
		faces := faceTable(t, s, "Bo", "Abra", "Ember")
		for f := 1; f <= 20; f++ {
			if faces[f] != Miss {
				return f
			}
		}
		return 21
	}
	mustApply(t, s, gmSeat, Override{Who: "Abra", Field: "stage-eva", Value: 4, Reason: "a test: a wider miss range"}, nil)
	plain := lowest()
	if plain <= GravityFaces+1 {
		t.Fatalf("Ember at Abra hits from %d: too low a line to see gravity's %d faces", plain, GravityFaces)
	}
	mustApply(t, s, gmSeat, UseMove{Actor: "Abra", Move: "Gravity"}, nil)
	for _, name := range []string{"Ann", "Cy", "Abra"} {
		if f := bf(t, s, name); !f.has(CondGrounded) || f.has(CondSkyHigh) {
			t.Errorf("under gravity %s is grounded %v, sky high %v", name, f.has(CondGrounded), f.has(CondSkyHigh))
		}
	}
	mustRefuse(t, s, gmSeat, SetCondition{Who: "Ann", Condition: CondSkyHigh, Reason: "x"}, "gravity")
	if got := lowest(); got != plain-GravityFaces {
		t.Errorf("under gravity Bo's Ember hits Abra from %d, want %d (from %d without)", got, plain-GravityFaces, plain)
	}
	untilTurn(t, s, 6, Foes)
	if s.Battle.Gravity != 0 || lowest() != plain {
		t.Errorf("gravity still on after five rounds: %d left", s.Battle.Gravity)
	}
	mustRefuse(t, s, gmSeat, Override{Field: "gravity", Value: -1, Reason: "x"}, "0 to 99")
	mustApply(t, s, gmSeat, Override{Field: "gravity", Value: 2, Reason: "the GM's call"}, nil)
	if lowest() != plain-GravityFaces {
		t.Errorf("the GM set gravity and moves are not more accurate")
	}
}

func TestProtect_OtherFightersMovesFailOnItUntilItsNextTurn(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Geodude", Level: 6, Moves: []string{"Protect", "Tackle"}})
	geo := bf(t, s, "Geodude")
	mustApply(t, s, gmSeat, UseMove{Actor: "Geodude", Move: "Protect"}, streamWith(t, []int{20}, []int{11}))
	if !geo.has(CondProtected) {
		t.Fatalf("Protect on an 11 did not protect Geodude")
	}
	untilTurn(t, s, 1, Allies)
	hp := geo.Body.HP
	mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if geo.Body.HP != hp {
		t.Errorf("Water Gun hurt protected Geodude: %d → %d HP", hp, geo.Body.HP)
	}
	untilTurn(t, s, 2, Foes)
	if geo.has(CondProtected) {
		t.Errorf("Geodude is still protected in its next turn")
	}
}

func TestProtect_FailsUnderElevenAndOnFewerFacesUsedInARow(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Geodude", Level: 6, Moves: []string{"Protect", "Tackle"}})
	mustApply(t, s, gmSeat, UseMove{Actor: "Geodude", Move: "Protect"}, streamWith(t, []int{20}, []int{10}))
	if bf(t, s, "Geodude").has(CondProtected) {
		t.Fatalf("Protect on a 10 protected Geodude")
	}
	untilTurn(t, s, 2, Foes)
	mustApply(t, s, gmSeat, UseMove{Actor: "Geodude", Move: "Protect"}, streamWith(t, []int{20}, []int{15}))
	if bf(t, s, "Geodude").has(CondProtected) {
		t.Errorf("a second Protect in a row landed on a 15; it needs 16+")
	}
}

func TestProtect_FeintBreaksItAndBanefulBunkerPoisonsAPhysicalAttacker(t *testing.T) {
	edit := func(i int, sh *Sheet) {
		switch i {
		case 0:
			sh.Moves = []string{"Feint", "Growl"}
		case 1:
			sh.Moves = []string{"Scratch", "Growl"}
		}
	}
	s := mustBattle(t, Foes, edit, AddFoe{Species: "Toxapex", Level: 6, Moves: []string{"Baneful Bunker"}})
	tox := bf(t, s, "Toxapex")
	mustApply(t, s, gmSeat, UseMove{Actor: "Toxapex", Move: "Baneful Bunker"}, streamWith(t, []int{20}, []int{15}))
	untilTurn(t, s, 1, Allies)
	mustApply(t, s, boSeat, UseMove{Move: "Scratch", Targets: []string{"Toxapex"}}, streamWith(t, []int{20}, []int{15}))
	if !bf(t, s, "Bo").has(CondPoison) {
		t.Errorf("Bo's Scratch on Toxapex behind its Baneful Bunker did not poison Bo")
	}
	hp := tox.Body.HP
	mustApply(t, s, annSeat, UseMove{Move: "Feint", Targets: []string{"Toxapex"}}, streamWith(t, []int{20}, []int{15}))
	if tox.has(CondProtected) || tox.Body.HP >= hp {
		t.Errorf("Ann's Feint left Toxapex protected (%v) or unhurt (%d → %d HP)", tox.has(CondProtected), hp, tox.Body.HP)
	}
}

func TestEndure_AnAttackLeavesItAtOneHP(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	applyCond(t, s, "Geodude", CondEnduring)
	geo := bf(t, s, "Geodude")
	geo.Body.HP = 1
	mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if geo.Fainted || geo.Body.HP != 1 {
		t.Errorf("enduring Geodude at 1 HP took a Water Gun: fainted %v, %d HP", geo.Fainted, geo.Body.HP)
	}
}

func TestGuards_QuickWideAndCraftyShieldCoverTheSideAgainstTheirKindOfMove(t *testing.T) {
	guard := func(move string) *State {
		sp := map[string]string{"Quick Guard": "Mienfoo", "Wide Guard": "Hitmontop", "Crafty Shield": "Klefki"}[move]
		s := mustBattle(t, Foes, nil, AddFoe{Species: sp, Level: 6, Name: "Guardian", Moves: []string{move}}, geodude)
		mustApply(t, s, gmSeat, UseMove{Actor: "Guardian", Move: move}, nil)
		if geo := bf(t, s, "Geodude"); !geo.has(map[string]string{"Quick Guard": CondQuickGuard, "Wide Guard": CondWideGuard, "Crafty Shield": CondCraftyShield}[move]) {
			t.Fatalf("%s does not cover the guardian's ally Geodude: %v", move, geo.Minor)
		}
		untilTurn(t, s, 1, Allies)
		return s
	}
	if m := mustMove(t, mustData(t), "Quick Attack"); m.APCut == 0 {
		t.Fatalf("Quick Attack is no priority move in the data")
	}
	s := guard("Crafty Shield")
	mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude"}}, streamWith(t, []int{20}, []int{15}))
	if bf(t, s, "Geodude").stage("atk") != 0 {
		t.Errorf("Growl lowered Geodude's Attack behind a crafty shield")
	}
	if why := s.Battle.guarded(bf(t, s, "Ann"), mustMove(t, mustData(t), "Quick Attack"), bf(t, s, "Geodude")); why != "" {
		t.Errorf("a crafty shield stops Quick Attack: %s", why)
	}
	s = guard("Quick Guard")
	if why := s.Battle.guarded(bf(t, s, "Ann"), mustMove(t, mustData(t), "Quick Attack"), bf(t, s, "Geodude")); why == "" {
		t.Errorf("a quick guard does not stop Quick Attack")
	}
	s = guard("Wide Guard")
	if why := s.Battle.guarded(bf(t, s, "Ann"), mustMove(t, mustData(t), "Earthquake"), bf(t, s, "Guardian")); why == "" {
		t.Errorf("a wide guard does not stop Earthquake")
	}
	if why := s.Battle.guarded(bf(t, s, "Ann"), mustMove(t, mustData(t), "Thunder Shock"), bf(t, s, "Guardian")); why != "" {
		t.Errorf("a wide guard stops Thunder Shock: %s", why)
	}
}

func TestChargedMoves_FlyTakesTheUserUpAndStrikesAtItsNextTurn(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Pidgey", Level: 6, Moves: []string{"Fly"}})
	ann, pid := bf(t, s, "Ann"), bf(t, s, "Pidgey")
	hp := ann.Body.HP
	mustApply(t, s, gmSeat, UseMove{Actor: "Pidgey", Move: "Fly", Targets: []string{"Ann"}}, nil)
	if ann.Body.HP != hp || !pid.has(CondSkyHigh) || pid.Charge == nil {
		t.Fatalf("Fly hit at once (%d → %d HP) or Pidgey is not up in the sky charging (%v, %+v)", hp, ann.Body.HP, pid.has(CondSkyHigh), pid.Charge)
	}
	untilTurn(t, s, 1, Allies)
	mustApply(t, s, gmSeat, EndTurn{}, streamWith(t, []int{20}, []int{15}))
	if ann.Body.HP >= hp || pid.has(CondSkyHigh) || pid.Charge != nil {
		t.Errorf("at Pidgey's next turn Fly did not strike Ann (%d → %d HP), or Pidgey is still up (%v)", hp, ann.Body.HP, pid.has(CondSkyHigh))
	}
}

func TestChargedMoves_SolarBeamStrikesAtOnceInSunAndFocusPunchFailsIfHit(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Bulbasaur", Level: 6, Moves: []string{"Solar Beam"}})
	mustApply(t, s, gmSeat, SetWeather{Weather: WeatherSun, Reason: "a test"}, nil)
	cy := bf(t, s, "Cy")
	hp := cy.Body.HP
	mustApply(t, s, gmSeat, UseMove{Actor: "Bulbasaur", Move: "Solar Beam", Targets: []string{"Cy"}}, streamWith(t, []int{20}, []int{15}))
	if cy.Body.HP >= hp {
		t.Errorf("Solar Beam in harsh sunlight did not strike Cy at once")
	}
	s = mustBattle(t, Foes, nil, AddFoe{Species: "Machop", Level: 6, Moves: []string{"Focus Punch"}})
	mustApply(t, s, gmSeat, UseMove{Actor: "Machop", Move: "Focus Punch", Targets: []string{"Ann"}}, nil)
	untilTurn(t, s, 1, Allies)
	mustApply(t, s, cySeat, UseMove{Move: "Water Gun", Targets: []string{"Machop"}}, streamWith(t, []int{20}, []int{15}))
	ann := bf(t, s, "Ann")
	hp = ann.Body.HP
	evs := mustApply(t, s, gmSeat, EndTurn{}, streamWith(t, []int{20}, []int{15}))
	if ann.Body.HP != hp || !strings.Contains(texts(evs, annSeat), "loses its focus") {
		t.Errorf("Machop was hit and its Focus Punch still struck Ann (%d → %d HP):\n%s", hp, ann.Body.HP, texts(evs, annSeat))
	}
}

func TestStageMoves_TheGroupsListRuns(t *testing.T) {
	for _, c := range []struct {
		move string
		want map[string]int
	}{
		{"Shell Smash", map[string]int{"atk": 2, "spa": 2, "spe": 2, "def": -1, "spd": -1}},
		{"Cotton Guard", map[string]int{"def": 3}},
		{"Tickle", map[string]int{"atk": -1, "def": -1}},
		{"Work Up", map[string]int{"atk": 1, "spa": 1}}, // the list's "Special Defense" is a slip for the mainline Special Attack
	} {
		got := statusEffects[c.move].boosts
		if len(got) != len(c.want) {
			t.Errorf("%s changes %v, want %v", c.move, got, c.want)
			continue
		}
		for k, v := range c.want {
			if got[k] != v {
				t.Errorf("%s changes %v, want %v", c.move, got, c.want)
			}
		}
	}
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Pikachu", Level: 6, Name: "Pika", Moves: []string{"Tickle"}})
	mustApply(t, s, gmSeat, UseMove{Actor: "Pika", Move: "Tickle", Targets: []string{"Bo"}}, streamWith(t, []int{20}, []int{15}))
	if bo := bf(t, s, "Bo"); bo.stage("atk") != -1 || bo.stage("def") != -1 {
		t.Errorf("Tickle on Bo: stages %v, want Attack and Defense -1", bo.Stages)
	}
}

func TestExtraTargets_GrowlReachesMoreOpponentsForTwoAPEach(t *testing.T) {
	s := mustBattle(t, Foes, nil, geodude, AddFoe{Species: "Geodude", Level: 6, Name: "Rocky", Moves: []string{"Tackle"}},
		AddFoe{Species: "Geodude", Level: 6, Name: "Pebble", Moves: []string{"Tackle"}})
	mustApply(t, s, gmSeat, Override{Who: "Ann", Field: "ap", Value: 8, Reason: "a test"}, nil)
	untilTurn(t, s, 1, Allies)
	mustRefuse(t, s, boSeat, UseMove{Move: "Growl", Targets: []string{"Geodude", "Rocky"}}, "costs 6 AP")
	mustApply(t, s, annSeat, UseMove{Move: "Growl", Targets: []string{"Geodude", "Rocky", "Pebble"}}, nil)
	ann := bf(t, s, "Ann")
	if ann.Turn.AP != 0 {
		t.Errorf("Growl on three foes left Ann %d of 8 AP; want 0 (4, and 2 for each more)", ann.Turn.AP)
	}
}

func TestVenomDrench_LowersOnlyAPoisonedTargetsStats(t *testing.T) {
	s := mustBattle(t, Allies, nil, AddFoe{Species: "Skrelp", Level: 6, Moves: []string{"Venom Drench"}})
	mustApply(t, s, gmSeat, Override{Who: "Skrelp", Field: "ap", Value: 6, Reason: "two targets"}, nil)
	applyCond(t, s, "Bo", CondPoison)
	untilTurn(t, s, 1, Foes)
	mustApply(t, s, gmSeat, UseMove{Actor: "Skrelp", Move: "Venom Drench", Targets: []string{"Ann", "Bo"}}, streamWith(t, []int{20, 20}, []int{15, 15}))
	if ann, bo := bf(t, s, "Ann"), bf(t, s, "Bo"); len(ann.Stages) != 0 || bo.stage("atk") != -1 || bo.stage("spe") != -1 {
		t.Errorf("Venom Drench: Ann (not poisoned) %v, Bo (poisoned) %v; want Ann untouched, Bo's Attack, Special Attack and Speed -1", ann.Stages, bo.Stages)
	}
}

func TestNextRoundStages_ScaryFaceSlowsTheTargetWhenTheNextRoundStarts(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Geodude", Level: 6, Moves: []string{"Scary Face"}})
	mustApply(t, s, gmSeat, UseMove{Actor: "Geodude", Move: "Scary Face", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{15}))
	ann := bf(t, s, "Ann")
	untilTurn(t, s, 1, Allies)
	if ann.stage("spe") != 0 {
		t.Errorf("Scary Face slowed Ann in the round it was used: Speed %+d", ann.stage("spe"))
	}
	untilTurn(t, s, 2, Foes)
	if ann.stage("spe") != -2 {
		t.Errorf("when the next round starts Ann's Speed is %+d, want -2", ann.stage("spe"))
	}
}

func TestSelfCostStageMoves_GrowthInSunMementoAndClangorousSoul(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Bulbasaur", Level: 6, Moves: []string{"Growth"}})
	mustApply(t, s, gmSeat, SetWeather{Weather: WeatherSun, Reason: "a test"}, nil)
	mustApply(t, s, gmSeat, UseMove{Actor: "Bulbasaur", Move: "Growth"}, nil)
	if b := bf(t, s, "Bulbasaur"); b.stage("atk") != 2 || b.stage("spa") != 2 {
		t.Errorf("Growth in harsh sunlight: %v, want Attack and Special Attack +2", b.Stages)
	}
	s = mustBattle(t, Foes, nil, AddFoe{Species: "Misdreavus", Level: 6, Name: "Gastly", Moves: []string{"Memento"}}, geodude)
	mustApply(t, s, gmSeat, UseMove{Actor: "Gastly", Move: "Memento", Targets: []string{"Ann"}}, streamWith(t, []int{20}, []int{15}))
	if ann := bf(t, s, "Ann"); !bf(t, s, "Gastly").Fainted || ann.stage("atk") != -3 || ann.stage("spa") != -3 {
		t.Errorf("Memento: Gastly fainted %v, Ann %v; want fainted and Attack and Special Attack -3", bf(t, s, "Gastly").Fainted, ann.Stages)
	}
	s = mustBattle(t, Foes, nil, AddFoe{Species: "Kommo-o", Level: 6, Moves: []string{"Clangorous Soul"}})
	j := bf(t, s, "Kommo-o")
	j.Body.HP, j.Body.MaxHP = 30, 30
	mustApply(t, s, gmSeat, UseMove{Actor: "Kommo-o", Move: "Clangorous Soul"}, nil)
	if j.Body.HP != 20 || j.stage("spe") != 1 {
		t.Errorf("Clangorous Soul: %d/30 HP, stages %v; want 20 HP and every stat +1", j.Body.HP, j.Stages)
	}
}
