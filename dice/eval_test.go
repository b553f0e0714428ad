package dice

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestResult_String(t *testing.T) {
	tests := []struct {
		name  string
		expr  string
		dice  []Die
		total int
		want  string
	}{
		{
			name:  "fudge symbols",
			expr:  "4dF",
			dice:  []Die{{Sides: 3, Fudge: true, Face: 1, Kept: true}, {Sides: 3, Fudge: true, Face: 0, Kept: true}, {Sides: 3, Fudge: true, Face: -1, Kept: true}, {Sides: 3, Fudge: true, Face: 1, Kept: true}},
			total: 1,
			want:  "4dF: [+] [_] [-] [+] = 1",
		},
		{
			name:  "dropped in parentheses",
			expr:  "4d6kh3",
			dice:  []Die{{Sides: 6, Face: 6, Kept: true}, {Sides: 6, Face: 5, Kept: true}, {Sides: 6, Face: 1, Dropped: true}, {Sides: 6, Face: 3, Kept: true}},
			total: 14,
			want:  "4d6kh3: 6 5 (1) 3 = 14",
		},
		{
			name:  "exploded and successes",
			expr:  "2d6!>=4",
			dice:  []Die{{Sides: 6, Face: 6, Kept: true, Exploded: true, Success: true}, {Sides: 6, Face: 2, Kept: true}, {Sides: 6, Face: 4, Kept: true, Success: true}},
			total: 2,
			want:  "2d6!>=4: 6!* 2 4* = 2",
		},
		{
			name:  "rerolled face in parentheses with r",
			expr:  "2d6ro1",
			dice:  []Die{{Sides: 6, Face: 1, Rerolled: true}, {Sides: 6, Face: 4, Kept: true}, {Sides: 6, Face: 3, Kept: true}},
			total: 7,
			want:  "2d6ro1: (1r) 4 3 = 7",
		},
		{
			name:  "several groups in braces",
			expr:  "1d20-2d6+3",
			dice:  []Die{{Sides: 20, Face: 14, Kept: true}, {Sides: 6, Face: 3, Kept: true, Group: 1}, {Sides: 6, Face: 5, Kept: true, Group: 1}},
			total: 9,
			want:  "d20-2d6+3: d20{14}-2d6{3 5}+3 = 9",
		},
		{
			name:  "no dice",
			expr:  "(1+2)*3",
			total: 9,
			want:  "(1+2)*3 = 9",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := MustParse(tt.expr)
			r := &Result{Expr: e, Total: tt.total, Dice: tt.dice}
			if got := r.String(); got != tt.want {
				t.Errorf("Result.String() = %q, want %q", got, tt.want)
			}
		})
	}
}

// checkRoll checks that a roll's total follows from its dice and that the
// dice obey the group's modifiers.
func checkRoll(t testing.TB, e *Expr, r *Result) {
	t.Helper()
	totals := make([]int, len(e.prog.groups))
	kept := make([]int, len(e.prog.groups))
	for i, d := range r.Dice {
		g := e.prog.groups[d.Group]
		if d.Kept == (d.Dropped || d.Rerolled) {
			t.Fatalf("%s: die %d %+v: kept must be exactly not (dropped or rerolled)", e, i, d)
		}
		if d.Rerolled && (i+1 >= len(r.Dice) || r.Dice[i+1].Rerolled || !g.reroll.match(d.Face)) {
			t.Fatalf("%s: die %d %+v: rerolled die must match the trigger and be followed by its reroll", e, i, d)
		}
		if d.Exploded != (g.explode.op != cmpNone && g.explode.match(d.Face) && !d.Rerolled) {
			t.Fatalf("%s: die %d %+v: exploded must match the trigger", e, i, d)
		}
		if d.Face < g.minFace() || d.Face > g.maxFace() {
			t.Fatalf("%s: die %d %+v: face out of range", e, i, d)
		}
		if !d.Kept {
			continue
		}
		kept[d.Group]++
		if g.success.op == cmpNone {
			totals[d.Group] += d.Face
		} else if d.Success != g.success.match(d.Face) {
			t.Fatalf("%s: die %d %+v: success must match the count", e, i, d)
		} else if d.Success {
			totals[d.Group]++
		}
	}
	for gi, g := range e.prog.groups {
		if g.explode.op == cmpNone && kept[gi] != g.kept() {
			t.Fatalf("%s: group %d kept %d dice, want %d", e, gi, kept[gi], g.kept())
		}
	}
	// Evaluate the tree with the group totals.
	gi := 0
	var eval func(n node) int
	eval = func(n node) int {
		switch n := n.(type) {
		case *numNode:
			return n.val
		case *negNode:
			return -eval(n.x)
		case *binNode:
			x := eval(n.x)
			y := eval(n.y)
			switch n.op {
			case '+':
				return x + y
			case '-':
				return x - y
			case '*':
				return x * y
			}
			return x / y
		case *checkNode:
			return b2i(n.c.match(eval(n.x)))
		}
		v := totals[gi]
		gi++
		return v
	}
	if want := eval(e.root); r.Total != want {
		t.Fatalf("%s: total %d, want %d from the dice %v", e, r.Total, want, r.Dice)
	}
}

