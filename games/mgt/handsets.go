package mgt

import (
	"cmp"
	"slices"
)

// HandGroups is a seat's hidden hand as the table page and the terminal show it:
// grouped by set, the sets of its best pattern so far first, and the cards
// of types banned for the seat apart.
type HandGroups struct {
	Sets   []HandSet  // usable cards by set: the best pattern's sets first (larger first), then the rest in deck order
	Banned []CardView // cards of types banned for the seat: they never count
	Best   []SetCount // the sets of the best pattern so far, at most two
}

// HandSet is the cards of one set in a hand.
type HandSet struct {
	Set     SetID
	Size    int // the set's cards in the deck (what its scoring looks at)
	Exposed int // the seat's exposed cards of the set
	Cards   []HandCard
}

// HandCard is a card in a hand, and whether it counts toward the best
// pattern so far.
type HandCard struct {
	CardView
	Counts bool
}

// SetCount is a set and the hidden and exposed cards that count for it.
type SetCount struct {
	Set SetID
	N   int
}

// HandBySet groups the viewer's hand; the spectator's view has none. The
// best pattern so far is a rough guide, not the rules' scoring: every
// pattern uses at most two sets (seven orphans and one more uses one),
// exposed sets are always among them, and the rest are the sets with the
// most cards (two at least; the cheerful set counts the cards cheerful this
// round; ties go to the earlier set in the deck).
func (v *View) HandBySet() HandGroups {
	var h HandGroups
	if v == nil || v.Seat < 0 || int(v.Seat) >= len(v.Players) {
		return h
	}
	me := &v.Players[v.Seat]
	counts := map[SetID]int{}
	exposed := map[SetID]int{}
	var forced []SetID
	for _, g := range me.Exposed {
		counts[g.Set] += len(g.Cards)
		exposed[g.Set] += len(g.Cards)
		if !slices.Contains(forced, g.Set) {
			forced = append(forced, g.Set)
		}
	}
	var usable []CardView
	for _, cv := range v.Hand {
		info := cv.Card.Info()
		if slices.Contains(me.Banned, deck.Keys[info.Key].Name) {
			h.Banned = append(h.Banned, cv)
			continue
		}
		usable = append(usable, cv)
		counts[info.Set]++
		if cv.Nature.Effect() == Cheerful {
			counts[deck.CheerfulSet]++
		}
	}
	var rest []SetID
	for set, n := range counts {
		if n >= 2 && !slices.Contains(forced, set) {
			rest = append(rest, set)
		}
	}
	slices.SortFunc(rest, func(a, b SetID) int {
		return cmp.Or(cmp.Compare(counts[b], counts[a]), cmp.Compare(a, b))
	})
	best := append(forced, rest...)
	for _, set := range best[:min(2, len(best))] {
		h.Best = append(h.Best, SetCount{set, counts[set]})
	}
	counting := func(cv CardView) bool {
		for _, b := range h.Best {
			if b.Set == cv.Card.Info().Set || b.Set == deck.CheerfulSet && cv.Nature.Effect() == Cheerful {
				return true
			}
		}
		return false
	}
	for _, cv := range usable {
		set := cv.Card.Info().Set
		i := slices.IndexFunc(h.Sets, func(s HandSet) bool { return s.Set == set })
		if i < 0 {
			h.Sets = append(h.Sets, HandSet{Set: set, Size: deck.Sets[set].Size, Exposed: exposed[set]})
			i = len(h.Sets) - 1
		}
		h.Sets[i].Cards = append(h.Sets[i].Cards, HandCard{cv, counting(cv)})
	}
	rank := func(s HandSet) int { // the best pattern's sets first, by size
		if slices.ContainsFunc(s.Cards, func(c HandCard) bool { return c.Counts }) {
			return -len(s.Cards) - s.Exposed
		}
		return 0
	}
	slices.SortStableFunc(h.Sets, func(a, b HandSet) int {
		return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a.Set, b.Set))
	})
	return h
}
