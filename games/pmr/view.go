package pmr

import "tabletop/engine"

// View is what one seat sees: the public Board and, for a stable, its own
// sealed choice that has not been resolved yet. Other stables' sealed choices
// show only as StableView.Chosen. View returns a *View; the Board is shared
// between the views of one state and must not be modified.
type View struct {
	Seat   engine.Seat `json:"seat"`             // the viewer; engine.Spectator for the public view
	Sealed string      `json:"sealed,omitempty"` // the viewer's own sealed, unresolved choice: "train M2 speed"
	*Board
}

// Board is the public part of the game: everything every seat may see.
type Board struct {
	Turn           int             `json:"turn"`             // the current turn, 1-based
	Turns          int             `json:"turns"`            // the game's length
	Every          int             `json:"tournament_every"` // a tournament follows every this many turns
	RetireAge      int             `json:"retire_age"`       // a monster older than this retires
	SharedWins     bool            `json:"shared_wins"`      // stables tied for the most trophies share the win (else a final dice-off)
	Phase          Phase           `json:"phase"`            // activity, enter, match or over
	NextTournament int             `json:"next_tournament"`  // the turn after which the next tournament is held; 0 if none is left
	Stables        []StableView    `json:"stables"`          // by seat
	Tournament     *TournamentView `json:"tournament,omitempty"`
	// LastTournament is the last tournament played, every match of it,
	// until the next one begins.
	LastTournament *TournamentView `json:"last_tournament,omitempty"`
	Pending        []engine.Seat   `json:"pending"` // who must act now (shared with State.Pending)
}

// StableView is one stable as everyone sees it: its StableInfo (fields
// promoted, so that it marshals as one object) and whether it must act or
// has chosen.
type StableView struct {
	*StableInfo
	Pending bool `json:"pending"` // must act now
	Chosen  bool `json:"chosen"`  // has sealed a choice that is not revealed yet
}

// StableInfo is the part of a StableView that changes only with the
// stable's trophies or monsters, not with every sealed choice, so boards
// share it: a simulation builds a board for every action, and most actions
// only seal a choice.
type StableInfo struct {
	Seat     engine.Seat `json:"seat"`
	Name     string      `json:"name"`
	Bot      string      `json:"bot,omitempty"`
	Trophies int         `json:"trophies"`
	Monsters []Monster   `json:"monsters"`

	edits uint32 // the stable's edits when these facts were built

	// json caches the facts' JSON for views of the state that built them
	// (stableInfo), which write it for every seat on every change though
	// the facts change only with the stable's monsters or trophies. It is
	// filled by the first encoding of a view (StableView.appendJSON), so
	// encoding a view writes into the state (see State). A StableInfo made
	// otherwise is written anew every time (cached false).
	json   []byte
	cached bool
}

// TournamentView is the tournament being played.
type TournamentView struct {
	Number   int         `json:"number"`              // 1 after turn 3, 2 after turn 6, ...
	Entrants []Entrant   `json:"entrants,omitempty"`  // in seed order, once every entry is in
	SeedDice []SeedRoll  `json:"seed_dice,omitempty"` // the dice that put equal sums in seed order
	Matches  []MatchView `json:"matches,omitempty"`   // finished matches, in order
	Match    *MatchView  `json:"match,omitempty"`     // the match being played
}

// Entrant is a monster entered in a tournament.
type Entrant struct {
	Stable  engine.Seat `json:"stable"`
	Monster int         `json:"monster"` // its number in the stable
	Name    MonsterName `json:"name"`
	Sum     int         `json:"sum"`            // its ability sum when entered
	Seed    int         `json:"seed,omitempty"` // 1 = highest sum
	Bye     bool        `json:"bye,omitempty"`  // skips the first round
}

// SeedRoll is one die that put equal ability sums in seed order: among the
// Of entrants of sum Sum not yet placed, the die's Face picked Pick (the
// Face-th of them in seat order) for the next seed.
type SeedRoll struct {
	Sum  int     `json:"sum"`
	Of   int     `json:"of"`   // the die's sides: a dOf
	Face int     `json:"face"` // 1..Of
	Pick Entrant `json:"pick"`
}

