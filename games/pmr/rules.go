package pmr

import (
	"fmt"
	"slices"

	"tabletop/dice"
	"tabletop/engine"
)

// monsterNames gives monsters a name to go with their number. The name is a
// pure function of the stable and the number, so it uses no dice.
var monsterNames = [...]string{
	"Pebblet", "Zorra", "Mossback", "Quillby", "Emberkit", "Tidewick", "Bramble",
	"Sprocket", "Nimbet", "Grizzle", "Fennow", "Voltik", "Murkle", "Sootling",
	"Glimmer", "Thornet", "Puddleby", "Rumblet", "Whisk", "Cragmaw", "Dapple",
	"Flicker", "Gustle", "Hobnob", "Inkwing", "Jolt", "Kelpin", "Lumen",
	"Marrow", "Nettle", "Oakum", "Pipwick", "Quartzel", "Rook", "Sable",
	"Tansy", "Umber", "Vesper", "Wren", "Yarrow", "Zephyx",
}

// MonsterName is a monster's name: one of a fixed list, which a Monster
// keeps as its place in the list (so that monster lists hold no pointers and
// copying or keeping them costs the garbage collector nothing). It marshals
// as the name itself; the zero value is no name.
type MonsterName uint8

// String returns the name: "Pebblet"; "" for the zero value.
func (n MonsterName) String() string {
	if n == 0 || int(n) > len(monsterNames) {
		return ""
	}
	return monsterNames[n-1]
}

// MarshalText writes the name.
func (n MonsterName) MarshalText() ([]byte, error) { return []byte(n.String()), nil }

// UnmarshalText reads a name from the list; "" is no name.
func (n *MonsterName) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*n = 0
		return nil
	}
	for i, name := range monsterNames {
		if name == string(b) {
			*n = MonsterName(i + 1)
			return nil
		}
	}
	return fmt.Errorf("pmr: %s is not a monster name", engine.Quote(string(b)))
}

func monsterName(p engine.Seat, id int) MonsterName {
	return MonsterName((id-1+11*int(p))%len(monsterNames) + 1)
}

// abilityOf is the ability a Fudge die picks: [+] Speed, [_] Brawn, [-] Mind.
func abilityOf(f int) Ability { return Brawn - Ability(f) }

func abilityBit(a Ability) uint8 { return 1 << a }

// terrainNames by the ability the terrain doubles.
var terrainNames = [...]string{"", "Plains", "Woods", "Urban"}

// TerrainName is the terrain that doubles ability a: Plains (Speed), Woods
// (Brawn) or Urban (Mind).
func TerrainName(a Ability) string {
	if a < Speed || a > Mind {
		return "none"
	}
	return terrainNames[a]
}

// Beats reports whether ability a is doubled when it meets ability b: Brawn
// against Speed, Speed against Mind, Mind against Brawn.
func Beats(a, b Ability) bool {
	return a == Brawn && b == Speed || a == Speed && b == Mind || a == Mind && b == Brawn
}

// Effective is the value a monster competes with when it uses ability a
// (whose value is v) against ability opp on the terrain that doubles terrain.
// The terrain and the matchup doublings stack, so a value can count four times.
func Effective(a, opp, terrain Ability, v int) int {
	if a == terrain {
		v *= 2
	}
	if Beats(a, opp) {
		v *= 2
	}
	return v
}

// roundHalf returns sum/2 rounded half away from zero, as math.Round does:
// the rounded average of two whole numbers whose total is sum.
func roundHalf(sum int) int {
	if sum >= 0 {
		return (sum + 1) / 2
	}
	return -((-sum + 1) / 2)
}

// edit returns the stable's monsters, to be changed in place, with room to
// append extra more, and counts the change (and, with extra, a change of
// roster) for the caches.
func (st *stable) edit(extra int) []Monster {
	st.edits++
	if extra > 0 {
		st.roster++
		if n := len(st.monsters); cap(st.monsters)-n < extra {
			ms := make([]Monster, n, n+extra+4)
			copy(ms, st.monsters)
			st.monsters = ms
		}
	}
	return st.monsters
}

// resolveTurn carries out every stable's sealed activity in seat order, then
// starts the tournament after every third turn (the tournament_every option).
func (s *State) resolveTurn(d *dice.Stream, e *eventBuf) {
	for i := range s.stables {
		p := engine.Seat(i)
		a := s.stables[i].sealed
		s.stables[i].sealed = nil
		switch a := a.(type) {
		case Capture:
			s.capture(p, d, e)
		case Train:
			s.train(p, a, d, e)
		case Breed:
			s.breed(p, a, d, e)
		}
	}
	if s.turn%s.cfg.Every == 0 {
		s.startTournament(d, e)
		return
	}
	s.nextTurn(d, e)
}

