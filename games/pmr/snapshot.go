package pmr

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"tabletop/engine"
)

// Snapshots (engine.Snapshotter and engine.Restorer).
//
// A snapshot is one JSON object (snapState), version first:
//
//	{"v":2,"turns":30,"turn":9,"phase":"match","stables":[...],"tour":{...}}
//
// It holds the position and nothing else: the turn and phase, and for every
// stable its trophies, the number of its last monster, its monsters (number,
// abilities, age) and its hidden choices: the sealed activity in its text
// form ("train M2 speed") and the raw tournament entry (0 none yet, -1 not
// entering, else a monster number). During a match it also holds the
// tournament: the entrants (stable and monster) in seed order, the faces of
// the dice that ordered equal sums, and for every finished match and the
// one being played the terrain, each contest's two choices and the dice-off
// faces, with the current match's sealed choices (null for none). Between
// tournaments it holds the last one played ("last"), as the views show it:
// its number, its entrants with their sums then, the seeding dice, and its
// matches with each contest's two values before doubling (the monsters have
// changed since, or retired). A game over without shared wins keeps the
// winner of the final dice-off ("tiebreak").
//
// Everything else is derived when it is read, by the rules' own code, so
// that it cannot disagree with what it is derived from: the table's settings
// and names (from the options and seats, which must fit: the same number of
// stables and turns), monster names (a function of stable and number, see
// monsterName), the tournament's number (turn/tournament_every) and, during
// its entries, the whole tournament (it is empty until they are in), the
// entrants' names, sums, seeds and byes, the seed order (checked against
// the seeding dice with breakSeedTies), the bracket (walked with nextPair
// from the seeding and the winners of the finished matches) and every
// contest's values, doublings and winner (judged with match.judge). Reading checks that the data is a
// position play can reach as far as it matters (every number in range, every
// reference to a seat or monster valid, the matches following the bracket
// and the tie rules, somebody left to act), so that a restored state never
// fails later.
//
// Not saved: the caches (board, views, tourView, infos, a stable's list of
// activities) and the arena. A restored state starts without them and owns
// all of its memory.

// snapshotVersion is the format written first in every snapshot. Change it
// whenever the format changes: a snapshot of another version is refused
// and the table replays its log instead.
const snapshotVersion = 2

// maxSnapshot bounds the data read: a snapshot of eight stables late in a
// long game is a few kilobytes.
const maxSnapshot = 1 << 20

// maxAbility bounds an ability's value: far beyond what MaxTurns can reach
// (a monster gains or loses at most about 3 a turn) and small enough that
// the doublings and sums cannot overflow.
const maxAbility = 1 << 16

type snapState struct {
	Version int          `json:"v"`
	Turns   int          `json:"turns"`
	Turn    int          `json:"turn"`
	Phase   string       `json:"phase"`
	Stables []snapStable `json:"stables"`
	Tour    *snapTour    `json:"tour,omitempty"` // during a match only
	// Once the game is over without shared wins: seat+1 of the stable
	// that won the final dice-off, 0 if there was none.
	Tiebreak int `json:"tiebreak,omitempty"`
	// The last tournament played, between tournaments (the views show it).
	Last *snapLast `json:"last,omitempty"`
}

// snapLast is the last tournament played. Its monsters may have changed or
// retired since, so it keeps what they were: each entrant's sum, and each
// contest's two values before doubling.
type snapLast struct {
	Number   int             `json:"number"`
	Entrants []snapLastEntry `json:"entrants"`            // in seed order
	SeedDice []int           `json:"seed_dice,omitempty"` // as in snapTour
	Matches  []snapLastMatch `json:"matches"`             // in order
}

type snapLastEntry struct {
	Stable  int `json:"stable"`
	Monster int `json:"monster"`
	Sum     int `json:"sum"`
}

type snapLastMatch struct {
	snapMatch
	Base [][2]int `json:"base,omitempty"` // each contest's two values before doubling
}

