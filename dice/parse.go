package dice

import (
	"fmt"
	"math"
	"runtime"
	"strconv"
)

// Limits that keep a hostile or mistyped expression from hanging the program
// or exhausting memory. Going over one is an error that says which.
const (
	MaxLen     = 1000      // bytes of expression text
	MaxDepth   = 64        // nesting of parentheses and unary minus
	MaxDice    = 1000      // dice drawn by one roll, counting rerolls, explosions and both dice of a d66
	MaxSides   = 1_000_000 // faces of one die
	MaxExplode = 100       // explosions of one die: the die that would explode the 101st time stands
	MaxNumber  = 1_000_000_000
	// MaxValue bounds every value an expression can take, including the
	// intermediate ones, so that arithmetic never overflows and every value
	// is exact as a float64.
	MaxValue = 1 << 50
)

// SyntaxError is an error in the text of an expression: its Pos is the byte
// offset of the offending token, printed as a 1-based column.
type SyntaxError struct {
	Input string
	Pos   Pos
	Msg   string
}

func (e *SyntaxError) Error() string {
	in := e.Input
	if len(in) > 60 {
		in = in[:57] + "..."
	}
	return fmt.Sprintf("dice: %q: col %d: %s", in, e.Pos+1, e.Msg)
}

// Expr is a parsed dice expression. An Expr is immutable and safe for
// concurrent use; each roll draws from the Stream it is given.
type Expr struct {
	root node
	text string // canonical form
	prog program
	mem  exprMem
}

// exprMem is room inside an Expr for the tree and code of a short
// expression, enough for "3d6", "1d20+5" or "2d6-1d4": the parser and
// compile take from it first and allocate only what does not fit, so that
// parsing a typical expression costs the Expr's allocation alone, where a
// node, slice and string of its own each cost about as much as the rest of
// the parse (see BenchmarkParseRoll). Keeping it small matters too: the
// collector's work grows with the bytes allocated, and the Expr is most of
// them (384 bytes in all).
type exprMem struct {
	dice   [2]diceNode
	bin    [1]binNode
	num    [1]numNode
	groups [2]*diceNode
	code   [5]instr
}

// take returns the next unused element of buf, counting the used ones in
// *used, or a new one once buf is used up.
func take[T any](buf []T, used *int) *T {
	if *used < len(buf) {
		*used++
		return &buf[*used-1]
	}
	return new(T)
}

// String returns the canonical form of the expression: lowercase, no spaces,
// no count on a single die ("d20"), d% written d100, N written on every
// keep/drop, and parentheses only where needed. It parses to an equal tree.
func (e *Expr) String() string { return e.text }

// Parse parses a dice expression (see the package documentation for the
// grammar). Errors in the text are *SyntaxError values.
func Parse(s string) (_ *Expr, err error) {
	e := new(Expr)
	p := &parser{lex: lexer{input: s}, mem: &e.mem}
	defer p.recover(&err)
	if len(s) > MaxLen {
		p.lex.errorf(MaxLen, "expression longer than %d bytes", MaxLen)
	}
	p.next()
	if p.tok.kind == tokEOF {
		p.lex.errorf(p.tok.pos, "empty expression")
	}
	e.root = p.expr()
	if p.tok.kind.isCheck() {
		e.root = p.totalCheck(e.root)
	}
	if p.tok.kind != tokEOF {
		p.unexpected()
	}
	e.text = canonicalText(s, e.root)
	compile(e, p.nodes)
	return e, nil
}

// canonicalText returns the canonical form of root, parsed from s. It is
// built in a buffer on the stack, and since most expressions are typed in
// canonical form, but for a leading count of 1 ("1d20+5") or leading spaces,
// it is then taken from the end of s when it matches there, which costs no
// allocation (and keeps s, at most MaxLen bytes, alive with the Expr).
func canonicalText(s string, root node) string {
	var buf [64]byte
	b := appendNode(buf[:0], root, nil)
	if tail := s[max(0, len(s)-len(b)):]; tail == string(b) {
		return tail
	}
	return string(b)
}

// Compares reports whether the expression compares its whole total with a
// number ("1d20+3>=12", "(3d20)>30"): its value is then 1 when the
// comparison holds and 0 when it does not.
func (e *Expr) Compares() bool { return e.prog.check }

// MustParse is like Parse but panics if s is not a valid expression. It is
// meant for expressions written in the program text, like regexp.MustCompile.
func MustParse(s string) *Expr {
	e, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return e
}

