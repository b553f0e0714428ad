package mgt

import (
	"slices"
	"strconv"
	"strings"

	"tabletop/dice"
	"tabletop/engine"
)

// events collects the events of one Apply.
type events []engine.Event

func (e *events) public(kind, text string, data any) {
	*e = append(*e, engine.Event{Kind: kind, Text: text, Data: data})
}

// private adds an event only p sees; the others see others (nothing if empty).
func (e *events) private(p engine.Seat, kind, text, others string) {
	*e = append(*e, engine.Event{Kind: kind, Text: text, Only: seatLists[1<<p], Others: others})
}

// Event data for UIs.
type (
	// CardData describes a card that became public. Events carry it as a
	// *CardData taken from the state's arena (discard, excess, meld, mean):
	// it marshals the same, and must not be modified.
	CardData struct {
		Seat   engine.Seat `json:"seat"`
		Card   Card        `json:"card"`
		Set    SetID       `json:"set"`
		Nature Nature      `json:"nature"`
	}
	// CardsData lists cards that became public together.
	CardsData struct {
		Seat  engine.Seat `json:"seat"`
		Cards []Card      `json:"cards"`
	}
)

// nature returns card c's nature this round: a miscellaneous card that has
// been drawn has the nature it rolled.
func (s *State) nature(c Card) Nature {
	n := cardNature[c]
	if n == Miscellaneous && s.nat[c] != NoNature {
		return s.nat[c]
	}
	return n
}

// cheerful reports whether c counts as cheerful this round.
func (s *State) cheerful(c Card) bool { return s.nature(c).Effect() == Cheerful }

// usable reports whether p may still collect c (its type is not banned).
func (s *State) usable(p engine.Seat, c Card) bool {
	return s.players[p].banned&(1<<cardKey[c]) == 0
}

// total is p's hidden and exposed cards.
func (s *State) total(p engine.Seat) int {
	pl := &s.players[p]
	n := len(pl.hand)
	for i := range pl.groups {
		n += len(pl.groups[i].cards)
	}
	return n
}

func (s *State) name(p engine.Seat) string { return s.cfg.names[p] }

// describe writes "Harpy (Avian, cheerful)", with a miscellaneous card's
// rolled nature: "Shoggoth (Semisolid Life Form, miscellaneous: clingy)".
func (s *State) describe(c Card) string {
	info := &deck.Cards[c]
	if info.Nature != Miscellaneous {
		return deck.desc[c]
	}
	n := s.nature(c)
	if n != Miscellaneous {
		return s.text(info.Name, " (", info.Kind, ", miscellaneous: ", n.String(), ")")
	}
	return s.text(info.Name, " (", info.Kind, ", ", n.String(), ")")
}

// setPhrase names a set in running text: "Avian", "orphans", "cheerful cards".
func setPhrase(set SetID) string {
	if set == deck.CheerfulSet {
		return "cheerful cards"
	}
	return set.String()
}

func cardList(cs []Card) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c.String())
	}
	return b.String()
}

func points(n int) string {
	if n == 1 {
		return "1 point"
	}
	return strconv.Itoa(n) + " points"
}

// addToHand puts c in p's hand, keeping it sorted.
func (s *State) addToHand(p engine.Seat, c Card) {
	pl := &s.players[p]
	i, _ := slices.BinarySearch(pl.hand, c)
	pl.hand = slices.Insert(pl.hand, i, c)
}

func (s *State) removeFromHand(p engine.Seat, c Card) {
	pl := &s.players[p]
	if i, ok := slices.BinarySearch(pl.hand, c); ok {
		pl.hand = slices.Delete(pl.hand, i, i+1)
	}
}

