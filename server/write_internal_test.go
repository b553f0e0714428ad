package server

import (
	"testing"
	"time"
)

// TestWriteContext_SharedForASecondWithADeadlineAndNeverCancelledEarly
// checks the context of store writes: writes close together share one, its
// deadline is storeWriteTimeout to a second more ahead, and making the next
// one leaves the last one running for the writes still using it.
func TestWriteContext_SharedForASecondWithADeadlineAndNeverCancelledEarly(t *testing.T) {
	var s Server
	start := time.Now()
	first := s.writeContext()
	deadline, ok := first.Deadline()
	if lo, hi := start.Add(storeWriteTimeout), time.Now().Add(storeWriteTimeout+time.Second); !ok || deadline.Before(lo) || deadline.After(hi) {
		t.Fatalf("deadline %v (set %v), want between %v and %v", deadline, ok, lo, hi)
	}
	if again := s.writeContext(); again != first {
		t.Errorf("a write right after made another context")
	}
	s.writes.until = time.Now() // a second has passed
	next := s.writeContext()
	if next == first {
		t.Errorf("a write a second later got the same context")
	}
	if first.Err() != nil || next.Err() != nil {
		t.Errorf("contexts ended early: %v, %v", first.Err(), next.Err())
	}
}
