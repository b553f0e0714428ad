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
	if t := view.Tournament; t != nil {
		writeTournament(&b, view, t)
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

func writeTournament(b *strings.Builder, v *View, t *TournamentView) {
	fmt.Fprintf(b, "\n-- Tournament %d --\n", t.Number)
	if len(t.Entrants) == 0 {
		b.WriteString("   waiting for every stable's entry\n")
		return
	}
	b.WriteString("   seed  entrant\n")
	for _, e := range t.Entrants {
		bye := ""
		if e.Bye {
			bye = "  (bye)"
		}
		fmt.Fprintf(b, "   %4d  %s%s\n", e.Seed, entrantName(v, e), bye)
	}
	for _, m := range t.Matches {
		writeMatch(b, v, &m)
	}
	if t.Match != nil {
		writeMatch(b, v, t.Match)
	}
}

func writeMatch(b *strings.Builder, v *View, m *MatchView) {
	fmt.Fprintf(b, "   round %d: %s vs %s on %s (%s doubled)\n", m.Round, entrantName(v, m.A), entrantName(v, m.B), TerrainName(m.Terrain), m.Terrain)
	for _, c := range m.Contests {
		result := "tie"
		if c.Winner >= 0 {
			result = []string{"A", "B"}[c.Winner] + " wins"
		}
		fmt.Fprintf(b, "      %d) %s %d vs %s %d: %s\n", c.Number, c.Choices[0], c.Values[0], c.Choices[1], c.Values[1], result)
	}
	for _, d := range m.DiceOff {
		fmt.Fprintf(b, "      dice-off: %d vs %d\n", d[0], d[1])
	}
	switch m.Winner {
	case 0:
		fmt.Fprintf(b, "      winner: %s\n", entrantName(v, m.A))
	case 1:
		fmt.Fprintf(b, "      winner: %s\n", entrantName(v, m.B))
	default:
		b.WriteString("      in progress: both contestants choose an ability in secret\n")
	}
}

// entrantName is "M2 Pebblet (Ann)".
func entrantName(v *View, e Entrant) string {
	owner := ""
	if int(e.Stable) >= 0 && int(e.Stable) < len(v.Stables) {
		owner = " (" + v.Stables[e.Stable].Name + ")"
	}
	return fmt.Sprintf("M%d %s%s", e.Monster, e.Name, owner)
}