// take pops the top card of the stock into p's hand; a miscellaneous card
// rolls its nature now.
func (s *State) take(p engine.Seat, d *dice.Stream) (Card, string) {
	c := s.stock[len(s.stock)-1]
	s.stock = s.stock[:len(s.stock)-1]
	roll := ""
	if cardNature[c] == Miscellaneous {
		var faces [8]int
		k := 0
		s.nat[c] = deck.rollNature(func(sides int) int {
			f := d.Roll(sides)
			if k < len(faces) {
				faces[k] = f
			}
			k++
			return f
		})
		// " [2d20-4: 7+12-4 = 15, again: ...]", written in the arena's
		// buffer and cut from its text block: no allocation per piece.
		m := s.mem()
		b := append(m.buf[:0], " [2d20-4: "...)
		for i := 0; i+1 < min(k, len(faces)); i += 2 {
			if i > 0 {
				b = append(b, ", again: "...)
			}
			b = strconv.AppendInt(b, int64(faces[i]), 10)
			b = append(b, '+')
			b = strconv.AppendInt(b, int64(faces[i+1]), 10)
			b = append(b, "-4 = "...)
			b = strconv.AppendInt(b, int64(faces[i]+faces[i+1]-4), 10)
		}
		b = append(b, ']')
		m.buf = b
		roll = m.text.String(b)
	}
	s.addToHand(p, c)
	return c, roll
}

// deal starts a round dealt by dealer: shuffle the whole deck, deal eight
// cards to each player, and start the dealer's turn.
func (s *State) deal(dealer engine.Seat, d *dice.Stream, ev *events) {
	s.round++
	s.dealer = dealer
	old := s.nat
	s.nat = [maxCards]Nature{}
	s.seen = [maxSeats]bitset{}
	s.discards = nil
	// Proud cards stay set aside for the rest of the game, each keeping
	// the nature it had (a miscellaneous card's rolled proud): every other
	// card is shuffled into the stock.
	var aside bitset
	for i := range s.players {
		for _, c := range s.players[i].aside {
			aside.add(c)
			if cardNature[c] == Miscellaneous {
				s.nat[c] = old[c]
			}
		}
	}
	s.stock = make([]Card, 0, len(deck.Cards))
	for i := range deck.Cards {
		if !aside.has(Card(i)) {
			s.stock = append(s.stock, Card(i))
		}
	}
	d.Shuffle(len(s.stock), func(i, j int) { s.stock[i], s.stock[j] = s.stock[j], s.stock[i] })
	for i := range s.players {
		pl := &s.players[i]
		pl.hand = make([]Card, 0, handSize+2)
		pl.groups = nil
		s.forgetExposed(engine.Seat(i))
		pl.skip, pl.claims = 0, 0
	}
	n := len(s.players)
	ev.public("deal", "Round "+strconv.Itoa(s.round)+" of "+strconv.Itoa(s.cfg.rounds)+": "+s.name(dealer)+" deals 8 cards to each player and plays first.", nil)
	for k := range n {
		p := engine.Seat((int(dealer) + k) % n)
		var rolls []string
		for range handSize {
			c, roll := s.take(p, d)
			if roll != "" {
				rolls = append(rolls, c.String()+roll)
			}
		}
		text := "Your hand: " + cardList(s.players[p].hand) + "."
		if len(rolls) > 0 {
			text += " Miscellaneous natures: " + strings.Join(rolls, "; ") + "."
		}
		ev.private(p, "hand", text, "")
	}
	// A dealt hand may already win.
	for k := range n {
		p := engine.Seat((int(dealer) + k) % n)
		if w, ok := s.winning(p); ok {
			s.endRound(p, w, d, ev)
			return
		}
	}
	s.startTurn(dealer, d, ev)
}

// startTurn gives p the turn: p draws from the stock (honest and impatient
// cards act), or the round ends if the stock is empty.
func (s *State) startTurn(p engine.Seat, d *dice.Stream, ev *events) {
	s.phase, s.turn, s.extra, s.after = PhaseDiscard, p, 0, false
	s.card, s.target, s.throws, s.queue = NoCard, NoTarget, [2]Hand{}, nil
	s.elig, s.answer, s.with = [maxSeats]uint8{}, [maxSeats]int8{}, [maxSeats][3]Card{}
	if len(s.stock) == 0 {
		s.endRound(-1, Win{}, d, ev)
		return
	}
	s.drawFromStock(p, s.cfg.drawsCard[p], d, ev)
}

