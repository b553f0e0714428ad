package pmr

import (
	"slices"

	"tabletop/dice"
	"tabletop/engine"
)

// Phase is what the game is waiting for.
type Phase int8

const (
	PhaseActivity Phase = iota // every stable seals one activity for the turn
	PhaseEnter                 // every stable with a monster seals a tournament entry
	PhaseMatch                 // the two contestants of a match seal an ability
	PhaseOver                  // the game has ended
)

var phaseNames = [...]string{"activity", "enter", "match", "over"}

func (p Phase) String() string {
	if p < 0 || int(p) >= len(phaseNames) {
		return "phase?"
	}
	return phaseNames[p]
}

// MarshalText writes the phase's name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// Monster is one monster of a stable. ID is its number in the stable (M3 = 3),
// given in the order the stable got its monsters and never reused.
type Monster struct {
	ID    int         `json:"id"`
	Name  MonsterName `json:"name"`
	Speed int         `json:"speed"`
	Brawn int         `json:"brawn"`
	Mind  int         `json:"mind"`
	Age   int         `json:"age"`
}

// Get returns the monster's value of ability a (Speed, Brawn or Mind).
func (m *Monster) Get(a Ability) int {
	switch a {
	case Speed:
		return m.Speed
	case Brawn:
		return m.Brawn
	case Mind:
		return m.Mind
	}
	return 0
}

// add changes ability a by delta.
func (m *Monster) add(a Ability, delta int) {
	switch a {
	case Speed:
		m.Speed += delta
	case Brawn:
		m.Brawn += delta
	case Mind:
		m.Mind += delta
	}
}

// Sum is the total of the monster's abilities: it decides the byes.
func (m *Monster) Sum() int { return m.Speed + m.Brawn + m.Mind }

// stable is one seat's stable.
type stable struct {
	// monsters is the stable's own, changed in place (a clone copies it);
	// views and events share it until the next Apply (engine.State).
	monsters []Monster
	trophies int
	nextID   int           // the number of the last monster the stable got
	sealed   engine.Action // this turn's sealed activity, nil if none (hidden)
	entry    int           // tournament entry: 0 = not yet, -1 = not entering, else monster id (hidden until all are in)

	// Change counters for the caches: edits counts changes to the monsters
	// (their public facts, see stableInfo), roster the monsters gained or
	// lost (their activities). Equal skips them.
	edits, roster uint32

	// activities caches Legal's activity list, built for the roster
	// activitiesFor (a cache: Equal skips it, clones drop it).
	activities    []engine.Action
	activitiesFor uint32
}

func (st *stable) find(id int) int {
	for i := range st.monsters {
		if st.monsters[i].ID == id {
			return i
		}
	}
	return -1
}

// State is a game of Pocket Monster Rancher in progress. It implements
// engine.State, engine.Determinizer and engine.Equaler. A State is not safe
// for concurrent use, not even for reading (engine.State): View and Legal
// fill caches and take memory from the state's arena, and encoding a view
// fills the JSON cache of the stables' facts (StableInfo).
type State struct {
	cfg      *config
	turn     int // 1-based
	phase    Phase
	stables  []stable
	tour     *tournament // the tournament being played, nil outside tournaments
	last     *tournament // the last one played, shown until the next begins, which reuses its memory
	spare    *tournament // memory for the next tournament, kept by reset (not compared; clones drop it)
	released bool        // Release was called: the state is dead
	tiebreak int         // seat+1 of the stable a final dice-off made sole winner, 0 if none

	// Caches, derived from the fields above and never compared (see Equal).
	// Every change of the state drops them (changed); View rebuilds them.
	//
	// They all point into the arena's slots (arena.go), which are rebuilt
	// in place, so clones share none of them.
	//
	// board is the public part of every view. It is built when a view is
	// asked for rather than after every Apply, since many states (search,
	// the sealing of several stables in a row) are never looked at.
	board *Board
	// views holds the spectator's view at 0 and seat p's at p+1, each made
	// the first time it is asked for after a change.
	views [maxSeats + 1]*View
	// tourView is the last tournament view built. The next board reuses it
	// while it still shows the tournament (the entries and the first of two
	// sealed abilities change nothing public), so it survives changes.
	tourView *TournamentView
	// infos are the last public facts built for each stable; the next board
	// reuses them while they still hold (stableInfo).
	infos [maxSeats]*StableInfo
	// arena is where the events, views and legal lists that the state hands
	// out, and its monster lists, are carved from (arena.go). Clones do not
	// share it.
	arena *arena
}

