package tmd

import (
	"fmt"
	"sort"
	"strings"
)

// text is the view for the terminal (see game.RenderText).
func (view *View) text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Team: %s rank, %d", view.Rank, view.RankPoints)
	if view.NextRank > 0 {
		fmt.Fprintf(&b, "/%d", view.NextRank)
	}
	b.WriteString(" RP")
	if view.Leader != "" {
		fmt.Fprintf(&b, "; leader %s", view.Leader)
	}
	fmt.Fprintf(&b, "; rules: %s", view.RulesName())
	b.WriteString("\n")
	for _, m := range view.Team {
		if m.Sheet == nil {
			fmt.Fprintf(&b, "  %s: no sheet yet\n", m.Player)
			continue
		}
		sh := m.Sheet
		fmt.Fprintf(&b, "  %s (%s): %s level %d, %d/%d HP, %d AP; moves %s; bag %s", sh.Name, m.Player, sh.Species, sh.Level,
			m.HP, m.MaxHP, m.AP, strings.Join(append(append([]string(nil), sh.Moves...), sh.Typeless), ", "), orNone(strings.Join(sh.Inventory, ", ")))
		if m.Unspent > 0 {
			fmt.Fprintf(&b, "; %s to place", statPoints(m.Unspent, ""))
		}
		b.WriteString("\n")
	}
	if bt := view.Battle; bt != nil {
		renderBattle(&b, bt)
	}
	if len(view.GM.Notes) > 0 {
		b.WriteString("Your notes:\n")
		for _, n := range view.GM.Notes {
			fmt.Fprintf(&b, "  - %s\n", n)
		}
	}
	if view.Summary != "" && view.Battle == nil {
		fmt.Fprintf(&b, "Last battle: %s\n", strings.SplitN(view.Summary, "\n", 2)[0])
	}
	return b.String()
}

func renderBattle(b *strings.Builder, bt *BattleView) {
	if !bt.Started {
		b.WriteString("A battle is being set up.\n")
	} else {
		fmt.Fprintf(b, "Battle: round %d, the %s' turn", bt.Round, bt.Side)
		if bt.Weather != "" {
			fmt.Fprintf(b, "; %s", bt.Weather)
		}
		if bt.Terrain != "" {
			fmt.Fprintf(b, "; %s (%d turns left)", bt.Terrain, bt.Turns)
		}
		for _, h := range bt.Hazards {
			fmt.Fprintf(b, "; %s ×%d on the %s' side", h.Kind, h.Layers, h.Side)
		}
		if bt.TrickRoom != "" {
			fmt.Fprintf(b, "; %s's Trick Room", bt.TrickRoom)
		}
		if bt.Gravity > 0 {
			fmt.Fprintf(b, "; gravity (%d rounds left)", bt.Gravity)
		}
		b.WriteString("\n")
	}
	for _, f := range bt.Fighters {
		side := "ally"
		if f.Foe {
			side = "foe"
		}
		fmt.Fprintf(b, "  [%s] %s (%s, %s)", side, f.Name, f.Species, strings.Join(f.Types, "/"))
		switch {
		case f.Fainted:
			b.WriteString(" fainted")
		case f.Body == nil:
			b.WriteString(" stats hidden")
		default:
			fmt.Fprintf(b, " %d/%d HP, level %d", f.Body.HP, f.Body.MaxHP, f.Body.Level)
			if t := f.Turn; t != nil && f.Playing {
				fmt.Fprintf(b, ", %d/%d AP", t.AP, t.Max)
			}
		}
		var conds []string
		if f.Major != nil {
			conds = append(conds, f.Major.Kind)
		}
		for _, c := range f.Minor {
			conds = append(conds, c.Kind)
		}
		keys := make([]string, 0, len(f.Stages))
		for k := range f.Stages {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			conds = append(conds, fmt.Sprintf("%s %+d", k, f.Stages[k]))
		}
		if len(conds) > 0 {
			fmt.Fprintf(b, "; %s", strings.Join(conds, ", "))
		}
		if f.Done && !f.Fainted {
			b.WriteString("; done")
		}
		b.WriteString("\n")
	}
	if len(bt.Odds) > 0 {
		b.WriteString("Your odds:\n")
		for _, o := range bt.Odds {
			fmt.Fprintf(b, "  %s at %s: %s\n", o.Move, o.Target, oddsText(o))
		}
	}
}

// statPoints counts stat points in the singular or the plural, with an
// adjective if one is given: "1 stat point", "2 new stat points".
func statPoints(n int, adj string) string {
	noun := "stat point"
	if adj != "" {
		noun = adj + " " + noun
	}
	if n != 1 {
		noun += "s"
	}
	return fmt.Sprintf("%d %s", n, noun)
}
