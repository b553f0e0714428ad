package mgt

import (
	"reflect"

	"tabletop/engine"
	"tabletop/internal/alloc"
)

// arena is where a state gets the memory for what Apply, View and Legal hand
// out: events with their data and texts, views and their card lists, and
// discard-phase legal lists. A greedy round makes about 260 actions and 60
// views; taking their memory from blocks instead of one allocation each
// takes much of the allocator and the garbage collector out of a round's
// cost (as in games/pmr).
//
// Everything handed out stays valid and unchanged for as long as anyone
// holds it (see package tabletop/internal/alloc), until the state is
// released (engine.Releaser): then New may rewind the arena for another game.
//
// Each state has its own arena, made on first use; a clone starts without
// one, because two states taking from one block would hand out the same
// memory twice. The arena is no part of the game position: State.Equal
// ignores it.
type arena struct {
	events    alloc.Block[engine.Event] // written by Apply's append, not zeroed (see Apply)
	cards     alloc.Block[CardData]
	text      alloc.Text
	actions   alloc.Block[engine.Action]
	views     alloc.Block[View]
	cvs       alloc.Block[CardView]
	groups    alloc.Block[GroupView]
	hands     alloc.Block[Card]      // the cards of other hands that a view knows
	known     alloc.Block[KnownHand] // ...by player
	stockTop  alloc.Block[KnownCard] // the stock cards that a view knows
	exposed   [maxSeats][]GroupView  // each player's exposed sets as views (see State.exposed)
	counts    alloc.Block[setCounts]
	public    *setCounts                // the public cards by set (see State.publicCounts)
	buf       []byte                    // scratch for texts written piece by piece (take's dice)
	publicKey [4]int                    // the round and public-card counts they were made for
	claims    [maxSeats][]engine.Action // each seat's choices in the claim window claimKey names (see State.Legal)
	claimKey  [4]int
}

// rewind takes back everything the arena handed out, for a new game on a
// released state's memory: the blocks keep their memory from now on and
// hand it out again at every rewind, so that a simulation's games after the
// first allocate next to nothing. Only a released state's arena is rewound:
// a table's state never is, and its blocks keep nothing that its views and
// events no longer hold.
func (m *arena) rewind() {
	m.events.Rewind()
	m.cards.Rewind()
	m.actions.Rewind()
	m.views.Rewind()
	m.cvs.Rewind()
	m.groups.Rewind()
	m.hands.Rewind()
	m.known.Rewind()
	m.stockTop.Rewind()
	m.counts.Rewind()
	m.exposed = [maxSeats][]GroupView{}
	m.public, m.publicKey = nil, [4]int{}
	m.claims, m.claimKey = [maxSeats][]engine.Action{}, [4]int{}
	m.text.Rewind()
}

// forgetExposed drops the cached views of p's exposed sets: they changed.
func (s *State) forgetExposed(p engine.Seat) {
	if s.arena != nil {
		s.arena.exposed[p] = nil
	}
}

// mem returns the state's arena.
func (s *State) mem() *arena {
	if s.arena == nil {
		s.arena = new(arena)
		s.arena.views.Max = maxViewBlock
	}
	return s.arena
}

// views are large (768 bytes): their blocks stay small.
const maxViewBlock = 16

// text returns the concatenation of parts as a string from s's arena.
func (s *State) text(parts ...string) string { return s.mem().text.Cat(parts...) }

// cardData returns CardData d as event data, from s's arena.
func (s *State) cardData(d CardData) *CardData {
	p := s.mem().cards.One()
	*p = d
	return p
}

// Equal implements engine.Equaler: two states are the same position when
// everything but their arenas (memory for what they hand out) is equal.
func (s *State) Equal(other engine.State) bool {
	o, ok := other.(*State)
	if !ok {
		return false
	}
	a, b := *s, *o
	a.arena, b.arena = nil, nil
	return reflect.DeepEqual(&a, &b)
}