// changed drops the caches after a change of the state. It writes only the
// pointers that are set: clearing the whole array would run the garbage
// collector's bulk write barrier over all of it, in every Apply.
func (s *State) changed() {
	if s.board != nil {
		s.board = nil
	}
	for i := range s.views {
		if s.views[i] != nil {
			s.views[i] = nil
		}
	}
}

// sealedBy updates the caches after seat p sealed a choice that resolved
// nothing: only p's "pending" and "chosen" change in public, and p's own
// view shows its choice. The board is patched in place (what the state
// handed out is valid only until this Apply, engine.State) rather than
// built again: most actions of a game are such seals.
func (s *State) sealedBy(p engine.Seat) {
	if b := s.board; b != nil {
		sv := &b.Stables[p]
		sv.Pending, sv.Chosen = false, true
		b.Pending = pendingSets[s.pendingSet()]
	}
	if s.views[p+1] != nil {
		s.views[p+1] = nil
	}
}

// pendingSets[m] lists the seats in the bit set m in seat order (nil for
// none). Pending and Board.Pending return these shared slices, so that asking
// who must act, which a simulation does before every action, allocates
// nothing.
var pendingSets = func() (out [1 << maxSeats][]engine.Seat) {
	for m := 1; m < len(out); m++ {
		for p := range maxSeats {
			if m&(1<<p) != 0 {
				out[m] = append(out[m], engine.Seat(p))
			}
		}
		out[m] = out[m][:len(out[m]):len(out[m])]
	}
	return out
}()

// Pending returns the stables that must act now, in seat order: every stable
// that has not sealed its choice (activity, entry or ability). The slice is
// shared and must not be modified.
func (s *State) Pending() []engine.Seat { return pendingSets[s.pendingSet()] }

// pendingSet returns the pending stables as a bit set (bit p for seat p):
// those that have not sealed their choice (see pending).
func (s *State) pendingSet() (m uint) {
	switch s.phase {
	case PhaseActivity:
		for i := range s.stables {
			if s.stables[i].sealed == nil {
				m |= 1 << i
			}
		}
	case PhaseEnter:
		for i := range s.stables {
			if s.stables[i].entry == 0 {
				m |= 1 << i
			}
		}
	case PhaseMatch:
		mt := &s.tour.match
		for x := range mt.side {
			if mt.choice[x] == NoAbility {
				m |= 1 << mt.side[x].Stable
			}
		}
	}
	return m
}

// chosenSet returns the stables that have sealed a choice that is not
// revealed yet, as a bit set.
func (s *State) chosenSet() (m uint) {
	switch s.phase {
	case PhaseActivity:
		for i := range s.stables {
			if s.stables[i].sealed != nil {
				m |= 1 << i
			}
		}
	case PhaseEnter:
		for i := range s.stables {
			if s.stables[i].entry > 0 {
				m |= 1 << i
			}
		}
	case PhaseMatch:
		mt := &s.tour.match
		for x := range mt.side {
			if mt.choice[x] != NoAbility {
				m |= 1 << mt.side[x].Stable
			}
		}
	}
	return m
}

// pending reports whether seat p must act now.
func (s *State) pending(p engine.Seat) bool {
	if p < 0 || int(p) >= len(s.stables) {
		return false
	}
	st := &s.stables[p]
	switch s.phase {
	case PhaseActivity:
		return st.sealed == nil
	case PhaseEnter:
		return st.entry == 0
	case PhaseMatch:
		m := &s.tour.match
		x := m.sideOf(p)
		return x >= 0 && m.choice[x] == NoAbility
	}
	return false
}

