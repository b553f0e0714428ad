package prophecy

import (
	"fmt"

	"tabletop/dice"

	"tabletop/engine"
)

// Explain implements engine.Explainer: what an offered action does, with
// the odds that decide it. It reads only the view, which hides nothing.
func (game) Explain(v engine.View, a engine.Action) string {
	pv, ok := v.(*View)
	if !ok {
		return ""
	}
	switch a := a.(type) {
	case Receive:
		if pv.World != nil {
			return fmt.Sprintf("Rolls d66 (a tens die and a units die) on the %d catastrophes of %s.", catastrophes, pv.World.Name)
		}
	case Start:
		return "Ends the outline: once the story starts, scenes can no longer be added, changed, moved or removed."
	case AddScene:
		if sc := pv.scene(a.Under); sc != nil {
			return fmt.Sprintf("A precursor of scene %d, at difficulty %d: if it succeeds, scene %d rolls a reward die more.", a.Under, sc.Difficulty-1, a.Under)
		}
	case RemoveScene:
		return fmt.Sprintf("Removes scene %d with all its precursors.", a.Scene)
	case Expect:
		return fmt.Sprintf("Recomputes the designer's odds expecting %d pairs in each scene not yet rolled.", a.Pairs)
	case Perform:
		if sc := pv.scene(a.Scene); sc != nil {
			return fmt.Sprintf("Difficulty %d; with %d pairs expected it succeeds %s of the time.", sc.Difficulty, pv.Pairs, dice.Percent(sc.Odds))
		}
	case Narrate:
		return "Records this placeholder as the scene's narration: write your own in the scene's form instead."
	case MakeCharacter:
		return "A hero made of the world's suggestions, in one click: or make your own in the heroes' form."
	case Roll:
		if c := pv.Check; c != nil {
			if c.Pool == 0 {
				return "No pairs and no reward dice: a pool of 0 fails without a roll."
			}
			return fmt.Sprintf("Rolls %s (every 6 adds a die; 4, 5 and 6 hit): %s to reach %d hits.", c.Notation, dice.Percent(c.P), c.Difficulty)
		}
	}
	return ""
}
