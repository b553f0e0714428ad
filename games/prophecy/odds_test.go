package prophecy

import (
	"math"
	"os"
	"strings"
	"testing"

	"tabletop/dice"
)

func mustChance(t *testing.T, pool, diff int) float64 {
	t.Helper()
	c, err := CheckChance(pool, diff)
	if err != nil {
		t.Fatal(err)
	}
	return c.P
}

func TestOutlineOdds_RewardDiceFlowUpTheTree(t *testing.T) {
	// Finale (d4) <- A (d3) <- C (d2); Finale <- B (d3, 1 pair); 2 pairs
	// elsewhere.
	one := 1
	root := &Node{Objective: "F", Precursors: []*Node{
		{Objective: "A", Precursors: []*Node{{Objective: "C"}}},
		{Objective: "B", Pairs: &one},
	}}
	if err := root.Validate(); err != nil {
		t.Fatal(err)
	}
	odds, err := OutlineOdds(root, 2)
	if err != nil {
		t.Fatal(err)
	}
	pc := mustChance(t, 2, 2)
	pa := (1-pc)*mustChance(t, 2, 3) + pc*mustChance(t, 3, 3)
	pb := mustChance(t, 1, 3)
	// The Finale rolls 2 pairs + 0, 1 or 2 reward dice.
	pf := (1-pa)*(1-pb)*mustChance(t, 2, 4) +
		(pa*(1-pb)+(1-pa)*pb)*mustChance(t, 3, 4) +
		pa*pb*mustChance(t, 4, 4)
	for _, tt := range []struct {
		name      string
		got, want float64
	}{{"C", odds.Scenes[3], pc}, {"A", odds.Scenes[2], pa}, {"B", odds.Scenes[4], pb}, {"Finale", odds.Scenes[1], pf}, {"averted", odds.Averted, pf}} {
		if math.Abs(tt.got-tt.want) > 1e-15 {
			t.Errorf("%s: %v, want %v", tt.name, tt.got, tt.want)
		}
	}
	// With no pairs but B's one, C and A have empty pools and fail; only
	// B's success can give the Finale a die.
	none, _ := OutlineOdds(root, 0)
	if none.Scenes[3] != 0 || none.Scenes[2] != 0 || math.Abs(none.Averted-pb*mustChance(t, 1, 4)) > 1e-15 {
		t.Errorf("no pairs: %+v, want C and A 0, averted %v", none, pb*mustChance(t, 1, 4))
	}
}

func TestOutlineOdds_AgreeWithASeededSimulationOf100000Stories(t *testing.T) {
	raw, err := os.ReadFile("testdata/outline.json")
	if err != nil {
		t.Fatal(err)
	}
	root, err := ParseOutline(raw)
	if err != nil {
		t.Fatal(err)
	}
	odds, err := OutlineOdds(root, 2)
	if err != nil {
		t.Fatal(err)
	}
	sim, err := Simulate(root, 2, 100_000, dice.NewUnrecordedStream(dice.Seed{0x50, 0x72}))
	if err != nil {
		t.Fatal(err)
	}
	if diff := math.Abs(sim.Averted.P - odds.Averted); diff > sim.Averted.CI95 {
		t.Errorf("averted: exact %.5f, simulated %.5f ± %.5f (95%%)", odds.Averted, sim.Averted.P, sim.Averted.CI95)
	}
	// Eight scenes at 95% would miss one in three runs by chance; each
	// scene is held to 99.9% (3.29 standard errors, 1.96 per CI95).
	for id, e := range sim.Scenes {
		if diff := math.Abs(e.P - odds.Scenes[id]); diff > e.CI95*3.29/1.96 {
			t.Errorf("scene %d: exact %.5f, simulated %.5f ± %.5f (95%%)", id, odds.Scenes[id], e.P, e.CI95)
		}
	}
	if len(sim.Scenes) != 8 {
		t.Errorf("%d scenes simulated, want 8", len(sim.Scenes))
	}
}

func TestParseOutline_ErrorsSayWhere(t *testing.T) {
	for _, tt := range []struct{ name, json, want string }{
		{"too deep", `{"objective":"F","precursors":[{"objective":"a","precursors":[{"objective":"b","precursors":[{"objective":"c","precursors":[{"objective":"d"}]}]}]}]}`, "finale > precursor 1 > precursor 1 > precursor 1 > precursor 1: too deep"},
		{"no objective", `{"objective":"F","precursors":[{"objective":"a"},{"setting":"x"}]}`, "finale > precursor 2: objective: empty"},
		{"pairs", `{"objective":"F","pairs":13}`, "finale: pairs: 13 is out of range 0..12"},
		{"unknown field", `{"objective":"F","precursor":[]}`, `unknown field "precursor"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseOutline([]byte(tt.json))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("ParseOutline = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestView_DesignersOddsFollowTheOutline(t *testing.T) {
	s, d := outlined(t)
	before := s.View(0).(*View).Averted
	if want := mustChance(t, 2, 4); before != want {
		t.Errorf("the Finale alone: averted %v, want %v (2 pairs, no reward dice)", before, want)
	}
	mustApply(t, s, 0, "add 1: Find the draught", d)
	after := s.View(0).(*View).Averted
	if after <= before {
		t.Errorf("a precursor did not raise the odds: %v then %v", before, after)
	}
	mustApply(t, s, 0, "expect 3", d)
	v := s.View(0).(*View)
	root := &Node{Objective: "F", Precursors: []*Node{{Objective: "A"}}}
	root.Validate()
	want, _ := OutlineOdds(root, 3)
	if v.Averted != want.Averted || v.Scenes[1].Odds != want.Scenes[2] || v.Pairs != 3 {
		t.Errorf("expecting 3 pairs: averted %v scene %v, want %v %v", v.Averted, v.Scenes[1].Odds, want.Averted, want.Scenes[2])
	}
}