// Legal returns the actions seat p may take, in a stable order: for an
// activity capture, then train for every monster (speed, brawn, mind, random),
// then breed for every pair; for an entry every monster; in a match every
// ability the monster has not yet used in this match. It is empty for a seat
// that need not act.
//
// The list is shared (the activities are cached with the stable until its
// monsters change, the abilities are fixed lists): callers must not modify
// it. A simulation asks for it before every action.
func (s *State) Legal(p engine.Seat) []engine.Action {
	if !s.pending(p) {
		return nil
	}
	st := &s.stables[p]
	ms := st.monsters
	switch s.phase {
	case PhaseActivity:
		if len(ms) == 0 {
			return captureOnly
		}
		if st.activities == nil || st.activitiesFor != st.roster {
			st.activities, st.activitiesFor = s.activities(st.activities, ms), st.roster
		}
		return st.activities[:len(st.activities):len(st.activities)]
	case PhaseEnter:
		mem := s.mem()
		out := mem.enter[p]
		if cap(out) < len(ms) {
			out = make([]engine.Action, len(ms), len(ms)+4)
			mem.enter[p] = out
		}
		out = out[:len(ms):len(ms)]
		for i := range ms {
			out[i] = enterAction(ms[i].ID)
		}
		return out
	case PhaseMatch:
		m := &s.tour.match
		return chooseLists[m.used[m.sideOf(p)]]
	}
	return nil
}

// captureOnly is the activity list of a stable without monsters.
var captureOnly = []engine.Action{boxedCapture}

// chooseLists[used] lists the choices of abilities not in the set used.
var chooseLists = func() (out [1 << (Mind + 1)][]engine.Action) {
	for used := range out {
		for ab := Speed; ab <= Mind; ab++ {
			if used&int(abilityBit(ab)) == 0 {
				out[used] = append(out[used], boxedChoose[ab])
			}
		}
		out[used] = out[used][:len(out[used]):len(out[used])]
	}
	return out
}()

// activities lists the activities of a stable with monsters ms, in buf's
// memory if it is big enough. The list keeps buf's capacity: Legal hands
// it out with cap == len.
func (s *State) activities(buf []engine.Action, ms []Monster) []engine.Action {
	n := len(ms)
	size := 1 + 4*n + n*(n-1)/2
	if cap(buf) < size {
		buf = make([]engine.Action, size, size+8*n+8) // room for at least two more monsters
	}
	out := buf[:size] // the whole capacity stays, for the next list
	out[0] = boxedCapture
	k := 1
	for i := range ms {
		id := ms[i].ID
		for ab := Speed; ab <= Random; ab++ {
			out[k] = trainAction(id, ab)
			k++
		}
	}
	for i := range ms {
		for j := i + 1; j < n; j++ {
			out[k] = breedAction(ms[i].ID, ms[j].ID)
			k++
		}
	}
	return out
}

// Apply plays action a for seat p. A refused action returns an error that says
// why and changes nothing: every check is made before any die is rolled.
func (s *State) Apply(p engine.Seat, a engine.Action, d *dice.Stream) ([]engine.Event, error) {
	if a = deref(a); a == nil {
		return nil, engine.Illegal(nil, "no action given")
	}
	if s.phase == PhaseOver || s.released {
		return nil, engine.GameOver(a)
	}
	if p < 0 || int(p) >= len(s.stables) {
		return nil, engine.NotYourTurn(a, "%s has no stable at this table", p)
	}
	if !s.pending(p) {
		return nil, s.notPending(p, a)
	}
	var err error
	switch s.phase {
	case PhaseActivity:
		err = s.checkActivity(p, a)
	case PhaseEnter:
		err = s.checkEntry(p, a)
	case PhaseMatch:
		err = s.checkChoice(p, a)
	}
	if err != nil {
		return nil, err
	}
	// The event buffer lives on the stack; its dice buffer is kept in the
	// arena for the next Apply (see eventBuf).
	mem := s.mem()
	mem.resetEvents() // the last Apply's events are taken back (engine.State)
	e := eventBuf{mem: mem, cfg: s.cfg, dice: mem.faces}
	e.reset(s.turn)
	resolved := false
	switch s.phase {
	case PhaseActivity:
		s.stables[p].sealed = a
		s.sealEvent(&e, p, a)
		if resolved = s.allSealed(); resolved {
			s.resolveTurn(d, &e)
		}
	case PhaseEnter:
		s.stables[p].entry = a.(Enter).Monster
		s.sealEvent(&e, p, a)
		if resolved = s.allEntered(); resolved {
			s.startBracket(d, &e)
		}
	case PhaseMatch:
		m := &s.tour.match
		m.choice[m.sideOf(p)] = a.(Choose).Ability
		s.sealEvent(&e, p, a)
		if resolved = m.choice[0] != NoAbility && m.choice[1] != NoAbility; resolved {
			s.resolveContest(d, &e)
		}
	}
	if resolved {
		s.changed()
	} else {
		s.sealedBy(p)
	}
	if len(e.dice) != len(mem.faces) {
		mem.faces = e.dice
	}
	return e.finish(), nil
}

