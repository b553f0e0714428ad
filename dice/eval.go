package dice

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
)

// Die is one die of a roll.
//
// Every face the roll drew is a Die, in the order drawn: a die that was
// rerolled appears twice, first with Rerolled set (that face no longer
// counts), then with the face that stands; an exploding die is followed by
// the die its explosion added. A d66 is one Die with D66 set, no Sides
// (there is no 66-sided die: it is two d6) and a Face of 11..66 (tens die,
// units die); a Fudge die has Sides 3 and a Face of -1..1.
type Die struct {
	Sides    int  `json:"sides,omitempty"` // 0 for a d66
	Face     int  `json:"face"`
	Group    int  `json:"group"` // index of the dice group in the expression, from 0
	Fudge    bool `json:"fudge,omitempty"`
	D66      bool `json:"d66,omitempty"`     // a tens d6 and a units d6, read as Face 11..66
	Kept     bool `json:"kept"`              // counts toward the total: neither dropped nor rerolled
	Dropped  bool `json:"dropped,omitempty"` // dropped by kh, kl, dh or dl
	Exploded bool `json:"exploded"`          // met the explosion trigger and added the next die
	Rerolled bool `json:"rerolled"`          // rerolled: the next die of the group replaces it
	Success  bool `json:"success,omitempty"` // kept and met the group's success count
}

// String renders the die as Result.String does: the face ([+] [_] [-] for
// Fudge dice), "!" after an exploding die, "*" after a success, and
// parentheses around a face that does not count: "(1)" dropped, "(1r)" rerolled.
func (d Die) String() string { return string(d.appendText(nil)) }

func (d Die) appendText(b []byte) []byte {
	if !d.Kept {
		b = append(b, '(')
	}
	if d.Fudge {
		b = append(b, FudgeSymbol(d.Face)...)
	} else {
		b = strconv.AppendInt(b, int64(d.Face), 10)
	}
	if d.Exploded {
		b = append(b, '!')
	}
	if d.Success {
		b = append(b, '*')
	}
	if d.Rerolled {
		b = append(b, 'r')
	}
	if !d.Kept {
		b = append(b, ')')
	}
	return b
}

// Result is the outcome of one roll of an expression.
type Result struct {
	Expr  *Expr
	Total int // for an expression that compares its total: 1 if the comparison holds, 0 if not
	// Compared is the total that an expression which compares its total
	// (Expr.Compares) compared: 17 for "1d20+3>=12" rolling 14. For any
	// other expression it equals Total.
	Compared int
	Dice     []Die // every die drawn, grouped by Die.Group in expression order
}

// Holds reports whether the comparison of an expression that compares its
// total held (Total is 1); for any other expression it reports whether the
// total is not 0.
func (r *Result) Holds() bool { return r.Total != 0 }

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
	b := append([]byte(nil), r.Expr.text...)
	if len(r.Dice) == 0 && len(r.Expr.prog.groups) == 0 {
		b = append(b, " = "...)
		return string(strconv.AppendInt(b, int64(r.Total), 10))
	}
	b = append(b, ": "...)
	if _, ok := r.Expr.root.(*diceNode); ok {
		b = r.appendGroup(b, 0)
	} else {
		b = appendNode(b, r.Expr.root, &rolledDice{r: r})
	}
	if r.Expr.Compares() {
		if r.Holds() {
			b = append(b, ": true (1)"...)
		} else {
			b = append(b, ": false (0)"...)
		}
		return string(b)
	}
	b = append(b, " = "...)
	return string(strconv.AppendInt(b, int64(r.Total), 10))
}

func (r *Result) appendGroup(b []byte, gi int) []byte {
	first := true
	for _, d := range r.Dice {
		if d.Group != gi {
			continue
		}
		if !first {
			b = append(b, ' ')
		}
		first = false
		b = d.appendText(b)
	}
	return b
}

