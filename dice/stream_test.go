package dice

import (
	"strings"
	"testing"
)

func TestStream_SameSeedSameFaces(t *testing.T) {
	a, b := NewStream(Seed{42}), NewStream(Seed{42})
	for i := range 1000 {
		if x, y := a.Roll(20), b.Roll(20); x != y {
			t.Fatalf("draw %d: %d and %d from the same seed", i, x, y)
		}
	}
	if c := NewStream(Seed{43}); c.Roll(1<<30) == NewStream(Seed{42}).Roll(1<<30) {
		t.Fatalf("seeds 42 and 43 gave the same first draw")
	}
}

func TestStream_ReseedStartsOverAsANewStream(t *testing.T) {
	s := NewStream(Seed{7})
	for range 100 {
		s.Roll(20)
	}
	s.Reseed(Seed{42})
	if s.Len() != 0 {
		t.Fatalf("a reseeded stream still has %d draws", s.Len())
	}
	fresh := NewStream(Seed{42})
	for i := range 1000 {
		if x, y := s.Roll(20), fresh.Roll(20); x != y {
			t.Fatalf("draw %d after Reseed(42): %d, a new stream of seed 42 gives %d", i, x, y)
		}
	}
	if s.Len() != 1000 {
		t.Fatalf("a reseeded recording stream recorded %d draws, want 1000", s.Len())
	}
}

func TestStream_RecordsEveryDraw(t *testing.T) {
	s := NewStream(Seed{1})
	s.Roll(6)
	f := s.Fudge()
	s.Shuffle(4, func(i, j int) {})
	got := s.Draws(0)
	if len(got) != 5 || s.Len() != 5 {
		t.Fatalf("recorded %d draws (Len %d), want 5: a d6, a dF and three shuffle dice", len(got), s.Len())
	}
	if got[1].Sides != 3 || got[1].Face-2 != f {
		t.Fatalf("Fudge() = %d recorded as %+v, want a d3 showing %d", f, got[1], f+2)
	}
	if d := s.Draws(2); len(d) != 3 || d[0].Sides != 4 || d[1].Sides != 3 || d[2].Sides != 2 {
		t.Fatalf("Draws(2) = %+v, want the shuffle's d4, d3, d2", d)
	}
	if NewUnrecordedStream(Seed{1}).Len() != 0 {
		t.Fatalf("a new unrecorded stream has draws")
	}
	u := NewUnrecordedStream(Seed{1})
	u.Roll(6)
	if u.Len() != 0 {
		t.Fatalf("an unrecorded stream recorded a draw")
	}
}

func TestStream_FacesAreUniform(t *testing.T) {
	s := NewUnrecordedStream(Seed{9})
	var counts [7]int
	const n = 60000
	for range n {
		counts[s.Roll(6)]++
	}
	// Chi-square with 5 degrees of freedom; 20.5 is the 0.001 critical value.
	chi := 0.0
	for f := 1; f <= 6; f++ {
		d := float64(counts[f]) - n/6.0
		chi += d * d / (n / 6.0)
	}
	if chi > 20.5 || counts[0] != 0 {
		t.Fatalf("d6 counts %v: chi-square %.1f > 20.5", counts[1:], chi)
	}
}

func TestParseSeed(t *testing.T) {
	tests := []struct {
		name, in, wantErr string
	}{
		{"full seed", strings.Repeat("ab", 32), ""},
		{"short seed is padded", "01", ""},
		{"odd number of digits", "7", ""},
		{"not hex", "xyz", `seed "xyz": not hexadecimal`}, // as typed, not "0xyz"
		{"too long, odd", strings.Repeat("ab", 33) + "c", `seed "` + strings.Repeat("ab", 33) + `c"`},
		{"too long", strings.Repeat("ab", 33), "want 1 to 32 bytes"},
		{"empty", "", "want 1 to 32 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := ParseSeed(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParseSeed(%q) error = %v, want %q", tt.in, err, tt.wantErr)
				}
				return
			}
			if err != nil || !strings.HasPrefix(s.String(), strings.Repeat("0", len(tt.in)%2)+tt.in) || len(s.String()) != 64 {
				t.Fatalf("ParseSeed(%q) = %s, %v", tt.in, s, err)
			}
		})
	}
}

func TestSeed_CommitmentIsSHA256Hex(t *testing.T) {
	// sha256 of 32 zero bytes.
	const want = "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
	if got := (Seed{}).Commitment(); got != want {
		t.Fatalf("Commitment of the zero seed = %s, want %s", got, want)
	}
}

func TestDerive_DependsOnEveryInput(t *testing.T) {
	base := Derive(Seed{1}, "bot", 0, 0)
	for name, other := range map[string]Seed{
		"seed":   Derive(Seed{2}, "bot", 0, 0),
		"label":  Derive(Seed{1}, "sim", 0, 0),
		"number": Derive(Seed{1}, "bot", 0, 1),
	} {
		if other == base {
			t.Errorf("changing the %s does not change the derived seed", name)
		}
	}
	if Derive(Seed{1}, "bot", 0, 0) != base {
		t.Errorf("Derive is not deterministic")
	}
}