// drawFromStock is a draw that honest and impatient cards react to: the
// turn's draw and an impatient extra draw. others is what the other players
// read: "Ann draws a card.".
func (s *State) drawFromStock(p engine.Seat, what string, d *dice.Stream, ev *events) {
	c, roll := s.take(p, d)
	text := deck.youDraw[c]
	if roll != "" {
		text = s.text("You draw ", s.describe(c), roll, ".")
	}
	ev.private(p, "draw", text, what)
	s.drawn(p, c, ev)
}

// drawn plays the nature of card c that p has just drawn from the stock (on
// a turn, by an impatient draw or in a refill): honest shows p the top of
// the stock, impatient lets p draw once more.
func (s *State) drawn(p engine.Seat, c Card, ev *events) {
	switch s.nature(c).Effect() {
	case Honest:
		k := min(lookSize, len(s.stock))
		top := make([]Card, k)
		for i := range k {
			top[i] = s.stock[len(s.stock)-1-i]
			s.seen[p].add(top[i])
		}
		if k == 0 {
			ev.private(p, "look", "Honest "+c.String()+" has nothing to tell: the stock is empty.", "")
			break
		}
		ev.private(p, "look", "Honest "+c.String()+" tells you what she saw: the top of the stock is "+cardList(top)+" (top first).",
			s.name(p)+" looks at the top "+engine.Count(k, "card", "cards")+" of the stock.")
	case Impatient:
		if len(s.stock) > 0 {
			s.extra++
			ev.private(p, "impatient", s.text("Impatient ", c.String(), ": you may draw another card before you discard."), "")
		}
	}
}

// refill draws p back up to eight cards after a forced loss. Every card
// drawn acts as any draw from the stock does: honest cards show the top of
// the stock, impatient ones open an extra draw (taken after the refill, see
// afterRefill), miscellaneous ones roll their nature. An empty stock ends
// the round with no score; it reports false then.
func (s *State) refill(p engine.Seat, d *dice.Stream, ev *events) bool {
	var got []Card
	var rolls []string
	var effects events // the natures' events, told after the refill's
	for s.total(p) < handSize && len(s.stock) > 0 {
		c, roll := s.take(p, d)
		got = append(got, c)
		if roll != "" {
			rolls = append(rolls, c.String()+roll)
		}
		s.drawn(p, c, &effects)
	}
	if len(got) > 0 {
		text := "You refill to 8 with " + cardList(got) + "."
		if len(rolls) > 0 {
			text += " Miscellaneous natures: " + strings.Join(rolls, "; ") + "."
		}
		ev.private(p, "refill", text, s.name(p)+" draws "+engine.Count(len(got), "card", "cards")+" to refill to 8.")
		*ev = append(*ev, effects...)
	}
	if s.total(p) < handSize {
		s.endRound(-1, Win{}, d, ev)
		return false
	}
	return true
}

// extraDraw is the impatient draw.
func (s *State) extraDraw(p engine.Seat, d *dice.Stream, ev *events) {
	s.extra--
	s.drawFromStock(p, s.name(p)+" draws another card (impatient).", d, ev)
}

// meldGroup returns the index of p's exposed set that c may join, or -1.
func (s *State) meldGroup(p engine.Seat, c Card) int {
	if !s.usable(p, c) {
		return -1
	}
	own, cheer := cardSet[c], s.cheerful(c)
	for i, g := range s.players[p].groups {
		if len(g.cards) < handSize && (g.set == own || cheer && g.set == deck.CheerfulSet) {
			return i
		}
	}
	return -1
}

