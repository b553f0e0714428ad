package server

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"tabletop/engine"
)

// sseEvent is one Server-Sent Event. Its id is the log sequence number the
// reader has seen once it has the event, so that a browser reconnecting with
// Last-Event-ID resumes right after it.
type sseEvent struct {
	name string
	id   int
	data []byte
}

const (
	heartbeat    = 20 * time.Second
	writeTimeout = time.Minute
)

// resumeFrom returns the log position a stream starts after: Last-Event-ID
// (a reconnecting browser) or else the "after" query parameter (the
// sequence number the page was rendered at), else 0.
func resumeFrom(r *http.Request) (int, error) {
	v := r.Header.Get("Last-Event-ID")
	if v == "" {
		v = r.URL.Query().Get("after")
	}
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, errorf(http.StatusBadRequest, "bad_request", "the resume position must be a log sequence number")
	}
	return n, nil
}

// stream sends seat's view of table l as Server-Sent Events: every log line
// after from and, after each batch, the state. It runs until the client goes
// away or the server closes. With initial set it sends the state at once,
// even if there is nothing new.
//
// With reset set, the first batch is the whole log (render's reset argument
// is true): a page connecting without Last-Event-ID replaces its log, so a
// fresh connection never duplicates lines.
func (s *Server) stream(w http.ResponseWriter, r *http.Request, l *live, seat engine.Seat, from int, initial bool,
	render func(b []byte, lines []logLine, st seatState, reset bool) ([]byte, error)) {
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	// A browser whose connection drops reconnects by itself, after this
	// many milliseconds (its own default is a few seconds), resuming with
	// Last-Event-ID; the page shows a banner meanwhile. Sent at once, so
	// that a reconnecting browser knows it is connected even when nothing
	// new has happened (else it would learn it at the next heartbeat).
	io.WriteString(w, "retry: 1000\n\n")
	rc.Flush()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stop := context.AfterFunc(s.ctx, cancel)
	defer stop()

	s.metrics.streams.Inc()
	defer s.metrics.streams.Dec()
	l.mu.Lock()
	l.watchers++
	l.mu.Unlock()
	defer func() {
		l.mu.Lock()
		l.watchers--
		l.mu.Unlock()
	}()

	last := from
	first := true
	recorded := false // the seat's answer to an open window is recorded
	joined := false   // a seat was joined: the state changed with the log
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		l.mu.Lock()
		if l.stale {
			l.mu.Unlock()
			nl, err := s.table(ctx, l.id)
			if err != nil {
				return
			}
			l.mu.Lock()
			l.watchers--
			l.mu.Unlock()
			nl.mu.Lock()
			nl.watchers++
			nl.mu.Unlock()
			joined = len(nl.open) != len(l.open)
			l = nl
			continue
		}
		changed := l.changed
		var events *[]byte // rendered, from eventBufs
		var err error
		if last > l.tab.Len() {
			last = l.tab.Len() // a position from the future: start from now
		}
		// Only the seat's own recorded answer, besides the log, changes
		// what it sees: others' answers change nothing for it.
		rec := l.answered(seat)
		if l.tab.Len() > last || (first && initial) || rec != recorded || joined {
			events = eventBufs.Get().(*[]byte)
			*events, err = render((*events)[:0], logFor(l, seat, last), stateFor(l, seat), first && initial)
			last = l.tab.Len()
		}
		recorded, joined = rec, false
		l.mu.Unlock()
		if err != nil {
			s.log.Error("rendering a stream", "table", l.id, "err", err)
			return
		}
		first = false
		if events != nil {
			ok := writeEvents(w, rc, *events)
			eventBufs.Put(events)
			if !ok {
				return
			}
		}
		select {
		case <-changed:
			if s.gather > 0 {
				time.Sleep(s.gather) // more changes may follow at once (Config.StreamGather)
			}
		case <-tick.C:
			rc.SetWriteDeadline(time.Now().Add(writeTimeout))
			if _, err := w.Write([]byte(": ping\n\n")); err != nil {
				return
			}
			if err := rc.Flush(); err != nil {
				return
			}
		case <-ctx.Done():
			if r.Context().Err() == nil { // the server closes, not the client
				rc.SetWriteDeadline(time.Now().Add(time.Second))
				w.Write([]byte(reconnectEvent))
				rc.Flush()
			}
			return
		}
	}
}

// reconnectEvent is the last event of a stream the server ends as it shuts
// down. It carries no id, so the reader's Last-Event-ID stays the last log
// position it has, and its retry field asks a browser to wait 2 seconds
// before it reconnects (EventSource reconnects by itself when a stream ends),
// time for the next server to start; API clients reconnect on "reconnect".
const reconnectEvent = "retry: 2000\nevent: reconnect\ndata: the server is restarting: reconnect\n\n"

// eventBufs holds the buffers streams render their events into between two
// writes: a stream keeps none while it waits, which is most of its life,
// and rendering into a buffer used before allocates nothing.
var eventBufs = sync.Pool{New: func() any { return new([]byte) }}

// writeEvents writes events, in the text/event-stream format, to w and
// flushes them, and reports whether that worked.
func writeEvents(w http.ResponseWriter, rc *http.ResponseController, events []byte) bool {
	if len(events) == 0 {
		return true
	}
	rc.SetWriteDeadline(time.Now().Add(writeTimeout))
	if _, err := w.Write(events); err != nil {
		return false
	}
	return rc.Flush() == nil
}

// appendJSONEvent appends an event of the JSON data that appendData
// appends. JSON as encoding/json writes it holds no line breaks (it
// escapes them in strings), so the data is appended in place as one data
// line; should it hold one, the event is framed again by appendEvent.
func appendJSONEvent(b []byte, name string, id int, appendData func([]byte) ([]byte, error)) ([]byte, error) {
	start := len(b)
	b = append(b, "event: "...)
	b = append(b, name...)
	b = append(b, "\nid: "...)
	b = strconv.AppendInt(b, int64(id), 10)
	b = append(b, "\ndata: "...)
	dataAt := len(b)
	b, err := appendData(b)
	if err != nil {
		return nil, err
	}
	if data := b[dataAt:]; bytes.IndexByte(data, '\n') >= 0 || bytes.IndexByte(data, '\r') >= 0 {
		data = bytes.Clone(data)
		return appendEvent(b[:start], sseEvent{name: name, id: id, data: data}), nil
	}
	return append(b, "\n\n"...), nil
}

// appendEvent appends e in the text/event-stream format, one data line per
// line of its data. A reader ends a line at CR, LF or CRLF, so all three
// split the data: a CR left inside a data line would let the data start a
// field of its own ("event:", "id:").
func appendEvent(b []byte, e sseEvent) []byte {
	b = append(b, "event: "...)
	b = append(b, e.name...)
	b = append(b, "\nid: "...)
	b = strconv.AppendInt(b, int64(e.id), 10)
	b = append(b, '\n')
	data := e.data
	for {
		i := bytes.IndexAny(data, "\r\n")
		b = append(b, "data: "...)
		if i < 0 {
			b = append(b, data...)
			b = append(b, '\n')
			break
		}
		b = append(b, data[:i]...)
		b = append(b, '\n')
		if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
			i++
		}
		data = data[i+1:]
	}
	return append(b, '\n')
}
