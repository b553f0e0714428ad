package loadgen

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// IdleOptions configure an idle run (Idle). BaseURL is required.
type IdleOptions struct {
	BaseURL  string
	Streams  int               // seat streams to hold open, two per table (default 1000)
	Game     string            // default "pmr"
	GameOpts map[string]string // default {"turns": "300"} for pmr
	Hold     time.Duration     // how long to hold them all open (default 2s)
	// OnOpen is called once every stream has had its first state event,
	// before the hold; callers read the server's memory there.
	OnOpen func()
}

// IdleResult is what an idle run measured.
type IdleResult struct {
	Streams     int     `json:"streams"`      // streams that were open at once
	Tables      int     `json:"tables"`       // tables created
	OpenSeconds float64 `json:"open_seconds"` // from the first stream opened to the last one's first state
	Broken      int     `json:"broken"`       // streams that failed or ended early
}

// idleWorkers bounds the tables being created and the streams being opened
// at once.
const idleWorkers = 32

// Idle creates Streams/2 tables with two person seats, opens every seat's
// event stream and holds them all open, doing nothing, for Hold: the
// memory a server needs per open stream of a table nobody plays. Every
// stream must deliver its first state event within a minute.
func Idle(ctx context.Context, client *http.Client, opts IdleOptions) (*IdleResult, error) {
	if opts.Streams <= 0 {
		opts.Streams = 1000
	}
	if opts.Hold <= 0 {
		opts.Hold = 2 * time.Second
	}
	opts.Game, opts.GameOpts = defaultGame(opts.Game, opts.GameOpts)
	if err := checkBase(opts.BaseURL); err != nil {
		return nil, err
	}
	tables := (opts.Streams + 1) / 2
	if client == nil {
		client = NewClient(tables)
		defer client.CloseIdleConnections()
	}
	r := &run{opts: Options{Game: opts.Game, GameOpts: opts.GameOpts}, client: client, base: strings.TrimRight(opts.BaseURL, "/"), codes: map[string]int{}}

	tabs := make([]*table, tables)
	var next atomic.Int64
	var firstErr error
	var errOnce sync.Once
	var wg sync.WaitGroup
	for range min(idleWorkers, tables) {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < tables; i = int(next.Add(1)) - 1 {
				t, err := r.create(ctx)
				if err != nil {
					errOnce.Do(func() { firstErr = err })
					return
				}
				tabs[i] = t
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}

	hold, cancel := context.WithCancel(ctx)
	defer cancel()
	var broken atomic.Int64
	opened := make(chan bool, opts.Streams)
	slots := make(chan struct{}, idleWorkers) // streams being opened at once
	start := time.Now()
	var streams sync.WaitGroup
	for i := range opts.Streams {
		t, seat := tabs[i/2], i%2
		slots <- struct{}{}
		streams.Go(func() {
			err := holdStream(hold, client, r.base+"/api/tables/"+t.ID+"/events", t.Seats[seat].Token, func(ok bool) {
				<-slots
				opened <- ok
			})
			if err != nil && hold.Err() == nil {
				broken.Add(1)
			}
		})
	}
	deadline := time.NewTimer(time.Minute)
	defer deadline.Stop()
	open := 0
	for range opts.Streams {
		select {
		case ok := <-opened:
			if ok {
				open++
			}
		case <-deadline.C:
			cancel()
			streams.Wait()
			return nil, fmt.Errorf("loadgen: %d of %d streams had their first state within a minute", open, opts.Streams)
		}
	}
	res := &IdleResult{Streams: open, Tables: tables, OpenSeconds: time.Since(start).Seconds()}
	if opts.OnOpen != nil {
		opts.OnOpen()
	}
	sleep(hold, opts.Hold)
	res.Broken = int(broken.Load())
	cancel()
	streams.Wait()
	return res, nil
}

// holdStream opens the event stream at url with token, calls opened once:
// with true at its first state event, with false if it fails before. Then
// it reads and drops what comes until ctx ends. Its reader is small: the
// load generator holds thousands of these.
func holdStream(ctx context.Context, client *http.Client, url, token string, opened func(bool)) error {
	reported := false
	defer func() {
		if !reported {
			opened(false)
		}
	}()
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("loadgen: stream: %s", resp.Status)
	}
	br := bufio.NewReaderSize(resp.Body, 4<<10)
	inState := false
	for {
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			continue // the rest of a long data line follows
		}
		if err != nil {
			return err
		}
		line = bytes.TrimRight(line, "\r\n")
		if bytes.Equal(line, []byte("event: state")) {
			inState = true
		}
		if len(line) == 0 && inState {
			break
		}
	}
	reported = true
	opened(true)
	_, err = io.Copy(io.Discard, br)
	return err
}
