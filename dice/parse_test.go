package dice

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestParse_Canonical(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{name: "integer", in: "42", want: "42"},
		{name: "single die drops its count", in: "1d20", want: "d20"},
		{name: "count defaults to one", in: "d6", want: "d6"},
		{name: "case-insensitive", in: "3D6KH2", want: "3d6kh2"},
		{name: "whitespace", in: " 2 d 20 + 5 ", want: "2d20+5"},
		{name: "d% is d100", in: "d%", want: "d100"},
		{name: "fudge", in: "4df", want: "4dF"},
		{name: "d66", in: "D66", want: "d66"},
		{name: "keep defaults to one", in: "2d20kh", want: "2d20kh1"},
		{name: "drop lowest", in: "4d6dl", want: "4d6dl1"},
		{name: "explode on max", in: "6d6!", want: "6d6!"},
		{name: "explode written as =max", in: "6d6!=6ro1", want: "6d6!ro1"},
		{name: "comparison ending an exploding pool counts", in: "5d6!>=4", want: "5d6!>=4"},
		{name: "explode threshold then count", in: "5d10!>=9>=8", want: "5d10!>=9>=8"},
		{name: "explode threshold then reroll", in: "3d6!>=5ro1", want: "3d6!>=5ro1"},
		{name: "modifiers in canonical order", in: "4d6kh3ro1", want: "4d6ro1kh3"},
		{name: "reroll at most", in: "3d6ro<=2", want: "3d6ro<=2"},
		{name: "reroll with =", in: "3d6ro=1", want: "3d6ro1"},
		{name: "fudge negative target", in: "4dFro-1<=-1", want: "4dFro-1<=-1"},
		{name: "success equal", in: "10d10=10", want: "10d10=10"},
		{name: "exploding pool counting equals", in: "3d6!=5", want: "3d6!=5"},
		{name: "precedence", in: "1+2*3", want: "1+2*3"},
		{name: "needed parentheses", in: "(1+2)*3", want: "(1+2)*3"},
		{name: "redundant parentheses", in: "((1)+(2*3))", want: "1+2*3"},
		{name: "right-nested subtraction", in: "1-(2-3)", want: "1-(2-3)"},
		{name: "right-nested addition keeps shape", in: "1+(2+3)", want: "1+(2+3)"},
		{name: "unary minus", in: "-2d6+10", want: "-2d6+10"},
		{name: "double minus", in: "2--3", want: "2--3"},
		{name: "minus parenthesised sum", in: "-(1+d6)", want: "-(1+d6)"},
		{name: "times negative", in: "2*-d4", want: "2*-d4"},
		{name: "division", in: "d20/2", want: "d20/2"},
		{name: "total of a sum compared", in: "1d20 + 3 >= 12", want: "d20+3>=12"},
		{name: "total of a group compared keeps its parentheses", in: "(3d20)>30", want: "(3d20)>30"},
		{name: "total of a sum ending in dice compared", in: "(d20+d4)<5", want: "(d20+d4)<5"},
		{name: "total of a product ending in dice compared", in: "2*(3d6)=10", want: "(2*3d6)=10"},
		{name: "total of a negated group compared", in: "-(3d6)<-5", want: "(-3d6)<-5"},
		{name: "parenthesised sum needs none", in: "(d20+3)>12", want: "d20+3>12"},
		{name: "success count then total compared", in: "(5d6>=5)>=2", want: "(5d6>=5)>=2"},
		{name: "per-die count is unchanged", in: "4d6>=5", want: "4d6>=5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q) = %v, want %q", tt.in, err, tt.want)
			}
			if got := e.String(); got != tt.want {
				t.Errorf("Parse(%q).String() = %q, want %q", tt.in, got, tt.want)
			}
			again, err := Parse(e.String())
			if err != nil {
				t.Fatalf("Parse(%q) (canonical) = %v", e.String(), err)
			}
			if !reflect.DeepEqual(again.root, e.root) {
				t.Errorf("Parse(%q) gives a different tree than Parse(%q)", e.String(), tt.in)
			}
		})
	}
}

