package alloc

import "unsafe"

// Scratch hands out slices of T that stay valid only until the next Reset,
// which takes everything back so that the same memory serves again. It is
// for what a state hands out under the engine's rule that outputs are valid
// until the state's next Apply (events and their data): a game that takes
// them from a Scratch reset at the start of each Apply allocates nothing
// once its chunks are big enough, so a simulation leaves the garbage
// collector nothing to do.
//
// Like Block, what it hands out has cap == len, so an append by its holder
// copies instead of writing into a neighbour. The zero value is ready to
// use; it is not safe for concurrent use.
type Scratch[T any] struct {
	chunks [][]T // every chunk made so far, in the order they are used
	cur    int   // the chunk being handed out from
	used   int   // how much of chunks[cur] is handed out
}

// Take returns n zeroed elements, valid until the next Reset.
func (s *Scratch[T]) Take(n int) []T {
	s.Room(n)
	c := s.chunks[s.cur]
	out := c[s.used : s.used+n : s.used+n]
	s.used += n
	return out
}

// One returns a pointer to one zeroed element, valid until the next Reset.
func (s *Scratch[T]) One() *T { return &s.Take(1)[0] }

// Free returns the free part of the current chunk, for a caller that writes
// elements in place before taking them (Take(n) then hands out the n
// written). It is zeroed until the caller writes there. The caller takes
// what it writes: Reset zeroes what was taken, and whole chunks moved on
// from, but not what was only written in the current chunk.
func (s *Scratch[T]) Free() []T {
	if s.cur >= len(s.chunks) {
		return nil
	}
	return s.chunks[s.cur][s.used:]
}

// Room makes sure the free part holds at least n elements, moving to the
// next chunk (or a new one) if not. The rest of the current chunk goes
// unused until the next Reset.
func (s *Scratch[T]) Room(n int) {
	if s.cur < len(s.chunks) && n <= len(s.chunks[s.cur])-s.used {
		return
	}
	if s.cur < len(s.chunks) && s.used > 0 {
		s.cur++
	}
	s.used = 0
	for ; s.cur < len(s.chunks); s.cur++ {
		if len(s.chunks[s.cur]) >= n {
			return
		}
	}
	size := MinBlock
	if k := len(s.chunks); k > 0 {
		size = min(2*len(s.chunks[k-1]), DefaultMax)
	}
	s.chunks = append(s.chunks, make([]T, max(n, size)))
	s.cur = len(s.chunks) - 1
}

// Reset takes back everything handed out: it zeroes the memory that was
// used, so that Take hands it out zeroed again. Whatever a caller still
// holds from before sees its contents change.
func (s *Scratch[T]) Reset() {
	if s.cur == 0 && s.used == 0 {
		return // nothing handed out since the last Reset
	}
	for i := 0; i < len(s.chunks) && i <= s.cur; i++ {
		if i < s.cur {
			clear(s.chunks[i])
		} else {
			clear(s.chunks[i][:s.used])
		}
	}
	s.cur, s.used = 0, 0
}

// ScratchText hands out strings that stay valid only until the next Reset,
// which takes their bytes back for the strings that follow. A Go string is
// meant never to change, so this is for the texts of a state's events alone,
// under the engine's rule that they are valid until the next Apply (or, as
// Monster Girl Taxonomy uses it, until a released state's memory serves the
// next game): whoever keeps one longer copies it (strings.Clone;
// engine.Keep does), and never uses one as a map key or anything else that
// outlives it. The zero value is ready to use.
type ScratchText struct {
	chunks [][]byte
	cur    int // the chunk being handed out from
	used   int // how much of chunks[cur] is handed out
}

// String returns a copy of p as a string, valid until the next Reset.
func (t *ScratchText) String(p []byte) string {
	n := len(p)
	if n == 0 {
		return ""
	}
	if t.cur >= len(t.chunks) || n > len(t.chunks[t.cur])-t.used {
		t.next(n)
	}
	c := t.chunks[t.cur][t.used : t.used+n]
	copy(c, p)
	t.used += n
	return unsafe.String(&c[0], n)
}

// Cat returns the concatenation of parts, as String would.
func (t *ScratchText) Cat(parts ...string) string {
	n := 0
	for _, p := range parts {
		n += len(p)
	}
	if n == 0 {
		return ""
	}
	if t.cur >= len(t.chunks) || n > len(t.chunks[t.cur])-t.used {
		t.next(n)
	}
	c := t.chunks[t.cur][t.used : t.used+n]
	k := 0
	for _, p := range parts {
		k += copy(c[k:], p)
	}
	t.used += n
	return unsafe.String(&c[0], n)
}

// next moves to a chunk with room for n bytes, making one if needed.
func (t *ScratchText) next(n int) {
	if t.cur < len(t.chunks) && t.used > 0 {
		t.cur++
	}
	t.used = 0
	for t.cur < len(t.chunks) && len(t.chunks[t.cur]) < n {
		t.cur++
	}
	if t.cur == len(t.chunks) {
		t.chunks = append(t.chunks, make([]byte, max(n, maxText)))
	}
}

// Reset takes back every string handed out.
func (t *ScratchText) Reset() { t.cur, t.used = 0, 0 }
