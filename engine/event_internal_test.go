package engine

import (
	"encoding/json"
	"strconv"
	"testing"
)

type testData struct {
	Turn  int    `json:"turn"`
	Faces []int  `json:"faces"`
	Name  string `json:"name"`
}

func readEvents(t *testing.T, raw string) []Event {
	t.Helper()
	var evs []Event
	if err := json.Unmarshal([]byte(raw), &evs); err != nil {
		t.Fatal(err)
	}
	return evs
}

// TestEvent_ReadBackEncodesToTheSameBytes checks that an event read from a
// log keeps its data as written, so that it encodes to the same bytes.
func TestEvent_ReadBackEncodesToTheSameBytes(t *testing.T) {
	fresh := []Event{
		{Kind: "roll", Text: "Ann rolls [+] [-]", Data: testData{Turn: 3, Faces: []int{1, -1}, Name: "Ann"}},
		{Kind: "hand", Text: "you hold Siren", Only: []Seat{1}, Others: "Bo draws"},
	}
	want, err := json.Marshal(fresh)
	if err != nil {
		t.Fatal(err)
	}
	back := readEvents(t, string(want))
	if _, ok := back[0].Data.(json.RawMessage); !ok {
		t.Fatalf("read-back Data is %T, want json.RawMessage", back[0].Data)
	}
	if back[1].Data != nil {
		t.Fatalf("an event without data read back with Data %v", back[1].Data)
	}
	got, err := json.Marshal(back)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Fatalf("read back and encoded again:\n got %s\nwant %s", got, want)
	}
	if !sameEvents(back, fresh) {
		t.Fatal("sameEvents says the read-back events differ from the fresh ones")
	}
}

// TestSameEvents_ComparesValuesNotKeyOrder checks replay's comparison of a
// log's events with fresh ones: another key order or spacing is the same
// event; another value is not.
func TestSameEvents_ComparesValuesNotKeyOrder(t *testing.T) {
	fresh := []Event{{Kind: "roll", Text: "Ann rolls", Data: testData{Turn: 3, Faces: []int{1, -1}, Name: "Ann"}}}
	for _, c := range []struct {
		log  string
		same bool
	}{
		{`[{"kind":"roll","text":"Ann rolls","data":{"turn":3,"faces":[1,-1],"name":"Ann"}}]`, true},
		{`[{"text":"Ann rolls","kind":"roll","data":{"name":"Ann", "faces":[1, -1],"turn":3}}]`, true},
		{`[{"kind":"roll","text":"Ann rolls","data":{"turn":3,"faces":[1,1],"name":"Ann"}}]`, false},
		{`[{"kind":"roll","text":"Ann rolls","data":{"turn":3,"faces":[1,-1]}}]`, false},
		{`[{"kind":"roll","text":"Ann rolls"}]`, false},
		{`[]`, false},
	} {
		if got := sameEvents(readEvents(t, c.log), fresh); got != c.same {
			t.Errorf("sameEvents(%s) = %v, want %v", c.log, got, c.same)
		}
	}
}

// TestKeep_CopyOutlivesTheGamesMemory checks that Keep's copy encodes as the
// original did and shares nothing a game could reuse: changing the
// original's data and Only afterwards leaves the copy as it was.
func TestKeep_CopyOutlivesTheGamesMemory(t *testing.T) {
	data := &testData{Turn: 3, Faces: []int{1, -1}, Name: "Ann"}
	only := []Seat{1}
	evs := []Event{
		{Kind: "roll", Text: "Ann rolls [+] [-]", Data: data},
		{Kind: "hand", Text: "you hold Siren", Only: only, Others: "Bo draws"},
	}
	want, _ := json.Marshal(evs)
	kept, err := Keep(evs)
	if err != nil {
		t.Fatal(err)
	}
	data.Turn, data.Faces[0], only[0] = 9, 0, 0 // the game reuses its memory
	if got, _ := json.Marshal(kept); string(got) != string(want) {
		t.Errorf("kept events encode as\n%s\nwant\n%s", got, want)
	}
	if _, err := Keep([]Event{{Kind: "bad", Data: func() {}}}); err == nil {
		t.Errorf("Keep of data that cannot be encoded: no error")
	}
}

// rollText is event data that writes its own text (Texter).
type rollText struct {
	Name  string `json:"name"`
	Faces []int  `json:"faces"`
}

func (r rollText) AppendText(b []byte) []byte {
	b = append(b, r.Name...)
	b = append(b, " rolls"...)
	for _, f := range r.Faces {
		b = append(b, ' ', byte('0'+f))
	}
	return b
}

