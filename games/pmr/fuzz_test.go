package pmr

import (
	"slices"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// FuzzPlay drives a game with a byte string: its first byte picks the
// table's options (tournaments every 1 to 3 turns, retirement at 6 to 10,
// shared wins or not), then each pair of bytes picks a seat
// (including seats that do not exist) and either one of its legal actions or
// one of a set of malformed ones. Nothing may panic, a refused action must
// change nothing, an accepted one must have been legal for its seat, and
// Pending, Legal and Outcome must stay consistent.
func FuzzPlay(f *testing.F) {
	for _, seed := range [][]byte{
		{0, 0, 1, 0, 2, 0},
		[]byte("capture train breed enter choose 0123456789abcdef"),
		{3, 200, 1, 17, 0, 255, 2, 3, 9, 9, 9, 9, 1, 1, 0, 0},
		{0, 1, 0, 1, 136}, // standard options; Ann captures, then captures again once sealed
	} {
		f.Add(seed)
		f.Add(append([]byte{0x80 | 7}, seed...)) // other options
	}
	bad := []engine.Action{
		nil, Capture{}, Train{}, Train{Monster: 1, Ability: Random}, Train{Monster: -3, Ability: 9},
		Breed{A: 1, B: 1}, Breed{A: 1, B: 2}, Breed{A: 0, B: 99}, Enter{}, Enter{Monster: 1},
		Choose{}, Choose{Ability: Random}, Choose{Ability: Speed}, (*Train)(nil), &Enter{Monster: 2},
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var o byte
		if len(data) > 0 {
			o, data = data[0], data[1:]
		}
		opts := Options{Turns: 6, Every: 1 + int(o%3), RetireAge: 6 + int(o/3%5), SoleWinner: o&0x80 != 0}
		s := mustNewWith(t, opts, "Ann", "Bob", "Cid")
		d := dice.NewUnrecordedStream(dice.Seed{7})
		for i := 0; i+1 < len(data); i += 2 {
			p := engine.Seat(int(data[i]%5) - 1)
			pending := s.Pending()
			_, over := s.Outcome()
			if over != (len(pending) == 0) {
				t.Fatalf("over=%v with pending %v", over, pending)
			}
			legal := s.Legal(p)
			var a engine.Action
			if k := int(data[i+1]); k < 128 && len(legal) > 0 {
				a = legal[k%len(legal)]
			} else {
				a = bad[k%len(bad)]
			}
			before := snapshot(t, s)
			_, err := s.Apply(p, a, d)
			if err != nil {
				if !engine.IsRefusal(err) {
					t.Fatalf("%s %v: error %v is not a refusal", p, a, err)
				}
				if after := snapshot(t, s); after != before {
					t.Fatalf("refused %v by %s changed the state", a, p)
				}
				continue
			}
			// Accepted: it must have been one of the seat's legal actions
			// (so a seat that need not act has none to be accepted).
			if !slices.Contains(legal, deref(a)) {
				t.Fatalf("accepted %v from %s, which is not among its legal actions %v", a, p, legal)
			}
		}
	})
}
