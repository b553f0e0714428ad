package server

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"

	"tabletop/engine"
)

// replayPage is a finished table replayed up to one entry of its log: the
// spectator's table page at that moment, with every entry so far in full.
type replayPage struct {
	tablePage
	Step, Steps, Prev, Next int
	Entry                   string // the entry just played, as a line
	Entries                 []replayEntry
}

// replayEntry is one log entry as the replay shows it: once the game is
// over nothing is hidden, so the action itself and every event are shown.
type replayEntry struct {
	Who, Text string
	Events    []engine.Event
}

// pageReplay renders /t/{id}/replay?step=N: the spectator's view after the
// first N entries of a finished table's log. Before the end it is refused,
// as the log holds what is still hidden.
func (s *Server) pageReplay(w http.ResponseWriter, r *http.Request) {
	l, err := s.table(r.Context(), r.PathValue("id"))
	if err != nil {
		s.pageError(w, r, err)
		return
	}
	l.mu.Lock()
	_, over := l.tab.Over()
	x := l.tab.Export(true)
	l.mu.Unlock()
	if !over {
		s.pageError(w, r, errorf(http.StatusConflict, "not_over", "a table can be replayed once the game is over"))
		return
	}
	step := 0
	if v := r.URL.Query().Get("step"); v != "" {
		if step, err = strconv.Atoi(v); err != nil || step < 0 {
			s.pageError(w, r, errorf(http.StatusBadRequest, "bad_request", "step must be a whole number, 0 or more"))
			return
		}
	}
	step = min(step, len(x.Log))
	entries := x.Log
	x.Log = x.Log[:step]
	tab, err := engine.Replay(l.game, x)
	if err != nil {
		s.pageError(w, r, fmt.Errorf("server: replaying table %s: %w", l.id, err))
		return
	}
	at := &live{id: l.id, game: l.game, tab: tab}
	p := replayPage{tablePage: pageData(at, engine.Spectator, "/t/"+l.id, false),
		Step: step, Steps: len(entries), Prev: max(step-1, 0), Next: min(step+1, len(entries))}
	p.Title = p.GameName + " replay"
	seats := tab.Seats()
	for _, e := range entries[:step] {
		who := e.Seat.String()
		if int(e.Seat) >= 0 && int(e.Seat) < len(seats) {
			who = seats[e.Seat].Name
		}
		p.Entries = append(p.Entries, replayEntry{Who: who, Text: e.Text, Events: e.Events})
	}
	if step > 0 {
		last := p.Entries[step-1]
		p.Entry = last.Who + ": " + last.Text
	}
	var buf bytes.Buffer
	if err := s.pages.forGame(l.game.Info().ID).ExecuteTemplate(&buf, "replay", p); err != nil {
		s.pageError(w, r, fmt.Errorf("server: rendering the replay of %s: %w", l.id, err))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(buf.Bytes())
}