func TestExpr_Roll_TotalFollowsFromDice(t *testing.T) {
	tests := []struct {
		name string
		expr string
	}{
		{name: "sum", expr: "3d6+2"},
		{name: "fudge", expr: "4dF"},
		{name: "keep highest", expr: "4d6kh3"},
		{name: "keep lowest", expr: "2d20kl1"},
		{name: "drop highest", expr: "5d8dh2"},
		{name: "drop lowest majority", expr: "10d6dl8"},
		{name: "keep highest majority", expr: "10d6kh8"},
		{name: "exploding", expr: "6d6!"},
		{name: "exploding threshold with reroll", expr: "6d6!>=5ro1"},
		{name: "exploding pool", expr: "5d6!>=4"},
		{name: "reroll keep count", expr: "6d10ro<=2kh3>=7"},
		{name: "success equal", expr: "10d10=10"},
		{name: "d66", expr: "2d66"},
		{name: "arithmetic", expr: "(1d20-2d6)*2/3+-d4"},
		{name: "fudge reroll count", expr: "4dFro-1<=0"},
		{name: "total compared", expr: "d20+3>=12"},
		{name: "total of a pool compared", expr: "(5d6>=5)>=2"},
	}
	s := NewStream(Seed{42})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := MustParse(tt.expr)
			for range 500 {
				before := s.Len()
				r, err := e.Roll(s)
				if err != nil {
					t.Fatalf("%s.Roll() = %v", e, err)
				}
				checkRoll(t, e, r)
				// Every face drawn is a die (two draws for a d66).
				draws := 0
				for _, d := range r.Dice {
					draws++
					if d.D66 {
						draws++
					}
				}
				if got := s.Len() - before; got != draws {
					t.Fatalf("%s: stream drew %d faces, result shows %d", e, got, draws)
				}
			}
		})
	}
}

func TestExpr_RollTotal_SameAsRoll(t *testing.T) {
	for _, in := range []string{"3d6+2", "4d6kh3", "5d6!>=4", "2d20kl1", "20d6", "3d6ro1", "d66"} {
		e := MustParse(in)
		a, b := NewStream(Seed{9}), NewStream(Seed{9})
		for range 200 {
			r, err := e.Roll(a)
			if err != nil {
				t.Fatal(err)
			}
			tot, err := e.RollTotal(b)
			if err != nil {
				t.Fatal(err)
			}
			if tot != r.Total {
				t.Fatalf("%s: RollTotal = %d, Roll.Total = %d", in, tot, r.Total)
			}
		}
	}
}

func TestExpr_Roll_TooManyDiceIsAnError(t *testing.T) {
	// 1000 dice explode past the cap on every roll but the luckiest.
	e := MustParse("1000d2!")
	_, err := e.Roll(NewStream(Seed{1}))
	want := "dice: 1000d2!: more than 1000 dice in one roll"
	if err == nil || err.Error() != want {
		t.Errorf("Roll() = %v, want %q", err, want)
	}
}

func TestExpr_Roll_ExplosionStopsAtMaxExplode(t *testing.T) {
	// A d2 exploding on 2 goes 100 deep about once in 2^100 rolls, so force
	// it: the cap is what keeps the loop finite, and it must stop there.
	e := MustParse("d2!")
	s := NewStream(Seed{3})
	for range 2000 {
		r, err := e.Roll(s)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(r.Dice); n > MaxExplode+1 {
			t.Fatalf("d2! rolled %d dice, at most %d allowed", n, MaxExplode+1)
		}
	}
}

func TestResult_MarshalJSON(t *testing.T) {
	e := MustParse("2d6")
	r := &Result{Expr: e, Total: 7, Dice: []Die{{Sides: 6, Face: 3, Kept: true}, {Sides: 6, Face: 4, Kept: true}}}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"expr":"2d6","total":7,"dice":[{"sides":6,"face":3,"group":0,"kept":true,"exploded":false,"rerolled":false},{"sides":6,"face":4,"group":0,"kept":true,"exploded":false,"rerolled":false}]}`
	if string(b) != want {
		t.Errorf("json.Marshal(result) = %s, want %s", b, want)
	}
}

func TestStream_DrawMatchesRoll(t *testing.T) {
	// Expr.Roll draws through Stream.draw, which must hand out exactly the
	// faces Stream.Roll would, recorded the same way.
	for _, sides := range []int{1, 2, 3, 4, 6, 7, 10, 20, 64, 66, 100, 1000, 999_983, MaxSides} {
		a, b := NewStream(Seed{byte(sides)}), NewStream(Seed{byte(sides)})
		for i := range 2000 {
			if x, y := a.Roll(sides), b.draw(sides); x != y {
				t.Fatalf("d%d, draw %d: Roll = %d, draw = %d", sides, i, x, y)
			}
		}
		if !reflect.DeepEqual(a.Draws(0), b.Draws(0)) {
			t.Fatalf("d%d: recorded draws differ", sides)
		}
	}
}
