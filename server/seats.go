package server

import (
	"context"
	"crypto/sha256"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"tabletop/engine"
	"tabletop/store"
)

// Seats come and go (engine/seats.go): a player resigns, or lets the turn
// clock run out, and a bot plays the seat; the player takes it back. The
// server plays stand-ins like bot seats, runs the clock, and refuses what a
// player may not send.

// errHandOver refuses a hand-over sent by a client: only the clock hands a
// seat over.
var errHandOver = errorf(http.StatusBadRequest, "bad_action", "a seat is handed to a bot only when its turn clock runs out")

// seatGate refuses what seat may not do now: a hand-over from a client,
// or a move of the game while a bot plays the seat (the player takes it
// back first, or has resigned). Call with l.mu held.
func seatGate(l *live, seat engine.Seat, a engine.Action) error {
	switch {
	case a.Kind() == engine.KindHandOver:
		return errHandOver
	case a.Kind() == engine.KindResign && noResign(l):
		return engine.Illegal(a, "%s has no bot to play a resigned seat to the end: agree with the others to end the game", l.game.Info().Name)
	case engine.IsTableAction(a.Kind()):
		return nil
	case l.tab.Resigned(seat):
		return engine.NotYourTurn(a, "you resigned: a bot plays your seat to the end")
	case l.tab.StandIn(seat):
		return engine.NotYourTurn(a, "a bot plays your seat since your turn clock ran out: take it over first")
	}
	return nil
}

// noResign reports whether no seat of l may resign: no bot can take a seat
// over and the game does not say what resigning means (engine.Resigner).
func noResign(l *live) bool {
	_, ok := l.tab.State().(engine.Resigner)
	return !ok && !engine.BotsCanPlay(l.game)
}

// botName is the bot that plays seat: its own, or for a person's seat the
// game's first bot (the generic random bot if it has none).
func botName(l *live, seat engine.Seat) string {
	if b := l.tab.Seats()[seat].Bot; b != "" {
		return b
	}
	if bots := l.game.Info().Bots; len(bots) > 0 {
		return bots[0]
	}
	return "random"
}

// turnClock is a table's turn clock (the table option engine.OptTurnClock):
// when each person's seat it runs for started to wait, and the goroutine
// that fires at the earliest deadline.
type turnClock struct {
	since map[engine.Seat]time.Time
	at    time.Time     // the deadline the running timer fires at
	stop  chan struct{} // closed to stop the running timer; nil if none runs
}

// clockSeats returns the seats the turn clock runs for now: pending
// seats of people that a bot does not play, that have a real choice and,
// if the game says whom it waits for, that everyone is told it waits for.
// While an answer window is open the clock runs for nobody: the window's
// own hold and default answer stand for it, and a clock that ran out only
// for the seats that have a real choice would tell everyone who has one.
// Nor does it run at a table waiting for players to join (join.go). Call
// with l.mu held.
func clockSeats(l *live) []engine.Seat {
	if l.tab.Options().Int(engine.OptTurnClock) <= 0 || l.win != nil || l.stale || len(l.open) > 0 || !engine.BotsCanPlay(l.game) {
		return nil
	}
	if _, over := l.tab.Over(); over {
		return nil
	}
	st := l.tab.State()
	if w, ok := st.(engine.Window); ok && w.WindowOpen() {
		return nil
	}
	public, known := waitingIn(st.View(engine.Spectator))
	seats := l.tab.Seats()
	var out []engine.Seat
	for _, p := range st.Pending() {
		if int(p) >= len(seats) || botPlays(l, p) {
			continue
		}
		if int(p) >= len(l.hashes) || l.hashes[p] == nil {
			continue // an open seat nobody has joined yet (join.go): nobody to wait for
		}
		if known && !slices.Contains(public, p) {
			continue
		}
		if _, only := engine.Only(st, p); only {
			continue
		}
		out = append(out, p)
	}
	return out
}

