package tmd

import (
	"fmt"
	"strings"

	"tabletop/engine"
)

// Explain implements engine.Explainer: a move on one target says its
// exact chances from the seat's own view (the odds it carries); the
// non-move actions say what they cost and do.
func (game) Explain(v engine.View, a engine.Action) string {
	view, ok := v.(*View)
	if !ok {
		return ""
	}
	switch a := a.(type) {
	case UseMove:
		if view.Battle == nil || len(a.Targets) != 1 {
			return ""
		}
		for _, o := range view.Battle.Odds {
			if strings.EqualFold(o.Move, a.Move) && strings.EqualFold(o.Target, a.Targets[0]) {
				return oddsText(o)
			}
		}
	case Brace:
		return fmt.Sprintf("%d AP: +%d %s until your next turn (a defensive action).", BraceAP, BraceBonus, a.Stat)
	case Dodge:
		return fmt.Sprintf("%d AP: attacks on you need %d more on the die until your next turn (a defensive action).", a.AP, a.AP)
	case Break:
		return "The whole turn: every stat change steps one back towards 0."
	case Guard:
		return fmt.Sprintf("The whole turn: you take the attacks aimed at %s until your next turn.", a.Ally)
	case ClearHazards:
		return fmt.Sprintf("%d AP: a d20 of %d or more clears the hazards on your side.", ClearAP, ClearAt)
	case EndTurn:
		return "Ends your turn; the AP left is lost."
	}
	return ""
}

// oddsText writes one line of odds: "Hit 19/20 (95.0%), crit 1/20 (5.0%);
// when it lands: 11 (9/10 (90.0%)), 15 (1/20 (5.0%)); expected 10.65".
func oddsText(o Odds) string {
	var dmg []string
	for _, d := range o.Damage {
		dmg = append(dmg, fmt.Sprintf("%d: %s", d.Damage, d.P))
	}
	s := fmt.Sprintf("Hit %s, crit %s; damage %s; expected %s", o.Hit, o.Crit, strings.Join(dmg, ", "), o.Expected)
	if o.Partial {
		s += " (before its hidden defence)"
	}
	return s + "."
}
