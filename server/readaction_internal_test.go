package server

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// readsAsDecoder checks plainAction on body against json.Decoder's reading
// (decodeJSON): whatever plainAction reads, the decoder reads the same, and
// refuses nothing of it. It reports whether plainAction read it.
func readsAsDecoder(body []byte) (bool, error) {
	var fast, slow actionRequest
	if !plainAction(body, &fast) {
		return false, nil
	}
	if err := decodeJSON(body, &slow); err != nil {
		return true, fmt.Errorf("read by hand, but the decoder refuses it: %v", err)
	}
	if fast.Kind != slow.Kind || !bytes.Equal(fast.Action, slow.Action) || (fast.Seq == nil) != (slow.Seq == nil) || fast.Seq != nil && *fast.Seq != *slow.Seq {
		return true, fmt.Errorf("read by hand as %+v (action %s), the decoder reads %+v (action %s)", fast, fast.Action, slow, slow.Action)
	}
	return true, nil
}

// actionBodies are request bodies of every shape: those plainAction reads
// (plain true) and those it leaves to the decoder.
var actionBodies = []struct {
	body  string
	plain bool
}{
	{`{"kind":"train","action":{"monster":1,"ability":"speed"}}`, true},
	{` { "kind" : "capture" , "action" : { } , "seq" : 12 } `, true},
	{"{\n\t\"seq\":0,\r\n\"action\":null,\"kind\":\"pass\"}", true},
	{`{"action":{"a":"}\"],{[","b":[1,{"c":"\\"}],"d":-1.5e3},"kind":"k"}`, true},
	{`{"kind":"k","action":"text \"quoted\" }"}`, true},
	{`{"kind":"k","action":[1,2,[3]]}`, true},
	{`{"kind":"k","action":12.5}`, true},
	{`{"kind":"k","action":true}`, true},
	{`{"kind":"k","action":-3}`, true},
	{`{"kind":"k"}`, true},
	{`{"action":{}}`, true},
	{`{}`, true},
	{`{"seq":123456789,"kind":""}`, true},
	{`{"kind":"k","seq":-1}`, false},
	{`{"kind":"k","seq":1234567890}`, false},
	{`{"kind":"k","seq":1.5}`, false},
	{`{"kind":"k","seq":1e3}`, false},
	{`{"kind":"k","seq":null}`, false},
	{`{"kind":"k","seq":"1"}`, false},
	{`{"Kind":"k"}`, false},
	{`{"kind":"k","kind":"j"}`, false},
	{`{"kind":"k","action":1,"action":2}`, false},
	{`{"kind":"k","extra":1}`, false},
	{`{"kind":"tr\u0061in"}`, false},
	{`{"kind":"Zoë"}`, false},
	{`{"kind":3}`, false},
	{`{"kind":"k"} {}`, false},
	{`{"kind":"k"}x`, false},
	{`{"kind":"k",}`, false},
	{`[{"kind":"k"}]`, false},
	{`"kind"`, false},
	{`null`, false},
	{``, false},
	{`{"kind":"k"`, false},
}

// TestPlainAction_ReadsWhatTheDecoderReads checks the hand-read action
// requests against json.Decoder's reading, over bodies of every shape; and
// that the usual ones are read by hand.
func TestPlainAction_ReadsWhatTheDecoderReads(t *testing.T) {
	for _, c := range actionBodies {
		plain, err := readsAsDecoder([]byte(c.body))
		if err != nil {
			t.Errorf("%s: %v", c.body, err)
		}
		if plain != c.plain {
			t.Errorf("plainAction(%s) = %v, want %v", c.body, plain, c.plain)
		}
	}
}

// FuzzPlainAction: whatever body plainAction reads, json.Decoder reads the
// same.
func FuzzPlainAction(f *testing.F) {
	for _, c := range actionBodies {
		f.Add([]byte(c.body))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		if _, err := readsAsDecoder(body); err != nil {
			t.Errorf("%q: %v", body, err)
		}
	})
}

// TestReadBody_TheBodyIsReadWhateverItsLengthSays: a body is read to its
// end (or refused past the limit) whether its Content-Length is right,
// absent, too short or too long; a right one sizes the buffer to the body
// and one byte, and none makes it larger than 512 bytes to start with.
func TestReadBody_TheBodyIsReadWhateverItsLengthSays(t *testing.T) {
	const limit = 1000
	action := `{"kind":"stance","action":{"stance":"guard"},"seq":12}`
	long := `{"kind":"say","action":{"text":"` + strings.Repeat("a", 700) + `"}}`
	tests := []struct {
		name     string
		body     string
		length   int64 // Content-Length; -1: absent
		tooLarge bool
		maxCap   int // the most the buffer may hold after reading
	}{
		{"right", action, int64(len(action)), false, len(action) + 1},
		{"absent", action, -1, false, 512},
		{"too short", action, 10, false, 2 * len(action)},
		{"too long", action, 400, false, 401},
		{"too long, past the first buffer", action, 900, false, 512},
		{"far too long", action, 1 << 40, false, 512},
		{"right, longer than the first buffer", long, int64(len(long)), false, 2 * len(long)},
		{"empty", "", 0, false, 1},
		{"past the limit, said short", strings.Repeat(" ", limit+1), 10, true, 0},
		{"past the limit, absent", strings.Repeat(" ", limit+1), -1, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("POST", "/", strings.NewReader(tt.body))
			r.ContentLength = tt.length
			body, err := readBody(httptest.NewRecorder(), r, limit)
			var mbe *http.MaxBytesError
			if tt.tooLarge {
				if !errors.As(err, &mbe) {
					t.Fatalf("readBody of %d bytes, limit %d = %d bytes, %v; want a MaxBytesError", len(tt.body), limit, len(body), err)
				}
				return
			}
			if err != nil || string(body) != tt.body {
				t.Fatalf("readBody = %q, %v; want %q", body, err, tt.body)
			}
			if cap(body) > tt.maxCap {
				t.Errorf("readBody of %d bytes, Content-Length %d: a buffer of %d bytes, want at most %d", len(body), tt.length, cap(body), tt.maxCap)
			}
		})
	}
}