// clockLocked starts the clock of each seat that has begun to wait, forgets
// those that no longer do, and sets the timer at the earliest deadline.
// Call with l.mu held.
func (s *Server) clockLocked(l *live) {
	seats := clockSeats(l)
	if len(seats) == 0 { // most tables have no turn clock: no map to make
		l.clock.since = nil
		l.clock.halt()
		return
	}
	now := s.now()
	since := make(map[engine.Seat]time.Time, len(seats))
	var first time.Time
	for _, p := range seats {
		t, ok := l.clock.since[p]
		if !ok {
			t = now
		}
		since[p] = t
		if first.IsZero() || t.Before(first) {
			first = t
		}
	}
	l.clock.since = since
	at := first.Add(time.Duration(l.tab.Options().Int(engine.OptTurnClock)) * time.Second)
	if l.clock.stop != nil && l.clock.at.Equal(at) {
		return // already set
	}
	l.clock.halt()
	if !s.background() {
		return
	}
	stop := make(chan struct{})
	l.clock.at, l.clock.stop = at, stop
	timer := time.NewTimer(max(at.Sub(now), 0))
	go func() {
		defer s.bg.Done()
		defer timer.Stop()
		select {
		case <-timer.C:
			s.clockRanOut(l, stop)
		case <-stop:
		case <-s.ctx.Done():
		}
	}()
}

// halt stops the running timer, if any.
func (c *turnClock) halt() {
	if c.stop != nil {
		close(c.stop)
		c.stop = nil
	}
}

// clockRanOut hands every seat whose clock has run out to a bot, logging
// each hand-over, and lets the bots play. stop is the timer's channel: a
// timer stopped meanwhile does nothing.
func (s *Server) clockRanOut(l *live, stop chan struct{}) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.clock.stop != stop || l.stale {
		return
	}
	l.clock.stop = nil
	limit := time.Duration(l.tab.Options().Int(engine.OptTurnClock)) * time.Second
	now := s.now()
	before := l.tab.Len()
	for _, p := range clockSeats(l) {
		since, ok := l.clock.since[p]
		if !ok || now.Sub(since) < limit-10*time.Millisecond {
			continue
		}
		if _, err := l.tab.Act(p, engine.HandOver{}); err != nil {
			s.log.Error("handing a seat to a bot", "table", l.id, "seat", int(p), "err", err)
			continue
		}
		delete(l.clock.since, p)
	}
	if l.tab.Len() > before {
		if err := s.commitLocked(l, before); err != nil {
			s.log.Error("storing a hand-over", "table", l.id, "err", err)
			return
		}
	}
	s.afterChangeLocked(l)
}

// botControl pauses a table of bots only, or lets it make a given number of
// moves (step), so that people watching can follow it.
type botControl struct {
	paused bool
	steps  int // moves left to make while paused
}

// mayMove reports whether the bots may make their next move.
func (c *botControl) mayMove() bool { return !c.paused || c.steps > 0 }

// moved counts a move made.
func (c *botControl) moved() {
	if c.paused && c.steps > 0 {
		c.steps--
	}
}

// paceOf is the pause before each move of a table of bots while someone
// watches: the table's option engine.OptBotPace, else the server's.
func (s *Server) paceOf(l *live) time.Duration {
	if ms := l.tab.Options().Int(engine.OptBotPace); ms > 0 {
		return time.Duration(ms) * time.Millisecond
	}
	return s.botPace
}

// seatsState is what a reader sees of the seats' coming and going.
type seatsState struct {
	// TurnClock is the table's turn clock in seconds, 0 for none.
	TurnClock int `json:"turn_clock,omitempty"`
	// StandIn says a bot plays the reader's own seat (Resigned: to the
	// end): the page offers to take it back.
	StandIn  bool `json:"stand_in,omitempty"`
	Resigned bool `json:"resigned,omitempty"`
	// AllBots says bots play every seat: anyone watching may pause the
	// table and step through it (Paused).
	AllBots bool `json:"all_bots,omitempty"`
	Paused  bool `json:"paused,omitempty"`
	// NoResign says no seat may resign: no bot can take a seat over and
	// the game does not say what resigning means (seatGate refuses it), so
	// the page does not offer it.
	NoResign bool `json:"no_resign,omitempty"`
	// Reveal is, once the game is over, everything it hid (engine.Revealer).
	Reveal []engine.Event `json:"reveal,omitempty"`
}

// seatsFor builds seatsState for seat. Call with l.mu held.
func seatsFor(l *live, seat engine.Seat) seatsState {
	out := seatsState{
		TurnClock: l.tab.Options().Int(engine.OptTurnClock),
		StandIn:   l.tab.StandIn(seat),
		Resigned:  l.tab.Resigned(seat),
		AllBots:   onlyBots(l),
		Paused:    l.botCtl.paused,
	}
	out.NoResign = noResign(l)
	if _, over := l.tab.Over(); over {
		if r, ok := l.tab.State().(engine.Revealer); ok {
			out.Reveal = r.Reveal()
		}
	}
	return out
}

