package mgt

import (
	"strconv"
	"strings"

	"tabletop/engine"
)

// View is what one seat sees: its own hand, and everyone's exposed sets,
// set-aside proud cards, banned types, hand sizes and scores, the discard
// pile, and what it learned from honest cards. View returns a *View.
type View struct {
	Seat      engine.Seat  `json:"seat"` // the viewer; engine.Spectator for the public view
	Round     int          `json:"round"`
	Rounds    int          `json:"rounds"`
	Dealer    engine.Seat  `json:"dealer"`
	Phase     Phase        `json:"phase"`
	Turn      engine.Seat  `json:"turn"`  // the player discarding, or who discarded the card being resolved
	Stock     int          `json:"stock"` // cards left in the stock
	Hand      []CardView   `json:"hand"`  // the viewer's hidden hand, in deck order
	ExtraDraw bool         `json:"extra_draw,omitempty"`
	StockTop  []KnownCard  `json:"stock_top,omitempty"` // stock cards the viewer has looked at (honest)
	Known     []KnownHand  `json:"known,omitempty"`     // cards in other hands the viewer has seen (honest)
	Players   []PlayerView `json:"players"`
	Discards  []CardView   `json:"discards"`         // the discard pile, oldest first
	Card      *CardView    `json:"card,omitempty"`   // the turn's discard being resolved (attack, claims)
	Target    engine.Seat  `json:"target"`           // the attacked player in rock-paper-scissors, else -1
	Throw     Hand         `json:"throw,omitempty"`  // the viewer's own sealed throw
	Answer    string       `json:"answer,omitempty"` // the viewer's own sealed claim answer: "claim" or "pass"
	// Waiting is who must act now. In a claim window it is every player but
	// the discarder until the window closes (less the viewer once it has
	// answered): who else has answered is not shown.
	Waiting []engine.Seat `json:"waiting"`
	Results []RoundResult `json:"results,omitempty"`

	// For bots: the public cards (discards, exposed, set aside) counted by
	// set as the greedy bot's know counts them, shared by views and never
	// modified; and the viewer's banned keys as bits (Banned as names). A
	// view that lacks them (nil public) is counted from its lists.
	public *setCounts
	banned uint64

	// Backing array: at tables of up to four, Players needs no allocation
	// of its own. StockTop and Known come from the arena: most views know
	// no cards, and a smaller View (768 bytes) fits its blocks exactly.
	players [4]PlayerView
}

// CardView is a card with its nature this round (a miscellaneous card's
// rolled nature once it has been drawn).
type CardView struct {
	Card   Card   `json:"card"`
	Nature Nature `json:"nature"`
	Misc   bool   `json:"miscellaneous,omitempty"`
}

// KnownCard is a stock card the viewer has seen; Depth 0 is the top.
type KnownCard struct {
	Card  Card `json:"card"`
	Depth int  `json:"depth"`
}

// KnownHand lists cards of another player's hand the viewer has seen.
type KnownHand struct {
	Seat  engine.Seat `json:"seat"`
	Cards []Card      `json:"cards"`
}

// PlayerView is one player as everyone sees them. Every exposed set began
// with one claim, so len(Exposed) is the cards the player took from discards
// this round; rounds won are in View.Results.
type PlayerView struct {
	Seat    engine.Seat `json:"seat"`
	Name    string      `json:"name"`
	Cards   int         `json:"cards"` // hidden cards in hand
	Score   int         `json:"score"`
	Skips   int         `json:"skips"` // turns still to lose
	Exposed []GroupView `json:"exposed,omitempty"`
	Aside   []Card      `json:"aside,omitempty"`  // proud cards set aside, for the rest of the game
	Banned  []string    `json:"banned,omitempty"` // types (or beastman families) banned for the game
}

// GroupView is an exposed set.
type GroupView struct {
	Set     SetID      `json:"set"`
	Cards   []CardView `json:"cards"`
	Claimed Card       `json:"claimed"` // the card taken from the discard pile
}

func (s *State) cardView(c Card) CardView {
	return CardView{Card: c, Nature: s.nature(c), Misc: cardNature[c] == Miscellaneous}
}

