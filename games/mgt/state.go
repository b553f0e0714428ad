package mgt

import (
	"slices"
	"time"

	"tabletop/dice"
	"tabletop/engine"
)

// Phase is what the game is waiting for.
type Phase int8

const (
	PhaseDiscard Phase = iota // the player whose turn it is discards (or melds, or takes an impatient draw)
	PhaseTarget               // the discarder of an aggressive card picks a player to attack, or none
	PhaseRPS                  // the discarder and the target each seal rock, paper or scissors
	PhaseClaim                // every player but the discarder seals claim or pass (most can only pass)
	PhaseOver                 // the last round has ended
)

var phaseNames = [...]string{"discard", "target", "rps", "claim", "over"}

// String returns the phase's name.
func (p Phase) String() string {
	if p < 0 || int(p) >= len(phaseNames) {
		return "phase?"
	}
	return phaseNames[p]
}

// MarshalText writes the phase's name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// group is an exposed set: formed by a claim (three cards from the hand and
// the claimed discard) and grown by melds. It never changes set.
type group struct {
	set     SetID
	cards   []Card
	claimed Card // the card taken from the discard pile
}

// player is one seat's cards and tallies.
type player struct {
	hand   []Card   // hidden, sorted by card
	groups []group  // exposed sets
	aside  []Card   // proud cards set aside, for the rest of the game (public)
	banned uint64   // keys (types) banned by proud discards, for the whole game
	bans   []string // their names, for views (copy-on-write: replaced, never modified)
	skip   int8     // turns to lose (aggressive attacks lost)
	claims int8     // cards taken from the discard pile this round
	score  int      // points so far
	wins   int      // rounds won
}

// State is a game of Monster Girl Taxonomy in progress. It implements
// engine.State and engine.Determinizer.
type State struct {
	cfg      *config
	round    int // 1-based
	dealer   engine.Seat
	phase    Phase
	turn     engine.Seat // the player who discards (and, in PhaseTarget/PhaseRPS/PhaseClaim, who discarded)
	extra    int8        // impatient draws the turn's player may still take before discarding
	after    bool        // the turn's discard s.card waits for the draws an impatient card in its refill allows (afterRefill)
	stock    []Card      // the top is the end
	discards []CardView  // the discard pile, oldest first: appended to, replaced on a claim, never changed in place (views share it)
	players  []player
	nat      [maxCards]Nature  // natures rolled this round by miscellaneous cards (NoNature: not drawn yet)
	seen     [maxSeats]bitset  // cards each seat has looked at (honest) that may still be hidden
	card     Card              // the voluntary discard being resolved (PhaseTarget, PhaseRPS), or the card a claim window is on (PhaseClaim)
	queue    []Card            // the turn's discards still to open claim windows, in pile order (nil if none)
	target   engine.Seat       // the attacked player (PhaseRPS)
	throws   [2]Hand           // sealed throws: [0] the discarder, [1] the target
	ties     int8              // rock-paper-scissors ties in a row in this contest
	elig     [maxSeats]uint8   // claim options by seat (claimOwn|claimCheerful; 0: may only pass)
	answer   [maxSeats]int8    // sealed claim answers: 0 none yet, answerPass, or a claim option
	with     [maxSeats][3]Card // the three cards each sealed claim exposes with the card
	results  []RoundResult
	arena    *arena // memory for what the state hands out (not part of the position; see arena.go)
	released bool   // Release was called: the state is dead
}

// Claim options and answers.
const (
	claimOwn      = 1 // the card's own set
	claimCheerful = 2 // the cheerful set
	answerPass    = -1
)

// bitset is a set of cards.
type bitset [maxCards / 64]uint64

func (b *bitset) add(c Card)      { b[c>>6] |= 1 << (c & 63) }
func (b *bitset) has(c Card) bool { return b[c>>6]&(1<<(c&63)) != 0 }
func (b *bitset) any() bool {
	for _, w := range b {
		if w != 0 {
			return true
		}
	}
	return false
}

// Pending returns the seats that must act now, in seat order. The list is
// shared (seatLists): callers must not modify it.
func (s *State) Pending() []engine.Seat {
	switch s.phase {
	case PhaseDiscard, PhaseTarget:
		return seatLists[1<<s.turn]
	case PhaseRPS:
		var mask uint
		for _, p := range s.duellists() {
			if s.throwOf(p) == NoHand {
				mask |= 1 << p
			}
		}
		return seatLists[mask]
	case PhaseClaim:
		// Everyone but the discarder answers, able to claim or not, so
		// that who is asked gives nothing away.
		var mask uint
		for i := range s.players {
			if s.answer[i] == 0 && engine.Seat(i) != s.turn {
				mask |= 1 << i
			}
		}
		return seatLists[mask]
	}
	return nil
}

