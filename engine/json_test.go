package engine

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"tabletop/dice"
)

// TestEvent_AppendJSONIsMarshal checks the hand-written encoding of events
// against json.Marshal's: every field set or not, texts that need escaping,
// data of every form a log holds (raw JSON as json.Marshal wrote it, raw
// JSON as another writer may have spaced it, values still to encode).
func TestEvent_AppendJSONIsMarshal(t *testing.T) {
	type data struct {
		N    int    `json:"n"`
		Name string `json:"name,omitempty"`
	}
	var nilData *data
	for _, c := range []struct {
		name string
		e    Event
	}{
		{"empty", Event{}},
		{"kind and text", Event{Kind: "roll", Text: "Ann rolls [+][-][ ]"}},
		{"texts to escape", Event{Kind: `a"b`, Text: "<b>&\t\n\\ Zoë \u2028 \xff", Others: "x<y"}},
		{"private", Event{Kind: "draw", Text: "Ann draws 3", Only: []Seat{0, 2}, Others: "Ann draws a card"}},
		{"empty only", Event{Kind: "k", Only: []Seat{}}},
		{"raw data", Event{Kind: "k", Data: json.RawMessage(`{"n":1,"name":"a\u003cb","l":[1,-2,3.5e2,null,true]}`)}},
		{"spaced raw data", Event{Kind: "k", Data: json.RawMessage(`{ "n": 1,
			"l": [ 1, 2 ] }`)}},
		{"raw data spaced on one line", Event{Kind: "k", Data: json.RawMessage(`{"n": 1, "l": [1, 2], "s": "a b"}`)}},
		{"raw data to escape", Event{Kind: "k", Data: json.RawMessage(`{"name":"a<b&c>","z":"Zoë"}`)}},
		{"raw null", Event{Kind: "k", Data: json.RawMessage(`null`)}},
		{"raw data with spaces and arrows in strings", Event{Kind: "k", Data: json.RawMessage(`{"text":"Fire Lizard → 4 (a \"b c\")","l":["x y","Zoë"]}`)}},
		{"raw data with U+2028 in a string", Event{Kind: "k", Data: json.RawMessage("{\"s\":\"a\u2028b\u2029\"}")}},
		{"raw data with invalid UTF-8 in a string", Event{Kind: "k", Data: json.RawMessage("{\"s\":\"a\xff b\xe2\x80\"}")}},
		{"raw data with a space after an escaped backslash", Event{Kind: "k", Data: json.RawMessage(`["a\\", "b"]`)}},
		{"raw data with a space after an escaped quote", Event{Kind: "k", Data: json.RawMessage(`["\"", 1]`)}},
		{"raw data with a tab between tokens", Event{Kind: "k", Data: json.RawMessage("[1,\t2]")}},
		{"value data", Event{Kind: "k", Data: data{N: 3, Name: "<x>"}}},
		{"pointer data", Event{Kind: "k", Data: &data{N: 4}}},
		{"nil pointer data", Event{Kind: "k", Data: nilData}},
		{"map data", Event{Kind: "k", Data: map[string]int{"b": 2, "a": 1}}},
	} {
		t.Run(c.name, func(t *testing.T) { checkAppendJSON(t, c.e) })
	}
}

