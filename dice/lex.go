package dice

import (
	"fmt"
	"unicode/utf8"
)

// Pos is a byte offset into the text of an expression.
type Pos int

// tokenKind identifies the kind of a token.
type tokenKind uint8

const (
	tokEOF     tokenKind = iota // end of input
	tokInt                      // decimal integer
	tokPlus                     // +
	tokMinus                    // -
	tokStar                     // *
	tokSlash                    // /
	tokLParen                   // (
	tokRParen                   // )
	tokBang                     // ! (explode)
	tokPct                      // % (d% = d100)
	tokEq                       // =
	tokGE                       // >=
	tokLE                       // <=
	tokGT                       // > (compares a total only)
	tokLT                       // < (compares a total only)
	tokKeyword                  // keywords follow; none is a token itself
	tokD                        // d (dice)
	tokF                        // f (Fudge sides)
	tokKH                       // kh (keep highest)
	tokKL                       // kl (keep lowest)
	tokDH                       // dh (drop highest)
	tokDL                       // dl (drop lowest)
	tokRO                       // ro (reroll once)
)

// tokenText names each kind in error messages.
var tokenText = [...]string{
	tokEOF:    "end of input",
	tokInt:    "number",
	tokPlus:   "'+'",
	tokMinus:  "'-'",
	tokStar:   "'*'",
	tokSlash:  "'/'",
	tokLParen: "'('",
	tokRParen: "')'",
	tokBang:   "'!'",
	tokPct:    "'%'",
	tokEq:     "'='",
	tokGE:     "'>='",
	tokLE:     "'<='",
	tokGT:     "'>'",
	tokLT:     "'<'",
	tokD:      "'d'",
	tokF:      "'F'",
	tokKH:     "'kh'",
	tokKL:     "'kl'",
	tokDH:     "'dh'",
	tokDL:     "'dl'",
	tokRO:     "'ro'",
}

func (k tokenKind) String() string { return tokenText[k] }

// isCompare reports whether k starts a comparison of a die's face (=, >=, <=).
func (k tokenKind) isCompare() bool { return k == tokEq || k == tokGE || k == tokLE }

// isCheck reports whether k starts a comparison of a total (=, >=, <=, >, <).
func (k tokenKind) isCheck() bool { return k.isCompare() || k == tokGT || k == tokLT }

// token is one lexical item.
type token struct {
	kind tokenKind
	pos  Pos
	val  int // value of a tokInt
}

// lexer splits an expression into tokens. Letters are case-insensitive and
// whitespace between tokens is skipped. A lexer reports errors by panicking
// with a *SyntaxError, which Parse recovers.
type lexer struct {
	input string
	pos   Pos
}

// errorf panics with a *SyntaxError at pos.
func (l *lexer) errorf(pos Pos, format string, args ...any) {
	panic(&SyntaxError{Input: l.input, Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// next returns the next token.
func (l *lexer) next() token {
	in := l.input
	for int(l.pos) < len(in) && isSpace(in[l.pos]) {
		l.pos++
	}
	start := l.pos
	if int(start) >= len(in) {
		return token{kind: tokEOF, pos: start}
	}
	c := lower(in[start])
	l.pos++
	kind := tokEOF
	switch c {
	case '+':
		kind = tokPlus
	case '-':
		kind = tokMinus
	case '*':
		kind = tokStar
	case '/':
		kind = tokSlash
	case '(':
		kind = tokLParen
	case ')':
		kind = tokRParen
	case '!':
		kind = tokBang
	case '%':
		kind = tokPct
	case '=':
		kind = tokEq
	case '>', '<':
		kind = tokGT
		if c == '<' {
			kind = tokLT
		}
		if l.peekByte() == '=' {
			l.pos++
			kind = tokGE
			if c == '<' {
				kind = tokLE
			}
		}
	case 'f':
		kind = tokF
	case 'd':
		// "dh" and "dl" drop dice; no die size starts with h or l, so a 'd'
		// followed by one of them is never a die.
		switch l.peekByte() {
		case 'h':
			l.pos++
			kind = tokDH
		case 'l':
			l.pos++
			kind = tokDL
		default:
			kind = tokD
		}
	case 'k':
		switch l.peekByte() {
		case 'h':
			kind = tokKH
		case 'l':
			kind = tokKL
		default:
			l.errorf(start, "unexpected 'k' (keep is kh or kl)")
		}
		l.pos++
	case 'r':
		if l.peekByte() != 'o' {
			l.errorf(start, "unexpected 'r' (reroll once is ro)")
		}
		l.pos++
		kind = tokRO
	default:
		if isDigit(c) {
			return l.number(start)
		}
		r, _ := utf8.DecodeRuneInString(in[start:])
		l.errorf(start, "unexpected %q", r)
	}
	return token{kind: kind, pos: start}
}

// number scans a decimal integer starting at start.
func (l *lexer) number(start Pos) token {
	in := l.input
	l.pos = start
	v := 0
	for int(l.pos) < len(in) && isDigit(in[l.pos]) {
		v = v*10 + int(in[l.pos]-'0')
		if v > MaxNumber {
			l.errorf(start, "number too large (max %d)", MaxNumber)
		}
		l.pos++
	}
	return token{kind: tokInt, pos: start, val: v}
}

// peekByte returns the lowercased byte at the current position, or 0 at the end.
func (l *lexer) peekByte() byte {
	if int(l.pos) >= len(l.input) {
		return 0
	}
	return lower(l.input[l.pos])
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
