package engine

import (
	"encoding/json"
	"unicode/utf8"
)

// JSONAppender is implemented by views (and other values the server sends)
// that append their own JSON, byte for byte what json.Marshal writes of
// them, without encoding/json's reflection. It is optional: a server
// encodes the views of every seat on every change, so a game whose views
// are large may write one for speed, and must then prove the bytes equal
// json.Marshal's over many positions (see Pocket Monster Rancher's
// TestView_AppendJSONIsMarshal).
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
// escapes it (HTML-safe). Plain ASCII is copied as is; anything else goes
// through json.Marshal.
func AppendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || c >= utf8.RuneSelf {
			raw, _ := json.Marshal(s) // a string always encodes
			return append(b, raw...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// appendRawJSON appends raw as json.Marshal writes a json.RawMessage:
// compacted, with <, > and & escaped. Raw JSON that json.Marshal wrote (an
// event's data after Keep, or read back from a log) is already so and is
// copied as is; anything that might not be (a space, a byte json.Marshal
// would escape, anything beyond ASCII) goes through json.Marshal.
func appendRawJSON(b []byte, raw json.RawMessage) ([]byte, error) {
	if len(raw) > 0 && compactASCII(raw) {
		return append(b, raw...), nil
	}
	out, err := json.Marshal(raw)
	if err != nil {
		return nil, err
	}
	return append(b, out...), nil
}

// compactASCII reports whether raw holds no space or control byte, none of
// <, > and &, and nothing beyond ASCII: no byte that compacting or
// json.Marshal's escaping would change.
func compactASCII(raw []byte) bool {
	for _, c := range raw {
		if c <= ' ' || c == '<' || c == '>' || c == '&' || c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