type snapStable struct {
	Trophies int           `json:"trophies"`
	NextID   int           `json:"next_id"`
	Monsters []snapMonster `json:"monsters"`
	Sealed   string        `json:"sealed,omitempty"` // the sealed activity's text
	Entry    int           `json:"entry,omitempty"`
}

type snapMonster struct {
	ID    int `json:"id"`
	Speed int `json:"speed"`
	Brawn int `json:"brawn"`
	Mind  int `json:"mind"`
	Age   int `json:"age"`
}

type snapTour struct {
	Entrants []snapEntrant   `json:"entrants"`            // in seed order
	SeedDice []int           `json:"seed_dice,omitempty"` // the faces of the dice that put equal sums in order
	Matches  []snapMatch     `json:"matches"`             // finished, in order
	Match    snapMatchInPlay `json:"match"`
}

type snapEntrant struct {
	Stable  int `json:"stable"` // seat, from 0
	Monster int `json:"monster"`
}

type snapMatch struct {
	Terrain  Ability      `json:"terrain"`
	Contests [][2]Ability `json:"contests,omitempty"` // each contest's choices
	DiceOff  [][2]int     `json:"dice_off,omitempty"`
}

type snapMatchInPlay struct {
	snapMatch
	Sealed [2]*Ability `json:"sealed"` // each side's sealed choice for the next contest, nil if none
}

// MarshalSnapshot implements engine.Snapshotter: it writes the whole
// position, hidden choices included, in the format described above. It only
// reads the state.
func (s *State) MarshalSnapshot() ([]byte, error) {
	out := snapState{
		Version:  snapshotVersion,
		Turns:    s.cfg.Turns,
		Turn:     s.turn,
		Phase:    s.phase.String(),
		Stables:  make([]snapStable, len(s.stables)),
		Tiebreak: s.tiebreak,
	}
	for i := range s.stables {
		st := &s.stables[i]
		ss := &out.Stables[i]
		ss.Trophies, ss.NextID, ss.Entry = st.trophies, st.nextID, st.entry
		if st.sealed != nil {
			ss.Sealed = st.sealed.String()
		}
		ss.Monsters = make([]snapMonster, len(st.monsters))
		for k := range st.monsters {
			m := &st.monsters[k]
			// Names are derived, not saved: a state made by hand with other
			// names (tests do) cannot be written.
			if m.ID < 1 || m.Name != monsterName(engine.Seat(i), m.ID) {
				return nil, snapErr("%s's monster M%d is named %q, which is not the name its number gives", engine.Seat(i), m.ID, m.Name)
			}
			ss.Monsters[k] = snapMonster{ID: m.ID, Speed: m.Speed, Brawn: m.Brawn, Mind: m.Mind, Age: m.Age}
		}
	}
	if s.phase == PhaseMatch {
		if s.tour == nil {
			return nil, snapErr("a match without a tournament")
		}
		out.Tour = s.tour.snapshot()
	}
	if t := s.last; t != nil {
		out.Last = &snapLast{
			Number:   t.number,
			Entrants: make([]snapLastEntry, len(t.entrants)),
			Matches:  make([]snapLastMatch, len(t.matches)),
		}
		for i, x := range t.entrants {
			out.Last.Entrants[i] = snapLastEntry{Stable: int(x.Stable), Monster: x.Monster, Sum: x.Sum}
		}
		out.Last.SeedDice = seedFaces(t.seedDice)
		for i := range t.matches {
			m := &t.matches[i]
			lm := &out.Last.Matches[i]
			lm.snapMatch = snapMatchOf(m)
			for _, c := range m.Contests {
				lm.Base = append(lm.Base, c.Base)
			}
		}
	}
	return json.Marshal(&out)
}

