package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"tabletop/bots"
	"tabletop/dice"
	"tabletop/engine"
	"tabletop/store"
)

// live is a table in memory: the engine table rebuilt by replay, who may act
// for each seat, and the streams that follow it, which notify wakes
// whenever the log grows.
type live struct {
	id      string
	game    engine.Game
	listed  bool
	created time.Time
	hashes  [][]byte  // per seat: sha256(token), nil for bots and open seats
	open    []int     // the seats anyone may join (join.go), as loaded
	watch   *watchers // the streams notify wakes (set before l is shared), or nil

	// touched is when a request last asked for the table (UnixNano, set
	// without l.mu, under s.mu or before the table is shared): tables
	// untouched for Config.IdleEvict are dropped from memory.
	touched atomic.Int64

	mu         sync.Mutex // guards everything below
	tab        *engine.Table
	stale      bool // the store and memory disagree: reload before use
	botRunning bool
	watchers   int // streams that keep the table in memory (seatStream.pin); see watched
	lastUsed   time.Time
	bytes      int64                          // the size estimate counted in Server.liveBytes
	finished   bool                           // the store knows the game is over
	snapSeq    int                            // the log length at the latest snapshot taken
	legal      map[engine.Action]*legalAction // see legalFor
	offered    map[engine.Seat]*recentOffers  // see offer
	opts       []byte                         // the table's options as JSON, made once (they never change)
	win        *window                        // the answer window being collected (window.go), or nil
	clock      turnClock                      // the turn clock's state (seats.go)
	botCtl     botControl                     // pause and step of a table of bots (seats.go)
	awaitWatch time.Time                      // until when the bots wait for a first watcher (botAwait); zero: they do not
}

// notify wakes every stream that follows l, once the gather after the
// change is over. Call with l.mu held.
func (l *live) notify() {
	if l.watch != nil {
		l.watch.notify()
	}
}

// watched reports whether any stream follows l: every stream counts among
// l.watch, and those that pin l (with other instances on the store) among
// l.watchers too. Call with l.mu held.
func (l *live) watched() bool {
	return l.watchers > 0 || l.watch != nil && !l.watch.empty()
}

// seatFor returns the seat whose invite token is token.
func (l *live) seatFor(token string) (engine.Seat, bool) {
	var raw [tokenBytes]byte
	if !decodeExact(raw[:], token) {
		return 0, false
	}
	sum := sha256.Sum256(raw[:])
	for i, h := range l.hashes {
		if h != nil && subtle.ConstantTimeCompare(h, sum[:]) == 1 {
			return engine.Seat(i), true
		}
	}
	return 0, false
}

const (
	tableIDBytes = 16
	tokenBytes   = 32
	maxBotSteps  = 100_000 // bounds one run of bot turns
)

// strictBase64 is the one spelling of table ids and tokens: base64url
// without padding, the unused low bits of the last character zero.
var strictBase64 = base64.RawURLEncoding.Strict()

// decodeExact decodes s into dst if it is the one spelling of len(dst)
// bytes: exactly the right length (the decoder would skip CR and LF) and
// strict base64url. Anything else is refused before it is looked up
// anywhere. Every request decodes a table id and most a token, so dst is
// the caller's (on its stack), not a new slice.
func decodeExact(dst []byte, s string) bool {
	if len(s) != strictBase64.EncodedLen(len(dst)) {
		return false
	}
	n, err := strictBase64.Decode(dst, []byte(s))
	return err == nil && n == len(dst)
}

// validID reports whether id could be a table id, so that junk is refused
// before it reaches the store.
func validID(id string) bool {
	var raw [tableIDBytes]byte
	return decodeExact(raw[:], id)
}

// wellFormedToken reports whether token is spelt as seat tokens are, so that
// junk is refused before any table is looked up.
func wellFormedToken(token string) bool {
	var raw [tokenBytes]byte
	return decodeExact(raw[:], token)
}

// table returns the live table id, loading and replaying it if needed.
func (s *Server) table(ctx context.Context, id string) (*live, error) {
	if !validID(id) {
		return nil, errNoTable
	}
	s.mu.Lock()
	if l, ok := s.live[id]; ok {
		l.touched.Store(s.now().UnixNano())
		s.mu.Unlock()
		return l, nil
	}
	s.mu.Unlock()
	epoch := s.peers.epoch.Load() // see caughtUp
	rec, err := s.store.LoadTable(ctx, id)
	if err != nil {
		return nil, err
	}
	g, err := s.games.Game(rec.Export.Game)
	if err != nil {
		return nil, fmt.Errorf("server: table %s: %w", id, err)
	}
	tab, snapSeq, err := s.rebuild(g, rec)
	if err != nil {
		return nil, err
	}
	if out, over := tab.Over(); over && rec.Outcome == "" {
		// Stored before finishing was one transaction: record the end now.
		if _, err := s.store.Finish(ctx, id, rec.Seq, out.Text); err != nil {
			s.log.Error("recording the outcome of a game over", "table", id, "err", err)
		} else {
			rec.Outcome = out.Text
		}
	}
	return s.install(ctx, s.newLive(g, rec, tab, snapSeq), epoch)
}