func (s *State) capture(p engine.Seat, d *dice.Stream, e *eventBuf) {
	st := &s.stables[p]
	e.begin()
	sp := e.fudge(d)
	br := e.fudge(d)
	mi := e.fudge(d)
	ag := e.fudge(d)
	st.nextID++
	m := Monster{ID: st.nextID, Name: monsterName(p, st.nextID), Speed: sp, Brawn: br, Mind: mi, Age: 5 + ag}
	ms := st.edit(1)
	st.monsters = append(ms, m)
	data := e.emitMonster("capture", p, textCapture)
	data.Monster = e.snap(&m)
}

func (s *State) train(p engine.Seat, a Train, d *dice.Stream, e *eventBuf) {
	st := &s.stables[p]
	ms := st.edit(0)
	m := &ms[st.find(a.Monster)]
	e.begin()
	f := e.fudge(d)
	ab := a.Ability
	before := 0
	result := "success"
	kind := textTrain
	if ab == Random {
		ab = abilityOf(f)
		before = m.Get(ab)
		m.add(ab, 1)
		kind = textTrainRandom
	} else {
		before = m.Get(ab)
		if f >= 0 {
			m.add(ab, 1)
		} else {
			result = "failure"
		}
	}
	data := e.emitMonster("train", p, kind)
	data.Monster, data.Ability, data.Change, data.Result = e.snap(m), ab, m.Get(ab)-before, result
}

func (s *State) breed(p engine.Seat, a Breed, d *dice.Stream, e *eventBuf) {
	st := &s.stables[p]
	pa := st.monsters[st.find(a.A)]
	pb := st.monsters[st.find(a.B)]
	avg := roundHalf(pa.Age + pb.Age)
	e.begin()
	f1 := e.fudge(d)
	f2 := e.fudge(d)
	res := avg + f1 + f2
	parents := [2]int{pa.ID, pb.ID}
	if res >= 7 {
		data := e.emitMonster("breed", p, textBreed)
		data.Parents, data.Result, data.pa, data.pb = parents, "no offspring", pa, pb
		return
	}
	st.nextID++
	m := Monster{ID: st.nextID, Name: monsterName(p, st.nextID)}
	for ab := Speed; ab <= Mind; ab++ {
		x, y := pa.Get(ab), pb.Get(ab)
		f := e.fudge(d)
		m.add(ab, roundHalf(x+y)+inherited(f, x, y))
	}
	ms := st.edit(1)
	st.monsters = append(ms, m)
	data := e.emitMonster("breed", p, textBreed)
	data.Parents, data.Monster, data.Result, data.pa, data.pb = parents, e.snap(&m), "offspring", pa, pb
}

// inherited is what an offspring's 1dF f adds to the average of its
// parents' values x and y of an ability: nothing if f would lower an
// ability both parents have above 0, or raise one both have below 0.
func inherited(f, x, y int) int {
	if f < 0 && x > 0 && y > 0 || f > 0 && x < 0 && y < 0 {
		return 0
	}
	return f
}

// nextTurn moves on to the next turn, or ends the game after the last one.
func (s *State) nextTurn(d *dice.Stream, e *eventBuf) {
	if s.turn >= s.cfg.Turns {
		s.phase = PhaseOver
		e.begin()
		tied := s.leaders()
		if s.cfg.SoleWinner && len(tied) > 1 {
			s.finalDiceOff(tied, d, e)
		}
		o := s.outcome()
		data := e.emit("over", -1, textOver)
		data.n, data.Result, data.tied = s.turn, o.Text, tied
		return
	}
	s.turn++
	s.phase = PhaseActivity
}

// leaders returns the stables with the most trophies, in seat order (all of
// them if nobody won a trophy). The slice is shared (pendingSets).
func (s *State) leaders() []engine.Seat {
	best := 0
	for i := range s.stables {
		best = max(best, s.stables[i].trophies)
	}
	var m uint
	for i := range s.stables {
		if s.stables[i].trophies == best {
			m |= 1 << i
		}
	}
	return pendingSets[m]
}

