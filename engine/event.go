package engine

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"sync"
)

// Event is something that happened, for the log and for UIs. An event with Only
// set is private to those seats; everyone else sees Others instead (for example
// "Ann drew a card"), or nothing if Others is empty.
type Event struct {
	Kind   string `json:"kind"`             // machine-readable type: "roll", "capture", "match"
	Text   string `json:"text"`             // for people, with every die face shown; see Texter
	Data   any    `json:"data,omitempty"`   // structured detail for UIs
	Only   []Seat `json:"only,omitempty"`   // if set, only these seats see Text and Data
	Others string `json:"others,omitempty"` // what everyone else sees of a private event
}

// Texter is implemented by event data that writes its event's text on
// demand, so that a game need not write texts that nobody reads (a
// simulation reads none). An event whose Text is empty and whose Data is a
// Texter has the text AppendText writes: For and Keep fill it in (so every
// event a Table logs or a seat is shown has its Text), and TextOf reads it.
type Texter interface {
	AppendText(b []byte) []byte
}

// TextOf returns e's text for people: e.Text, or if that is empty the text
// its Data writes (Texter).
func TextOf(e Event) string {
	if e.Text == "" {
		if t, ok := e.Data.(Texter); ok {
			return string(t.AppendText(nil))
		}
	}
	return e.Text
}

// UnmarshalJSON reads an event written by json.Marshal. Its Data comes back
// as the json.RawMessage it was written as, not as maps: so an event read
// from a log encodes again to the same bytes, and Replay compares a log's
// events with fresh ones by their bytes.
func (e *Event) UnmarshalJSON(b []byte) error {
	type plain Event // without this method
	var v struct {
		plain
		Data json.RawMessage `json:"data,omitempty"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*e = Event(v.plain)
	if len(v.Data) > 0 {
		e.Data = v.Data
	}
	return nil
}

// Keep returns a copy of events that stays valid for good, for whoever keeps
// events beyond the state's next Apply (a state may reuse the memory of what
// it hands out, see State): each Data becomes its JSON encoding, a
// json.RawMessage, as in an event read from a log, so it marshals to the
// same bytes; Only and the texts are copied, and a text its Data writes
// (Texter) is written. Table.Act keeps the events of its log this way.
// A Data that writes its own JSON (JSONAppender) is written with it, so it
// must write json.Marshal's bytes, as everywhere else.
func Keep(events []Event) ([]Event, error) {
	if len(events) == 0 {
		return nil, nil
	}
	// The copies' texts share one string, their data one byte slice and
	// their Only lists one slice: a few allocations for an action's events
	// rather than several for each event (every action a table logs is
	// kept). The texts (each event's kind, text and others, in turn), then
	// the data's JSON, are written into a pooled scratch buffer and copied
	// out at their size.
	seats := 0
	for _, e := range events {
		seats += len(e.Only)
	}
	textLen, dataEnd := make([]int, 0, len(events)), make([]int, 0, len(events))
	scratch := keepScratch.Get().(*[]byte)
	text := (*scratch)[:0]
	for _, e := range events {
		text = append(text, e.Kind...)
		start := len(text)
		if e.Text != "" {
			text = append(text, e.Text...)
		} else if t, ok := e.Data.(Texter); ok {
			text = t.AppendText(text)
		}
		textLen = append(textLen, len(text)-start)
		text = append(text, e.Others...)
	}
	all := string(text)
	next := func(n int) string {
		s := all[:n]
		all = all[n:]
		return s
	}
	// The data's JSON: with the data's own AppendJSON if it has one
	// (JSONAppender), without encoding/json's reflection.
	data := text[:0]
	for _, e := range events {
		if e.Data != nil {
			var err error
			if data, err = AppendJSON(data, e.Data); err != nil {
				return nil, fmt.Errorf("engine: cannot encode the data of a %q event: %w", e.Kind, err)
			}
		}
		dataEnd = append(dataEnd, len(data))
	}
	kept := []byte(nil)
	if len(data) > 0 {
		kept = make([]byte, len(data))
		copy(kept, data)
	}
	if cap(data) <= maxKeepScratch {
		*scratch = data[:0]
		keepScratch.Put(scratch)
	}
	var only []Seat
	if seats > 0 {
		only = make([]Seat, 0, seats)
	}
	out := make([]Event, len(events))
	dataStart := 0
	for i, e := range events {
		e.Kind, e.Text, e.Others = next(len(e.Kind)), next(textLen[i]), next(len(e.Others))
		if e.Data != nil {
			e.Data = json.RawMessage(kept[dataStart:dataEnd[i]:dataEnd[i]])
		}
		dataStart = dataEnd[i]
		if e.Only != nil {
			start := len(only)
			only = append(only, e.Only...)
			e.Only = only[start:len(only):len(only)] // an append to one event's list copies it
		}
		out[i] = e
	}
	return out, nil
}

// keepScratch holds Keep's scratch buffers, made big enough for most
// actions' texts and data; one that grew beyond maxKeepScratch is dropped
// rather than kept.
var keepScratch = sync.Pool{New: func() any {
	b := make([]byte, 0, 4<<10)
	return &b
}}

const maxKeepScratch = 64 << 10

// For returns the event as seat s sees it, with its Text filled in (see
// Texter), and false if s sees nothing of it.
func (e Event) For(s Seat) (Event, bool) {
	if len(e.Only) == 0 || slices.Contains(e.Only, s) {
		e.Text = TextOf(e)
		e.Others = ""
		e.Only = nil
		return e, true
	}
	if e.Others == "" {
		return Event{}, false
	}
	return Event{Kind: e.Kind, Text: e.Others}, true
}

// EventsFor filters a list of events down to what seat s sees.
func EventsFor(events []Event, s Seat) []Event {
	out := make([]Event, 0, len(events))
	for _, e := range events {
		if v, ok := e.For(s); ok {
			out = append(out, v)
		}
	}
	return out
}

// AppendEvents appends evs as a JSON array, byte for byte what
// json.Marshal writes of a non-nil slice of events: the log's entries, a
// stream's log lines and an action's answer each hold one.
func AppendEvents(b []byte, evs []Event) ([]byte, error) {
	b = append(b, '[')
	for i, e := range evs {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = e.AppendJSON(b); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

// AppendJSON appends e as JSON, byte for byte what json.Marshal(e) writes
// (JSONAppender). Data that a log holds (json.RawMessage, see Keep) is
// copied, not encoded again; other data goes through AppendJSON (its own
// JSON, else encoding/json).
func (e Event) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"kind":`...)
	b = AppendJSONString(b, e.Kind)
	b = append(b, `,"text":`...)
	b = AppendJSONString(b, e.Text)
	if e.Data != nil {
		b = append(b, `,"data":`...)
		var err error
		if raw, ok := e.Data.(json.RawMessage); ok {
			b, err = appendRawJSON(b, raw)
		} else {
			b, err = AppendJSON(b, e.Data)
		}
		if err != nil {
			return nil, err
		}
	}
	if len(e.Only) > 0 {
		b = append(b, `,"only":[`...)
		for i, s := range e.Only {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(s), 10)
		}
		b = append(b, ']')
	}
	if e.Others != "" {
		b = append(b, `,"others":`...)
		b = AppendJSONString(b, e.Others)
	}
	return append(b, '}'), nil
}
