package tmd

import (
	"encoding/json"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
)

func mustData(tb testing.TB) *Data {
	tb.Helper()
	d, err := LoadData()
	if err != nil {
		tb.Fatalf("LoadData: %v", err)
	}
	return d
}

func TestSpeciesRollRunsOneTo1012(t *testing.T) {
	d := mustData(t)
	// The list says 1012 rollable and numbers them 001 to 1012, but has no
	// 055: 1011 species.
	if got := d.Rollable(); got != 1011 {
		t.Fatalf("Rollable() = %d, want 1011", got)
	}
	for n := 1; n <= 1012; n++ {
		if _, err := d.SpeciesRolled(n); (err == nil) != (n != 55) {
			t.Errorf("SpeciesRolled(%d): %v", n, err)
		}
	}
	if _, err := d.SpeciesRolled(1013); err == nil {
		t.Error("SpeciesRolled(1013) found a species")
	}
	banned := 0
	for _, s := range d.Species {
		if s.Banned != (s.Roll == 0) {
			t.Errorf("%s: roll %d but banned=%v", s.Name, s.Roll, s.Banned)
		}
		if s.Banned {
			banned++
		}
	}
	if banned == 0 {
		t.Error("no banned species (the list bans Mewtwo, Arceus, ...)")
	}
	if !sort.SliceIsSorted(d.Species, func(i, j int) bool {
		a, b := d.Species[i], d.Species[j]
		return a.Roll < b.Roll || a.Roll == b.Roll && a.Name < b.Name
	}) {
		t.Error("species.json is not sorted by roll and name")
	}
}

