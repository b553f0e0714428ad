package alloc

import (
	"strings"
	"testing"
)

func TestBlock_HandsOutFreshDisjointSlicesWithCapEqualLen(t *testing.T) {
	var b Block[int]
	var all [][]int
	for n := range 200 {
		s := b.Take(n%7 + 1)
		if cap(s) != len(s) {
			t.Fatalf("Take(%d): cap %d, want %d", len(s), cap(s), len(s))
		}
		for i := range s {
			if s[i] != 0 {
				t.Fatalf("Take handed out a non-zero element")
			}
			s[i] = n + 1
		}
		all = append(all, s)
	}
	for n, s := range all {
		for _, v := range s {
			if v != n+1 {
				t.Fatalf("slice %d was overwritten by a later Take", n)
			}
		}
	}
	if s := append(all[0], 99); &s[0] == &all[0][0] {
		t.Errorf("an append to a handed-out slice wrote into the block")
	}
}

func TestBlock_GrowsUpToMax(t *testing.T) {
	b := Block[byte]{Max: 16}
	for range 10 {
		b.Renew(1)
	}
	if len(b.Free()) != 16 {
		t.Errorf("after many renewals the block has %d elements, want Max 16", len(b.Free()))
	}
	b.Renew(100)
	if len(b.Free()) != 100 {
		t.Errorf("Renew(100) made %d elements, want 100", len(b.Free()))
	}
}

func TestBlock_TakeHandsOutWhatWasWrittenThroughFree(t *testing.T) {
	var b Block[int]
	b.Renew(3)
	copy(b.Free(), []int{7, 8, 9})
	if got := b.Take(3); got[0] != 7 || got[2] != 9 {
		t.Errorf("Take after writing through Free = %v, want [7 8 9]", got)
	}
}

func TestText_StringsStayValid(t *testing.T) {
	var tx Text
	var got []string
	for i := range 500 {
		p := strings.Repeat(string(rune('a'+i%26)), i%40)
		if i%2 == 0 {
			got = append(got, tx.String([]byte(p)))
		} else {
			got = append(got, tx.Cat(p[:len(p)/2], p[len(p)/2:]))
		}
	}
	for i, s := range got {
		if want := strings.Repeat(string(rune('a'+i%26)), i%40); s != want {
			t.Fatalf("text %d = %q, want %q", i, s, want)
		}
	}
}

func TestText_NoAllocationPerString(t *testing.T) {
	var tx Text
	p := []byte("Breed: ages 6 and 5 average 6")
	allocs := testing.AllocsPerRun(1000, func() { tx.String(p) })
	if allocs > 0.1 {
		t.Errorf("String allocates %.2f times per call, want about 0 (one block per 4 KB)", allocs)
	}
}

func TestBlock_RewindHandsOutItsMemoryAgainZeroed(t *testing.T) {
	var b Block[int]
	use := func(round int) {
		for n := range 100 {
			s := b.Take(n%7 + 1)
			for i := range s {
				if s[i] != 0 {
					t.Fatalf("round %d: Take handed out a non-zero element", round)
				}
				s[i] = n + 1
			}
		}
		b.Rewind()
	}
	use(0) // before the first Rewind nothing is kept
	use(1) // the chunks are made and kept here
	if allocs := testing.AllocsPerRun(10, func() { use(2) }); allocs != 0 {
		t.Errorf("a round after the first kept one allocated %v times, want 0", allocs)
	}
}

func TestBlock_RewindEveryRoundHandsOutDisjointZeroedSlices(t *testing.T) {
	var b Block[int]
	for round := range 3 {
		var all [][]int
		for n := range 100 {
			x := b.Take(n%9 + 1)
			if cap(x) != len(x) {
				t.Fatalf("round %d: Take(%d): cap %d, want %d", round, len(x), cap(x), len(x))
			}
			for i := range x {
				if x[i] != 0 {
					t.Fatalf("round %d: Take handed out a non-zero element (left from before Rewind?)", round)
				}
				x[i] = n + 1
			}
			all = append(all, x)
		}
		for n, x := range all {
			for _, v := range x {
				if v != n+1 {
					t.Fatalf("round %d: slice %d was overwritten by a later Take", round, n)
				}
			}
		}
		b.Rewind()
	}
}

func TestBlock_RewindZeroesWhatWasWrittenThroughFreeInBlocksMovedOn(t *testing.T) {
	var b Block[string]
	b.Rewind() // keep the blocks from now on
	b.Room(3)
	copy(b.Free(), []string{"a", "b", "c"})
	if got := b.Take(3); got[0] != "a" || got[2] != "c" {
		t.Errorf("Take after writing through Free = %q, want [a b c]", got)
	}
	// Written through Free, moved on from without taking: zero after Rewind.
	b.Room(len(b.Free()) + 1)
	copy(b.Free(), []string{"x", "y"})
	b.Room(1000)
	b.Rewind()
	for range 100 {
		if got := b.One(); *got != "" {
			t.Fatalf("Take after Rewind handed out %q, want zeroed memory", *got)
		}
	}
}

func TestText_StringsHoldTheirTextUntilRewindThenReuseTheMemory(t *testing.T) {
	var tx Text
	for round := range 3 {
		var got, want []string
		for i := range 500 {
			w := strings.Repeat(string(rune('a'+i%26)), i%40+1)
			got = append(got, tx.String([]byte(w)))
			want = append(want, w)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("round %d: string %d is %q before Rewind, want %q", round, i, got[i], want[i])
			}
		}
		tx.Rewind()
	}
	if allocs := testing.AllocsPerRun(20, func() {
		for i := range 500 {
			tx.String([]byte("Ann trains M1 Pebblet's Speed: 1dF [+] succeeds, 2 → 3")[:i%50+1])
		}
		tx.Rewind()
	}); allocs != 0 {
		t.Errorf("a round after the first kept one allocated %v times, want 0", allocs)
	}
}

func TestText_CatJoinsItsParts(t *testing.T) {
	var tx Text
	var got []string
	for i := range 200 {
		got = append(got, tx.Cat("Ann", " draws ", strings.Repeat("x", i%50), "."))
	}
	for i, g := range got {
		if want := "Ann draws " + strings.Repeat("x", i%50) + "."; g != want {
			t.Fatalf("Cat %d = %q, want %q", i, g, want)
		}
	}
	if tx.Cat() != "" || tx.Cat("", "") != "" || tx.String(nil) != "" {
		t.Errorf("a text of nothing is not empty")
	}
}