// View returns what seat p may see; any seat that is not at the table gets
// the public view.
func (s *State) View(p engine.Seat) engine.View {
	if p < 0 || int(p) >= len(s.players) {
		p = engine.Spectator
	}
	m := s.mem()
	// The view's memory comes zeroed from the arena: its fields are set one
	// by one, because assigning a whole View literal would copy all 896
	// bytes with the garbage collector's bulk write barrier.
	v := m.views.One()
	v.Seat, v.Round, v.Rounds, v.Dealer, v.Phase = p, s.round, s.cfg.rounds, s.dealer, s.phase
	v.Turn, v.Stock, v.Target, v.Waiting = s.turn, len(s.stock), NoTarget, s.waiting(p)
	v.Results = s.results[:len(s.results):len(s.results)]
	v.public = s.publicCounts()
	if p >= 0 {
		v.banned = s.players[p].banned
	}
	if s.phase == PhaseRPS {
		v.Target = s.target
	}
	// One block holds the view's own cards: the discard being resolved and
	// the viewer's hand. The discard pile and the exposed sets are shared
	// (see exposed).
	ncards := 1
	if p >= 0 {
		ncards += len(s.players[p].hand)
	}
	block := m.cvs.Take(ncards)
	if s.card != NoCard {
		block[0] = s.cardView(s.card)
		v.Card = &block[0]
	}
	block = block[1:]
	v.Discards = s.discards[:len(s.discards):len(s.discards)]
	if v.Discards == nil {
		v.Discards = []CardView{}
	}
	var seen *bitset
	if p >= 0 {
		seen = &s.seen[p]
		v.Hand = block
		for i, c := range s.players[p].hand {
			v.Hand[i] = s.cardView(c)
		}
		v.ExtraDraw = p == s.turn && s.phase == PhaseDiscard && s.extra > 0 && len(s.stock) > 0
		if s.phase == PhaseRPS {
			v.Throw = s.throwOf(p)
		}
		if s.phase == PhaseClaim {
			switch a := s.answer[p]; {
			case a == answerPass:
				v.Answer = "pass"
			case a > 0:
				v.Answer = "claim"
			}
		}
		if seen.any() {
			// Only the top lookSize cards can have been seen: an honest look
			// shows the top lookSize cards, the stock only loses cards from
			// the top, and its order changes only at a deal (which forgets
			// every look) or in Determinize (which leaves seen cards in
			// place). TestView_SeenStockCardsAreOnTop holds this.
			from := max(0, len(s.stock)-lookSize)
			n := 0
			for _, c := range s.stock[from:] {
				if seen.has(c) {
					n++
				}
			}
			if n > 0 {
				top := m.stockTop.Take(n)[:0]
				for i := len(s.stock) - 1; i >= from; i-- {
					if seen.has(s.stock[i]) {
						top = append(top, KnownCard{Card: s.stock[i], Depth: len(s.stock) - 1 - i})
					}
				}
				v.StockTop = top
			}
		}
	} else {
		v.Hand = []CardView{}
	}
	if len(s.players) <= len(v.players) {
		v.Players = v.players[:len(s.players):len(s.players)]
	} else {
		v.Players = make([]PlayerView, len(s.players))
	}
	for i := range s.players {
		pl := &s.players[i]
		pv := &v.Players[i]
		pv.Seat, pv.Name, pv.Cards, pv.Score, pv.Skips = engine.Seat(i), s.cfg.names[i], len(pl.hand), pl.score, int(pl.skip)
		if len(pl.aside) > 0 {
			pv.Aside = pl.aside[:len(pl.aside):len(pl.aside)]
		}
		if len(pl.groups) > 0 {
			pv.Exposed = s.exposed(i)
		}
		if len(pl.bans) > 0 {
			pv.Banned = pl.bans[:len(pl.bans):len(pl.bans)]
		}
	}
	if seen != nil && seen.any() {
		v.Known = s.known(p, seen)
	}
	return v
}

// setCounts is a number of cards for each set; the cheerful set counts the
// cards whose printed nature is cheerful.
type setCounts [maxSets]int8

func (n *setCounts) add(c Card) {
	n[cardSet[c]]++
	if cardNature[c] == Cheerful {
		n[deck.CheerfulSet]++
	}
}

// publicCounts returns the public cards (the discard pile, every exposed
// set and every proud card set aside) counted by set, for views to share.
// They change only by growing within a round (a claim moves a card from the
// pile to a set with three more), so the counts are kept in the arena until
// the round or the number of public cards in any place changes.
func (s *State) publicCounts() *setCounts {
	m := s.mem()
	key := [4]int{s.round, len(s.discards)}
	for i := range s.players {
		pl := &s.players[i]
		key[3] += len(pl.aside)
		for _, g := range pl.groups {
			key[2] += len(g.cards)
		}
	}
	if m.public != nil && m.publicKey == key {
		return m.public
	}
	n := m.counts.One()
	if old := m.publicKey; m.public != nil && old[0] == key[0] && old[2] == key[2] && old[3] == key[3] && old[1] < key[1] {
		// Only discards were added (a claim changes the exposed count):
		// count the new ones on top of the last counts.
		*n = *m.public
		for _, cv := range s.discards[old[1]:] {
			n.add(cv.Card)
		}
		m.public, m.publicKey = n, key
		return n
	}
	for _, cv := range s.discards {
		n.add(cv.Card)
	}
	for i := range s.players {
		pl := &s.players[i]
		for _, g := range pl.groups {
			for _, c := range g.cards {
				n.add(c)
			}
		}
		for _, c := range pl.aside {
			n.add(c)
		}
	}
	m.public, m.publicKey = n, key
	return n
}

