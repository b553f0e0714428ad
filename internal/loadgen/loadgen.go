// Package loadgen drives a running tabletop server through its JSON API
// (docs/api.md) the way people at many tables would, and measures it.
//
// Each table has two person seats, and each seat is one client: it follows
// its own event stream (GET /api/tables/{id}/events with its token) and,
// whenever a state event says it is its turn, posts one of its legal actions
// (POST /api/tables/{id}/actions). A run is bounded by a duration and,
// optionally, by a number of actions; it then stops by itself. A table whose
// game ends is replaced by a new one.
//
// Latency is measured per action from just before the POST is sent to the
// moment the acting seat's own event stream delivers a state event whose seq
// is at least the seq the POST answered with. The server stores the action,
// then wakes the streams, so this is "sent" to "stored and visible to the
// actor's page". The POST's own round trip (acknowledged once stored) is
// reported beside it.
//
// Every connection is checked to go to a loopback address: the load is
// meant for a server on the same machine, never for anyone else's.
package loadgen

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Options configure a run. BaseURL is required.
type Options struct {
	BaseURL    string            // e.g. http://127.0.0.1:8080; must be loopback
	Tables     int               // tables played at once (default 50)
	Duration   time.Duration     // how long to play (default 10s)
	MaxActions int               // stop after this many actions sent; 0: no cap
	Game       string            // default "pmr"
	GameOpts   map[string]string // default {"turns": "300"} for pmr
	Seed       uint64            // picks the actions among the legal ones

	// OnStart is called when the clock starts (every table is set up),
	// OnStop once every client has stopped; callers read CPU meters there.
	OnStart, OnStop func()
}

// Result is what a run measured.
type Result struct {
	Tables        int               `json:"tables"`
	Game          string            `json:"game"`
	GameOpts      map[string]string `json:"game_options"`
	Seconds       float64           `json:"seconds"`        // from the first action to the last client stopping
	Acked         int               `json:"acked"`          // actions answered 200 (stored) by the server
	Stored        int               `json:"stored"`         // log entries the tables gained (acked plus the server's only-choice moves)
	AckedPerSec   float64           `json:"acked_per_sec"`  //
	StoredPerSec  float64           `json:"stored_per_sec"` //
	Latency       Percentiles       `json:"latency_ms"`     // sent → own stream shows it
	AckLatency    Percentiles       `json:"ack_latency_ms"` // sent → 200 received
	Errors        int               `json:"errors"`         // refused or failed requests and broken streams
	ErrorCodes    map[string]int    `json:"error_codes,omitempty"`
	TablesCreated int               `json:"tables_created"`
	TablesEnded   int               `json:"tables_ended"` // games that reached their end during the run
}

// Percentiles are latencies in milliseconds; N is how many were measured.
type Percentiles struct {
	N   int     `json:"n"`
	P50 float64 `json:"p50"`
	P99 float64 `json:"p99"`
	Max float64 `json:"max"`
}

func percentiles(d []time.Duration) Percentiles {
	if len(d) == 0 {
		return Percentiles{}
	}
	slices.Sort(d)
	at := func(q float64) float64 {
		i := int(math.Ceil(q*float64(len(d)))) - 1 // nearest rank
		i = max(0, min(len(d)-1, i))
		return float64(d[i]) / float64(time.Millisecond)
	}
	return Percentiles{N: len(d), P50: at(0.50), P99: at(0.99), Max: float64(d[len(d)-1]) / float64(time.Millisecond)}
}

// CheckLoopback returns an error unless host (a name or an address, without
// port) is localhost or a loopback address (127.0.0.0/8, ::1).
func CheckLoopback(host string) error {
	if strings.EqualFold(host, "localhost") {
		return nil
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("loadgen: %q is not a loopback address (127.0.0.0/8, ::1 or localhost)", host)
	}
	return nil
}

// checkBase returns an error unless base is http://HOST:PORT with a
// loopback HOST.
func checkBase(base string) error {
	u, err := url.Parse(base)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return fmt.Errorf("loadgen: base URL %q is not http://HOST:PORT", base)
	}
	return CheckLoopback(u.Hostname())
}

// defaultGame is the game of a run: Pocket Monster Rancher of 300 turns
// unless game is set.
func defaultGame(game string, opts map[string]string) (string, map[string]string) {
	if game != "" {
		return game, opts
	}
	if opts == nil {
		opts = map[string]string{"turns": "300"}
	}
	return "pmr", opts
}

