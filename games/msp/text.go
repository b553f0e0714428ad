package msp

import (
	"fmt"
	"strings"
)

// renderText draws a view for the terminal: the sheets the viewer sees,
// the check or battle under way, and for the GM the notes and the book.
func renderText(v *View) string {
	var b strings.Builder
	who := "player"
	if v.IsGM {
		who = "game master"
	}
	fmt.Fprintf(&b, "musi supa pona: %s (you are the %s)\n", v.Phase, who)
	for _, p := range v.Players {
		c := p.Character
		if c == nil {
			fmt.Fprintf(&b, "  %s: no character yet\n", p.Name)
			continue
		}
		cond := ""
		switch {
		case c.Dead:
			cond = ", dead"
		case c.Downed:
			cond = ", downed"
		case c.RestTurns > 0:
			cond = fmt.Sprintf(", resting %d more turns", c.RestTurns)
		}
		fmt.Fprintf(&b, "  %s (%s): %s; level %d; HP %d/%d%s\n", c.Name, p.Name, c.background(), c.Level, c.HP, c.MaxHP, cond)
		if s := c.Sheet; s != nil {
			for _, line := range s.lines() {
				fmt.Fprintf(&b, "    %s\n", line)
			}
		}
		if c.Rerolls > 0 {
			fmt.Fprintf(&b, "    may roll the stats again (%d)\n", c.Rerolls)
		}
	}
	if c := v.Check; c != nil {
		fmt.Fprintf(&b, "Check: %s, %s", c.Name, c.Stat.Title())
		switch {
		case c.Target != nil:
			fmt.Fprintf(&b, ", target %s (hidden from the players)", c.Target)
		case c.Set:
			b.WriteString(", target set (hidden)")
		}
		b.WriteByte('\n')
		if len(c.Chances) > 0 && !c.Set {
			b.WriteString("  chance of success by target (at least / at most):\n")
			for _, ch := range c.Chances {
				fmt.Fprintf(&b, "    %3d: %-14s %s\n", ch.Target, ch.AtLeast, ch.AtMost)
			}
		}
	}
	if r := v.LastCheck; r != nil {
		verdict := "failed"
		if r.Success {
			verdict = "succeeded"
		}
		fmt.Fprintf(&b, "Last check: %s: %s\n", r.Words(), verdict)
	}
	if f := v.Battle; f != nil {
		fmt.Fprintf(&b, "Battle, round %d: %s's turn", f.Round, f.Turn)
		if f.Extra {
			b.WriteString(" (an extra turn)")
		}
		if f.AwaitingDamage {
			b.WriteString("; the GM sets the damage")
		}
		fmt.Fprintf(&b, "\n  order: %s\n", strings.Join(f.Order, ", "))
		for _, e := range f.Enemies {
			state := ""
			switch {
			case e.Dead:
				state = " (fallen)"
			case e.Health != nil:
				state = fmt.Sprintf(" (HP %d/%d)", e.Health.HP, e.Health.Max)
			}
			fmt.Fprintf(&b, "  enemy %s%s\n", e.Name, state)
		}
	}
	for _, a := range v.GM.Adjustments {
		fmt.Fprintf(&b, "GM: %s (%s)\n", a.What, a.Reason)
	}
	if v.IsGM {
		for _, n := range v.GM.Notes {
			fmt.Fprintf(&b, "Note: %s\n", n)
		}
		if bk := v.Book; bk != nil {
			var cs, is, ps []string
			for _, c := range bk.Creatures {
				cs = append(cs, fmt.Sprintf("%s (HP %d)", c.Name, c.HP))
			}
			for _, it := range bk.Items {
				is = append(is, it.Name)
			}
			for _, p := range bk.Places {
				ps = append(ps, p.Name)
			}
			fmt.Fprintf(&b, "Book: creatures %s; items %s; places %s\n", strings.Join(cs, ", "), strings.Join(is, ", "), strings.Join(ps, ", "))
		}
	}
	if v.Outcome != nil {
		b.WriteString(v.Outcome.Text + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// background reads "elf ranger, chaotic good, hunter".
func (c *CharView) background() string {
	return (&Character{Race: c.Race, Class: c.Class, Alignment: c.Alignment, Occupation: c.Occupation}).background()
}

// lines are the sheet's secret part in words, one line each: the stats and
// experience, what the character carries, the purse and the notes. The
// terminal shows them to the player and the GM; the end of the session
// reveals them to everyone.
func (s *Sheet) lines() []string {
	var stats []string
	for i, x := range s.Stats {
		stats = append(stats, fmt.Sprintf("%s %+d", Stat(i).Title(), x))
	}
	// The weight counts the coin bag (and its coins), so the line names
	// it: "50 g: nothing" read as a sum that does not add up.
	items := []string{"the coin bag"}
	for _, it := range s.Items {
		items = append(items, it.String())
	}
	rest := ""
	if len(s.Items) == 0 {
		rest = " and nothing else"
	}
	out := []string{
		fmt.Sprintf("%s; XP %d (next level at %d)", strings.Join(stats, ", "), s.XP, s.NextLevel),
		fmt.Sprintf("carries %d of %d g: %s%s", s.Weight, s.Capacity, strings.Join(items, "; "), rest),
		fmt.Sprintf("purse: %s (worth %s)", s.Purse, s.Money),
	}
	if s.Notes != "" {
		out = append(out, "notes: "+s.Notes)
	}
	return out
}
