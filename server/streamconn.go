package server

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"
)

// connStream is an event stream on a connection taken over from net/http
// (Hijack). While a stream waits, which is most of its life, net/http
// would keep two goroutines on it (the handler's and a reader that notices
// the client leaving), each with a stack of some kilobytes, and its 4 KiB
// read and write buffers and the request: about half of what an open
// stream cost (measured with tabletop loadgen --idle). A connStream keeps
// the connection and one goroutine, which waits in a read of the
// connection: the read ends when the client goes (EOF, reset), at the
// heartbeat (a read deadline), or early when the table changes or the
// server closes (wake moves the deadline to the past).
type connStream struct {
	conn  net.Conn
	head  []byte // the response's head, sent with the first events
	woken atomic.Bool
	one   [1]byte // what the waiting read reads into

	mu      sync.Mutex // guards closing and the setting of write deadlines
	closing bool       // the server closes: writes get a second, not writeTimeout
}

// longAgo is a deadline in the past: it ends a read at once.
var longAgo = time.Unix(1, 0)

// takeOver takes the connection of a stream's request from net/http and
// returns it, with the response's head (the headers set on w so far) to
// send first; nil where it cannot (HTTP/2, a HEAD request, a writer that
// does not hijack), or if the server is closing. A connection taken over
// is counted in Server.bg until it is closed, since http.Server.Shutdown
// no longer knows it: Close ends it with a reconnect event.
func (s *Server) takeOver(w http.ResponseWriter, r *http.Request) *connStream {
	if r.Method != http.MethodGet || r.ProtoMajor != 1 || !s.background() {
		return nil
	}
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		s.bg.Done()
		return nil
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	// The body has no length and no chunks: it ends when the connection
	// closes, which the stream does when it ends.
	h.Set("Connection", "close")
	head := []byte("HTTP/1.1 200 OK\r\n")
	head = appendHeader(head, h)
	head = append(head, "\r\n"+streamStart...)
	return &connStream{conn: conn, head: head}
}

// appendHeader appends h in the wire format, its keys sorted.
func appendHeader(b []byte, h http.Header) []byte {
	var w byteWriter
	w.b = b
	h.Write(&w) // writes to memory: never fails
	return w.b
}

type byteWriter struct{ b []byte }

func (w *byteWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

// send writes what ss's reader has not seen yet, if anything, and reports
// whether the stream goes on.
func (c *connStream) send(ss *seatStream, ctx context.Context) bool {
	events, _, ok := ss.next(ctx)
	if !ok {
		return false
	}
	if events == nil {
		if c.head == nil {
			return true
		}
		events = eventBufs.Get().(*[]byte)
		*events = (*events)[:0]
	}
	defer eventBufs.Put(events)
	buf := *events
	if c.head != nil {
		buf = append(c.head, buf...)
		c.head = nil
	}
	return c.write(buf)
}

// write writes b within writeTimeout (a second once the server closes)
// and reports whether it did.
func (c *connStream) write(b []byte) bool {
	c.mu.Lock()
	d := writeTimeout
	if c.closing {
		d = time.Second
	}
	c.conn.SetWriteDeadline(time.Now().Add(d))
	c.mu.Unlock()
	_, err := c.conn.Write(b)
	return err == nil
}

// closeSoon is called as the server closes: it wakes the stream and cuts
// a write under way to a second, so that Server.Close, which waits for the
// stream, does not wait a minute on a client that reads nothing.
func (c *connStream) closeSoon() {
	c.mu.Lock()
	c.closing = true
	c.conn.SetWriteDeadline(time.Now().Add(time.Second))
	c.mu.Unlock()
	c.wake()
}

// wait waits until the table changes or the server closes (wake), sending
// a ping at every heartbeat meanwhile, and reports false if the client
// has gone (or sent anything: a stream's client only reads).
func (c *connStream) wait() bool {
	for {
		// A wake between the last wait and here moved the deadline to
		// the past and set woken, which is looked at once the deadline
		// is set again: no wake is lost.
		c.conn.SetReadDeadline(time.Now().Add(heartbeat))
		if c.woken.Swap(false) {
			return true
		}
		_, err := c.conn.Read(c.one[:])
		if c.woken.Swap(false) {
			return err == nil || errors.Is(err, os.ErrDeadlineExceeded)
		}
		if !errors.Is(err, os.ErrDeadlineExceeded) || !c.write([]byte(ping)) {
			return false
		}
	}
}

// wake ends the waiting read: the table changed or the server closes. It
// never blocks, so that a table's notify may call it with the table's
// lock held.
func (c *connStream) wake() {
	c.woken.Store(true)
	c.conn.SetReadDeadline(longAgo)
}

// end closes the connection; with closing set (the server closes, not the
// client) after a last event that tells the client to reconnect.
func (c *connStream) end(closing bool) {
	if closing {
		c.closeSoon() // its AfterFunc may not have run yet
		c.write(append(c.head, reconnectEvent...))
	}
	c.conn.Close()
}

// watchers are the streams on connections taken over that follow one
// table (Server.watched). They outlive the table's stay in memory: without
// other instances a table they follow may be dropped while they wait, and
// any change loads it again, whose notify wakes them. A stream then keeps
// the table's id and its reader's position, not the table.
type watchers struct {
	mu    sync.Mutex
	conns map[*connStream]struct{}
}

// wake wakes every stream.
func (w *watchers) wake() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for c := range w.conns {
		c.wake()
	}
}

// empty reports whether no stream follows the table.
func (w *watchers) empty() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.conns) == 0
}

// watchersLocked returns the watchers of table id, made if it has none.
// Call with s.mu held.
func (s *Server) watchersLocked(id string) *watchers {
	w := s.watched[id]
	if w == nil {
		w = &watchers{conns: make(map[*connStream]struct{})}
		s.watched[id] = w
	}
	return w
}

// addWatcher counts c among the streams of table id.
func (s *Server) addWatcher(id string, c *connStream) {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.watchersLocked(id)
	w.mu.Lock()
	w.conns[c] = struct{}{}
	w.mu.Unlock()
}

// removeWatcher undoes addWatcher.
func (s *Server) removeWatcher(id string, c *connStream) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if w := s.watched[id]; w != nil {
		w.mu.Lock()
		delete(w.conns, c)
		w.mu.Unlock()
		s.dropWatchersLocked(id)
	}
}

// dropWatchersLocked forgets the watchers of table id once neither a
// stream nor the table in memory needs them. Call with s.mu held.
func (s *Server) dropWatchersLocked(id string) {
	if w := s.watched[id]; w != nil && s.live[id] == nil && w.empty() {
		delete(s.watched, id)
	}
}
