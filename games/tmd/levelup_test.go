package tmd

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"tabletop/engine"
)

func TestLevelMoves_NewestGenerationsList(t *testing.T) {
	d := mustData(t)
	// Pikachu learns Double Team at 8 in generations 8 and 9 (15 to 23
	// before), Electro Ball at 12, Thunderbolt at 36.
	got := d.LevelMoves("Pikachu", 6, 12)
	want := []LevelMove{{8, "Double Team"}, {12, "Electro Ball"}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("Pikachu's level-up moves from 6 to 12 = %v, want %v", got, want)
	}
	if got := d.LevelMoves("Pikachu", 36, 36); len(got) != 1 || got[0].Move != "Thunderbolt" {
		t.Errorf("Pikachu at 36 = %v, want Thunderbolt", got)
	}
	// A regional form has its own list: Alolan Rattata learns Quick Attack
	// at 4 by its generation-7 list.
	if got := d.LevelMoves("Alolan Rattata", 4, 4); len(got) != 1 || got[0].Move != "Quick Attack" {
		t.Errorf("Alolan Rattata at 4 = %v, want Quick Attack", got)
	}
	if got := d.LevelMoves("Missingno", 1, 100); got != nil {
		t.Errorf("an unknown species learns %v", got)
	}
}

func TestLevelUpsData_RefusesABadLevelOrMove(t *testing.T) {
	base := fstest.MapFS{}
	for _, name := range []string{"species", "moves", "items", "abilities", "iq", "levels", "ranks", "types", "learnsets", "levelups"} {
		b, err := dataFS.ReadFile("data/" + name + ".json")
		if err != nil {
			t.Fatal(err)
		}
		base["data/"+name+".json"] = &fstest.MapFile{Data: b}
	}
	if _, err := parseData(base); err != nil {
		t.Fatalf("the embedded data: %v", err)
	}
	for _, tc := range []struct{ name, levelups, want string }{
		{"level off the table", `{"Pikachu": {"101": [0]}}`, "at level 101"},
		{"move off the list", `{"Pikachu": {"5": [999999]}}`, "learns move 999999"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for k, v := range base {
				fsys[k] = v
			}
			fsys["data/levelups.json"] = &fstest.MapFile{Data: []byte(tc.levelups)}
			if _, err := parseData(fsys); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("parseData with %s = %v, want an error with %q", tc.levelups, err, tc.want)
			}
		})
	}
}

func TestLevelUp_OffersTheMovesOfEachLevelGained(t *testing.T) {
	d := mustData(t)
	sh := SampleSheet(d, "Ann", 0) // Pikachu, level 5: Thunder Shock, Growl
	lines := LevelUp(d, sh, 50+60+70+80+90+100+110)
	if sh.Level != 12 {
		t.Fatalf("level %d, want 12", sh.Level)
	}
	if got := strings.Join(sh.Learnable, ", "); got != "Double Team, Electro Ball" {
		t.Errorf("learnable after levels 6 to 12: %q, want Double Team, Electro Ball", got)
	}
	if !strings.Contains(lines[2], "level 8") || !strings.Contains(lines[2], "may learn Double Team") {
		t.Errorf("the level-8 line does not offer Double Team: %q", lines[2])
	}
	if strings.Contains(lines[0], "may learn") {
		t.Errorf("Pikachu learns nothing at level 6, yet: %q", lines[0])
	}
	if err := sh.Validate(d); err != nil {
		t.Errorf("the levelled sheet: %v", err)
	}
	// A move it knows already is not offered again.
	sh = SampleSheet(d, "Ann", 0)
	sh.Moves = append(sh.Moves, "Double Team")
	LevelUp(d, sh, 50+60+70)
	if len(sh.Learnable) != 0 {
		t.Errorf("Double Team known, yet offered: %v", sh.Learnable)
	}
}

// levelled returns mustTeam's table with Ann (Pikachu) at level 8, offered
// Double Team; moves, if given, replace her moves first.
func levelled(t *testing.T, moves ...string) *State {
	t.Helper()
	s := mustTeam(t, func(i int, sh *Sheet) {
		if i == 0 && len(moves) > 0 {
			sh.Moves = moves
		}
	})
	evs := mustApply(t, s, gmSeat, Award{Who: "Ann", XP: 50 + 60 + 70, Reason: "a quest"}, nil)
	if got := texts(evs, annSeat); !strings.Contains(got, "may learn Double Team") {
		t.Fatalf("the award's log does not offer Double Team:\n%s", got)
	}
	return s
}

