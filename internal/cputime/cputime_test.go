package cputime_test

import (
	"errors"
	"testing"
	"time"

	"tabletop/internal/cputime"
)

// TestProcess_CountsTheWorkOfEveryGoroutine: the CPU time grows while
// another goroutine works.
func TestProcess_CountsTheWorkOfEveryGoroutine(t *testing.T) {
	before, err := cputime.Process()
	if errors.Is(err, errors.ErrUnsupported) {
		t.Skip("the CPU time is not read here")
	}
	if err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
		}
	}()
	// The machine may be busy: the spinning goroutine gets 20 ms of CPU
	// sooner or later. The reads, 5 ms apart, cost microseconds.
	const want = 20 * time.Millisecond
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		now, err := cputime.Process()
		if err != nil {
			t.Fatal(err)
		}
		if now-before >= want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("Process grew by %v in 5 s of busy work on another goroutine, want %v", now-before, want)
		}
	}
}