// exposed returns player i's exposed sets as views. Every view shares them
// (views are read-only), so they are built once and kept in the arena until
// the sets change: a claim adds a set, a meld adds a card, a deal clears
// them. Checking the counts as well catches any other change (tests build
// sets directly); the cards of an existing set never change, and neither do
// their natures (a card's nature is fixed once it has been drawn).
func (s *State) exposed(i int) []GroupView {
	m := s.mem()
	groups := s.players[i].groups
	if i < len(m.exposed) {
		if c := m.exposed[i]; len(c) == len(groups) && sameSizes(c, groups) {
			return c
		}
	}
	n := 0
	for _, g := range groups {
		n += len(g.cards)
	}
	block := m.cvs.Take(n)
	out := m.groups.Take(len(groups))
	for j, g := range groups {
		cards := block[:len(g.cards):len(g.cards)]
		block = block[len(g.cards):]
		for k, c := range g.cards {
			cards[k] = s.cardView(c)
		}
		out[j] = GroupView{Set: g.set, Cards: cards, Claimed: g.claimed}
	}
	if i < len(m.exposed) {
		m.exposed[i] = out
	}
	return out
}

func sameSizes(c []GroupView, groups []group) bool {
	for j := range groups {
		if len(c[j].Cards) != len(groups[j].cards) || c[j].Set != groups[j].set || c[j].Claimed != groups[j].claimed {
			return false
		}
	}
	return true
}

// waiting is whom seat p is shown the game waiting for. In a claim window
// that is every player but the discarder until the window closes, less p
// itself once it has answered: who else has answered is not shown, because
// a table answers at once for a player whose only choice is to pass
// (engine.Only), so the players still deciding would be the ones able to
// claim. Otherwise it is Pending. The list is shared: do not modify it.
func (s *State) waiting(p engine.Seat) []engine.Seat {
	if s.phase != PhaseClaim {
		return s.Pending()
	}
	mask := uint(1)<<len(s.players) - 1
	mask &^= 1 << s.turn
	if p >= 0 && s.answer[p] != 0 {
		mask &^= 1 << p
	}
	return seatLists[mask]
}

// known returns the cards of other players' hands that p has seen, by
// player, from the arena.
func (s *State) known(p engine.Seat, seen *bitset) []KnownHand {
	n, hands := 0, 0
	for i := range s.players {
		if engine.Seat(i) != p {
			from := n
			for _, c := range s.players[i].hand {
				if seen.has(c) {
					n++
				}
			}
			if n > from {
				hands++
			}
		}
	}
	if n == 0 {
		return nil
	}
	out := s.mem().known.Take(hands)[:0]
	cards := s.mem().hands.Take(n)[:0]
	for i := range s.players {
		if engine.Seat(i) == p {
			continue
		}
		from := len(cards)
		for _, c := range s.players[i].hand {
			if seen.has(c) {
				cards = append(cards, c)
			}
		}
		if len(cards) > from {
			out = append(out, KnownHand{Seat: engine.Seat(i), Cards: cards[from:len(cards):len(cards)]})
		}
	}
	return out
}

