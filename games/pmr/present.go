package pmr

import (
	"embed"
	"html/template"
	"io/fs"
	"strconv"
	"strings"

	"tabletop/dice"
	"tabletop/engine"
)

// pages holds the game's own presentation: view.html (the table page's
// "view" template, which renders *View), rules.md and static/.
//
//go:embed pages
var pages embed.FS

// Pages implements engine.Presenter.
func (game) Pages() fs.FS { return engine.SubFS(pages, "pages") }

// Funcs implements engine.Presenter: view.html shows a tournament with
// pmrTournament.
func (game) Funcs() template.FuncMap {
	return template.FuncMap{"pmrTournament": NewTournamentPage}
}

// TournamentPage is a tournament as the table page shows it: every match,
// finished or under way, with each contest's sealed abilities, values,
// doublings and result, and the dice-offs. Its methods write the parts in
// words, with the stables' names from the board.
type TournamentPage struct {
	*TournamentView
	Finished bool // the last tournament played, not the one under way

	board *Board
}

// NewTournamentPage returns the page's view of tournament t of v's board;
// finished says it is the last one played. Nil if t is nil.
func NewTournamentPage(v *View, t *TournamentView, finished bool) *TournamentPage {
	if v == nil || v.Board == nil || t == nil {
		return nil
	}
	return &TournamentPage{TournamentView: t, Finished: finished, board: v.Board}
}

// All returns the finished matches, then the one being played.
func (p *TournamentPage) All() []*MatchView {
	out := make([]*MatchView, 0, len(p.Matches)+1)
	for i := range p.Matches {
		out = append(out, &p.Matches[i])
	}
	if p.Match != nil {
		out = append(out, p.Match)
	}
	return out
}

// Who names an entrant: "Ann's M2 Pebblet".
func (p *TournamentPage) Who(x Entrant) string {
	var t txt
	if x.Stable >= 0 && int(x.Stable) < len(p.board.Stables) {
		t.str(p.board.Stables[x.Stable].Name)
		t.str("'s ")
	}
	t.named(x.Monster, x.Name)
	return string(t)
}

// SeedDiceText writes the dice that put equal sums in seed order: "sum 2:
// d3 → 2 Bob's M1 Zorra, d2 → 1 Ann's M1 Pebblet".
func (p *TournamentPage) SeedDiceText() string {
	var t txt
	t.seedDice(p.SeedDice, func(t *txt, x *Entrant) { t.str(p.Who(*x)) })
	return string(t)
}

// Champion names the winner of a finished tournament: the winner of its
// last match, or its lone entrant.
func (p *TournamentPage) Champion() string {
	if n := len(p.Matches); n > 0 {
		m := &p.Matches[n-1]
		return p.Who(p.side(m, m.Winner))
	}
	if len(p.Entrants) == 1 {
		return p.Who(p.Entrants[0])
	}
	return ""
}

func (p *TournamentPage) side(m *MatchView, x int) Entrant {
	if x == 1 {
		return m.B
	}
	return m.A
}

// Round names a match's round: "Final", "Semi-final", "Quarter-final".
func (p *TournamentPage) Round(m *MatchView) string {
	rounds := 0
	for 1<<rounds < len(p.Entrants) {
		rounds++
	}
	switch rounds - m.Round {
	case 0:
		return "Final"
	case 1:
		return "Semi-final"
	case 2:
		return "Quarter-final"
	}
	return "Round " + strconv.Itoa(m.Round)
}

// Terrain names a match's terrain: "Plains (Speed doubled)".
func (p *TournamentPage) Terrain(m *MatchView) string {
	return TerrainName(m.Terrain) + " (" + m.Terrain.title() + " doubled)"
}

// Result says how a match stands: "Ann's M1 Pebblet wins", or that it is
// being played.
func (p *TournamentPage) Result(m *MatchView) string {
	if m.Winner < 0 {
		return "being played"
	}
	return p.Who(p.side(m, m.Winner)) + " wins"
}

// Contest writes one comparison as the log does: "Contest 1: Ann's M1
// Pebblet Speed 2 ×2 Plains ×2 vs Mind = 8 vs Bob's M1 Zorra Mind 5 = 5:
// Ann's M1 Pebblet wins"; a tie says what follows it.
func (p *TournamentPage) Contest(m *MatchView, c Contest) string {
	var t txt
	t.contest(&c, m.Terrain, func(t *txt, x int) { t.str(p.Who(p.side(m, x))) })
	return string(t)
}

// DiceOff writes a match's dice-off: "[+] vs [+] (tie, roll again), [_]
// vs [+]".
func (p *TournamentPage) DiceOff(m *MatchView) string {
	var b strings.Builder
	for i, r := range m.DiceOff {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(dice.FudgeSymbol(r[0]) + " vs " + dice.FudgeSymbol(r[1]))
		if r[0] == r[1] {
			b.WriteString(" (tie, roll again)")
		}
	}
	return b.String()
}