// deref accepts pointers to actions as well as values; a nil pointer is no
// action at all.
func deref(a engine.Action) engine.Action {
	switch v := a.(type) {
	case *Capture:
		if v != nil {
			return *v
		}
		return nil
	case *Train:
		if v != nil {
			return *v
		}
		return nil
	case *Breed:
		if v != nil {
			return *v
		}
		return nil
	case *Enter:
		if v != nil {
			return *v
		}
		return nil
	case *Choose:
		if v != nil {
			return *v
		}
		return nil
	}
	return a
}

// notPending explains why seat p may not act now.
func (s *State) notPending(p engine.Seat, a engine.Action) error {
	waiting := s.waitingFor()
	switch s.phase {
	case PhaseActivity:
		return engine.NotYourTurn(a, "your activity for turn %d is sealed and final; waiting for %s", s.turn, waiting)
	case PhaseEnter:
		if s.stables[p].entry < 0 {
			return engine.NotYourTurn(a, "%s has no monster to enter in this tournament; waiting for %s", s.cfg.names[p], waiting)
		}
		return engine.NotYourTurn(a, "your tournament entry is sealed and final; waiting for %s", waiting)
	}
	m := &s.tour.match
	if m.sideOf(p) < 0 {
		return engine.NotYourTurn(a, "the match is between %s and %s; waiting for %s",
			s.entrantName(m.side[0]), s.entrantName(m.side[1]), waiting)
	}
	return engine.NotYourTurn(a, "your ability for this contest is sealed and final; waiting for %s", waiting)
}

// waitingFor names the pending stables: "Ann and Bob".
func (s *State) waitingFor() string {
	var names []string
	for _, p := range s.Pending() {
		names = append(names, s.cfg.names[p])
	}
	return engine.JoinAnd(names)
}

func (s *State) monsterList(p engine.Seat) string {
	ms := s.stables[p].monsters
	if len(ms) == 0 {
		return "you have no monsters"
	}
	b := []byte("your monsters: ")
	for i := range ms {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = appendID(b, ms[i].ID)
	}
	return string(b)
}

func (s *State) checkActivity(p engine.Seat, a engine.Action) error {
	st := &s.stables[p]
	switch a := a.(type) {
	case Capture:
		return nil
	case Train:
		if len(st.monsters) == 0 {
			return engine.Illegal(a, "training needs a monster: you have none (capture one first)")
		}
		if st.find(a.Monster) < 0 {
			return engine.Illegal(a, "you have no monster M%d (%s)", a.Monster, s.monsterList(p))
		}
		if a.Ability < Speed || a.Ability > Random {
			return engine.Illegal(a, "train speed, brawn, mind or random")
		}
		return nil
	case Breed:
		if len(st.monsters) < 2 {
			return engine.Illegal(a, "breeding needs two monsters: you have %d", len(st.monsters))
		}
		if a.A == a.B {
			return engine.Illegal(a, "a monster cannot breed with itself: choose two different monsters")
		}
		for _, id := range [2]int{a.A, a.B} {
			if st.find(id) < 0 {
				return engine.Illegal(a, "you have no monster M%d (%s)", id, s.monsterList(p))
			}
		}
		return nil
	case Enter, Choose:
		return engine.Illegal(a, "it is turn %d's activity: capture, train or breed", s.turn)
	}
	return engine.Illegal(a, "%q is not a Pocket Monster Rancher action", a.Kind())
}

func (s *State) checkEntry(p engine.Seat, a engine.Action) error {
	switch a := a.(type) {
	case Enter:
		if s.stables[p].find(a.Monster) < 0 {
			return engine.Illegal(a, "you have no monster M%d to enter (%s)", a.Monster, s.monsterList(p))
		}
		return nil
	case Capture, Train, Breed, Choose:
		return engine.Illegal(a, "tournament %d is starting: enter one of your monsters", s.tour.number)
	}
	return engine.Illegal(a, "%q is not a Pocket Monster Rancher action", a.Kind())
}