// appendJSON appends the fields of c, as json.Marshal writes them inside
// the seatState that embeds it (seatState.appendJSON).
func (c *seatsState) appendJSON(b []byte) ([]byte, error) {
	if c.TurnClock != 0 {
		b = append(b, `,"turn_clock":`...)
		b = strconv.AppendInt(b, int64(c.TurnClock), 10)
	}
	for _, f := range []struct {
		name string
		on   bool
	}{{"stand_in", c.StandIn}, {"resigned", c.Resigned}, {"all_bots", c.AllBots}, {"paused", c.Paused}, {"no_resign", c.NoResign}} {
		if f.on {
			b = append(b, `,"`+f.name+`":true`...)
		}
	}
	if len(c.Reveal) > 0 {
		b = append(b, `,"reveal":`...)
		return engine.AppendJSON(b, c.Reveal)
	}
	return b, nil
}

// standing is one seat's line in the final standings.
type standing struct {
	Name     string
	Score    int
	Scored   bool // the game keeps scores
	Winner   bool
	Resigned bool
}

// Standings are the final standings: winners first, then by score, then in
// seat order. The game master's seat is not in them: it plays for nobody.
// Empty before the end.
func (c seatState) Standings() []standing {
	if c.Outcome == nil {
		return nil
	}
	out := make([]standing, 0, len(c.Seats))
	for i, si := range c.Seats {
		if si.GM {
			continue
		}
		st := standing{Name: si.Name, Winner: slices.Contains(c.Outcome.Winners, si.Seat), Resigned: slices.Contains(c.Outcome.Resigned, si.Seat)}
		if i < len(c.Outcome.Scores) {
			st.Score, st.Scored = c.Outcome.Scores[i], true
		}
		out = append(out, st)
	}
	slices.SortStableFunc(out, func(a, b standing) int {
		switch {
		case a.Winner != b.Winner:
			if a.Winner {
				return -1
			}
			return 1
		case a.Score != b.Score:
			return b.Score - a.Score
		}
		return 0
	})
	return out
}

// SeatURL is the address of the reader's seat page followed by /path.
func (p tablePage) SeatURL(path string) string {
	return strings.TrimSuffix(p.ActURL, "/act") + "/" + path
}

// rematchID is the id of the rematch of table id: derived from it, so that
// whoever asks first creates it and everyone else finds the same table,
// even after a restart.
func rematchID(id string) string {
	sum := sha256.Sum256([]byte("tabletop rematch\x00" + id))
	return strictBase64.EncodeToString(sum[:tableIDBytes])
}

// rematch returns the id of the rematch of finished table l, creating it
// for client if it does not exist yet: the same game, options and seats,
// a new seed, and the same seat tokens, so that each player's link to the
// old seat leads to the same seat at the new table.
func (s *Server) rematch(ctx context.Context, client string, l *live) (string, error) {
	id := rematchID(l.id)
	if _, err := s.table(ctx, id); err == nil {
		return id, nil
	} else if !notFound(err) {
		return "", err
	}
	l.mu.Lock()
	_, over := l.tab.Over()
	opts, seats := l.tab.Options(), l.tab.Seats()
	l.mu.Unlock()
	if !over {
		return "", errorf(http.StatusConflict, "not_over", "a rematch starts once the game is over")
	}
	if err := s.allowCreate(ctx, client); err != nil {
		return "", err
	}
	epoch := s.peers.epoch.Load() // see caughtUp
	tab, err := engine.NewTable(l.game, opts, seats, s.newSeed())
	if err != nil {
		return "", err
	}
	// Seats still open at the old table (join.go) are open at the new one.
	var open []int
	for i, h := range l.hashes {
		if h == nil && seats[i].Bot == "" {
			open = append(open, i)
		}
	}
	rec := store.Table{ID: id, Created: s.now(), Listed: l.listed, TokenHashes: l.hashes, Open: open, Export: tab.Export(true)}
	if err := s.store.CreateTable(ctx, rec); errors.Is(err, store.ErrExists) {
		return id, nil // a seat's rematch made it meanwhile
	} else if err != nil {
		return "", err
	}
	// In memory as made, as createTable does: the seats' redirects find it
	// there rather than read it back.
	if _, err := s.install(ctx, s.newLive(l.game, rec, tab, 0), epoch); err != nil {
		return "", err
	}
	s.log.Info("rematch created", "table", id, "of", l.id)
	return id, nil
}