func (t *tournament) snapshot() *snapTour {
	out := &snapTour{
		Entrants: make([]snapEntrant, len(t.entrants)),
		Matches:  make([]snapMatch, len(t.matches)),
	}
	for i, x := range t.entrants {
		out.Entrants[i] = snapEntrant{Stable: int(x.Stable), Monster: x.Monster}
	}
	out.SeedDice = seedFaces(t.seedDice)
	for i := range t.matches {
		out.Matches[i] = snapMatchOf(&t.matches[i])
	}
	m := &t.match
	out.Match.snapMatch = snapMatchOf(&m.view)
	for x := range m.choice {
		if m.choice[x] != NoAbility {
			ab := m.choice[x]
			out.Match.Sealed[x] = &ab
		}
	}
	return out
}

func snapMatchOf(v *MatchView) snapMatch {
	out := snapMatch{Terrain: v.Terrain, DiceOff: v.DiceOff}
	if len(v.Contests) > 0 {
		out.Contests = make([][2]Ability, len(v.Contests))
		for i := range v.Contests {
			out.Contests[i] = v.Contests[i].Choices
		}
	}
	return out
}

// RestoreSnapshot implements engine.Restorer: it reads back what
// MarshalSnapshot wrote, for a table with these normalized options and
// seats. Data that is damaged, of another format version, or of a table with
// another number of stables or turns is an error.
func (game) RestoreSnapshot(opts engine.Options, seats []engine.SeatInfo, data []byte) (engine.State, error) {
	s, err := restoreSnapshot(opts, seats, data)
	if err != nil {
		return nil, err // not a nil *State in a non-nil interface
	}
	return s, nil
}

func restoreSnapshot(opts engine.Options, seats []engine.SeatInfo, data []byte) (*State, error) {
	var in snapState
	if err := decodeSnapshot(data, &in); err != nil {
		return nil, err
	}
	// The settings come from the table, as Setup makes them; the snapshot
	// only has to fit them.
	s, err := New(optionsOf(opts), seats)
	if err != nil {
		return nil, snapErr("%s", inner(err))
	}
	if in.Turns != s.cfg.Turns {
		return nil, snapErr("it is of a game of %d turns, the table plays %d", in.Turns, s.cfg.Turns)
	}
	if len(in.Stables) != len(s.stables) {
		return nil, snapErr("it has %d stables, the table has %d seats", len(in.Stables), len(s.stables))
	}
	if err := s.restorePhase(&in); err != nil {
		return nil, err
	}
	for i := range in.Stables {
		if err := s.restoreStable(engine.Seat(i), &in.Stables[i]); err != nil {
			return nil, err
		}
	}
	if err := s.checkTrophies(); err != nil {
		return nil, err
	}
	if err := s.restoreTiebreak(in.Tiebreak); err != nil {
		return nil, err
	}
	if err := s.restoreLast(in.Last); err != nil {
		return nil, err
	}
	switch {
	case s.phase == PhaseMatch && in.Tour == nil:
		return nil, snapErr("a match is being played but there is no tournament")
	case s.phase == PhaseMatch:
		if err := s.restoreTour(in.Tour); err != nil {
			return nil, err
		}
	case in.Tour != nil:
		return nil, snapErr("a tournament in phase %s", s.phase)
	case s.phase == PhaseEnter:
		s.tour = &tournament{number: s.turn / s.cfg.Every} // as startTournament makes it
	}
	// A position where nobody can act but the game is not over would stop
	// the table for good.
	if s.phase != PhaseOver && s.pendingSet() == 0 {
		return nil, snapErr("nobody is left to act in phase %s of turn %d", s.phase, s.turn)
	}
	return s, nil
}

