package server

import (
	"context"
	"net"
	"net/http"
	"sync"
	"time"
)

// connStream is an event stream on a connection taken over from net/http
// (Hijack). While a stream waits, which is most of its life, net/http
// would keep two goroutines on it (the handler's and a reader that notices
// the client leaving), each with a stack of some kilobytes, and its 4 KiB
// read and write buffers and the request: about half of what an open
// stream cost (measured with tabletop loadgen --idle). A connStream keeps
// the connection and two small goroutines: one waits on channels for the
// table's changes (after the gather, see gatherer), the server's closing
// and the heartbeat (beats), and renders and writes; the other waits in a
// read of the connection, which ends when the client goes (EOF, reset).
type connStream struct {
	conn    net.Conn
	head    []byte          // the response's head, sent with the first events
	changed <-chan struct{} // closed once the gather after the table's next change is over (watchers.next)
	gone    chan struct{}   // closed when the client has gone (watchClient)
	one     [1]byte         // what watchClient reads into
	beat    <-chan struct{} // closed at the next beat, or nil
	quiet   int             // beats since the last write

	mu      sync.Mutex // guards closing and the setting of write deadlines
	closing bool       // the server closes: writes get a second, not writeTimeout
}

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
	h := w.Header() // with the stream's headers (stream)
	// The body has no length and no chunks: it ends when the connection
	// closes, which the stream does when it ends.
	h.Set("Connection", "close")
	head := []byte("HTTP/1.1 200 OK\r\n")
	head = appendHeader(head, h)
	head = append(head, "\r\n"+streamStart...)
	return &connStream{conn: conn, head: head, gone: make(chan struct{})}
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
	events, changed, ok := ss.next(ctx)
	if !ok {
		return false
	}
	c.changed = changed
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
	c.quiet = 0
	_, err := c.conn.Write(b)
	return err == nil
}

// closeSoon is called as the server closes: it cuts a write under way to
// a second, so that Server.Close, which waits for the stream, does not
// wait a minute on a client that reads nothing. (A stream that waits sees
// the server's context end.)
func (c *connStream) closeSoon() {
	c.mu.Lock()
	c.closing = true
	c.conn.SetWriteDeadline(time.Now().Add(time.Second))
	c.mu.Unlock()
}

// wait waits until the table changes (and the gather after the change is
// over), sending a ping after two beats without a write meanwhile, and
// reports false if the stream must end instead: the client has gone (or
// sent anything: a stream's client only reads), the server closes (done),
// or a ping failed.
func (c *connStream) wait(done <-chan struct{}, b *beats) bool {
	for {
		if c.beat == nil {
			c.beat = b.next()
		}
		select {
		case <-c.changed:
			return true
		case <-c.gone:
			return false
		case <-done:
			return false
		case <-c.beat:
			c.beat = nil
			if c.quiet++; c.quiet >= 2 && !c.write([]byte(ping)) {
				return false
			}
		}
	}
}

// watchClient waits in a read of the connection until the client goes,
// then closes gone. Its client sends nothing once its request is read, so
// the read ends only when the connection does: the client closes it or
// resets it, or the stream closes it as it ends.
func (c *connStream) watchClient() {
	c.conn.Read(c.one[:])
	close(c.gone)
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

// watchers are the streams that follow one table (Server.watched), on
// connections taken over or in their handlers. They outlive the table's
// stay in memory: without other instances a table they follow may be
// dropped while they wait, and any change loads it again, whose notify
// wakes them. A stream then keeps the table's id and its reader's
// position, not the table.
type watchers struct {
	gather *gatherer
	due    bool // queued in gather; guarded by gather.mu

	mu      sync.Mutex
	n       int           // the streams (addWatcher, removeWatcher)
	changed chan struct{} // closed at the next wake; nil until a stream asks for it
}

// notify wakes every stream once the gather after a change is over, if
// any waits: a stream asks for the channel (next) before it reads the
// table, and notify runs with the table locked, so a stream that has not
// asked yet reads the change when it does. A table nobody follows (a table
// of bots at full speed, one played through the API alone) thus costs its
// commits no gather.
func (w *watchers) notify() {
	w.mu.Lock()
	waiting := w.changed != nil
	w.mu.Unlock()
	if waiting {
		w.gather.add(w)
	}
}

// wake wakes every stream at once.
func (w *watchers) wake() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.changed != nil {
		close(w.changed)
		w.changed = nil
	}
}