// MarshalJSON writes {"expr": canonical text, "total": ..., "dice": [...]},
// and for an expression that compares its total "compared" (the total
// compared) and "holds" (the verdict) too.
func (r *Result) MarshalJSON() ([]byte, error) {
	dice := r.Dice
	if dice == nil {
		dice = []Die{}
	}
	var compared *int
	var holds *bool
	if r.Expr.Compares() {
		c, h := r.Compared, r.Holds()
		compared, holds = &c, &h
	}
	// The expression is written as typed ("5d6>=4", not "5d6\u003e=4"):
	// whoever puts the JSON into HTML escapes it there.
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(struct {
		Expr     string `json:"expr"`
		Total    int    `json:"total"`
		Compared *int   `json:"compared,omitempty"`
		Holds    *bool  `json:"holds,omitempty"`
		Dice     []Die  `json:"dice"`
	}{r.Expr.text, r.Total, compared, holds, dice}); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
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
	opCheck               // pop y, x; push 1 if x meets cond{cmpOp(arg), y}, else 0
)

// instr is an instruction. Its argument, a constant (at most MaxNumber) or
// a group's index, fits in 32 bits, which halves the code kept in an Expr.
type instr struct {
	op  opcode
	arg int32
}

// program is an expression flattened into postfix code for a stack machine,
// so that a roll walks a slice instead of a tree.
type program struct {
	code   []instr
	groups []*diceNode
	stack  int  // deepest stack the code needs
	single bool // the code is one dice group
	check  bool // the expression compares its total (the code ends with opCheck)
	draws  int  // dice drawn by a roll without explosions, at most
}

// compile flattens the tree of e, of size nodes, into e.prog, taking room
// for the code and the list of groups from e.mem when they fit. It fills
// e.prog in place: returning a program, which holds pointers, and storing
// it in the Expr copied it through the runtime's write barrier.
func compile(e *Expr, size int) {
	p := &e.prog
	p.code, p.groups = e.mem.code[:0], e.mem.groups[:0]
	if size > len(e.mem.code) {
		p.code = make([]instr, 0, size)
	}
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
			push(instr{opConst, int32(n.val)}, 1)
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
		case *checkNode:
			walk(n.x)
			push(instr{opConst, int32(n.c.val)}, 1)
			push(instr{opCheck, int32(n.c.op)}, -1)
		case *diceNode:
			push(instr{opDice, int32(len(p.groups))}, 1)
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
	walk(e.root)
	p.single = len(p.code) == 1 && p.code[0].op == opDice
	_, p.check = e.root.(*checkNode)
}

// arena hands out Results and room for their dice in blocks, so that a
// roll costs a fraction of an allocation. It lives in the Stream, which one
// goroutine uses at a time. A Result kept alive keeps its blocks alive too.
//
// A stream's first blocks are small, and each new block is twice the size
// of the last, up to maxResults and maxDice: a stream that rolls once
// allocates little, and one that rolls all day allocates a block every few
// hundred rolls. Each block costs the allocator a fixed amount on top of
// clearing its memory (fetching a span, sweeping it later), and with blocks
// of 64 Results and 256 dice that fixed part was a tenth of a roll.
type arena struct {
	results []Result // the current block of Results; results[nextR:] are free
	nextR   int
	dice    []Die // the current block of dice; dice[nextD:] are free
	nextD   int
}

const (
	minResults, maxResults = 16, 512  // Results per block (512 Results are 20 KB)
	minDice, maxDice       = 64, 2048 // dice per block; rolls of over maxDice/4 get their own
)

// grow returns the size of the block after one of n elements: double, within [lo, hi].
func grow(n, lo, hi int) int { return min(max(2*n, lo), hi) }

