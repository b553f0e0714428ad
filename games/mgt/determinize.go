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
//   - while claims are open, the other players' claim options follow from
//     their re-drawn hands (everyone but the discarder answers a claim
//     window, so who may claim is not public and needs no reserved cards);
//   - other players' sealed throws and claim answers are re-drawn uniformly
//     from what they could have sealed; who has answered stays, so Pending
//     is the same in every determinization;
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
	c.redeal(p, &seen, r)
	c.redrawSealed(p, r)
	return c
}

type slot struct {
	who int8  // player, or -1 for the stock
	at  int16 // index in the hand or the stock
}

// redeal shuffles the cards p has not seen among the places they may be.
func (c *State) redeal(p engine.Seat, seen *bitset, r *dice.Stream) {
	var slots []slot
	var pool []Card
	for q := range c.players {
		if engine.Seat(q) == p {
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
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for k, sl := range slots {
		if sl.who < 0 {
			c.stock[sl.at] = pool[k]
		} else {
			c.players[sl.who].hand[sl.at] = pool[k]
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
			if engine.Seat(q) == p || engine.Seat(q) == c.turn {
				continue
			}
			e := c.eligibility(engine.Seat(q), c.card)
			c.elig[q] = e
			if c.answer[q] == 0 {
				continue
			}
			choices := [3]int8{answerPass}
			n := 1
			if e&claimOwn != 0 {
				choices[n] = claimOwn
				n++
			}
			if e&claimCheerful != 0 {
				choices[n] = claimCheerful
				n++
			}
			c.answer[q] = answerPass
			if n > 1 {
				c.answer[q] = choices[r.Roll(n)-1]
			}
		}
	}
}
