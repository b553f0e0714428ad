package tmd

import (
	"encoding/json"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// renderView is seat p's part of the table page, as text.
func renderView(t *testing.T, s *State, p engine.Seat) string {
	t.Helper()
	return enginetest.RenderView(t, Game, s.View(p))
}

// TestPage_BattleForPlayersAndTheGM checks the battle as the page shows it:
// the round and side, each fighter's HP and conditions, a player's odds,
// a hidden foe's numbers for the GM only and its notes for the GM only;
// after the battle, the Markdown summary.
func TestPage_BattleForPlayersAndTheGM(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude, oddish)
	mustApply(t, s, gmSeat, Note{Text: "the Oddish is the boss"}, nil)
	applyCond(t, s, "Bo", CondBurn)
	odd := bf(t, s, "Oddish")
	cy := renderView(t, s, cySeat)
	for _, want := range []string{"You play Cy", "round 1", "the allies' turn", "Your odds", "Water Gun", "19/20 (95.0%)",
		"before its defence", "Stats hidden by the GM", "burn", "HP 20/20 · level 6"} {
		if !strings.Contains(cy, want) {
			t.Errorf("Cy's page lacks %q:\n%s", want, cy)
		}
	}
	if strings.Contains(cy, "the boss") {
		t.Errorf("Cy's page shows the GM's note")
	}
	gm := renderView(t, s, gmSeat)
	for _, want := range []string{"game master", "the Oddish is the boss", "HP " + itoa(odd.Body.HP) + "/" + itoa(odd.Body.MaxHP)} {
		if !strings.Contains(gm, want) {
			t.Errorf("the GM's page lacks %q:\n%s", want, gm)
		}
	}
	mustApply(t, s, gmSeat, EndBattle{Reason: "they flee"}, nil)
	if page := renderView(t, s, annSeat); !strings.Contains(page, "## Battle: 1 round") || !strings.Contains(page, "They flee") {
		t.Errorf("the page lacks the battle summary:\n%s", page)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestRenderText_TheTerminalShowsWhatTheViewShows(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude, oddish)
	mustApply(t, s, gmSeat, Note{Text: "the Oddish is the boss"}, nil)
	applyCond(t, s, "Ann", CondPoison)
	tr := Game.(engine.TextRenderer)
	cy := tr.RenderText(s.View(cySeat), cySeat)
	for _, want := range []string{"Battle: round 1, the allies' turn", "[foe] Oddish (Oddish, Grass/Poison) stats hidden",
		"[ally] Ann (Pikachu, Electric) 20/20 HP, level 5, 5/5 AP; poison", "Water Gun at Geodude: Hit 19/20 (95.0%)"} {
		if !strings.Contains(cy, want) {
			t.Errorf("Cy's terminal lacks %q:\n%s", want, cy)
		}
	}
	if strings.Contains(cy, "boss") {
		t.Errorf("Cy's terminal shows the GM's note")
	}
	if gm := tr.RenderText(s.View(gmSeat), gmSeat); !strings.Contains(gm, "the Oddish is the boss") || strings.Contains(gm, "stats hidden") {
		t.Errorf("the GM's terminal lacks the note or the hidden foe's numbers:\n%s", gm)
	}
}

// TestStatPoints_OneIsSingularMoreArePlural checks the counts of stat
// points to place, in the level-up lines and on the terminal's sheet: "1
// stat point", "2 stat points", never "point(s)".
func TestStatPoints_OneIsSingularMoreArePlural(t *testing.T) {
	d := mustData(t)
	sh := SampleSheet(d, "Ann", 0)
	// Level 8 brings one stat point (see TestLevelUp_ExperienceHPAndPoints).
	lines := LevelUp(d, sh, 265)
	if !strings.Contains(lines[2], ", 1 new stat point to place") {
		t.Errorf("level 8's line = %q, want \", 1 new stat point to place\"", lines[2])
	}
	for _, c := range []struct {
		unspent int
		want    string
	}{{1, "; 1 stat point to place"}, {2, "; 2 stat points to place"}} {
		v := &View{Team: []MemberView{{Player: "Ann", Sheet: sh, Unspent: c.unspent}}}
		if got := v.text(); !strings.Contains(got, c.want) {
			t.Errorf("the terminal with %d points to place lacks %q:\n%s", c.unspent, c.want, got)
		}
	}
}

// TestGravity_TheBattleLineAndThePageSayItAndItsRounds checks that gravity,
// which changes every roll, is shown on the terminal's battle line and on
// the page with the rounds it has left, as the weather and terrain are.
func TestGravity_TheBattleLineAndThePageSayItAndItsRounds(t *testing.T) {
	s := mustBattle(t, Foes, nil, AddFoe{Species: "Abra", Level: 6, Moves: []string{"Gravity"}})
	tr := Game.(engine.TextRenderer)
	if line := tr.RenderText(s.View(annSeat), annSeat); strings.Contains(line, "gravity") {
		t.Fatalf("gravity shown before anyone used it:\n%s", line)
	}
	mustApply(t, s, gmSeat, UseMove{Actor: "Abra", Move: "Gravity"}, nil)
	want := "gravity (" + itoa(GravityRounds) + " rounds left)"
	if line := tr.RenderText(s.View(annSeat), annSeat); !strings.Contains(line, want) {
		t.Errorf("the battle line does not say %q:\n%s", want, line)
	}
	if page := renderView(t, s, annSeat); !strings.Contains(page, "Gravity: moves 5 faces more accurate") || !strings.Contains(page, itoa(GravityRounds)+" rounds left") {
		t.Errorf("the page does not show gravity:\n%s", page)
	}
}

// TestPage_ActionLineForTheGMAndPlayers: a seated reader's page has the
// action line's help with the forms for its side, the GM's or a
// player's; a spectator's page and a finished session's have none.
func TestPage_ActionLineForTheGMAndPlayers(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	page := func(seat engine.Seat, over bool) string {
		return enginetest.RenderPage(t, Game, enginetest.Page{View: s.View(seat), Seat: seat, Over: over, ActURL: "/t/x/s/tok/act"})
	}
	for _, tc := range []struct {
		name      string
		seat      engine.Seat
		want, not string
	}{
		{"the GM", gmSeat, "Rocky: use Tackle on Ann", "use item Reviver Seed"},
		{"Ann", annSeat, "use item Reviver Seed from Bo's bag on Bo", "Rocky: use Tackle on Ann"},
	} {
		got := page(tc.seat, false)
		if !strings.Contains(got, "What to type") || !strings.Contains(got, tc.want) || strings.Contains(got, tc.not) {
			t.Errorf("%s's action line lacks %q, or shows %q:\n%s", tc.name, tc.want, tc.not, got)
		}
		if strings.Contains(page(tc.seat, true), "What to type") {
			t.Errorf("%s's page has an action line once the session is over", tc.name)
		}
	}
	if strings.Contains(renderView(t, s, engine.Spectator), "What to type") {
		t.Errorf("a spectator's page has an action line")
	}
}

// TestAP_AFighterHasAPOnlyInItsSidesTurn checks the rule that AP belong
// to a turn (what a fighter leaves is lost when its turn ends): the page
// and the terminal show a fighter's AP left, and that it is done, only in
// its side's turn, never a foe's "0 of 0" before its first turn or an
// ally's leftovers in the foes' turn; a dodge, which lasts until the
// fighter's next turn, is shown in the other side's turn too.
func TestAP_AFighterHasAPOnlyInItsSidesTurn(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	tr := Game.(engine.TextRenderer)
	for _, seat := range []engine.Seat{gmSeat, annSeat} {
		page, term := renderView(t, s, seat), tr.RenderText(s.View(seat), seat)
		if !strings.Contains(page, "5 of 5 AP left") || !strings.Contains(term, "level 5, 5/5 AP") {
			t.Errorf("seat %d: Ann's AP in her turn are not shown:\n%s\n%s", seat, page, term)
		}
		if strings.Contains(page, "0 of 0 AP") || strings.Contains(term, "0/0 AP") {
			t.Errorf("seat %d: the foe's AP are shown before its first turn:\n%s\n%s", seat, page, term)
		}
	}
	mustApply(t, s, annSeat, Dodge{AP: 2}, nil)
	mustApply(t, s, annSeat, EndTurn{}, nil)
	if term := tr.RenderText(s.View(annSeat), annSeat); !strings.Contains(term, "3/5 AP; done") {
		t.Errorf("Ann's turn is not shown done with 3 AP left:\n%s", term)
	}
	mustApply(t, s, boSeat, EndTurn{}, nil)
	mustApply(t, s, cySeat, EndTurn{}, nil)
	if s.Battle.Side != Foes {
		t.Fatalf("the side is %s, want the foes", s.Battle.Side)
	}
	page, term := renderView(t, s, annSeat), tr.RenderText(s.View(annSeat), annSeat)
	if strings.Contains(page, "3 of 5 AP") || strings.Contains(term, "3/5 AP") || strings.Contains(term, "done") || strings.Contains(page, "· done") {
		t.Errorf("Ann's AP left or her done turn are shown in the foes' turn:\n%s\n%s", page, term)
	}
	if !strings.Contains(page, "dodging 2") {
		t.Errorf("Ann's dodge is not shown in the foes' turn:\n%s", page)
	}
	if !strings.Contains(page, "of 4 AP left") || !strings.Contains(term, "level 6, 4/4 AP") {
		t.Errorf("the foe's AP in its turn are not shown:\n%s\n%s", page, term)
	}
}

// TestTeamLine_NamesTheRulesOptionWithItsLabel checks that the team line
// of the page and of the terminal says which option the combat rules in
// force are ("rules: the rule text"), not the value alone.
func TestTeamLine_NamesTheRulesOptionWithItsLabel(t *testing.T) {
	tr := Game.(engine.TextRenderer)
	for _, tc := range []struct {
		ed   Edition
		want string
	}{{TextRules, "the rule text"}, {PageRules, "the group's rules page"}} {
		s := mustTeamUnder(t, tc.ed, nil)
		if page := renderView(t, s, annSeat); !strings.Contains(page, "· rules: "+tc.want) {
			t.Errorf("edition %d: the page's team line lacks \"rules: %s\":\n%s", tc.ed, tc.want, page)
		}
		if term := tr.RenderText(s.View(annSeat), annSeat); !strings.Contains(term, "; rules: "+tc.want+"\n") {
			t.Errorf("edition %d: the terminal's team line lacks \"; rules: %s\":\n%s", tc.ed, tc.want, term)
		}
	}
}
