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
//
// Where it can, it takes the connection over from net/http once the first
// batch is sent and waits on it with two small goroutines of its own
// (connStream): an open stream then costs neither net/http's two goroutines
// nor its buffers. Elsewhere (HTTP/2, HEAD) it waits in the handler.
// Either way the table's watchers wake it once the gather after a change
// is over (gatherer).
func (s *Server) stream(w http.ResponseWriter, r *http.Request, l *live, seat engine.Seat, from int, initial, explain bool, render renderFunc) {
	client := clientKey(r, s.proxied)
	if !s.streams.take(client) {
		s.metrics.limited.WithLabelValues("streams").Inc()
		s.apiError(w, r, errTooManyStreams)
		return
	}
	ss := &seatStream{s: s, id: l.id, seat: seat, last: from, first: true, initial: initial, open: len(l.open), explain: explain, render: render}
	// Cache-Control: no-store is every page's and answer's (headers).
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	if c := s.takeOver(w, r); c != nil {
		ss.watch(l)
		stop := context.AfterFunc(s.ctx, c.closeSoon)
		end := func() {
			stop()
			c.end(s.ctx.Err() != nil)
			ss.unwatch()
			s.streams.give(client)
			s.bg.Done()
		}
		// The first batch is rendered here, on the handler's goroutine,
		// whose stack has grown for the request anyway; the goroutine
		// that waits stays small.
		if !c.send(ss, s.ctx) {
			end()
			return
		}
		go c.watchClient()
		go func() {
			defer end()
			for c.wait(s.ctx.Done(), &s.beats) && c.send(ss, s.ctx) {
			}
		}()
		return
	}

	defer s.streams.give(client)
	rc := http.NewResponseController(w)
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, streamStart)
	rc.Flush()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stop := context.AfterFunc(s.ctx, cancel)
	defer stop()

	ss.watch(l)
	defer ss.unwatch()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		events, changed, ok := ss.next(ctx)
		if !ok {
			return
		}
		if events != nil {
			ok := writeEvents(w, rc, *events)
			eventBufs.Put(events)
			if !ok {
				return
			}
		}
		select {
		case <-changed:
		case <-tick.C:
			rc.SetWriteDeadline(time.Now().Add(writeTimeout))
			if _, err := w.Write([]byte(ping)); err != nil {
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

// renderFunc appends to b, in the text/event-stream format, the events
// that log lines and a state are for a reader; reset says the lines are the
// whole log, to replace the reader's.
type renderFunc func(b []byte, lines []logLine, st seatState, reset bool) ([]byte, error)

const (
	// streamStart opens every stream. A browser whose connection drops
	// reconnects by itself, after this many milliseconds (its own default
	// is a few seconds), resuming with Last-Event-ID; the page shows a
	// banner meanwhile. Sent at once, so that a reconnecting browser knows
	// it is connected even when nothing new has happened (else it would
	// learn it at the next heartbeat).
	streamStart = "retry: 1000\n\n"
	// ping is the comment sent after a heartbeat without events, which
	// keeps proxies from closing a quiet stream.
	ping = ": ping\n\n"
)

// seatStream is what one stream has sent its reader of a table, and what
// it needs to send the rest: the table's id and the streams that follow it
// (which every change wakes), the reader's seat and log position, and the
// table itself only if the stream pins it in memory.
type seatStream struct {
	s        *Server
	id       string
	w        *watchers // the streams of the table, this one among them (watch)
	l        *live     // the table pinned in memory, or nil
	seat     engine.Seat
	last     int  // the log position the reader has
	first    bool // nothing sent yet
	initial  bool // send the state at once, even if nothing is new
	recorded bool // the seat's answer to an open window is recorded
	open     int  // seats open to anyone in the state sent last (join.go)
	explain  bool // legal actions carry their explanations (stateFor)
	render   renderFunc
}

// watch counts the stream among the open streams and among the streams of
// its table, l, which wake it at each change (after the gather) whether the
// table stays in memory or is dropped and loaded again. With other
// instances on the store it also pins l: their sweep checks only tables in
// memory for appends nobody announced (instances.go).
func (ss *seatStream) watch(l *live) {
	ss.s.metrics.streams.Inc()
	ss.w = ss.s.addWatcher(ss.id)
	if ss.s.peers.notifier != nil {
		ss.pin(l)
		// The table may have been dropped from memory since the stream
		// got it; pinned, it is not dropped again, and marked stale, the
		// stream loads the one in memory (table) rather than follow a
		// copy nobody changes.
		ss.s.mu.Lock()
		gone := ss.s.live[ss.id] != l
		ss.s.mu.Unlock()
		if gone {
			l.mu.Lock()
			l.stale = true
			l.mu.Unlock()
		}
	}
}

// unwatch undoes watch.
func (ss *seatStream) unwatch() {
	if ss.l != nil {
		ss.unpin()
	}
	ss.s.removeWatcher(ss.id)
	ss.s.metrics.streams.Dec()
}

// pin keeps l in memory while the stream follows it (it counts among l's
// watchers, which tables are not dropped with).
func (ss *seatStream) pin(l *live) {
	l.mu.Lock()
	l.watchers++
	l.mu.Unlock()
	ss.l = l
}

// unpin undoes pin.
func (ss *seatStream) unpin() {
	ss.l.mu.Lock()
	ss.l.watchers--
	ss.l.mu.Unlock()
}

// table returns the stream's table, current and locked: the one it pins,
// reloaded if it went stale, or for a stream that pins none the one in
// memory, loaded again if it was dropped.
func (ss *seatStream) table(ctx context.Context) (*live, error) {
	for {
		l := ss.l
		if l == nil {
			var err error
			if l, err = ss.s.table(ctx, ss.id); err != nil {
				return nil, err
			}
		}
		l.mu.Lock()
		if !l.stale {
			return l, nil
		}
		l.mu.Unlock()
		if ss.l != nil {
			nl, err := ss.s.table(ctx, ss.id)
			if err != nil {
				return nil, err
			}
			ss.unpin()
			ss.pin(nl)
		}
	}
}

// next returns what the reader has not seen yet, rendered into a buffer
// from eventBufs that the caller puts back (nil if it has seen everything),
// and the channel closed once the gather after the table's next change is
// over, or ok false if the stream must end.
func (ss *seatStream) next(ctx context.Context) (events *[]byte, changed <-chan struct{}, ok bool) {
	// The channel is taken before the table is looked at: a change after
	// that closes it, and no wake is lost.
	changed = ss.w.next()
	l, err := ss.table(ctx)
	if err != nil {
		return nil, nil, false
	}
	if ss.last > l.tab.Len() {
		ss.last = l.tab.Len() // a position from the future: start from now
	}
	// Only the seat's own recorded answer and seats joined, besides the
	// log, change what it sees: others' answers change nothing for it.
	rec := l.answered(ss.seat)
	if l.tab.Len() > ss.last || (ss.first && ss.initial) || rec != ss.recorded || len(l.open) != ss.open {
		events = eventBufs.Get().(*[]byte)
		sc := logScratches.Get().(*logScratch)
		*events, err = ss.render((*events)[:0], sc.logFor(l, ss.seat, ss.last), stateFor(l, ss.seat, ss.explain), ss.first && ss.initial)
		sc.put()
		ss.last = l.tab.Len()
	}
	ss.recorded, ss.open = rec, len(l.open)
	l.mu.Unlock()
	if err != nil {
		eventBufs.Put(events)
		ss.s.log.Error("rendering a stream", "table", l.id, "err", err)
		return nil, nil, false
	}
	ss.first = false
	return events, changed, true
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

// streamSlots counts the event streams each client address holds open
// (Config.StreamsPerClient).
type streamSlots struct {
	mu   sync.Mutex
	max  int // negative: no limit
	open map[string]int
}

// take counts one more stream for client, unless it holds the most it may.
func (ss *streamSlots) take(client string) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.max >= 0 && ss.open[client] >= ss.max {
		return false
	}
	ss.open[client]++
	return true
}

// give counts one stream of client fewer.
func (ss *streamSlots) give(client string) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.open[client] <= 1 {
		delete(ss.open, client) // the map holds only addresses with streams open
		return
	}
	ss.open[client]--
}
