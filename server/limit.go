package server

import (
	"sync"
	"time"
)

// limiter is a token bucket per key (a client address or a seat): each key
// may make burst requests at once and rate per second after that.
type limiter struct {
	rate  float64
	burst float64
	now   func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

// maxBuckets bounds the limiter's memory; when it is reached, buckets that
// have refilled completely (idle keys) are dropped, and if too few have,
// others at random.
const maxBuckets = 100_000

func newLimiter(rate float64, burst int, now func() time.Time) *limiter {
	return &limiter{rate: rate, burst: float64(burst), now: now, buckets: make(map[string]*bucket)}
}

// allow takes one token from key's bucket and reports whether there was one.
func (l *limiter) allow(key string) bool {
	if l == nil || l.rate <= 0 {
		return true
	}
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= maxBuckets {
			l.prune(now)
			// If too few were idle (slow refills, many keys), drop buckets
			// at random down to seven eighths, which gives those keys full
			// buckets again: memory stays bounded, and the next full scan
			// is an eighth of maxBuckets new keys away.
			for k := range l.buckets {
				if len(l.buckets) <= maxBuckets*7/8 {
					break
				}
				delete(l.buckets, k)
			}
		}
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

func (l *limiter) prune(now time.Time) {
	full := time.Duration(l.burst / l.rate * float64(time.Second))
	for k, b := range l.buckets {
		if now.Sub(b.last) >= full {
			delete(l.buckets, k)
		}
	}
}
