package dice

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Die is one die of a roll.
//
// Every face the roll drew is a Die, in the order drawn: a die that was
// rerolled appears twice, first with Rerolled set (that face no longer
// counts), then with the face that stands; an exploding die is followed by
// the die its explosion added. A d66 is one Die with Sides 66 and a Face of
// 11..66 (tens die, units die); a Fudge die has Sides 3 and a Face of -1..1.
type Die struct {
	Sides    int  `json:"sides"`
	Face     int  `json:"face"`
	Group    int  `json:"group"` // index of the dice group in the expression, from 0
	Fudge    bool `json:"fudge,omitempty"`
	Kept     bool `json:"kept"`              // counts toward the total: neither dropped nor rerolled
	Dropped  bool `json:"dropped,omitempty"` // dropped by kh, kl, dh or dl
	Exploded bool `json:"exploded"`          // met the explosion trigger and added the next die
	Rerolled bool `json:"rerolled"`          // rerolled: the next die of the group replaces it
	Success  bool `json:"success,omitempty"` // kept and met the group's success count
}

// String renders the die as Result.String does: the face ([+] [_] [-] for
// Fudge dice), "!" after an exploding die, "*" after a success, and
// parentheses around a face that does not count: "(1)" dropped, "(1r)" rerolled.
func (d Die) String() string {
	var b strings.Builder
	d.write(&b)
	return b.String()
}

func (d Die) write(b *strings.Builder) {
	if !d.Kept {
		b.WriteByte('(')
	}
	if d.Fudge {
		b.WriteString(FudgeSymbol(d.Face))
	} else {
		b.WriteString(strconv.Itoa(d.Face))
	}
	if d.Exploded {
		b.WriteByte('!')
	}
	if d.Success {
		b.WriteByte('*')
	}
	if d.Rerolled {
		b.WriteByte('r')
	}
	if !d.Kept {
		b.WriteByte(')')
	}
}

// Result is the outcome of one roll of an expression.
type Result struct {
	Expr  *Expr
	Total int
	Dice  []Die // every die drawn, grouped by Die.Group in expression order
}

// String renders the roll in one line. An expression that is one group of
// dice prints its dice and total:
//
//	4d6kh3: 6 5 (1) 3 = 14
//	4dF: [+] [_] [-] [+] = 1
//	5d6!>=4: 6!* 2 4* 1 5* 3 = 3
//
// Any other expression prints itself with each group's dice in braces after
// the group: "1d20-2d6: d20{14}-2d6{3 5} = 6". See Die.String for the marks.
func (r *Result) String() string {
	var p printer
	p.b.WriteString(r.Expr.text)
	if len(r.Dice) == 0 && len(r.Expr.prog.groups) == 0 {
		p.b.WriteString(" = ")
		p.b.WriteString(strconv.Itoa(r.Total))
		return p.b.String()
	}
	p.b.WriteString(": ")
	if _, ok := r.Expr.root.(*diceNode); ok {
		r.writeGroup(&p.b, 0)
	} else {
		gi := 0
		p.dice = func(b *strings.Builder, d *diceNode) {
			d.write(b)
			b.WriteByte('{')
			r.writeGroup(b, gi)
			b.WriteByte('}')
			gi++
		}
		p.node(r.Expr.root)
	}
	p.b.WriteString(" = ")
	p.b.WriteString(strconv.Itoa(r.Total))
	return p.b.String()
}

func (r *Result) writeGroup(b *strings.Builder, gi int) {
	first := true
	for _, d := range r.Dice {
		if d.Group != gi {
			continue
		}
		if !first {
			b.WriteByte(' ')
		}
		first = false
		d.write(b)
	}
}

// MarshalJSON writes {"expr": canonical text, "total": ..., "dice": [...]}.
func (r *Result) MarshalJSON() ([]byte, error) {
	dice := r.Dice
	if dice == nil {
		dice = []Die{}
	}
	return json.Marshal(struct {
		Expr  string `json:"expr"`
		Total int    `json:"total"`
		Dice  []Die  `json:"dice"`
	}{r.Expr.text, r.Total, dice})
}

// opcode is an instruction of a compiled expression.
type opcode uint8

const (
	opConst opcode = iota // push arg
	opNeg                 // negate the top
	opAdd                 // pop y, x; push x+y
	opSub                 // x-y
	opMul                 // x*y
	opDiv                 // x/y rounding toward zero
	opDice                // roll group arg and push its value
)

type instr struct {
	op  opcode
	arg int
}

// program is an expression flattened into postfix code for a stack machine,
// so that a roll walks a slice instead of a tree.
type program struct {
	code   []instr
	groups []*diceNode
	stack  int  // deepest stack the code needs
	single bool // the code is one dice group
	draws  int  // dice drawn by a roll without explosions, at most
}

