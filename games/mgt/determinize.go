package mgt

import (
	"slices"

	"tabletop/dice"
	"tabletop/engine"
)

// Determinize returns a copy of the state in which everything seat p cannot
// see is re-drawn at random with dice from r, consistent with what p knows:
//
//   - every card p has not seen that lies in another hand or in the stock is
//     shuffled among those places (hand sizes and the stock size stay);
//     cards p has seen (its own hand, everything public, and what honest
//     cards showed it) stay where they are;
//   - miscellaneous cards dealt into other hands roll a new nature;
//   - while claims are open, each player waiting to answer (or who has
//     answered) still holds three cards that let them claim: they are
//     reserved first, from the cards of a claimable set chosen at random;
//   - other players' sealed throws and claim answers are re-drawn uniformly
//     from what they could have sealed;
//   - other players' own looks are forgotten, and another player's open
//     impatient draw is dropped (p cannot know of it).
//
// It does not reason about what past passes or discards suggest.
func (st *State) Determinize(p engine.Seat, r *dice.Stream) engine.State {
	c := st.clone()
	if c.phase == PhaseOver {
		return c
	}
	var seen bitset
	if p >= 0 && int(p) < len(c.players) {
		seen = c.seen[p]
	} else {
		p = engine.Spectator
	}
	for range 20 {
		if c.redeal(p, &seen, r, false) {
			c.redrawSealed(p, r)
			return c
		}
		c = st.clone()
	}
	// The reservations failed every time (very rare: the claimers' cards are
	// scarce in the pool): keep the claimers' hands as they are.
	c.redeal(p, &seen, r, true)
	c.redrawSealed(p, r)
	return c
}

type slot struct {
	who int8  // player, or -1 for the stock
	at  int16 // index in the hand or the stock
}

// redeal shuffles the unseen cards; keepClaimers keeps the hands of players
// in an open claim window. It reports false if a claimer could not be given
// three cards to claim with.
func (c *State) redeal(p engine.Seat, seen *bitset, r *dice.Stream, keepClaimers bool) bool {
	claimer := func(q int) bool { return c.phase == PhaseClaim && c.elig[q] != 0 }
	var slots []slot
	var pool []Card
	for q := range c.players {
		if engine.Seat(q) == p || keepClaimers && claimer(q) {
			continue
		}
		for i, x := range c.players[q].hand {
			if !seen.has(x) {
				slots = append(slots, slot{int8(q), int16(i)})
				pool = append(pool, x)
			}
		}
	}
	for i, x := range c.stock {
		if !seen.has(x) {
			slots = append(slots, slot{-1, int16(i)})
			pool = append(pool, x)
		}
	}
	for _, x := range pool {
		c.nat[x] = NoNature
	}
	filled := make([]bool, len(slots))
	put := func(k int, x Card) {
		filled[k] = true
		if s := slots[k]; s.who < 0 {
			c.stock[s.at] = x
		} else {
			c.players[s.who].hand[s.at] = x
		}
	}
	if c.phase == PhaseClaim && !keepClaimers {
		for q := range c.players {
			if engine.Seat(q) == p || !claimer(q) {
				continue
			}
			if !c.reserve(engine.Seat(q), seen, slots, &pool, put, filled, r) {
				return false
			}
		}
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	k := 0
	for i := range slots {
		if !filled[i] {
			put(i, pool[k])
			k++
		}
	}
	for q := range c.players {
		if engine.Seat(q) == p {
			continue
		}
		slices.Sort(c.players[q].hand)
		for _, x := range c.players[q].hand {
			if cardNature[x] == Miscellaneous && c.nat[x] == NoNature {
				c.nat[x] = deck.rollNature(r.Roll)
			}
		}
		c.seen[q] = bitset{}
	}
	if c.turn != p {
		c.extra = 0
	}
	return true
}

// reserve gives claimer q three cards of a set q may publicly claim into,
// taken from the pool into q's unseen slots.
func (c *State) reserve(q engine.Seat, seen *bitset, slots []slot, pool *[]Card, put func(int, Card), filled []bool, r *dice.Stream) bool {
	card := c.card
	pl := &c.players[q]
	own := cardSet[card]
	var options [2]SetID
	n := 0
	hasGroup := func(set SetID) bool {
		return slices.ContainsFunc(pl.groups, func(g group) bool { return g.set == set })
	}
	if !hasGroup(own) {
		options[n] = own
		n++
	}
	if c.cheerful(card) && !hasGroup(deck.CheerfulSet) {
		options[n] = deck.CheerfulSet
		n++
	}
	if n == 2 && r.Roll(2) == 2 {
		options[0], options[1] = options[1], options[0]
	}
	for _, set := range options[:n] {
		qualifies := func(x Card, fixed bool) bool {
			if !c.usable(q, x) {
				return false
			}
			if set == deck.CheerfulSet {
				if fixed {
					return c.cheerful(x)
				}
				return cardNature[x] == Cheerful
			}
			return cardSet[x] == set
		}
		need := 3
		for _, x := range pl.hand {
			if seen.has(x) && qualifies(x, true) {
				need--
			}
		}
		var free []int
		for k, s := range slots {
			if int(s.who) == int(q) && !filled[k] {
				free = append(free, k)
			}
		}
		var cand []int
		for i, x := range *pool {
			if qualifies(x, false) {
				cand = append(cand, i)
			}
		}
		if need > len(free) || need > len(cand) {
			continue
		}
		var taken []int
		for range max(need, 0) {
			j := r.Roll(len(cand)) - 1
			taken = append(taken, cand[j])
			cand = slices.Delete(cand, j, j+1)
		}
		for i, pi := range taken {
			put(free[i], (*pool)[pi])
		}
		slices.Sort(taken)
		for i := len(taken) - 1; i >= 0; i-- {
			*pool = slices.Delete(*pool, taken[i], taken[i]+1)
		}
		return true
	}
	return false
}

// redrawSealed re-draws the sealed choices of the players other than p.
func (c *State) redrawSealed(p engine.Seat, r *dice.Stream) {
	switch c.phase {
	case PhaseRPS:
		for i, q := range [2]engine.Seat{c.turn, c.target} {
			if q != p && c.throws[i] != NoHand {
				c.throws[i] = Hand(r.Roll(3))
			}
		}
	case PhaseClaim:
		for q := range c.players {
			if engine.Seat(q) == p || c.elig[q] == 0 {
				continue
			}
			e := c.eligibility(engine.Seat(q), c.card)
			if e == 0 {
				continue // kept hand (fallback) or an unforeseen gap: keep the window as it was
			}
			c.elig[q] = e
			if c.answer[q] != 0 {
				choices := []int8{answerPass}
				if e&claimOwn != 0 {
					choices = append(choices, claimOwn)
				}
				if e&claimCheerful != 0 {
					choices = append(choices, claimCheerful)
				}
				c.answer[q] = choices[r.Roll(len(choices))-1]
			}
		}
	}
}