func (s *State) groupList(p engine.Seat) string {
	var names []string
	for _, g := range s.players[p].groups {
		names = append(names, g.set.String())
	}
	if len(names) == 0 {
		return "you have none"
	}
	return strings.Join(names, ", ")
}

func (s *State) meld(p engine.Seat, c Card, ev *events) {
	i := s.meldGroup(p, c)
	g := &s.players[p].groups[i]
	s.removeFromHand(p, c)
	g.cards = append(g.cards, c)
	s.forgetExposed(p)
	ev.public("meld", s.text(s.name(p), " adds ", s.describe(c), " to the exposed set of ", setPhrase(g.set), " (", strconv.Itoa(len(g.cards)), " cards)."),
		s.cardData(CardData{Seat: p, Card: c, Set: g.set, Nature: s.nature(c)}))
}

// discard plays a discard of c by p. With more than nine cards (after an
// impatient draw) it is an excess discard: it has no effect and cannot be
// claimed. Otherwise it is the turn's discard: its nature acts, then a
// winning hand ends the round, then an aggressive card may attack, then
// every other player answers a claim window on it (openClaims).
func (s *State) discard(p engine.Seat, c Card, d *dice.Stream, ev *events) {
	s.extra = 0
	s.removeFromHand(p, c)
	data := s.cardData(CardData{Seat: p, Card: c, Set: cardSet[c], Nature: s.nature(c)})
	if s.total(p) > handSize {
		s.pile(c)
		s.claimable(c)
		ev.public("excess", s.text(s.name(p), " discards ", s.describe(c), " to get back to 8 cards (no effect; it may be claimed once the turn's discard is resolved)."), data)
		return
	}
	if s.nature(c).Effect() != Proud { // a proud card is set aside, not on the pile
		s.claimable(c)
	}
	ev.public("discard", s.text(s.cfg.discards[p], s.describe(c), "."), data)
	switch s.nature(c).Effect() {
	case Cheerful:
		s.pile(c)
		var gone []Card
		for _, x := range s.players[p].hand {
			if s.cheerful(x) {
				gone = append(gone, x)
			}
		}
		if len(gone) == 0 {
			ev.public("cheerful", "Cheerful "+c.String()+" leaves sadly; "+s.name(p)+" has no other cheerful cards.", nil)
			break
		}
		s.forced(p, gone)
		ev.public("cheerful", "Cheerful "+c.String()+" leaves, and every other cheerful card leaves "+s.name(p)+" too: "+cardList(gone)+".", CardsData{Seat: p, Cards: gone})
		if !s.refill(p, d, ev) {
			return
		}
	case Mean:
		s.pile(c)
		hand := s.players[p].hand
		if len(hand) == 0 {
			ev.public("mean", "Mean "+c.String()+" wants revenge, but "+s.name(p)+" has no cards in hand.", nil)
			break
		}
		// The card is drawn from the table's stream, and only the card is
		// told: the die's face would give away where the card sat in a
		// hand kept in deck order, and so something of the rest of it.
		x := hand[d.Roll(len(hand))-1]
		s.forced(p, []Card{x})
		ev.public("mean", "Mean "+c.String()+" takes revenge: "+s.name(p)+" loses a random card: "+s.describe(x)+".",
			s.cardData(CardData{Seat: p, Card: x, Set: cardSet[x], Nature: s.nature(x)}))
		if !s.refill(p, d, ev) {
			return
		}
	case Proud:
		pl := &s.players[p]
		key := int(cardKey[c])
		pl.aside = append(pl.aside, c)
		if pl.banned&(1<<uint(key)) == 0 {
			pl.banned |= 1 << uint(key)
			pl.bans = append(slices.Clip(pl.bans), deck.Keys[key].Name)
		}
		var gone []Card
		for _, x := range pl.hand {
			if int(cardKey[x]) == key {
				gone = append(gone, x)
			}
		}
		kname := deck.Keys[key].Name
		text := "Proud " + c.String() + " is set aside; " + kname + " is banned for " + s.name(p) + " for the rest of the game"
		if len(gone) > 0 {
			s.forced(p, gone)
			text += ", and every other " + kname + " card leaves too: " + cardList(gone)
		}
		ev.public("proud", text+".", CardsData{Seat: p, Cards: gone})
		if !s.refill(p, d, ev) {
			return
		}
	default:
		s.pile(c)
	}
	s.card = c
	if s.extra > 0 && len(s.stock) > 0 {
		// An impatient card came in the refill: p may draw once more
		// (and then discard down to eight) before the discard resolves.
		s.after = true
		return
	}
	s.resolved(p, d, ev)
}

