package server

import (
	"encoding/json"
	"slices"
	"strconv"
	"unicode/utf8"

	"tabletop/engine"
)

// appendJSON appends st as JSON, byte for byte what json.Marshal(st) gives
// (TestSeatState_AppendJSONIsMarshal checks it), without reflection over the
// envelope and without json.Marshal's second pass over each legal action's
// already compact JSON. Event streams render a state for every seat on every
// change, so this is the server's hottest encoding.
func (st *seatState) appendJSON(b []byte) ([]byte, error) {
	var err error
	b = append(b, `{"id":`...)
	b = appendString(b, st.ID)
	b = append(b, `,"game":`...)
	b = appendString(b, st.Game)
	b = append(b, `,"game_name":`...)
	b = appendString(b, st.GameName)
	b = append(b, `,"seat":`...)
	b = strconv.AppendInt(b, int64(st.Seat), 10)
	b = append(b, `,"seq":`...)
	b = strconv.AppendInt(b, int64(st.Seq), 10)
	b = append(b, `,"my_turn":`...)
	b = strconv.AppendBool(b, st.MyTurn)
	b = append(b, `,"over":`...)
	b = strconv.AppendBool(b, st.Over)
	b = append(b, `,"waiting_for":`...)
	b = strconv.AppendInt(b, int64(st.Waiting), 10)
	b = append(b, `,"waiting_known":`...)
	b = strconv.AppendBool(b, st.WaitingKnown)
	b = append(b, `,"legal":`...)
	if st.Legal == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, a := range st.Legal {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"kind":`...)
			b = appendString(b, a.Kind)
			b = append(b, `,"text":`...)
			b = appendString(b, a.Text)
			b = append(b, `,"action":`...)
			b = appendRaw(b, a.Action)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if st.Recorded != "" {
		b = append(b, `,"recorded":`...)
		b = appendString(b, st.Recorded)
	}
	if st.WindowMS != 0 {
		b = append(b, `,"window_ms":`...)
		b = strconv.AppendInt(b, int64(st.WindowMS), 10)
	}
	if st.OpenSeats != 0 {
		b = append(b, `,"open_seats":`...)
		b = strconv.AppendInt(b, int64(st.OpenSeats), 10)
	}
	b = append(b, `,"seats":`...)
	if st.Seats == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, si := range st.Seats {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"seat":`...)
			b = strconv.AppendInt(b, int64(si.Seat), 10)
			b = append(b, `,"name":`...)
			b = appendString(b, si.Name)
			if si.Bot != "" {
				b = append(b, `,"bot":`...)
				b = appendString(b, si.Bot)
			}
			if si.You {
				b = append(b, `,"you":true`...)
			}
			if si.Pending {
				b = append(b, `,"pending":true`...)
			}
			if si.Open {
				b = append(b, `,"open":true`...)
			}
			if si.StandIn {
				b = append(b, `,"stand_in":true`...)
			}
			if si.Resigned {
				b = append(b, `,"resigned":true`...)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if st.Outcome != nil {
		b = append(b, `,"outcome":`...)
		if b, err = appendMarshal(b, st.Outcome); err != nil {
			return nil, err
		}
	}
	b = append(b, `,"commitment":`...)
	b = appendString(b, st.Commitment)
	if st.Seed != "" {
		b = append(b, `,"seed":`...)
		b = appendString(b, st.Seed)
	}
	b = append(b, `,"options":`...)
	b = appendOptions(b, st.Options)
	if b, err = st.seatsState.appendJSON(b); err != nil {
		return nil, err
	}
	b = append(b, `,"view":`...)
	b, err = appendMarshal(b, st.View)
	if err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

// appendOptions appends a table's options as a JSON object with sorted
// keys, as json.Marshal writes a map.
func appendOptions(b []byte, o engine.Options) []byte {
	if o == nil {
		return append(b, "null"...)
	}
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
		b = appendString(b, o[k])
	}
	return append(b, '}')
}

// appendMarshal appends json.Marshal(v), encoded straight into b: an
// Encoder writes from its own pooled buffer, where Marshal would allocate
// a copy of the result.
func appendMarshal(b []byte, v any) ([]byte, error) {
	w := appender{b}
	if err := json.NewEncoder(&w).Encode(v); err != nil {
		return nil, err
	}
	return w.b[:len(w.b)-1], nil // Encode ends with a newline; Marshal does not
}

// appender is an io.Writer that appends to b.
type appender struct{ b []byte }

func (a *appender) Write(p []byte) (int, error) {
	a.b = append(a.b, p...)
	return len(p), nil
}

// appendRaw appends JSON that json.Marshal produced (so compact and valid)
// as json.Marshal writes a RawMessage: null if empty.
func appendRaw(b []byte, raw json.RawMessage) []byte {
	if len(raw) == 0 {
		return append(b, "null"...)
	}
	return append(b, raw...)
}

// appendString appends s as a JSON string, escaped as json.Marshal escapes
// it (HTML-safe). Plain ASCII and valid UTF-8 are copied as they are
// (texts use arrows and dots); anything json.Marshal escapes goes through
// it: controls, quotes, HTML's <, > and &, U+2028, U+2029, invalid bytes.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r != utf8.RuneError && r != '\u2028' && r != '\u2029' {
				i += size - 1
				continue
			}
		}
		if c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || c >= utf8.RuneSelf {
			raw, _ := json.Marshal(s) // a string always encodes
			return append(b, raw...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
