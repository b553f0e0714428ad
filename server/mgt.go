package server

import (
	"cmp"
	"html/template"
	"slices"

	"tabletop/engine"
	"tabletop/games/mgt"
)

// gameFuncs are template functions for games' own templates, by game id:
// what a template cannot work out alone from the view's fields and methods.
var gameFuncs = map[string]template.FuncMap{
	"mgt": {"mgtHand": mgtHandOf, "mgtRecent": mgtRecent, "mgtSeatNo": mgtSeatNo},
}

// mgtRecent returns the last n cards of a discard pile.
func mgtRecent(n int, pile []mgt.CardView) []mgt.CardView {
	return pile[max(0, len(pile)-n):]
}

// mgtSeatNo numbers seats from 1, as the action texts ("attack 3") do.
func mgtSeatNo(s engine.Seat) int { return int(s) + 1 }

// mgtHand is a Monster Girl Taxonomy seat's hidden hand as its page shows
// it: grouped by set, the sets its best pattern would use marked.
type mgtHand struct {
	Sets   []mgtSet       // usable cards by set: the best pattern's sets first (larger first), then the rest in deck order
	Banned []mgt.CardView // cards of types banned for the seat: they never count
	Best   []mgtCount     // the sets of the best pattern so far, at most two
}

type mgtSet struct {
	Set     mgt.SetID
	Size    int // the set's cards in the deck (what its scoring looks at)
	Exposed int // the seat's exposed cards of the set
	Cards   []mgtCard
}

type mgtCard struct {
	mgt.CardView
	Counts bool // toward the best pattern so far
}

type mgtCount struct {
	Set mgt.SetID
	N   int // hidden and exposed cards that count for it
}

// mgtHandOf groups v's hand. The best pattern so far is a rough guide, not
// the rules' scoring: every pattern uses at most two sets (seven orphans and
// one more uses one), exposed sets are always among them, and the rest are
// the sets with the most cards (two at least; the cheerful set counts the
// cards cheerful this round; ties go to the earlier set in the deck).
func mgtHandOf(v *mgt.View) mgtHand {
	var h mgtHand
	if v == nil || v.Seat < 0 || int(v.Seat) >= len(v.Players) {
		return h
	}
	me := &v.Players[v.Seat]
	deck := mgt.Data()
	counts := map[mgt.SetID]int{}
	exposed := map[mgt.SetID]int{}
	var forced []mgt.SetID
	for _, g := range me.Exposed {
		counts[g.Set] += len(g.Cards)
		exposed[g.Set] += len(g.Cards)
		if !slices.Contains(forced, g.Set) {
			forced = append(forced, g.Set)
		}
	}
	var usable []mgt.CardView
	for _, cv := range v.Hand {
		info := cv.Card.Info()
		if slices.Contains(me.Banned, deck.Keys[info.Key].Name) {
			h.Banned = append(h.Banned, cv)
			continue
		}
		usable = append(usable, cv)
		counts[info.Set]++
		if cv.Nature.Effect() == mgt.Cheerful {
			counts[deck.CheerfulSet]++
		}
	}
	var rest []mgt.SetID
	for set, n := range counts {
		if n >= 2 && !slices.Contains(forced, set) {
			rest = append(rest, set)
		}
	}
	slices.SortFunc(rest, func(a, b mgt.SetID) int {
		return cmp.Or(cmp.Compare(counts[b], counts[a]), cmp.Compare(a, b))
	})
	best := append(forced, rest...)
	for _, set := range best[:min(2, len(best))] {
		h.Best = append(h.Best, mgtCount{set, counts[set]})
	}
	counting := func(cv mgt.CardView) bool {
		for _, b := range h.Best {
			if b.Set == cv.Card.Info().Set || b.Set == deck.CheerfulSet && cv.Nature.Effect() == mgt.Cheerful {
				return true
			}
		}
		return false
	}
	for _, cv := range usable {
		set := cv.Card.Info().Set
		i := slices.IndexFunc(h.Sets, func(s mgtSet) bool { return s.Set == set })
		if i < 0 {
			h.Sets = append(h.Sets, mgtSet{Set: set, Size: deck.Sets[set].Size, Exposed: exposed[set]})
			i = len(h.Sets) - 1
		}
		h.Sets[i].Cards = append(h.Sets[i].Cards, mgtCard{cv, counting(cv)})
	}
	rank := func(s mgtSet) int { // the best pattern's sets first, by size
		if slices.ContainsFunc(s.Cards, func(c mgtCard) bool { return c.Counts }) {
			return -len(s.Cards) - s.Exposed
		}
		return 0
	}
	slices.SortStableFunc(h.Sets, func(a, b mgtSet) int {
		return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a.Set, b.Set))
	})
	return h
}