// seatLists holds every set of seats as a list in seat order, indexed by its
// bit mask (seatLists[0] is nil). Pending runs before every action, so it
// returns these shared lists (capped: an append copies) instead of
// allocating; nobody modifies them.
var seatLists = func() (out [1 << maxSeats][]engine.Seat) {
	for m := 1; m < len(out); m++ {
		for p := range maxSeats {
			if m&(1<<p) != 0 {
				out[m] = append(out[m], engine.Seat(p))
			}
		}
		out[m] = slices.Clip(out[m])
	}
	return out
}()

// duellists returns the two players of a rock-paper-scissors contest, in
// seat order.
func (s *State) duellists() [2]engine.Seat {
	if s.turn < s.target {
		return [2]engine.Seat{s.turn, s.target}
	}
	return [2]engine.Seat{s.target, s.turn}
}

func (s *State) throwOf(p engine.Seat) Hand {
	switch p {
	case s.turn:
		return s.throws[0]
	case s.target:
		return s.throws[1]
	}
	return NoHand
}

// pending reports whether seat p must act now.
func (s *State) pending(p engine.Seat) bool {
	if p < 0 || int(p) >= len(s.players) {
		return false
	}
	switch s.phase {
	case PhaseDiscard, PhaseTarget:
		return p == s.turn
	case PhaseRPS:
		return (p == s.turn || p == s.target) && s.throwOf(p) == NoHand
	case PhaseClaim:
		return p != s.turn && s.answer[p] == 0
	}
	return false
}

// Legal returns the actions seat p may take, in a stable order:
//   - discarding: "draw" if an impatient draw is open, then a discard of every
//     card in the hand (in deck order), then a meld of every card that fits
//     one of p's exposed sets;
//   - choosing a target: "attack N" for every other player, then "no attack";
//   - rock-paper-scissors: rock, paper, scissors;
//   - a claim window: the claims p may make, then "pass" (for most players
//     "pass" alone).
//
// It depends only on p's own cards and public facts. It is empty for a seat
// that need not act. To choose a target, in rock-paper-scissors and in a
// claim window the list is shared (see throwList and claimLists): callers
// must not modify it.
func (s *State) Legal(p engine.Seat) []engine.Action {
	if !s.pending(p) {
		return nil
	}
	switch s.phase {
	case PhaseDiscard:
		pl := &s.players[p]
		if s.after {
			return s.afterLegal(p)
		}
		n := len(pl.hand)
		draw := s.extra > 0 && len(s.stock) > 0
		if draw {
			n++
		}
		melds := 0 // cards that can be melded (every one is listed, however long the hand)
		if len(pl.groups) > 0 && s.canMeld(p) {
			for _, c := range pl.hand {
				if s.meldGroup(p, c) >= 0 {
					melds++
				}
			}
		}
		n += melds
		// From the arena: a discard-phase list is asked for on every turn.
		out := s.mem().actions.Take(n)[:0]
		if draw {
			out = append(out, boxedDraw)
		}
		for _, c := range pl.hand {
			out = append(out, boxedDiscard[c])
		}
		if melds > 0 {
			for _, c := range pl.hand {
				if s.meldGroup(p, c) >= 0 {
					out = append(out, boxedMeld[c])
				}
			}
		}
		return out
	case PhaseTarget:
		return targetLists[len(s.players)][p]
	case PhaseRPS:
		return throwList
	case PhaseClaim:
		e := s.elig[p]
		if e == 0 {
			return passOnly
		}
		// A claim for every choice of three cards that completes the set:
		// the claimer chooses what it shows. The list is made once per
		// window and kept in the arena (hands do not change while a window
		// is open), so that asking again allocates nothing.
		m := s.mem()
		key := [4]int{s.round, len(s.discards), int(s.card), int(s.turn)}
		if m.claimKey != key {
			m.claims, m.claimKey = [maxSeats][]engine.Action{}, key
		}
		if m.claims[p] != nil {
			return m.claims[p]
		}
		var out []engine.Action
		for _, cheerful := range [2]bool{false, true} {
			if cheerful && e&claimCheerful == 0 || !cheerful && e&claimOwn == 0 {
				continue
			}
			for _, w := range threes(s.claimCards(p, s.card, cheerful)) {
				out = append(out, Claim{Card: s.card, Cheerful: cheerful, With: w})
			}
		}
		m.claims[p] = slices.Clip(append(out, boxedPass))
		return m.claims[p]
	}
	return nil
}