// newLive is the live table of tab, the engine table of the stored table
// rec, before it is put in memory (install). snapSeq is the log length at
// the snapshot tab was rebuilt from.
func (s *Server) newLive(g engine.Game, rec store.Table, tab *engine.Table, snapSeq int) *live {
	l := &live{id: rec.ID, game: g, listed: rec.Listed, created: rec.Created, hashes: rec.TokenHashes, open: rec.Open,
		tab: tab, lastUsed: s.now(), finished: rec.Outcome != "", snapSeq: snapSeq,
		opts: appendOptions(nil, tab.Options())}
	l.bytes = liveBytes(tab)
	l.touched.Store(s.now().UnixNano())
	return l
}

// install puts l, made by newLive, in memory (unless someone put its table
// there meanwhile: then that one is returned) and returns it. epoch is the
// peers' epoch before l's table was read or made (see caughtUp).
func (s *Server) install(ctx context.Context, l *live, epoch int64) (*live, error) {
	id := l.id
	s.mu.Lock()
	if other, ok := s.live[id]; ok {
		other.touched.Store(s.now().UnixNano())
		s.mu.Unlock()
		return other, nil // someone else loaded it meanwhile
	}
	s.evictLocked(1, l.bytes)
	l.watch = s.watchersLocked(id)
	s.live[id] = l
	s.liveBytes += l.bytes
	s.mu.Unlock()
	if !s.caughtUp(l, epoch) && ctx.Value(reloaded{}) == nil { // another instance appended while it loaded
		return s.table(context.WithValue(ctx, reloaded{}, true), id) // once: a stale table reloads on use
	}
	s.afterChange(l) // a bot may be due (after a restart, say)
	return l, nil
}

// rebuild makes the engine table of a stored one: from its snapshot and the
// entries after it when it has a snapshot that fits (else it replays the
// whole log, and says so in the log), and returns the log length at the
// snapshot used (0 for none).
func (s *Server) rebuild(g engine.Game, rec store.Table) (*engine.Table, int, error) {
	if snap := rec.Snapshot; snap != nil {
		tab, err := engine.Resume(g, rec.Export, *snap)
		if err == nil {
			return tab, snap.Seq, nil
		}
		s.log.Warn("snapshot not used: replaying the whole log", "table", rec.ID, "snapshot_seq", snap.Seq, "err", err)
	}
	tab, err := engine.Replay(g, rec.Export)
	if err != nil {
		return nil, 0, fmt.Errorf("server: table %s does not replay: %w", rec.ID, err)
	}
	return tab, 0, nil
}

// snapshotLocked takes a snapshot of l once its log has grown by
// SnapshotEvery entries since the last one, and saves it in the background:
// the action that crossed the mark does not wait for it. A snapshot that
// fails to save costs only replay time later. Call with l.mu held.
func (s *Server) snapshotLocked(l *live) {
	if s.snapAt < 0 || l.tab.Len()-l.snapSeq < s.snapAt {
		return
	}
	snap, err := l.tab.Snapshot()
	if errors.Is(err, engine.ErrNoSnapshots) {
		return
	}
	l.snapSeq = l.tab.Len() // also after an error: try again SnapshotEvery entries later
	if err != nil {
		s.log.Error("taking a snapshot", "table", l.id, "seq", l.tab.Len(), "err", err)
		return
	}
	if !s.background() {
		return
	}
	go func() {
		defer s.bg.Done()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(s.ctx), 30*time.Second)
		defer cancel()
		if err := s.store.SaveSnapshot(ctx, l.id, snap); err != nil {
			s.log.Error("saving a snapshot", "table", l.id, "seq", snap.Seq, "err", err)
		}
	}()
}

// The size of a table in memory is estimated from its log: measured with
// random play, the largest game's tables hold about 1.1 KB per log entry
// (others 0.4 KB), over some 2-12 KB of setup; rounding up, so that the
// bound holds.
const (
	tableBaseBytes = 16 << 10
	entryBytes     = 1 << 10
)

// liveBytes is the size estimate of a table in memory.
func liveBytes(tab *engine.Table) int64 {
	return tableBaseBytes + int64(tab.Len())*entryBytes
}

