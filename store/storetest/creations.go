package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"tabletop/store"
)

// RunCreationCaps checks store.CreationCounter on two stores sharing one
// database (two server instances): creations racing on both never pass the
// cap per client nor the cap in total, a refused creation is not counted,
// each refusal names the cap it hit, and creations older than the window
// no longer count.
//
//	func TestCreationCaps(t *testing.T) {
//		dsn := newDatabase(t)
//		storetest.RunCreationCaps(t, mustOpen(t, dsn), mustOpen(t, dsn))
//	}
func RunCreationCaps(t *testing.T, a, b store.Store) {
	ca, ok := a.(store.CreationCounter)
	if !ok {
		t.Fatalf("%T counts no creations (store.CreationCounter)", a)
	}
	cb, ok := b.(store.CreationCounter)
	if !ok {
		t.Fatalf("%T counts no creations (store.CreationCounter)", b)
	}
	const perClient, total, racers = 5, 8, 12
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	// race has racers creations on each store at once, by the clients
	// client(i), and returns how many were counted; every refusal must be
	// want.
	race := func(client func(i int) string, want error) int {
		t.Helper()
		var wg sync.WaitGroup
		errs := make([]error, 2*racers)
		start := make(chan struct{})
		for i := range errs {
			c := []store.CreationCounter{ca, cb}[i%2]
			wg.Go(func() {
				<-start
				errs[i] = c.CountCreation(context.Background(), client(i), now, perClient, total)
			})
		}
		close(start)
		wg.Wait()
		counted := 0
		for i, err := range errs {
			switch {
			case err == nil:
				counted++
			case !errors.Is(err, want):
				t.Fatalf("creation %d by %s = %v, want nil or %v", i, client(i), err, want)
			}
		}
		return counted
	}
	if n := race(func(int) string { return "a" }, store.ErrClientCap); n != perClient {
		t.Fatalf("%d racing creations by one client on two stores: %d counted, want the cap per client, %d", 2*racers, n, perClient)
	}
	if n := race(func(i int) string { return fmt.Sprint("b", i) }, store.ErrTotalCap); n != total-perClient {
		t.Fatalf("%d racing creations by as many clients after %d: %d counted, want %d (the cap in total, %d, less those)",
			2*racers, perClient, n, total-perClient, total)
	}
	// The refused creations were not counted: exactly total were, so a cap
	// one higher lets exactly one more in.
	if err := ca.CountCreation(context.Background(), "d", now, perClient, total+1); err != nil {
		t.Fatalf("creation under a cap in total one above the %d counted = %v, want nil: were refused creations counted?", total, err)
	}
	if err := cb.CountCreation(context.Background(), "e", now, perClient, total+1); !errors.Is(err, store.ErrTotalCap) {
		t.Fatalf("creation past a cap in total of %d = %v, want ErrTotalCap", total+1, err)
	}
	now = now.Add(store.CreationWindow)
	if err := cb.CountCreation(context.Background(), "a", now, perClient, total); err != nil {
		t.Fatalf("creation by a client at its cap, once the window has passed = %v, want nil", err)
	}
	for i := range perClient - 1 {
		if err := ca.CountCreation(context.Background(), "a", now, perClient, total); err != nil {
			t.Fatalf("creation %d by the client in the new window = %v, want nil", i+2, err)
		}
	}
	if err := ca.CountCreation(context.Background(), "a", now, perClient, total); !errors.Is(err, store.ErrClientCap) {
		t.Fatalf("creation past the cap in the new window = %v, want ErrClientCap", err)
	}
}