func TestLearnMove_GoesInAFreeSlot(t *testing.T) {
	s := levelled(t)
	for unspent(s.member(annSeat)) > 0 {
		mustApply(t, s, annSeat, PlacePoint{Stat: HP}, nil)
	}
	if !s.playerPending(annSeat) {
		t.Errorf("Ann has a move to learn but is not waited for")
	}
	if !hasAction(s.Legal(annSeat), LearnMove{Move: "Double Team"}) || !hasAction(s.Legal(annSeat), SkipMove{Move: "Double Team"}) {
		t.Errorf("Ann is not offered to learn or pass on Double Team: %v", s.Legal(annSeat))
	}
	mustRefuse(t, s, annSeat, LearnMove{Move: "Thunderbolt"}, "may learn Double Team now, not Thunderbolt")
	mustRefuse(t, s, annSeat, LearnMove{Move: "Double Team", Replace: "Growl"}, "has a free move slot")
	mustRefuse(t, s, boSeat, LearnMove{Move: "Double Team"}, "no new move to learn")
	mustRefuse(t, s, gmSeat, LearnMove{Move: "Double Team"}, "only a player with a sheet")
	evs := mustApply(t, s, annSeat, LearnMove{Move: "double team"}, nil)
	sh := s.member(annSeat).Sheet
	if got := strings.Join(sh.Moves, ", "); got != "Thunder Shock, Growl, Double Team" || len(sh.Learnable) != 0 {
		t.Errorf("Ann's moves %q, learnable %v; want Thunder Shock, Growl, Double Team and nothing left", got, sh.Learnable)
	}
	if got := texts(evs, boSeat); got != "Ann learns Double Team." {
		t.Errorf("the log says %q", got)
	}
	mustRefuse(t, s, annSeat, LearnMove{Move: "Double Team"}, "no new move to learn")
}

func TestLearnMove_FullSlotsReplaceOne(t *testing.T) {
	s := levelled(t, "Thunder Shock", "Growl", "Tail Whip", "Quick Attack")
	s.member(annSeat).Sheet.MoveTiers = map[string]int{"Growl": 2}
	mustRefuse(t, s, annSeat, LearnMove{Move: "Double Team"}, "name the one Double Team replaces")
	mustRefuse(t, s, annSeat, LearnMove{Move: "Double Team", Replace: "Thunderbolt"}, "does not know Thunderbolt")
	if !hasAction(s.Legal(annSeat), LearnMove{Move: "Double Team", Replace: "Growl"}) {
		t.Errorf("Ann is not offered to replace Growl: %v", s.Legal(annSeat))
	}
	mustApply(t, s, annSeat, LearnMove{Move: "Double Team", Replace: "growl"}, nil)
	sh := s.member(annSeat).Sheet
	if got := strings.Join(sh.Moves, ", "); got != "Thunder Shock, Double Team, Tail Whip, Quick Attack" {
		t.Errorf("Ann's moves: %q, want Double Team in Growl's slot", got)
	}
	if _, ok := sh.MoveTiers["Growl"]; ok {
		t.Errorf("the forgotten Growl keeps its training: %v", sh.MoveTiers)
	}
}

func TestLearnMove_OutsideBattleOnly(t *testing.T) {
	s := levelled(t)
	mustApply(t, s, gmSeat, geodude, nil)
	mustApply(t, s, gmSeat, StartBattle{First: Allies}, nil)
	mustRefuse(t, s, annSeat, LearnMove{Move: "Double Team"}, "outside battle")
	mustRefuse(t, s, annSeat, SkipMove{Move: "Double Team"}, "outside battle")
}

func TestSkipMove_PassesOnTheOffer(t *testing.T) {
	s := levelled(t)
	mustApply(t, s, annSeat, SkipMove{Move: "Double Team"}, nil)
	sh := s.member(annSeat).Sheet
	if len(sh.Learnable) != 0 || len(sh.Moves) != 2 {
		t.Errorf("after passing: moves %v, learnable %v", sh.Moves, sh.Learnable)
	}
	if unspent(s.member(annSeat)) == 0 && s.playerPending(annSeat) {
		t.Errorf("Ann is still waited for with nothing to do")
	}
}

func TestSheetLearnable_MustComeFromALevelUp(t *testing.T) {
	d := mustData(t)
	sh := SampleSheet(d, "Ann", 0)
	sh.Learnable = []string{"Thunderbolt", "Double Team", "Growl"}
	err := sh.Validate(d)
	for _, want := range []string{"Pikachu does not learn Thunderbolt by levelling up to level 5",
		"Pikachu does not learn Double Team by levelling up to level 5", "Growl is offered to learn but already known"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Validate = %v; want %q", err, want)
		}
	}
	sh.Level, sh.Learnable = 8, []string{"Double Team"}
	if err := sh.Validate(d); err != nil && strings.Contains(err.Error(), "Double Team") {
		t.Errorf("Double Team at level 8: %v", err)
	}
}

func TestSheetText_ShowsTheMovesToCome(t *testing.T) {
	d := mustData(t)
	sh := SampleSheet(d, "Ann", 0)
	text, err := sh.Text(d)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "\nNext by level: level 8: Double Team; level 12: Electro Ball; level 16: Feint\n") {
		t.Errorf("the sheet does not show the next level-up moves:\n%s", text)
	}
}