// resolved ends the resolution of p's discard s.card once its nature and
// any refill are done: a winning hand ends the round, an aggressive card
// picks a target, and otherwise the claim windows open.
func (s *State) resolved(p engine.Seat, d *dice.Stream, ev *events) {
	s.after, s.extra = false, 0
	if w, ok := s.winning(p); ok {
		s.endRound(p, w, d, ev)
		return
	}
	if s.nature(s.card).Effect() == Aggressive {
		s.phase = PhaseTarget
		return
	}
	s.openClaims(p, d, ev)
}

// afterRefill plays p's choice when an impatient card drawn in a refill
// lets p draw once more: "draw", "pass" (no more draws) or, with more than
// eight cards, an excess discard (no effect; it may be claimed). Once p is
// back at eight with no draw left, the discard resolves.
func (s *State) afterRefill(p engine.Seat, a engine.Action, d *dice.Stream, ev *events) {
	switch a := a.(type) {
	case Draw:
		s.extraDraw(p, d, ev)
	case Pass:
		s.extra = 0
	case Discard:
		s.removeFromHand(p, a.Card)
		s.pile(a.Card)
		s.claimable(a.Card)
		ev.public("excess", s.text(s.name(p), " discards ", s.describe(a.Card), " to get back to 8 cards (no effect; it may be claimed once the turn's discard is resolved)."),
			s.cardData(CardData{Seat: p, Card: a.Card, Set: cardSet[a.Card], Nature: s.nature(a.Card)}))
	}
	if s.total(p) == handSize && (s.extra == 0 || len(s.stock) == 0) {
		s.resolved(p, d, ev)
	}
}

// pile puts c on the discard pile with the nature it has now (a rolled
// nature sticks to the card for the round).
func (s *State) pile(c Card) {
	s.discards = append(s.discards, s.cardView(c))
}

// forced moves cards from p's hand to the discard pile: a forced discard,
// which has no nature effect and cannot be claimed.
func (s *State) forced(p engine.Seat, cs []Card) {
	for _, x := range cs {
		s.removeFromHand(p, x)
		s.pile(x)
		s.claimable(x)
	}
}

// claimable queues c, just put on the pile, for a claim window of its own
// once the turn's discard is resolved: every discard may be claimed, the
// excess and forced ones included, but for loyal cards. The windows open
// in the order the cards reached the pile (openClaims).
func (s *State) claimable(c Card) {
	if s.nature(c).Effect() != Loyal {
		s.queue = append(s.queue, c)
	}
}

// attack resolves the aggressive discarder's choice of target.
func (s *State) attack(p, t engine.Seat, d *dice.Stream, ev *events) {
	if t == NoTarget {
		ev.public("attack", s.text(s.name(p), " does not send the aggressive ", s.card.String(), " at anyone."), nil)
		s.openClaims(p, d, ev)
		return
	}
	s.target, s.phase, s.throws, s.ties = t, PhaseRPS, [2]Hand{}, 0
	ev.public("attack", s.text(s.name(p), " sends the aggressive ", s.card.String(), " at ", s.name(t), ": rock, paper, scissors! The loser loses a turn."), nil)
}

// maxTies is how many rock-paper-scissors ties in a row end a contest: the
// attack fails and nobody loses a turn (a ruling: the text ends no contest).
const maxTies = 3