// evictLocked makes room for adding tables of extra bytes: it drops least
// recently used idle tables (no stream pinning it, no bot playing) while
// the cache would hold more than MaxLive tables or MaxLiveBytes, those no
// stream follows first: a followed table is likelier to be played again
// soon, and loading it again costs a replay. Tables in use are never
// dropped, so the bounds may be exceeded while they all are. Call with s.mu
// held (and, if with some l.mu, that table is not dropped).
func (s *Server) evictLocked(adding int, extra int64) {
	for len(s.live)+adding > s.maxLive || s.liveBytes+extra > s.maxBytes {
		var oldest *live
		var oldestUsed time.Time
		var oldestWatched bool
		var size int64
		for _, l := range s.live {
			if !l.mu.TryLock() {
				continue
			}
			idle := l.watchers == 0 && !l.botRunning && l.win == nil && l.clock.stop == nil // a running turn clock acts on this live table
			used, n, watched := l.lastUsed, l.bytes, l.watched()
			l.mu.Unlock()
			if !idle {
				continue
			}
			if oldest == nil || oldestWatched && !watched || watched == oldestWatched && used.Before(oldestUsed) {
				oldest, oldestUsed, oldestWatched, size = l, used, watched, n
			}
		}
		if oldest == nil {
			return
		}
		delete(s.live, oldest.id)
		s.dropWatchersLocked(oldest.id)
		s.liveBytes -= size
		s.metrics.evicted.WithLabelValues("size").Inc()
	}
}

// evictIdle drops from memory the idle tables (no stream pinning it, no
// bot playing, no window open) that no request has asked for since
// Config.IdleEvict ago; their next request rebuilds them from the store. A
// dropped table is marked stale, so that whoever still holds it reloads it
// rather than act on a copy no longer in memory.
func (s *Server) evictIdle() {
	cutoff := s.now().Add(-s.idleAfter).UnixNano()
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, l := range s.live {
		if l.touched.Load() > cutoff || !l.mu.TryLock() {
			continue
		}
		if l.watchers == 0 && !l.botRunning && l.win == nil {
			l.stale = true
			delete(s.live, id)
			s.dropWatchersLocked(id)
			s.liveBytes -= l.bytes
			s.metrics.evicted.WithLabelValues("idle").Inc()
		}
		l.mu.Unlock()
	}
}

// sweepIdle runs evictIdle every quarter of Config.IdleEvict (at most every
// minute) until the server closes.
func (s *Server) sweepIdle() {
	defer s.bg.Done()
	tick := time.NewTicker(min(max(s.idleAfter/4, time.Millisecond), time.Minute))
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			s.evictIdle()
		case <-s.ctx.Done():
			return
		}
	}
}

// grewLocked counts the growth of l's log in the cache's size, and drops
// idle tables if the cache is past its bound. Call with l.mu held.
func (s *Server) grewLocked(l *live) {
	n := liveBytes(l.tab)
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.live[l.id] != l {
		l.bytes = n
		return // dropped from the cache: not counted
	}
	s.liveBytes += n - l.bytes
	l.bytes = n
	if s.liveBytes > s.maxBytes {
		s.evictLocked(0, 0)
	}
}

// forget drops l from the cache after the store and memory disagreed; the
// next request replays the table from the store. Call with l.mu held.
func (s *Server) forget(l *live) {
	l.stale = true
	l.notify()
	s.mu.Lock()
	if s.live[l.id] == l {
		delete(s.live, l.id)
		s.dropWatchersLocked(l.id)
		s.liveBytes -= l.bytes
	}
	s.mu.Unlock()
}

// allowCreate counts one more table created by client against the limits
// per client and in total, or says which is reached. With a store shared by
// several instances the store counts (countCreation), else this instance.
func (s *Server) allowCreate(ctx context.Context, client string) error {
	if cc, ok := s.store.(store.CreationCounter); ok {
		return s.countCreation(ctx, cc, client)
	}
	if !s.created.allow(client) {
		return s.tooManyTables()
	}
	if !s.total.allow("") {
		return s.serverFull()
	}
	return nil
}

// createTable sets up and stores a new table for the client of key client
// (clientKey), puts it in memory as it was made, and returns it with the
// invite token of each person's seat ("" for bots). Tables are counted per
// client and in total, only once the request is found good. If every seat
// is a bot's, its bots wait up to botsWait for a first watcher before they
// play (botAwait; 0: they do not wait).
//
// The table is not read back from the store: its players are about to play
// it, and reading it back cost about as much as a hundred actions on a busy
// server (every write empties the readers' page caches).
func (s *Server) createTable(ctx context.Context, client string, req createRequest, botsWait time.Duration) (*live, []string, error) {
	epoch := s.peers.epoch.Load() // see caughtUp
	m, err := s.makeTable(ctx, client, req)
	if err != nil {
		return nil, nil, err
	}
	l := s.newLive(m.game, m.rec, m.tab, 0)
	if botsWait > 0 && onlyBots(l) { // l is not shared yet
		l.awaitWatch = time.Now().Add(botsWait)
	}
	if l, err = s.install(ctx, l, epoch); err != nil {
		return nil, nil, err
	}
	return l, m.tokens, nil
}

