package server

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http/httptest"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/internal/cputime"
	"tabletop/internal/duel"
)

// BenchmarkStreamWake is the wake path of the event streams: tables of two
// seats, each seat's API stream open on a real loopback connection, and per
// op one move at every table (made in memory, without the store, as the
// handler does once the store has it) and the wait until every stream has
// written its new state and its client has read it. The duels never end
// (their round limit is lifted in memory). cpu-ns/wake is the process's
// CPU time (the clients' reads included) per stream woken. It runs at 50
// tables only: at one table the figure is mostly the scheduler spinning
// through the gather, and swings from 120k to 210k from run to run.
func BenchmarkStreamWake(b *testing.B) {
	b.Run("tables=50", func(b *testing.B) { benchmarkStreamWake(b, 50) })
}

func benchmarkStreamWake(b *testing.B, tables int) {
	s := mustInternal(b, func(c *Config) { c.StreamsPerClient = -1 })
	ts := httptest.NewServer(s.Handler())
	defer ts.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	ls := make([]*live, tables)
	read := make(chan struct{}, 2*tables)
	for i := range ls {
		l, tokens := mustDuel(b, s, 50, "", "")
		l.mu.Lock()
		l.tab.State().(*duel.State).Rounds = 1 << 30
		l.mu.Unlock()
		ls[i] = l
		for _, token := range tokens {
			conn := mustStreamConn(b, ts.Listener.Addr().String(), l.id, token)
			defer conn.Close()
			go countStates(ctx, conn, read)
		}
	}
	// The first state of each stream.
	for range 2 * tables {
		<-read
	}
	b.ReportAllocs()
	start := cputime.Used()
	for i := 0; b.Loop(); i++ {
		for _, l := range ls {
			l.mu.Lock()
			if _, err := l.tab.Act(engine.Seat(i%2), duel.Stance{Stance: duel.Guard}); err != nil {
				l.mu.Unlock()
				b.Fatal(err)
			}
			l.notify()
			l.mu.Unlock()
		}
		for range 2 * tables {
			<-read
		}
	}
	b.ReportMetric(float64(cputime.Used()-start)/float64(b.N*2*tables), "cpu-ns/wake")
}

// mustStreamConn opens the API event stream of seat token at table id on
// a connection of its own.
func mustStreamConn(tb testing.TB, addr, id, token string) net.Conn {
	tb.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		tb.Fatal(err)
	}
	fmt.Fprintf(conn, "GET /api/tables/%s/events HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n\r\n", id, token)
	return conn
}

// countStates reads the stream on conn and sends on states at the end of
// each state event.
func countStates(ctx context.Context, conn net.Conn, states chan<- struct{}) {
	br := bufio.NewReader(conn)
	inState := false
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		switch {
		case line == "event: state":
			inState = true
		case line == "" && inState:
			inState = false
			select {
			case states <- struct{}{}:
			case <-ctx.Done():
				return
			}
		}
	}
}