// throw seals a rock-paper-scissors throw; the second one resolves.
func (s *State) throw(p engine.Seat, h Hand, d *dice.Stream, ev *events) {
	if p == s.turn {
		s.throws[0] = h
	} else {
		s.throws[1] = h
	}
	ev.private(p, "throw", s.text("You throw ", h.String(), "."), s.text(s.name(p), " has thrown."))
	if s.throws[0] == NoHand || s.throws[1] == NoHand {
		return
	}
	a, b := s.throws[0], s.throws[1]
	if a == b {
		s.throws = [2]Hand{}
		if s.ties++; s.ties < maxTies {
			ev.public("rps", s.text(s.name(s.turn), " throws ", a.String(), ", ", s.name(s.target), " throws ", b.String(), ": a tie, throw again."), nil)
			return
		}
		// The text ends no contest; a ruling does, so that a game always ends.
		ev.public("rps", s.text(s.name(s.turn), " throws ", a.String(), ", ", s.name(s.target), " throws ", b.String(), ": a third tie in a row, so the attack fails and nobody loses a turn."), nil)
		s.ties, s.target = 0, NoTarget
		s.openClaims(s.turn, d, ev)
		return
	}
	s.ties = 0
	loser := s.target
	if b.beats(a) {
		loser = s.turn
	}
	s.players[loser].skip++
	ev.public("rps", s.text(s.name(s.turn), " throws ", a.String(), ", ", s.name(s.target), " throws ", b.String(), ": ", s.name(loser), " loses a turn."), nil)
	s.openClaims(s.turn, d, ev)
}

// eligibility returns q's claim options on card c.
func (s *State) eligibility(q engine.Seat, c Card) uint8 {
	if !s.usable(q, c) {
		return 0
	}
	pl := &s.players[q]
	own, cheer := cardSet[c], s.cheerful(c)
	var opts uint8
	hasOwn, hasCheer := false, false
	for _, g := range pl.groups {
		hasOwn = hasOwn || g.set == own
		hasCheer = hasCheer || g.set == deck.CheerfulSet
	}
	nOwn, nCheer := 0, 0
	for _, x := range pl.hand {
		if !s.usable(q, x) {
			continue
		}
		if cardSet[x] == own {
			nOwn++
		}
		if s.cheerful(x) {
			nCheer++
		}
	}
	if nOwn >= 3 && !hasOwn {
		opts |= claimOwn
	}
	if cheer && nCheer >= 3 && !hasCheer {
		opts |= claimCheerful
	}
	return opts
}

// openClaims opens a claim window on the next of the turn's discards still
// queued (claimable), or passes the turn on from discarder p when none is
// left. Which windows open, and who answers each (every player but the
// discarder), depend only on public facts, never on who is able to claim:
// a window for nobody looks like any other.
func (s *State) openClaims(p engine.Seat, d *dice.Stream, ev *events) {
	// A contest's target and throws are done with.
	s.target, s.throws = NoTarget, [2]Hand{}
	s.elig, s.answer, s.with = [maxSeats]uint8{}, [maxSeats]int8{}, [maxSeats][3]Card{}
	if len(s.queue) == 0 {
		s.queue = nil
		s.nextTurn(p, d, ev)
		return
	}
	c := s.queue[0]
	if s.queue = s.queue[1:]; len(s.queue) == 0 {
		s.queue = nil
	}
	s.card = c
	for i := range s.players {
		if q := engine.Seat(i); q != p {
			s.elig[i] = s.eligibility(q, c)
		}
	}
	s.phase = PhaseClaim
}

