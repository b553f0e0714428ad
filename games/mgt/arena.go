package mgt

import (
	"reflect"
	"strings"

	"tabletop/engine"
)

// arena is where a state gets the memory for what Apply, View and Legal hand
// out: events with their data and texts, views and their card lists, and
// discard-phase legal lists. A greedy round makes about 260 actions and 60
// views; taking their memory from blocks instead of one allocation each
// takes much of the allocator and the garbage collector out of a round's
// cost (as in games/pmr).
//
// Everything handed out is fresh (a block is never reused) and has cap ==
// len, so it stays valid and unchanged for as long as anyone holds it, and
// an append by its holder copies instead of writing into a neighbour. The
// price is that one small thing held keeps its whole block alive.
//
// Each state has its own arena, made on first use; a clone starts without
// one, because two states taking from one block would hand out the same
// memory twice. The arena is no part of the game position: State.Equal
// ignores it.
type arena struct {
	events    block[engine.Event] // written by Apply's append, not zeroed (see Apply)
	cards     block[CardData]
	text      textBlock
	actions   block[engine.Action]
	views     block[View]
	cvs       block[CardView]
	groups    block[GroupView]
	hands     block[Card]           // the cards of other hands that a view knows
	known     block[KnownHand]      // ...by player
	stockTop  block[KnownCard]      // the stock cards that a view knows
	exposed   [maxSeats][]GroupView // each player's exposed sets as views (see State.exposed)
	counts    block[setCounts]
	public    *setCounts // the public cards by set (see State.publicCounts)
	buf       []byte     // scratch for texts written piece by piece (take's dice)
	publicKey [4]int     // the round and public-card counts they were made for
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
		s.arena.views.max = maxViewBlock
	}
	return s.arena
}

// Block sizes, in elements: a block starts small, so that a clone that makes
// a move or two stays cheap, and doubles up to maxBlock.
const (
	minBlock = 4
	maxBlock = 64
)

// block hands out slices of T carved from larger allocations.
type block[T any] struct {
	free []T
	next int // the size of the next allocation
	max  int // the largest block; maxBlock if 0
}

// take returns n zeroed elements, from a new block if needed.
func (b *block[T]) take(n int) []T {
	b.room(n)
	s := b.free[:n:n]
	b.free = b.free[n:]
	return s
}

// room makes sure that the free part holds at least n elements, replacing
// it with a new block if not.
func (b *block[T]) room(n int) {
	if n <= len(b.free) {
		return
	}
	top := b.max
	if top == 0 {
		top = maxBlock
	}
	b.next = min(max(2*b.next, minBlock), top)
	b.free = make([]T, max(n, b.next))
}

// views are large (768 bytes): their blocks stay small.
const maxViewBlock = 16

// one returns a pointer to one zeroed element.
func (b *block[T]) one() *T { return &b.take(1)[0] }

// textBlock hands out strings cut from one larger string. A strings.Builder
// never changes bytes that its String has returned (it only appends, and
// copies when it grows), so a string cut from it stays valid; the builder is
// replaced, not grown, when the next text does not fit.
type textBlock struct {
	b    strings.Builder
	next int // the capacity of the next builder
}

// Text block sizes, in bytes.
const (
	minTextBlock = 256
	maxTextBlock = 4096
)

// cat returns the concatenation of parts, cut from the block: an event's
// text costs no allocation of its own.
func (t *textBlock) cat(parts ...string) string {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	if n > t.b.Cap()-t.b.Len() {
		t.next = min(max(2*t.next, minTextBlock), maxTextBlock)
		t.b = strings.Builder{}
		t.b.Grow(max(n, t.next))
	}
	start := t.b.Len()
	for _, p := range parts {
		t.b.WriteString(p)
	}
	return t.b.String()[start:]
}

// text returns the concatenation of parts as a string from s's arena.
func (s *State) text(parts ...string) string { return s.mem().text.cat(parts...) }

// cardData returns CardData d as event data, from s's arena.
func (s *State) cardData(d CardData) *CardData {
	p := s.mem().cards.one()
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
