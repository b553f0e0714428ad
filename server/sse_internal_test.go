package server

import (
	"net"
	"testing"
	"time"
)

// TestNoFieldInjection_SSEDataSplitsOnCRLFAndCR checks that every line
// ending an event-stream reader knows (CR, LF, CRLF) starts a new data line,
// so data can never start a field of its own.
func TestNoFieldInjection_SSEDataSplitsOnCRLFAndCR(t *testing.T) {
	tests := []struct {
		name, data, want string
	}{
		{"one line", "a", "data: a\n"},
		{"LF", "a\nb", "data: a\ndata: b\n"},
		{"CRLF", "a\r\nb", "data: a\ndata: b\n"},
		{"lone CR", "a\revent: evil\rid: 99", "data: a\ndata: event: evil\ndata: id: 99\n"},
		{"LF CR is two breaks", "a\n\rb", "data: a\ndata: \ndata: b\n"},
		{"trailing CR", "a\r", "data: a\ndata: \n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(appendEvent(nil, sseEvent{name: "log", id: 7, data: []byte(tt.data)}))
			want := "event: log\nid: 7\n" + tt.want + "\n"
			if got != want {
				t.Fatalf("appendEvent(%q) = %q, want %q", tt.data, got, want)
			}
		})
	}
}

// TestNoFieldInjection_JSONEventsAreFramedAsAnyEvent: appendJSONEvent, which
// writes JSON in place as one data line, frames every data exactly as
// appendEvent does, line breaks included (JSON never holds one, but a
// value's own MarshalJSON could), after whatever the buffer held before.
func TestNoFieldInjection_JSONEventsAreFramedAsAnyEvent(t *testing.T) {
	for _, data := range []string{`{"a":1}`, "", "a\nb", "a\r\nevent: evil", "x\r"} {
		before := "event: state\nid: 1\ndata: {}\n\n"
		got, err := appendJSONEvent([]byte(before), "entry", 7, func(b []byte) ([]byte, error) { return append(b, data...), nil })
		if err != nil {
			t.Fatal(err)
		}
		want := string(appendEvent([]byte(before), sseEvent{name: "entry", id: 7, data: []byte(data)}))
		if string(got) != want {
			t.Errorf("appendJSONEvent(%q) = %q, want %q", data, got, want)
		}
	}
}

// TestClosingServerCutsAStalledStreamWriteToASecond: a stream's client
// that reads nothing holds a write for up to writeTimeout, a minute; once
// the server closes, the write gets a second, so that Close (which waits
// for every stream) is not held up by it.
func TestClosingServerCutsAStalledStreamWriteToASecond(t *testing.T) {
	server, client := net.Pipe() // a write blocks until the client reads, which it never does
	defer client.Close()
	c := &connStream{conn: server}
	done := make(chan bool)
	go func() { done <- c.write([]byte("event: state\n\n")) }()
	time.Sleep(50 * time.Millisecond) // the write is under way
	start := time.Now()
	c.closeSoon()
	select {
	case ok := <-done:
		if ok {
			t.Fatal("a write nobody read succeeded")
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("the write ended %v after the server closed, want about a second", d)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the stalled write still runs 5 s after the server closed")
	}
}