func compile(root node, size int) program {
	p := program{code: make([]instr, 0, size)}
	depth := 0
	push := func(in instr, delta int) {
		p.code = append(p.code, in)
		depth += delta
		p.stack = max(p.stack, depth)
	}
	var walk func(n node)
	walk = func(n node) {
		switch n := n.(type) {
		case *numNode:
			push(instr{opConst, n.val}, 1)
		case *negNode:
			walk(n.x)
			push(instr{op: opNeg}, 0)
		case *binNode:
			walk(n.x)
			walk(n.y)
			op := opAdd
			switch n.op {
			case '-':
				op = opSub
			case '*':
				op = opMul
			case '/':
				op = opDiv
			}
			push(instr{op: op}, -1)
		case *diceNode:
			push(instr{opDice, len(p.groups)}, 1)
			p.groups = append(p.groups, n)
			draws := n.count
			if n.reroll.op != cmpNone {
				draws *= 2
			}
			if n.explode.op != cmpNone {
				// Room for a few explosions, so that most rolls fit.
				draws += draws/2 + 2
			}
			p.draws += draws
		}
	}
	walk(root)
	p.single = len(p.code) == 1 && p.code[0].op == opDice
	return p
}

// arena hands out Results and room for their dice in blocks, so that a
// roll costs a fraction of an allocation. It lives in the Stream, which one
// goroutine uses at a time. A Result kept alive keeps its blocks alive too
// (a few kilobytes at most).
type arena struct {
	results []Result
	dice    []Die
}

const (
	arenaResults = 64  // Results per block
	arenaDice    = 256 // dice per block; bigger rolls get their own
)

// result returns an empty Result with room for n dice. Room beyond n comes
// from an ordinary append, so explosions never write into a neighbour.
func (a *arena) result(n int) *Result {
	if len(a.results) == 0 {
		a.results = make([]Result, arenaResults)
	}
	r := &a.results[0]
	a.results = a.results[1:]
	switch {
	case n > arenaDice/4:
		r.Dice = make([]Die, 0, n)
	case n > 0:
		if n > len(a.dice) {
			a.dice = make([]Die, arenaDice)
		}
		r.Dice = a.dice[:0:n]
		a.dice = a.dice[n:]
	}
	return r
}

// Roll rolls the expression with dice drawn from s and returns the total and
// every die. It fails only when explosions push the roll past MaxDice dice;
// the dice drawn so far stay drawn from s.
func (e *Expr) Roll(s *Stream) (*Result, error) {
	r := s.arena.result(e.prog.draws)
	r.Expr = e
	total, dice, err := e.eval(s, r.Dice)
	if err != nil {
		return nil, err
	}
	r.Total, r.Dice = total, dice
	return r, nil
}

// RollTotal rolls the expression like Roll, drawing the same faces from s,
// but returns only the total. It does not allocate for expressions of up to
// 16 dice.
func (e *Expr) RollTotal(s *Stream) (int, error) {
	var buf [16]Die
	total, _, err := e.eval(s, buf[:0])
	return total, err
}

// eval runs the program, appending the dice it draws to dice.
func (e *Expr) eval(s *Stream, dice []Die) (int, []Die, error) {
	if e.prog.single {
		drawn := 0
		return e.rollGroup(0, s, dice, &drawn)
	}
	var buf [16]int
	st := buf[:0]
	if e.prog.stack > len(buf) {
		st = make([]int, 0, e.prog.stack)
	}
	drawn := 0
	for _, in := range e.prog.code {
		switch in.op {
		case opConst:
			st = append(st, in.arg)
			continue
		case opNeg:
			st[len(st)-1] = -st[len(st)-1]
			continue
		case opDice:
			var v int
			var err error
			v, dice, err = e.rollGroup(in.arg, s, dice, &drawn)
			if err != nil {
				return 0, nil, err
			}
			st = append(st, v)
			continue
		}
		x, y := st[len(st)-2], st[len(st)-1]
		st = st[:len(st)-1]
		switch in.op {
		case opAdd:
			x += y
		case opSub:
			x -= y
		case opMul:
			x *= y
		case opDiv:
			if y == 0 { // the parser rejects divisors that can be 0
				return 0, nil, fmt.Errorf("dice: %s: division by zero", e.text)
			}
			x /= y
		}
		st[len(st)-1] = x
	}
	return st[0], dice, nil
}

// face draws one face of a die of group d.
func (d *diceNode) face(s *Stream) int {
	switch d.kind {
	case fudgeDie:
		return s.draw(3) - 2
	case d66Die:
		t := s.draw(6)
		return 10*t + s.draw(6)
	}
	return s.draw(d.sides)
}

// draw is Stream.Roll without its indirections: it reads the ChaCha8 source
// directly and reduces to 1..sides the way math/rand/v2's IntN does on
// 64-bit platforms (Lemire's multiply-and-reject: the high word of x*sides,
// drawing again while the low word falls in the biased sliver), so it hands
// out exactly the faces Stream.Roll would. TestStream_DrawMatchesRoll holds
// it to that; 32-bit platforms, where IntN works differently, use Roll.
func (s *Stream) draw(sides int) int {
	if bits.UintSize == 32 {
		return s.Roll(sides)
	}
	n := uint64(sides)
	var v uint64
	if n&(n-1) == 0 {
		v = s.src.Uint64() & (n - 1)
	} else {
		hi, lo := bits.Mul64(s.src.Uint64(), n)
		if lo < n {
			reject := -n % n
			for lo < reject {
				hi, lo = bits.Mul64(s.src.Uint64(), n)
			}
		}
		v = hi
	}
	face := int(v) + 1
	if s.record {
		s.draws = append(s.draws, Draw{Sides: sides, Face: face})
	}
	return face
}