// MatchView is a match between two entrants: the terrain and every revealed
// comparison.
type MatchView struct {
	Round    int       `json:"round"` // bracket round, 1-based
	A        Entrant   `json:"a"`
	B        Entrant   `json:"b"`
	Terrain  Ability   `json:"terrain"` // the ability the terrain doubles: speed = Plains, brawn = Woods, mind = Urban
	Contests []Contest `json:"contests,omitempty"`
	DiceOff  [][2]int  `json:"dice_off,omitempty"` // the dice-off rolls (A, B) after three ties
	Winner   int       `json:"winner"`             // 0 = A, 1 = B, -1 = not decided yet
}

// Used reports the abilities side x (0 = A, 1 = B) has competed with so far.
func (m *MatchView) Used(x int) (used [4]bool) {
	for _, c := range m.Contests {
		used[c.Choices[x]] = true
	}
	return used
}

// Contest is one comparison of a match: for each side (A's, then B's) the
// ability it sealed, that ability's value, which doublings applied and the
// effective value they give.
type Contest struct {
	Number    int        `json:"number"`     // 1, 2 or 3
	Choices   [2]Ability `json:"choices"`    // A's and B's
	Base      [2]int     `json:"base"`       // the chosen abilities' values, before doubling
	ByTerrain [2]bool    `json:"by_terrain"` // doubled by the terrain
	ByMatchup [2]bool    `json:"by_matchup"` // doubled by the matchup (Brawn against Speed, Speed against Mind, Mind against Brawn)
	Values    [2]int     `json:"values"`     // after the terrain and matchup doublings
	Winner    int        `json:"winner"`     // 0 = A, 1 = B, -1 = tie
}

// View returns what seat p may see (a *View). A spectator (or any seat that is
// not a stable) sees the public board only. The view is cached until the
// state changes and shared by every caller: it must not be modified. It is
// valid until the next Apply (engine.State), which may rebuild it in place.
func (s *State) View(p engine.Seat) engine.View {
	if p != engine.Spectator && (p < 0 || int(p) >= len(s.stables)) {
		return &View{Seat: p, Board: s.board0()} // not worth a cache slot
	}
	v := s.views[p+1]
	if v == nil {
		b := s.board0()
		v = &s.arena.views[p+1]
		v.Seat, v.Board, v.Sealed = p, b, ""
		if p >= 0 && s.chosenSet()&(1<<p) != 0 {
			v.Sealed = s.sealedText(p)
		}
		s.views[p+1] = v
	}
	return v
}

// board0 returns the board, building it if needed.
func (s *State) board0() *Board {
	if s.board == nil {
		s.board = s.buildBoard(s.mem())
	}
	return s.board
}

// sealedText is seat p's own sealed choice that has not been resolved yet,
// "" if none (and for the spectator).
func (s *State) sealedText(p engine.Seat) string {
	if p < 0 || int(p) >= len(s.stables) {
		return ""
	}
	st := &s.stables[p]
	switch s.phase {
	case PhaseActivity:
		if st.sealed != nil {
			return st.sealed.String()
		}
	case PhaseEnter:
		if st.entry > 0 {
			return Enter{Monster: st.entry}.String()
		}
	case PhaseMatch:
		m := &s.tour.match
		if x := m.sideOf(p); x >= 0 && m.choice[x] != NoAbility {
			return Choose{Ability: m.choice[x]}.String()
		}
	}
	return ""
}

// noMonsters makes an empty stable marshal as [] rather than null.
var noMonsters = []Monster{}