// settleClaims resolves the claim window once every player but the
// discarder has answered: the first claimer after the discarder in turn
// order takes the card and plays on from there.
func (s *State) settleClaims(d *dice.Stream, ev *events) {
	n := len(s.players)
	for i := range s.players {
		if engine.Seat(i) != s.turn && s.answer[i] == 0 {
			return
		}
	}
	from := s.turn
	winner := engine.Seat(-1)
	for k := 1; k < n; k++ {
		q := engine.Seat((int(from) + k) % n)
		if s.answer[q] > 0 {
			if winner < 0 {
				winner = q
			} else {
				ev.private(q, "claim", s.text("Your claim on ", s.card.String(), " goes to ", s.name(winner), ", who is earlier in turn order."), "")
			}
		}
	}
	if winner < 0 {
		s.openClaims(from, d, ev) // the next of the turn's discards, if any
		return
	}
	s.takeClaim(winner, from, s.answer[winner] == claimCheerful, ev)
}

// takeClaim moves the claimed card and three cards of its set from q's hand
// into a new exposed set; q then discards, as on a turn.
func (s *State) takeClaim(q, from engine.Seat, cheerful bool, ev *events) {
	c := s.card
	for i := len(s.discards) - 1; i >= 0; i-- {
		if s.discards[i].Card == c {
			// Copy on write: views share the pile.
			s.discards = slices.Concat(s.discards[:i], s.discards[i+1:])
			break
		}
	}
	pl := &s.players[q]
	set := cardSet[c]
	if cheerful {
		set = deck.CheerfulSet
	}
	three := s.with[q]
	for _, x := range three {
		s.removeFromHand(q, x)
	}
	cards := append(make([]Card, 0, 8), three[0], three[1], three[2], c)
	pl.groups = append(pl.groups, group{set: set, cards: cards, claimed: c})
	s.forgetExposed(q)
	pl.claims++
	ev.public("claim", s.name(q)+" claims "+s.describe(c)+" and exposes a set of "+setPhrase(set)+": "+cardList(cards)+".",
		CardsData{Seat: q, Cards: slices.Clone(cards)})
	if s.nature(c).Effect() == Honest {
		hand := s.players[from].hand
		for _, x := range hand {
			s.seen[q].add(x)
		}
		text := "Honest " + c.String() + " tells you what she saw: " + s.name(from) + " holds " + cardList(hand) + "."
		if len(hand) == 0 {
			text = "Honest " + c.String() + " tells you what she saw: " + s.name(from) + " holds no hidden cards."
		}
		ev.private(q, "look", text, s.name(q)+" looks at "+s.name(from)+"'s hand.")
	}
	s.phase, s.turn, s.extra, s.after = PhaseDiscard, q, 0, false
	s.card, s.target, s.throws, s.queue = NoCard, NoTarget, [2]Hand{}, nil
	s.elig, s.answer, s.with = [maxSeats]uint8{}, [maxSeats]int8{}, [maxSeats][3]Card{}
}

// claimCards returns the cards of p's hand that may join card c in a
// claim: of its set, or cheerful ones for the cheerful set; usable ones
// only, in deck order.
func (s *State) claimCards(p engine.Seat, c Card, cheerful bool) []Card {
	var out []Card
	for _, x := range s.players[p].hand {
		if s.usable(p, x) && (cheerful && s.cheerful(x) || !cheerful && cardSet[x] == cardSet[c]) {
			out = append(out, x)
		}
	}
	return out
}

// threes returns every choice of three of cs (in deck order), each in deck
// order, the choices in lexicographic order.
func threes(cs []Card) [][3]Card {
	var out [][3]Card
	for i := range cs {
		for j := i + 1; j < len(cs); j++ {
			for k := j + 1; k < len(cs); k++ {
				out = append(out, [3]Card{cs[i], cs[j], cs[k]})
			}
		}
	}
	return out
}

