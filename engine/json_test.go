package engine

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
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
		{"value data", Event{Kind: "k", Data: data{N: 3, Name: "<x>"}}},
		{"pointer data", Event{Kind: "k", Data: &data{N: 4}}},
		{"nil pointer data", Event{Kind: "k", Data: nilData}},
		{"map data", Event{Kind: "k", Data: map[string]int{"b": 2, "a": 1}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			want, err := json.Marshal(c.e)
			if err != nil {
				t.Fatal(err)
			}
			got, err := c.e.AppendJSON([]byte("x"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got[1:], want) || got[0] != 'x' {
				t.Errorf("AppendJSON(%+v) = %s, want %s", c.e, got[1:], want)
			}
		})
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
	for _, s := range []string{`{"a":1}`, `{"a": [1, 2]}`, `"a<b"`, "[\n1]", `"Zoë\u2028"`, `null`} {
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
