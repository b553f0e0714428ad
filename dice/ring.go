package dice

import (
	"errors"
	"math/big"
)

// The distribution code is written once over a ring of weights: exact
// integer weights (*big.Int, nil meaning 0) over a common denominator, or
// float64 probabilities with denominator 1. Both rings count their work and
// panic with a sentinel when it runs over budget; Dist recovers it.

// ring is the arithmetic the distribution code needs.
type ring[T any] interface {
	one() T
	fromBig(n *big.Int) T
	// add returns acc+a and mul a*b; addMul returns acc+a*b. They may
	// modify acc, so acc must be an accumulator the caller owns (one
	// returned by a previous add/addMul) or the zero value.
	add(acc, a T) T
	addMul(acc, a, b T) T
	mul(a, b T) T
	isZero(a T) bool
	// exact reports whether the ring is exact: explosions, which are
	// truncated, can only be followed in an inexact ring.
	exact() bool
	// work charges n units of work against the budget: each algorithm
	// charges its operations before doing them.
	work(n float64)
	// support checks that a distribution of n outcomes is within bounds.
	support(n int)
	// ratio returns num[i]/den as weights over a denominator.
	ratio(num []int64, den int64) ([]T, T)
}

var (
	// errInexact asks Dist to redo the computation in floating point.
	errInexact = errors.New("dice: exact distribution too large")
	// errTooLarge means even floating point is over budget.
	errTooLarge = errors.New("distribution too large to compute")
)

// Budgets. An exact operation on big integers costs far more than a float
// one, and its numbers grow with the number of dice.
const (
	exactWork    = 1_500_000
	exactSupport = 1 << 16
	floatWork    = 150_000_000
	floatSupport = 1 << 22
)

// bigRing is exact arithmetic on integer weights.
type bigRing struct {
	ops float64
	tmp big.Int
}

func (r *bigRing) one() *big.Int               { return big.NewInt(1) }
func (r *bigRing) fromBig(n *big.Int) *big.Int { return new(big.Int).Set(n) }
func (r *bigRing) isZero(a *big.Int) bool      { return a == nil || a.Sign() == 0 }
func (r *bigRing) exact() bool                 { return true }

func (r *bigRing) work(n float64) {
	r.ops += n
	if r.ops > exactWork {
		panic(errInexact)
	}
}

func (r *bigRing) support(n int) {
	if n > exactSupport {
		panic(errInexact)
	}
}

// ratio reduces num/den by their greatest common divisor: smaller numbers
// make every later product cheaper.
func (r *bigRing) ratio(num []int64, den int64) ([]*big.Int, *big.Int) {
	g := den
	for _, n := range num {
		g = gcd(g, n)
	}
	w := make([]*big.Int, len(num))
	for i, n := range num {
		if n != 0 {
			w[i] = big.NewInt(n / g)
		}
	}
	return w, big.NewInt(den / g)
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func (r *bigRing) add(acc, a *big.Int) *big.Int {
	if a == nil {
		return acc
	}
	if acc == nil {
		return new(big.Int).Set(a)
	}
	return acc.Add(acc, a)
}

func (r *bigRing) addMul(acc, a, b *big.Int) *big.Int {
	if a == nil || b == nil {
		return acc
	}
	if acc == nil {
		return new(big.Int).Mul(a, b)
	}
	r.tmp.Mul(a, b)
	return acc.Add(acc, &r.tmp)
}

func (r *bigRing) mul(a, b *big.Int) *big.Int {
	if a == nil || b == nil {
		return nil
	}
	return new(big.Int).Mul(a, b)
}

// floatRing is float64 arithmetic on probabilities.
type floatRing struct {
	ops float64
}

func (r *floatRing) one() float64          { return 1 }
func (r *floatRing) isZero(a float64) bool { return a == 0 }
func (r *floatRing) exact() bool           { return false }

func (r *floatRing) fromBig(n *big.Int) float64 {
	f, _ := new(big.Float).SetInt(n).Float64()
	return f
}

func (r *floatRing) work(n float64) {
	r.ops += n
	if r.ops > floatWork {
		panic(errTooLarge)
	}
}

func (r *floatRing) support(n int) {
	if n > floatSupport {
		panic(errTooLarge)
	}
}

func (r *floatRing) ratio(num []int64, den int64) ([]float64, float64) {
	w := make([]float64, len(num))
	for i, n := range num {
		w[i] = float64(n) / float64(den)
	}
	return w, 1
}

func (r *floatRing) add(acc, a float64) float64       { return acc + a }
func (r *floatRing) mul(a, b float64) float64         { return a * b }
func (r *floatRing) addMul(acc, a, b float64) float64 { return acc + a*b }
