package prophecy

import (
	"fmt"
	"html"
	"strings"
	"unicode/utf8"

	"tabletop/dice"
)

// sceneLabel is a scene's line in the tree: number, difficulty, odds or
// outcome, objective.
func sceneLabel(sc *SceneView) string {
	name := fmt.Sprintf("[%d]", sc.ID)
	if sc.ID == FinaleID {
		name += " Finale"
	}
	return fmt.Sprintf("%s d%d %s: %s", name, sc.Difficulty, sceneState(sc), orDash(sc.Objective))
}

// sceneState is a scene's outcome once rolled, else the designer's odds.
func sceneState(sc *SceneView) string {
	switch {
	case sc.Status >= Rolled && sc.Success:
		return "success"
	case sc.Status >= Rolled:
		return "failure"
	case sc.Status == Performing:
		return "performing, " + dice.Percent(sc.Odds)
	}
	return dice.Percent(sc.Odds)
}

func orDash(s string) string {
	if s == "" {
		return "(no objective yet)"
	}
	return s
}

// TreeText draws the outline as an indented tree for the terminal, the
// Finale at the top and each scene's precursors below it, with each
// scene's difficulty and its odds (or its outcome once rolled). scenes are
// in tree order, as View.Scenes has them.
func TreeText(scenes []SceneView) string {
	byID := make(map[int]*SceneView, len(scenes))
	for i := range scenes {
		byID[scenes[i].ID] = &scenes[i]
	}
	var b strings.Builder
	var walk func(id int, prefix string, last, root bool)
	walk = func(id int, prefix string, last, root bool) {
		sc := byID[id]
		if sc == nil {
			return
		}
		branch, next := "├── ", "│   "
		if last {
			branch, next = "└── ", "    "
		}
		if root {
			branch, next = "", ""
		}
		b.WriteString(prefix + branch + sceneLabel(sc) + "\n")
		for i, c := range sc.Precursors {
			walk(c, prefix+next, i == len(sc.Precursors)-1, false)
		}
	}
	if len(scenes) > 0 {
		walk(scenes[0].ID, "", true, true)
	}
	return b.String()
}

// The SVG tree's geometry, in user units.
const (
	svgBoxW  = 200
	svgBoxH  = 70
	svgGapX  = 20
	svgGapY  = 50
	svgPad   = 10
	svgChars = 30 // characters of objective per line
)

// TreeSVG draws the outline as an SVG image: one box per scene with its
// number, difficulty, odds or outcome and objective, a line from each
// precursor up to its scene. It is a pure function of the scenes (in tree
// order, as View.Scenes has them); every text is escaped.
func TreeSVG(scenes []SceneView) string {
	byID := make(map[int]*SceneView, len(scenes))
	for i := range scenes {
		byID[scenes[i].ID] = &scenes[i]
	}
	// Leaves take the next column; a scene sits over the middle of its
	// precursors.
	x := map[int]float64{}
	depth := map[int]int{}
	col, deepest := 0, 0
	var place func(id, d int)
	place = func(id, d int) {
		sc := byID[id]
		depth[id] = d
		deepest = max(deepest, d)
		var kids []int
		for _, c := range sc.Precursors {
			if byID[c] != nil {
				kids = append(kids, c)
			}
		}
		if len(kids) == 0 {
			x[id] = float64(col)
			col++
			return
		}
		for _, c := range kids {
			place(c, d+1)
		}
		x[id] = (x[kids[0]] + x[kids[len(kids)-1]]) / 2
	}
	if len(scenes) > 0 {
		place(scenes[0].ID, 0)
	}
	col = max(col, 1)
	width := svgPad*2 + col*svgBoxW + (col-1)*svgGapX
	height := svgPad*2 + (deepest+1)*svgBoxH + deepest*svgGapY
	left := func(id int) float64 { return svgPad + x[id]*(svgBoxW+svgGapX) }
	top := func(id int) float64 { return float64(svgPad + depth[id]*(svgBoxH+svgGapY)) }

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="outline" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="the outline">`, width, height, width, height)
	b.WriteString("\n")
	for i := range scenes {
		sc := &scenes[i]
		if _, ok := x[sc.ID]; !ok {
			continue
		}
		for _, c := range sc.Precursors {
			if _, ok := x[c]; !ok {
				continue
			}
			fmt.Fprintf(&b, `<line x1="%.0f" y1="%.0f" x2="%.0f" y2="%.0f" stroke="#555"/>`+"\n",
				left(sc.ID)+svgBoxW/2, top(sc.ID)+svgBoxH, left(c)+svgBoxW/2, top(c))
		}
	}
	for i := range scenes {
		sc := &scenes[i]
		if _, ok := x[sc.ID]; !ok {
			continue
		}
		fill := "#fff"
		switch {
		case sc.Status >= Rolled && sc.Success:
			fill = "#d8f0d8"
		case sc.Status >= Rolled:
			fill = "#f4d6d6"
		case sc.Status == Performing:
			fill = "#fff3c4"
		}
		lx, ty := left(sc.ID), top(sc.ID)
		fmt.Fprintf(&b, `<g class="scene" data-scene="%d"><title>%s</title>`, sc.ID, html.EscapeString(sceneLabel(sc)))
		fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="%d" height="%d" rx="6" fill="%s" stroke="#333"/>`, lx, ty, svgBoxW, svgBoxH, fill)
		head := fmt.Sprintf("%d · difficulty %d · %s", sc.ID, sc.Difficulty, sceneState(sc))
		if sc.ID == FinaleID {
			head = "Finale · " + head
		}
		fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="12" font-weight="bold">%s</text>`, lx+8, ty+18, html.EscapeString(head))
		for j, line := range wrap(orDash(sc.Objective), svgChars, 2) {
			fmt.Fprintf(&b, `<text x="%.0f" y="%.0f" font-size="12">%s</text>`, lx+8, ty+38+float64(j)*16, html.EscapeString(line))
		}
		b.WriteString("</g>\n")
	}
	b.WriteString("</svg>\n")
	return b.String()
}

// wrap breaks s into at most lines lines of about width characters at
// spaces, ending the last with "…" if s is longer.
func wrap(s string, width, lines int) []string {
	var out []string
	words := strings.Fields(s)
	cur := ""
	for i, w := range words {
		if cur != "" && utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w) > width {
			out = append(out, cur)
			cur = ""
			if len(out) == lines {
				out[lines-1] = truncate(out[lines-1]+" "+strings.Join(words[i:], " "), width)
				return out
			}
		}
		if cur != "" {
			cur += " "
		}
		cur += w
	}
	if cur != "" {
		out = append(out, truncate(cur, width))
	}
	return out
}

// truncate shortens s to width characters, ending with "…" if cut.
func truncate(s string, width int) string {
	if utf8.RuneCountInString(s) <= width {
		return s
	}
	r := []rune(s)
	return string(r[:width-1]) + "…"
}
