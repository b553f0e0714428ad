package dice

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"sort"
)

// Truncation is the most probability mass a distribution may leave out when
// it follows explosions, which have no last face: Dist follows them until
// the mass of the longer chains is below it (or MaxExplode deep).
const Truncation = 1e-12

// Dist is the probability distribution of an expression's value.
type Dist struct {
	Min, Max int // smallest and largest value with P > 0 (of those followed)

	outcomes  []Outcome
	atLeast   []float64 // P(value >= outcomes[i].Value)
	atMost    []float64 // P(value <= outcomes[i].Value)
	exact     bool
	truncated float64
	depth     int
	mean, sd  float64
	meanRat   *big.Rat
}

// Outcome is one value of a distribution and its probability.
type Outcome struct {
	Value int
	P     float64
	Rat   *big.Rat // the exact probability; nil unless the distribution is exact
}

// Outcomes returns every value with P > 0, in increasing order. The slice
// and its rationals are shared: do not modify them.
func (d *Dist) Outcomes() []Outcome { return d.outcomes }

// Exact reports whether the probabilities are exact rationals: no
// explosions, and small enough to compute with integers.
func (d *Dist) Exact() bool { return d.exact }

// Truncated returns the probability mass left out by following explosions
// only so far: the probabilities sum to 1 minus it. It is 0 unless the
// expression explodes.
func (d *Dist) Truncated() float64 { return d.truncated }

// ExplodeDepth returns how many explosions per die the distribution
// followed: 0 without explosions, MaxExplode when it followed them as far as
// a roll does.
func (d *Dist) ExplodeDepth() int { return d.depth }

// Mean returns the expected value.
func (d *Dist) Mean() float64 { return d.mean }

// MeanRat returns the exact expected value, or nil if the distribution is
// not exact.
func (d *Dist) MeanRat() *big.Rat {
	if d.meanRat == nil {
		return nil
	}
	return new(big.Rat).Set(d.meanRat)
}

// StdDev returns the standard deviation.
func (d *Dist) StdDev() float64 { return d.sd }

// index returns the index of value v in the outcomes, or -1.
func (d *Dist) index(v int) int {
	i := sort.Search(len(d.outcomes), func(i int) bool { return d.outcomes[i].Value >= v })
	if i < len(d.outcomes) && d.outcomes[i].Value == v {
		return i
	}
	return -1
}

// P returns the probability that the value is v.
func (d *Dist) P(v int) float64 {
	if i := d.index(v); i >= 0 {
		return d.outcomes[i].P
	}
	return 0
}

// Rat returns the exact probability that the value is v, or nil if the
// distribution is not exact.
func (d *Dist) Rat(v int) *big.Rat {
	if !d.exact {
		return nil
	}
	if i := d.index(v); i >= 0 {
		return new(big.Rat).Set(d.outcomes[i].Rat)
	}
	return new(big.Rat)
}

// AtLeast returns the probability that the value is v or more.
func (d *Dist) AtLeast(v int) float64 {
	i := sort.Search(len(d.outcomes), func(i int) bool { return d.outcomes[i].Value >= v })
	if i == len(d.outcomes) {
		return 0
	}
	return d.atLeast[i]
}

// AtMost returns the probability that the value is v or less.
func (d *Dist) AtMost(v int) float64 {
	i := sort.Search(len(d.outcomes), func(i int) bool { return d.outcomes[i].Value > v })
	if i == 0 {
		return 0
	}
	return d.atMost[i-1]
}

// AtLeastRat returns the exact probability that the value is v or more, or
// nil if the distribution is not exact.
func (d *Dist) AtLeastRat(v int) *big.Rat {
	if !d.exact {
		return nil
	}
	sum := new(big.Rat)
	for _, o := range d.outcomes {
		if o.Value >= v {
			sum.Add(sum, o.Rat)
		}
	}
	return sum
}

// Dist computes the distribution of the expression's value (see the package
// documentation for how). It fails only when the distribution is too large
// to compute within a fixed budget of work and memory, with an error that
// says so rather than running for long.
func (e *Expr) Dist() (*Dist, error) {
	eps := Truncation / float64(max(1, explodingDice(e.root)))
	if w, err := compute(&bigRing{}, e.root, eps); err == nil {
		return exactDist(w), nil
	}
	w, err := compute(&floatRing{}, e.root, eps)
	if err != nil {
		return nil, fmt.Errorf("dice: %s: %w", e.text, err)
	}
	return floatDist(w), nil
}