// buildBoard builds the public board in the arena's slot, in place; View
// calls it after a change. A simulation builds a board for every action, so
// the stables' public facts are checked inline (see stableInfo).
func (s *State) buildBoard(mem *arena) *Board {
	b := &mem.board
	n := len(s.stables)
	b.Stables = mem.stables[:n:n]
	b.Turn, b.Turns, b.Phase = s.turn, s.cfg.Turns, s.phase
	b.Every, b.RetireAge, b.SharedWins = s.cfg.Every, s.cfg.RetireAge, !s.cfg.SoleWinner
	b.NextTournament = 0
	if s.phase != PhaseOver {
		every := s.cfg.Every
		next := (s.turn + every - 1) / every * every
		if s.phase != PhaseActivity {
			next = s.turn // this turn's tournament is under way
		}
		if next <= s.cfg.Turns {
			b.NextTournament = next
		}
	}
	pending, chosen := s.pendingSet(), s.chosenSet()
	stables, infos := b.Stables, s.infos[:n]
	for i := range stables {
		st := &s.stables[i]
		in := infos[i]
		if in == nil || in.Trophies != st.trophies || in.edits != st.edits {
			in = s.stableInfo(engine.Seat(i))
		}
		sv := &stables[i]
		sv.StableInfo = in
		sv.Pending = pending>>i&1 != 0
		sv.Chosen = chosen>>i&1 != 0
	}
	b.Pending = pendingSets[pending]
	b.LastTournament = nil
	if t := s.last; t != nil {
		lv := &mem.last
		*lv = TournamentView{
			Number:   t.number,
			Entrants: t.entrants[:len(t.entrants):len(t.entrants)],
			SeedDice: t.seedDice[:len(t.seedDice):len(t.seedDice)],
			Matches:  t.matches[:len(t.matches):len(t.matches)],
		}
		b.LastTournament = lv
	}
	b.Tournament = nil
	if t := s.tour; t != nil {
		if s.tourView == nil || !s.tourView.shows(t, s.phase) {
			s.tourView = s.buildTournament(mem)
		}
		b.Tournament = s.tourView
	}
	return b
}

// stableInfo returns the public facts of stable p, rebuilt in the arena's
// slot unless they still hold (the same trophies, and no edit of the
// monsters since).
func (s *State) stableInfo(p engine.Seat) *StableInfo {
	st := &s.stables[p]
	if in := s.infos[p]; in != nil && in.Trophies == st.trophies && in.edits == st.edits {
		return in
	}
	in := &s.mem().infos[p]
	in.Seat = p
	in.Name = s.cfg.names[p]
	in.Bot = s.cfg.seats[p].Bot
	in.Trophies = st.trophies
	in.Monsters = st.monsters[:len(st.monsters):len(st.monsters)]
	in.edits = st.edits
	in.json, in.cached = in.json[:0], true
	if in.Monsters == nil {
		in.Monsters = noMonsters
	}
	s.infos[p] = in
	return in
}

// buildTournament builds the view of the tournament being played in the
// arena's slot.
func (s *State) buildTournament(mem *arena) *TournamentView {
	t := s.tour
	tv, mv := &mem.tour, &mem.match
	*tv = TournamentView{
		Number:   t.number,
		Entrants: t.entrants[:len(t.entrants):len(t.entrants)],
		SeedDice: t.seedDice[:len(t.seedDice):len(t.seedDice)],
		Matches:  t.matches[:len(t.matches):len(t.matches)],
	}
	if s.phase == PhaseMatch {
		*mv = t.match.view
		mv.Contests = mv.Contests[:len(mv.Contests):len(mv.Contests)]
		mv.DiceOff = mv.DiceOff[:len(mv.DiceOff):len(mv.DiceOff)]
		tv.Match = mv
	}
	return tv
}

// shows reports whether tv is the view of tournament t in phase. Entrants
// and finished matches are only ever appended to t (the view shares their
// arrays), so equal lengths of the same arrays mean equal contents.
func (tv *TournamentView) shows(t *tournament, phase Phase) bool {
	if tv.Number != t.number || len(tv.Entrants) != len(t.entrants) || len(tv.Matches) != len(t.matches) ||
		len(t.entrants) > 0 && &tv.Entrants[0] != &t.entrants[0] ||
		len(t.matches) > 0 && &tv.Matches[0] != &t.matches[0] {
		return false
	}
	if phase != PhaseMatch {
		return tv.Match == nil
	}
	return tv.Match != nil && tv.Match.equal(&t.match.view)
}

// WaitingFor implements engine.Waiter: in Pocket Monster Rancher who must act
// is public (a sealed choice shows only as "has chosen").
func (v *View) WaitingFor() []engine.Seat {
	if v.Board == nil {
		return nil
	}
	return v.Pending
}