// madeTable is a table makeTable stored: its record, its engine table and
// game, and the invite token of each person's seat.
type madeTable struct {
	rec    store.Table
	tab    *engine.Table
	game   engine.Game
	tokens []string
}

// makeTable sets up and stores the new table of createTable, without
// putting it in memory.
func (s *Server) makeTable(ctx context.Context, client string, req createRequest) (madeTable, error) {
	g, err := s.games.Game(req.Game)
	if err != nil {
		return madeTable{}, errorf(http.StatusBadRequest, "unknown_game", fmt.Sprintf("no game %s (games: %v)", engine.Quote(req.Game), s.games.IDs()))
	}
	info := g.Info()
	if len(req.Seats) < info.MinSeats || len(req.Seats) > info.MaxSeats {
		return madeTable{}, errorf(http.StatusBadRequest, "bad_seats", fmt.Sprintf("%s needs %d to %d seats, got %d", info.Name, info.MinSeats, info.MaxSeats, len(req.Seats)))
	}
	seats := make([]engine.SeatInfo, len(req.Seats))
	for i, st := range req.Seats {
		name, err := seatName(st.Name)
		if err != nil {
			return madeTable{}, errorf(http.StatusBadRequest, "bad_seats", fmt.Sprintf("seat %d: %v", i+1, err))
		}
		seats[i] = engine.SeatInfo{Name: name, Bot: st.Bot, GM: st.GM}
		if seats[i].Name == "" {
			seats[i].Name = unnamedSeat(i)
		}
		if err := engine.DistinctNames(seats[:i+1]); err != nil {
			return madeTable{}, errorf(http.StatusBadRequest, "bad_seats", trimPrefix(err.Error()))
		}
		if st.Open && (st.Bot != "" || st.GM) {
			return madeTable{}, errorf(http.StatusBadRequest, "bad_seats", fmt.Sprintf("seat %d: only a player's seat may be open to anyone, not a bot's or the game master's", i+1))
		}
		if st.Bot != "" {
			if _, err := bots.New(g, st.Bot); err != nil {
				return madeTable{}, errorf(http.StatusBadRequest, "bad_seats", fmt.Sprintf("seat %d: %s", i+1, trimPrefix(err.Error())))
			}
		}
	}
	if err := info.CheckGMs(seats); err != nil {
		return madeTable{}, errorf(http.StatusBadRequest, "bad_seats", trimPrefix(err.Error()))
	}
	if info.GMSeat {
		if err := personGM(info, seats, req.Seats); err != nil {
			return madeTable{}, err
		}
	}
	if req.Options, err = withClock(g, req.Options, req.Listed); err != nil {
		return madeTable{}, err
	}
	if _, err := info.Normalize(req.Options); err != nil {
		return madeTable{}, errorf(http.StatusBadRequest, "bad_options", trimPrefix(err.Error()))
	}
	tab, err := engine.NewTable(g, req.Options, seats, s.newSeed())
	if err != nil {
		return madeTable{}, errorf(http.StatusBadRequest, "bad_table", trimPrefix(err.Error()))
	}
	if err := s.allowCreate(ctx, client); err != nil {
		return madeTable{}, err
	}
	tokens := make([]string, len(seats))
	hashes := make([][]byte, len(seats))
	var open []int
	for i, st := range seats {
		if req.Seats[i].Open {
			open = append(open, i)
			continue
		}
		if st.Bot != "" {
			continue
		}
		raw := make([]byte, tokenBytes)
		rand.Read(raw) // never fails (Go 1.24+)
		sum := sha256.Sum256(raw)
		tokens[i], hashes[i] = base64.RawURLEncoding.EncodeToString(raw), sum[:]
	}
	id := newID(tableIDBytes)
	rec := store.Table{ID: id, Created: s.now(), Listed: req.Listed, TokenHashes: hashes, Open: open, Export: tab.Export(true)}
	if err := s.store.CreateTable(ctx, rec); err != nil {
		return madeTable{}, err
	}
	s.log.Info("table created", "table", id, "game", info.ID, "seats", len(seats), "listed", req.Listed)
	return madeTable{rec: rec, tab: tab, game: g, tokens: tokens}, nil
}