// Apply plays action a for seat p. A refused action returns an error that says
// why and changes nothing: every check is made before anything changes or any
// die is rolled.
func (s *State) Apply(p engine.Seat, a engine.Action, d *dice.Stream) ([]engine.Event, error) {
	if a == nil {
		return nil, engine.Illegal(nil, "no action given")
	}
	a = deref(a)
	if s.phase == PhaseOver || s.released {
		return nil, engine.GameOver(a)
	}
	if p < 0 || int(p) >= len(s.players) {
		return nil, engine.NotYourTurn(a, "%s has no place at this table", p)
	}
	if !s.pending(p) {
		return nil, s.notPending(p, a)
	}
	if err := s.check(p, a); err != nil {
		return nil, err
	}
	if _, ok := a.(Pass); ok && s.phase == PhaseClaim && !s.lastAnswer(p) {
		// Most answers in a claim window are passes that settle nothing:
		// they make no event (a pass is never announced) and allocate
		// nothing.
		s.answer[p] = answerPass
		return nil, nil
	}
	// The events are written straight into the free part of the arena's
	// event block (ev starts there, with its room as capacity), so that
	// handing them out costs no allocation and no copy; an Apply that
	// outgrows the room (a round's end) gets its own array from append.
	m := s.mem()
	m.events.Room(maxApplyEvents)
	ev := events(m.events.Free()[:0])
	switch a := a.(type) {
	case Draw, Pass, Discard:
		if s.after {
			s.afterRefill(p, a, d, &ev)
			break
		}
		switch a := a.(type) {
		case Draw:
			s.extraDraw(p, d, &ev)
		case Discard:
			s.discard(p, a.Card, d, &ev)
		case Pass:
			s.answer[p] = answerPass
			s.settleClaims(d, &ev)
		}
	case Meld:
		s.meld(p, a.Card, &ev)
	case Attack:
		s.attack(p, a.Target, d, &ev)
	case Throw:
		s.throw(p, a.Hand, d, &ev)
	case Claim:
		s.answer[p] = claimOwn
		if a.Cheerful {
			s.answer[p] = claimCheerful
		}
		s.with[p], _ = s.claimWith(p, a) // checked
		w := s.with[p]
		ev.private(p, "seal", s.text("You claim ", a.Card.String(), " with ", w[0].String(), ", ", w[1].String(), ", ", w[2].String(), "."), "")
		s.settleClaims(d, &ev)
	}
	if len(ev) > 0 && &ev[0] == &m.events.Free()[0] {
		m.events.Take(len(ev)) // ev was written in place: keep it
	}
	return slices.Clip(ev), nil
}

// claimWith returns the three cards p's claim a exposes with the card: the
// ones it names, which must be three of p's cards that may join it, or, if
// it names none, the only three that may.
func (s *State) claimWith(p engine.Seat, a Claim) ([3]Card, error) {
	choices := threes(s.claimCards(p, a.Card, a.Cheerful))
	if a.With == noThree {
		if len(choices) == 1 {
			return choices[0], nil
		}
		return noThree, engine.Illegal(a, "choose the three cards to expose with %s, e.g. %q", a.Card, Claim{Card: a.Card, Cheerful: a.Cheerful, With: choices[0]}.String())
	}
	w := a.With
	slices.Sort(w[:])
	if !slices.Contains(choices, w) {
		set := setPhrase(cardSet[a.Card])
		if a.Cheerful {
			set = setPhrase(deck.CheerfulSet)
		}
		return noThree, engine.Illegal(a, "%s, %s and %s are not three different %s in your hand that you may collect", a.With[0], a.With[1], a.With[2], set)
	}
	return w, nil
}

// afterLegal lists p's choices after a refill that drew an impatient card
// (afterRefill): "draw" while a draw is open, then "pass" at eight cards,
// or a discard of every card in the hand above eight.
func (s *State) afterLegal(p engine.Seat) []engine.Action {
	var out []engine.Action
	if s.extra > 0 && len(s.stock) > 0 {
		out = append(out, boxedDraw)
	}
	if s.total(p) == handSize {
		return append(out, boxedPass)
	}
	for _, c := range s.players[p].hand {
		out = append(out, boxedDiscard[c])
	}
	return out
}