// pageRematch starts (or finds) the rematch of a finished table for a
// seat and sends the player to the same seat there.
func (s *Server) pageRematch(w http.ResponseWriter, r *http.Request) {
	l, seat, _, err := s.pageSeat(r)
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	if seat < 0 {
		s.pageError(w, r, errSpectator)
		return
	}
	id, err := s.rematch(r.Context(), clientKey(r, s.proxied), l)
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	http.Redirect(w, r, "/t/"+id+"/s/"+r.PathValue("token"), http.StatusSeeOther)
}

// pageRematchOf sends a spectator to the rematch of a table, once a player
// has started one.
func (s *Server) pageRematchOf(w http.ResponseWriter, r *http.Request) {
	if !validID(r.PathValue("id")) {
		s.pageError(w, r, errNoTable)
		return
	}
	id := rematchID(r.PathValue("id"))
	if _, err := s.table(r.Context(), id); err != nil {
		if notFound(err) {
			err = errorf(http.StatusNotFound, "not_found", "no player has started a rematch of this table yet")
		}
		s.pageError(w, r, err)
		return
	}
	http.Redirect(w, r, "/t/"+id, http.StatusSeeOther)
}

// apiRematch starts (or finds) the rematch of a finished table for the
// seat of the bearer token; the same token plays the same seat there.
func (s *Server) apiRematch(w http.ResponseWriter, r *http.Request) {
	l, seat, ok := s.apiReader(w, r)
	if !ok {
		return
	}
	if seat < 0 {
		s.apiError(w, r, errSpectator)
		return
	}
	id, err := s.rematch(r.Context(), clientKey(r, s.proxied), l)
	if err != nil {
		s.apiError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"id": id, "seat": seat, "url": "/t/" + id + "/s/" + bearer(r)})
}

// pageBots pauses, resumes or steps a table where bots play every seat:
// anyone watching may, as nothing hidden or anyone's move is at stake.
func (s *Server) pageBots(w http.ResponseWriter, r *http.Request) {
	if err := s.allow(r); err != nil {
		s.fail(w, r, err)
		return
	}
	l, err := s.table(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxActionBytes)
	if err := r.ParseForm(); err != nil {
		s.fail(w, r, formError(err))
		return
	}
	if err := s.controlBots(l, r.PostFormValue("do")); err != nil {
		s.fail(w, r, err)
		return
	}
	http.Redirect(w, r, "/t/"+l.id, http.StatusSeeOther)
}

// controlBots pauses ("pause"), resumes ("resume") or steps ("step": one
// more move while paused) the table of bots l.
func (s *Server) controlBots(l *live, do string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !onlyBots(l) {
		return errorf(http.StatusConflict, "not_all_bots", "only a table where bots play every seat can be paused")
	}
	switch do {
	case "pause":
		l.botCtl = botControl{paused: true}
	case "resume":
		l.botCtl = botControl{}
	case "step":
		if !l.botCtl.paused {
			return errorf(http.StatusConflict, "not_paused", "pause the table first, then step through it")
		}
		l.botCtl.steps++
	default:
		return errorf(http.StatusBadRequest, "bad_request", "say pause, resume or step")
	}
	s.afterChangeLocked(l)
	return nil
}

// notFound reports whether err says there is no such table.
func notFound(err error) bool {
	return errors.Is(err, errNoTable) || errors.Is(err, store.ErrNotFound)
}

// listedClock is the turn clock, in seconds, of a listed table whose
// creator did not set one: strangers who join a table in the lobby may
// leave it, and the others should not wait for them forever. Tables
// reached only by link have no clock unless they ask for one.
const listedClock = 120

// withClock returns opts with the turn clock of a listed table of g that
// did not set one, or refuses a clock for a game no bot can stand in for.
func withClock(g engine.Game, opts engine.Options, listed bool) (engine.Options, error) {
	set := strings.TrimSpace(opts[engine.OptTurnClock])
	if !engine.BotsCanPlay(g) {
		if set != "" && set != "0" {
			return nil, errorf(http.StatusBadRequest, "bad_options", g.Info().Name+" takes no turn clock: no bot can play a seat for a player who is away")
		}
		return opts, nil
	}
	if !listed || set != "" {
		return opts, nil
	}
	out := make(engine.Options, len(opts)+1)
	for k, v := range opts {
		out[k] = v
	}
	out[engine.OptTurnClock] = strconv.Itoa(listedClock)
	return out, nil
}