// act decodes and applies one action for seat at table l, stores it, and
// returns the new sequence number and the events as seat sees them. With
// expectedSeq >= 0 the action is refused unless the log is at that sequence
// number: with errAlreadyMade if seat has acted since, else with
// store.ErrVersionConflict.
func (s *Server) act(ctx context.Context, l *live, seat engine.Seat, kind string, raw json.RawMessage, expectedSeq int) (int, []engine.Event, error) {
	return s.retryBehind(ctx, l, func(l *live) (int, []engine.Event, error) {
		return s.actChecked(l, seat, kind, raw, false, func() error {
			if expectedSeq >= 0 && expectedSeq != l.tab.Len() {
				if actedSince(l, seat, expectedSeq) {
					return errAlreadyMade
				}
				return fmt.Errorf("%w: the log is at %d, not %d", store.ErrVersionConflict, l.tab.Len(), expectedSeq)
			}
			return nil
		})
	})
}

// retryBehind runs try on l and, when the table in memory turns out to be
// behind the store (another instance appended first: behindStore), once
// more on the table reloaded from the store.
func (s *Server) retryBehind(ctx context.Context, l *live, try func(*live) (int, []engine.Event, error)) (int, []engine.Event, error) {
	seq, events, err := try(l)
	if err != nil && s.behindStore(ctx, l, err) {
		if l, err = s.table(ctx, l.id); err != nil {
			return 0, nil, err
		}
		seq, events, err = try(l)
	}
	return seq, events, err
}

// actOnce is act for a form rendered when the log was at renderedAt (a
// negative renderedAt: unknown): the action is refused with errAlreadyMade
// if seat has acted since, so that a double click or a form sent again
// makes one move, not two. Others' moves since do not refuse it, as they
// would with act's expected sequence number: in a game of simultaneous
// choices the log moves on all the time, and the game itself refuses an
// action that is no longer legal. With ask, a typed action that asks
// first is not played but asked about (actChecked).
func (s *Server) actOnce(ctx context.Context, l *live, seat engine.Seat, kind string, raw json.RawMessage, renderedAt int, ask bool) (int, []engine.Event, error) {
	return s.retryBehind(ctx, l, func(l *live) (int, []engine.Event, error) {
		return s.actChecked(l, seat, kind, raw, ask, func() error {
			if renderedAt >= 0 && actedSince(l, seat, renderedAt) {
				return errAlreadyMade
			}
			return nil
		})
	})
}