func (s *State) checkChoice(p engine.Seat, a engine.Action) error {
	m := &s.tour.match
	switch a := a.(type) {
	case Choose:
		if a.Ability < Speed || a.Ability > Mind {
			return engine.Illegal(a, "choose speed, brawn or mind")
		}
		if m.used[m.sideOf(p)]&abilityBit(a.Ability) != 0 {
			return engine.Illegal(a, "your monster has already competed with %s in this match: choose %s",
				a.Ability, unusedList(m.used[m.sideOf(p)]))
		}
		return nil
	case Capture, Train, Breed, Enter:
		return engine.Illegal(a, "your monster is in a match: choose speed, brawn or mind")
	}
	return engine.Illegal(a, "%q is not a Pocket Monster Rancher action", a.Kind())
}

func unusedList(used uint8) string {
	var names []string
	for ab := Speed; ab <= Mind; ab++ {
		if used&abilityBit(ab) == 0 {
			names = append(names, ab.String())
		}
	}
	if len(names) == 2 {
		return names[0] + " or " + names[1]
	}
	return engine.JoinAnd(names)
}

func (s *State) allSealed() bool {
	for i := range s.stables {
		if s.stables[i].sealed == nil {
			return false
		}
	}
	return true
}

func (s *State) allEntered() bool {
	for i := range s.stables {
		if s.stables[i].entry == 0 {
			return false
		}
	}
	return true
}

// Outcome reports whether the game is over and who won: the stables with the
// most trophies share the win (all of them, if nobody won a trophy), unless
// the table plays without shared wins: then a final dice-off picked one.
func (s *State) Outcome() (engine.Outcome, bool) {
	if s.phase != PhaseOver {
		return engine.Outcome{}, false
	}
	return s.outcome(), true
}

func (s *State) outcome() engine.Outcome {
	best := 0
	scores := make([]int, len(s.stables))
	for i := range s.stables {
		scores[i] = s.stables[i].trophies
		best = max(best, scores[i])
	}
	var winners []engine.Seat
	var names []string
	for i, t := range scores {
		if t == best {
			winners = append(winners, engine.Seat(i))
			names = append(names, s.cfg.names[i])
		}
	}
	var text string
	switch {
	case s.tiebreak > 0:
		w := engine.Seat(s.tiebreak - 1)
		text = s.cfg.names[w] + " wins the dice-off of " + engine.JoinAnd(names) + " (" + plural(best, "trophy", "trophies") + " each)"
		winners = []engine.Seat{w}
	case len(winners) == 1:
		text = names[0] + " wins with " + plural(best, "trophy", "trophies")
	case best == 0:
		text = "nobody won a trophy: " + engine.JoinAnd(names) + " share the win"
	default:
		text = engine.JoinAnd(names) + " share the win with " + plural(best, "trophy", "trophies") + " each"
	}
	return engine.Outcome{Winners: winners, Scores: scores, Text: text}
}

// Metrics implements engine.MetricReporter: "monsters", the monsters alive
// in each stable now; retired monsters do not count. Simulations read it at
// the end of a game.
func (s *State) Metrics() []engine.Metric {
	alive := make([]float64, len(s.stables))
	for i := range s.stables {
		alive[i] = float64(len(s.stables[i].monsters))
	}
	return []engine.Metric{{Name: "monsters", Seats: alive}}
}

// Clone returns an independent copy: everything that Apply changes in place
// is copied, and the caches are left for the copy to build in its own
// memory.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.stables = append([]stable(nil), s.stables...)
	for i := range c.stables {
		st := &c.stables[i]
		st.monsters = slices.Clone(st.monsters) // s changes its own in place
		st.activities = nil                     // built in s's memory, which s reuses
	}
	if s.tour != nil {
		c.tour = s.tour.clone()
	}
	if s.last != nil {
		c.last = s.last.clone()
	}
	// The caches point into s's arena, which s rebuilds in place: the
	// clone makes its own, lazily.
	c.board, c.tourView, c.spare = nil, nil, nil
	c.views = [maxSeats + 1]*View{}
	c.infos = [maxSeats]*StableInfo{}
	c.arena = nil
	return &c
}

