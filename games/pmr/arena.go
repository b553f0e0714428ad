package pmr

import (
	"strings"

	"tabletop/engine"
)

// arena is where a state gets the memory for what Apply, View and Legal hand
// out: events with their data, dice and texts, views, legal lists and the
// copy-on-write monster lists. A simulated game makes about 500 events and
// 230 boards; taking them from blocks instead of one allocation each takes
// most of the allocator and the garbage collector out of a game's cost.
//
// Everything handed out is fresh (a block is never reused) and has cap ==
// len, so it stays valid and unchanged for as long as anyone holds it, and
// an append by its holder copies instead of writing into a neighbour. The
// price is that one small thing held keeps its whole block alive.
//
// Each state has its own arena, made on first use; a clone starts without
// one, because two states taking from one block would hand out the same
// memory twice.
type arena struct {
	events       block[engine.Event]
	data         block[EventData]
	monsterData  block[MonsterData]
	matchData    block[MatchData]
	contestData  block[ContestData]
	sealed       block[SealedData]
	dice         block[int]
	text         textBlock
	actions      block[engine.Action]
	monsters     block[Monster]
	boards       block[boardBlock]
	stables      block[StableView] // for tables of more than four
	infos        block[StableInfo]
	views        block[View]
	tours        block[tournamentBlock]
	entrants     block[Entrant]
	matches      block[MatchView]
	buf          []byte                  // the text buffer of Apply's eventBuf, kept between calls
	faces        []int                   // its dice buffer
	entrantTexts [maxSeats][]entrantText // texts kept by State.entrantText
}

// mem returns the state's arena.
func (s *State) mem() *arena {
	if s.arena == nil {
		s.arena = new(arena)
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
}

// take returns the first n elements of the free part (zeroed, unless the
// caller has written there, as eventBuf does), with a new block if needed.
func (b *block[T]) take(n int) []T {
	if n > len(b.free) {
		b.renew(n)
	}
	s := b.free[:n:n]
	b.free = b.free[n:]
	return s
}

// renew replaces the free part with a new block of at least n elements.
func (b *block[T]) renew(n int) {
	b.next = min(max(2*b.next, minBlock), maxBlock)
	b.free = make([]T, max(n, b.next))
}

// one returns a pointer to one zeroed element.
func (b *block[T]) one() *T { return &b.take(1)[0] }

// textBlock hands out strings sliced from one larger string. A
// strings.Builder never changes bytes that its String has returned (it only
// appends, and copies when it grows), so a string cut from it stays valid;
// the builder is replaced, not grown, when the next text does not fit.
type textBlock struct {
	b    strings.Builder
	next int // the capacity of the next builder
}

// Text block sizes, in bytes: a game's events have about 28 KB of text.
const (
	minTextBlock = 256
	maxTextBlock = 4096
)

// string returns p as a string.
func (t *textBlock) string(p []byte) string {
	if len(p) > t.b.Cap()-t.b.Len() {
		t.next = min(max(2*t.next, minTextBlock), maxTextBlock)
		t.b = strings.Builder{}
		t.b.Grow(max(len(p), t.next))
	}
	start := t.b.Len()
	t.b.Write(p)
	return t.b.String()[start:]
}
