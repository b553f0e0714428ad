package pmr

import (
	"fmt"
	"strings"

	"tabletop/engine"
)

// Explain implements engine.Explainer: what an activity, an entry or a
// contest choice will do for the stable whose view v is, with the values,
// doublings and odds that decide it. It reads only v.
func (game) Explain(v engine.View, a engine.Action) string {
	view, ok := v.(*View)
	if !ok || view.Board == nil || view.Seat < 0 || int(view.Seat) >= len(view.Stables) {
		return ""
	}
	mine := func(id int) *Monster { return monsterOf(view, Entrant{Stable: view.Seat, Monster: id}) }
	switch a := a.(type) {
	case Capture:
		return "A new monster: one die for each ability (+1, 0 or −1) and one for its age (4, 5 or 6)."
	case Train:
		m := mine(a.Monster)
		if m == nil {
			return ""
		}
		if a.Ability == Random {
			return fmt.Sprintf("M%d %s: +1 for sure to Speed, Brawn or Mind, whichever a die picks.", m.ID, m.Name)
		}
		v := m.Get(a.Ability)
		return fmt.Sprintf("M%d %s's %s %d becomes %d unless the die shows − (2 chances in 3).", m.ID, m.Name, a.Ability.title(), v, v+1)
	case Breed:
		return explainBreed(mine(a.A), mine(a.B))
	case Enter:
		m := mine(a.Monster)
		if m == nil {
			return ""
		}
		return fmt.Sprintf("M%d %s enters: Speed %d, Brawn %d, Mind %d (sum %d; byes go to the highest sums).",
			m.ID, m.Name, m.Speed, m.Brawn, m.Mind, m.Speed+m.Brawn+m.Mind)
	case Choose:
		return explainChoose(view, a.Ability)
	}
	return ""
}

// monsterOf is findMonster that returns nil for a monster not found.
func monsterOf(v *View, x Entrant) *Monster {
	m, ok := findMonster(v, x)
	if !ok {
		return nil
	}
	return &m
}

// twoFudge counts the ways two Fudge dice sum to -2, -1, 0, 1 and 2, of 9.
var twoFudge = [5]int{1, 2, 3, 2, 1}

// explainBreed gives the odds of an offspring and the averages it starts
// from.
func explainBreed(a, b *Monster) string {
	if a == nil || b == nil {
		return ""
	}
	avg := roundHalf(a.Age + b.Age)
	ways := 0 // 2dF results s with avg + s < 7
	for s := -2; s <= 2; s++ {
		if avg+s < 7 {
			ways += twoFudge[s+2]
		}
	}
	odds := fmt.Sprintf("an offspring %d times in 9", ways)
	switch ways {
	case 0:
		odds = "no chance of an offspring"
	case 9:
		odds = "an offspring for sure"
	}
	return fmt.Sprintf("Ages %d and %d average %d; plus two dice it must stay under 7: %s. It would start from the averages Speed %d, Brawn %d, Mind %d, each ± a die.",
		a.Age, b.Age, avg, odds, roundHalf(a.Speed+b.Speed), roundHalf(a.Brawn+b.Brawn), roundHalf(a.Mind+b.Mind))
}

// explainChoose gives the effective value of ability ab in the current
// match against each ability the opponent may still choose.
func explainChoose(view *View, ab Ability) string {
	if view.Tournament == nil || view.Tournament.Match == nil {
		return ""
	}
	m := view.Tournament.Match
	side := 0
	if m.B.Stable == view.Seat {
		side = 1
	} else if m.A.Stable != view.Seat {
		return ""
	}
	me, them := [2]Entrant{m.A, m.B}[side], [2]Entrant{m.A, m.B}[1-side]
	my, their := monsterOf(view, me), monsterOf(view, them)
	if my == nil || their == nil {
		return ""
	}
	used := m.Used(1 - side)
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d", ab.title(), my.Get(ab))
	if ab == m.Terrain {
		fmt.Fprintf(&b, ", doubled on %s", TerrainName(m.Terrain))
	}
	b.WriteString(". Against their ")
	first := true
	for opp := Speed; opp <= Mind; opp++ {
		if used[opp] {
			continue
		}
		if !first {
			b.WriteString("; ")
		}
		first = false
		mv, tv := Effective(ab, opp, m.Terrain, my.Get(ab)), Effective(opp, ab, m.Terrain, their.Get(opp))
		result := "tie"
		if mv > tv {
			result = "you win"
		} else if mv < tv {
			result = "you lose"
		}
		fmt.Fprintf(&b, "%s %d: %d to %d, %s", opp.title(), their.Get(opp), mv, tv, result)
	}
	b.WriteString(". Doubled: the terrain's ability, and Brawn against Speed, Speed against Mind, Mind against Brawn.")
	return b.String()
}
