package alloc

import (
	"strings"
	"testing"
)

func TestScratch_HandsOutDisjointZeroedSlicesUntilReset(t *testing.T) {
	var s Scratch[int]
	for round := range 3 {
		var all [][]int
		for n := range 100 {
			x := s.Take(n%9 + 1)
			if cap(x) != len(x) {
				t.Fatalf("round %d: Take(%d): cap %d, want %d", round, len(x), cap(x), len(x))
			}
			for i := range x {
				if x[i] != 0 {
					t.Fatalf("round %d: Take handed out a non-zero element (left from before Reset?)", round)
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
		s.Reset()
	}
}

func TestScratch_ReusesItsMemoryAfterReset(t *testing.T) {
	var s Scratch[int]
	use := func() {
		for n := range 50 {
			s.Take(n%5 + 1)
		}
		s.Reset()
	}
	use() // the chunks are made here
	if allocs := testing.AllocsPerRun(20, use); allocs != 0 {
		t.Errorf("a round after the first allocated %v times, want 0", allocs)
	}
}

func TestScratch_TakeHandsOutWhatWasWrittenThroughFree(t *testing.T) {
	var s Scratch[string]
	s.Room(3)
	copy(s.Free(), []string{"a", "b", "c"})
	if got := s.Take(3); got[0] != "a" || got[2] != "c" {
		t.Errorf("Take after writing through Free = %q, want [a b c]", got)
	}
	// Written through Free, moved on from without taking: zero after Reset.
	s.Room(2)
	copy(s.Free(), []string{"x", "y"})
	s.Room(1000)
	s.Reset()
	for i := 0; i < 100; i++ {
		if got := s.One(); *got != "" {
			t.Fatalf("Take after Reset handed out %q, want zeroed memory", *got)
		}
	}
}

func TestScratchText_StringsHoldTheirTextUntilResetThenReuseTheMemory(t *testing.T) {
	var tx ScratchText
	for round := range 3 {
		var got []string
		var want []string
		for i := range 500 {
			w := strings.Repeat(string(rune('a'+i%26)), i%40+1)
			got = append(got, tx.String([]byte(w)))
			want = append(want, w)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("round %d: string %d is %q before Reset, want %q", round, i, got[i], want[i])
			}
		}
		tx.Reset()
	}
	if allocs := testing.AllocsPerRun(20, func() {
		for i := range 500 {
			tx.String([]byte("Ann trains M1 Pebblet's Speed: 1dF [+] succeeds, 2 → 3")[:i%50+1])
		}
		tx.Reset()
	}); allocs != 0 {
		t.Errorf("a round after the first allocated %v times, want 0", allocs)
	}
}

func TestScratchText_CatJoinsItsParts(t *testing.T) {
	var tx ScratchText
	var got []string
	for i := range 200 {
		got = append(got, tx.Cat("Ann", " draws ", strings.Repeat("x", i%50), "."))
	}
	for i, g := range got {
		if want := "Ann draws " + strings.Repeat("x", i%50) + "."; g != want {
			t.Fatalf("Cat %d = %q, want %q", i, g, want)
		}
	}
	if tx.Cat() != "" || tx.Cat("", "") != "" {
		t.Errorf("Cat of nothing is not empty")
	}
}
