package engine

import (
	"encoding/json"
	"unicode/utf8"
)

// JSONAppender is implemented by values that append their own JSON, byte
// for byte what json.Marshal writes of them, without encoding/json's
// reflection: views the server sends, actions a table logs (Table.Act),
// event data Keep copies. It is optional: a server encodes the views of
// every seat on every change, so a game whose views are large may write
// one for speed. Its bytes must then be json.Marshal's: enginetest.Run
// compares the two, at every step of its playouts, for every view, every
// legal action and the data of the events of the action it plays.
type JSONAppender interface {
	AppendJSON(b []byte) ([]byte, error)
}

// AppendJSON appends v as JSON, byte for byte what json.Marshal(v) writes:
// with v's own AppendJSON if it has one (JSONAppender), else with
// encoding/json, straight into b.
func AppendJSON(b []byte, v any) ([]byte, error) {
	if a, ok := v.(JSONAppender); ok {
		return a.AppendJSON(b)
	}
	w := appender{b}
	if err := json.NewEncoder(&w).Encode(v); err != nil {
		return nil, err
	}
	return w.b[:len(w.b)-1], nil // Encode ends with a newline; Marshal does not
}

// appender is an io.Writer that appends to b: an Encoder writes from its
// own pooled buffer, where Marshal would allocate a copy of the result.
type appender struct{ b []byte }

func (a *appender) Write(p []byte) (int, error) {
	a.b = append(a.b, p...)
	return len(p), nil
}

// AppendJSONString appends s as a JSON string, escaped as json.Marshal
// escapes it: ", \ and control characters; <, > and & (HTML-safe); U+2028
// and U+2029 (JavaScript-safe); and each byte of invalid UTF-8 as \ufffd.
// TestAppendJSONString_IsMarshal compares the two.
func AppendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	done := 0 // s[:done] is appended
	for i := 0; i < len(s); {
		c := s[i]
		if plainJSON[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[done:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			done = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[done:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[done:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		done = i
	}
	b = append(b, s[done:]...)
	return append(b, '"')
}

// appendRawJSON appends raw as json.Marshal writes a json.RawMessage:
// compacted, with <, >, &, U+2028 and U+2029 escaped. Raw JSON that
// json.Marshal wrote (an event's data after Keep, or read back from a log)
// is already so and is copied as is; anything that might not be (a space
// between tokens, a byte json.Marshal would escape) goes through
// json.Marshal. It does not check that compact raw is JSON (json.Valid
// would cost more than the copy, for every seat shown every event): a
// log's raw JSON is written by encoding/json, read back by json.Unmarshal,
// or written by a value's own AppendJSON, which enginetest.Run compares
// with json.Marshal's at every step. Entry.AppendJSON checks an entry's
// action, a few bytes, once, before the store keeps it.
func appendRawJSON(b []byte, raw json.RawMessage) ([]byte, error) {
	if len(raw) > 0 && compactJSON(raw) {
		return append(b, raw...), nil
	}
	out, err := json.Marshal(raw)
	if err != nil {
		return nil, err
	}
	return append(b, out...), nil
}

// compactJSON reports whether raw, taken to be JSON, is as json.Marshal
// writes it: no space or control byte but spaces within strings, none of
// <, > and &, and neither U+2028 nor U+2029. Other bytes beyond ASCII (such
// as the arrows of texts) json.Marshal copies as they are, within strings.
func compactJSON(raw []byte) bool {
	inString := false
	for i := 0; i < len(raw); i++ {
		if compactByte[raw[i]] {
			continue // most bytes: one look-up rather than the cases below
		}
		switch c := raw[i]; {
		case c == '"':
			inString = !inString
		case c == '\\':
			i++ // the escaped byte, which ends no string
		case c == ' ':
			if !inString {
				return false
			}
		case c >= utf8.RuneSelf:
			if c == 0xE2 && i+2 < len(raw) && raw[i+1] == 0x80 && raw[i+2]&^1 == 0xA8 {
				return false // U+2028 or U+2029
			}
		default: // a control byte, or <, > or &
			return false
		}
	}
	return true
}

// compactByte holds the bytes compactJSON passes over wherever they are:
// those of plainJSON but the space.
var compactByte = func() (t [256]bool) {
	t = plainJSON
	t[' '] = false
	return t
}()

// plainJSON holds the bytes json.Marshal copies into a string as they are:
// ASCII but for control characters, ", \, and <, > and & (escaped for HTML).
var plainJSON = func() (t [256]bool) {
	for c := ' '; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()
