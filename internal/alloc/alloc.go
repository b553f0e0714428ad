// Package alloc hands out memory for what a game state gives away in bulk
// (events with their data and texts, views, legal lists): slices carved from
// larger blocks instead of one allocation each, which takes much of the
// allocator and the garbage collector out of a simulated game's cost.
//
// What a Block or Text hands out has cap == len, so an append by its holder
// copies instead of writing into a neighbour. Until its first Rewind a block
// never reuses memory, so what it handed out stays valid and unchanged for
// as long as anyone holds it; the price is that one small thing held keeps
// its whole block alive. Rewind takes everything back, for a state that
// reuses what it hands out: Pocket Monster Rancher at every Apply (its
// outputs are valid until the next, engine.State), Monster Girl Taxonomy
// when a released state serves the next game (engine.Releaser).
//
// An arena belongs to one state and is not safe for concurrent use; a clone
// of a state must start with its own, or two states would hand out the same
// memory twice.
package alloc

import "unsafe"

// Block sizes, in elements: a block starts small (MinBlock, or Block.Min),
// so that a clone that makes a move or two stays cheap, and doubles up to
// DefaultMax (or Block.Max).
const (
	MinBlock   = 4
	DefaultMax = 64
)

// Block hands out slices of T carved from larger allocations. The zero
// value is ready to use.
type Block[T any] struct {
	free []T
	next int // the size of the next allocation
	// Min and Max are the first and the largest block, in elements;
	// MinBlock and DefaultMax if 0. Large elements (views of several
	// hundred bytes) want smaller blocks.
	Min, Max int

	// Once Rewind has been called, the block keeps every chunk it makes,
	// so that the next Rewind can hand them out again.
	retain bool
	chunks [][]T
	cur    int // the retained chunk free is carved from, -1 for none
}

// Take returns the first n elements of the free part, with a new block if
// needed. They are zeroed unless the caller wrote there through Free.
func (b *Block[T]) Take(n int) []T {
	b.Room(n)
	s := b.free[:n:n]
	b.free = b.free[n:]
	return s
}

// One returns a pointer to one zeroed element.
func (b *Block[T]) One() *T { return &b.Take(1)[0] }

// Free returns the free part of the block, for a caller that writes
// elements in place before taking them (Take(n) then hands out the n
// written). What it writes there stays the caller's until then; a caller of
// Rewind takes what it writes, since Rewind zeroes only what was taken of
// the current block (and all of the blocks before it).
func (b *Block[T]) Free() []T { return b.free }

// Room makes sure the free part holds at least n elements, replacing it
// with a new block if not.
func (b *Block[T]) Room(n int) {
	if n > len(b.free) {
		b.Renew(n)
	}
}

// Renew replaces the free part with a new block of at least n elements; the
// rest of the old one goes unused.
func (b *Block[T]) Renew(n int) {
	if b.retain {
		for b.cur+1 < len(b.chunks) {
			b.cur++
			if c := b.chunks[b.cur]; len(c) >= n {
				b.free = c
				return
			}
		}
	}
	low, top := b.Min, b.Max
	if low == 0 {
		low = MinBlock
	}
	if top == 0 {
		top = DefaultMax
	}
	b.next = min(max(2*b.next, low), top)
	b.free = make([]T, max(n, b.next))
	if b.retain {
		b.chunks = append(b.chunks, b.free)
		b.cur = len(b.chunks) - 1
	}
}

// Rewind takes back everything the block has handed out, for a state whose
// memory serves one game after another (engine.Releaser): only when
// nothing handed out is used any more. From then on the block keeps the
// chunks it makes, and each Rewind zeroes them and hands them out again, so
// that the games after the first allocate nothing. (Without Rewind a block
// keeps nothing, so that what a long game handed out can be collected.)
//
// It zeroes only what was used, and does nothing if nothing was taken
// since the last Rewind, so that a state may rewind at every Apply.
func (b *Block[T]) Rewind() {
	if b.retain && b.cur < 0 {
		return // nothing taken since the last Rewind
	}
	for i := 0; i < len(b.chunks) && i <= b.cur; i++ {
		if c := b.chunks[i]; i < b.cur {
			clear(c)
		} else {
			clear(c[:len(c)-len(b.free)])
		}
	}
	b.retain, b.cur, b.free = true, -1, nil
}

// Text block sizes, in bytes.
const (
	minText = 256
	maxText = 4096
)

// Text hands out strings cut from a Block of bytes, without an allocation
// of their own. Until its first Rewind a block never reuses memory, so a
// string stays valid and unchanged, as Go strings must. After Rewind the
// bytes serve again, which is why only a state whose strings are dead may
// rewind its texts (a released one, engine.Releaser): the strings it handed
// out before are then never read again. The zero value is ready to use.
type Text struct {
	b Block[byte]
}

// take returns room for n bytes.
func (t *Text) take(n int) []byte {
	if t.b.Min == 0 {
		t.b.Min, t.b.Max = minText, maxText
	}
	return t.b.Take(n)
}

// String returns p as a string, without an allocation of its own.
func (t *Text) String(p []byte) string {
	if len(p) == 0 {
		return ""
	}
	c := t.take(len(p))
	copy(c, p)
	return unsafe.String(&c[0], len(c))
}

// Cat returns the concatenation of parts, without an allocation of its own.
func (t *Text) Cat(parts ...string) string {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	if n == 0 {
		return ""
	}
	c := t.take(n)
	k := 0
	for _, p := range parts {
		k += copy(c[k:], p)
	}
	return unsafe.String(&c[0], n)
}

// Rewind takes back every string handed out, as Block.Rewind: only when
// none of them is read again.
func (t *Text) Rewind() { t.b.Rewind() }
