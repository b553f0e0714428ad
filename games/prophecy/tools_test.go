package prophecy

import (
	"context"
	"net/url"
	"os"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// TestDesigner_ExactOddsOfAnOutlineBeyondAnyTable: the designer's page
// takes an outline written before any table and gives the same exact odds
// as OutlineOdds (and so "tabletop sim prophecy --outline"), with every
// scene at its difficulty in tree order, the warning above eight scenes,
// and errors that say what is wrong.
func TestDesigner_ExactOddsOfAnOutlineBeyondAnyTable(t *testing.T) {
	raw, err := os.ReadFile("testdata/outline.json")
	if err != nil {
		t.Fatal(err)
	}
	run := func(form url.Values) (any, error) {
		return designerTool.Run(context.Background(), engine.ToolRequest{Form: form})
	}
	data, err := run(url.Values{"outline": {string(raw)}, "pairs": {"3"}})
	if err != nil {
		t.Fatal(err)
	}
	d := data.(*Designed)
	root, _ := ParseOutline(raw)
	want, _ := OutlineOdds(root, 3)
	if d.Averted != want.Averted || d.AvertedPercent() != dice.Percent(want.Averted) || d.Pairs != 3 {
		t.Errorf("averted %v (%s), want %v", d.Averted, d.AvertedPercent(), want.Averted)
	}
	if len(d.Scenes) != 8 || len(d.Rows) != 8 || d.Warning != "" {
		t.Fatalf("%d scenes, %d rows, warning %q; want 8, 8, none", len(d.Scenes), len(d.Rows), d.Warning)
	}
	for i, r := range d.Rows {
		sc := d.Scenes[i]
		if r.ID != sc.ID || sc.Odds != want.Scenes[sc.ID] || r.Percent != dice.Percent(want.Scenes[sc.ID]) || r.Difficulty != FinaleDifficulty-r.Depth {
			t.Errorf("row %d: %+v, scene %+v; want odds %v", i, r, sc, want.Scenes[sc.ID])
		}
	}
	// "Win the apothecary's trust" expects 1 pair; "Bribe the clerk" lies
	// three levels down, at difficulty 1.
	if r := d.Rows[2]; r.Objective != "Win the apothecary's trust" || r.Pairs != 1 || r.Difficulty != 2 {
		t.Errorf("row 3: %+v", r)
	}
	if r := d.Rows[6]; r.Objective != "Bribe the clerk" || r.Depth != 3 || r.Difficulty != 1 || r.Pairs != 3 {
		t.Errorf("row 7: %+v", r)
	}
	if !strings.Contains(string(d.SVG()), `<g class="scene" data-scene="7">`) {
		t.Errorf("the outline is not drawn")
	}
	// Nine scenes warn; more than the pairs allowed, too deep, or no
	// outline at all are refused with a reason.
	nine := `{"objective":"F","precursors":[{"objective":"1"},{"objective":"2"},{"objective":"3"},{"objective":"4"},{"objective":"5"},{"objective":"6"},{"objective":"7"},{"objective":"8"}]}`
	if data, err := run(url.Values{"outline": {nine}}); err != nil || !strings.Contains(data.(*Designed).Warning, "9 scenes") || data.(*Designed).Pairs != DefaultPairs {
		t.Errorf("nine scenes: %v, %+v", err, data)
	}
	for _, tt := range []struct {
		form url.Values
		want string
	}{
		{url.Values{"outline": {string(raw)}, "pairs": {"13"}}, "pairs per scene: want a whole number from 0 to 12"},
		{url.Values{"outline": {`{"objective":"F","precursors":[{"objective":"a","precursors":[{"objective":"b","precursors":[{"objective":"c","precursors":[{"objective":"d"}]}]}]}]}`}}, "too deep"},
		{url.Values{"outline": {`{"objective":`}}, "not an outline in JSON"},
		{url.Values{"pairs": {"2"}}, "give the outline"},
	} {
		if _, err := run(tt.form); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: %v, want %q", tt.form, err, tt.want)
		}
	}
	if data, err := run(url.Values{}); data != nil || err != nil {
		t.Errorf("the empty form: %v, %v; want nothing", data, err)
	}
}
