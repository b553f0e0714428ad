package engine

import "strconv"

// MaxQuoted is the most characters (runes) of a client's text that an error
// message repeats: enough to recognise what was sent, never a whole
// request body sent back in the error.
const MaxQuoted = 60

// Clip returns s cut to its first MaxQuoted runes, with "…" where it was
// cut, for an error that repeats text a client sent. It cuts between runes,
// never inside one (a byte of invalid UTF-8 counts as one).
func Clip(s string) string {
	n := 0
	for i := range s {
		if n == MaxQuoted {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// Quote returns s clipped (Clip) and quoted as %q quotes it: how every
// error quotes a value a client sent (an action's kind, an option's value,
// a name, a field of a JSON body).
func Quote(s string) string { return strconv.Quote(Clip(s)) }

// LowerASCII lowers the ASCII letters of s only, for reading an action's
// text form in any case: the result has the same length as s, so an index
// into one is an index into the other (strings.ToLower may change the
// length of a name that is not ASCII).
func LowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