// rollGroup rolls group gi, appends its dice and returns its value. Each die
// is drawn, rerolled once if it meets the reroll trigger (the new face
// stands), and, if the standing face meets the explosion trigger, followed
// by another die treated the same way, up to MaxExplode times. Then keep/drop
// picks the dice that count, and the group's value is either their sum or
// the number of them meeting the success count.
func (e *Expr) rollGroup(gi int, s *Stream, dice []Die, drawn *int) (int, []Die, error) {
	d := e.prog.groups[gi]
	start := len(dice)
	perFace := 1
	if d.kind == d66Die {
		perFace = 2
	}
	proto := Die{Sides: d.sides, Fudge: d.kind == fudgeDie, Kept: true, Group: gi}
	if d.reroll.op == cmpNone && d.explode.op == cmpNone {
		// Fast path: exactly count dice, one draw each (two for d66).
		*drawn += d.count * perFace
		if *drawn > MaxDice {
			return 0, nil, fmt.Errorf("dice: %s: more than %d dice in one roll", e.text, MaxDice)
		}
		total := 0
		switch {
		case d.kind == plainDie && d.keep == keepAll && d.success.op != cmpNone:
			// A success pool (10d6>=4): count as the dice land.
			for range d.count {
				die := proto
				die.Face = s.draw(d.sides)
				if d.success.match(die.Face) {
					die.Success = true
					total++
				}
				dice = append(dice, die)
			}
			return total, dice, nil
		case d.kind == plainDie:
			for range d.count {
				proto.Face = s.draw(d.sides)
				total += proto.Face
				dice = append(dice, proto)
			}
		case d.kind == fudgeDie:
			for range d.count {
				proto.Face = s.draw(3) - 2
				total += proto.Face
				dice = append(dice, proto)
			}
		default:
			for range d.count {
				proto.Face = d.face(s)
				total += proto.Face
				dice = append(dice, proto)
			}
		}
		if d.keep == keepAll && d.success.op == cmpNone {
			return total, dice, nil
		}
		return d.score(dice[start:]), dice, nil
	}
	for range d.count {
		for explosions := 0; ; explosions++ {
			*drawn += perFace
			if *drawn > MaxDice {
				return 0, nil, fmt.Errorf("dice: %s: more than %d dice in one roll", e.text, MaxDice)
			}
			die := proto
			die.Face = d.face(s)
			if d.reroll.op != cmpNone && d.reroll.match(die.Face) {
				die.Rerolled, die.Kept = true, false
				dice = append(dice, die)
				*drawn += perFace
				die = proto
				die.Face = d.face(s)
			}
			if d.explode.op != cmpNone && explosions < MaxExplode && d.explode.match(die.Face) {
				die.Exploded = true
				dice = append(dice, die)
				continue
			}
			dice = append(dice, die)
			break
		}
	}
	return d.score(dice[start:]), dice, nil
}

// score applies keep/drop to the dice of a group and returns its value: the
// sum of the kept faces or the number of kept dice that succeed.
func (d *diceNode) score(group []Die) int {
	if d.keep != keepAll {
		keepDice(group, d.keep, d.keepN)
	}
	total := 0
	for i := range group {
		g := &group[i]
		if !g.Kept {
			continue
		}
		if d.success.op == cmpNone {
			total += g.Face
		} else if d.success.match(g.Face) {
			g.Success = true
			total++
		}
	}
	return total
}

// keepDice marks the dice that keep/drop removes as dropped. Among equal
// faces the earlier die goes first.
func keepDice(group []Die, op keepOp, n int) {
	standing := 0
	for _, g := range group {
		if !g.Rerolled {
			standing++
		}
	}
	// Drop m dice from the low end (or the high end).
	var m int
	var low bool
	switch op {
	case keepHighest:
		m, low = standing-n, true
	case keepLowest:
		m, low = standing-n, false
	case dropHighest:
		m, low = n, false
	case dropLowest:
		m, low = n, true
	}
	// Take whichever is fewer: m dice out from one end, or everything out and
	// standing-m back in from the other end.
	pick, wantKept := m, true
	if m > standing-m {
		pick, wantKept = standing-m, false
		low = !low
		for i := range group {
			if !group[i].Rerolled {
				group[i].Kept, group[i].Dropped = false, true
			}
		}
	}
	for range pick {
		best := -1
		for i, g := range group {
			if g.Rerolled || g.Kept != wantKept {
				continue
			}
			if best < 0 || (low && g.Face < group[best].Face) || (!low && g.Face > group[best].Face) {
				best = i
			}
		}
		group[best].Kept, group[best].Dropped = !wantKept, wantKept
	}
}