// Equal implements engine.Equaler: it reports whether other is a *State in
// the same position. It compares every field that decides the future or a
// view (the table's settings, the turn and phase, every stable with its
// hidden sealed choice and entry, the tournament and its match) and skips the
// caches, which are derived from them. TestState_Equal proves that a change
// to any of these fields makes states unequal.
func (s *State) Equal(other engine.State) bool {
	o, ok := other.(*State)
	if !ok || s == nil || o == nil {
		return ok && s == o
	}
	if s == o {
		return true
	}
	if !s.cfg.equal(o.cfg) || s.turn != o.turn || s.phase != o.phase || s.tiebreak != o.tiebreak ||
		!slices.EqualFunc(s.stables, o.stables, stable.equal) {
		return false
	}
	if !lastEqual(s.last, o.last) {
		return false
	}
	if s.tour == nil || o.tour == nil {
		return s.tour == o.tour
	}
	return s.tour.equal(o.tour)
}

// lastEqual compares the last tournaments played by what is left of them,
// what the views show: the number, the entrants and the matches.
func lastEqual(t, o *tournament) bool {
	if t == nil || o == nil {
		return t == o
	}
	return t.number == o.number && slices.Equal(t.entrants, o.entrants) && slices.Equal(t.seedDice, o.seedDice) &&
		slices.EqualFunc(t.matches, o.matches, func(a, b MatchView) bool { return a.equal(&b) })
}

// equal compares the settings. The names are derived from the seats.
func (c *config) equal(o *config) bool {
	return c == o || c.Options == o.Options && slices.Equal(c.seats, o.seats)
}

func (st stable) equal(o stable) bool {
	// Sealed actions are always values of this package's comparable action
	// types (Apply dereferences pointers before storing them).
	return st.trophies == o.trophies && st.nextID == o.nextID && st.sealed == o.sealed &&
		st.entry == o.entry && slices.Equal(st.monsters, o.monsters)
}

func (t *tournament) equal(o *tournament) bool {
	return t.number == o.number && t.rounds == o.rounds && t.round == o.round && t.pos == o.pos &&
		slices.Equal(t.entrants, o.entrants) && slices.Equal(t.seedDice, o.seedDice) &&
		slices.Equal(t.slots, o.slots) && slices.Equal(t.next, o.next) &&
		slices.EqualFunc(t.matches, o.matches, func(a, b MatchView) bool { return a.equal(&b) }) &&
		t.match.equal(&o.match)
}

func (m *match) equal(o *match) bool {
	return m.side == o.side && m.idx == o.idx && m.mon == o.mon && m.contest == o.contest &&
		m.used == o.used && m.choice == o.choice && m.view.equal(&o.view)
}

func (m *MatchView) equal(o *MatchView) bool {
	return m.Round == o.Round && m.A == o.A && m.B == o.B && m.Terrain == o.Terrain && m.Winner == o.Winner &&
		slices.Equal(m.Contests, o.Contests) && slices.Equal(m.DiceOff, o.DiceOff)
}

// Determinize returns a copy in which every choice seat p cannot see (the
// other stables' sealed, unresolved activities, entries and abilities) is
// re-drawn uniformly from that stable's legal actions, with dice from r.
func (s *State) Determinize(p engine.Seat, r *dice.Stream) engine.State {
	c := s.clone()
	for i := range c.stables {
		q := engine.Seat(i)
		if q == p {
			continue
		}
		switch c.phase {
		case PhaseActivity:
			if c.stables[i].sealed != nil {
				c.stables[i].sealed = nil
				legal := c.Legal(q)
				c.stables[i].sealed = legal[r.Roll(len(legal))-1]
			}
		case PhaseEnter:
			if c.stables[i].entry > 0 {
				ms := c.stables[i].monsters
				c.stables[i].entry = ms[r.Roll(len(ms))-1].ID
			}
		case PhaseMatch:
			m := &c.tour.match
			if x := m.sideOf(q); x >= 0 && m.choice[x] != NoAbility {
				m.choice[x] = NoAbility
				legal := c.Legal(q)
				m.choice[x] = legal[r.Roll(len(legal))-1].(Choose).Ability
			}
		}
	}
	c.changed() // the views show the re-drawn choices
	return c
}
