package server

import (
	"io"
	"net"
	"testing"
	"time"
)

// closedWithin reports whether ch is closed within d.
func closedWithin(ch <-chan struct{}, d time.Duration) bool {
	select {
	case <-ch:
		return true
	case <-time.After(d):
		return false
	}
}

// TestGather_ATableWakesOnceItsOwnGatherIsOver: the streams of a table
// that changed wake once Config.StreamGather has passed since its change,
// not earlier (though another table's gather ends meanwhile on the same
// timer), and once for every change within the gather; a change after the
// wake wakes them again.
func TestGather_ATableWakesOnceItsOwnGatherIsOver(t *testing.T) {
	const wait = 200 * time.Millisecond
	g := &gatherer{wait: wait}
	first := &watchers{gather: g}
	second := &watchers{gather: g}
	firstCh, secondCh := first.next(), second.next()

	start := time.Now()
	first.notify()
	time.Sleep(wait / 2)
	first.notify() // within its gather: the same wake
	second.notify()
	if !closedWithin(firstCh, 10*time.Second) {
		t.Fatal("the first table's streams were not woken within 10 s")
	}
	if d := time.Since(start); d < wait {
		t.Errorf("the first table's streams woke %v after its change, want at least %v", d, wait)
	}
	if closedWithin(secondCh, 0) {
		t.Errorf("the second table's streams woke %v after its change, want at least %v", time.Since(start)-wait/2, wait)
	}
	if !closedWithin(secondCh, 10*time.Second) {
		t.Fatal("the second table's streams were not woken within 10 s")
	}
	if d := time.Since(start) - wait/2; d < wait {
		t.Errorf("the second table's streams woke %v after its change, want at least %v", d, wait)
	}

	again := first.next()
	if closedWithin(again, 2*wait) {
		t.Fatal("two changes within a gather woke the streams twice")
	}
	first.notify()
	if !closedWithin(again, 10*time.Second) {
		t.Fatal("a change after the wake did not wake the streams again")
	}
}

// TestGather_AChangeNoStreamWaitsForQueuesNothing: a table whose streams
// have not asked for a wake (or that none follows) puts nothing in the
// gather at a change; once one asks, the next change wakes it.
func TestGather_AChangeNoStreamWaitsForQueuesNothing(t *testing.T) {
	g := &gatherer{wait: time.Hour}
	w := &watchers{gather: g}
	w.notify()
	g.mu.Lock()
	queued := len(g.due)
	g.mu.Unlock()
	if queued != 0 || w.due {
		t.Fatalf("a change nobody waits for queued %d gathers (due %v), want none", queued, w.due)
	}
	g.wait = 0 // wake at once
	ch := w.next()
	w.notify()
	if !closedWithin(ch, 10*time.Second) {
		t.Fatal("a change after a stream asked did not wake it")
	}
}

// TestQuietStreamPingsAfterTwoBeatsWithoutAWrite: a stream that waits
// writes a ping at the second beat after its last write, not at the first:
// a quiet stream pings every heartbeat (two beats), and none stays quiet
// longer.
func TestQuietStreamPingsAfterTwoBeatsWithoutAWrite(t *testing.T) {
	server, client := net.Pipe()
	defer client.Close()
	defer server.Close()
	changed := make(chan struct{})
	c := &connStream{conn: server, gone: make(chan struct{}), changed: changed}
	b := &beats{}
	done := make(chan struct{})
	defer close(done)
	ended := make(chan bool, 1)
	go func() { ended <- c.wait(done, b) }()
	read := make(chan string, 8)
	go func() {
		buf := make([]byte, 64)
		for {
			n, err := client.Read(buf)
			if err != nil {
				close(read)
				return
			}
			read <- string(buf[:n])
		}
	}()
	// tick is a beat, once the stream waits for it.
	tick := func() {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
			b.mu.Lock()
			waiting := b.ch != nil
			b.mu.Unlock()
			if waiting {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the stream does not wait for a beat")
			}
		}
		b.tick()
	}
	noPing := func(after string) {
		t.Helper()
		select {
		case got := <-read:
			t.Fatalf("the stream wrote %q after %s, want nothing", got, after)
		case <-time.After(100 * time.Millisecond):
		}
	}
	aPing := func(after string) {
		t.Helper()
		select {
		case got := <-read:
			if got != ping {
				t.Fatalf("the stream wrote %q after %s, want a ping", got, after)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no ping within 10 s after %s", after)
		}
	}
	tick()
	noPing("one beat")
	tick()
	aPing("two beats")
	tick()
	noPing("one beat after the ping")
	tick()
	aPing("two beats after the ping")

	close(changed)
	if !<-ended {
		t.Fatal("the stream ended at its table's change, want it to go on")
	}
	c.changed = make(chan struct{})
	go func() { ended <- c.wait(done, b) }()
	close(c.gone)
	if <-ended {
		t.Fatal("the stream went on after its client had gone")
	}
	server.Close()
	io.Copy(io.Discard, client)
}
