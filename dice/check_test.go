package dice

import (
	"math/big"
	"slices"
	"strings"
	"testing"
)

// bruteCheck counts, over every face of every die of e (plain dice only,
// keep/drop and success counts allowed), the outcomes whose value is each
// value: the exact distribution by enumeration, with no convolution.
func bruteCheck(t *testing.T, e *Expr) (counts map[int]int64, total int64) {
	t.Helper()
	groups := e.prog.groups
	var faces [][]int // faces[gi][i]: the face die i of group gi shows
	for _, g := range groups {
		if !g.plain() || g.kind == d66Die {
			t.Fatalf("%s: bruteCheck takes plain dice only", e)
		}
		faces = append(faces, make([]int, g.count))
	}
	value := func(gi int) int {
		g := groups[gi]
		dice := make([]Die, g.count)
		for i, f := range faces[gi] {
			g.setDie(&dice[i], gi, f)
		}
		return g.score(dice)
	}
	var eval func(n node, next *int) int
	eval = func(n node, next *int) int {
		switch n := n.(type) {
		case *numNode:
			return n.val
		case *negNode:
			return -eval(n.x, next)
		case *binNode:
			x := eval(n.x, next)
			return apply(n.op, x, eval(n.y, next))
		case *checkNode:
			if n.c.match(eval(n.x, next)) {
				return 1
			}
			return 0
		}
		gi := *next
		*next++
		return value(gi)
	}
	counts = map[int]int64{}
	var walk func(gi, i int)
	walk = func(gi, i int) {
		if gi == len(groups) {
			next := 0
			counts[eval(e.root, &next)]++
			total++
			return
		}
		if i == groups[gi].count {
			walk(gi+1, 0)
			return
		}
		g := groups[gi]
		for f := g.minFace(); f <= g.maxFace(); f++ {
			faces[gi][i] = f
			walk(gi, i+1)
		}
	}
	walk(0, 0)
	return counts, total
}

func TestExpr_Dist_TotalComparisonMatchesBruteForce(t *testing.T) {
	tests := []struct {
		name   string
		expr   string
		chance string // P(true), worked out by hand
	}{
		// The chances were counted independently, over every face, in
		// another language.
		{name: "disaster roll survives above 30", expr: "(3d20)>30", chance: "43/80"},
		{name: "disaster roll of exactly 30 is not above it", expr: "(3d20)>=30", chance: "2299/4000"},
		{name: "d20 plus a modifier meets a target", expr: "1d20+3>=12", chance: "3/5"},
		{name: "d20 plus a modifier at most a target", expr: "d20+5<=12", chance: "7/20"},
		{name: "two d6 total seven", expr: "(2d6)=7", chance: "1/6"},
		{name: "stat roll above ten", expr: "(d20-2d6)>10", chance: "7/45"},
		{name: "best three of four at least fifteen", expr: "(4d6kh3)>=15", chance: "25/108"},
		{name: "sum ending in dice below five", expr: "(d20+d4)<5", chance: "3/40"},
		{name: "at least two successes of five", expr: "(5d6>=5)>=2", chance: "131/243"},
		{name: "negated total below a negative target", expr: "-(3d6)<-15", chance: "5/108"},
		{name: "fudge total", expr: "(4dF)>=2", chance: "5/27"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := MustParse(tt.expr)
			if !e.Compares() {
				t.Fatalf("Parse(%q).Compares() = false, want true", tt.expr)
			}
			d, err := e.Dist()
			if err != nil {
				t.Fatalf("%s.Dist() = %v", e, err)
			}
			if !d.Exact() {
				t.Fatalf("%s.Dist() is not exact", e)
			}
			counts, total := bruteCheck(t, e)
			for v, n := range counts {
				if v != 0 && v != 1 {
					t.Fatalf("%s: brute force gave value %d, want 0 or 1", e, v)
				}
				want := big.NewRat(n, total)
				if got := d.Rat(v); got.Cmp(want) != 0 {
					t.Errorf("%s: P(%d) = %s, brute force over every face gives %s", e, v, got.RatString(), want.RatString())
				}
			}
			if got := d.Rat(1).RatString(); got != tt.chance {
				t.Errorf("%s: P(true) = %s, want %s", e, got, tt.chance)
			}
		})
	}
}

func TestExpr_Roll_TotalComparisonShowsFacesAndVerdict(t *testing.T) {
	e := MustParse("1d20+3>=12")
	s := NewStream(Seed{7})
	seen := map[bool]bool{}
	for range 200 {
		r, err := e.Roll(s)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Dice) != 1 || r.Compared != r.Dice[0].Face+3 {
			t.Fatalf("%v: Compared = %d, want the d20 face + 3", r, r.Compared)
		}
		holds := r.Compared >= 12
		if r.Holds() != holds || r.Total != b2i(holds) {
			t.Fatalf("%v: Total %d Holds %v for a total of %d", r, r.Total, r.Holds(), r.Compared)
		}
		verdict := ": false (0)"
		if holds {
			verdict = ": true (1)"
		}
		want := "d20+3>=12: d20{" + itoa(r.Dice[0].Face) + "}+3 = " + itoa(r.Compared) + " >=12" + verdict
		if got := r.String(); got != want {
			t.Fatalf("String() = %q, want %q", got, want)
		}
		seen[holds] = true
	}
	if !seen[true] || !seen[false] {
		t.Fatalf("200 rolls of %s never gave both verdicts: %v", e, seen)
	}
	r, _ := MustParse("(3d20)>30").Roll(NewStream(Seed{1}))
	if got := r.String(); !strings.HasPrefix(got, "(3d20)>30: 3d20{") {
		t.Errorf("String() = %q, want the group's faces after the text", got)
	}
	b, err := r.MarshalJSON()
	if err != nil || !strings.Contains(string(b), `"compared":`) || !strings.Contains(string(b), `"holds":`) {
		t.Errorf("MarshalJSON() = %s, %v: want compared and holds", b, err)
	}
}

func TestExpr_PerDieCountIsNotATotalComparison(t *testing.T) {
	for _, in := range []string{"4d6>=5", "d20+1d4>=3", "(4d6>=5)"} {
		e := MustParse(in)
		if e.Compares() {
			t.Errorf("Parse(%q).Compares() = true: a comparison right after a dice group counts its dice", in)
		}
		d, _ := e.Dist()
		if vals := len(d.Outcomes()); vals <= 2 && !slices.Contains([]string{"(4d6>=5)"}, in) {
			t.Errorf("%s has %d values, want a count or a sum", e, vals)
		}
	}
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }
