package dice

import "strconv"

// node is an element of the parse tree. Trees carry no positions, so two
// parses of equivalent text give trees that compare equal with reflect.DeepEqual.
type node interface {
	// bounds returns the smallest and largest value the node can take.
	bounds() (lo, hi int)
}

// numNode is an integer constant.
type numNode struct {
	val int
}

// negNode is unary minus.
type negNode struct {
	x node
}

// binNode is a binary operation: '+', '-', '*' or '/' (rounding toward zero).
type binNode struct {
	op     byte
	x, y   node
	lo, hi int // bounds, computed once by the parser
}

// checkNode compares the total of x with a number: its value is 1 when
// the comparison holds and 0 when it does not. It is only ever the root.
type checkNode struct {
	x node
	c cond
}

func (n *checkNode) bounds() (lo, hi int) { return 0, 1 }

// dieKind tells plain dice from the special ones.
type dieKind uint8

const (
	plainDie dieKind = iota // faces 1..sides
	fudgeDie                // faces -1, 0, +1; sides is 3
	d66Die                  // a tens d6 and a units d6: 11..66; sides is 66
)

// cmpOp is the comparison of a cond.
type cmpOp uint8

const (
	cmpNone cmpOp = iota // no condition
	cmpEq                // =N
	cmpGE                // >=N
	cmpLE                // <=N
	cmpGT                // >N (a total only)
	cmpLT                // <N (a total only)
)

// cond is a condition on a face: the trigger of an explosion or a reroll, or
// what makes a success.
type cond struct {
	op  cmpOp
	val int
}

func (c cond) match(face int) bool {
	switch c.op {
	case cmpEq:
		return face == c.val
	case cmpGE:
		return face >= c.val
	case cmpLE:
		return face <= c.val
	case cmpGT:
		return face > c.val
	case cmpLT:
		return face < c.val
	}
	return false
}

func (c cond) String() string { return string(c.appendText(nil)) }

// appendText appends the condition as written: "=N", ">=N", "<=N", or
// nothing for no condition.
func (c cond) appendText(b []byte) []byte {
	switch c.op {
	case cmpEq:
		b = append(b, '=')
	case cmpGE:
		b = append(b, ">="...)
	case cmpLE:
		b = append(b, "<="...)
	case cmpGT:
		b = append(b, '>')
	case cmpLT:
		b = append(b, '<')
	default:
		return b
	}
	return strconv.AppendInt(b, int64(c.val), 10)
}

// keepOp is a keep or drop modifier.
type keepOp uint8

const (
	keepAll     keepOp = iota // no keep/drop modifier
	keepHighest               // khN
	keepLowest                // klN
	dropHighest               // dhN
	dropLowest                // dlN
)

var keepText = [...]string{keepAll: "", keepHighest: "kh", keepLowest: "kl", dropHighest: "dh", dropLowest: "dl"}

// diceNode is a group of dice rolled together, with its modifiers.
//
// The two one-byte fields come last, where they share a word: the nodes of a
// short expression live in its Expr (see exprMem), whose size is most of
// what parsing one costs.
type diceNode struct {
	count   int  // number of dice rolled (before explosions)
	sides   int  // 3 for Fudge dice, 66 for d66
	keepN   int  // how many dice kh/kl keep or dh/dl drop
	explode cond // explode when a face matches; cmpNone: no explosions
	reroll  cond // reroll once when a face matches; cmpNone: no rerolls
	success cond // count dice matching; cmpNone: sum the faces
	kind    dieKind
	keep    keepOp // keep/drop
}

// faces returns the faces of one die of the group, in increasing order.
func (d *diceNode) faces() []int {
	switch d.kind {
	case fudgeDie:
		return []int{-1, 0, 1}
	case d66Die:
		f := make([]int, 0, 36)
		for t := 1; t <= 6; t++ {
			for u := 1; u <= 6; u++ {
				f = append(f, 10*t+u)
			}
		}
		return f
	}
	f := make([]int, d.sides)
	for i := range f {
		f[i] = i + 1
	}
	return f
}

// minFace and maxFace are the lowest and highest face of one die.
func (d *diceNode) minFace() int {
	switch d.kind {
	case fudgeDie:
		return -1
	case d66Die:
		return 11
	}
	return 1
}

func (d *diceNode) maxFace() int {
	switch d.kind {
	case fudgeDie:
		return 1
	case d66Die:
		return 66
	}
	return d.sides
}

// kept returns how many dice count toward the total (without explosions).
func (d *diceNode) kept() int {
	switch d.keep {
	case keepHighest, keepLowest:
		return d.keepN
	case dropHighest, dropLowest:
		return d.count - d.keepN
	}
	return d.count
}

// maxDicePerDie is how many dice one die of the group can become: one per
// explosion (at most MaxExplode) plus the die itself.
func (d *diceNode) maxDicePerDie() int {
	if d.explode.op != cmpNone {
		return MaxExplode + 1
	}
	return 1
}

