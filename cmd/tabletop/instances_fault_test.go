package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tabletop/internal/duel"
	"tabletop/internal/pgtest"
)

// linkProxy stands between an instance and the database: it forwards
// every connection until cut, which closes them all and refuses new ones
// until restore, as a network fault between the two would.
type linkProxy struct {
	ln    net.Listener
	to    string // the database's host:port
	mu    sync.Mutex
	down  bool
	conns []net.Conn
}

// startLinkProxy starts a proxy to the database of dsn and returns it with
// the connection string that goes through it.
func startLinkProxy(t *testing.T, dsn string) (*linkProxy, string) {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &linkProxy{ln: ln, to: u.Host}
	t.Cleanup(func() { ln.Close(); p.cut() })
	go p.serve()
	u.Host = ln.Addr().String()
	return p, u.String()
}

func (p *linkProxy) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		if p.down {
			p.mu.Unlock()
			c.Close()
			continue
		}
		d, err := net.Dial("tcp", p.to)
		if err != nil {
			p.mu.Unlock()
			c.Close()
			continue
		}
		p.conns = append(p.conns, c, d)
		p.mu.Unlock()
		go func() { io.Copy(d, c); d.Close() }()
		go func() { io.Copy(c, d); c.Close() }()
	}
}

// cut closes every connection through the proxy and refuses new ones.
func (p *linkProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.down = true
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// restore lets connections through again.
func (p *linkProxy) restore() {
	p.mu.Lock()
	p.down = false
	p.mu.Unlock()
}

// followStream reads table id's event stream as a spectator the way a
// browser's EventSource does: when the stream ends it connects again with
// Last-Event-ID, the last entry it has. It sends the id of every entry
// event, and of every state event that says the game is over as -1, until
// the test ends.
func followStream(t *testing.T, base, id string) <-chan int {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	ch := make(chan int, 256)
	go func() {
		last := 0
		for ctx.Err() == nil {
			req, err := http.NewRequestWithContext(ctx, "GET", base+"/api/tables/"+id+"/events", nil)
			if err != nil {
				return
			}
			if last > 0 {
				req.Header.Set("Last-Event-ID", strconv.Itoa(last))
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil || resp.StatusCode != http.StatusOK {
				if resp != nil {
					resp.Body.Close()
				}
				time.Sleep(100 * time.Millisecond)
				continue
			}
			sc := bufio.NewScanner(resp.Body)
			name, data := "", ""
			for sc.Scan() {
				k, v, _ := strings.Cut(sc.Text(), ": ")
				switch {
				case sc.Text() == "":
					if name == "state" && strings.Contains(data, `"over":true`) {
						ch <- -1
					}
					name, data = "", ""
				case k == "event":
					name = v
				case k == "id" && name == "entry":
					n, _ := strconv.Atoi(v)
					last = n
					ch <- n
				case k == "data":
					data += v
				}
			}
			resp.Body.Close()
			time.Sleep(100 * time.Millisecond)
		}
	}()
	return ch
}

// TestInstances_StreamCatchesUpOnceAfterTheDatabaseLinkComesBack cuts the
// network between instance B and the database (its listening connection
// and its pool alike) while the last rounds of a duel are played on
// instance A. A spectator follows the table on B. Once the link is back,
// B's listener reconnects and B catches up from the log: the spectator
// gets every entry exactly once, in order, well before B's 10-second
// sweep could have found them.
func TestInstances_StreamCatchesUpOnceAfterTheDatabaseLinkComesBack(t *testing.T) {
	dsn := pgtest.DSN(t)
	proxy, viaProxy := startLinkProxy(t, dsn)
	a, b := startInstance(t, dsn, 0), startInstance(t, viaProxy, 0)
	tab := a.create("4")
	stream := followStream(t, b.url, tab.ID)
	var got []int
	// receive takes what the stream sends until it has n entries or the
	// game is over, failing after within.
	receive := func(n int, within time.Duration) {
		t.Helper()
		deadline := time.After(within)
		for len(got) < n {
			select {
			case id := <-stream:
				if id < 0 {
					return
				}
				got = append(got, id)
			case <-deadline:
				t.Fatalf("the stream on B has entries %v after %v, want %d", got, within, n)
			}
		}
	}
	on := []instance{a, b}
	for round := range 2 {
		for seat := range 2 {
			on[(round+seat)%2].act(tab, seat, duel.Guard)
		}
	}
	receive(4, 10*time.Second)

	proxy.cut()
	for range 2 { // the last two rounds, on A
		a.act(tab, 0, duel.Guard)
		a.act(tab, 1, duel.Guard)
	}
	time.Sleep(300 * time.Millisecond) // B's listener tries to reconnect, and fails
	select {
	case id := <-stream:
		t.Fatalf("entry %d reached B while its link to the database was cut", id)
	default:
	}
	restored := time.Now()
	proxy.restore()
	receive(8, 5*time.Second) // sweepEvery is 10s: this is the listener's catch-up
	if want := []int{1, 2, 3, 4, 5, 6, 7, 8}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("the stream on B sent entries %v, want %v", got, want)
	}
	select {
	case id := <-stream:
		if id >= 0 {
			t.Fatalf("after all eight the stream on B sent entry %d again", id)
		}
	case <-time.After(300 * time.Millisecond):
	}
	t.Logf("B caught up %v after the link came back", time.Since(restored).Round(time.Millisecond))
	if st := b.state(tab.ID, ""); st.Seq != 8 || !st.Over {
		t.Fatalf("B serves the table at seq %d (over %v), want 8, over", st.Seq, st.Over)
	}
}