// parser is a recursive-descent parser with one token of lookahead. It panics
// with a *SyntaxError on the first error; Parse recovers it.
type parser struct {
	lex   lexer
	tok   token
	depth int
	draws int // dice drawn by a roll at most, without explosions
	nodes int // nodes in the tree, for sizing the compiled code
	// lastDice is set when the last primary parsed was a dice group
	// written without parentheses: a comparison after it belongs to it.
	lastDice bool

	mem               *exprMem // room for the first nodes (see take)
	nDice, nBin, nNum int      // nodes of each kind taken from mem
}

func (p *parser) recover(errp *error) {
	r := recover()
	if r == nil {
		return
	}
	if _, ok := r.(runtime.Error); ok {
		panic(r)
	}
	se, ok := r.(*SyntaxError)
	if !ok {
		panic(r)
	}
	*errp = se
}

func (p *parser) next() { p.tok = p.lex.next() }

func (p *parser) errorf(pos Pos, format string, args ...any) {
	p.lex.errorf(pos, format, args...)
}

func (p *parser) unexpected() {
	p.errorf(p.tok.pos, "unexpected %s", p.tok.kind)
}

func (p *parser) enter(pos Pos) {
	p.depth++
	if p.depth > MaxDepth {
		p.errorf(pos, "nested more than %d deep", MaxDepth)
	}
}

func (p *parser) leave() { p.depth-- }

// expr parses
//
//	Expr = Term { ( "+" | "-" ) Term } .
func (p *parser) expr() node {
	x := p.term()
	for p.tok.kind == tokPlus || p.tok.kind == tokMinus {
		op, pos := byte('+'), p.tok.pos
		if p.tok.kind == tokMinus {
			op = '-'
		}
		p.next()
		x = p.binary(op, pos, x, p.term())
	}
	return x
}

// term parses
//
//	Term = Unary { ( "*" | "/" ) Unary } .
func (p *parser) term() node {
	x := p.unary()
	for p.tok.kind == tokStar || p.tok.kind == tokSlash {
		op, pos := byte('*'), p.tok.pos
		if p.tok.kind == tokSlash {
			op = '/'
		}
		p.next()
		x = p.binary(op, pos, x, p.unary())
	}
	return x
}

// unary parses
//
//	Unary = "-" Unary | Primary .
func (p *parser) unary() node {
	if p.tok.kind != tokMinus {
		return p.primary()
	}
	p.enter(p.tok.pos)
	p.next()
	x := p.unary()
	p.leave()
	p.nodes++
	return &negNode{x: x}
}

// primary parses
//
//	Primary = Integer | Dice | "(" Expr ")" .
func (p *parser) primary() node {
	switch p.tok.kind {
	case tokInt:
		t := p.tok
		p.next()
		if p.tok.kind == tokD {
			return p.dice(t.pos, t.val)
		}
		p.lastDice = false
		p.nodes++
		n := take(p.mem.num[:], &p.nNum)
		n.val = t.val
		return n
	case tokD:
		return p.dice(p.tok.pos, 1)
	case tokLParen:
		open := p.tok.pos
		p.enter(open)
		p.next()
		x := p.expr()
		if p.tok.kind != tokRParen {
			switch {
			case p.tok.kind == tokEOF:
				p.errorf(open, "unclosed '('")
			case p.tok.kind.isCheck():
				p.errorf(p.tok.pos, "a total is compared only at the end of the whole expression, outside parentheses")
			}
			p.unexpected()
		}
		p.next()
		p.leave()
		p.lastDice = false
		return x
	}
	p.unexpected()
	return nil
}

// binary builds x op y after checking its bounds: no value may exceed
// MaxValue and no divisor may be zero.
func (p *parser) binary(op byte, pos Pos, x, y node) node {
	xlo, xhi := x.bounds()
	ylo, yhi := y.bounds()
	var lo, hi int
	switch op {
	case '+':
		lo, hi = xlo+ylo, xhi+yhi
	case '-':
		lo, hi = xlo-yhi, xhi-ylo
	case '*', '/':
		if op == '/' && ylo <= 0 && yhi >= 0 {
			p.errorf(pos, "division by zero: the divisor can be 0")
		}
		lo, hi = math.MaxInt, math.MinInt
		for _, a := range [2]int{xlo, xhi} {
			for _, b := range [2]int{ylo, yhi} {
				var v int
				if op == '*' {
					if math.Abs(float64(a)*float64(b)) > MaxValue {
						p.errorf(pos, "value too large (over %d)", MaxValue)
					}
					v = a * b
				} else {
					v = a / b
				}
				lo, hi = min(lo, v), max(hi, v)
			}
		}
	}
	if lo < -MaxValue || hi > MaxValue {
		p.errorf(pos, "value too large (over %d)", MaxValue)
	}
	p.nodes++
	n := take(p.mem.bin[:], &p.nBin)
	*n = binNode{op: op, x: x, y: y, lo: lo, hi: hi}
	return n
}

