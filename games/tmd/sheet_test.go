package tmd

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func mustSheet(tb testing.TB, file string) *Sheet {
	tb.Helper()
	raw, err := os.ReadFile("testdata/" + file)
	if err != nil {
		tb.Fatal(err)
	}
	var s Sheet
	if err := json.Unmarshal(raw, &s); err != nil {
		tb.Fatalf("%s: %v", file, err)
	}
	return &s
}

// TestSparksReproducesTheGroupsSheet: the example sheet of the group's
// character page, level-56 Pikachu: 14 (+1) points, 38 HP, +5 physical and
// special damage, +1 mitigations, 8 AP (6 Speed points and Speed III).
func TestSparksReproducesTheGroupsSheet(t *testing.T) {
	d := mustData(t)
	s := mustSheet(t, "sparks.json")
	if err := s.Validate(d); err != nil {
		t.Fatalf("Sparks does not validate: %v", err)
	}
	got, err := s.Derive(d)
	if err != nil {
		t.Fatal(err)
	}
	want := Derived{MaxHP: 38, AP: 8, LevelBonus: 2, Physical: 5, Special: 5, PhysPoints: 3, SpecPoints: 3, PhysMit: 1, SpecMit: 1,
		Points: 15, Spent: 15, MaxIP: 10, IP: 0, Inventory: 4, Storage: 2}
	if got != want {
		t.Errorf("Sparks derives %+v\nwant %+v", got, want)
	}
	text, err := s.Text(d)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "Sparks's sheet", text,
		"HP                    1  level 56 (36 HP)",
		"Speed                 6  species bonus; Speed III",
		"+5 special damage",
		"Stat points: 15 spent of 15 (14 from level 56, 1 species bonus)",
		"Bag 4/4: Reviver Seed, Reviver Seed, Oran Berry, Pecha Berry",
		"stat: Special Attack, towards tier I: 2/9 ▮▮▯▯▯▯▯▯▯",
	)
}

// TestSparks_MovesAndExperienceFollowTheGroupsLists: Sparks's sheet
// writes Electro Ball at 7 AP, Iron Tail at 6 AP and 1350 experience to the
// next level; the group's move list (6 and 8 AP) and level table (1400 at
// level 56) say otherwise, and the lists win. The other move numbers are the
// sheet's.
func TestSparks_MovesAndExperienceFollowTheGroupsLists(t *testing.T) {
	d := mustData(t)
	text, err := mustSheet(t, "sparks.json").Text(d)
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "Sparks's sheet", text,
		"level 56 (223/1400 exp), Silver Rank (22/4000 rank points to Gold)",
		"Electro Ball     10 BP    6 AP       hits on 2+    Electric  Special",
		"Quick Attack     4 BP     5 (-1) AP  hits on 2+    Normal    Physical",
		"Thunderbolt      9 BP     7 AP       hits on 2+    Electric  Special; secondary effect on 19-20",
		"Iron Tail        10 BP    8 AP       hits on 6+    Steel     Physical; secondary effect on 14-20",
		"Basic Attack     4 BP     4 AP       hits on 2+    Typeless  Best",
	)
}

// TestRabootReproducesTheRuleTextsExample: the level-25 Raboot of the stat
// allocation example: 26 HP, +3 physical and special damage (2 points and
// the level bonus I), +0 physical and +2 special mitigation, 6 AP from 3
// Speed points. The example spends 9 points (2+2+2+3) while saying it has
// 6 (+1): the sheet says exactly that, and validates once a GM grants the
// two points.
func TestRabootReproducesTheRuleTextsExample(t *testing.T) {
	d := mustData(t)
	s := mustSheet(t, "raboot.json")
	got, err := s.Derive(d)
	if err != nil {
		t.Fatal(err)
	}
	want := Derived{MaxHP: 26, AP: 6, LevelBonus: 1, Physical: 3, Special: 3, PhysPoints: 2, SpecPoints: 2, PhysMit: 0, SpecMit: 2,
		Points: 7, Spent: 9, MaxIP: 10, Inventory: 4, Storage: 2}
	if got != want {
		t.Errorf("Raboot derives %+v\nwant %+v", got, want)
	}
	err = s.Validate(d)
	if err == nil || !strings.Contains(err.Error(), "9 stat points are spent but level 25 gives 6, plus 1 species bonus: 2 too many") {
		t.Errorf("Validate = %v; want the over-spend of 2", err)
	}
	s.GMPoints = 2
	if err := s.Validate(d); err != nil {
		t.Errorf("with 2 GM points: %v", err)
	}
}