func (d *diceNode) bounds() (lo, hi int) {
	n := d.kept() * d.maxDicePerDie()
	if d.success.op != cmpNone {
		return 0, n
	}
	lo, hi = d.kept()*d.minFace(), n*d.maxFace()
	if d.explode.op != cmpNone && d.minFace() < 0 {
		lo = n * d.minFace()
	}
	return lo, hi
}

func (n *numNode) bounds() (lo, hi int) { return n.val, n.val }

func (n *negNode) bounds() (lo, hi int) {
	lo, hi = n.x.bounds()
	return -hi, -lo
}

func (n *binNode) bounds() (lo, hi int) { return n.lo, n.hi }

// precedence of a node when printed: higher binds tighter.
func precedence(n node) int {
	switch n := n.(type) {
	case *checkNode:
		return 0
	case *binNode:
		if n.op == '+' || n.op == '-' {
			return 1
		}
		return 2
	case *negNode:
		return 3
	}
	return 4
}

// appendNode appends the canonical text of a tree to b. If rolled is not
// nil, each dice group is followed by its dice in braces (Result.String).
// Appending to a slice that the caller can keep on its stack, rather than
// writing to a strings.Builder, lets Parse build the text without
// allocating (see canonicalText).
func appendNode(b []byte, n node, rolled *rolledDice) []byte {
	switch n := n.(type) {
	case *numNode:
		b = strconv.AppendInt(b, int64(n.val), 10)
	case *negNode:
		b = append(b, '-')
		b = appendOperand(b, n.x, precedence(n.x) < 3, rolled)
	case *binNode:
		prec := precedence(n)
		b = appendOperand(b, n.x, precedence(n.x) < prec, rolled)
		b = append(b, n.op)
		// Operators are left-associative: a right operand of equal precedence
		// needs parentheses to keep its shape (1-(2-3), 1+(2+3)).
		b = appendOperand(b, n.y, precedence(n.y) <= prec, rolled)
	case *checkNode:
		// A comparison right after a dice group would count its dice
		// ("4d6>=5"): the total of one is written in parentheses.
		// A roll shows the dice in braces, which say where a group ends.
		b = appendOperand(b, n.x, rolled == nil && endsInDice(n.x), rolled)
		if rolled != nil {
			b = append(b, " = "...)
			b = strconv.AppendInt(b, int64(rolled.r.Compared), 10)
			b = append(b, ' ')
		}
		b = n.c.appendText(b)
	case *diceNode:
		b = n.appendText(b)
		if rolled != nil {
			b = append(b, '{')
			b = rolled.r.appendGroup(b, rolled.group)
			b = append(b, '}')
			rolled.group++
		}
	}
	return b
}

// endsInDice reports whether the text of n, as appendNode writes it, ends
// with a dice group (so that a comparison written after it would be that
// group's success count).
func endsInDice(n node) bool {
	switch n := n.(type) {
	case *diceNode:
		return true
	case *negNode:
		return precedence(n.x) >= 3 && endsInDice(n.x)
	case *binNode:
		return precedence(n.y) > precedence(n) && endsInDice(n.y)
	}
	return false
}

// rolledDice is the roll whose dice appendNode writes after each group, and
// the index of the next group.
type rolledDice struct {
	r     *Result
	group int
}

func appendOperand(b []byte, n node, paren bool, rolled *rolledDice) []byte {
	if paren {
		b = append(b, '(')
	}
	b = appendNode(b, n, rolled)
	if paren {
		b = append(b, ')')
	}
	return b
}

// appendText appends the group in canonical form: the count unless it is 1,
// the sides, then explosion, reroll, keep/drop and success count in that
// order.
func (d *diceNode) appendText(b []byte) []byte {
	if d.count != 1 {
		b = strconv.AppendInt(b, int64(d.count), 10)
	}
	b = append(b, 'd')
	if d.kind == fudgeDie {
		b = append(b, 'F')
	} else {
		b = strconv.AppendInt(b, int64(d.sides), 10)
	}
	if d.explode.op != cmpNone {
		b = append(b, '!')
		// A plain "!" explodes on the highest face. A comparison right after
		// "!" belongs to the explosion only when something follows it (see
		// doc.go), which the parser guarantees for a non-default explosion.
		if d.explode != (cond{cmpEq, d.maxFace()}) {
			b = d.explode.appendText(b)
		}
	}
	if d.reroll.op != cmpNone {
		b = append(b, "ro"...)
		if d.reroll.op == cmpEq {
			b = strconv.AppendInt(b, int64(d.reroll.val), 10)
		} else {
			b = d.reroll.appendText(b)
		}
	}
	if d.keep != keepAll {
		b = append(b, keepText[d.keep]...)
		b = strconv.AppendInt(b, int64(d.keepN), 10)
	}
	return d.success.appendText(b)
}

func (d *diceNode) String() string { return string(d.appendText(nil)) }
