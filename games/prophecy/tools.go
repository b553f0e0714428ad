package prophecy

import (
	"context"
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"tabletop/dice"
	"tabletop/engine"
)

// Tools implements engine.Tooler: the outline designer, a page beside the
// tables (pages/tools/designer.html).
func (game) Tools() []engine.Tool { return []engine.Tool{designerTool} }

// designerTool is the designer's view beyond any table: an outline in the
// JSON shape "tabletop sim prophecy --outline" reads, and the pairs
// expected per scene, give the exact chance that each scene succeeds and
// that the prophecy is averted, the outline drawn as at a table.
var designerTool = engine.Tool{
	Name:  "designer",
	Title: "Outline designer",
	Page:  "tools/designer.html",
	Funcs: template.FuncMap{"prophecyExampleOutline": func() string { return exampleOutline }},
	Run: func(_ context.Context, req engine.ToolRequest) (any, error) {
		raw := strings.TrimSpace(req.Form.Get("outline"))
		if raw == "" {
			if len(req.Form) == 0 {
				return nil, nil // the empty form
			}
			return nil, fmt.Errorf("prophecy: give the outline: the Finale as JSON, its precursors inside it")
		}
		pairs := DefaultPairs
		if v := strings.TrimSpace(req.Form.Get("pairs")); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > MaxExpectPairs {
				return nil, fmt.Errorf("prophecy: pairs per scene: want a whole number from 0 to %d, got %s", MaxExpectPairs, engine.Quote(v))
			}
			pairs = n
		}
		return Design([]byte(raw), pairs)
	},
}

// exampleOutline is the designer page's placeholder: a Finale with two
// precursors, one of them with its own.
const exampleOutline = `{"objective": "Seal the rift", "setting": "the old observatory",
 "precursors": [
   {"objective": "Find the key", "pairs": 3},
   {"objective": "Recruit the guard", "precursors": [{"objective": "Bribe the captain"}]}
 ]}`

// Designed is an outline as the designer sees it: its scenes in tree
// order with their exact chances, as a table's view has them, and the
// chance that the prophecy is averted.
type Designed struct {
	Pairs     int           // expected per scene, unless a scene says otherwise
	Scenes    []SceneView   // in tree order, as View.Scenes
	Rows      []DesignedRow // the same, for the page's table
	Averted   float64
	Truncated float64 // the largest mass a pool's distribution left out
	Warning   string  // above eight scenes
}

// DesignedRow is one scene of a designed outline, as the page lists it.
type DesignedRow struct {
	ID, Depth, Difficulty, Pairs int
	Objective                    string
	Known                        string // "success" or "failure" for a scene already rolled, else ""
	Percent                      string // its exact chance, as "tabletop odds" prints chances
}

// SVG draws the outline as the table page does.
func (d *Designed) SVG() template.HTML { return template.HTML(TreeSVG(d.Scenes)) } // TreeSVG escapes every text

// AvertedPercent is the chance the prophecy is averted, as "tabletop odds"
// prints chances.
func (d *Designed) AvertedPercent() string { return dice.Percent(d.Averted) }

// Design reads an outline (ParseOutline) and works out its exact odds with
// pairs matching pairs per scene unless a scene says otherwise (OutlineOdds).
func Design(outline []byte, pairs int) (*Designed, error) {
	root, err := ParseOutline(outline)
	if err != nil {
		return nil, err
	}
	odds, err := OutlineOdds(root, pairs)
	if err != nil {
		return nil, err
	}
	d := &Designed{Pairs: pairs, Averted: odds.Averted, Truncated: odds.Truncated}
	var walk func(n *Node, parent, depth int)
	walk = func(n *Node, parent, depth int) {
		sv := SceneView{Scene: Scene{ID: n.ID, Parent: parent, Objective: n.Objective, Setting: n.Setting, Difficulty: FinaleDifficulty - depth}, Depth: depth, Odds: odds.Scenes[n.ID]}
		if n.Known != nil {
			sv.Status, sv.Success = Performed, *n.Known
		}
		for _, c := range n.Precursors {
			sv.Precursors = append(sv.Precursors, c.ID)
		}
		d.Scenes = append(d.Scenes, sv)
		row := DesignedRow{ID: n.ID, Depth: depth, Difficulty: sv.Difficulty, Pairs: pairs, Objective: n.Objective, Percent: dice.Percent(sv.Odds)}
		if n.Pairs != nil {
			row.Pairs = *n.Pairs
		}
		if n.Known != nil {
			row.Known = map[bool]string{true: "success", false: "failure"}[*n.Known]
		}
		d.Rows = append(d.Rows, row)
		for _, c := range n.Precursors {
			walk(c, n.ID, depth+1)
		}
	}
	walk(root, 0, 0)
	if len(d.Scenes) > WarnScenes {
		d.Warning = fmt.Sprintf("warning: %d scenes; the text keeps an outline to eight", len(d.Scenes))
	}
	return d, nil
}
