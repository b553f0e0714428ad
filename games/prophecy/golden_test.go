package prophecy

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/engine/enginetest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// script is a three-player evening: the seat acting (0-based) and the
// action's text form.
var script = []struct {
	seat engine.Seat
	text string
}{
	{0, "world starship"},
	{1, "receive"},
	{0, "character Nia Voss: jump pilot; fast reflexes; calm under fire; served with Rook; the Frontier Fleet"},
	{1, "character Rook: salvage diver; low-gravity born; reckless; served with Nia; the Salvagers' Guild"},
	{2, "character Dr. Okafor: field medic; speaks six languages; *curious* to a fault; owes Rook money; the Free Colonies Assembly"},
	{2, "edit 1: Turn the disaster aside; the jump gate control ring"},
	{0, "add 1: Get aboard the gate station; the docking ring"},
	{1, "add 1: Warn the colonies in time"},
	{2, "add 2: Forge an inspector's pass; a customs office"},
	{2, "add 3: Steal a relay key"},
	{0, "remove 5"},
	{1, "expect 3"},
	{0, "start"},
	{1, "perform 4"},
	{1, "object the customs officer: bribable; bored"},
	{2, "object a data core: encrypted"},
	{0, "pair 2.1 with 1.1"},
	{2, "pair 3.2 with 2.1"},
	{0, "pair 1.3 with 1.1"}, // refused: bribable is in pair 1
	{0, "pair 1.3 with 1.2"},
	{1, "strike 3"},
	{2, "roll"},
	{0, "narrate: Rook talked shop with the officer while Okafor cracked the core."},
	{1, "perform 2"},
	{1, "object the docking bay: half-repaired; watched"},
	{0, "pair 1.1 with 1.1"},
	{1, "pair 2.2 with 1.2"},
	{2, "roll"},
	{2, "narrate: Nia flew the shuttle through the gap in the repairs."},
	{0, "aspect 2: owes Okafor his life"},
	{1, "perform 3"},
	{2, "object the station's AI: forgotten"},
	{2, "pair 3.2 with 1.1"},
	{0, "roll"},
	{1, "narrate: Okafor spoke to the old AI in its first language."},
	{1, "aspect 3.3: haunted by the warning"},
	{0, "perform 1"},
	{0, "object the gate core: overheating; on a timer"},
	{1, "pair 2.1 with 1.1"},
	{2, "pair 1.2 with 1.2"},
	{0, "roll"},
	{1, "narrate: The gate shuddered, held, and went quiet."},
}

// TestPlaythrough_Golden plays the script at a seeded table and compares
// every action, the dice it consumed and every event, then the exported
// story, with testdata/playthrough-3p.golden. Rewrite it with go test
// -update. The seed was picked (one in 300 tried) for a story with a
// failed precursor, a successful one whose reward die joins the Finale's
// pool, an exploding 6 and an averted prophecy, which the test checks.
func TestPlaythrough_Golden(t *testing.T) {
	text, tab := playScript(t)
	s := tab.State().(*State)
	if s.scene(4).Success || !s.scene(2).Success || s.scene(1).Reward != 1 || s.scene(1).Pool != 3 || !s.scene(1).Success {
		t.Errorf("the story is not the one the seed was picked for: %+v", s.scenes)
	}
	if !strings.Contains(text, "6!") {
		t.Errorf("no die exploded")
	}
	enginetest.CompareGolden(t, "playthrough-3p.golden", text, *update)
}

func playScript(t *testing.T) (string, *engine.Table) {
	t.Helper()
	seats := []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}, {Name: "Cy"}}
	tab, err := engine.NewTable(Game, nil, seats, dice.Seed{0x70, 0x72, 214})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, step := range script {
		a, err := ParseAction(step.text)
		if err != nil {
			t.Fatalf("ParseAction(%q): %v", step.text, err)
		}
		fmt.Fprintf(&b, "%s: %s\n", step.seat, a)
		before := tab.Len()
		evs, err := tab.Act(step.seat, a)
		if err != nil {
			fmt.Fprintf(&b, "  refused: %v\n", err)
			continue
		}
		if tab.Len() != before+1 {
			t.Fatalf("%s: the log did not grow", step.text)
		}
		if draws := tab.Log(before)[0].Dice; len(draws) > 0 {
			fmt.Fprintf(&b, "  dice: %v\n", draws)
		}
		for _, e := range evs {
			fmt.Fprintf(&b, "  %s: %s\n", e.Kind, e.Text)
		}
	}
	out, over := tab.Over()
	if !over {
		t.Fatalf("the script did not finish the story")
	}
	fmt.Fprintf(&b, "over: %s %v\n\n", out.Text, out.Winners)
	b.WriteString(tab.State().(*State).Markdown())
	return b.String(), tab
}

