package mgt

import (
	"slices"
	"strconv"
	"strings"

	"tabletop/engine"
)

// View is what one seat sees: its own hand, and everyone's exposed sets,
// set-aside proud cards, banned types, hand sizes and scores, the discard
// pile, and what it learned from honest cards. View returns a *View.
type View struct {
	Seat      engine.Seat   `json:"seat"` // the viewer; engine.Spectator for the public view
	Round     int           `json:"round"`
	Rounds    int           `json:"rounds"`
	Dealer    engine.Seat   `json:"dealer"`
	Phase     Phase         `json:"phase"`
	Turn      engine.Seat   `json:"turn"`  // the player discarding, or who discarded the card being resolved
	Stock     int           `json:"stock"` // cards left in the stock
	Hand      []CardView    `json:"hand"`  // the viewer's hidden hand, in deck order
	ExtraDraw bool          `json:"extra_draw,omitempty"`
	StockTop  []KnownCard   `json:"stock_top,omitempty"` // stock cards the viewer has looked at (honest)
	Players   []PlayerView  `json:"players"`
	Discards  []CardView    `json:"discards"`        // the discard pile, oldest first
	Card      *CardView     `json:"card,omitempty"`  // the turn's discard being resolved (attack, claims)
	Target    engine.Seat   `json:"target"`          // the attacked player in rock-paper-scissors, else -1
	Throw     Hand          `json:"throw,omitempty"` // the viewer's own sealed throw
	Answer    string        `json:"answer,omitempty"`
	Waiting   []engine.Seat `json:"waiting"` // who must act now
	Results   []RoundResult `json:"results,omitempty"`
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

// PlayerView is one player as the viewer sees them.
type PlayerView struct {
	Seat    engine.Seat `json:"seat"`
	Name    string      `json:"name"`
	Cards   int         `json:"cards"` // hidden cards in hand
	Exposed []GroupView `json:"exposed,omitempty"`
	Aside   []Card      `json:"aside,omitempty"`  // proud cards set aside this round
	Banned  []string    `json:"banned,omitempty"` // types (or beastman families) banned for the game
	Known   []Card      `json:"known,omitempty"`  // cards of this hand the viewer has seen (honest)
	Score   int         `json:"score"`
	Wins    int         `json:"wins"`
	Claims  int         `json:"claims"` // cards taken from discards this round
	Skips   int         `json:"skips"`  // turns still to lose
}

// GroupView is an exposed set.
type GroupView struct {
	Set     SetID      `json:"set"`
	Cards   []CardView `json:"cards"`
	Claimed Card       `json:"claimed"` // the card taken from the discard pile
}

func (s *State) cardView(c Card) CardView {
	return CardView{Card: c, Nature: s.nature(c), Misc: deck.Cards[c].Nature == Miscellaneous}
}

// View returns what seat p may see; any seat that is not at the table gets
// the public view.
func (s *State) View(p engine.Seat) engine.View {
	if p < 0 || int(p) >= len(s.players) {
		p = engine.Spectator
	}
	v := &View{
		Seat: p, Round: s.round, Rounds: s.cfg.rounds, Dealer: s.dealer, Phase: s.phase,
		Turn: s.turn, Stock: len(s.stock), Target: NoTarget, Waiting: s.Pending(),
		Results: s.results[:len(s.results):len(s.results)],
	}
	if s.phase == PhaseRPS {
		v.Target = s.target
	}
	if s.card != NoCard {
		cv := s.cardView(s.card)
		v.Card = &cv
	}
	v.Discards = make([]CardView, len(s.discards))
	for i, c := range s.discards {
		v.Discards[i] = s.cardView(c)
	}
	var seen *bitset
	if p >= 0 {
		seen = &s.seen[p]
		hand := s.players[p].hand
		v.Hand = make([]CardView, len(hand))
		for i, c := range hand {
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
		for i := len(s.stock) - 1; i >= 0; i-- {
			if seen.has(s.stock[i]) {
				v.StockTop = append(v.StockTop, KnownCard{Card: s.stock[i], Depth: len(s.stock) - 1 - i})
			}
		}
	} else {
		v.Hand = []CardView{}
	}
	v.Players = make([]PlayerView, len(s.players))
	for i := range s.players {
		pl := &s.players[i]
		pv := &v.Players[i]
		*pv = PlayerView{
			Seat: engine.Seat(i), Name: s.cfg.names[i], Cards: len(pl.hand), Score: pl.score, Wins: pl.wins,
			Claims: int(pl.claims), Skips: int(pl.skip), Aside: pl.aside[:len(pl.aside):len(pl.aside)],
		}
		if len(pl.groups) > 0 {
			pv.Exposed = make([]GroupView, len(pl.groups))
			for j, g := range pl.groups {
				cards := make([]CardView, len(g.cards))
				for k, c := range g.cards {
					cards[k] = s.cardView(c)
				}
				pv.Exposed[j] = GroupView{Set: g.set, Cards: cards, Claimed: g.claimed}
			}
		}
		if pl.banned != 0 {
			for k := range deck.Keys {
				if pl.banned&(1<<uint(k)) != 0 {
					pv.Banned = append(pv.Banned, deck.Keys[k].Name)
				}
			}
		}
		if seen != nil && engine.Seat(i) != p {
			for _, c := range pl.hand {
				if seen.has(c) {
					pv.Known = append(pv.Known, c)
				}
			}
		}
	}
	return v
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
	} else if v.Turn >= 0 && int(v.Turn) < len(v.Players) {
		b.WriteString(" · " + v.Players[v.Turn].Name + "'s turn")
	}
	b.WriteString("\n")
	for _, pl := range v.Players {
		mark := "  "
		if pl.Seat == v.Seat {
			mark = "> "
		}
		b.WriteString(mark + strconv.Itoa(int(pl.Seat)+1) + " " + pl.Name + ": " + points(pl.Score) + ", " + plural(pl.Cards, "card", "cards") + " in hand")
		if pl.Seat == v.Dealer {
			b.WriteString(", dealer")
		}
		if pl.Skips > 0 {
			b.WriteString(", loses " + plural(pl.Skips, "turn", "turns"))
		}
		b.WriteString("\n")
		for _, g := range pl.Exposed {
			b.WriteString("      exposed " + g.Set.String() + ": " + cardViews(g.Cards) + "\n")
		}
		if len(pl.Banned) > 0 {
			b.WriteString("      banned: " + strings.Join(pl.Banned, ", ") + " (proud: " + cardList(pl.Aside) + ")\n")
		}
		if len(pl.Known) > 0 {
			b.WriteString("      you know they hold: " + cardList(pl.Known) + "\n")
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
		b.WriteString("Your hand (" + strconv.Itoa(len(v.Hand)) + "):\n")
		for _, grp := range groupHand(v.Hand) {
			info := &deck.Sets[grp.set]
			b.WriteString("  " + grp.set.String() + " (" + strconv.Itoa(len(grp.cards)) + " of " + strconv.Itoa(info.Size) + "): " + cardViews(grp.cards) + "\n")
		}
		for _, pl := range v.Players {
			if pl.Seat == v.Seat && len(pl.Banned) > 0 {
				b.WriteString("  (banned for you: " + strings.Join(pl.Banned, ", ") + ")\n")
			}
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
		for _, r := range v.Results {
			if r.Winner < 0 {
				b.WriteString(" " + strconv.Itoa(r.Round) + ": no score;")
			} else {
				b.WriteString(" " + strconv.Itoa(r.Round) + ": " + v.Players[r.Winner].Name + " " + r.Pattern.String() + " " + points(r.Points) + ";")
			}
		}
		b.WriteString("\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

type handGroup struct {
	set   SetID
	cards []CardView
}

// groupHand groups cards by their own set, the sets in deck order.
func groupHand(hand []CardView) []handGroup {
	var out []handGroup
	for _, cv := range hand {
		set := deck.Cards[cv.Card].Set
		i := slices.IndexFunc(out, func(g handGroup) bool { return g.set == set })
		if i < 0 {
			out = append(out, handGroup{set: set})
			i = len(out) - 1
		}
		out[i].cards = append(out[i].cards, cv)
	}
	slices.SortStableFunc(out, func(a, b handGroup) int { return int(a.set) - int(b.set) })
	return out
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
			b.WriteString(" (" + deck.Keys[info.Key].Name + ")")
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
