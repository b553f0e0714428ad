package server

import (
	"slices"
	"strconv"

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
	b = engine.AppendJSONString(b, st.ID)
	b = append(b, `,"game":`...)
	b = engine.AppendJSONString(b, st.Game)
	b = append(b, `,"game_name":`...)
	b = engine.AppendJSONString(b, st.GameName)
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
			b = append(b, a.json...)
		}
		b = append(b, ']')
	}
	if st.Recorded != "" {
		b = append(b, `,"recorded":`...)
		b = engine.AppendJSONString(b, st.Recorded)
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
			b = engine.AppendJSONString(b, si.Name)
			if si.Bot != "" {
				b = append(b, `,"bot":`...)
				b = engine.AppendJSONString(b, si.Bot)
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
		if b, err = engine.AppendJSON(b, st.Outcome); err != nil {
			return nil, err
		}
	}
	b = append(b, `,"commitment":`...)
	b = engine.AppendJSONString(b, st.Commitment)
	if st.Seed != "" {
		b = append(b, `,"seed":`...)
		b = engine.AppendJSONString(b, st.Seed)
	}
	b = append(b, `,"options":`...)
	if st.optionsJSON != nil {
		b = append(b, st.optionsJSON...)
	} else {
		b = appendOptions(b, st.Options)
	}
	if b, err = st.seatsState.appendJSON(b); err != nil {
		return nil, err
	}
	b = append(b, `,"view":`...)
	// A view that writes its own JSON (engine.JSONAppender) is spared
	// encoding/json's reflection, the largest part of a state's encoding.
	if b, err = engine.AppendJSON(b, st.View); err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}

// appendJSON appends ln as JSON, byte for byte what json.Marshal(ln) gives
// (TestLogLine_AppendJSONIsMarshal checks it): a stream sends a line for
// every log entry to every reader.
func (ln *logLine) appendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"seq":`...)
	b = strconv.AppendInt(b, int64(ln.Seq), 10)
	b = append(b, `,"seat":`...)
	b = strconv.AppendInt(b, int64(ln.Seat), 10)
	b = append(b, `,"name":`...)
	b = engine.AppendJSONString(b, ln.Name)
	b = append(b, `,"events":`...)
	if ln.Events == nil {
		return append(b, "null}"...), nil
	}
	b, err := engine.AppendEvents(b, ln.Events)
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
	var arr [8]string // a game's options fit: no allocation
	keys := arr[:0]
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = engine.AppendJSONString(b, k)
		b = append(b, ':')
		b = engine.AppendJSONString(b, o[k])
	}
	return append(b, '}')
}