// explodingDice counts the dice of the expression that may explode.
func explodingDice(n node) int {
	switch n := n.(type) {
	case *negNode:
		return explodingDice(n.x)
	case *binNode:
		return explodingDice(n.x) + explodingDice(n.y)
	case *checkNode:
		return explodingDice(n.x)
	case *diceNode:
		if n.explode.op != cmpNone {
			return n.count
		}
	}
	return 0
}

// compute runs distOf, turning a budget panic into an error.
func compute[T any, R ring[T]](r R, root node, eps float64) (w *wdist[T], err error) {
	defer func() {
		if x := recover(); x != nil {
			if e, ok := x.(error); ok && (errors.Is(e, errInexact) || errors.Is(e, errTooLarge)) {
				err = e
				return
			}
			panic(x)
		}
	}()
	return distOf(r, root, eps), nil
}

// wdist is a distribution with weights in a ring: vals[i] has probability
// w[i]/den. Values increase and no weight is zero. Weights may be shared
// between distributions and are never modified.
type wdist[T any] struct {
	vals  []int
	w     []T
	den   T
	trunc float64 // probability mass left out
	depth int     // explosions followed per die
}

func point[T any, R ring[T]](r R, v int) *wdist[T] {
	return &wdist[T]{vals: []int{v}, w: []T{r.one()}, den: r.one()}
}

// distOf computes the distribution of a tree.
func distOf[T any, R ring[T]](r R, n node, eps float64) *wdist[T] {
	switch n := n.(type) {
	case *numNode:
		return point(r, n.val)
	case *negNode:
		a := distOf(r, n.x, eps)
		k := len(a.vals)
		out := &wdist[T]{vals: make([]int, k), w: make([]T, k), den: a.den, trunc: a.trunc, depth: a.depth}
		for i := range k {
			out.vals[i], out.w[i] = -a.vals[k-1-i], a.w[k-1-i]
		}
		return out
	case *binNode:
		return combine(r, distOf(r, n.x, eps), distOf(r, n.y, eps), n.op)
	case *checkNode:
		return remap(r, distOf(r, n.x, eps), func(v int) int { return b2i(n.c.match(v)) })
	case *diceNode:
		return groupDist(r, n, eps)
	}
	panic(fmt.Sprintf("dice: unknown node %T", n))
}

// accumulator sums weights by value: densely when the range of values is
// small enough, otherwise in a map.
type accumulator[T any] struct {
	lo     int
	dense  []T
	sparse map[int]T
}

// denseRange is the widest range of values accumulated densely.
const denseRange = 1 << 22

func newAccumulator[T any](lo, hi int) *accumulator[T] {
	if hi-lo < denseRange {
		return &accumulator[T]{lo: lo, dense: make([]T, hi-lo+1)}
	}
	return &accumulator[T]{sparse: map[int]T{}}
}

func (a *accumulator[T]) get(v int) T {
	if a.dense != nil {
		return a.dense[v-a.lo]
	}
	return a.sparse[v]
}

func (a *accumulator[T]) set(v int, w T) {
	if a.dense != nil {
		a.dense[v-a.lo] = w
	} else {
		a.sparse[v] = w
	}
}

// dist returns the accumulated weights as a distribution over den.
func accumulated[T any, R ring[T]](r R, a *accumulator[T], den T) *wdist[T] {
	out := &wdist[T]{den: den}
	if a.dense != nil {
		for i, w := range a.dense {
			if !r.isZero(w) {
				out.vals = append(out.vals, a.lo+i)
				out.w = append(out.w, w)
			}
		}
	} else {
		for v, w := range a.sparse {
			if !r.isZero(w) {
				out.vals = append(out.vals, v)
			}
		}
		slices.Sort(out.vals)
		out.w = make([]T, len(out.vals))
		for i, v := range out.vals {
			out.w[i] = a.sparse[v]
		}
	}
	r.support(len(out.vals))
	return out
}

// apply is the arithmetic of a binNode on two values.
func apply(op byte, x, y int) int {
	switch op {
	case '+':
		return x + y
	case '-':
		return x - y
	case '*':
		return x * y
	}
	return x / y
}