// dice parses a group of dice; the count, if written, has been read.
//
//	Dice     = [ Integer ] "d" Sides { Modifier } [ Count ] .
//	Sides    = Integer | "%" | "F" .
//	Modifier = Explode | Reroll | Keep .
func (p *parser) dice(pos Pos, count int) node {
	d := take(p.mem.dice[:], &p.nDice)
	d.count = count
	p.next() // 'd'
	switch p.tok.kind {
	case tokInt:
		d.sides = p.tok.val
		if d.sides == 66 {
			d.kind = d66Die
		}
	case tokPct:
		d.sides = 100
	case tokF:
		d.sides, d.kind = 3, fudgeDie
	default:
		p.errorf(p.tok.pos, "expected die size after 'd', found %s", p.tok.kind)
	}
	sidesPos := p.tok.pos
	p.next()
	switch {
	case count < 1:
		p.errorf(pos, "no dice to roll")
	case count > MaxDice:
		p.errorf(pos, "too many dice (max %d)", MaxDice)
	case d.sides < 1:
		p.errorf(sidesPos, "a die needs at least one side")
	case d.sides > MaxSides:
		p.errorf(sidesPos, "too many sides (max %d)", MaxSides)
	}
	p.modifiers(d)
	p.lastDice = true
	p.nodes++
	draws := d.count
	if d.kind == d66Die {
		draws *= 2
	}
	if d.reroll.op != cmpNone {
		draws *= 2
	}
	p.draws += draws
	if p.draws > MaxDice {
		p.errorf(pos, "too many dice: a roll could draw more than %d", MaxDice)
	}
	if lo, hi := d.bounds(); lo < -MaxValue || hi > MaxValue {
		p.errorf(pos, "value too large (over %d)", MaxValue)
	}
	return d
}

// modifiers parses the modifiers of a group and checks that they make sense
// together. Each may appear once; a success count ends the group.
//
//	Explode = "!" [ Compare ] .
//	Reroll  = "ro" ( Target | Compare ) .
//	Keep    = ( "kh" | "kl" | "dh" | "dl" ) [ Integer ] .
//	Count   = Compare .
//
// A Compare right after "!" is the explosion's trigger when another modifier
// or a Count follows it; when it ends the group it is the Count, so that
// "5d6!>=4" explodes on 6 and counts the dice showing 4 or more.
func (p *parser) modifiers(d *diceNode) {
	var explodePos, rerollPos, keepPos, successPos Pos = -1, -1, -1, -1
	for {
		t := p.tok
		switch {
		case t.kind == tokBang:
			if explodePos >= 0 {
				p.errorf(t.pos, "dice explode only once: duplicate '!'")
			}
			explodePos = t.pos
			p.next()
			d.explode = cond{cmpEq, d.maxFace()}
			if p.tok.kind.isCompare() {
				c, cpos := p.compare()
				if p.isModifier() {
					d.explode = c
				} else {
					d.success, successPos = c, cpos
				}
			}
		case t.kind == tokRO:
			if rerollPos >= 0 {
				p.errorf(t.pos, "dice reroll only once: duplicate 'ro'")
			}
			rerollPos = t.pos
			p.next()
			if p.tok.kind.isCompare() {
				d.reroll, _ = p.compare()
			} else {
				d.reroll = cond{cmpEq, p.target()}
			}
		case t.kind >= tokKH && t.kind <= tokDL:
			if keepPos >= 0 {
				p.errorf(t.pos, "only one keep or drop per group")
			}
			keepPos = t.pos
			d.keep = keepOp(t.kind-tokKH) + keepHighest
			d.keepN = 1
			p.next()
			if p.tok.kind == tokInt {
				d.keepN = p.tok.val
				p.next()
			}
		case t.kind.isCompare():
			d.success, successPos = p.compare()
		}
		if successPos >= 0 && p.isModifier() {
			p.errorf(p.tok.pos, "the success count must come last in a group")
		}
		if p.tok == t || successPos >= 0 {
			break
		}
	}
	p.check(d, explodePos, rerollPos, keepPos, successPos)
}

// isModifier reports whether the current token starts a modifier or a count.
func (p *parser) isModifier() bool {
	k := p.tok.kind
	return k == tokBang || k == tokRO || (k >= tokKH && k <= tokDL) || k.isCompare()
}

