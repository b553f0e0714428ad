package sim

import (
	"math"
	"testing"
)

// TestWilson_TheIntervalStaysWithinZeroAndOneAndNeverShrinksToAPoint: a
// share of 1 in 5 games is 56.6% to 100% (the Wilson score interval), 0 is
// 0% to 43.4%, and a half of 1,000 is about ± 3.1%, as the normal
// interval gives.
func TestWilson_TheIntervalStaysWithinZeroAndOneAndNeverShrinksToAPoint(t *testing.T) {
	for _, tc := range []struct{ p, n, lo, hi float64 }{
		{1, 5, 0.5655, 1},
		{0, 5, 0, 0.4345},
		{0.5, 1000, 0.4691, 0.5309},
	} {
		lo, hi := wilson(tc.p, tc.n)
		if math.Abs(lo-tc.lo) > 5e-4 || math.Abs(hi-tc.hi) > 5e-4 {
			t.Errorf("wilson(%v, %v) = %.4f to %.4f, want %.4f to %.4f", tc.p, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}