// hasAction reports whether list holds a (same kind, same text).
func hasAction(list []engine.Action, a engine.Action) bool {
	return slices.ContainsFunc(list, func(b engine.Action) bool { return b.Kind() == a.Kind() && b.String() == a.String() })
}

func TestExplain_LearnMoveShowsTheMove(t *testing.T) {
	s := levelled(t)
	ex := Game.(interface {
		Explain(engine.View, engine.Action) string
	})
	v := s.View(annSeat)
	if got := ex.Explain(v, LearnMove{Move: "Double Team"}); !strings.HasPrefix(got, "Into a free move slot: Double Team") {
		t.Errorf("Explain(learn Double Team) = %q", got)
	}
	if got := ex.Explain(v, LearnMove{Move: "Double Team", Replace: "Growl"}); !strings.HasPrefix(got, "Forget Growl (its training is lost) for Double Team") {
		t.Errorf("Explain(learn Double Team in place of Growl) = %q", got)
	}
}

// TestCampaign_SheetsCarryLevelAndTheTeamsRankToTheNextSession: a session
// ends with the sheets at the table as the players' pages give them (the
// view's JSON); brought to the next session's table, a sheet keeps its
// level and experience, and the team's badge rank and rank points come
// with it: a sheet further along raises the team (and its other sheets),
// one behind takes the team's, and one with too many rank points for its
// rank is refused.
func TestCampaign_SheetsCarryLevelAndTheTeamsRankToTheNextSession(t *testing.T) {
	s := mustTeam(t, nil)
	mustApply(t, s, gmSeat, Award{Who: "Ann", XP: 265, Reason: "a quest"}, nil)
	mustApply(t, s, gmSeat, Award{RP: 400 + 1200 + 5, Reason: "two quests"}, nil)
	mustApply(t, s, gmSeat, End{}, nil)
	raw, err := json.Marshal(s.View(annSeat))
	if err != nil {
		t.Fatal(err)
	}
	var v View
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	var ann *Sheet
	for _, m := range v.Team {
		if m.Sheet == nil || m.Sheet.Rank != "Bronze" || m.Sheet.RankPoints != 5 {
			t.Fatalf("%s's sheet at the end of the session: %+v; want Bronze with 5 rank points", m.Player, m.Sheet)
		}
		if m.Sheet.Name == "Ann" {
			ann = m.Sheet
		}
	}
	if ann == nil || ann.Level != 9 || ann.Exp != 5 {
		t.Fatalf("Ann's sheet at the end: %+v; want level 9 with 5 exp", ann)
	}

	// The next session: Bo and Cy bring Rookie sheets, then Ann hers.
	next, err := New(Options{}, testSeats)
	if err != nil {
		t.Fatal(err)
	}
	d := mustData(t)
	for i, seat := range []engine.Seat{boSeat, cySeat} {
		mustApply(t, next, seat, BringSheet{Sheet: *SampleSheet(d, testSeats[seat].Name, i+1)}, nil)
	}
	if next.Rank != "Rookie" {
		t.Fatalf("before Ann's sheet the team is %s", next.Rank)
	}
	evs := mustApply(t, next, annSeat, BringSheet{Sheet: *ann}, nil)
	if got := texts(evs, boSeat); !strings.Contains(got, "The team's badge rank is Bronze with 5 rank points, as Ann's sheet says.") {
		t.Errorf("the log does not say where the rank came from: %q", got)
	}
	if next.Rank != "Bronze" || next.RankPoints != 5 {
		t.Errorf("the team after Ann's sheet: %s with %d rank points, want Bronze with 5", next.Rank, next.RankPoints)
	}
	for _, m := range next.Team {
		if m.Sheet.Rank != "Bronze" || m.Sheet.RankPoints != 5 {
			t.Errorf("%s's sheet is %s with %d rank points, want the team's Bronze with 5", m.Sheet.Name, m.Sheet.Rank, m.Sheet.RankPoints)
		}
	}
	if a := next.member(annSeat).Sheet; a.Level != 9 || a.Exp != 5 {
		t.Errorf("Ann at the next session: level %d with %d exp, want 9 with 5", a.Level, a.Exp)
	}
	// A sheet behind the team takes the team's rank; one with more rank
	// points than its rank holds is refused.
	behind := *SampleSheet(d, "Bo", 1)
	behind.Rank, behind.RankPoints = "Normal", 700
	mustApply(t, next, boSeat, BringSheet{Sheet: behind}, nil)
	if b := next.member(boSeat).Sheet; b.Rank != "Bronze" || b.RankPoints != 5 || next.Rank != "Bronze" {
		t.Errorf("a Normal sheet at a Bronze table: %s with %d; the team %s", b.Rank, b.RankPoints, next.Rank)
	}
	over := *SampleSheet(d, "Bo", 1)
	over.Rank, over.RankPoints = "Gold", 5500
	mustRefuse(t, next, boSeat, BringSheet{Sheet: over}, "5500 rank points at Gold Rank; 5500 make the next rank")
}