// finalDiceOff decides a tie for the most trophies when the win is not
// shared (shared_wins false): the tied stables roll 1dF each, in seat order,
// and those with the highest face roll again until one is left. The dice
// go to the event begun last; the winner is kept in the state.
func (s *State) finalDiceOff(tied []engine.Seat, d *dice.Stream, e *eventBuf) {
	var faces [maxSeats]int
	in := tied
	var left [maxSeats]engine.Seat
	for len(in) > 1 {
		best := -2
		for k := range in {
			faces[k] = e.fudge(d)
			best = max(best, faces[k])
		}
		n := 0
		for k, p := range in {
			if faces[k] == best {
				left[n] = p
				n++
			}
		}
		in = left[:n:n]
	}
	s.tiebreak = int(in[0]) + 1
}

// tournament is the tournament being played.
type tournament struct {
	number   int         // 1 after turn 3, 2 after turn 6, ...
	entrants []Entrant   // in seed order once the entries are revealed
	seedDice []SeedRoll  // the dice that put equal sums in seed order
	rounds   int         // bracket rounds: log2 of the bracket size
	slots    []int       // the current bracket round: entrant index, -1 for a bye
	next     []int       // winners of the current round so far
	round    int         // the current bracket round, 1-based
	pos      int         // the current pair is slots[2*pos], slots[2*pos+1]
	matches  []MatchView // finished matches, in order
	match    match       // the match being played
	contests []Contest   // memory for the matches' contests (contestRoom)
}

// reuse makes t the tournament number, empty, keeping the memory of its
// lists for the new one: a state reuses its last tournament's memory
// (State.last or State.spare), which nothing handed out before may still hold
// (engine.State).
func (t *tournament) reuse(number int) {
	*t = tournament{
		number:   number,
		entrants: t.entrants[:0],
		seedDice: t.seedDice[:0],
		slots:    t.slots[:0],
		next:     t.next[:0],
		matches:  t.matches[:0],
		contests: t.contests[:0],
	}
}

// contestRoom returns room for a match's contests (at most three) from the
// tournament's memory.
func (t *tournament) contestRoom() []Contest {
	n := len(t.contests)
	if cap(t.contests)-n < 3 {
		t.contests = make([]Contest, 0, max(2*cap(t.contests), 3*(maxSeats-1)))
		n = 0
	}
	t.contests = t.contests[:n+3]
	return t.contests[n : n : n+3]
}

func (t *tournament) clone() *tournament {
	// A deep copy: the original reuses its memory for its next tournament.
	c := *t
	c.entrants = slices.Clone(t.entrants)
	c.seedDice = slices.Clone(t.seedDice)
	c.slots = slices.Clone(t.slots)
	c.next = slices.Clone(t.next)
	c.matches = slices.Clone(t.matches)
	for i := range c.matches {
		c.matches[i].Contests = slices.Clone(c.matches[i].Contests)
		c.matches[i].DiceOff = slices.Clone(c.matches[i].DiceOff)
	}
	c.contests = nil
	c.match.view.Contests = slices.Clone(t.match.view.Contests)
	c.match.view.DiceOff = slices.Clone(t.match.view.DiceOff)
	return &c
}

// match is the match being played.
type match struct {
	side    [2]Entrant
	idx     [2]int     // entrant indexes
	mon     [2]Monster // the contestants
	contest int        // 1, 2 or 3
	used    [2]uint8   // abilities each side has competed with (abilityBit)
	choice  [2]Ability // sealed choices for this contest (hidden until both are in)
	view    MatchView  // what is public so far
}

// sideOf returns 0 or 1 for the stables in the match, -1 for others.
func (m *match) sideOf(p engine.Seat) int {
	switch p {
	case m.side[0].Stable:
		return 0
	case m.side[1].Stable:
		return 1
	}
	return -1
}

func (s *State) startTournament(d *dice.Stream, e *eventBuf) {
	n := 0
	for i := range s.stables {
		if len(s.stables[i].monsters) > 0 {
			s.stables[i].entry = 0
			n++
		} else {
			s.stables[i].entry = -1
		}
	}
	number := s.turn / s.cfg.Every
	e.begin()
	if n == 0 {
		e.emit("tournament", -1, textNoEntries).n = number
		s.nextTurn(d, e)
		return
	}
	// The last tournament is shown until this one begins; then its memory
	// serves this one.
	if s.last != nil {
		s.tour, s.last = s.last, nil
		s.tour.reuse(number)
	} else if s.spare != nil {
		s.tour, s.spare = s.spare, nil
		s.tour.reuse(number)
	} else {
		s.tour = &tournament{number: number}
	}
	s.phase = PhaseEnter
	e.emit("tournament", -1, textTournament).n = number
}

