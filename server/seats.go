package server

import (
	"net/http"
	"slices"
	"strconv"
	"time"

	"tabletop/engine"
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
	case engine.IsTableAction(a.Kind()):
		return nil
	case l.tab.Resigned(seat):
		return engine.NotYourTurn(a, "you resigned: a bot plays your seat to the end")
	case l.tab.StandIn(seat):
		return engine.NotYourTurn(a, "a bot plays your seat since your turn clock ran out: take it over first")
	}
	return nil
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
// Call with l.mu held.
func clockSeats(l *live) []engine.Seat {
	if l.tab.Options().Int(engine.OptTurnClock) <= 0 || l.win != nil || l.stale {
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
		if int(p) >= len(seats) || seats[p].Bot != "" || l.tab.StandIn(p) {
			continue
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
	if len(since) == 0 {
		l.clock.halt()
		return
	}
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
		if err := s.commitLocked(s.ctx, l, before); err != nil {
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
	}{{"stand_in", c.StandIn}, {"resigned", c.Resigned}, {"all_bots", c.AllBots}, {"paused", c.Paused}} {
		if f.on {
			b = append(b, `,"`+f.name+`":true`...)
		}
	}
	if len(c.Reveal) > 0 {
		b = append(b, `,"reveal":`...)
		return appendMarshal(b, c.Reveal)
	}
	return b, nil
}
