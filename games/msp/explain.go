package msp

import (
	"fmt"
	"strings"

	"tabletop/engine"
)

// Explain implements engine.Explainer: what an offered action does, with
// the dice and numbers that decide it, for the seat whose view v is. It
// reads only v.
func (game) Explain(v engine.View, a engine.Action) string {
	view, ok := v.(*View)
	if !ok {
		return ""
	}
	switch a := a.(type) {
	case Create:
		return fmt.Sprintf("Make %s, %s %s %s: the five stats are rolled once, each d20 − 2d6; HP is %d + Defence.", a.Name, aOrAn(a.Race), a.Race, a.Class, BaseHP)
	case Reroll:
		return "Roll all five stats again (d20 − 2d6 each), using a re-roll the GM granted; the new ones stand."
	case Keep:
		return "Keep the stats you have and give the re-roll back."
	case Roll:
		return "Roll d20 + the stat against the target the GM set in secret; the target is told once you roll."
	case Strike:
		return explainStrike(view, a)
	case Use:
		if it, ok := view.item(a.Item); ok {
			return fmt.Sprintf("%s eats a portion of %s: +%d HP, never above their most HP (you have %d).", a.On, it.Name, it.Heal, it.Portions)
		}
	case Rest:
		if a.Long {
			return fmt.Sprintf("A long rest: all HP back; in a battle it takes this turn and the next %d.", longRestTurns)
		}
		return fmt.Sprintf("A short rest: +%d HP; in a battle it takes this turn and the next.", restHP)
	case Drop:
		if it, ok := view.item(a.Item); ok {
			return fmt.Sprintf("Leave %s behind: %d g less to carry.", it.Name, it.Weight())
		}
	case Pay:
		to := "someone in the world (a merchant, a toll)"
		if a.To != "" {
			to = a.To
		}
		return fmt.Sprintf("Hand %s to %s; change is made with the fewest coins.", Money(a.Amount), to)
	case Target:
		return explainTarget(view, a)
	case End:
		return "End the session; everything hidden (sheets, targets, private changes) is then shown to everyone, but your notes stay yours."
	case Note:
		return "Write a note only you, the GM, can read (the players see that you wrote one)."
	case Damage:
		return fmt.Sprintf("The bare-handed hit deals %d damage.", a.Points)
	case Reveal:
		return fmt.Sprintf("Show everyone %s's health from now on.", a.Who)
	case EndBattle:
		return "End the battle as it stands."
	case CancelCheck:
		return "Call off the open check: nobody rolls."
	case GrantReroll:
		return fmt.Sprintf("Give %s a re-roll of all five stats, to use or decline.", a.Who)
	case Check:
		return fmt.Sprintf("Ask %s for an action with %s: you then set a target in secret, and they roll d20 + %s against it.", a.Who, a.Stat.Title(), a.Stat.Title())
	case GiveXP:
		return fmt.Sprintf("%s gains %d XP; levels come at 10, 100, 1000 XP and so on.", a.Who, a.Points)
	case Coins:
		return fmt.Sprintf("%s receives %s, made into the fewest coins; what the bag cannot hold is carried loose.", a.Who, Money(a.Amount))
	case Give:
		return fmt.Sprintf("%s receives %s from your book, if they can carry it.", a.Who, a.Item)
	case Battle:
		return "Start a battle: everyone rolls a d6 for initiative, lowest first (ties: higher Speed first); each turn is one action."
	}
	return ""
}

// item is the viewer's own item called name, from its sheet.
func (v *View) item(name string) (Item, bool) {
	for _, p := range v.Players {
		if p.Seat != v.Seat || p.Character == nil || p.Character.Sheet == nil {
			continue
		}
		for _, it := range p.Character.Sheet.Items {
			if it.Name == name {
				return it, true
			}
		}
	}
	return Item{}, false
}

// explainStrike says how an attack is decided and what it deals.
func explainStrike(v *View, a Strike) string {
	who, deals := "You", "the GM sets the damage of a bare-handed hit"
	if it, ok := v.item(a.With); ok && it.Damage > 0 {
		deals = fmt.Sprintf("a hit deals %s's %d damage", it.Name, it.Damage)
	}
	if v.IsGM && v.Battle != nil {
		who = v.Battle.Turn
		for _, e := range v.Battle.Enemies {
			for _, at := range e.Attacks {
				if e.Name == who && at.Name == a.With && at.Damage > 0 {
					deals = fmt.Sprintf("a hit deals %s's %d damage", at.Name, at.Damage)
				}
			}
		}
	}
	return fmt.Sprintf("%s and %s each roll a d6: the attacker's higher hits (a tie misses), and %s; a defender who rolls exactly double earns an extra turn. A downed character cannot defend.", who, a.Target, deals)
}

// explainTarget gives the GM the exact chance of success of a target.
func explainTarget(v *View, a Target) string {
	if v.Check == nil {
		return ""
	}
	goal := Goal{AtMost: a.AtMost, Value: a.Value}
	for _, ch := range v.Check.Chances {
		if ch.Target != a.Value {
			continue
		}
		chance := ch.AtLeast
		if a.AtMost {
			chance = ch.AtMost
		}
		return fmt.Sprintf("%s's roll must be %s, hidden from the players until they roll: chance of success %s.", v.Check.Name, goal, chance)
	}
	return fmt.Sprintf("%s's roll must be %s, hidden from the players until they roll.", v.Check.Name, goal)
}

// aOrAn is the article before word: "an" before a vowel ("an elf"), else
// "a".
func aOrAn(word string) string {
	if word != "" && strings.ContainsRune("aeiouAEIOU", rune(word[0])) {
		return "an"
	}
	return "a"
}
