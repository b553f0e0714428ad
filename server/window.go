package server

import (
	"slices"
	"time"

	"tabletop/dice"
	"tabletop/engine"
)

// window is an answer window (engine.Window) that a table seating people is
// collecting: its answers are held here, unapplied and untold, until the
// hold has passed since the window opened, and are then applied together,
// in seat order, in one store Append (closeWindow). Whether a seat had a
// real choice (a claim only holders of a set may make), and so how fast it answered,
// is a secret: people, bots and choices of one (engine.Only) all answer
// into the window alike, and nobody but the answering seat hears of an
// answer before the window closes.
//
// The answers live only in memory. If the server stops before the window
// closes they are lost, and the window opens again, with a fresh hold, when
// the table is next loaded: an answer acknowledged as recorded may have to
// be given again, but nothing acknowledged as applied is ever lost.
type window struct {
	seq     int // the log length when the window opened
	answers map[engine.Seat]engine.Action
	closes  time.Time // when the hold has passed (public: the window's opening is)
}

// left is how long the window stays open from now, at least 0.
func (w *window) left() time.Duration {
	return max(0, time.Until(w.closes))
}

// windowOf returns the table's state as an engine.Window if a window is
// open in it and the table seats a person; tables of bots only apply
// answers at once (nobody is there to read timing). Call with l.mu held.
func windowOf(l *live) (engine.Window, bool) {
	w, ok := l.tab.State().(engine.Window)
	if !ok || !w.WindowOpen() {
		return nil, false
	}
	for _, si := range l.tab.Seats() {
		if si.Bot == "" {
			return w, true
		}
	}
	return nil, false
}

// openWindowLocked starts collecting the window that the table's last
// action opened, if any: the answers are applied once its hold has passed
// (closeWindow). A window opened before a restart opens again with a fresh
// hold. Call with l.mu held.
func (s *Server) openWindowLocked(l *live) {
	if l.win != nil && l.win.seq == l.tab.Len() {
		return // already collecting
	}
	l.win = nil
	w, ok := windowOf(l)
	if !ok || l.stale {
		return
	}
	if !s.background() {
		return
	}
	seq := l.tab.Len()
	l.win = &window{seq: seq, answers: make(map[engine.Seat]engine.Action), closes: time.Now().Add(w.WindowHold())}
	// Choices of one are answered here, as the window opens, for people
	// and bots alike: left to the bot runner, how soon each is recorded
	// would depend on how many such seats it handles first, which depends
	// on the hidden hands.
	for _, p := range l.tab.State().Pending() {
		if a, ok := engine.Only(l.tab.State(), p); ok {
			l.win.answers[p] = a
		}
	}
	timer := time.NewTimer(w.WindowHold())
	go func() {
		defer s.bg.Done()
		defer timer.Stop()
		select {
		case <-timer.C:
			s.closeWindow(l, seq)
		case <-s.ctx.Done():
		}
	}()
}

// answered reports whether seat has given its answer to the window being
// collected. Call with l.mu held.
func (l *live) answered(seat engine.Seat) bool {
	if l.win == nil {
		return false
	}
	_, ok := l.win.answers[seat]
	return ok
}

// submitLocked plays a for seat: at once, or, while a window is being
// collected, by recording it for the window's close. It reports whether a
// was only recorded. Call with l.mu held.
func (s *Server) submitLocked(l *live, seat engine.Seat, a engine.Action) ([]engine.Event, bool, error) {
	if l.win != nil && l.win.seq == l.tab.Len() && engine.IsTableAction(a.Kind()) {
		// A roll, a resignation or a take-over now would move the log
		// under the window and lose the answers recorded so far.
		return nil, false, engine.NotYourTurn(a, "that waits until the answer window closes, in a moment")
	}
	if l.win == nil || l.win.seq != l.tab.Len() {
		events, err := s.applyLocked(l, seat, a)
		return events, false, err
	}
	if l.answered(seat) {
		return nil, false, engine.NotYourTurn(a, "your answer is recorded already; it counts when the window closes")
	}
	// Check the answer now, on a copy, so that a bad one is refused at
	// once to its sender alone. The copy draws any dice from a stream of
	// its own: the table's stream is not touched.
	if _, err := l.tab.State().Clone().Apply(seat, a, dice.NewUnrecordedStream(dice.Seed{})); err != nil {
		return nil, false, err
	}
	l.win.answers[seat] = a
	return []engine.Event{{Kind: "recorded", Text: "Answer recorded: " + a.String() + ". It counts when the window closes, together with everyone else's."}}, true, nil
}

// closeWindow applies the answers of the window that opened at log length
// seq, once its hold has passed: every seat it waits for, in seat order,
// plays its recorded answer or else the window's default, and the entries
// are stored in one Append and then streamed.
func (s *Server) closeWindow(l *live, seq int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.win == nil || l.win.seq != seq || l.stale || l.tab.Len() != seq {
		return
	}
	answers := l.win.answers
	l.win = nil
	w, ok := l.tab.State().(engine.Window)
	if !ok || !w.WindowOpen() {
		return
	}
	pending := slices.Clone(l.tab.State().Pending())
	slices.Sort(pending)
	before := l.tab.Len()
	for _, p := range pending {
		// The state is read again each time: a table rebuilds its state
		// after a refusal that rolled dice.
		w, ok := l.tab.State().(engine.Window)
		if !ok || !w.WindowOpen() {
			break
		}
		if !slices.Contains(l.tab.State().Pending(), p) {
			continue
		}
		a, ok := answers[p]
		if !ok {
			a = w.WindowDefault(p)
		}
		if _, err := l.tab.Act(p, a); err != nil {
			s.log.Error("a recorded answer was refused when its window closed: playing the default", "table", l.id, "seat", int(p), "err", err)
			if _, err := l.tab.Act(p, w.WindowDefault(p)); err != nil {
				s.log.Error("the default answer of a window was refused", "table", l.id, "seat", int(p), "err", err)
				break
			}
		}
	}
	if l.tab.Len() == before {
		return
	}
	if err := s.commitLocked(l, before); err != nil {
		s.log.Error("storing a window's answers", "table", l.id, "err", err)
		return
	}
	s.afterChangeLocked(l)
}
