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
	"time"
	"unicode"
	"unicode/utf8"

	"tabletop/bots"
	"tabletop/dice"
	"tabletop/engine"
	"tabletop/store"
)

// live is a table in memory: the engine table rebuilt by replay, who may act
// for each seat, and a channel that is closed (and replaced) whenever the log
// grows, so streams wake up.
type live struct {
	id      string
	game    engine.Game
	listed  bool
	created time.Time
	hashes  [][]byte // per seat: sha256(token), nil for bots

	mu         sync.Mutex // guards everything below
	tab        *engine.Table
	changed    chan struct{}
	stale      bool // the store and memory disagree: reload before use
	botRunning bool
	watchers   int
	lastUsed   time.Time
	finished   bool                          // the store knows the game is over
	snapSeq    int                           // the log length at the latest snapshot taken
	legal      map[engine.Action]legalAction // see legalFor
}

// notify wakes every stream waiting on l. Call with l.mu held.
func (l *live) notify() {
	close(l.changed)
	l.changed = make(chan struct{})
}

// seatFor returns the seat whose invite token is token.
func (l *live) seatFor(token string) (engine.Seat, bool) {
	raw, ok := decodeExact(token, tokenBytes)
	if !ok {
		return 0, false
	}
	sum := sha256.Sum256(raw)
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

// decodeExact decodes s if it is the one spelling of n bytes: exactly the
// right length (the decoder would skip CR and LF) and strict base64url.
// Anything else is refused before it is looked up anywhere.
func decodeExact(s string, n int) ([]byte, bool) {
	if len(s) != strictBase64.EncodedLen(n) {
		return nil, false
	}
	raw, err := strictBase64.DecodeString(s)
	if err != nil || len(raw) != n {
		return nil, false
	}
	return raw, true
}

// validID reports whether id could be a table id, so that junk is refused
// before it reaches the store.
func validID(id string) bool {
	_, ok := decodeExact(id, tableIDBytes)
	return ok
}

// wellFormedToken reports whether token is spelt as seat tokens are, so that
// junk is refused before any table is looked up.
func wellFormedToken(token string) bool {
	_, ok := decodeExact(token, tokenBytes)
	return ok
}

// table returns the live table id, loading and replaying it if needed.
func (s *Server) table(ctx context.Context, id string) (*live, error) {
	if !validID(id) {
		return nil, errNoTable
	}
	s.mu.Lock()
	if l, ok := s.live[id]; ok {
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
	l := &live{id: id, game: g, listed: rec.Listed, created: rec.Created, hashes: rec.TokenHashes,
		tab: tab, changed: make(chan struct{}), lastUsed: s.now(), finished: rec.Outcome != "", snapSeq: snapSeq}
	s.mu.Lock()
	if other, ok := s.live[id]; ok {
		s.mu.Unlock()
		return other, nil // someone else loaded it meanwhile
	}
	s.evictLocked()
	s.live[id] = l
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
	s.mu.Lock()
	closed := s.closed
	if !closed {
		s.bg.Add(1)
	}
	s.mu.Unlock()
	if closed {
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

// evictLocked drops the least recently used idle table when the cache is
// full. Call with s.mu held.
func (s *Server) evictLocked() {
	if len(s.live) < s.maxLive {
		return
	}
	var oldest *live
	for _, l := range s.live {
		if !l.mu.TryLock() {
			continue
		}
		idle := l.watchers == 0 && !l.botRunning
		used := l.lastUsed
		l.mu.Unlock()
		if idle && (oldest == nil || used.Before(oldest.lastUsed)) {
			oldest = l
		}
	}
	if oldest != nil {
		delete(s.live, oldest.id)
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
	}
	s.mu.Unlock()
}

// createTable sets up and stores a new table, and returns its id and the
// invite token of each person's seat ("" for bots).
func (s *Server) createTable(ctx context.Context, client string, req createRequest) (string, []string, error) {
	g, err := s.games.Game(req.Game)
	if err != nil {
		return "", nil, errorf(http.StatusBadRequest, "unknown_game", fmt.Sprintf("no game %q (games: %v)", req.Game, s.games.IDs()))
	}
	info := g.Info()
	if len(req.Seats) < info.MinSeats || len(req.Seats) > info.MaxSeats {
		return "", nil, errorf(http.StatusBadRequest, "bad_seats", fmt.Sprintf("%s needs %d to %d seats, got %d", info.Name, info.MinSeats, info.MaxSeats, len(req.Seats)))
	}
	seats := make([]engine.SeatInfo, len(req.Seats))
	for i, st := range req.Seats {
		seats[i] = engine.SeatInfo{Name: st.Name, Bot: st.Bot, GM: st.GM}
		if len(st.Name) > 40 {
			return "", nil, errorf(http.StatusBadRequest, "bad_seats", fmt.Sprintf("seat %d: names are at most 40 bytes", i+1))
		}
		if err := checkName(st.Name); err != nil {
			return "", nil, errorf(http.StatusBadRequest, "bad_seats", fmt.Sprintf("seat %d: %v", i+1, err))
		}
		if seats[i].Name == "" {
			seats[i].Name = fmt.Sprintf("Seat %d", i+1)
		}
		if st.Bot != "" {
			if _, err := bots.New(g, st.Bot); err != nil {
				return "", nil, errorf(http.StatusBadRequest, "bad_seats", fmt.Sprintf("seat %d: %s has no bot %q (bots: %v)", i+1, info.Name, st.Bot, bots.Names(g)))
			}
		}
	}
	if _, err := info.Normalize(req.Options); err != nil {
		return "", nil, errorf(http.StatusBadRequest, "bad_options", trimPrefix(err.Error()))
	}
	tab, err := engine.NewTable(g, req.Options, seats, s.newSeed())
	if err != nil {
		return "", nil, errorf(http.StatusBadRequest, "bad_table", trimPrefix(err.Error()))
	}
	tokens := make([]string, len(seats))
	hashes := make([][]byte, len(seats))
	for i, st := range seats {
		if st.Bot != "" {
			continue
		}
		raw := make([]byte, tokenBytes)
		rand.Read(raw) // never fails (Go 1.24+)
		sum := sha256.Sum256(raw)
		tokens[i], hashes[i] = base64.RawURLEncoding.EncodeToString(raw), sum[:]
	}
	id := newID(tableIDBytes)
	rec := store.Table{ID: id, Created: s.now(), Listed: req.Listed, TokenHashes: hashes, Export: tab.Export(true)}
	if err := s.store.CreateTable(ctx, rec); err != nil {
		return "", nil, err
	}
	s.log.Info("table created", "table", id, "game", info.ID, "seats", len(seats), "listed", req.Listed)
	return id, tokens, nil
}

// act decodes and applies one action for seat at table l, stores it, and
// returns the new sequence number and the events as seat sees them. With
// expectedSeq >= 0 the action is refused with store.ErrVersionConflict unless
// the log is at that sequence number.
//
// When the table in memory turns out to be behind the store (another
// instance appended first: behindStore), the action is tried once more on
// the table reloaded from the store.
func (s *Server) act(ctx context.Context, l *live, seat engine.Seat, kind string, raw json.RawMessage, expectedSeq int) (int, []engine.Event, error) {
	seq, events, err := s.actOn(ctx, l, seat, kind, raw, expectedSeq)
	if err != nil && s.behindStore(ctx, l, err) {
		if l, err = s.table(ctx, l.id); err != nil {
			return 0, nil, err
		}
		seq, events, err = s.actOn(ctx, l, seat, kind, raw, expectedSeq)
	}
	return seq, events, err
}

func (s *Server) actOn(ctx context.Context, l *live, seat engine.Seat, kind string, raw json.RawMessage, expectedSeq int) (int, []engine.Event, error) {
	a, err := l.game.Decode(kind, raw)
	if err != nil {
		return 0, nil, errorf(http.StatusBadRequest, "bad_action", trimPrefix(err.Error()))
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stale {
		return 0, nil, fmt.Errorf("%w: the table was reloaded", store.ErrVersionConflict)
	}
	if expectedSeq >= 0 && expectedSeq != l.tab.Len() {
		return 0, nil, fmt.Errorf("%w: the log is at %d, not %d", store.ErrVersionConflict, l.tab.Len(), expectedSeq)
	}
	events, err := s.applyLocked(ctx, l, seat, a)
	if err != nil {
		return 0, nil, err
	}
	seq := l.tab.Len()
	s.afterChangeLocked(l)
	return seq, engine.EventsFor(events, seat), nil
}

// applyLocked applies a to the table in memory and appends the new entry to
// the store. The action is acknowledged only once it is stored; if storing
// fails the table is dropped from memory and rebuilt from the store on next
// use. Call with l.mu held.
func (s *Server) applyLocked(ctx context.Context, l *live, seat engine.Seat, a engine.Action) ([]engine.Event, error) {
	before := l.tab.Len()
	events, err := l.tab.Act(seat, a)
	if err != nil {
		return nil, err
	}
	// The write goes on even if the client hangs up, so that what the
	// store holds and what the client is told agree as often as possible.
	wctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	// The action that ends the game is stored with the outcome, in one
	// transaction: a crash between two writes could leave a finished game
	// listed as open.
	out, over := l.tab.Over()
	if over && !l.finished {
		_, err = s.store.Finish(wctx, l.id, before, out.Text, l.tab.Log(before)...)
	} else {
		_, err = s.store.Append(wctx, l.id, before, l.tab.Log(before)...)
	}
	if err != nil {
		s.forget(l)
		return nil, err
	}
	l.lastUsed = s.now()
	s.snapshotLocked(l)
	if over && !l.finished {
		l.finished = true
		s.log.Info("game over", "table", l.id, "game", l.game.Info().ID, "actions", l.tab.Len())
	}
	l.notify()
	return events, nil
}

func (s *Server) afterChange(l *live) {
	l.mu.Lock()
	defer l.mu.Unlock()
	s.afterChangeLocked(l)
}

// afterChangeLocked starts the table's bot runner if a bot seat is pending.
// Call with l.mu held.
func (s *Server) afterChangeLocked(l *live) {
	if l.botRunning || l.stale || botDue(l) < 0 {
		return
	}
	s.mu.Lock()
	closed := s.closed
	if !closed {
		s.bg.Add(1)
	}
	s.mu.Unlock()
	if closed {
		return
	}
	l.botRunning = true
	go s.runBots(l)
}

// botDue returns a pending seat the server plays: one played by a bot, or
// one whose only legal action it can take for the person (a choice of one is
// no choice, engine.Only), or -1.
func botDue(l *live) engine.Seat {
	seats := l.tab.Seats()
	st := l.tab.State()
	for _, p := range st.Pending() {
		if int(p) >= len(seats) {
			continue
		}
		if _, only := engine.Only(st, p); only || seats[p].Bot != "" {
			return p
		}
	}
	return -1
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
	for range maxBotSteps {
		l.mu.Lock()
		seat := botDue(l)
		if l.stale || seat < 0 || s.ctx.Err() != nil {
			stop()
			return
		}
		// A clone, since views may share memory with the state, which a
		// person's action may change while the bot thinks.
		st := l.tab.State().Clone()
		seq, name, stream := l.tab.Len(), l.tab.Seats()[seat].Bot, l.tab.BotStream(seat)
		l.mu.Unlock()
		if leased = s.leaseBots(l, seq); !leased { // another instance plays them (instances.go)
			l.mu.Lock()
			stop()
			return
		}
		a, err := s.botChoice(l, seat, name, st, stream)
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
		if _, err := s.applyLocked(s.ctx, l, seat, a); err != nil {
			s.log.Error("bot turn failed", "table", l.id, "seat", int(seat), "err", err)
			stop()
			return
		}
		l.mu.Unlock()
	}
	s.log.Error("bots stopped after too many turns", "table", l.id)
	l.mu.Lock()
	stop()
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
// control characters, Unicode line and paragraph separators, and invalid
// UTF-8 are refused.
func checkName(name string) error {
	if !utf8.ValidString(name) {
		return errors.New("names must be UTF-8 text")
	}
	for _, r := range name {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return fmt.Errorf("names may not hold control characters such as line breaks, tabs or escapes (found %U)", r)
		}
	}
	return nil
}

func trimPrefix(msg string) string {
	for _, p := range []string{"engine: ", "server: "} {
		if len(msg) > len(p) && msg[:len(p)] == p {
			return msg[len(p):]
		}
	}
	return msg
}
