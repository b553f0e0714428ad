package server

import "testing"

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