// TestTexter_TextWrittenOnDemandWhereverEventsAreShown checks that an event
// whose data writes its text has that text wherever people or logs get it:
// TextOf, For (only for the seats that see the event) and Keep; and that a
// text set on the event wins.
func TestTexter_TextWrittenOnDemandWhereverEventsAreShown(t *testing.T) {
	e := Event{Kind: "roll", Data: rollText{Name: "Ann", Faces: []int{3, 5}}, Only: []Seat{0}, Others: "Ann rolls"}
	const want = "Ann rolls 3 5"
	if got := TextOf(e); got != want {
		t.Errorf("TextOf = %q, want %q", got, want)
	}
	if v, ok := e.For(0); !ok || v.Text != want {
		t.Errorf("For(seat 1) = %q, %v; want %q", v.Text, ok, want)
	}
	if v, ok := e.For(1); !ok || v.Text != "Ann rolls" || v.Data != nil {
		t.Errorf("For(seat 2) = %q with data %v; want only the others' text", v.Text, v.Data)
	}
	kept, err := Keep([]Event{e})
	if err != nil {
		t.Fatal(err)
	}
	if kept[0].Text != want {
		t.Errorf("Keep's text = %q, want %q", kept[0].Text, want)
	}
	raw, _ := json.Marshal(kept[0])
	if back := readEvents(t, "["+string(raw)+"]"); back[0].Text != want {
		t.Errorf("a kept event read back has text %q, want %q", back[0].Text, want)
	}
	e.Text = "set by the game"
	if got := TextOf(e); got != "set by the game" {
		t.Errorf("TextOf of an event with a text = %q, want its own", got)
	}
}

// TestKeep_AppendingToOneOnlyListLeavesTheNextAlone checks that the kept
// events' Only lists, which share memory, do not overlap: appending a seat
// to one leaves the next event's list as it was.
func TestKeep_AppendingToOneOnlyListLeavesTheNextAlone(t *testing.T) {
	kept, err := Keep([]Event{
		{Kind: "hand", Text: "you hold Siren", Only: []Seat{0}, Others: "Ann draws"},
		{Kind: "hand", Text: "you hold Wisp", Only: []Seat{1}, Others: "Bo draws"},
	})
	if err != nil {
		t.Fatal(err)
	}
	_ = append(kept[0].Only, 2)
	if got := kept[1].Only; len(got) != 1 || got[0] != 1 {
		t.Errorf("the second event's Only = %v after an append to the first's, want [1]", got)
	}
	if kept[0].Others != "Ann draws" || kept[1].Text != "you hold Wisp" {
		t.Errorf("kept texts = %q, %q; want %q, %q", kept[0].Others, kept[1].Text, "Ann draws", "you hold Wisp")
	}
}

// ownJSON is event data that writes its own JSON (JSONAppender), the bytes
// json.Marshal writes of it, and its own text (Texter).
type ownJSON struct{ N int }

func (d *ownJSON) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"N":`...)
	b = strconv.AppendInt(b, int64(d.N), 10)
	return append(b, '}'), nil
}

func (d *ownJSON) AppendText(b []byte) []byte {
	b = append(b, "n is "...)
	return strconv.AppendInt(b, int64(d.N), 10)
}

// TestKeep_DataOfAnActionShareOneSliceWithoutOverlap checks that the kept
// data of an action's events, written into one slice, encode as the
// originals did, whether the data writes its own JSON or not, and that an
// append to one event's data leaves the next event's alone.
func TestKeep_DataOfAnActionShareOneSliceWithoutOverlap(t *testing.T) {
	evs := []Event{
		{Kind: "own", Data: &ownJSON{N: 1}},
		{Kind: "none", Text: "nothing"},
		{Kind: "roll", Text: "Ann rolls", Data: &testData{Turn: 2, Faces: []int{1}, Name: "<Ann>"}},
		{Kind: "own", Data: &ownJSON{N: 22}, Only: []Seat{1}, Others: "Bo chose"},
	}
	kept, err := Keep(evs)
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range evs {
		want, _ := json.Marshal(e.Data)
		if got, _ := json.Marshal(kept[i].Data); string(got) != string(want) {
			t.Errorf("event %d: kept data encodes as %s, want %s", i, got, want)
		}
	}
	_ = append(kept[0].Data.(json.RawMessage), 'x')
	if got := string(kept[2].Data.(json.RawMessage)); got != `{"turn":2,"faces":[1],"name":"\u003cAnn\u003e"}` {
		t.Errorf("the third event's data = %s after an append to the first's", got)
	}
}

// TestKeep_AllocatesPerActionNotPerEvent checks that keeping an action's
// events whose data write their own JSON and texts takes four allocations
// for all of them (the texts' string, the data's bytes, the Only lists and
// the events) and one for each datum (its json.RawMessage in an interface),
// not several for each event: a table keeps every action.
func TestKeep_AllocatesPerActionNotPerEvent(t *testing.T) {
	evs := []Event{
		{Kind: "sealed", Data: &ownJSON{N: 1}, Only: []Seat{0}, Others: "Ann has chosen"},
		{Kind: "train", Data: &ownJSON{N: 2}},
		{Kind: "train", Data: &ownJSON{N: 3}},
		{Kind: "age", Data: &ownJSON{N: 4}},
	}
	if n := testing.AllocsPerRun(50, func() {
		if _, err := Keep(evs); err != nil {
			t.Fatal(err)
		}
	}); n > 4+4 {
		t.Errorf("Keep of 4 events with data: %v allocations, want at most 8", n)
	}
}