// checkAppendJSON checks that v.AppendJSON appends json.Marshal(v) to the
// bytes it is given.
func checkAppendJSON(t *testing.T, v JSONAppender) {
	t.Helper()
	want, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	got, err := v.AppendJSON([]byte("x"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got[1:], want) || got[0] != 'x' {
		t.Errorf("AppendJSON =\n%s, want\n%s", got[1:], want)
	}
}

// TestAppendJSON_UsesTheValuesOwnEncoding: AppendJSON asks a JSONAppender
// for its bytes, and encodes anything else as json.Marshal does.
func TestAppendJSON_UsesTheValuesOwnEncoding(t *testing.T) {
	got, err := AppendJSON(nil, Event{Kind: "k", Data: json.RawMessage(`{"a":1}`)})
	if err != nil || string(got) != `{"kind":"k","text":"","data":{"a":1}}` {
		t.Errorf("AppendJSON(event) = %s, %v", got, err)
	}
	got, err = AppendJSON([]byte("x"), map[string]any{"b": []int{1}, "a": "<"})
	if err != nil || string(got) != `x{"a":"\u003c","b":[1]}` {
		t.Errorf("AppendJSON(map) = %s, %v", got, err)
	}
	if _, err := AppendJSON(nil, func() {}); err == nil {
		t.Error("AppendJSON(func) = nil error, want one")
	}
}

// TestAppendJSONString_IsMarshal compares AppendJSONString with
// json.Marshal over every byte alone, the runes JavaScript needs escaped,
// invalid and cut UTF-8, and random strings of bytes and runes.
func TestAppendJSONString_IsMarshal(t *testing.T) {
	tests := []string{"", "plain", "Zoë", "a<b>&c", `"q"\`, "\u2028\u2029\u2027\u202a", "\xff\xfe", "é"[:1], "€"[:2] + "x", "\x7f", "日本語 \U0001F600"}
	for c := range 256 {
		tests = append(tests, string([]byte{byte(c)}), "x"+string([]byte{byte(c)})+"y")
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		r := make([]rune, rng.IntN(6))
		for i := range r {
			r[i] = rune(rng.IntN(0x2100))
		}
		tests = append(tests, string(b), string(r)+string(b))
	}
	for _, s := range tests {
		checkJSONString(t, s)
	}
}

// FuzzAppendJSONString: AppendJSONString writes what json.Marshal writes.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "a<b", "Zoë\u2028", "\xff", "\t\n\x00"} {
		f.Add(s)
	}
	f.Fuzz(checkJSONString)
}

func checkJSONString(t *testing.T, s string) {
	want, _ := json.Marshal(s)
	if got := AppendJSONString([]byte("x"), s); string(got[1:]) != string(want) || got[0] != 'x' {
		t.Errorf("AppendJSONString(%q) = %s, want %s", s, got[1:], want)
	}
}

// FuzzEvent_AppendJSON: an event whose data is any valid raw JSON, spaced
// and escaped as it may be, encodes as json.Marshal encodes it.
func FuzzEvent_AppendJSON(f *testing.F) {
	for _, s := range []string{`{"a":1}`, `{"a": [1, 2]}`, `"a<b"`, "[\n1]", `"Zoë\u2028"`, `null`, `["a b → c", "\" x"]`, "\"\u2028\"", `["\\", 1]`} {
		f.Add("k", s)
	}
	f.Fuzz(func(t *testing.T, text, raw string) {
		if !json.Valid([]byte(raw)) {
			return
		}
		e := Event{Kind: "k", Text: text, Data: json.RawMessage(raw)}
		want, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := e.AppendJSON(nil); err != nil || !bytes.Equal(got, want) {
			t.Errorf("AppendJSON(%q) = %s, %v; want %s", raw, got, err, want)
		}
	})
}

// TestCompactJSON_OnlyWhatMarshalCopies: compactJSON passes raw JSON that
// json.Marshal copies as it is, and no other, for each kind of byte it
// looks at: quotes and escapes, spaces within strings and between tokens,
// control bytes, <, > and &, and bytes beyond ASCII.
func TestCompactJSON_OnlyWhatMarshalCopies(t *testing.T) {
	for _, c := range []struct {
		name, raw string
	}{
		{"compact", `{"a":[1,-2.5e3,true,null],"b":{}}`},
		{"space between tokens", `{"a": 1}`},
		{"space within a string", `"a b"`},
		{"space after an escaped quote", `["\" ", 1]`},
		{"space after an escaped backslash", `["a\\", 1]`},
		{"tab between tokens", "[1,\t2]"},
		{"newline between tokens", "[1,\n2]"},
		{"escaped control character", `"a\u0001\t"`},
		{"less than", `"a<b"`},
		{"greater than", `"a>b"`},
		{"ampersand", `"a&b"`},
		{"escaped less than", `"a\u003cb"`},
		{"delete", "\"a\x7fb\""},
		{"arrow", `"a → b"`},
		{"U+2028", "\"a\u2028b\""},
		{"U+2029", "\"a\u2029b\""},
		{"U+2027", "\"a\u2027b\""},
		{"U+202A", "\"a\u202ab\""},
		{"cut E2 80 at the end", "\"a\xe2\x80\""},
		{"invalid UTF-8", "\"a\xffb\""},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, err := json.Marshal(json.RawMessage(c.raw))
			if err != nil {
				t.Fatalf("json.Marshal(%q): %v; the test wants JSON", c.raw, err)
			}
			if got, want := compactJSON([]byte(c.raw)), string(out) == c.raw; got != want {
				t.Errorf("compactJSON(%q) = %v, want %v (json.Marshal writes %q)", c.raw, got, want, out)
			}
		})
	}
}

// TestEntry_AppendJSONIsMarshal checks the hand-written encoding of log
// entries against json.Marshal's: every field set or not, texts and
// actions that need escaping or compacting, events of every form.
// TestEntries_AreMarshal (store/internal/codec) compares the two over
// whole games of every game, enginetest.Run over every conformance playout.
func TestEntry_AppendJSONIsMarshal(t *testing.T) {
	type data struct {
		N    int    `json:"n"`
		Name string `json:"name,omitempty"`
	}
	for _, c := range []struct {
		name string
		e    Entry
	}{
		{"empty", Entry{}},
		{"empty lists", Entry{Dice: []dice.Draw{}, Events: []Event{}}},
		{"game action", Entry{Seat: 1, Kind: "train", Action: json.RawMessage(`{"monster":1,"ability":"speed"}`), Text: "train 1 speed",
			Dice: []dice.Draw{{Sides: 6, Face: 3}}, Events: []Event{{Kind: "train", Text: "Bo trains → 4", Data: json.RawMessage(`{"monster":1}`)}}}},
		{"spaced action", Entry{Seat: -1, Kind: "k", Action: json.RawMessage(" { \"a\" :\n[1, 2], \"b\": \"c d\" } "), Text: "x\ny"}},
		{"action to escape", Entry{Kind: "k", Action: json.RawMessage(`{"a":"<b>&Zoë` + "\u2028" + `"}`)}},
		{"null action", Entry{Kind: "k", Action: json.RawMessage(`null`)}},
		{"every field", Entry{
			Seat: 12, Kind: "roll <&>", Action: json.RawMessage(`{"expr":"2d6"}`), Text: "a → b\u2028\xff",
			Dice: []dice.Draw{{Sides: 6, Face: 3}, {Sides: 3, Face: 1}, {Sides: -1, Face: 0}},
			Events: []Event{
				{Kind: "hand", Text: "you hold <Siren>", Data: map[string]any{"card": "S&W", "n": []int{1}}, Only: []Seat{0, 1}, Others: "Ann draws"},
				{Kind: "raw", Data: json.RawMessage(`{"x":[1,2]}`)},
				{Kind: "spaced raw", Data: json.RawMessage(`{ "x": [1, 2] }`)},
				{Kind: "nil raw", Data: json.RawMessage(nil), Only: []Seat{}},
				{Kind: "value", Data: data{N: 3, Name: "<x>"}},
				{Kind: "bad \xff", Text: "\ufffd"},
			}}},
	} {
		t.Run(c.name, func(t *testing.T) { checkAppendJSON(t, c.e) })
	}
}

// TestEntry_AppendJSONRefusesAnActionThatIsNotJSON: json.Marshal refuses
// such an entry, and so must AppendJSON, rather than write bytes that no
// one can read back.
func TestEntry_AppendJSONRefusesAnActionThatIsNotJSON(t *testing.T) {
	for _, raw := range []string{"", "{", "x", `{"a":1}}`, "[1,]", "\"\x01\"", "{ \"a\" : }"} {
		e := Entry{Kind: "k", Action: json.RawMessage(raw)} // "": empty, not nil (null)
		if _, err := json.Marshal(e); err == nil {
			t.Fatalf("json.Marshal(action %q) = nil error; the test wants one it refuses", raw)
		}
		if got, err := e.AppendJSON(nil); err == nil {
			t.Errorf("AppendJSON(action %q) = %s, nil error; want an error", raw, got)
		}
	}
}

// FuzzEntry_AppendJSON: an entry of any seat, texts, action, dice and
// event (its data any valid raw JSON) encodes as json.Marshal encodes it,
// or is refused as json.Marshal refuses it (an action that is not JSON).
func FuzzEntry_AppendJSON(f *testing.F) {
	f.Add(1, "train", `{"monster":1,"ability":"speed"}`, "train 1 speed", 6, 3, "train", "Bo trains → 4", `{"monster":1}`, "", 0)
	f.Add(-1, "k <&>", " { \"a\" : [1, 2] } ", "x\ny\u2028", 0, 0, "hand", "you hold <Siren>", `{"s": "a b"}`, "Ann draws", 2)
	f.Add(0, "k", "{", "", 20, -1, "", "", "null", "", -3)
	f.Fuzz(func(t *testing.T, seat int, kind, action, text string, sides, face int, evKind, evText, data, others string, only int) {
		e := Entry{
			Seat: Seat(seat), Kind: kind, Action: json.RawMessage(action), Text: text,
			Dice:   []dice.Draw{{Sides: sides, Face: face}},
			Events: []Event{{Kind: evKind, Text: evText, Only: []Seat{Seat(only)}, Others: others}},
		}
		if json.Valid([]byte(data)) { // a log's raw data is JSON (Keep, or read back)
			e.Events[0].Data = json.RawMessage(data)
		}
		want, err := json.Marshal(e)
		got, gotErr := e.AppendJSON(nil)
		switch {
		case err != nil && gotErr == nil:
			t.Fatalf("AppendJSON(action %q) = %s, nil error; json.Marshal refuses it: %v", action, got, err)
		case err == nil && (gotErr != nil || !bytes.Equal(got, want)):
			t.Fatalf("AppendJSON =\n%s, %v; want\n%s", got, gotErr, want)
		}
	})
}