func TestParse_Errors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string // the whole message
	}{
		{name: "stray paren", in: "3d6+)", want: `dice: "3d6+)": col 5: unexpected ')'`},
		{name: "empty", in: "", want: `dice: "": col 1: empty expression`},
		{name: "blank", in: "   ", want: `dice: "   ": col 4: empty expression`},
		{name: "unclosed paren", in: "(1+2", want: `dice: "(1+2": col 1: unclosed '('`},
		{name: "trailing operator", in: "3d6+", want: `dice: "3d6+": col 5: unexpected end of input`},
		{name: "missing sides", in: "4d", want: `dice: "4d": col 3: expected die size after 'd', found end of input`},
		{name: "zero sides", in: "d0", want: `dice: "d0": col 2: a die needs at least one side`},
		{name: "zero dice", in: "0d6", want: `dice: "0d6": col 1: no dice to roll`},
		{name: "unknown letter", in: "3x6", want: `dice: "3x6": col 2: unexpected 'x'`},
		{name: "lone k", in: "4d6k3", want: `dice: "4d6k3": col 4: unexpected 'k' (keep is kh or kl)`},
		{name: "greater than after a dice group", in: "3d6>4", want: `dice: "3d6>4": col 4: '>' right after a dice group: to count the dice that meet a number write >=N or <=N; to compare the total put it in parentheses, as in (3d20)>30`},
		{name: "less than after a dice group", in: "1+3d6<4", want: `dice: "1+3d6<4": col 6: '<' right after a dice group: to count the dice that meet a number write >=N or <=N; to compare the total put it in parentheses, as in (3d20)>30`},
		{name: "total compared inside parentheses", in: "(d20+3>=12)+1", want: `dice: "(d20+3>=12)+1": col 7: a total is compared only at the end of the whole expression, outside parentheses`},
		{name: "total compared twice", in: "d20+3>=12>1", want: `dice: "d20+3>=12>1": col 10: unexpected '>'`},
		{name: "total compared with nothing", in: "(3d20)>", want: `dice: "(3d20)>": col 8: expected a number, found end of input`},
		{name: "total compared with dice", in: "(3d20)>d6", want: `dice: "(3d20)>d6": col 8: expected a number, found 'd'`},
		{name: "arithmetic after a comparison", in: "(3d20)>30+1", want: `dice: "(3d20)>30+1": col 10: unexpected '+'`},
		{name: "keep more than rolled", in: "3d6kh4", want: `dice: "3d6kh4": col 4: cannot keep 4 of 3 dice`},
		{name: "keep none", in: "3d6kl0", want: `dice: "3d6kl0": col 4: cannot keep 0 of 3 dice`},
		{name: "drop all", in: "3d6dl3", want: `dice: "3d6dl3": col 4: cannot drop 3 of 3 dice`},
		{name: "d66 explodes", in: "d66!", want: `dice: "d66!": col 4: d66 takes no modifiers`},
		{name: "d66 keeps", in: "2d66kh1", want: `dice: "2d66kh1": col 5: d66 takes no modifiers`},
		{name: "fudge explodes", in: "dF!", want: `dice: "dF!": col 3: Fudge dice do not explode`},
		{name: "one-sided die explodes forever", in: "1d1!", want: `dice: "1d1!": col 4: d1 would explode forever: every face meets =1`},
		{name: "explode on every face", in: "d6!>=1ro2", want: `dice: "d6!>=1ro2": col 3: d6 would explode forever: every face meets >=1`},
		{name: "explode on no face", in: "d6!=7ro1", want: `dice: "d6!=7ro1": col 3: d6 never explodes: no face meets =7`},
		{name: "explode with keep", in: "4d6!kh3", want: `dice: "4d6!kh3": col 5: keep/drop cannot be combined with exploding dice`},
		{name: "reroll nothing", in: "3d6ro7", want: `dice: "3d6ro7": col 4: d6 never rerolls: no face meets =7`},
		{name: "success impossible", in: "3d6>=7", want: `dice: "3d6>=7": col 4: no face of d6 meets >=7: nothing can succeed`},
		{name: "fudge success impossible", in: "4dF>=2", want: `dice: "4dF>=2": col 4: no face of dF meets >=2: nothing can succeed`},
		{name: "success not last", in: "3d6>=4kh2", want: `dice: "3d6>=4kh2": col 7: the success count must come last in a group`},
		{name: "duplicate explode", in: "3d6!!", want: `dice: "3d6!!": col 5: dice explode only once: duplicate '!'`},
		{name: "duplicate reroll", in: "3d6ro1ro2", want: `dice: "3d6ro1ro2": col 7: dice reroll only once: duplicate 'ro'`},
		{name: "duplicate keep", in: "4d6kh3dl1", want: `dice: "4d6kh3dl1": col 7: only one keep or drop per group`},
		{name: "reroll needs number", in: "3d6ro", want: `dice: "3d6ro": col 6: expected a number, found end of input`},
		{name: "divisor can be zero", in: "d6/(d3-2)", want: `dice: "d6/(d3-2)": col 3: division by zero: the divisor can be 0`},
		{name: "divide by literal zero", in: "1/0", want: `dice: "1/0": col 2: division by zero: the divisor can be 0`},
		{name: "too many dice in a group", in: "1001d6", want: `dice: "1001d6": col 1: too many dice (max 1000)`},
		{name: "too many dice in total", in: "600d6+600d6", want: `dice: "600d6+600d6": col 7: too many dice: a roll could draw more than 1000`},
		{name: "rerolls count twice", in: "600d6ro1", want: `dice: "600d6ro1": col 1: too many dice: a roll could draw more than 1000`},
		{name: "d66 counts twice", in: "501d66", want: `dice: "501d66": col 1: too many dice: a roll could draw more than 1000`},
		{name: "too many sides", in: "d1000001", want: `dice: "d1000001": col 2: too many sides (max 1000000)`},
		{name: "number too large", in: "12345678901", want: `dice: "12345678901": col 1: number too large (max 1000000000)`},
		{name: "value too large", in: "1000000000*1000000000", want: `dice: "1000000000*1000000000": col 11: value too large (over 1125899906842624)`},
		{name: "non-ASCII", in: "3d6×2", want: `dice: "3d6×2": col 4: unexpected '×'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, err := Parse(tt.in)
			if err == nil {
				t.Fatalf("Parse(%q) = %v, want error %q", tt.in, e, tt.want)
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Errorf("Parse(%q) error %T, want *SyntaxError", tt.in, err)
			}
			if err.Error() != tt.want {
				t.Errorf("Parse(%q) = %q, want %q", tt.in, err, tt.want)
			}
		})
	}
}

func TestParse_Limits(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		wantErr string // "" for no error
	}{
		{name: "longest allowed", in: strings.Repeat("1+", 499) + "10"},
		{name: "too long", in: strings.Repeat("1+", 500) + "1", wantErr: "col 1001: expression longer than 1000 bytes"},
		{name: "deepest allowed parens", in: strings.Repeat("(", 64) + "1" + strings.Repeat(")", 64)},
		{name: "parens too deep", in: strings.Repeat("(", 65) + "1" + strings.Repeat(")", 65), wantErr: "col 65: nested more than 64 deep"},
		{name: "minus too deep", in: strings.Repeat("-", 65) + "1", wantErr: "col 65: nested more than 64 deep"},
		{name: "most dice", in: "1000d6"},
		{name: "most sides", in: "d1000000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.in)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("Parse(%.20q...) = %v, want no error", tt.in, err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("Parse(%.20q...) = %v, want error containing %q", tt.in, err, tt.wantErr)
			}
		})
	}
}

func TestMustParse_PanicsOnError(t *testing.T) {
	defer func() {
		if r := recover(); r == nil {
			t.Error("MustParse(\"3d\") did not panic")
		}
	}()
	MustParse("3d")
}

// astExprs are dumped to testdata/ast.golden.
var astExprs = []string{
	"1d20-2d6", "4d6kh3", "2d20kl", "8d6dh2", "4d6dl", "-(2*d%)/3", "(1+2)*-3", "1-(2-3)",
	"5d6!>=4", "5d10!>=9>=8", "3d6!>=5ro1", "6d6!", "4dFro-1<=0", "3d6ro<=2", "10d10=10", "d66", "4dF",
	"(3d20)>30", "d20+3>=12", "(5d6>=5)>=2",
}

// dump writes a tree one node per line, children indented.
func dump(b *strings.Builder, n node, indent string) {
	switch n := n.(type) {
	case *numNode:
		fmt.Fprintf(b, "%snum %d\n", indent, n.val)
	case *negNode:
		lo, hi := n.bounds()
		fmt.Fprintf(b, "%sneg [%d..%d]\n", indent, lo, hi)
		dump(b, n.x, indent+"  ")
	case *binNode:
		fmt.Fprintf(b, "%sbinary %c [%d..%d]\n", indent, n.op, n.lo, n.hi)
		dump(b, n.x, indent+"  ")
		dump(b, n.y, indent+"  ")
	case *checkNode:
		fmt.Fprintf(b, "%scheck total%s\n", indent, n.c)
		dump(b, n.x, indent+"  ")
	case *diceNode:
		kind := [...]string{plainDie: "plain", fudgeDie: "fudge", d66Die: "d66"}[n.kind]
		fmt.Fprintf(b, "%sdice count=%d sides=%d kind=%s", indent, n.count, n.sides, kind)
		if n.explode.op != cmpNone {
			fmt.Fprintf(b, " explode%s", n.explode)
		}
		if n.reroll.op != cmpNone {
			fmt.Fprintf(b, " reroll%s", n.reroll)
		}
		if n.keep != keepAll {
			fmt.Fprintf(b, " %s%d", keepText[n.keep], n.keepN)
		}
		if n.success.op != cmpNone {
			fmt.Fprintf(b, " success%s", n.success)
		}
		lo, hi := n.bounds()
		fmt.Fprintf(b, " [%d..%d]\n", lo, hi)
	}
}

func TestParse_ASTGolden(t *testing.T) {
	var b strings.Builder
	for _, in := range astExprs {
		e, err := Parse(in)
		if err != nil {
			t.Fatalf("Parse(%q) = %v", in, err)
		}
		fmt.Fprintf(&b, "== %s -> %s\n", in, e)
		dump(&b, e.root, "")
	}
	checkGolden(t, filepath.Join("testdata", "ast.golden"), b.String())
}
