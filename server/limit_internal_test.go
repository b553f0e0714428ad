package server

import (
	"strconv"
	"testing"
	"time"
)

// TestRateLimitsBeforeLookups_LimiterMemoryIsBounded gives a limiter whose
// buckets take an hour to refill (tables created per client) more keys than
// it keeps: it never holds more than maxBuckets, though none is idle, and
// a full limiter does not scan all its buckets for every new key.
func TestRateLimitsBeforeLookups_LimiterMemoryIsBounded(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newLimiter(30.0/3600, 30, func() time.Time { return now })
	start := time.Now()
	for i := range maxBuckets + maxBuckets/2 {
		l.allow(strconv.Itoa(i))
		if time.Since(start) > 20*time.Second {
			t.Fatalf("%d keys took over 20 s: a full limiter scans all its buckets for each new key", i)
		}
	}
	if n := len(l.buckets); n > maxBuckets {
		t.Fatalf("the limiter holds %d buckets, more than %d", n, maxBuckets)
	}
}