func TestMarkdown_ExportsTheWholeStory(t *testing.T) {
	_, tab := playScript(t)
	s := tab.State().(*State)
	md := s.Markdown()
	// Scenes in the order played: 4, 2, 3, then the Finale.
	order := []string{"### 1. Scene 4: Forge an inspector's pass", "### 2. Scene 2: Get aboard", "### 3. Scene 3: Warn the colonies", "### 4. The Finale: Turn the disaster aside"}
	last := -1
	for _, h := range order {
		i := strings.Index(md, h)
		if i < 0 || i < last {
			t.Errorf("heading %q missing or out of order", h)
		}
		last = i
	}
	for _, want := range []string{
		"# Prophecy: The Long Frontier",
		fmt.Sprintf("d66: %d and %d, entry %d", s.prophecy.Tens, s.prophecy.Units, s.prophecy.Roll),
		s.prophecy.Text,
		"- **Nia Voss** (played by Ann)",
		`speaks six languages; \*curious\* to a fault`, // a player's asterisks stay asterisks
		"6. added in play: owes Okafor his life",
		`Rook's "salvage diver" with the customs officer's "bribable" (proposed by Ann)`,
		"> Nia flew the shuttle through the gap in the repairs.",
		"## The end",
		"Bo changes Dr. Okafor's aspect 3", // the journal says who did what
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the export lacks %q", want)
		}
	}
	// Every die of every roll is in it.
	for _, sc := range s.scenes {
		if sc.RollText == "" {
			continue
		}
		if !strings.Contains(md, "`"+sc.RollText+"`") {
			t.Errorf("the export lacks scene %d's roll %q", sc.ID, sc.RollText)
		}
	}
}

// TestMarkdown_PairsKeepTheAspectsTheCheckWasRolledWith: a character's
// aspect may change later in the story, but a scene already rolled keeps
// the pairs as they were matched, in the export and on the page; a check
// not yet rolled shows the aspect as it is now.
func TestMarkdown_PairsKeepTheAspectsTheCheckWasRolledWith(t *testing.T) {
	s, d := story(t)
	mustApply(t, s, 0, "perform 4", d)
	mustApply(t, s, 0, "object the apothecary: greedy; nervous", d)
	mustApply(t, s, 1, "pair 1.1 with 1.1", d)
	mustApply(t, s, 2, "aspect 1.2: sharp-eyed", d) // before the roll: the pair is about aspect 2
	mustApply(t, s, 1, "pair 1.2 with 1.2", d)
	mustApply(t, s, 2, "roll", d)
	mustApply(t, s, 1, "aspect 1.1: retired witch", d)
	mustApply(t, s, 0, "narrate: She sold us the draught.", d)
	mustApply(t, s, 2, "aspect 1.2: half-blind", d)
	md := s.Markdown()
	for _, want := range []string{
		`Wren's "hedge witch" with the apothecary's "greedy"`,
		`Wren's "sharp-eyed" with the apothecary's "nervous"`,
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the export lacks the pair as rolled, %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, `Wren's "retired witch" with`) || strings.Contains(md, `Wren's "half-blind" with`) {
		t.Errorf("a later change of an aspect rewrote a rolled pair:\n%s", md)
	}
	// The characters show the aspects as they are now.
	if !strings.Contains(md, "1. occupation: retired witch") || !strings.Contains(md, "2. physical or mental: half-blind") {
		t.Errorf("the heroes do not show their aspects as they are now:\n%s", md)
	}
	// Before a roll, a pair reads its aspects as they stand.
	mustApply(t, s, 0, "perform 2", d)
	mustApply(t, s, 0, "object the vault door: locked", d)
	mustApply(t, s, 0, "pair 1.1 with 1.1", d)
	v := s.View(0).(*View)
	sc := v.scene(2)
	if got := v.pairText(sc, sc.Pairs[0]); got != `Wren's "retired witch" with the vault door's "locked"` {
		t.Errorf("a pair before its roll reads %q", got)
	}
}