// actChecked is act and actOnce: check runs with l.mu held, before the
// action is applied, and refuses it with an error. A typed action
// (engine.Standin: the page's action line, the JSON API's "typed") is read
// as the action it names, as the seat that sent it, before anything else
// looks at it (engine.ResolveBy), so
// that the seat's gate, an answer window's trial and the log all see the
// action played, never the text. With ask, a typed action that the game
// asks about first (engine.AskFirst: a GM's "end the session") is not
// played: actChecked returns an *askError with the question. An action
// sent as itself is not asked about: the page's button for it asks before
// it is sent, and a client of the JSON API asks its own questions.
func (s *Server) actChecked(l *live, seat engine.Seat, kind string, raw json.RawMessage, ask bool, check func() error) (int, []engine.Event, error) {
	a := l.offeredAction(seat, kind, raw)
	if a == nil {
		var err error
		if a, err = engine.DecodeAction(l.game, kind, raw); err != nil { // the game's actions, and free rolls
			return 0, nil, errorf(http.StatusBadRequest, "bad_action", trimPrefix(err.Error()))
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stale {
		return 0, nil, fmt.Errorf("%w: the table was reloaded", store.ErrVersionConflict)
	}
	if err := check(); err != nil {
		return 0, nil, err
	}
	_, typed := a.(engine.Standin)
	a, err := engine.ResolveBy(l.tab.State(), seat, a) // read as the seat that sent it
	if err != nil {
		return 0, nil, err // the game's refusal of the text, for the player
	}
	if err := seatGate(l, seat, a); err != nil {
		return 0, nil, err
	}
	if ask && typed {
		if q, asked := engine.AskFirst(l.tab.State(), seat, a); q != "" {
			return 0, nil, &askError{question: q, action: asked}
		}
	}
	start := time.Now()
	events, recorded, err := s.submitLocked(l, seat, a)
	if err != nil {
		return 0, nil, err
	}
	s.metrics.actionTime.Observe(time.Since(start).Seconds())
	seq := l.tab.Len()
	s.afterChangeLocked(l)
	if recorded {
		l.notify() // the seat's own state now shows its answer
		return seq, events, nil
	}
	return seq, engine.EventsFor(events, seat), nil
}

// askError is actChecked's answer, instead of playing a typed action,
// where the game asks first: the question, and the action it asks about.
type askError struct {
	question string
	action   engine.Action
}

func (e *askError) Error() string {
	return "server: not played before it is confirmed: " + e.action.String()
}

// actedSince reports whether seat has acted since the log was at seq: then
// an action sent for that moment is the same click again (a double click, a
// form sent twice), and the seat's move is already made. It reads only the
// seat's own entries. Call with l.mu held.
func actedSince(l *live, seat engine.Seat, seq int) bool {
	if seat < 0 || seq >= l.tab.Len() {
		return false
	}
	for _, e := range l.tab.Log(seq) {
		// A free roll, a resignation or a take-over is not a move: it
		// does not spend a form.
		if e.Seat == seat && !engine.IsTableAction(e.Kind) {
			return true
		}
	}
	return false
}

// applyLocked applies a to the table in memory and appends the new entry to
// the store. The action is acknowledged only once it is stored; if storing
// fails the table is dropped from memory and rebuilt from the store on next
// use. Call with l.mu held.
func (s *Server) applyLocked(l *live, seat engine.Seat, a engine.Action) ([]engine.Event, error) {
	if err := waitingForPlayers(l); err != nil {
		return nil, err
	}
	before := l.tab.Len()
	events, err := l.tab.Act(seat, a)
	if err != nil {
		return nil, err
	}
	if err := s.commitLocked(l, before); err != nil {
		return nil, err
	}
	return events, nil
}

// commitLocked stores the entries the table in memory holds after its
// first before ones, in one Append, and tells streams; the game's result
// too if it is over. If storing fails the table is dropped from memory and
// rebuilt from the store on next use. Call with l.mu held.
func (s *Server) commitLocked(l *live, before int) error {
	wctx := s.writeContext()
	// The action that ends the game is stored with the outcome, in one
	// transaction: a crash between two writes could leave a finished game
	// listed as open.
	var err error
	out, over := l.tab.Over()
	if over && !l.finished {
		_, err = s.store.Finish(wctx, l.id, before, out.Text, l.tab.Log(before)...)
	} else {
		_, err = s.store.Append(wctx, l.id, before, l.tab.Log(before)...)
	}
	if err != nil {
		s.forget(l)
		return err
	}
	s.metrics.actions.Add(float64(l.tab.Len() - before))
	l.lastUsed = s.now()
	s.grewLocked(l)
	s.snapshotLocked(l)
	if over && !l.finished {
		l.finished = true
		s.log.Info("game over", "table", l.id, "game", l.game.Info().ID, "actions", l.tab.Len())
	}
	s.openWindowLocked(l)
	s.clockLocked(l)
	l.notify()
	return nil
}

// storeWriteTimeout bounds a write to the store: an action whose write takes
// longer is refused, and the table reloaded.
const storeWriteTimeout = 30 * time.Second

// writeContext returns the context of a write to the store. It does not
// end when the client hangs up, so that what the store holds and what the
// client is told agree as often as possible, and its deadline is
// storeWriteTimeout to a second more ahead: the writes of one second share one
// context, rather than each action making its own, with its timer.
func (s *Server) writeContext() context.Context {
	now := time.Now()
	s.writes.mu.Lock()
	defer s.writes.mu.Unlock()
	if s.writes.ctx == nil || !now.Before(s.writes.until) {
		// Its deadline ends it; writes may use it until then, so nothing
		// cancels it earlier.
		s.writes.ctx, s.writes.cancel = context.WithDeadline(context.Background(), now.Add(storeWriteTimeout+time.Second))
		s.writes.until = now.Add(time.Second)
	}
	return s.writes.ctx
}

// background counts one more background goroutine (bots, snapshot
// writes, window timers) that Close waits for, and reports false, counting
// nothing, if the server is closed: then none may start.
func (s *Server) background() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.bg.Add(1)
	return true
}

func (s *Server) afterChange(l *live) {
	l.mu.Lock()
	defer l.mu.Unlock()
	s.afterChangeLocked(l)
}

// afterChangeLocked starts the table's bot runner if a bot seat is pending.
// Call with l.mu held.
func (s *Server) afterChangeLocked(l *live) {
	s.openWindowLocked(l) // a window that was open when the table was stored
	s.clockLocked(l)
	if l.botRunning || l.stale || botDue(l) < 0 {
		return
	}
	if !s.background() {
		return
	}
	l.botRunning = true
	go s.runBots(l)
}

// botDue returns a pending seat the server plays: one played by a bot, or
// one whose only legal action it can take for the person (a choice of one is
// no choice, engine.Only), or -1. A seat that has answered the window being
// collected is not due again. A bot that made the last move waits for
// someone else's while a person may move: where a seat may always act (a
// player's free actions at a game master's table) it would otherwise move
// for ever, and with the person's moves refused as out of date.
func botDue(l *live) engine.Seat {
	if len(l.open) > 0 {
		return -1 // the game starts when every seat is taken
	}
	seats := l.tab.Seats()
	st := l.tab.State()
	pending := st.Pending()
	last := engine.Spectator // the seat of the last move
	if n := l.tab.Len(); n > 0 {
		last = l.tab.Log(n - 1)[0].Seat
	}
	for _, p := range pending {
		if int(p) >= len(seats) || l.answered(p) {
			continue
		}
		bot := botPlays(l, p)
		if bot && p == last && personPending(l, pending) {
			continue
		}
		if _, only := engine.Only(st, p); only || bot {
			return p
		}
	}
	return -1
}

// personPending reports whether a person (not a bot, nor a bot standing
// in) may move among the pending seats. Call with l.mu held.
func personPending(l *live, pending []engine.Seat) bool {
	for _, p := range pending {
		if int(p) < len(l.tab.Seats()) && !botPlays(l, p) && !l.answered(p) {
			return true
		}
	}
	return false
}

// botPlays reports whether a bot plays seat p: its own, or one standing in
// for its person. Call with l.mu held.
func botPlays(l *live, p engine.Seat) bool {
	return l.tab.Seats()[p].Bot != "" || l.tab.StandIn(p)
}

// runBots plays bot seats while one is pending. Each choice comes from the
// seat's bot seeing only its seat's view, with the table's bot stream, and is
// stored like any action. The bot thinks without holding the table's lock,
// so pages and streams of the table stay responsive; if the table moved on
// meanwhile (a person acted), the choice is dropped and made again.
func (s *Server) runBots(l *live) {
	defer s.bg.Done()
	// stop ends the run. The running flag is cleared under the same hold
	// of the lock in which the runner saw nothing due: an action arriving
	// after that finds no runner and starts one. (Cleared later, in a
	// separate hold, an action in between saw a runner about to quit,
	// started none, and the table waited forever.) Call with l.mu held.
	leased := false
	stop := func() {
		l.botRunning = false
		l.mu.Unlock()
		if leased {
			s.releaseBots(l)
		}
		if s.botsStopped != nil {
			s.botsStopped(l)
		}
	}
	if !s.awaitWatcher(l) {
		l.mu.Lock()
		stop()
		return
	}
	for range maxBotSteps {
		l.mu.Lock()
		if l.stale || botDue(l) < 0 || s.ctx.Err() != nil || !l.botCtl.mayMove() {
			stop()
			return
		}
		pace := s.paceOf(l)
		paced := pace > 0 && l.watched() && onlyBots(l)
		at := l.tab.Len()
		l.mu.Unlock()
		if leased = s.leaseBots(l, at); !leased { // another instance plays them (instances.go)
			l.mu.Lock()
			stop()
			return
		}
		if paced && !s.sleep(pace) {
			l.mu.Lock()
			stop()
			return
		}
		seat, a, seq, err := s.botMove(l)
		if errors.Is(err, errNoBotDue) || errors.Is(err, context.Canceled) {
			continue // the table moved on while the bot waited, or the server closes
		}
		if err != nil {
			s.log.Error("bot turn failed", "table", l.id, "seat", int(seat), "err", err)
			l.mu.Lock()
			stop()
			return
		}

		l.mu.Lock()
		if l.stale || l.tab.Len() != seq {
			l.mu.Unlock()
			continue // the table moved on while the bot thought
		}
		if !l.botCtl.mayMove() {
			stop() // paused while the bot thought: its move is not made
			return
		}
		_, recorded, err := s.submitLocked(l, seat, a)
		if err != nil {
			s.log.Error("bot turn failed", "table", l.id, "seat", int(seat), "err", err)
			stop()
			return
		}
		l.botCtl.moved()
		if !recorded {
			s.metrics.botActions.Inc()
		}
		l.mu.Unlock()
	}
	s.log.Error("bots stopped after too many turns", "table", l.id)
	l.mu.Lock()
	stop()
}

// errNoBotDue says that no bot seat is pending any more.
var errNoBotDue = errors.New("no bot seat is due")

// botMove chooses the move of the bot seat due at l, in one of the
// BotWorkers slots, and returns the seat and its move with the log length
// it was chosen at.
func (s *Server) botMove(l *live) (engine.Seat, engine.Action, int, error) {
	select {
	case s.botSlots <- struct{}{}:
		defer func() { <-s.botSlots }()
	case <-s.ctx.Done():
		return 0, nil, 0, s.ctx.Err()
	}
	l.mu.Lock()
	seat := botDue(l)
	if l.stale || seat < 0 {
		l.mu.Unlock()
		return 0, nil, 0, errNoBotDue
	}
	// A clone, since views may share memory with the state, which a
	// person's action may change while the bot thinks.
	st := l.tab.State().Clone()
	seq, name, stream := l.tab.Len(), botName(l, seat), l.tab.BotStream(seat)
	l.mu.Unlock()
	a, err := s.botChoice(l, seat, name, st, stream)
	return seat, a, seq, err
}

// sleep waits d, or less if the server closes; it reports whether it waited
// all of d.
func (s *Server) sleep(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-s.ctx.Done():
		return false
	}
}