// startBracket reveals the entries, seeds them and plays on until a match
// needs a choice.
func (s *State) startBracket(d *dice.Stream, e *eventBuf) {
	t := s.tour
	entries := 0
	for i := range s.stables {
		if s.stables[i].entry > 0 {
			entries++
		}
	}
	// A knockout of n entrants has n-1 matches: room for all of them, so
	// that they are appended in place.
	if cap(t.entrants) < entries {
		t.entrants = make([]Entrant, 0, maxSeats)
	}
	if cap(t.matches) < entries-1 {
		t.matches = make([]MatchView, 0, maxSeats-1)
	}
	for i := range s.stables {
		st := &s.stables[i]
		if st.entry > 0 {
			m := &st.monsters[st.find(st.entry)]
			t.entrants = append(t.entrants, Entrant{Stable: engine.Seat(i), Monster: m.ID, Name: m.Name, Sum: m.Sum()})
		}
		st.entry = 0
	}
	n := len(t.entrants)
	e.begin()
	// The entries in seat order, as the text lists them.
	entered := e.arena().entered.Take(n)
	for i := range t.entrants {
		x := &t.entrants[i]
		entered[i] = entry{x: *x, m: s.stables[x.Stable].monsters[s.stables[x.Stable].find(x.Monster)]}
	}
	// Seed by ability sum, highest first; dice put equal sums in order.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && t.entrants[j].Sum > t.entrants[j-1].Sum; j-- {
			t.entrants[j], t.entrants[j-1] = t.entrants[j-1], t.entrants[j]
		}
	}
	if n > 2 && hasEqualSums(t.entrants) {
		t.seedDice = breakSeedTies(t.entrants, t.seedDice, func(k int) int {
			f := d.Roll(k)
			e.roll(f)
			return f
		})
	}
	for i := range t.entrants {
		t.entrants[i].Seed = i + 1
	}
	t.bracket()
	data := e.emit("entries", -1, textEntries)
	data.Entrants, data.entered, data.seedDice = t.entrants, entered, t.seedDice
	s.advance(d, e)
}

// bracket sets up the bracket of the entrants in seed order, as
// startBracket does: the next power of two, byes to the top seeds, and the
// first round.
func (t *tournament) bracket() {
	n := len(t.entrants)
	size := 1
	for size < n {
		size *= 2
		t.rounds++
	}
	for i := range t.entrants {
		t.entrants[i].Bye = i < size-n
	}
	t.firstRound(size)
}

// firstRound sets up the bracket's first round of size slots for the seeded
// entrants: the missing seeds are byes (-1).
func (t *tournament) firstRound(size int) {
	if cap(t.slots) < size {
		t.slots = make([]int, size, maxSeats)
	}
	t.slots = t.slots[:size]
	for i, seed := range seedOrder(size) {
		if seed <= len(t.entrants) {
			t.slots[i] = seed - 1
		} else {
			t.slots[i] = -1
		}
	}
	t.round = 1
}

// hasEqualSums reports whether two of the entrants, sorted by sum, have
// the same sum.
func hasEqualSums(xs []Entrant) bool {
	for i := 1; i < len(xs); i++ {
		if xs[i].Sum == xs[i-1].Sum {
			return true
		}
	}
	return false
}

// breakSeedTies puts every run of equal sums among the entrants xs (sorted
// by sum, equal sums in seat order) in order by dice: for each place in the
// run but the last, roll(k), a dk among the k entrants still unplaced,
// picks who takes it. Seat order only lists the candidates, so no seat is
// favoured. It appends the rolls to rolls and returns them. Restoring a
// snapshot runs it again with the saved faces.
func breakSeedTies(xs []Entrant, rolls []SeedRoll, roll func(k int) int) []SeedRoll {
	for g0 := 0; g0 < len(xs); {
		g1 := g0 + 1
		for g1 < len(xs) && xs[g1].Sum == xs[g0].Sum {
			g1++
		}
		for r := g0; r < g1-1; r++ {
			k := g1 - r
			f := roll(k)
			pick := r + f - 1
			rolls = append(rolls, SeedRoll{Sum: xs[r].Sum, Of: k, Face: f, Pick: xs[pick]})
			// Move the pick up, keeping the others in seat order.
			x := xs[pick]
			copy(xs[r+1:pick+1], xs[r:pick])
			xs[r] = x
		}
		g0 = g1
	}
	return rolls
}

