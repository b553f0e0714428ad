// Command floor is the lower bound of bench/serve.sh on this machine: a
// server with the shape of tabletop's JSON API (create a table, its event
// stream, post an action, read its seq) and nothing behind it. Each table
// is boardgame.io's "counter" from bench/serve-peer.mjs: two seats take turns
// at one move that adds 1; there is no storage, no game engine, no views
// per seat beyond whose turn it is, and no checks beyond the seat's token.
//
// It answers the question "how many actions per second can any server do
// that speaks this protocol (an HTTP POST per action, Server-Sent Events
// per seat) on this machine, measured by tabletop loadgen": what tabletop
// serve does on top of that is the engine, the views and the durable store.
//
//	go run ./bench/floor --addr 127.0.0.1:0
//	tabletop loadgen --addr ADDR --pid PID
//
// Only loopback addresses are accepted.
package main

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
	"sync"
)

type table struct {
	mu      sync.Mutex
	seq     int
	tokens  [2]string
	changed chan struct{}
}

type server struct {
	mu     sync.Mutex
	tables map[string]*table
}

func token() string {
	b := make([]byte, 16)
	rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

func (s *server) create(w http.ResponseWriter, r *http.Request) {
	t := &table{tokens: [2]string{token(), token()}, changed: make(chan struct{})}
	id := token()
	s.mu.Lock()
	s.tables[id] = t
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusCreated)
	json.NewEncoder(w).Encode(map[string]any{"id": id, "seats": []map[string]string{{"token": t.tokens[0]}, {"token": t.tokens[1]}}})
}

// lookup returns the table of the request and the seat of its token (-1:
// none).
func (s *server) lookup(r *http.Request) (*table, int) {
	s.mu.Lock()
	t := s.tables[r.PathValue("id")]
	s.mu.Unlock()
	if t == nil {
		return nil, -1
	}
	auth := r.Header.Get("Authorization")
	for i, tok := range t.tokens {
		if auth == "Bearer "+tok {
			return t, i
		}
	}
	return t, -1
}

// state is a seat's state event: whose turn, the two moves, the count.
func state(b []byte, seq, seat int) []byte {
	mine := seq%2 == seat
	b = append(b, "event: state\nid: "...)
	b = strconv.AppendInt(b, int64(seq), 10)
	b = append(b, "\ndata: {\"seq\":"...)
	b = strconv.AppendInt(b, int64(seq), 10)
	b = append(b, ",\"my_turn\":"...)
	b = strconv.AppendBool(b, mine)
	b = append(b, ",\"over\":false,\"legal\":"...)
	if mine {
		b = append(b, `[{"kind":"play","text":"add 1","action":{"n":1}},{"kind":"play","text":"add 2","action":{"n":2}}]`...)
	} else {
		b = append(b, "[]"...)
	}
	b = append(b, ",\"view\":{\"count\":"...)
	b = strconv.AppendInt(b, int64(seq), 10)
	return append(b, "}}\n\n"...)
}

func (s *server) events(w http.ResponseWriter, r *http.Request) {
	t, seat := s.lookup(r)
	if t == nil || seat < 0 {
		http.Error(w, "no such seat", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	last := -1
	var buf []byte
	for {
		t.mu.Lock()
		seq, changed := t.seq, t.changed
		t.mu.Unlock()
		if seq != last {
			buf = state(buf[:0], seq, seat)
			if _, err := w.Write(buf); err != nil {
				return
			}
			if rc.Flush() != nil {
				return
			}
			last = seq
		}
		select {
		case <-changed:
		case <-r.Context().Done():
			return
		}
	}
}

func (s *server) act(w http.ResponseWriter, r *http.Request) {
	t, seat := s.lookup(r)
	if t == nil || seat < 0 {
		http.Error(w, "no such seat", http.StatusNotFound)
		return
	}
	var a struct {
		Kind   string          `json:"kind"`
		Action json.RawMessage `json:"action"`
	}
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16)).Decode(&a); err != nil || a.Kind != "play" {
		http.Error(w, `{"error":{"code":"bad_action"}}`, http.StatusBadRequest)
		return
	}
	t.mu.Lock()
	if t.seq%2 != seat {
		t.mu.Unlock()
		http.Error(w, `{"error":{"code":"not_your_turn"}}`, http.StatusConflict)
		return
	}
	t.seq++
	seq := t.seq
	close(t.changed)
	t.changed = make(chan struct{})
	t.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, "{\"seq\":%d,\"events\":[]}\n", seq)
}

func (s *server) read(w http.ResponseWriter, r *http.Request) {
	t, _ := s.lookup(r)
	if t == nil {
		http.Error(w, "no such table", http.StatusNotFound)
		return
	}
	t.mu.Lock()
	seq := t.seq
	t.mu.Unlock()
	fmt.Fprintf(w, "{\"seq\":%d}\n", seq)
}

func main() {
	addr := flag.String("addr", "127.0.0.1:0", "loopback address to listen on")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err == nil {
		if ta, ok := ln.Addr().(*net.TCPAddr); !ok || !ta.IP.IsLoopback() {
			ln.Close()
			err = fmt.Errorf("%s is not a loopback address", ln.Addr())
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "floor:", err)
		os.Exit(1)
	}
	s := &server{tables: map[string]*table{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/tables", s.create)
	mux.HandleFunc("GET /api/tables/{id}/events", s.events)
	mux.HandleFunc("POST /api/tables/{id}/actions", s.act)
	mux.HandleFunc("GET /api/tables/{id}", s.read)
	fmt.Printf("serving on http://%s\n", ln.Addr())
	http.Serve(ln, mux)
}