// NewClient returns the HTTP client of a run against tables tables: no
// proxy, no compression, enough idle connections that each seat reuses its
// own, and a dialer that refuses any peer that is not a loopback address
// (whatever "localhost" resolves to).
func NewClient(tables int) *http.Client {
	d := &net.Dialer{Timeout: 5 * time.Second, KeepAlive: 30 * time.Second}
	tr := &http.Transport{
		Proxy: nil,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := d.DialContext(ctx, network, addr)
			if err != nil {
				return nil, err
			}
			if ta, ok := c.RemoteAddr().(*net.TCPAddr); !ok || !ta.IP.IsLoopback() {
				c.Close()
				return nil, fmt.Errorf("loadgen: refusing to connect to %s: not a loopback address", c.RemoteAddr())
			}
			return c, nil
		},
		// Each seat holds one stream and has at most one action in flight.
		MaxIdleConns:        4 * tables,
		MaxIdleConnsPerHost: 2 * tables,
		IdleConnTimeout:     30 * time.Second,
		DisableCompression:  true,
	}
	return &http.Client{Transport: tr}
}

// Run plays the workload against opts.BaseURL with client (NewClient if
// nil) and returns what it measured. It returns an error only if the run
// could not start (the server is unreachable, no table could be created).
func Run(ctx context.Context, client *http.Client, opts Options) (*Result, error) {
	if opts.Tables <= 0 {
		opts.Tables = 50
	}
	if opts.Duration <= 0 {
		opts.Duration = 10 * time.Second
	}
	opts.Game, opts.GameOpts = defaultGame(opts.Game, opts.GameOpts)
	if err := checkBase(opts.BaseURL); err != nil {
		return nil, err
	}
	if client == nil {
		client = NewClient(opts.Tables)
		defer client.CloseIdleConnections()
	}
	r := &run{opts: opts, client: client, base: strings.TrimRight(opts.BaseURL, "/"), codes: map[string]int{}}

	// Set up every table before the clock starts: creating is rate limited
	// per address (docs/api.md), and is not what is measured.
	tabs := make([]*table, opts.Tables)
	for i := range tabs {
		t, err := r.create(ctx)
		if err != nil {
			return nil, err
		}
		tabs[i] = t
	}

	stop, cancel := context.WithTimeout(ctx, opts.Duration)
	defer cancel()
	r.stop, r.cancel = stop, cancel
	if opts.OnStart != nil {
		opts.OnStart()
	}
	r.start = time.Now()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var played []*table
	for i, t := range tabs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ts := r.playSlot(stop, i, t)
			mu.Lock()
			played = append(played, ts...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(r.start)
	if opts.OnStop != nil {
		opts.OnStop()
	}

	// What the store holds: every table's seq at the end, less where it
	// started (0). Read after every client stopped, so it includes actions
	// that were in flight at the deadline, as Acked does.
	stored := 0
	for _, t := range played {
		seq, err := r.seq(ctx, t)
		if err != nil {
			r.fail("final_read")
			continue
		}
		stored += seq
	}

	res := &Result{
		Tables: opts.Tables, Game: opts.Game, GameOpts: opts.GameOpts,
		Seconds: elapsed.Seconds(), Acked: int(r.acked.Load()), Stored: stored,
		TablesCreated: int(r.created.Load()), TablesEnded: int(r.ended.Load()),
	}
	res.AckedPerSec = float64(res.Acked) / res.Seconds
	res.StoredPerSec = float64(res.Stored) / res.Seconds
	r.mu.Lock()
	res.Latency, res.AckLatency = percentiles(r.lat), percentiles(r.ackLat)
	for _, n := range r.codes {
		res.Errors += n
	}
	if res.Errors > 0 {
		res.ErrorCodes = r.codes
	}
	r.mu.Unlock()
	return res, nil
}

// run is the shared state of one run.
type run struct {
	opts   Options
	client *http.Client
	base   string
	stop   context.Context    // ends at the deadline or once MaxActions are sent
	cancel context.CancelFunc // ends stop
	start  time.Time

	sent    atomic.Int64 // actions sent (for MaxActions)
	acked   atomic.Int64
	created atomic.Int64
	ended   atomic.Int64

	mu     sync.Mutex
	lat    []time.Duration
	ackLat []time.Duration
	codes  map[string]int // errors by code
}

func (r *run) fail(code string) {
	r.mu.Lock()
	r.codes[code]++
	r.mu.Unlock()
}

// table is one table of the run with its two seat tokens.
type table struct {
	ID    string `json:"id"`
	Seats []struct {
		Token string `json:"token"`
	} `json:"seats"`
}

// maxCreateTries bounds the retries of a refused (rate limited) create.
const maxCreateTries = 20

// create makes a table with two person seats, waiting out rate limits.
func (r *run) create(ctx context.Context) (*table, error) {
	body, _ := json.Marshal(map[string]any{
		"game": r.opts.Game, "options": r.opts.GameOpts, "listed": false,
		"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}},
	})
	for range maxCreateTries {
		status, resp, retry, err := r.post(ctx, "/api/tables", "", body)
		if err != nil {
			return nil, fmt.Errorf("loadgen: creating a table: %w", err)
		}
		if status == http.StatusTooManyRequests {
			if err := sleep(ctx, retry); err != nil {
				return nil, err
			}
			continue
		}
		if status != http.StatusCreated {
			return nil, fmt.Errorf("loadgen: creating a table: %d %s", status, bytes.TrimSpace(resp))
		}
		var t table
		if err := json.Unmarshal(resp, &t); err != nil || len(t.Seats) != 2 || t.Seats[0].Token == "" || t.Seats[1].Token == "" {
			return nil, fmt.Errorf("loadgen: creating a table: unexpected answer %s", bytes.TrimSpace(resp))
		}
		r.created.Add(1)
		return &t, nil
	}
	return nil, errors.New("loadgen: creating a table: still rate limited after many tries")
}

// maxTablesPerSlot bounds how many games one slot plays in one run.
const maxTablesPerSlot = 1000

// playSlot plays table t with two seat clients until the run stops; each
// time a game ends it starts a new table in its place. It returns every
// table it played.
func (r *run) playSlot(stop context.Context, slot int, t *table) []*table {
	played := []*table{t}
	for n := range maxTablesPerSlot {
		var wg sync.WaitGroup
		var over atomic.Bool
		for seat := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(r.opts.Seed, uint64(slot)<<32|uint64(n)<<1|uint64(seat)))
				if r.playSeat(stop, t, seat, rng) {
					over.Store(true)
				}
			}()
		}
		wg.Wait()
		if !over.Load() || stop.Err() != nil {
			return played
		}
		r.ended.Add(1)
		nt, err := r.create(stop)
		if err != nil {
			if stop.Err() == nil {
				r.fail("create")
			}
			return played
		}
		t = nt
		played = append(played, t)
	}
	return played
}