// combine returns the distribution of x op y for independent x and y, going
// over every pair of values (a convolution for + and -).
func combine[T any, R ring[T]](r R, a, b *wdist[T], op byte) *wdist[T] {
	r.work(float64(len(a.vals)) * float64(len(b.vals)))
	// Each operation is monotonic in each argument over the ranges the
	// parser allows (no divisor range contains 0), so the extremes are at
	// the corners.
	lo, hi := math.MaxInt, math.MinInt
	for _, x := range [2]int{a.vals[0], a.vals[len(a.vals)-1]} {
		for _, y := range [2]int{b.vals[0], b.vals[len(b.vals)-1]} {
			v := apply(op, x, y)
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	acc := newAccumulator[T](lo, hi)
	if op == '+' && acc.dense != nil {
		b0 := b.vals[0]
		for i, x := range a.vals {
			out := acc.dense[x+b0-lo:]
			for j, y := range b.vals {
				out[y-b0] = r.addMul(out[y-b0], a.w[i], b.w[j])
			}
		}
	} else {
		for i, x := range a.vals {
			for j, y := range b.vals {
				v := apply(op, x, y)
				acc.set(v, r.addMul(acc.get(v), a.w[i], b.w[j]))
			}
		}
	}
	out := accumulated(r, acc, r.mul(a.den, b.den))
	out.trunc = a.trunc + b.trunc - a.trunc*b.trunc
	out.depth = max(a.depth, b.depth)
	return out
}

// power returns the distribution of the sum of n independent copies of a.
func power[T any, R ring[T]](r R, a *wdist[T], n int) *wdist[T] {
	acc := a
	for range n - 1 {
		acc = combine(r, acc, a, '+')
	}
	return acc
}

// remap returns the distribution of f(x).
func remap[T any, R ring[T]](r R, a *wdist[T], f func(int) int) *wdist[T] {
	r.work(float64(len(a.vals)))
	lo, hi := math.MaxInt, math.MinInt
	for _, v := range a.vals {
		lo, hi = min(lo, f(v)), max(hi, f(v))
	}
	acc := newAccumulator[T](lo, hi)
	for i, v := range a.vals {
		acc.set(f(v), r.add(acc.get(f(v)), a.w[i]))
	}
	out := accumulated(r, acc, a.den)
	out.trunc, out.depth = a.trunc, a.depth
	return out
}

// dieDist returns the distribution of the face that stands on one die of
// group d: each face equally likely, then a face meeting the reroll trigger
// replaced once by a fresh face. With s faces of which m reroll, a face has
// probability [not rerolled]/s + (m/s)(1/s) = ([not rerolled]*s + m)/s^2.
func dieDist[T any, R ring[T]](r R, d *diceNode) *wdist[T] {
	faces := d.faces()
	s := int64(len(faces))
	num := make([]int64, len(faces))
	den := s
	if d.reroll.op == cmpNone {
		for i := range num {
			num[i] = 1
		}
	} else {
		var m int64
		for _, f := range faces {
			if d.reroll.match(f) {
				m++
			}
		}
		den = s * s
		for i, f := range faces {
			num[i] = m
			if !d.reroll.match(f) {
				num[i] += s
			}
		}
	}
	r.work(float64(len(faces)))
	r.support(len(faces))
	w, dw := r.ratio(num, den)
	return &wdist[T]{vals: faces, w: w, den: dw}
}

// groupDist returns the distribution of a group's value.
func groupDist[T any, R ring[T]](r R, d *diceNode, eps float64) *wdist[T] {
	die := dieDist(r, d)
	value := func(f int) int { return f }
	if d.success.op != cmpNone {
		value = func(f int) int {
			if d.success.match(f) {
				return 1
			}
			return 0
		}
	}
	switch {
	case d.keep != keepAll:
		return keepDist(r, d, die, value)
	case d.explode.op != cmpNone:
		if r.exact() {
			panic(errInexact)
		}
		fr := any(r).(*floatRing)
		chain := explodeChain(fr, d, any(die).(*wdist[float64]), value, eps)
		return power(r, any(chain).(*wdist[T]), d.count)
	case d.success.op != cmpNone:
		return power(r, remap(r, die, value), d.count)
	}
	return power(r, die, d.count)
}

// explodeChain returns the distribution of the value of one exploding die
// and the dice its explosions add: with E the faces that explode and N those
// that do not, sum over k of E^k * N (k explosions, then a face that stands),
// followed until the mass of E^k is below eps, or to k = MaxExplode where
// the roller lets any face stand: E^MaxExplode * (E+N).
func explodeChain(r *floatRing, d *diceNode, die *wdist[float64], value func(int) int, eps float64) *wdist[float64] {
	var e, n wdist[float64]
	for i, f := range die.vals {
		part := &n
		if d.explode.match(f) {
			part = &e
		}
		part.vals = append(part.vals, f)
		part.w = append(part.w, die.w[i])
	}
	e.den, n.den = 1, 1
	ev, nv, all := remap(r, &e, value), remap(r, &n, value), remap(r, die, value)
	var parts []*wdist[float64]
	cur := point(r, 0) // E^k
	depth := 0
	trunc := 0.0
	for k := 0; ; k++ {
		if k == MaxExplode {
			parts = append(parts, combine(r, cur, all, '+'))
			depth = k
			break
		}
		parts = append(parts, combine(r, cur, nv, '+'))
		cur = combine(r, cur, ev, '+')
		mass := 0.0
		for _, w := range cur.w {
			mass += w
		}
		if mass < eps {
			depth, trunc = k, mass
			break
		}
	}
	lo, hi := math.MaxInt, math.MinInt
	for _, p := range parts {
		lo, hi = min(lo, p.vals[0]), max(hi, p.vals[len(p.vals)-1])
		r.work(float64(len(p.vals)))
	}
	acc := newAccumulator[float64](lo, hi)
	for _, p := range parts {
		for i, v := range p.vals {
			acc.set(v, acc.get(v)+p.w[i])
		}
	}
	out := accumulated(r, acc, 1)
	out.trunc, out.depth = trunc, depth
	return out
}

// keepDist returns the distribution of a group with keep/drop: the sum (or
// success count, through value) of the k dice kept from the high or the low
// end. It never enumerates the rolls. Going over the faces from the kept end,
// it tracks states (m dice placed so far, t = value of the kept ones): c of
// the n-m remaining dice show the next face in C(n-m, c) q^c ways (q its
// weight). Once m reaches k the kept value is settled and the rest of the
// dice may show any later face, (sum of later weights)^(n-m) ways, so those
// states leave the table at once. That is O(faces * k * (k * values + n))
// operations: 20d6kh3 needs a few thousand.
func keepDist[T any, R ring[T]](r R, d *diceNode, die *wdist[T], value func(int) int) *wdist[T] {
	n := d.count
	k := d.kept()
	high := d.keep == keepHighest || d.keep == dropLowest
	order := make([]int, len(die.vals)) // indices into die, kept end first
	for i := range order {
		order[i] = i
		if high {
			order[i] = len(order) - 1 - i
		}
	}
	vlo, vhi := 0, 0
	for _, f := range die.vals {
		vlo, vhi = min(vlo, value(f)), max(vhi, value(f))
	}
	tlo, tn := k*vlo, k*(vhi-vlo)+1 // range of t
	// In float64: the product can overflow an int for absurd inputs.
	r.work(float64(len(order)) * (float64(k)*float64(n) + float64(k)*float64(k)*float64(tn)))

	// binom[m][c] = C(n-m, c) for m < k.
	binom := make([][]T, k)
	c := new(big.Int)
	for m := range k {
		j := n - m
		binom[m] = make([]T, j+1)
		c.SetInt64(1)
		for i := 0; i <= j; i++ {
			binom[m][i] = r.fromBig(c)
			c.Mul(c, big.NewInt(int64(j-i)))
			c.Quo(c, big.NewInt(int64(i+1)))
		}
	}
	// rest[i] = total weight of the faces after order[i].
	rest := make([]T, len(order))
	var zero, sum T
	for i := len(order) - 1; i >= 0; i-- {
		rest[i] = sum
		sum = r.add(r.add(zero, sum), die.w[order[i]]) // a copy: rest[i] keeps its value
	}

	cur := make([][]T, k) // cur[m][t-tlo], m < k
	for m := range cur {
		cur[m] = make([]T, tn)
	}
	cur[0][-tlo] = r.one()
	done := newAccumulator[T](tlo, tlo+tn-1)
	qpow := make([]T, n+1)
	rpow := make([]T, n+1)
	for oi, fi := range order {
		v := value(die.vals[fi])
		powers(r, qpow, die.w[fi])
		powers(r, rpow, rest[oi])
		next := make([][]T, k)
		for m := range next {
			next[m] = make([]T, tn)
		}
		for m := range k {
			// settle = sum over c >= k-m of C(n-m, c) q^c rest^(n-m-c): the
			// ways this face fills the kept dice.
			var settle T
			for c := k - m; c <= n-m; c++ {
				settle = r.add(settle, r.mul(r.mul(binom[m][c], qpow[c]), rpow[n-m-c]))
			}
			for ti, w := range cur[m] {
				if r.isZero(w) {
					continue
				}
				t := ti + tlo
				for c := 0; c < k-m; c++ {
					t2 := t + c*v
					next[m+c][t2-tlo] = r.addMul(next[m+c][t2-tlo], w, r.mul(binom[m][c], qpow[c]))
				}
				t2 := t + (k-m)*v
				done.set(t2, r.addMul(done.get(t2), w, settle))
			}
		}
		cur = next
	}
	return accumulated(r, done, powerOf(r, die.den, n))
}

// powers fills p with q^0, q^1, ...
func powers[T any, R ring[T]](r R, p []T, q T) {
	p[0] = r.one()
	for i := 1; i < len(p); i++ {
		p[i] = r.mul(p[i-1], q)
	}
}

func powerOf[T any, R ring[T]](r R, q T, n int) T {
	p := r.one()
	for range n {
		p = r.mul(p, q)
	}
	return p
}

// exactDist builds a Dist from exact weights.
func exactDist(w *wdist[*big.Int]) *Dist {
	d := &Dist{exact: true}
	n := len(w.vals)
	d.outcomes = make([]Outcome, n)
	d.atLeast = make([]float64, n)
	d.atMost = make([]float64, n)
	cum := new(big.Int)
	meanNum, sqNum := new(big.Int), new(big.Int)
	tmp, bv := new(big.Int), new(big.Int)
	for i, v := range w.vals {
		p := new(big.Rat).SetFrac(w.w[i], w.den)
		f, _ := p.Float64()
		d.outcomes[i] = Outcome{Value: v, P: f, Rat: p}
		cum.Add(cum, w.w[i])
		d.atMost[i], _ = new(big.Rat).SetFrac(cum, w.den).Float64()
		bv.SetInt64(int64(v))
		tmp.Mul(bv, w.w[i])
		meanNum.Add(meanNum, tmp)
		tmp.Mul(tmp, bv)
		sqNum.Add(sqNum, tmp)
	}
	cum.SetInt64(0)
	for i := n - 1; i >= 0; i-- {
		cum.Add(cum, w.w[i])
		d.atLeast[i], _ = new(big.Rat).SetFrac(cum, w.den).Float64()
	}
	d.meanRat = new(big.Rat).SetFrac(meanNum, w.den)
	d.mean, _ = d.meanRat.Float64()
	// Var = E[X^2] - E[X]^2.
	variance := new(big.Rat).SetFrac(sqNum, w.den)
	variance.Sub(variance, new(big.Rat).Mul(d.meanRat, d.meanRat))
	vf, _ := variance.Float64()
	d.sd = math.Sqrt(vf)
	d.Min, d.Max = w.vals[0], w.vals[n-1]
	return d
}

// floatDist builds a Dist from float64 probabilities, summing with
// compensation so that a million outcomes still add up to 1 (and d1000000
// has mean 500000.5, not 500000.499996).
func floatDist(w *wdist[float64]) *Dist {
	d := &Dist{truncated: w.trunc, depth: w.depth}
	n := len(w.vals)
	d.outcomes = make([]Outcome, n)
	d.atLeast = make([]float64, n)
	d.atMost = make([]float64, n)
	var mass, sum kahan
	for i, v := range w.vals {
		d.outcomes[i] = Outcome{Value: v, P: w.w[i]}
		mass.add(w.w[i])
		d.atMost[i] = mass.value()
		sum.add(float64(v) * w.w[i])
	}
	var tail kahan
	for i := n - 1; i >= 0; i-- {
		tail.add(w.w[i])
		d.atLeast[i] = tail.value()
	}
	d.mean = sum.value() / mass.value()
	var variance kahan
	for i, v := range w.vals {
		dv := float64(v) - d.mean
		variance.add(dv * dv * w.w[i])
	}
	d.sd = math.Sqrt(variance.value() / mass.value())
	d.Min, d.Max = w.vals[0], w.vals[n-1]
	return d
}

// kahan is a compensated (Neumaier) sum.
type kahan struct{ sum, c float64 }

func (k *kahan) add(x float64) {
	t := k.sum + x
	if math.Abs(k.sum) >= math.Abs(x) {
		k.c += (k.sum - t) + x
	} else {
		k.c += (x - t) + k.sum
	}
	k.sum = t
}

func (k *kahan) value() float64 { return k.sum + k.c }