// preferThree is a sensible choice of the three cards to expose with a
// claim into set, from the cards that may (cs, in deck order), for bots:
// for a type set, cards that are not cheerful first (a cheerful one could
// still serve a cheerful set); for the cheerful set, cards whose own set
// the hand holds fewest of first (they advance nothing else); ties in deck
// order. cheerful tells a card's nature; hand is the whole hidden hand.
func preferThree(cs, hand []Card, set SetID, cheerful func(Card) bool) [3]Card {
	rank := func(x Card) int {
		if set != deck.CheerfulSet {
			if cheerful(x) {
				return 1
			}
			return 0
		}
		same := 0
		for _, y := range hand {
			if cardSet[y] == cardSet[x] {
				same++
			}
		}
		return same
	}
	sorted := slices.Clone(cs)
	slices.SortStableFunc(sorted, func(a, b Card) int { return rank(a) - rank(b) })
	out := [3]Card{sorted[0], sorted[1], sorted[2]}
	slices.Sort(out[:])
	return out
}

// nextTurn passes the turn on from p to the next player who has not lost a
// turn to an aggressive card.
func (s *State) nextTurn(p engine.Seat, d *dice.Stream, ev *events) {
	n := len(s.players)
	q := p
	for {
		q = engine.Seat((int(q) + 1) % n)
		if s.players[q].skip == 0 {
			break
		}
		s.players[q].skip--
		ev.public("skip", s.text(s.name(q), " loses this turn."), nil)
	}
	s.startTurn(q, d, ev)
}

// RoundResult is how a round ended.
type RoundResult struct {
	Round   int         `json:"round"`
	Winner  engine.Seat `json:"winner"`            // -1: the stock ran out, no score
	Pattern Pattern     `json:"pattern,omitempty"` // the winning pattern
	Sets    []SetID     `json:"sets,omitempty"`    // its sets, the larger first
	Hand    []Card      `json:"hand,omitempty"`    // the winner's cards, hidden and exposed
	How     int         `json:"how"`               // points for how the cards were collected
	What    int         `json:"what"`              // points for what was collected
	Points  int         `json:"points"`
}

// roundEndHook, if set (by tests only), sees the state as each round ends,
// before the next deal.
var roundEndHook func(*State)

// endRound scores the round for winner (or nobody, winner -1) and deals the
// next round, or ends the game.
func (s *State) endRound(winner engine.Seat, w Win, d *dice.Stream, ev *events) {
	if roundEndHook != nil {
		roundEndHook(s)
	}
	r := RoundResult{Round: s.round, Winner: winner}
	if winner < 0 {
		ev.public("round", "The stock is empty: round "+strconv.Itoa(s.round)+" ends with no score.", r)
	} else {
		pl := &s.players[winner]
		r.Pattern, r.How, r.What, r.Points = w.Pattern, w.How, w.What, w.How+w.What
		r.Sets = []SetID{w.A}
		if w.B >= 0 {
			r.Sets = append(r.Sets, w.B)
		}
		for _, g := range pl.groups {
			r.Hand = append(r.Hand, g.cards...)
		}
		r.Hand = append(r.Hand, pl.hand...)
		pl.score += r.Points
		pl.wins++
		ev.public("round", s.name(winner)+" wins round "+strconv.Itoa(s.round)+" with "+w.describe()+": how "+strconv.Itoa(w.How)+
			" + what "+strconv.Itoa(w.What)+" = "+points(r.Points)+". Cards: "+cardList(r.Hand)+".", r)
	}
	s.results = append(s.results, r)
	var tally []string
	for i := range s.players {
		tally = append(tally, s.name(engine.Seat(i))+" "+strconv.Itoa(s.players[i].score))
	}
	ev.public("scores", "Scores after round "+strconv.Itoa(s.round)+": "+strings.Join(tally, ", ")+".", nil)
	if s.round >= s.cfg.rounds {
		s.phase = PhaseOver
		s.card, s.target, s.throws, s.extra, s.queue, s.after = NoCard, NoTarget, [2]Hand{}, 0, nil, false
		s.elig, s.answer, s.with = [maxSeats]uint8{}, [maxSeats]int8{}, [maxSeats][3]Card{}
		if out, ok := s.Outcome(); ok {
			ev.public("over", "Game over: "+out.Text+".", nil)
		}
		return
	}
	s.deal(engine.Seat((int(s.dealer)+1)%len(s.players)), d, ev)
}