// botAwait is how long the bots of a table of bots only, made from the
// new-table form, wait for a first watcher before they play: a whole game
// of bots takes a few milliseconds unpaced (they are paced only while
// watched), so without the wait it was over before its creator's page
// could follow it. Tables made through the API do not wait.
const botAwait = 20 * time.Second

// botAwaitPoll is how often a waiting runner looks for a watcher.
const botAwaitPoll = 50 * time.Millisecond

// awaitWatcher waits, for a table whose bots wait for a first watcher
// (live.awaitWatch), until a stream watches it or the wait is over; it is
// then over for good. It is false if the server closes meanwhile. Call
// without l.mu held.
func (s *Server) awaitWatcher(l *live) bool {
	for {
		l.mu.Lock()
		if l.awaitWatch.IsZero() || l.watched() || l.stale || !time.Now().Before(l.awaitWatch) {
			l.awaitWatch = time.Time{}
			l.mu.Unlock()
			return true
		}
		l.mu.Unlock()
		if !s.sleep(botAwaitPoll) {
			return false
		}
	}
}

// onlyBots reports whether every seat at l is a bot's. Call with l.mu held.
func onlyBots(l *live) bool {
	for _, si := range l.tab.Seats() {
		if si.Bot == "" {
			return false
		}
	}
	return true
}

