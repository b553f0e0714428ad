package engine

import (
	"bytes"
	"encoding/json"
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