// renderText draws a view for the terminal: scores, every player's exposed
// sets and banned types, the last discards, and the viewer's hand grouped
// by set.
func renderText(ev engine.View, _ engine.Seat) string {
	v, ok := ev.(*View)
	if !ok {
		return "(not a Monster Girl Taxonomy view)"
	}
	var b strings.Builder
	b.WriteString("Round " + strconv.Itoa(v.Round) + " of " + strconv.Itoa(v.Rounds) + " · stock " + strconv.Itoa(v.Stock) + " cards")
	if v.Phase == PhaseOver {
		b.WriteString(" · game over")
	} else if v.Turn == v.Seat {
		b.WriteString(" · your turn")
	} else if v.Turn >= 0 && int(v.Turn) < len(v.Players) {
		b.WriteString(" · " + v.Players[v.Turn].Name + "'s turn")
	}
	b.WriteString("\n")
	for _, pl := range v.Players {
		mark := "  "
		if pl.Seat == v.Seat {
			mark = "> "
		}
		b.WriteString(mark + strconv.Itoa(int(pl.Seat)+1) + " " + pl.Name + ": " + points(pl.Score) + ", " + engine.Count(pl.Cards, "card", "cards") + " in hand")
		if pl.Seat == v.Dealer {
			b.WriteString(", dealer")
		}
		if pl.Skips > 0 {
			b.WriteString(", loses " + engine.Count(pl.Skips, "turn", "turns"))
		}
		b.WriteString("\n")
		for _, g := range pl.Exposed {
			b.WriteString("      exposed " + g.Set.String() + ": " + cardViews(g.Cards) + "\n")
		}
		if len(pl.Banned) > 0 {
			b.WriteString("      banned: " + strings.Join(pl.Banned, ", "))
			if len(pl.Aside) > 0 { // proud cards stay set aside, bans last, for the game
				b.WriteString(" (proud cards set aside: " + cardList(pl.Aside) + ")")
			}
			b.WriteString("\n")
		}
		for _, k := range v.Known {
			if k.Seat == pl.Seat {
				b.WriteString("      you know they hold: " + cardList(k.Cards) + "\n")
			}
		}
	}
	if n := len(v.Discards); n > 0 {
		last := v.Discards[max(0, n-6):]
		b.WriteString("Last discards: " + cardViews(last))
		if n > len(last) {
			b.WriteString(" (" + strconv.Itoa(n) + " on the pile)")
		}
		b.WriteString("\n")
	}
	if len(v.StockTop) > 0 {
		var parts []string
		for _, k := range v.StockTop {
			parts = append(parts, k.Card.String()+" (#"+strconv.Itoa(k.Depth+1)+" from the top)")
		}
		b.WriteString("You saw in the stock: " + strings.Join(parts, ", ") + "\n")
	}
	if v.Seat >= 0 {
		h := v.HandBySet()
		b.WriteString("Your hand (" + strconv.Itoa(len(v.Hand)) + ")")
		for i, c := range h.Best {
			if i == 0 {
				b.WriteString("; best so far: ")
			} else {
				b.WriteString(" and ")
			}
			b.WriteString(c.Set.String() + " (" + strconv.Itoa(c.N) + ")")
		}
		if len(h.Best) > 0 {
			b.WriteString("; ★ counts toward it")
		}
		b.WriteString(":\n")
		for _, set := range h.Sets {
			b.WriteString("  " + set.Set.String() + " (" + strconv.Itoa(len(set.Cards)))
			if set.Exposed > 0 {
				b.WriteString(" + " + strconv.Itoa(set.Exposed) + " exposed")
			}
			b.WriteString(" of " + strconv.Itoa(set.Size) + "): ")
			for i, c := range set.Cards {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(cardViews([]CardView{c.CardView}))
				if c.Counts {
					b.WriteString(" ★")
				}
			}
			b.WriteString("\n")
		}
		if len(h.Banned) > 0 {
			b.WriteString("  banned for you (they do not count): " + cardViews(h.Banned) + "\n")
		}
	}
	switch v.Phase {
	case PhaseTarget:
		if v.Card != nil {
			b.WriteString(v.Players[v.Turn].Name + " discarded the aggressive " + v.Card.Card.String() + " and chooses whom to attack.\n")
		}
	case PhaseRPS:
		b.WriteString(v.Players[v.Turn].Name + " and " + v.Players[v.Target].Name + " play rock-paper-scissors.\n")
	case PhaseClaim:
		if v.Card != nil {
			b.WriteString(v.Players[v.Turn].Name + " discarded " + cardViews([]CardView{*v.Card}) + ": claims are open.\n")
		}
	}
	if len(v.Results) > 0 {
		b.WriteString("Rounds:")
		for i, r := range v.Results {
			if i > 0 {
				b.WriteString(";")
			}
			if r.Winner < 0 {
				b.WriteString(" " + strconv.Itoa(r.Round) + ": no score")
			} else {
				b.WriteString(" " + strconv.Itoa(r.Round) + ": " + v.Players[r.Winner].Name + " " + r.Pattern.String() + " " + points(r.Points))
			}
		}
		b.WriteString(".\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

// cardViews writes "Harpy [cheerful], Siren, Shoggoth [misc: clingy]";
// orphans also show their type.
func cardViews(cs []CardView) string {
	var b strings.Builder
	for i, cv := range cs {
		if i > 0 {
			b.WriteString(", ")
		}
		info := &deck.Cards[cv.Card]
		b.WriteString(info.Name)
		if deck.Sets[info.Set].Orphan {
			b.WriteString(" (" + info.Kind + ")")
		}
		switch {
		case cv.Misc && cv.Nature != Miscellaneous:
			b.WriteString(" [misc: " + cv.Nature.String() + "]")
		case cv.Nature != NoNature:
			b.WriteString(" [" + cv.Nature.String() + "]")
		}
	}
	return b.String()
}

// WaitingFor implements engine.Waiter with the view's Waiting list, which in
// a claim window names every player who may still answer (see Waiting).
func (v *View) WaitingFor() []engine.Seat { return v.Waiting }