func TestNewSheetStartsAtLevelFive(t *testing.T) {
	d := mustData(t)
	s, err := NewSheet(d, "Pip", "Charmander")
	if err != nil {
		t.Fatal(err)
	}
	if s.Level != 5 || s.Bonus != Speed || s.Points[Speed] != 1 || s.Typeless != "Basic Attack" || s.Rank != "Rookie" {
		t.Errorf("NewSheet = %+v", s)
	}
	if err := s.Validate(d); err != nil {
		t.Errorf("a new sheet does not validate: %v", err)
	}
	der, _ := s.Derive(d)
	if der.MaxHP != 20 || der.AP != 5 || der.Points != 2 || der.Spent != 1 {
		t.Errorf("level 5 Charmander derives %+v; want 20 HP, 5 AP, 1 free point left", der)
	}
	if err := s.AddPoint(d, Attack); err != nil {
		t.Fatalf("spending the free point: %v", err)
	}
	if err := s.AddPoint(d, Attack); err == nil || !strings.Contains(err.Error(), "no stat points left") {
		t.Errorf("a second point at level 5: %v", err)
	}
	if _, err := NewSheet(d, "X", "Mewtwo"); err == nil {
		t.Error("a Mewtwo sheet was made; Mewtwo is banned")
	}
	if _, err := NewSheet(d, "X", "Agumon"); err == nil {
		t.Error("a sheet for a species not on the list was made")
	}
}

func TestAttackIsAtItsCapOfTen(t *testing.T) {
	d := mustData(t)
	s := &Sheet{Name: "Brawler", Species: "Machop", Level: 100, Ability: "Guts", Bonus: Attack,
		Points: map[Stat]int{Attack: 11}, Typeless: "Basic Attack", Rank: "Rookie"}
	if err := s.AddPoint(d, Attack); err == nil || err.Error() != "tmd: Attack is at its cap of 10" {
		t.Errorf("AddPoint(Attack) at 10 allocated = %v, want the cap", err)
	}
	if err := s.AddPoint(d, Defense); err != nil {
		t.Errorf("AddPoint(Defense): %v", err)
	}
	s.Points[Attack] = 12
	if err := s.Validate(d); err == nil || !strings.Contains(err.Error(), "Attack has 11 points allocated, over its cap of 10") {
		t.Errorf("Validate = %v", err)
	}
}

// TestStatTraining_TakesACappedStatToThirteenAtTierIII: training is not
// held to the cap of 10: a stat with 10 points allocated and tier III
// training counts 13 in its combat effect; there is no tier IV; Speed
// training gives its AP only at tier III.
func TestStatTraining_TakesACappedStatToThirteenAtTierIII(t *testing.T) {
	d := mustData(t)
	s := &Sheet{Name: "Brawler", Species: "Machop", Level: 100, Ability: "Guts", Bonus: Attack,
		Points: map[Stat]int{Attack: 1, SpAtk: 10}, Trained: map[Stat]int{SpAtk: 3}, Typeless: "Basic Attack", Rank: "Rookie"}
	if err := s.Validate(d); err != nil {
		t.Fatalf("10 Special Attack points and tier III: %v", err)
	}
	der, err := s.Derive(d)
	if err != nil {
		t.Fatal(err)
	}
	row, _ := d.LevelRow(100)
	if der.SpecPoints != 13 || der.Special != 13+row.Bonus {
		t.Errorf("10 points and tier III: %d stat points, +%d special damage; want 13 and +%d", der.SpecPoints, der.Special, 13+row.Bonus)
	}
	if err := s.AddPoint(d, SpAtk); err == nil || !strings.Contains(err.Error(), "Special Attack is at its cap of 10") {
		t.Errorf("an 11th allocated point with training: %v", err)
	}
	s.Trained[SpAtk] = 4
	if err := s.Validate(d); err == nil || !strings.Contains(err.Error(), "Special Attack training is at tier 4; tiers run 1 to 3") {
		t.Errorf("tier IV: %v", err)
	}
	for tier, ap := range map[int]int{0: 4, 1: 4, 2: 4, 3: 5} {
		s := &Sheet{Trained: map[Stat]int{Speed: tier}}
		if got := APFromSpeed(s.Points[Speed], s.Trained[Speed]); got != ap {
			t.Errorf("no Speed points, Speed training tier %d: %d AP, want %d", tier, got, ap)
		}
	}
}

