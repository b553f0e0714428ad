package dice

import (
	"crypto/sha256"
	"errors"
	"math"
	"math/big"
	"reflect"
	"strings"
	"testing"
)

// fuzzSeeds start both fuzz targets, with the golden inputs and the
// regression rows found by fuzzing.
var fuzzSeeds = []string{
	"3d6+)", "", "-", "d", "2d20kh", "4d6kh3ro1", "d%", "5d10!>=9>=8", "3d6!>=5ro1", "4dFro-1<=0",
	"(1+2)*-3", "1-(2-3)", "--1", "d6/(d3+1)", "10d10=10", "6d6!", "2d66", "3d6ro<=2kl2>=3",
	"(3d20)>30", "1d20+3>=12", "(d20+d4)<5", "(5d6>=5)>=2", "-(3d6)<-5", "3d6>4", "(d20>=3)",
}

func FuzzParse(f *testing.F) {
	for _, s := range append(append(fuzzSeeds, goldenExprs...), astExprs...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		e, err := Parse(in)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q) error %T %v, want *SyntaxError", in, err, err)
			}
			if !strings.HasPrefix(err.Error(), "dice: ") || se.Pos < 0 || int(se.Pos) > max(len(in), MaxLen) {
				t.Fatalf("Parse(%q) = %v: want \"dice: \" and a position in the input", in, err)
			}
			return
		}
		again, err := Parse(e.String())
		if err != nil {
			t.Fatalf("Parse(%q) = %q, which does not parse: %v", in, e, err)
		}
		if !reflect.DeepEqual(again.root, e.root) {
			t.Fatalf("Parse(%q) = %q, which parses to a different tree", in, e)
		}
		if again.String() != e.String() {
			t.Fatalf("String is not stable: %q then %q", e, again)
		}
	})
}

// distCost estimates the work of a distribution, so that FuzzDist spends its
// time on many small expressions rather than a few huge ones.
func distCost(n node) int {
	switch n := n.(type) {
	case *negNode:
		return distCost(n.x)
	case *binNode:
		return distCost(n.x) + distCost(n.y)
	case *checkNode:
		return distCost(n.x)
	case *diceNode:
		return n.count * n.sides
	}
	return 0
}

func FuzzDist(f *testing.F) {
	for _, s := range append(append(fuzzSeeds, goldenExprs...), astExprs...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		e, err := Parse(in)
		if err != nil || distCost(e.root) > 3000 {
			return
		}
		d, err := e.Dist()
		if err != nil {
			if !strings.Contains(err.Error(), "too large") {
				t.Fatalf("%s.Dist() = %v", e, err)
			}
			return
		}
		outs := d.Outcomes()
		if len(outs) == 0 || outs[0].Value != d.Min || outs[len(outs)-1].Value != d.Max {
			t.Fatalf("%s: Min %d Max %d do not match the outcomes", e, d.Min, d.Max)
		}
		if lo, hi := e.root.bounds(); d.Min < lo || d.Max > hi {
			t.Fatalf("%s: [%d, %d] outside the parser's bounds [%d, %d]", e, d.Min, d.Max, lo, hi)
		}
		var sum kahan
		exact := new(big.Rat)
		for i, o := range outs {
			if o.P < 0 || (i > 0 && o.Value <= outs[i-1].Value) {
				t.Fatalf("%s: bad outcome %+v", e, o)
			}
			sum.add(o.P)
			if d.Exact() {
				exact.Add(exact, o.Rat)
			}
		}
		if math.Abs(sum.value()+d.Truncated()-1) > 1e-9 || d.Truncated() >= Truncation {
			t.Fatalf("%s: probabilities sum to %v, truncated %v", e, sum.value(), d.Truncated())
		}
		if d.Exact() && (exact.Cmp(big.NewRat(1, 1)) != 0 || d.Truncated() != 0) {
			t.Fatalf("%s: exact probabilities sum to %s", e, exact.RatString())
		}
		seed := sha256.Sum256([]byte(in))
		s := NewUnrecordedStream(seed)
		for range 30 {
			r, err := e.Roll(s)
			if err != nil {
				continue // explosions past MaxDice
			}
			if d.Truncated() > 0 && (r.Total < d.Min || r.Total > d.Max) {
				continue // a roll may land in the tail left out
			}
			if r.Total < d.Min || r.Total > d.Max || d.P(r.Total) == 0 {
				t.Fatalf("%s rolled %d (%v), which has P = %v in [%d, %d]", e, r.Total, r, d.P(r.Total), d.Min, d.Max)
			}
		}
	})
}