// botChoice is the action seat's bot name chooses in st, seeing only the
// seat's view; a seat with one legal action takes it.
func (s *Server) botChoice(l *live, seat engine.Seat, name string, st engine.State, stream *dice.Stream) (engine.Action, error) {
	view, legal := st.View(seat), st.Legal(seat)
	if len(legal) == 0 {
		return nil, errors.New("a pending bot seat has no legal action")
	}
	if len(legal) == 1 {
		return legal[0], nil
	}
	bot, err := bots.New(l.game, name)
	if err != nil {
		return nil, err
	}
	return bot.Act(seat, view, legal, stream), nil
}

// checkName refuses a name that could break out of the field it is shown
// in: a line break could start a new field of an event stream, a log line
// or a terminal's screen, an escape could move a terminal's cursor. So
// control characters, Unicode line and paragraph separators, invisible
// format characters (but the joiners), and invalid UTF-8 are refused.
func checkName(name string) error {
	if !utf8.ValidString(name) {
		return errors.New("names must be UTF-8 text")
	}
	for _, r := range name {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return fmt.Errorf("names may not hold control characters such as line breaks, tabs or escapes (found %U)", r)
		}
		// Invisible format characters would let a name pass for another
		// ("A\u200bnn" beside "Ann") or turn the text around it; the joiners
		// that emoji and some scripts need stay allowed.
		if unicode.Is(unicode.Cf, r) && r != '\u200c' && r != '\u200d' {
			return fmt.Errorf("names may not hold invisible characters such as zero-width spaces or direction marks (found %U)", r)
		}
	}
	return nil
}

// personGM refuses a game master's seat (engine.GMSeats) that a bot plays
// or that is open to anyone: a person runs the game, from an invite link,
// and so does each co-GM. Where no seat is marked, the first is the GM's,
// and the refusal says so.
func personGM(info engine.Info, seats []engine.SeatInfo, req []seatRequest) error {
	gms, err := engine.GMSeats(seats, info.MaxGMs)
	if err != nil {
		return errorf(http.StatusBadRequest, "bad_seats", trimPrefix(err.Error()))
	}
	for _, gm := range gms {
		if st := req[gm]; st.Bot != "" || st.Open {
			which := fmt.Sprintf("seat %d is a game master's", gm+1)
			if !st.GM {
				which = fmt.Sprintf("seat %d is the game master's (no seat is marked gm, so the first is)", gm+1)
			}
			return errorf(http.StatusBadRequest, "bad_seats", which+": a person runs the game, from an invite link, not a bot nor whoever joins from the lobby")
		}
	}
	return nil
}

// trimPrefix drops the package name that starts an error of the engine,
// the server or bots, for a message shown to people.
func trimPrefix(msg string) string {
	for _, p := range []string{"engine: ", "server: ", "bots: "} {
		if len(msg) > len(p) && msg[:len(p)] == p {
			return msg[len(p):]
		}
	}
	return msg
}
