package server

import (
	"encoding/json"
	"slices"

	"tabletop/engine"
)

// seatState is everything one reader (a seat or a spectator) may see of a
// table at one moment. It is built from View(seat), Legal(seat) and the
// public facts of the table only; the seed appears once the game is over.
type seatState struct {
	ID         string          `json:"id"`
	Game       string          `json:"game"`
	GameName   string          `json:"game_name"`
	Seat       engine.Seat     `json:"seat"` // -1 for a spectator
	Seats      []seatInfo      `json:"seats"`
	Seq        int             `json:"seq"` // entries in the log
	View       engine.View     `json:"view"`
	Legal      []legalAction   `json:"legal"`
	MyTurn     bool            `json:"my_turn"`
	Waiting    int             `json:"waiting_for"` // pending seats other than this one
	Over       bool            `json:"over"`
	Outcome    *engine.Outcome `json:"outcome,omitempty"`
	Commitment string          `json:"commitment"`
	Seed       string          `json:"seed,omitempty"` // only once the game is over
	Options    engine.Options  `json:"options"`
}

type seatInfo struct {
	Seat    engine.Seat `json:"seat"`
	Name    string      `json:"name"`
	Bot     string      `json:"bot,omitempty"`
	You     bool        `json:"you,omitempty"`
	Pending bool        `json:"pending,omitempty"`
}

// legalAction is one action a seat may take now, ready to post back.
type legalAction struct {
	Kind   string          `json:"kind"`
	Text   string          `json:"text"`
	Action json.RawMessage `json:"action"`
}

// logLine is one log entry as a reader sees it: only the events that reader
// may see (engine.EventsFor); never the entry's action or raw dice, which may
// be another seat's sealed choice or a hidden shuffle.
type logLine struct {
	Seq    int            `json:"seq"`
	Seat   engine.Seat    `json:"seat"`
	Name   string         `json:"name"`
	Events []engine.Event `json:"events"`
}

// stateFor builds what seat sees now. Call with l.mu held.
func stateFor(l *live, seat engine.Seat) seatState {
	tab := l.tab
	st := tab.State()
	pending := st.Pending()
	info := l.game.Info()
	out := seatState{
		ID: l.id, Game: info.ID, GameName: info.Name, Seat: seat, Seq: tab.Len(),
		View: st.View(seat), Commitment: tab.Commitment(), Options: tab.Options(),
		Legal: []legalAction{},
	}
	for i, si := range tab.Seats() {
		p := slices.Contains(pending, engine.Seat(i))
		out.Seats = append(out.Seats, seatInfo{Seat: engine.Seat(i), Name: si.Name, Bot: si.Bot, You: engine.Seat(i) == seat, Pending: p})
		if p && engine.Seat(i) != seat {
			out.Waiting++
		}
	}
	if seat >= 0 && slices.Contains(pending, seat) {
		out.MyTurn = true
		for _, a := range st.Legal(seat) {
			raw, err := json.Marshal(a)
			if err != nil {
				continue
			}
			out.Legal = append(out.Legal, legalAction{Kind: a.Kind(), Text: a.String(), Action: raw})
		}
	}
	if o, over := tab.Over(); over {
		out.Over, out.Outcome = true, &o
		out.Seed = tab.Seed().String()
	}
	return out
}

// logFor returns the log entries after seq from as seat sees them, leaving
// out entries seat sees nothing of. Call with l.mu held.
func logFor(l *live, seat engine.Seat, from int) []logLine {
	seats := l.tab.Seats()
	var out []logLine
	for i, e := range l.tab.Log(max(from, 0)) {
		evs := engine.EventsFor(e.Events, seat)
		if len(evs) == 0 {
			continue
		}
		name := ""
		if int(e.Seat) >= 0 && int(e.Seat) < len(seats) {
			name = seats[e.Seat].Name
		}
		out = append(out, logLine{Seq: from + i + 1, Seat: e.Seat, Name: name, Events: evs})
	}
	return out
}