// totalCheck parses the comparison of a whole total, x having been read:
//
//	Roll  = Expr [ Check ] .
//	Check = ( "=" | ">=" | "<=" | ">" | "<" ) Target .
//
// Right after a dice group a comparison counts that group's dice instead
// (the group's modifiers have taken "=", ">=" and "<="), so ">" and "<"
// there are refused with the two ways to say what was meant.
func (p *parser) totalCheck(x node) node {
	if p.lastDice {
		op := p.tok.kind.String()
		p.errorf(p.tok.pos, "%s right after a dice group: to count the dice that meet a number write >=N or <=N; to compare the total put it in parentheses, as in (3d20)>30", op)
	}
	c, _ := p.compare()
	p.nodes += 2 // the comparison and its number, in the compiled code
	return &checkNode{x: x, c: c}
}

// compare parses
//
//	Compare = ( "=" | ">=" | "<=" ) Target .
//
// and, for a total (check), ">" and "<" as well.
func (p *parser) compare() (cond, Pos) {
	pos := p.tok.pos
	var op cmpOp
	switch p.tok.kind {
	case tokEq:
		op = cmpEq
	case tokGE:
		op = cmpGE
	case tokLE:
		op = cmpLE
	case tokGT:
		op = cmpGT
	case tokLT:
		op = cmpLT
	}
	p.next()
	return cond{op, p.target()}, pos
}

// target parses
//
//	Target = [ "-" ] Integer .
//
// The sign is for Fudge dice, whose faces are -1, 0 and +1.
func (p *parser) target() int {
	sign := 1
	if p.tok.kind == tokMinus {
		sign = -1
		p.next()
	}
	if p.tok.kind != tokInt {
		p.errorf(p.tok.pos, "expected a number, found %s", p.tok.kind)
	}
	v := p.tok.val
	p.next()
	return sign * v
}

// check rejects modifiers that make no sense on their group or together.
// It runs on every group parsed, so it builds nothing (no list of faces, no
// name for the group) unless it has an error to report.
func (p *parser) check(d *diceNode, explodePos, rerollPos, keepPos, successPos Pos) {
	if d.kind == d66Die {
		for _, pos := range [...]Pos{explodePos, rerollPos, keepPos, successPos} {
			if pos >= 0 {
				p.errorf(pos, "d66 takes no modifiers")
			}
		}
		return
	}
	faces := d.maxFace() - d.minFace() + 1
	if explodePos >= 0 {
		switch {
		case d.kind == fudgeDie:
			p.errorf(explodePos, "Fudge dice do not explode")
		case keepPos >= 0:
			p.errorf(keepPos, "keep/drop cannot be combined with exploding dice")
		case d.matches(d.explode) == 0:
			p.errorf(explodePos, "%s never explodes: no face meets %s", d.name(), d.explode)
		case d.matches(d.explode) == faces:
			p.errorf(explodePos, "%s would explode forever: every face meets %s", d.name(), d.explode)
		}
	}
	if rerollPos >= 0 && d.matches(d.reroll) == 0 {
		p.errorf(rerollPos, "%s never rerolls: no face meets %s", d.name(), d.reroll)
	}
	if keepPos >= 0 {
		switch d.keep {
		case keepHighest, keepLowest:
			if d.keepN < 1 || d.keepN > d.count {
				p.errorf(keepPos, "cannot keep %d of %d dice", d.keepN, d.count)
			}
		default:
			if d.keepN < 1 || d.keepN >= d.count {
				p.errorf(keepPos, "cannot drop %d of %d dice", d.keepN, d.count)
			}
		}
	}
	if successPos >= 0 && d.matches(d.success) == 0 {
		p.errorf(successPos, "no face of %s meets %s: nothing can succeed", d.name(), d.success)
	}
}

// matches counts the faces of one die of the group that meet c. The faces
// of a plain or Fudge die are every number from minFace to maxFace, so this
// is the overlap of two ranges. (d66, whose faces have gaps, takes no
// modifiers.)
func (d *diceNode) matches(c cond) int {
	lo, hi := d.minFace(), d.maxFace()
	switch c.op {
	case cmpEq:
		lo, hi = max(lo, c.val), min(hi, c.val)
	case cmpGE:
		lo = max(lo, c.val)
	case cmpLE:
		hi = min(hi, c.val)
	default:
		return 0
	}
	return max(0, hi-lo+1)
}

// name names the group's die in error messages: "d6", "dF".
func (d *diceNode) name() string {
	if d.kind == fudgeDie {
		return "dF"
	}
	return "d" + strconv.Itoa(d.sides)
}