// afterCheck explains why a is not allowed after a refill that drew an
// impatient card, or returns nil.
func (s *State) afterCheck(p engine.Seat, a engine.Action) error {
	switch a := a.(type) {
	case Draw:
		if s.extra == 0 || len(s.stock) == 0 {
			return engine.Illegal(a, "no draw is open: discard down to %d", handSize)
		}
		return nil
	case Pass:
		if s.total(p) > handSize {
			return engine.Illegal(a, "you hold more than %d cards: discard one", handSize)
		}
		return nil
	case Discard:
		if s.total(p) <= handSize {
			return engine.Illegal(a, "you hold %d cards: draw once more or pass", handSize)
		}
		if !validCard(a.Card) || !slices.Contains(s.players[p].hand, a.Card) {
			return engine.Illegal(a, "%s is not in your hand", a.Card)
		}
		return nil
	}
	return engine.Illegal(a, "an impatient card in your refill lets you draw once more: draw, or pass")
}

// canMeld reports whether p, discarding, may move a card from the hand to
// an exposed set: a meld leaves as many cards in the hand as p must still
// discard to get back to eight.
func (s *State) canMeld(p engine.Seat) bool {
	return len(s.players[p].hand) > s.total(p)-handSize
}

// maxApplyEvents is the room an Apply's events get in the arena's block
// before append moves them: nearly every Apply makes one to four.
const maxApplyEvents = 4

// lastAnswer reports whether p's answer is the last one the claim window
// waits for.
func (s *State) lastAnswer(p engine.Seat) bool {
	for i := range s.players {
		if engine.Seat(i) != p && engine.Seat(i) != s.turn && s.answer[i] == 0 {
			return false
		}
	}
	return true
}

// check explains why a is not allowed for pending seat p, or returns nil.
func (s *State) check(p engine.Seat, a engine.Action) error {
	pl := &s.players[p]
	switch s.phase {
	case PhaseDiscard:
		if s.after {
			return s.afterCheck(p, a)
		}
		switch a := a.(type) {
		case Draw:
			if s.extra == 0 {
				return engine.Illegal(a, "you may draw again only right after drawing an impatient card, before you discard")
			}
			if len(s.stock) == 0 {
				return engine.Illegal(a, "the stock is empty")
			}
			return nil
		case Discard:
			if !validCard(a.Card) || !slices.Contains(pl.hand, a.Card) {
				return engine.Illegal(a, "%s is not in your hand", a.Card)
			}
			return nil
		case Meld:
			if !validCard(a.Card) || !slices.Contains(pl.hand, a.Card) {
				return engine.Illegal(a, "%s is not in your hand", a.Card)
			}
			if s.meldGroup(p, a.Card) < 0 {
				return engine.Illegal(a, "%s fits none of your exposed sets (%s)", a.Card, s.groupList(p))
			}
			if !s.canMeld(p) {
				return engine.Illegal(a, "you must keep the cards in your hand to discard down to %d", handSize)
			}
			return nil
		case Attack, Throw, Claim, Pass:
			return engine.Illegal(a, "it is your turn: discard a card")
		}
	case PhaseTarget:
		switch a := a.(type) {
		case Attack:
			if a.Target == NoTarget {
				return nil
			}
			if a.Target < 0 || int(a.Target) >= len(s.players) {
				return engine.Illegal(a, "there is no player %d at this table", int(a.Target)+1)
			}
			if a.Target == p {
				return engine.Illegal(a, "you cannot send your aggressive monster at yourself")
			}
			return nil
		case Draw, Discard, Meld, Throw, Claim, Pass:
			return engine.Illegal(a, "you discarded the aggressive %s: attack a player or choose no attack", s.card)
		}
	case PhaseRPS:
		switch a := a.(type) {
		case Throw:
			if a.Hand < Rock || a.Hand > Scissors {
				return engine.Illegal(a, "throw rock, paper or scissors")
			}
			return nil
		case Draw, Discard, Meld, Attack, Claim, Pass:
			return engine.Illegal(a, "you are playing rock-paper-scissors: throw rock, paper or scissors")
		}
	case PhaseClaim:
		switch a := a.(type) {
		case Pass:
			return nil
		case Claim:
			if a.Card != s.card {
				return engine.Illegal(a, "the card to claim is %s", s.card)
			}
			if a.Cheerful && s.elig[p]&claimCheerful == 0 {
				return engine.Illegal(a, "you cannot claim %s into a cheerful set: you need three cheerful cards you may collect and no exposed cheerful set", a.Card)
			}
			if !a.Cheerful && s.elig[p]&claimOwn == 0 {
				return engine.Illegal(a, "you cannot claim %s into a %s set: you need three %s cards and no exposed %s set", a.Card, a.Card.Info().Set, a.Card.Info().Set, a.Card.Info().Set)
			}
			_, err := s.claimWith(p, a)
			return err
		case Draw, Discard, Meld, Attack, Throw:
			return engine.Illegal(a, "%s was discarded: claim it or pass", s.card)
		}
	}
	return engine.Illegal(a, "%q is not a Monster Girl Taxonomy action", a.Kind())
}