// alloc returns an empty Result and room for n dice (an empty slice with
// capacity n). Room beyond n comes from an ordinary append, so explosions
// never write into a neighbour. The blocks are used up by advancing an
// index rather than by reslicing them: a Stream lives on the heap, and
// every pointer stored there while the collector runs goes through its
// write barrier, which cost more than the rest of a one-die roll.
func (a *arena) alloc(n int) (*Result, []Die) {
	if a.nextR == len(a.results) {
		a.results, a.nextR = make([]Result, grow(len(a.results), minResults, maxResults)), 0
	}
	r := &a.results[a.nextR]
	a.nextR++
	switch {
	case n > maxDice/4:
		return r, make([]Die, 0, n)
	case n > len(a.dice)-a.nextD:
		size := grow(len(a.dice), minDice, maxDice)
		for size < n { // a block holds at least the roll asking for it
			size = grow(size, minDice, maxDice)
		}
		a.dice, a.nextD = make([]Die, size), 0
	}
	dice := a.dice[a.nextD : a.nextD : a.nextD+n]
	a.nextD += n
	return r, dice
}

// Roll rolls the expression with dice drawn from s and returns the total and
// every die. It fails only when explosions push the roll past MaxDice dice;
// the dice drawn so far stay drawn from s.
func (e *Expr) Roll(s *Stream) (*Result, error) {
	r, dice := s.arena.alloc(e.prog.draws)
	total, compared, dice, err := e.eval(s, dice)
	if err != nil {
		return nil, err
	}
	// Field by field: assigning a whole Result copies it through the
	// runtime's bulk write barrier while the collector runs, which cost
	// a tenth of a roll.
	r.Expr, r.Total, r.Compared, r.Dice = e, total, compared, dice
	return r, nil
}

// RollTotal rolls the expression like Roll, drawing the same faces from s,
// but returns only the total. It does not allocate for expressions of up to
// 16 dice.
func (e *Expr) RollTotal(s *Stream) (int, error) {
	var buf [16]Die
	total, _, _, err := e.eval(s, buf[:0])
	return total, err
}

// eval runs the program, appending the dice it draws to dice. It returns
// the value and the total compared (see Result.Compared).
func (e *Expr) eval(s *Stream, dice []Die) (total, compared int, _ []Die, _ error) {
	if e.prog.single {
		drawn := 0
		total, dice, err := e.rollGroup(0, s, dice, &drawn)
		return total, total, dice, err
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
			st = append(st, int(in.arg))
			continue
		case opNeg:
			st[len(st)-1] = -st[len(st)-1]
			continue
		case opDice:
			var v int
			var err error
			v, dice, err = e.rollGroup(int(in.arg), s, dice, &drawn)
			if err != nil {
				return 0, 0, nil, err
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
				return 0, 0, nil, fmt.Errorf("dice: %s: division by zero", e.text)
			}
			x /= y
		case opCheck:
			compared = x
			x = b2i(cond{cmpOp(in.arg), y}.match(x))
		}
		st[len(st)-1] = x
	}
	if !e.prog.check {
		compared = st[0]
	}
	return st[0], compared, dice, nil
}

// draw is Stream.Roll without its indirections: one face of a die with the
// given number of sides, recorded if the stream records. The loops that
// roll a group draw through uniform and record the group's draws at the
// end (see recordDice). TestStream_DrawMatchesRoll holds draw, and so
// uniform, to handing out exactly the faces Stream.Roll would.
func (s *Stream) draw(sides int) int {
	face := int(s.uniform(uint64(sides))) + 1
	if s.record {
		s.draws = append(s.draws, Draw{Sides: sides, Face: face})
	}
	return face
}

// uniform returns a uniform value in [0, n), n > 0, taking from the ChaCha8
// source exactly what Stream.Roll's rng.IntN(n) takes and returning the same
// value. It reads the source directly and reduces as math/rand/v2 does on
// 64-bit platforms (see reduce); 32-bit platforms, where IntN works
// differently, go through the Rand.
func (s *Stream) uniform(n uint64) uint64 {
	if bits.UintSize == 32 {
		return uint64(s.rng.IntN(int(n)))
	}
	v, ok := reduce(s.src.Uint64(), n)
	if !ok {
		v = s.redraw(n)
	}
	return v
}