// next returns the channel closed at the next wake.
func (w *watchers) next() <-chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.changed == nil {
		w.changed = make(chan struct{})
	}
	return w.changed
}

// empty reports whether no stream follows the table.
func (w *watchers) empty() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.n == 0
}

// watchersLocked returns the watchers of table id, made if it has none.
// Call with s.mu held.
func (s *Server) watchersLocked(id string) *watchers {
	w := s.watched[id]
	if w == nil {
		w = &watchers{gather: &s.gathering}
		s.watched[id] = w
	}
	return w
}

// addWatcher counts one more stream of table id and returns the table's
// watchers.
func (s *Server) addWatcher(id string) *watchers {
	s.mu.Lock()
	defer s.mu.Unlock()
	w := s.watchersLocked(id)
	w.mu.Lock()
	w.n++
	w.mu.Unlock()
	return w
}

// removeWatcher undoes addWatcher.
func (s *Server) removeWatcher(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if w := s.watched[id]; w != nil {
		w.mu.Lock()
		w.n--
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

// gatherer holds the watchers of tables that changed until Config.
// StreamGather has passed since the change, since more changes may follow
// at once (the moves of a round, the second waiting for the first's
// commit), and then wakes their streams: the changes then cost one
// rendering of the state and one write. One timer serves every table: it
// fires at the end of the oldest table's gather and wakes every table whose
// gather is over, and fires again at most every half gather, so that a
// table's gather lasts from one to one and a half times
// Config.StreamGather.
type gatherer struct {
	wait time.Duration // Config.StreamGather; none if not over 0

	mu    sync.Mutex
	due   []gathering // in the order of their changes, so sorted by at
	timer *time.Timer // made at the first change
	armed bool        // the timer runs
}

// gathering is a table's watchers queued in a gatherer, and when their
// gather is over.
type gathering struct {
	w  *watchers
	at time.Time
}

// add wakes w's streams once the gather is over; a second change within
// the gather changes nothing. It never blocks, so that a table's notify
// may call it with the table's lock held.
func (g *gatherer) add(w *watchers) {
	if g.wait <= 0 {
		w.wake()
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if w.due {
		return
	}
	w.due = true
	g.due = append(g.due, gathering{w, time.Now().Add(g.wait)})
	if g.armed {
		return
	}
	g.armed = true
	if g.timer == nil {
		g.timer = time.AfterFunc(g.wait, g.fire)
	} else {
		g.timer.Reset(g.wait)
	}
}

// fire wakes the streams of every table whose gather is over, and sets
// the timer for the next.
func (g *gatherer) fire() {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := time.Now()
	n := 0
	for ; n < len(g.due) && !g.due[n].at.After(now); n++ {
		g.due[n].w.due = false
		g.due[n].w.wake()
	}
	rest := copy(g.due, g.due[n:])
	clear(g.due[rest:])
	g.due = g.due[:rest]
	if rest == 0 {
		g.armed = false
		return
	}
	g.timer.Reset(max(g.due[0].at.Sub(now), g.wait/2))
}

// beats is the heartbeat of the streams on connections taken over: a
// channel closed every beat, and a stream that has written nothing for two
// beats writes a ping, so a quiet stream pings every heartbeat and none is
// quiet much longer. One timer serves every stream, and none runs while
// no stream waits.
type beats struct {
	mu    sync.Mutex
	ch    chan struct{} // closed at the next beat; nil until a stream asks
	timer *time.Timer   // nil while no stream waits
}

// beat is the time between two beats: two make a heartbeat.
const beat = heartbeat / 2

// next returns the channel closed at the next beat.
func (b *beats) next() <-chan struct{} {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ch == nil {
		b.ch = make(chan struct{})
		if b.timer == nil {
			b.timer = time.AfterFunc(beat, b.tick)
		}
	}
	return b.ch
}

// tick is a beat: it wakes the streams that wait for it, and stops the
// timer if none did.
func (b *beats) tick() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ch == nil {
		b.timer = nil
		return
	}
	close(b.ch)
	b.ch = nil
	b.timer.Reset(beat)
}