// decodeSnapshot reads data strictly: unknown fields and trailing data are
// errors, and so is another format version.
func decodeSnapshot(data []byte, in *snapState) error {
	if len(data) > maxSnapshot {
		return snapErr("%d bytes is too long for a snapshot", len(data))
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(in); err != nil {
		// A snapshot of another version may not even decode: say so
		// rather than what failed.
		var v struct {
			V int `json:"v"`
		}
		if json.Unmarshal(data, &v) == nil && v.V != snapshotVersion {
			return snapErr("format version %d, this program reads version %d", v.V, snapshotVersion)
		}
		return snapErr("%s", inner(err))
	}
	if _, err := d.Token(); err != io.EOF {
		return snapErr("trailing data after the snapshot")
	}
	if in.Version != snapshotVersion {
		return snapErr("format version %d, this program reads version %d", in.Version, snapshotVersion)
	}
	return nil
}

func snapErr(format string, args ...any) error {
	return fmt.Errorf("pmr: snapshot: "+format, args...)
}

// inner is the text of an error of this package without its "pmr: ", for
// snapErr to wrap.
func inner(err error) string { return strings.TrimPrefix(err.Error(), "pmr: ") }

// restorePhase reads the turn and phase: tournaments are played after every
// third turn, and the game ends after the last.
func (s *State) restorePhase(in *snapState) error {
	phase := Phase(-1)
	for p, name := range phaseNames {
		if in.Phase == name {
			phase = Phase(p)
		}
	}
	switch {
	case phase < 0:
		return snapErr("%q is not a phase", in.Phase)
	case in.Turn < 1 || in.Turn > s.cfg.Turns:
		return snapErr("turn %d is out of range 1..%d", in.Turn, s.cfg.Turns)
	case (phase == PhaseEnter || phase == PhaseMatch) && in.Turn%s.cfg.Every != 0:
		return snapErr("a tournament after turn %d, which is not a multiple of %d", in.Turn, s.cfg.Every)
	case phase == PhaseOver && in.Turn != s.cfg.Turns:
		return snapErr("the game is over at turn %d of %d", in.Turn, s.cfg.Turns)
	}
	s.turn, s.phase = in.Turn, phase
	return nil
}

// resolved is the number of turns whose activities have been carried out.
func (s *State) resolved() int {
	if s.phase == PhaseActivity {
		return s.turn - 1
	}
	return s.turn
}

// restoreStable reads stable p and checks it against the phase.
func (s *State) restoreStable(p engine.Seat, in *snapStable) error {
	st := &s.stables[p]
	// A stable gets at most one monster a turn.
	if in.NextID < 0 || in.NextID > s.resolved() {
		return snapErr("%s has had %d monsters after %d turns", p, in.NextID, s.resolved())
	}
	st.trophies, st.nextID, st.entry = in.Trophies, in.NextID, in.Entry
	if len(in.Monsters) > 0 {
		st.monsters = make([]Monster, len(in.Monsters))
	}
	for k, m := range in.Monsters {
		// Monsters are kept in the order the stable got them, so their
		// numbers increase.
		switch {
		case m.ID < 1 || m.ID > in.NextID:
			return snapErr("%s has monster M%d but has had %d", p, m.ID, in.NextID)
		case k > 0 && m.ID <= in.Monsters[k-1].ID:
			return snapErr("%s has monster M%d after M%d", p, m.ID, in.Monsters[k-1].ID)
		case m.Age < 0 || m.Age > s.cfg.RetireAge: // older monsters have retired
			return snapErr("%s's monster M%d is %d years old", p, m.ID, m.Age)
		}
		for _, v := range [3]int{m.Speed, m.Brawn, m.Mind} {
			if v < -maxAbility || v > maxAbility {
				return snapErr("%s's monster M%d has an ability of %d", p, m.ID, v)
			}
		}
		st.monsters[k] = Monster{ID: m.ID, Name: monsterName(p, m.ID), Speed: m.Speed, Brawn: m.Brawn, Mind: m.Mind, Age: m.Age}
	}
	if in.Sealed != "" {
		if s.phase != PhaseActivity {
			return snapErr("%s has a sealed activity %q in phase %s", p, in.Sealed, s.phase)
		}
		a, err := ParseAction(in.Sealed)
		if err != nil {
			return snapErr("%s's sealed activity: %s", p, inner(err))
		}
		if err := s.checkActivity(p, a); err != nil {
			return snapErr("%s's sealed activity: %v", p, err)
		}
		st.sealed = a
	}
	// Entries: startTournament sets them to 0 (to come) or -1 (no monster
	// to enter); startBracket sets them all back to 0 once every one is in,
	// but a tournament without entrants leaves its -1s.
	switch s.phase {
	case PhaseEnter:
		switch {
		case len(st.monsters) == 0 && st.entry != -1:
			return snapErr("%s has no monster to enter but its entry is %d", p, st.entry)
		case len(st.monsters) > 0 && st.entry < 0:
			return snapErr("%s has monsters but its entry is %d", p, st.entry)
		case len(st.monsters) > 0 && st.entry != 0 && st.find(st.entry) < 0:
			return snapErr("%s has entered M%d, which it does not have", p, st.entry)
		}
	case PhaseMatch:
		if st.entry != 0 {
			return snapErr("%s has entry %d during a match", p, st.entry)
		}
	default:
		if st.entry != 0 && st.entry != -1 {
			return snapErr("%s has entry %d between tournaments", p, st.entry)
		}
	}
	return nil
}

// checkTrophies checks that no more trophies have been won than
// tournaments finished: each gives one at most.
func (s *State) checkTrophies() error {
	finished := s.resolved() / s.cfg.Every
	if s.phase == PhaseEnter || s.phase == PhaseMatch {
		finished-- // this turn's is under way
	}
	total := 0
	for i := range s.stables {
		t := s.stables[i].trophies
		if t < 0 || t > finished {
			return snapErr("%s has %d trophies after %d tournaments", engine.Seat(i), t, finished)
		}
		total += t
	}
	if total > finished {
		return snapErr("%d trophies have been won in %d tournaments", total, finished)
	}
	return nil
}

// restoreTiebreak reads the winner of a final dice-off: there is one
// exactly when the game is over, the win is not shared and stables tie for
// the most trophies, and it is one of them.
func (s *State) restoreTiebreak(tiebreak int) error {
	tied := s.leaders()
	want := s.phase == PhaseOver && s.cfg.SoleWinner && len(tied) > 1
	switch {
	case want && (tiebreak < 1 || !slices.Contains(tied, engine.Seat(tiebreak-1))):
		return snapErr("the final dice-off was won by stable %d, which is not among the tied stables %v", tiebreak, tied)
	case !want && tiebreak != 0:
		return snapErr("a final dice-off winner (stable %d) where there was no dice-off", tiebreak)
	}
	s.tiebreak = tiebreak
	return nil
}

// restoreLast reads the last tournament played, as finishTournament leaves
// it: the entrants in seed order (sums never rising), then every match of
// the bracket, walked as play walks it, each contest judged again from its
// saved values, until one champion is left. There is none during a
// tournament (it took the last one's place) nor before the first.
func (s *State) restoreLast(in *snapLast) error {
	if in == nil {
		return nil
	}
	held := s.resolved() / s.cfg.Every // tournaments held, or under way
	if s.phase == PhaseEnter || s.phase == PhaseMatch {
		return snapErr("a last tournament while tournament %d is under way", held)
	}
	n := len(in.Entrants)
	switch {
	case in.Number < 1 || in.Number > held:
		return snapErr("the last tournament is number %d after %d turns with a tournament every %d", in.Number, s.resolved(), s.cfg.Every)
	case n < 1 || n > len(s.stables):
		return snapErr("the last tournament had %d entrants from %d stables", n, len(s.stables))
	case len(in.Matches) != n-1:
		return snapErr("the last tournament had %d entrants and %d matches", n, len(in.Matches))
	}
	t := &tournament{number: in.Number, entrants: make([]Entrant, n), matches: make([]MatchView, 0, n-1)}
	var entered uint
	for i, x := range in.Entrants {
		if x.Stable < 0 || x.Stable >= len(s.stables) || entered&(1<<x.Stable) != 0 {
			return snapErr("entrant %d of the last tournament is of stable %d, which is not a stable or entered twice", i+1, x.Stable)
		}
		entered |= 1 << x.Stable
		p := engine.Seat(x.Stable)
		switch {
		case x.Monster < 1 || x.Monster > s.stables[p].nextID:
			return snapErr("%s entered M%d in the last tournament but has had %d monsters", p, x.Monster, s.stables[p].nextID)
		case x.Sum < -3*maxAbility || x.Sum > 3*maxAbility:
			return snapErr("%s's entrant in the last tournament has a sum of %d", p, x.Sum)
		case i > 0 && x.Sum > in.Entrants[i-1].Sum:
			return snapErr("entrant %d of the last tournament (sum %d) is seeded after entrant %d (sum %d)", i+1, x.Sum, i, in.Entrants[i-1].Sum)
		}
		t.entrants[i] = Entrant{Stable: p, Monster: x.Monster, Name: monsterName(p, x.Monster), Sum: x.Sum, Seed: i + 1}
	}
	if err := t.reseed(in.SeedDice); err != nil {
		return snapErr("the last tournament: %v", err)
	}
	t.bracket()
	m := &t.match
	for i := range in.Matches {
		lm := &in.Matches[i]
		a, b, done := t.nextPair()
		if done {
			return snapErr("match %d of the last tournament comes after its final", i+1)
		}
		if len(lm.Base) != len(lm.Contests) {
			return snapErr("match %d of the last tournament has %d contests but %d pairs of values", i+1, len(lm.Contests), len(lm.Base))
		}
		// The monsters as they were: each side used each ability at most
		// once (replay checks), so the values fit in one monster.
		*m = match{idx: [2]int{a, b}, side: [2]Entrant{t.entrants[a], t.entrants[b]}, contest: 1}
		for k, choices := range lm.Contests {
			for x := range choices {
				v := lm.Base[k][x]
				if v < -maxAbility || v > maxAbility {
					return snapErr("match %d of the last tournament has an ability of %d", i+1, v)
				}
				m.mon[x].add(choices[x], v)
			}
		}
		m.view = MatchView{Round: t.round, A: m.side[0], B: m.side[1], Winner: -1, Contests: make([]Contest, 0, len(lm.Contests))}
		if err := t.replayFinished(&lm.snapMatch); err != nil {
			return snapErr("match %d of the last tournament: %v", i+1, err)
		}
	}
	if _, _, done := t.nextPair(); !done {
		return snapErr("the last tournament's bracket is not finished")
	}
	s.last = t
	return nil
}

// restoreTour rebuilds the tournament of a match in play: it seeds the
// entrants as startBracket does, then walks the bracket as advance does,
// playing each finished match's contests and then the current one's.
func (s *State) restoreTour(in *snapTour) error {
	n := len(in.Entrants)
	if n < 2 {
		return snapErr("a match is being played in a tournament of %d entrants", n)
	}
	if n > len(s.stables) {
		return snapErr("%d entrants from %d stables", n, len(s.stables))
	}
	t := &tournament{number: s.turn / s.cfg.Every, entrants: make([]Entrant, n)}
	var entered uint
	for i, x := range in.Entrants {
		if x.Stable < 0 || x.Stable >= len(s.stables) {
			return snapErr("entrant %d is of stable %d, but the table's stables are 0..%d", i+1, x.Stable, len(s.stables)-1)
		}
		p := engine.Seat(x.Stable)
		if entered&(1<<p) != 0 {
			return snapErr("%s has entered twice", p)
		}
		entered |= 1 << p
		st := &s.stables[p]
		k := st.find(x.Monster)
		if k < 0 {
			return snapErr("%s has entered M%d, which it does not have", p, x.Monster)
		}
		// Monsters change only after the tournament, so the sums are
		// those at the entry.
		m := &st.monsters[k]
		t.entrants[i] = Entrant{Stable: p, Monster: m.ID, Name: m.Name, Sum: m.Sum(), Seed: i + 1}
		if i > 0 && t.entrants[i].Sum > t.entrants[i-1].Sum {
			return snapErr("entrant %d (sum %d) is seeded after entrant %d (sum %d)", i+1, t.entrants[i].Sum, i, t.entrants[i-1].Sum)
		}
	}
	// Every stable with a monster must enter one, and monsters are neither
	// got nor lost during a tournament.
	for i := range s.stables {
		if len(s.stables[i].monsters) > 0 && entered&(1<<i) == 0 {
			return snapErr("%s has monsters but no entrant", engine.Seat(i))
		}
	}
	if err := t.reseed(in.SeedDice); err != nil {
		return snapErr("%v", err)
	}
	t.bracket()
	if len(in.Matches) > n-2 { // n-1 matches, the last one being played
		return snapErr("%d finished matches in a tournament of %d entrants", len(in.Matches), n)
	}
	t.matches = make([]MatchView, 0, n-1) // room for all, as startBracket makes
	s.tour = t
	m := &t.match
	for i := range in.Matches {
		a, b, done := t.nextPair()
		if done {
			return snapErr("finished match %d comes after the final", i+1)
		}
		s.restoreMatch(a, b)
		if err := t.replayFinished(&in.Matches[i]); err != nil {
			return snapErr("finished match %d: %v", i+1, err)
		}
	}
	a, b, done := t.nextPair()
	if done {
		return snapErr("the bracket is decided but its tournament goes on")
	}
	s.restoreMatch(a, b)
	if err := m.replay(&in.Match.snapMatch); err != nil {
		return snapErr("the match being played: %v", err)
	}
	// A tie in the second contest plays the third at once, and a tie in
	// the third the dice-off: a match waits only before its first or
	// second contest.
	if m.view.Winner >= 0 || len(m.view.Contests) > 1 {
		return snapErr("the match being played is over")
	}
	m.contest = len(m.view.Contests) + 1
	for x, ab := range in.Match.Sealed {
		if ab == nil {
			continue
		}
		if *ab < Speed || *ab > Mind || m.used[x]&abilityBit(*ab) != 0 {
			return snapErr("side %d of the match being played has sealed %s, which it may not choose", x+1, *ab)
		}
		m.choice[x] = *ab
	}
	if m.choice[0] != NoAbility && m.choice[1] != NoAbility {
		return snapErr("both sides of the match being played have sealed a choice, which would have played the contest")
	}
	return nil
}

// seedFaces returns the faces of the seeding dice, nil for none.
func seedFaces(rolls []SeedRoll) []int {
	var out []int
	for _, r := range rolls {
		out = append(out, r.Face)
	}
	return out
}

// reseed checks the seed order of t.entrants against the saved faces of the
// seeding dice, by ordering the entrants as startBracket does (by sum, equal
// sums in seat order, then the dice), and keeps the rolls.
func (t *tournament) reseed(faces []int) error {
	xs := slices.Clone(t.entrants)
	for i := range xs {
		xs[i].Seed, xs[i].Bye = 0, false // as startBracket has them
	}
	slices.SortStableFunc(xs, func(a, b Entrant) int {
		if a.Sum != b.Sum {
			return cmp.Compare(b.Sum, a.Sum)
		}
		return cmp.Compare(a.Stable, b.Stable)
	})
	var rolls []SeedRoll
	if len(xs) > 2 && hasEqualSums(xs) {
		used, bad := 0, false
		rolls = breakSeedTies(xs, nil, func(k int) int {
			if used >= len(faces) || faces[used] < 1 || faces[used] > k {
				bad = true
				used++
				return 1
			}
			used++
			return faces[used-1]
		})
		if bad || used != len(faces) {
			return fmt.Errorf("the seeding dice %v do not fit the equal sums, which need %d dice", faces, used)
		}
	} else if len(faces) > 0 {
		return fmt.Errorf("seeding dice %v where no equal sums needed any", faces)
	}
	for i := range xs {
		if xs[i].Stable != t.entrants[i].Stable || xs[i].Monster != t.entrants[i].Monster {
			return fmt.Errorf("the seeding dice give seed %d to %s's M%d, not to %s's M%d", i+1, xs[i].Stable, xs[i].Monster, t.entrants[i].Stable, t.entrants[i].Monster)
		}
	}
	t.seedDice = rolls
	return nil
}

// replayFinished plays a saved finished match, set up in t.match, and
// records it as endMatch does; a match left without a winner is an error.
func (t *tournament) replayFinished(in *snapMatch) error {
	m := &t.match
	if err := m.replay(in); err != nil {
		return err
	}
	if m.view.Winner < 0 {
		return fmt.Errorf("it has no winner")
	}
	t.matches = append(t.matches, m.view)
	t.next = append(t.next, m.idx[m.view.Winner])
	t.pos++
	return nil
}

// restoreMatch starts the match between entrants a and b as startMatch
// does, without its terrain.
func (s *State) restoreMatch(a, b int) {
	t := s.tour
	m := &t.match
	*m = match{idx: [2]int{a, b}, side: [2]Entrant{t.entrants[a], t.entrants[b]}, contest: 1}
	for x := 0; x < 2; x++ {
		st := &s.stables[m.side[x].Stable]
		m.mon[x] = st.monsters[st.find(m.side[x].Monster)]
	}
	m.view = MatchView{Round: t.round, A: m.side[0], B: m.side[1], Winner: -1, Contests: t.contestRoom()}
}

// replay plays a match's saved terrain, contests and dice-off as
// resolveContest and diceOff do, checking that they follow the rules: each
// side uses each ability once, a contest follows only a tie, and the
// dice-off only a third one.
func (m *match) replay(in *snapMatch) error {
	if in.Terrain < Speed || in.Terrain > Mind {
		return fmt.Errorf("terrain %s", in.Terrain)
	}
	m.view.Terrain = in.Terrain
	if len(in.Contests) > 3 {
		return fmt.Errorf("%d contests", len(in.Contests))
	}
	for i, choices := range in.Contests {
		if m.view.Winner >= 0 {
			return fmt.Errorf("contest %d after the match was won", i+1)
		}
		for x, ab := range choices {
			if ab < Speed || ab > Mind {
				return fmt.Errorf("contest %d: side %d chose %s", i+1, x+1, ab)
			}
			if m.used[x]&abilityBit(ab) != 0 {
				return fmt.Errorf("contest %d: side %d chose %s again", i+1, x+1, ab)
			}
		}
		m.contest = i + 1
		c := m.judge(choices)
		m.view.Contests = append(m.view.Contests, c)
		m.view.Winner = c.Winner
	}
	for i, faces := range in.DiceOff {
		if m.view.Winner >= 0 || len(m.view.Contests) < 3 {
			return fmt.Errorf("a dice-off without three tied contests, or after it was won")
		}
		for _, f := range faces {
			if f < -1 || f > 1 {
				return fmt.Errorf("dice-off roll %d: a Fudge die shows %d", i+1, f)
			}
		}
		m.view.DiceOff = append(m.view.DiceOff, faces)
		switch {
		case faces[0] > faces[1]:
			m.view.Winner = 0
		case faces[1] > faces[0]:
			m.view.Winner = 1
		}
	}
	return nil
}

var (
	_ engine.Snapshotter = (*State)(nil)
	_ engine.Restorer    = game{}
)