func TestSheetValidationSpeaksTheGroupsTerms(t *testing.T) {
	d := mustData(t)
	base := func() *Sheet { return mustSheet(t, "sparks.json") }
	for _, c := range []struct {
		name   string
		change func(s *Sheet)
		want   string
	}{
		{"ability of another species", func(s *Sheet) { s.Ability = "Blaze" }, "Pikachu cannot have the ability Blaze (it may have Static, or the hidden Lightning Rod)"},
		{"bonus on a stat the list does not allow", func(s *Sheet) { s.Bonus = Attack }, "Pikachu's species bonus goes to Speed, not Attack"},
		{"five moves", func(s *Sheet) { s.Moves = append(s.Moves, "Thunder") }, "5 moves; a character knows at most 4"},
		{"unknown move", func(s *Sheet) { s.Moves[0] = "Gigavolt Havoc Prime" }, `no move called "Gigavolt Havoc Prime"`},
		{"typeless move among the four", func(s *Sheet) { s.Moves[0] = "Wide Slash" }, "Wide Slash is a typeless move"},
		{"typed move in the typeless slot", func(s *Sheet) { s.Typeless = "Thunder" }, `the typeless slot holds "Thunder"`},
		{"too much IP", func(s *Sheet) { s.IQ = []string{"Deep Meditation", "Agile Armor"} }, "the equipped IQ skills take 12 IP; the most is 10"},
		{"a fifth item in a Silver bag", func(s *Sheet) { s.Inventory = append(s.Inventory, "Oran Berry") }, "5 items in the bag; Silver Rank has 4 inventory slots"},
		{"third storage item at Silver", func(s *Sheet) { s.Storage = []string{"Oran Berry", "Oran Berry", "Oran Berry"} }, "3 items in storage; Silver Rank has 2 storage slots"},
		{"two stats in training", func(s *Sheet) {
			s.Training = append(s.Training, Training{Kind: TrainStat, Name: "Attack", Tier: 1, Sessions: 1, Of: 9})
		}, "2 stats in training; only one stat may be trained at a time"},
		{"HP trained", func(s *Sheet) { s.Trained[HP] = 1 }, "HP cannot be trained"},
		{"too many sessions", func(s *Sheet) { s.Training[0].Sessions = 4 }, "training Navigation: 4 of 3 sessions"},
		{"one point too many", func(s *Sheet) { s.Points[HP]++ }, "16 stat points are spent but level 56 gives 14, plus 1 species bonus: 1 too many"},
		{"GM takes points", func(s *Sheet) { s.GMPoints = -1 }, "a GM grants points, never takes them"},
	} {
		s := base()
		c.change(s)
		err := s.Validate(d)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Validate = %v\nwant it to say %q", c.name, err, c.want)
		}
	}
}

func TestRememberanceRaisesMaxIP(t *testing.T) {
	d := mustData(t)
	s := mustSheet(t, "sparks.json")
	s.IQ = []string{"Rememberance", "Deep Meditation", "Agile Armor"} // 0 + 6 + 6 IP
	if err := s.Validate(d); err != nil {
		t.Errorf("12 IP with Rememberance: %v", err)
	}
}

func TestHiddenAbilityIsAllowedAtCreation(t *testing.T) {
	d := mustData(t)
	s, err := NewSheet(d, "Hop", "Raboot")
	if err != nil {
		t.Fatal(err)
	}
	s.Ability = "Libero"
	if err := s.Validate(d); err != nil {
		t.Errorf("Raboot with its hidden ability: %v", err)
	}
}

func TestBadSheetJSONIsAnError(t *testing.T) {
	var s Sheet
	err := json.Unmarshal([]byte(`{"points": {"luck": 3}}`), &s)
	if err == nil || !strings.Contains(err.Error(), `"luck" is not a stat`) {
		t.Errorf("unknown stat: %v", err)
	}
}

func TestMovesMustBeLearnableByTheLine(t *testing.T) {
	d := mustData(t)
	s := mustSheet(t, "sparks.json")
	s.Moves[0] = "Flamethrower"
	if err := s.Validate(d); err == nil || !strings.Contains(err.Error(), "Pikachu cannot learn Flamethrower") {
		t.Errorf("Pikachu with Flamethrower: %v", err)
	}
	// Pyro Ball is Cinderace's: Raboot may know it only by Amneplasticity,
	// which reaches into future evolutions.
	if d.Learns("Raboot", "Pyro Ball") || !d.Learns("Cinderace", "Pyro Ball") {
		t.Fatalf("Learns(Raboot/Cinderace, Pyro Ball) = %v/%v, want false/true", d.Learns("Raboot", "Pyro Ball"), d.Learns("Cinderace", "Pyro Ball"))
	}
	r, _ := NewSheet(d, "Hop", "Raboot")
	r.Moves = []string{"Pyro Ball"}
	if err := r.Validate(d); err == nil || !strings.Contains(err.Error(), "Raboot cannot learn Pyro Ball") {
		t.Errorf("Raboot with Pyro Ball: %v", err)
	}
	r.IQ = []string{"Amneplasticity"}
	if err := r.Validate(d); err != nil {
		t.Errorf("Raboot with Pyro Ball and Amneplasticity: %v", err)
	}
	// A move only an earlier stage learns is allowed to the later stage.
	for _, sp := range d.Species {
		pre, err := d.SpeciesNamed(sp.Prevo)
		if sp.Banned || err != nil {
			continue
		}
		for _, m := range d.Moves {
			if m.Type == "Typeless" || !d.Learns(pre.Dex, m.Name) || d.Learns(sp.Dex, m.Name) {
				continue
			}
			s, _ := NewSheet(d, "Late", sp.Name)
			s.Moves = []string{m.Name}
			if err := s.Validate(d); err != nil {
				t.Errorf("%s with %s, which %s learns: %v", sp.Name, m.Name, pre.Name, err)
			}
			return
		}
	}
	t.Fatal("no move of an earlier stage that a later stage cannot learn itself")
}
