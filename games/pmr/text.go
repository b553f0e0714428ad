package pmr

import (
	"fmt"
	"strings"

	"tabletop/engine"
)

// RenderText implements engine.TextRenderer: the board as tabletop play shows
// it in a terminal. It draws only what the view holds, so it can never show
// more than the seat may see.
func (game) RenderText(v engine.View, s engine.Seat) string {
	view, ok := v.(*View)
	if !ok || view.Board == nil {
		return fmt.Sprintf("%v", v)
	}
	var b strings.Builder
	writeHeader(&b, view)
	for i := range view.Stables {
		writeStable(&b, &view.Stables[i], s)
	}
	if t := view.LastTournament; t != nil {
		writeTournament(&b, NewTournamentPage(view, t, true))
	}
	if t := view.Tournament; t != nil {
		writeTournament(&b, NewTournamentPage(view, t, false))
	}
	if view.Sealed != "" {
		fmt.Fprintf(&b, "\nYour sealed choice: %s\n", view.Sealed)
	}
	return strings.TrimRight(b.String(), "\n")
}

func writeHeader(b *strings.Builder, v *View) {
	b.WriteString("\n")
	switch v.Phase {
	case PhaseOver:
		fmt.Fprintf(b, "== Final standings after %d turns ==\n", v.Turns)
	case PhaseActivity:
		fmt.Fprintf(b, "== Turn %d of %d: choose an activity", v.Turn, v.Turns)
		if v.NextTournament > 0 {
			fmt.Fprintf(b, " (tournament after turn %d)", v.NextTournament)
		}
		b.WriteString(" ==\n")
	default:
		fmt.Fprintf(b, "== Turn %d of %d: tournament ==\n", v.Turn, v.Turns)
	}
}

func writeStable(b *strings.Builder, st *StableView, me engine.Seat) {
	name := st.Name
	if st.Seat == me {
		name += " (you)"
	}
	status := ""
	switch {
	case st.Chosen:
		status = "  · has chosen"
	case st.Pending:
		status = "  · choosing"
	}
	fmt.Fprintf(b, "\n%s: %s%s\n", name, plural(st.Trophies, "trophy", "trophies"), status)
	if len(st.Monsters) == 0 {
		b.WriteString("   no monsters\n")
		return
	}
	b.WriteString("   id  name          Speed Brawn  Mind  Sum  Age\n")
	for _, m := range st.Monsters {
		fmt.Fprintf(b, "   M%-2d %-12s %6d %5d %5d %4d %4d\n", m.ID, m.Name, m.Speed, m.Brawn, m.Mind, m.Speed+m.Brawn+m.Mind, m.Age)
	}
}

// writeTournament writes every match of a tournament as the table page
// shows it: the seeds and the dice that ordered equal sums, then each match
// with its contests and dice-off.
func writeTournament(b *strings.Builder, p *TournamentPage) {
	fmt.Fprintf(b, "\n-- Tournament %d", p.Number)
	if p.Finished {
		fmt.Fprintf(b, " (finished): %s is champion", p.Champion())
	}
	b.WriteString(" --\n")
	if len(p.Entrants) == 0 {
		b.WriteString("   waiting for every stable's entry\n")
		return
	}
	b.WriteString("   seed  entrant\n")
	for _, e := range p.Entrants {
		bye := ""
		if e.Bye {
			bye = "  (bye)"
		}
		fmt.Fprintf(b, "   %4d  %s (sum %d)%s\n", e.Seed, p.Who(e), e.Sum, bye)
	}
	if len(p.SeedDice) > 0 {
		fmt.Fprintf(b, "   equal sums seeded by dice: %s\n", p.SeedDiceText())
	}
	for _, m := range p.All() {
		fmt.Fprintf(b, "   %s: %s vs %s on %s: %s\n", p.Round(m), p.Who(m.A), p.Who(m.B), p.Terrain(m), p.Result(m))
		for _, c := range m.Contests {
			fmt.Fprintf(b, "      %s\n", p.Contest(m, c))
		}
		if len(m.DiceOff) > 0 {
			fmt.Fprintf(b, "      Dice-off (1dF each): %s\n", p.DiceOff(m))
		}
		if m.Winner < 0 {
			b.WriteString("      both contestants choose an ability in secret\n")
		}
	}
}