func TestSpeciesOfTheRuleText(t *testing.T) {
	d := mustData(t)
	for _, c := range []struct {
		name, ability string
		roll          int
		bonus         Stat
		types         []string
	}{
		{"Pikachu", "Lightning Rod", 27, Speed, []string{"Electric"}},
		{"Raboot", "Libero", 815, Speed, []string{"Fire"}},
		{"Bulbasaur", "Chlorophyll", 1, SpDef, []string{"Grass", "Poison"}},
	} {
		s, err := d.SpeciesNamed(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if s.Roll != c.roll {
			t.Errorf("%s roll = %d, want %d", c.name, s.Roll, c.roll)
		}
		if s.Bonus[0] != c.bonus {
			t.Errorf("%s bonus = %v, want %v first", c.name, s.Bonus, c.bonus)
		}
		if !contains(append(s.Abilities, s.Hidden), c.ability) {
			t.Errorf("%s abilities %v + hidden %q lack %s", c.name, s.Abilities, s.Hidden, c.ability)
		}
		if len(s.Types) != len(c.types) || s.Types[0] != c.types[0] {
			t.Errorf("%s types = %v, want %v", c.name, s.Types, c.types)
		}
	}
	alola, err := d.SpeciesNamed("Alolan Rattata")
	if err != nil || alola.Dex != "Rattata-Alola" || alola.Types[0] != "Dark" {
		t.Errorf("Alolan Rattata = %+v, %v; want the Dark-type Rattata-Alola", alola, err)
	}
}

func contains(list []string, s string) bool { return slices.Contains(list, s) }

func TestSpeciesReferencesResolve(t *testing.T) {
	d := mustData(t)
	for _, s := range d.Species {
		if len(d.learnsets[s.Dex]) == 0 {
			t.Errorf("%s has no learnset", s.Name)
		}
		if len(s.Bonus) == 0 {
			t.Errorf("%s has no species bonus", s.Name)
		}
		if len(s.Types) == 0 || len(s.Abilities) == 0 {
			t.Errorf("%s: types %v abilities %v", s.Name, s.Types, s.Abilities)
		}
		for _, ty := range s.Types {
			if !contains(d.Types, ty) {
				t.Errorf("%s: type %s not in the type chart", s.Name, ty)
			}
		}
		for _, a := range append(s.Abilities[:len(s.Abilities):len(s.Abilities)], s.Hidden) {
			if a == "" {
				continue
			}
			if _, err := d.AbilityNamed(a); err != nil {
				t.Errorf("%s: %v", s.Name, err)
			}
		}
	}
}

// TestMovesFollowFormulaOrOverride checks every mainline move against the
// rule text's conversion (BPFromMainline, APFromPP, HitFromAccuracy): a
// number that differs must be one the group's pages set, listed in
// tools/tmdgen/overrides.json. This also checks that the Go tables agree
// with the generator's formula.
func TestMovesFollowFormulaOrOverride(t *testing.T) {
	d := mustData(t)
	raw, err := os.ReadFile("../../tools/tmdgen/overrides.json")
	if err != nil {
		t.Fatal(err)
	}
	var ov struct {
		Moves map[string]map[string]any `json:"moves"`
	}
	if err := json.Unmarshal(raw, &ov); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, m := range d.Moves {
		if m.Type == "Typeless" {
			continue
		}
		o := ov.Moves[m.Name]
		has := func(k string) bool { _, ok := o[k]; return ok }
		wantBP := BPFromMainline(m.Power)
		wantAP := APFromPP(m.PP)
		if m.Category == "Status" {
			wantBP, wantAP = 0, 4
		}
		if m.BP != wantBP && !has("bp") {
			t.Errorf("%s: BP %d, formula %d (power %d) and no override", m.Name, m.BP, wantBP, m.Power)
		}
		if m.AP != wantAP && !has("ap") {
			t.Errorf("%s: AP %d, formula %d (PP %d) and no override", m.Name, m.AP, wantAP, m.PP)
		}
		if m.Hit != HitFromAccuracy(m.Acc) && !has("hit") {
			t.Errorf("%s: hit on %d, formula %d (accuracy %d) and no override", m.Name, m.Hit, HitFromAccuracy(m.Acc), m.Acc)
		}
		checked++
	}
	if checked < 800 {
		t.Errorf("checked %d moves, want the whole mainline list (800+)", checked)
	}
}

func TestMovesAreWellFormed(t *testing.T) {
	d := mustData(t)
	if !sort.SliceIsSorted(d.Moves, func(i, j int) bool { return d.Moves[i].Name < d.Moves[j].Name }) {
		t.Error("moves.json is not sorted by name")
	}
	targets := map[string]bool{TargetSingle: true, TargetMulti: true, TargetRoom: true, TargetAlly: true}
	for _, m := range d.Moves {
		if m.AP < 1 || m.AP > 8 || m.Hit < 0 || m.Hit > 20 || m.Effect < 0 || m.Effect > 20 {
			t.Errorf("%s: AP %d hit %d effect %d out of range", m.Name, m.AP, m.Hit, m.Effect)
		}
		if StageCrit(critStageOf(m.Crit)) != m.Crit {
			t.Errorf("%s: crit range %d-20 is not a crit stage's", m.Name, m.Crit)
		}
		if !targets[m.Target] {
			t.Errorf("%s: target %q", m.Name, m.Target)
		}
		if m.Type != "Typeless" && !contains(d.Types, m.Type) {
			t.Errorf("%s: type %q", m.Name, m.Type)
		}
		if err := m.checkHits(); err != nil {
			t.Error(err)
		}
	}
	basic, err := d.MoveNamed("Basic Attack")
	if err != nil || basic.Type != "Typeless" || basic.BP != 4 || basic.AP != 4 {
		t.Errorf("Basic Attack = %+v, %v; want typeless 4 BP 4 AP", basic, err)
	}
}

func TestMovesOfTheRuleText(t *testing.T) {
	d := mustData(t)
	for _, c := range []struct {
		name               string
		bp, ap, cut, hit   int
		effect             int
		target, type_, cat string
	}{
		{"Thunderbolt", 9, 7, 0, 2, 19, TargetSingle, "Electric", "Special"},
		{"Quick Attack", 4, 5, 1, 2, 0, TargetSingle, "Normal", "Physical"},
		{"Extreme Speed", 8, 8, 2, 2, 0, TargetSingle, "Normal", "Physical"},
		{"Drill Peck", 8, 6, 0, 2, 0, TargetSingle, "Flying", "Physical"},
		{"Iron Tail", 10, 8, 0, 6, 14, TargetSingle, "Steel", "Physical"},
		{"Blizzard", 5, 8, 0, 7, 19, TargetRoom, "Ice", "Special"},
	} {
		m, err := d.MoveNamed(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if m.BP != c.bp || m.AP != c.ap || m.APCut != c.cut || m.Hit != c.hit || m.Effect != c.effect || m.Target != c.target || m.Type != c.type_ || m.Category != c.cat {
			t.Errorf("%s = %d BP %d(-%d) AP ≥%d effect %d %s %s %s; want %d BP %d(-%d) AP ≥%d effect %d %s %s %s",
				c.name, m.BP, m.AP, m.APCut, m.Hit, m.Effect, m.Target, m.Type, m.Category,
				c.bp, c.ap, c.cut, c.hit, c.effect, c.target, c.type_, c.cat)
		}
	}
}

// TestLevelTableFollowsTheStatPointRule checks the level table against the
// rule text: 1 point at level 5 (the free point), one more every 4 levels,
// 25 at level 100; base HP 20 at level 5 and never falling; the rows the
// rule text quotes (level 25: 26 HP, 6 points, +1; level 56: 36 HP, 14
// points, +2).
func TestLevelTableFollowsTheStatPointRule(t *testing.T) {
	d := mustData(t)
	if len(d.Levels) != 96 {
		t.Fatalf("level table has %d rows, want 96 (5 to 100)", len(d.Levels))
	}
	prev := Level{HP: 20}
	for _, l := range d.Levels {
		if want := 1 + (l.Level-4)/4; l.Points != want {
			t.Errorf("level %d: %d points, want %d", l.Level, l.Points, want)
		}
		if l.HP < prev.HP || l.Bonus < prev.Bonus {
			t.Errorf("level %d: HP %d bonus %d fall below the level before", l.Level, l.HP, l.Bonus)
		}
		prev = l
	}
	for _, c := range []Level{{5, 20, 1, 0, 50}, {25, 26, 6, 1, 625}, {56, 36, 14, 2, 1400}, {100, 50, 25, 5, 3000}} {
		got, err := d.LevelRow(c.Level)
		if err != nil || got != c {
			t.Errorf("LevelRow(%d) = %+v, %v; want %+v", c.Level, got, err, c)
		}
	}
	for _, bad := range []int{4, 101, -1} {
		if _, err := d.LevelRow(bad); err == nil {
			t.Errorf("LevelRow(%d) did not fail", bad)
		}
	}
}

func TestBadgeRanksGrowTheBag(t *testing.T) {
	d := mustData(t)
	want := []struct {
		name               string
		inventory, storage int
	}{
		{"Rookie", 4, 2}, {"Normal", 4, 2}, {"Bronze", 4, 2}, {"Silver", 4, 2}, {"Gold", 4, 3},
		{"Platinum", 5, 3}, {"Diamond", 5, 4}, {"Ace", 5, 5}, {"Master", 5, 6}, {"Grand Master", 6, 6},
	}
	if len(d.Ranks) != len(want) {
		t.Fatalf("%d ranks, want %d", len(d.Ranks), len(want))
	}
	for i, w := range want {
		r := d.Ranks[i]
		if r.Name != w.name || r.Inventory != w.inventory || r.Storage != w.storage {
			t.Errorf("rank %d = %s %d/%d, want %s %d/%d", i, r.Name, r.Inventory, r.Storage, w.name, w.inventory, w.storage)
		}
	}
	for _, r := range d.Ranks {
		for _, rw := range r.Rewards {
			if _, err := d.ItemNamed(rw.Item); err != nil && !rw.Choice {
				t.Errorf("%s Rank rewards %s: %v", r.Name, rw.Item, err)
			}
		}
	}
	if r, err := d.RankNamed("silver rank"); err != nil || r.Next != 4000 {
		t.Errorf("RankNamed(silver rank) = %+v, %v; want 4000 points to Gold", r, err)
	}
}

func TestIQSkillsHaveTiersAndCosts(t *testing.T) {
	d := mustData(t)
	rolls := map[[2]int]string{}
	for _, s := range d.IQSkills {
		if s.Tier < 0 || s.Tier > 3 || (s.Tier > 0 && (s.IP < 0 || s.IP > 10 || s.Roll < 1)) {
			t.Errorf("%+v: tier, IP or roll out of range", s)
		}
		if s.Roll > 0 {
			k := [2]int{s.Tier, s.Roll}
			if other, ok := rolls[k]; ok {
				t.Errorf("tier %d roll %d is both %s and %s", s.Tier, s.Roll, other, s.Name)
			}
			rolls[k] = s.Name
		}
	}
	if s, err := d.IQSkillNamed("Coin Haggler"); err != nil || s.Tier != 1 || s.IP != 3 || s.IQ != 40 {
		t.Errorf("Coin Haggler = %+v, %v; want tier 1, 40 IQ, 3 IP", s, err)
	}
}

func TestItemAPComesFromItsCategory(t *testing.T) {
	d := mustData(t)
	for name, ap := range map[string]int{"Oran Berry": 2, "Reviver Seed": 3, "Blast Wand": 3, "All-Dodge Orb": 4, "Black Belt": 4} {
		it, err := d.ItemNamed(name)
		if err != nil || it.AP != ap {
			t.Errorf("%s AP = %+v, %v; want %d", name, it, err, ap)
		}
	}
	if it, err := d.ItemNamed("Choice Band"); err != nil || !it.Mainline {
		t.Errorf("Choice Band = %+v, %v; want a mainline item", it, err)
	}
}

func TestTypeChart(t *testing.T) {
	d := mustData(t)
	for _, c := range []struct {
		atk  string
		def  []string
		want float64
	}{
		{"Electric", []string{"Ground"}, 0},
		{"Fire", []string{"Grass"}, 2},
		{"Ground", []string{"Fire", "Rock"}, 4},
		{"Fire", []string{"Water", "Dragon"}, 0.25},
		{"Normal", []string{"Normal"}, 1},
		{"Typeless", []string{"Ghost"}, 1},
	} {
		if got := d.Effectiveness(c.atk, c.def...); got != c.want {
			t.Errorf("Effectiveness(%s, %v) = %v, want %v", c.atk, c.def, got, c.want)
		}
	}
}

// TestMITNotice_ShipsWithTheData checks the licence notice for the data
// taken from @pkmn/dex: it is embedded with the data files, is the MIT
// License with its permission notice, names the version the generator pins
// (tools/tmdgen/package.json and its lock file) and every data file that
// holds mainline data.
func TestMITNotice_ShipsWithTheData(t *testing.T) {
	notice, err := dataFS.ReadFile("data/LICENSE-pkmn")
	if err != nil {
		t.Fatalf("the notice is not embedded with the data: %v", err)
	}
	var pkg struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	raw, err := os.ReadFile("../../tools/tmdgen/package.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &pkg); err != nil {
		t.Fatal(err)
	}
	version := pkg.Dependencies["@pkmn/dex"]
	if version == "" || strings.ContainsAny(version, "^~<>*x ") {
		t.Fatalf("tools/tmdgen/package.json pins @pkmn/dex as %q, want one exact version", version)
	}
	var lock struct {
		Packages map[string]struct {
			Version string `json:"version"`
			License string `json:"license"`
		} `json:"packages"`
	}
	raw, err = os.ReadFile("../../tools/tmdgen/package-lock.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &lock); err != nil {
		t.Fatal(err)
	}
	if p := lock.Packages["node_modules/@pkmn/dex"]; p.Version != version || p.License != "MIT" {
		t.Errorf("the lock file has @pkmn/dex %s (%s), want %s (MIT)", p.Version, p.License, version)
	}
	text := string(notice)
	for _, want := range []string{
		"MIT License", "Permission is hereby granted, free of charge",
		"The above copyright notice and this permission notice shall be included",
		"@pkmn/dex " + version, "Copyright (c) pkmn contributors",
		"species.json", "moves.json", "types.json", "abilities.json", "items.json", "learnsets.json", "levelups.json",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("data/LICENSE-pkmn lacks %q", want)
		}
	}
}