// reduce maps x, a draw from the source, to [0, n) as math/rand/v2 does on
// 64-bit platforms: a power of two masks the low bits; any other n takes the
// high word of x*n (Lemire's multiply-and-reject), unless the low word falls
// in the biased sliver below -n%n, when reduce reports false and the caller
// must redraw. (The sliver is below n, so the modulo is computed about once
// in 2^64/n draws.) Without a call of its own, reduce inlines into the loops
// that draw many dice, which call the source themselves: one call per die
// where there were three.
func reduce(x, n uint64) (uint64, bool) {
	if n&(n-1) == 0 {
		return x & (n - 1), true
	}
	hi, lo := bits.Mul64(x, n)
	return hi, lo >= n || lo >= -n%n
}

// redraw draws again after reduce reported the biased sliver, as often as
// it takes.
func (s *Stream) redraw(n uint64) uint64 {
	for {
		if v, ok := reduce(s.src.Uint64(), n); ok {
			return v
		}
	}
}

// face draws one face of a die of group d, without recording it: for a d66
// a tens d6 and a units d6 (11..66), for the others see draws.
func (d *diceNode) face(s *Stream) int {
	if d.kind == d66Die {
		return 10*(1+int(s.uniform(6))) + 1 + int(s.uniform(6))
	}
	n, base := d.draws()
	return base + int(s.uniform(n))
}

// recordDice records the draws behind dice, the dice of group d in the
// order they were drawn, as draw would have recorded them one by one: one
// draw per die (a Fudge die is a d3 showing 1..3), two d6 for a d66.
func (s *Stream) recordDice(d *diceNode, dice []Die) {
	if s.record {
		s.appendDraws(d, dice)
	}
}

// appendDraws is recordDice's loop, apart so that the test inlines.
func (s *Stream) appendDraws(d *diceNode, dice []Die) {
	for _, g := range dice {
		switch d.kind {
		case d66Die:
			s.draws = append(s.draws, Draw{Sides: 6, Face: g.Face / 10}, Draw{Sides: 6, Face: g.Face % 10})
		case fudgeDie:
			s.draws = append(s.draws, Draw{Sides: 3, Face: g.Face + 2})
		default:
			s.draws = append(s.draws, Draw{Sides: d.sides, Face: g.Face})
		}
	}
}

// rollGroup rolls group gi, appends its dice and returns its value. Each die
// is drawn, rerolled once if it meets the reroll trigger (the new face
// stands), and, if the standing face meets the explosion trigger, followed
// by another die treated the same way, up to MaxExplode times. Then keep/drop
// picks the dice that count, and the group's value is either their sum or
// the number of them meeting the success count.
//
// The stream records the group's draws once the group is rolled rather
// than as it draws them: nothing else draws in between, so the record is
// the same, and the loops are left with a draw and a few stores per die.
func (e *Expr) rollGroup(gi int, s *Stream, dice []Die, drawn *int) (int, []Die, error) {
	d := e.prog.groups[gi]
	start := len(dice)
	if d.plain() {
		*drawn += d.count * d.drawsPerDie()
		if *drawn > MaxDice {
			return 0, nil, e.tooManyDice()
		}
		dice = slices.Grow(dice, d.count)[:start+d.count]
		return d.rollPlain(gi, s, dice[start:]), dice, nil
	}
	// Rerolls or explosions, which d66 does not take: one draw per die.
	n, base := d.draws()
	for range d.count {
		for explosions := 0; ; explosions++ {
			*drawn++
			if *drawn > MaxDice {
				s.recordDice(d, dice[start:])
				return 0, nil, e.tooManyDice()
			}
			face := base + int(s.uniform(n))
			if d.reroll.op != cmpNone && d.reroll.match(face) {
				dice = d.appendDie(dice, gi, face)
				dice[len(dice)-1].Kept, dice[len(dice)-1].Rerolled = false, true
				*drawn++
				face = base + int(s.uniform(n))
			}
			exploded := d.explode.op != cmpNone && explosions < MaxExplode && d.explode.match(face)
			dice = d.appendDie(dice, gi, face)
			dice[len(dice)-1].Exploded = exploded
			if !exploded {
				break
			}
		}
	}
	s.recordDice(d, dice[start:])
	return d.score(dice[start:]), dice, nil
}