// seedOrder returns the standard bracket positions of seeds 1..size, so that
// seed 1 meets seed size, 2 meets size-1, and so on: byes (the missing seeds
// above the number of entrants) fall to the top seeds. size is a power of
// two of at most maxSeats; the lists are shared and must not be modified.
func seedOrder(size int) []int {
	k := 0
	for 1<<k < size {
		k++
	}
	return seedOrders[k]
}

// seedOrders holds seedOrder's lists for sizes 1, 2, 4 and 8.
var seedOrders = func() (out [4][]int) {
	order := []int{1}
	out[0] = order
	for k, n := 1, 2; n <= maxSeats; k, n = k+1, n*2 {
		next := make([]int, 0, n)
		for _, s := range order {
			next = append(next, s, n+1-s)
		}
		order = next
		out[k] = order
	}
	return out
}()

// advance plays the bracket on: byes advance at once; a match rolls its
// terrain and waits for the contestants' choices; a lone survivor is champion.
func (s *State) advance(d *dice.Stream, e *eventBuf) {
	a, b, done := s.tour.nextPair()
	if done {
		s.finishTournament(a, d, e)
		return
	}
	s.startMatch(a, b, d, e)
}

// nextPair walks the bracket on to the next pair that must play (entrant
// indexes a and b): byes advance at once, and a finished round makes its
// winners the next one. Once one entrant is left it returns done, with the
// champion as a. It rolls no dice, so that restoring a snapshot can walk the
// bracket exactly as play did.
func (t *tournament) nextPair() (a, b int, done bool) {
	for {
		if len(t.slots) == 1 {
			return t.slots[0], -1, true
		}
		if 2*t.pos >= len(t.slots) {
			t.slots, t.next = t.next, t.slots[:0]
			t.pos = 0
			t.round++
			continue
		}
		a, b := t.slots[2*t.pos], t.slots[2*t.pos+1]
		if a < 0 || b < 0 {
			t.next = append(t.next, max(a, b))
			t.pos++
			continue
		}
		return a, b, false
	}
}

func (s *State) startMatch(a, b int, d *dice.Stream, e *eventBuf) {
	t := s.tour
	m := &t.match
	*m = match{idx: [2]int{a, b}, side: [2]Entrant{t.entrants[a], t.entrants[b]}, contest: 1}
	for x := 0; x < 2; x++ {
		st := &s.stables[m.side[x].Stable]
		m.mon[x] = st.monsters[st.find(m.side[x].Monster)]
	}
	e.begin()
	f := e.fudge(d)
	terrain := abilityOf(f)
	m.view = MatchView{Round: t.round, A: m.side[0], B: m.side[1], Terrain: terrain, Winner: -1, Contests: t.contestRoom()}
	s.phase = PhaseMatch
	data := e.emitMatch(t)
	data.A, data.B, data.Terrain = &t.entrants[a], &t.entrants[b], terrain
}

// resolveContest compares the two sealed abilities of the current contest.
func (s *State) resolveContest(d *dice.Stream, e *eventBuf) {
	m := &s.tour.match
	for {
		c := m.judge(m.choice)
		m.view.Contests = append(m.view.Contests, c)
		cp := &m.view.Contests[len(m.view.Contests)-1] // never modified again
		e.begin()
		e.emitContest(cp, m)
		if c.Winner >= 0 {
			s.endMatch(c.Winner, d, e)
			return
		}
		m.choice = [2]Ability{}
		switch m.contest {
		case 1:
			m.contest = 2
			return
		case 2:
			m.contest = 3
			for x := 0; x < 2; x++ {
				for ab := Speed; ab <= Mind; ab++ {
					if m.used[x]&abilityBit(ab) == 0 {
						m.choice[x] = ab
					}
				}
			}
			continue
		}
		s.diceOff(d, e)
		return
	}
}

// judge compares the contestants' choices in the match's current contest
// and marks them used. Restoring a snapshot judges its contests with it too.
func (m *match) judge(choices [2]Ability) Contest {
	c := Contest{Number: m.contest, Choices: choices}
	for x := 0; x < 2; x++ {
		ab, opp := choices[x], choices[1-x]
		m.used[x] |= abilityBit(ab)
		c.Base[x] = m.mon[x].Get(ab)
		c.ByTerrain[x] = ab == m.view.Terrain
		c.ByMatchup[x] = Beats(ab, opp)
		c.Values[x] = Effective(ab, opp, m.view.Terrain, c.Base[x])
	}
	switch {
	case c.Values[0] > c.Values[1]:
		c.Winner = 0
	case c.Values[1] > c.Values[0]:
		c.Winner = 1
	default:
		c.Winner = -1
	}
	return c
}

