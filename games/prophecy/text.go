package prophecy

import (
	"fmt"
	"strings"

	"tabletop/dice"
	"tabletop/engine"
)

// RenderText implements engine.TextRenderer: the table for the terminal.
func (game) RenderText(v engine.View, _ engine.Seat) string {
	pv, ok := v.(*View)
	if !ok {
		return fmt.Sprintf("%v", v)
	}
	var b strings.Builder
	if pv.World == nil {
		b.WriteString("No world yet. The worlds:\n")
		for _, w := range Worlds() {
			fmt.Fprintf(&b, "  world %s: %s. %s\n", w.ID, w.Name, w.Blurb)
		}
		return b.String()
	}
	fmt.Fprintf(&b, "World: %s. %s\n", pv.World.Name, pv.World.Blurb)
	if pv.Prophecy == nil {
		b.WriteString("Type receive to roll d66 for the prophecy.\n")
		return b.String()
	}
	p := pv.Prophecy
	fmt.Fprintf(&b, "Prophecy (d66: %d and %d): %s\n\nCharacters:\n", p.Tens, p.Units, p.Text)
	for i, c := range pv.Chars {
		if c.Name == "" {
			fmt.Fprintf(&b, "  %d. (%s has not made one yet)\n", i+1, pv.Players[i])
			continue
		}
		fmt.Fprintf(&b, "  %d. %s (%s): %s\n", i+1, c.Name, pv.Players[i], aspectList(c.Aspects))
	}
	fmt.Fprintf(&b, "\nOutline (odds with %d pairs per scene; the prophecy is averted with %s):\n", pv.Pairs, dice.Percent(pv.Averted))
	b.WriteString(TreeText(pv.Scenes))
	if pv.Warning != "" {
		b.WriteString(pv.Warning + "\n")
	}
	if sc := pv.scene(pv.Current); sc != nil {
		fmt.Fprintf(&b, "\nScene %d, difficulty %d: %s\n", sc.ID, sc.Difficulty, sc.Objective)
		if sc.Setting != "" {
			fmt.Fprintf(&b, "Setting: %s\n", sc.Setting)
		}
		if pv.Timer > 0 {
			fmt.Fprintf(&b, "Timer: %s for the scene.\n", engine.Count(pv.Timer, "minute", "minutes"))
		}
		for i, o := range sc.Objects {
			fmt.Fprintf(&b, "  object %d. %s: %s\n", i+1, o.Name, numbered(o.Aspects))
		}
		for i, pr := range sc.Pairs {
			fmt.Fprintf(&b, "  pair %d. %s\n", i+1, pv.pairText(sc, pr))
		}
		if c := pv.Check; c != nil {
			if c.Pool == 0 {
				b.WriteString("Pool 0: rolling now fails. Find matching pairs.\n")
			} else {
				fmt.Fprintf(&b, "Pool %d (%s): %s to reach %d hits.\n", c.Pool, c.Notation, dice.Percent(c.P), c.Difficulty)
			}
		}
	}
	switch pv.Phase {
	case PhaseOutline:
		b.WriteString("\nMake your character, sketch the outline, then start.\n")
	case PhaseOver:
		b.WriteString("\n" + pv.Outcome + ".\n")
	}
	return b.String()
}

// aspectList numbers a character's aspects for pairs: "1. smith; 2. ...".
func aspectList(as []Aspect) string {
	texts := make([]string, len(as))
	for i, a := range as {
		texts[i] = a.Text
	}
	return numbered(texts)
}

func numbered(texts []string) string {
	parts := make([]string, len(texts))
	for i, t := range texts {
		parts[i] = fmt.Sprintf("%d. %s", i+1, t)
	}
	if len(parts) == 0 {
		return "(no aspects)"
	}
	return strings.Join(parts, "; ")
}

// scene returns the view of scene id, or nil.
func (v *View) scene(id int) *SceneView {
	for i := range v.Scenes {
		if v.Scenes[i].ID == id {
			return &v.Scenes[i]
		}
	}
	return nil
}

// pairText writes a pair as people read it: as it was when the check was
// rolled, or, before the roll, with the aspects as they are now.
func (v *View) pairText(sc *SceneView, p Pair) string {
	if p.Text != "" {
		return p.Text
	}
	return pairString(v.Chars, sc.Objects, p)
}

// pairString writes a pair with its aspects' texts as they stand.
func pairString(chars []Character, objects []Object, p Pair) string {
	c, o := chars[p.Character-1], objects[p.Object-1]
	return fmt.Sprintf("%s's %q with %s's %q", c.Name, c.Aspects[p.CharAspect-1].Text, o.Name, o.Aspects[p.ObjectAspect-1])
}