func (e *Expr) tooManyDice() error {
	return fmt.Errorf("dice: %s: more than %d dice in one roll", e.text, MaxDice)
}

// plain reports whether every die of the group stands as first drawn: no
// rerolls or explosions (keep/drop and success counts are fine). Such a
// group always rolls exactly count dice.
func (d *diceNode) plain() bool {
	return d.reroll.op == cmpNone && d.explode.op == cmpNone
}

// draws returns how a plain or Fudge die is drawn: its face is base plus a
// uniform value in [0, n) (a Fudge die is a d3 read as -1, 0, +1).
func (d *diceNode) draws() (n uint64, base int) {
	if d.kind == fudgeDie {
		return 3, -1
	}
	return uint64(d.sides), 1
}

// drawsPerDie is how many draws make one die of the group: two for a d66.
func (d *diceNode) drawsPerDie() int {
	if d.kind == d66Die {
		return 2
	}
	return 1
}

// rollPlain rolls a plain group (see plain) into out, which has room for
// exactly its dice, and returns its value. It is the common case, and its
// loop is kept to a draw and a few stores per die: it calls the source
// itself and reduces with the inlined reduce, as uniform does. (A d66, two
// draws a die, and 32-bit platforms, see uniform, draw through face.)
func (d *diceNode) rollPlain(gi int, s *Stream, out []Die) int {
	total := 0
	if d.kind == d66Die || bits.UintSize == 32 {
		for i := range out {
			face := d.face(s)
			d.setDie(&out[i], gi, face)
			total += face
		}
	} else {
		n, base := d.draws()
		for i := range out {
			v, ok := reduce(s.src.Uint64(), n)
			if !ok {
				v = s.redraw(n)
			}
			face := base + int(v)
			d.setDie(&out[i], gi, face)
			total += face
		}
	}
	s.recordDice(d, out)
	if d.keep == keepAll && d.success.op == cmpNone {
		return total
	}
	return d.score(out)
}

// setDie makes g a standing die of group gi showing face. It writes g field
// by field because building a Die and copying it into place makes the CPU
// read back, 16 bytes at a time, a struct it has only just written 8 and 1
// bytes at a time, and that load waits for the stores to reach the cache (a
// failed store forward): it cost more than the draw.
func (d *diceNode) setDie(g *Die, gi, face int) {
	g.Sides, g.Face, g.Group = d.sides, face, gi
	g.Fudge, g.Kept, g.Dropped, g.Exploded, g.Rerolled, g.Success = d.kind == fudgeDie, true, false, false, false, false
	if g.D66 = d.kind == d66Die; g.D66 {
		g.Sides = 0
	}
}

// appendDie appends a standing die of group gi showing face (see setDie).
func (d *diceNode) appendDie(dice []Die, gi, face int) []Die {
	dice = append(dice, Die{})
	d.setDie(&dice[len(dice)-1], gi, face)
	return dice
}

// score applies keep/drop to the dice of a group and returns its value: the
// sum of the kept faces or the number of kept dice that succeed.
func (d *diceNode) score(group []Die) int {
	if d.keep != keepAll {
		keepDice(group, d.keep, d.keepN)
	}
	total := 0
	if d.success.op == cmpNone {
		for i := range group {
			if group[i].Kept {
				total += group[i].Face
			}
		}
		return total
	}
	// Whether a die succeeds is a coin toss, so it is counted without a
	// branch to mispredict; a branch cost a third of rolling a pool.
	for i := range group {
		g := &group[i]
		g.Success = g.Kept && d.success.match(g.Face)
		total += b2i(g.Success)
	}
	return total
}

// b2i returns 1 for true and 0 for false; the compiler makes it a flag
// move rather than a branch.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
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