// state is the part of a state event a seat client needs. The legal
// actions are kept as raw JSON: a seat picks one and decodes only that one.
type state struct {
	Seq    int               `json:"seq"`
	MyTurn bool              `json:"my_turn"`
	Over   bool              `json:"over"`
	Legal  []json.RawMessage `json:"legal"`
	at     time.Time         // when the event was read
}

// legalAction is one entry of a state's legal list, as posted back.
type legalAction struct {
	Kind   string          `json:"kind"`
	Action json.RawMessage `json:"action"`
}

// playSeat is one seat's client: it follows its stream and acts on its
// turns until the run stops, the action cap is reached, or the game is over
// (then it reports true).
func (r *run) playSeat(stop context.Context, t *table, seat int, rng *rand.Rand) (over bool) {
	token := t.Seats[seat].Token
	ctx, cancel := context.WithCancel(stop)
	defer cancel()
	states := make(chan state, 256)
	streamErr := make(chan error, 1)
	go func() { streamErr <- r.follow(ctx, t.ID, token, states) }()
	actions, err := newActionConn(r.base, t.ID, token)
	if err != nil {
		r.fail("post")
		return false
	}
	defer actions.close()

	var (
		cur     state
		minSeq  = 0       // act only on states that show our last action
		sentAt  time.Time // of the action whose latency is open
		openSeq = -1      // its seq; -1: none open
		refused bool      // the last action was refused or failed
	)
	idle := time.NewTimer(time.Second)
	defer idle.Stop()
	for {
		select {
		case st := <-states:
			cur = st
			if openSeq >= 0 && st.Seq >= openSeq {
				r.mu.Lock()
				r.lat = append(r.lat, st.at.Sub(sentAt))
				r.mu.Unlock()
				openSeq = -1
			}
			// Take every event already read before acting on the newest.
			if len(states) > 0 {
				continue
			}
		case err := <-streamErr:
			if stop.Err() == nil && err != nil {
				r.fail("stream")
			}
			return false
		case <-idle.C:
			// Nothing new for a second after a refusal (or a rate
			// limit, which asks for a second): try the same state again.
			if refused {
				minSeq, refused = cur.Seq, false
			}
		case <-stop.Done():
			return false
		}
		idle.Reset(time.Second)
		if cur.Over {
			return true
		}
		// A choice of one is no choice: the server plays a seat's only
		// legal action itself (engine.Only), so posting it would race the
		// server and be refused.
		if !cur.MyTurn || cur.Seq < minSeq || len(cur.Legal) < 2 {
			continue
		}
		if max := r.opts.MaxActions; max > 0 && r.sent.Add(1) > int64(max) {
			r.cancel() // the cap is reached: every client stops
			return false
		}
		var a legalAction
		if err := json.Unmarshal(cur.Legal[rng.IntN(len(cur.Legal))], &a); err != nil {
			r.fail("bad_state")
			return false
		}
		body, _ := json.Marshal(a)
		// An action in flight at the deadline is finished, not abandoned,
		// so that Acked and Stored agree.
		pctx, pcancel := context.WithTimeout(context.WithoutCancel(stop), 30*time.Second)
		sent := time.Now()
		status, resp, _, err := actions.post(pctx, body)
		pcancel()
		took := time.Since(sent)
		refused = status != http.StatusOK
		switch {
		case err != nil:
			r.fail("post")
			minSeq = cur.Seq + 1
		case status == http.StatusOK:
			var ack struct {
				Seq int `json:"seq"`
			}
			if json.Unmarshal(resp, &ack) != nil {
				r.fail("bad_answer")
				minSeq, refused = cur.Seq+1, true
				break
			}
			r.acked.Add(1)
			r.mu.Lock()
			r.ackLat = append(r.ackLat, took)
			r.mu.Unlock()
			minSeq, sentAt, openSeq = ack.Seq, sent, ack.Seq
		default:
			r.fail(errorCode(status, resp))
			minSeq = cur.Seq + 1
		}
	}
}

