package dice

import (
	"bytes"
	"testing"
)

func TestRestoreStream_DrawsWhatTheSavedStreamWouldHave(t *testing.T) {
	s := NewStream(Seed{1, 2, 3})
	for range 37 {
		s.Roll(6)
	}
	saved, err := s.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	back, err := RestoreStream(saved)
	if err != nil {
		t.Fatal(err)
	}
	if back.Len() != 0 {
		t.Errorf("a restored stream has %d draws recorded, want 0", back.Len())
	}
	for i := range 200 {
		if a, b := s.Roll(20), back.Roll(20); a != b {
			t.Fatalf("draw %d after restoring: %d, want %d", i, b, a)
		}
	}
	if back.Len() != 200 {
		t.Errorf("a restored recording stream recorded %d draws, want 200", back.Len())
	}
	again, _ := back.MarshalBinary()
	now, _ := s.MarshalBinary()
	if !bytes.Equal(again, now) {
		t.Errorf("two streams at the same position write different bytes")
	}
}

func TestRestoreStream_KeepsUnrecorded(t *testing.T) {
	saved, _ := NewUnrecordedStream(Seed{9}).MarshalBinary()
	back, err := RestoreStream(saved)
	if err != nil {
		t.Fatal(err)
	}
	back.Roll(6)
	if back.Len() != 0 {
		t.Errorf("a restored unrecorded stream recorded a draw")
	}
}

func TestRestoreStream_RejectsDamagedData(t *testing.T) {
	saved, _ := NewStream(Seed{4}).MarshalBinary()
	for _, b := range [][]byte{nil, {1}, {2, 0}, {1, 7}, saved[:len(saved)-1], append(append([]byte{}, saved...), 0)} {
		if _, err := RestoreStream(b); err == nil {
			t.Errorf("RestoreStream(%x) accepted damaged data", b)
		}
	}
}
