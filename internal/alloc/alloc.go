// Package alloc hands out memory for what a game state gives away in bulk
// (events with their data and texts, views, legal lists): slices carved from
// larger blocks instead of one allocation each, which takes much of the
// allocator and the garbage collector out of a simulated game's cost.
//
// What a Block or Text hands out is fresh (a block is never reused) and has
// cap == len, so it stays valid and unchanged for as long as anyone holds
// it, and an append by its holder copies instead of writing into a
// neighbour. The price is that one small thing held keeps its whole block
// alive. A Scratch or ScratchText hands out memory that is valid only until
// its next Reset, for what a state hands out until its next Apply.
//
// An arena belongs to one state and is not safe for concurrent use; a clone
// of a state must start with its own, or two states would hand out the same
// memory twice.
package alloc

import "strings"

// Block sizes, in elements: a block starts small, so that a clone that
// makes a move or two stays cheap, and doubles up to DefaultMax (or
// Block.Max).
const (
	MinBlock   = 4
	DefaultMax = 64
)

// Block hands out slices of T carved from larger allocations. The zero
// value is ready to use.
type Block[T any] struct {
	free []T
	next int // the size of the next allocation
	// Max is the largest block, in elements; DefaultMax if 0. Large
	// elements (views of several hundred bytes) want smaller blocks.
	Max int

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
// written). What it writes there stays the caller's until then.
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
	top := b.Max
	if top == 0 {
		top = DefaultMax
	}
	b.next = min(max(2*b.next, MinBlock), top)
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
func (b *Block[T]) Rewind() {
	for i := 0; i < len(b.chunks) && i <= b.cur; i++ {
		clear(b.chunks[i])
	}
	b.retain, b.cur, b.free = true, -1, nil
}

// Text block sizes, in bytes.
const (
	minText = 256
	maxText = 4096
)

// Text hands out strings cut from one larger string. A strings.Builder
// never changes bytes that its String has returned (it only appends, and
// copies when it grows), so a string cut from it stays valid; the builder is
// replaced, not grown, when the next text does not fit. The zero value is
// ready to use.
type Text struct {
	b    strings.Builder
	next int // the capacity of the next builder
}

// room makes sure the builder has room for n more bytes.
func (t *Text) room(n int) {
	if n > t.b.Cap()-t.b.Len() {
		t.next = min(max(2*t.next, minText), maxText)
		t.b = strings.Builder{}
		t.b.Grow(max(n, t.next))
	}
}

// String returns p as a string, without an allocation of its own.
func (t *Text) String(p []byte) string {
	t.room(len(p))
	start := t.b.Len()
	t.b.Write(p)
	return t.b.String()[start:]
}

// Cat returns the concatenation of parts, without an allocation of its own.
func (t *Text) Cat(parts ...string) string {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	t.room(n)
	start := t.b.Len()
	for _, p := range parts {
		t.b.WriteString(p)
	}
	return t.b.String()[start:]
}