// follow reads the seat's event stream and sends each state event to out,
// stamped with the time it was read, until ctx ends or the stream breaks.
func (r *run) follow(ctx context.Context, id, token string, out chan<- state) error {
	req, err := http.NewRequestWithContext(ctx, "GET", r.base+"/api/tables/"+id+"/events", nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept", "text/event-stream")
	resp, err := r.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("loadgen: stream: %s", resp.Status)
	}
	br := bufio.NewReaderSize(resp.Body, 64<<10)
	var name string
	var data []byte
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			// A long data line: read the rest of it.
			rest, err2 := br.ReadBytes('\n')
			line, err = append(append([]byte(nil), line...), rest...), err2
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		line = bytes.TrimRight(line, "\r\n")
		switch {
		case len(line) == 0: // end of an event
			if name == "state" {
				at := time.Now()
				st, err := decodeState(data)
				if err != nil {
					return fmt.Errorf("loadgen: stream: bad state event: %w", err)
				}
				st.at = at
				select {
				case out <- st:
				case <-ctx.Done():
					return nil
				}
			}
			name, data = "", data[:0]
		case bytes.HasPrefix(line, []byte("event: ")):
			name = string(line[len("event: "):])
		case bytes.HasPrefix(line, []byte("data: ")):
			if len(data) > 0 {
				data = append(data, '\n')
			}
			data = append(data, line[len("data: "):]...)
		}
	}
}

// seq reads a table's log length.
func (r *run) seq(ctx context.Context, t *table) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", r.base+"/api/tables/"+t.ID, nil)
	if err != nil {
		return 0, err
	}
	resp, err := r.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var st struct {
		Seq int `json:"seq"`
	}
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("loadgen: reading table %s: %s", t.ID, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		return 0, err
	}
	return st.Seq, nil
}

// post sends a JSON body and returns the status, the body and, for 429, how
// long the server asks to wait.
func (r *run) post(ctx context.Context, path, token string, body []byte) (int, []byte, time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", r.base+path, bytes.NewReader(body))
	if err != nil {
		return 0, nil, 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := r.client.Do(req)
	if err != nil {
		return 0, nil, 0, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return 0, nil, 0, err
	}
	retry := time.Second
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 && s < 60 {
		retry = time.Duration(s) * time.Second
	}
	return resp.StatusCode, raw, retry, nil
}

// errorCode is the API's error code of a refused request, or its status.
func errorCode(status int, body []byte) string {
	var e struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &e) == nil && e.Error.Code != "" {
		return e.Error.Code
	}
	return strconv.Itoa(status)
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
