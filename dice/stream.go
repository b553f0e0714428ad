package dice

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	mrand "math/rand/v2"
)

// SeedSize is the length in bytes of a stream seed.
const SeedSize = 32

// Seed is the secret from which a table's dice stream is generated.
// A table publishes Commitment(seed) when it opens and reveals the seed when it ends.
type Seed [SeedSize]byte

// NewSeed returns a fresh seed from crypto/rand.
func NewSeed() Seed {
	var s Seed
	if _, err := rand.Read(s[:]); err != nil {
		// crypto/rand never fails on supported platforms (Go 1.24+ crashes instead).
		panic("dice: crypto/rand: " + err.Error())
	}
	return s
}

// ParseSeed decodes a seed written as 64 hexadecimal digits. A shorter hex string
// is accepted for convenience (tests, --seed flags) and is zero-padded on the right.
func ParseSeed(s string) (Seed, error) {
	var seed Seed
	digits := s
	if len(digits)%2 == 1 {
		digits = "0" + digits // "7" means the byte 07
	}
	// The errors quote s as it was typed, not the padded digits.
	b, err := hex.DecodeString(digits)
	if err != nil {
		return seed, fmt.Errorf("dice: seed %q: not hexadecimal", s)
	}
	if len(b) == 0 || len(b) > SeedSize {
		return seed, fmt.Errorf("dice: seed %q: want 1 to %d bytes of hex, got %d", s, SeedSize, len(b))
	}
	copy(seed[:], b)
	return seed, nil
}

// String returns the seed as 64 hexadecimal digits.
func (s Seed) String() string { return hex.EncodeToString(s[:]) }

// Commitment returns hex(sha256(seed)): published before play so that the seed,
// revealed after play, can be checked against it.
func (s Seed) Commitment() string {
	sum := sha256.Sum256(s[:])
	return hex.EncodeToString(sum[:])
}

// Draw is one die handed out by a Stream: a die with Sides faces showing Face (1..Sides).
// Fudge dice are drawn as 3-sided dice (1 = [-], 2 = [_], 3 = [+]).
type Draw struct {
	Sides int `json:"sides"`
	Face  int `json:"face"`
}

// Stream is a seeded source of die faces (ChaCha8) that records every face it hands out.
// A Stream is not safe for concurrent use.
type Stream struct {
	src    *mrand.ChaCha8
	rng    *mrand.Rand
	record bool
	draws  []Draw
	arena  arena // blocks that Expr.Roll carves its results from (eval.go)
}

// NewStream returns a stream generated from seed, recording every draw.
func NewStream(seed Seed) *Stream {
	src := mrand.NewChaCha8(seed)
	return &Stream{src: src, rng: mrand.New(src), record: true}
}

// NewUnrecordedStream returns a stream that does not keep its draws: for bots'
// search and batch simulation, where nobody will check the faces afterwards.
func NewUnrecordedStream(seed Seed) *Stream {
	s := NewStream(seed)
	s.record = false
	return s
}

// Reseed starts the stream over from seed, as NewStream(seed) would (or
// NewUnrecordedStream, as the stream was made), forgetting its draws but
// keeping its memory: a simulation reseeds its streams for every game
// instead of making new ones.
func (s *Stream) Reseed(seed Seed) {
	s.src.Seed(seed)
	s.draws = s.draws[:0]
}

// Roll draws one die with the given number of sides and returns its face, 1..sides.
// It panics if sides < 1: callers validate die sizes before rolling.
func (s *Stream) Roll(sides int) int {
	face := 1 + s.rng.IntN(sides)
	if s.record {
		s.draws = append(s.draws, Draw{Sides: sides, Face: face})
	}
	return face
}

// Fudge draws one Fudge die: -1, 0 or +1 ([-], [_], [+]).
func (s *Stream) Fudge() int { return s.Roll(3) - 2 }

// Fudges draws n Fudge dice and returns them.
func (s *Stream) Fudges(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = s.Fudge()
	}
	return out
}

// Len reports how many draws the stream has recorded.
func (s *Stream) Len() int { return len(s.draws) }

// Draws returns the draws recorded since index from (a copy).
func (s *Stream) Draws(from int) []Draw {
	if from >= len(s.draws) {
		return nil
	}
	return append([]Draw(nil), s.draws[from:]...)
}

// Shuffle permutes n items with Fisher-Yates, drawing each swap as a die so that
// the shuffle is recorded and verifiable like any other roll.
func (s *Stream) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		j := s.Roll(i+1) - 1
		swap(i, j)
	}
}

// FudgeSymbol renders a Fudge face as players write it: [+], [_] or [-].
func FudgeSymbol(v int) string {
	switch {
	case v > 0:
		return "[+]"
	case v < 0:
		return "[-]"
	}
	return "[_]"
}

// Derive returns a seed derived from seed, a label and some numbers, as
// sha256(seed || label || numbers). Tables use it to give bots and simulated
// games streams of their own that still follow from the one seed.
func Derive(seed Seed, label string, nums ...uint64) Seed {
	h := sha256.New()
	h.Write(seed[:])
	h.Write([]byte(label))
	var buf [8]byte
	for _, n := range nums {
		binary.BigEndian.PutUint64(buf[:], n)
		h.Write(buf[:])
	}
	var out Seed
	h.Sum(out[:0])
	return out
}

// streamFormat starts a stream written by MarshalBinary: a format byte, a
// byte saying whether the stream records its draws, then the generator's
// own MarshalBinary.
const streamFormat = 1

// MarshalBinary writes the stream's position: what it will draw next and
// whether it records. The draws already recorded are not written; a stream
// read back by RestoreStream starts with none.
func (s *Stream) MarshalBinary() ([]byte, error) {
	g, err := s.src.MarshalBinary()
	if err != nil {
		return nil, err
	}
	rec := byte(0)
	if s.record {
		rec = 1
	}
	return append([]byte{streamFormat, rec}, g...), nil
}

// RestoreStream reads a stream written by MarshalBinary: it draws from
// there exactly what the written stream would have drawn.
func RestoreStream(b []byte) (*Stream, error) {
	if len(b) < 2 || b[0] != streamFormat || b[1] > 1 {
		return nil, errors.New("dice: not a saved dice stream")
	}
	src := new(mrand.ChaCha8)
	if err := src.UnmarshalBinary(b[2:]); err != nil {
		return nil, fmt.Errorf("dice: saved dice stream: %w", err)
	}
	return &Stream{src: src, rng: mrand.New(src), record: b[1] == 1}, nil
}
