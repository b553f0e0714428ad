package tmd

import (
	"context"
	"encoding/json"
	"net/url"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// mapRecords are write-once records in a map, as the server's store keeps
// them.
type mapRecords map[string][]byte

func (m mapRecords) Claim(_ context.Context, key string, value []byte) ([]byte, bool, error) {
	if v, ok := m[key]; ok {
		return v, false, nil
	}
	m[key] = value
	return value, true, nil
}

func (m mapRecords) Get(_ context.Context, key string) ([]byte, error) {
	if v, ok := m[key]; ok {
		return v, nil
	}
	return nil, engine.ErrNoRecord
}

// TestSpeciesRollTool_ARecordOfTheOneStepFlowCountsAsRolled checks that a
// record kept by the page's earlier one-step flow (no commit flag, no
// "/rolled" marker) shows its roll on a GET, is refused a new commitment
// or a second roll, and gets no marker it does not need: it was rolled as
// it was kept.
func TestSpeciesRollTool_ARecordOfTheOneStepFlowCountsAsRolled(t *testing.T) {
	seed := dice.Derive(dice.Seed{}, t.Name(), 1)
	key := rollKey("Thursday Guild", "Sparks")
	old := `{"campaign":"Thursday Guild","character":"Sparks","seed":"` + seed.String() + `"}`
	recs := mapRecords{key: []byte(old)}
	who := url.Values{"campaign": {"Thursday Guild"}, "character": {"Sparks"}}
	run := func(post bool, form url.Values) *rollPage {
		t.Helper()
		out, err := speciesRollTool.Run(context.Background(), engine.ToolRequest{Form: form, Post: post, Records: recs,
			NewSeed: func() dice.Seed { return dice.Derive(dice.Seed{}, t.Name(), 2) }})
		if err != nil {
			t.Fatal(err)
		}
		p, ok := out.(*rollPage)
		if !ok || p.Roll == nil || p.Roll.Seed != seed.String() || p.Commitment != seed.Commitment() || len(p.Lines) == 0 {
			t.Fatalf("the page of an old roll is %+v, want the roll of its seed", out)
		}
		return p
	}
	if p := run(false, who); p.JustRolled || p.Refused {
		t.Errorf("a GET of an old roll says %+v", p)
	}
	roll := url.Values{"action": {"roll"}, "campaign": who["campaign"], "character": who["character"]}
	for _, f := range []url.Values{who, roll} {
		if p := run(true, f); !p.Refused || p.JustRolled || p.JustCommitted || p.Recommitted {
			t.Errorf("a POST %v for an old roll says %+v, want it refused", f, p)
		}
	}
	if len(recs) != 1 || string(recs[key]) != old {
		t.Errorf("the records became %q", recs)
	}
	out, err := speciesRollTool.Run(context.Background(), engine.ToolRequest{Form: url.Values{"format": {"json"}, "campaign": who["campaign"], "character": who["character"]}, Records: recs})
	f, ok := out.(*engine.ToolFile)
	if err != nil || !ok {
		t.Fatalf("the download of an old roll: %v, %T", err, out)
	}
	var r PublicRoll
	if err := json.Unmarshal(f.Body, &r); err != nil || r.Seed != seed.String() {
		t.Fatalf("the download of an old roll: %v, %s", err, f.Body)
	}
	if _, err := CheckRoll(f.Body); err != nil {
		t.Errorf("the download of an old roll does not verify: %v", err)
	}
}

// TestIQRollTool_ARecordOfTheOneStepFlowCountsAsRolled checks that a
// discounted roll kept by the page's earlier one-step flow (no commit
// flag, no "/rolled" marker) is listed rolled, its download verifies, a
// roll of it is refused, and the next commitment takes the next number.
func TestIQRollTool_ARecordOfTheOneStepFlowCountsAsRolled(t *testing.T) {
	seed := dice.Derive(dice.Seed{}, t.Name(), 1)
	key := iqKey("Thursday Guild", "Sparks", 1)
	old := `{"campaign":"Thursday Guild","character":"Sparks","number":1,"tier":2,"seed":"` + seed.String() + `"}`
	recs := mapRecords{key: []byte(old)}
	run := func(post bool, form url.Values) any {
		t.Helper()
		form.Set("campaign", "Thursday Guild")
		form.Set("character", "Sparks")
		out, err := iqRollTool.Run(context.Background(), engine.ToolRequest{Form: form, Post: post, Records: recs,
			NewSeed: func() dice.Seed { return dice.Derive(dice.Seed{}, t.Name(), 2) }})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	if p := run(false, url.Values{}).(*iqRollPage); len(p.Rolls) != 1 || p.Rolls[0].Roll == nil || p.Rolls[0].Roll.Seed != seed.String() || p.Pending != nil || p.Next != 2 {
		t.Errorf("the page of an old roll is %+v, want it rolled", p)
	}
	if p := run(true, url.Values{"action": {"roll"}, "number": {"1"}}).(*iqRollPage); !p.Refused || p.JustRolled {
		t.Errorf("a roll of an old roll says %+v, want it refused", p)
	}
	if len(recs) != 1 {
		t.Errorf("the records became %q", recs)
	}
	f, ok := run(false, url.Values{"number": {"1"}, "format": {"json"}}).(*engine.ToolFile)
	if !ok {
		t.Fatal("no download of an old roll")
	}
	if _, err := CheckRoll(f.Body); err != nil {
		t.Errorf("the download of an old roll does not verify: %v", err)
	}
	if p := run(true, url.Values{"tier": {"1"}}).(*iqRollPage); !p.JustCommitted || p.Shown == nil || p.Shown.Number != 2 || p.Shown.Roll != nil {
		t.Errorf("a commit after an old roll is %+v, want roll 2 committed", p)
	}
}