func validCard(c Card) bool { return c >= 0 && int(c) < len(deck.Cards) }

// notPending explains why seat p may not act now.
func (s *State) notPending(p engine.Seat, a engine.Action) error {
	switch s.phase {
	case PhaseDiscard:
		return engine.NotYourTurn(a, "it is %s's turn", s.cfg.names[s.turn])
	case PhaseTarget:
		return engine.NotYourTurn(a, "%s is choosing whom to attack", s.cfg.names[s.turn])
	case PhaseRPS:
		if p == s.turn || p == s.target {
			return engine.NotYourTurn(a, "your throw is sealed; waiting for the other player")
		}
		return engine.NotYourTurn(a, "%s and %s are playing rock-paper-scissors", s.cfg.names[s.turn], s.cfg.names[s.target])
	}
	if p == s.turn {
		return engine.NotYourTurn(a, "you discarded %s; waiting for the others to claim it or pass", s.card)
	}
	return engine.NotYourTurn(a, "your answer on %s is sealed; waiting for the others", s.card)
}

// Outcome reports whether the game is over and who won: the players with the
// most points share the win.
func (s *State) Outcome() (engine.Outcome, bool) {
	if s.phase != PhaseOver {
		return engine.Outcome{}, false
	}
	best := 0
	scores := make([]int, len(s.players))
	for i := range s.players {
		scores[i] = s.players[i].score
		best = max(best, scores[i])
	}
	var winners []engine.Seat
	var names []string
	for i, sc := range scores {
		if sc == best {
			winners = append(winners, engine.Seat(i))
			names = append(names, s.cfg.names[i])
		}
	}
	text := names[0] + " wins with " + points(best)
	if len(winners) > 1 {
		text = engine.JoinAnd(names) + " share the win with " + points(best) + " each"
	}
	return engine.Outcome{Winners: winners, Scores: scores, Text: text}, true
}

// Clone returns an independent copy.
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.arena = nil // a clone takes its memory from its own arena
	c.stock = slices.Clone(s.stock)
	c.queue = slices.Clone(s.queue)
	c.discards = slices.Clip(s.discards) // shared: a clone's append reallocates
	c.results = slices.Clone(s.results)
	c.players = slices.Clone(s.players)
	for i := range c.players {
		pl := &c.players[i]
		pl.hand = slices.Clone(pl.hand)
		pl.aside = slices.Clone(pl.aside)
		pl.bans = slices.Clone(pl.bans)
		if pl.groups != nil {
			pl.groups = slices.Clone(pl.groups)
			for j := range pl.groups {
				pl.groups[j].cards = slices.Clone(pl.groups[j].cards)
			}
		}
	}
	return &c
}

// WindowOpen implements engine.Window: a claim window is open. Every player
// but the discarder answers it, and whether one may claim is a secret.
func (s *State) WindowOpen() bool { return s.phase == PhaseClaim }

// WindowHold implements engine.Window: the table's claim_window option.
func (s *State) WindowHold() time.Duration { return s.cfg.hold }

// WindowDefault implements engine.Window: a player who gave no answer in
// time passes.
func (s *State) WindowDefault(engine.Seat) engine.Action { return boxedPass }

// Metrics implements engine.MetricReporter: rounds won by each player.
func (s *State) Metrics() []engine.Metric {
	won := make([]float64, len(s.players))
	for i := range s.players {
		won[i] = float64(s.players[i].wins)
	}
	return []engine.Metric{{Name: "rounds won", Seats: won}}
}