// diceOff breaks a third tie: 1dF each, re-rolled until they differ.
func (s *State) diceOff(d *dice.Stream, e *eventBuf) {
	m := &s.tour.match
	e.begin()
	for {
		a := e.fudge(d)
		b := e.fudge(d)
		m.view.DiceOff = append(m.view.DiceOff, [2]int{a, b})
		if a != b {
			w := 0
			if b > a {
				w = 1
			}
			e.emit("diceoff", -1, textDiceOff).side = m.side
			s.endMatch(w, d, e)
			return
		}
	}
}

func (s *State) endMatch(w int, d *dice.Stream, e *eventBuf) {
	t := s.tour
	m := &t.match
	m.view.Winner = w
	t.matches = append(t.matches, m.view)
	t.next = append(t.next, m.idx[w])
	t.pos++
	s.advance(d, e) // which starts the next match (startMatch sets all of t.match) or ends the tournament
}

// finishTournament awards the trophy, rolls the improvements, ages every
// monster and moves on to the next turn.
func (s *State) finishTournament(champ int, d *dice.Stream, e *eventBuf) {
	t := s.tour
	w := t.entrants[champ]
	st := &s.stables[w.Stable]
	st.trophies++
	e.begin()
	data := e.emit("trophy", w.Stable, textTrophy)
	data.A, data.Trophies, data.n = &t.entrants[champ], st.trophies, t.number

	s.improve(w, true, d, e)
	for i := range s.stables {
		for j := range t.entrants {
			if x := t.entrants[j]; j != champ && x.Stable == engine.Seat(i) {
				s.improve(x, false, d, e)
			}
		}
	}
	s.tour, s.last = nil, t
	s.phase = PhaseActivity
	s.ageAll(e)
	s.nextTurn(d, e)
}

// improve rolls a contestant's improvement: the winner gains 2 in an ability
// on [+] or [_]; every other entrant gains 1 on [+], loses 1 on [_] and is
// unchanged on [-]. A second die picks the ability only when something changes.
func (s *State) improve(x Entrant, winner bool, d *dice.Stream, e *eventBuf) {
	st := &s.stables[x.Stable]
	e.begin()
	f := e.fudge(d)
	change := 0
	switch {
	case winner && f >= 0:
		change = 2
	case !winner && f > 0:
		change = 1
	case !winner && f == 0:
		change = -1
	}
	if change == 0 {
		data := e.emitMonster("improve", x.Stable, textImprove)
		data.who, data.Result = x, "no change"
		return
	}
	g := e.fudge(d)
	ab := abilityOf(g)
	ms := st.edit(0)
	m := &ms[st.find(x.Monster)]
	m.add(ab, change)
	data := e.emitMonster("improve", x.Stable, textImprove)
	data.who = x
	data.Monster, data.Ability, data.Change = e.snap(m), ab, change
}

// ageAll ages every monster of every stable by one year; those older than 10
// (the retire_age option) retire.
func (s *State) ageAll(e *eventBuf) {
	e.begin()
	var buf [maxSeats]Entrant // room enough, mostly
	retired := buf[:0]
	for i := range s.stables {
		st := &s.stables[i]
		if len(st.monsters) == 0 {
			continue
		}
		ms := st.edit(0)
		kept := ms[:0]
		for _, m := range ms {
			m.Age++
			if m.Age > s.cfg.RetireAge {
				retired = append(retired, Entrant{Stable: engine.Seat(i), Monster: m.ID, Name: m.Name, Sum: m.Sum()})
				continue
			}
			kept = append(kept, m)
		}
		if len(kept) < len(ms) {
			clear(ms[len(kept):])
			st.roster++
		}
		st.monsters = kept
	}
	data := e.emit("age", -1, textAge)
	data.Change, data.Entrants = 1, e.entrants(retired)
}

// entrantName is "Ann's M2 Pebblet", for error messages.
func (s *State) entrantName(x Entrant) string {
	var t txt
	t.entrant(s.cfg, &x)
	return string(t)
}

func plural(n int, one, many string) string {
	var t txt
	t.plural(n, one, many)
	return string(t)
}
