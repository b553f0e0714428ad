package engine

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// The game master pattern, for games where one seat runs the game for the
// others (Info.GMSeat), or several seats together, a lead and co-GMs
// (Info.MaxGMs): musi supa pona, The Mystery Dungeons. A game embeds
// a GM in its state and keeps its hidden values in Hidden fields:
//
//   - the GM may adjust anything, but only through ordinary actions, so every
//     adjustment is in the table's log and replays; each one carries a reason
//     (GM.Adjust refuses one without);
//   - the GM's notes are the GM's alone: they are in no player's view and no
//     player's events (GM.Note);
//   - a reveal moves a hidden value into everyone's view (Hidden.Reveal).
//
// Whether an adjustment is public is the game's call: changing a character's
// health is, setting a hidden target is not. A private adjustment, like a
// note, shows the players only that the GM did something ("The GM writes a
// note"), which at a real table they would see too: every action then gives
// every seat a line of its log, so that nothing a seat receives (the log's
// numbering, the moment a page changes) tells it more than that line. What
// the GM wrote or changed stays out of their views and events.
//
// With co-GMs, "the GM" is any GM's seat: each may do what the lead does,
// and what only the GM sees every GM sees (GM.Seats). The lead is the
// first seat marked; a game sends it what one GM must answer alone.

// MaxGMText is the longest note or reason, in bytes, so that a table's log
// and views stay a sensible size.
const MaxGMText = 2000

// GMSeats returns the game masters' seats of a table of a game with a GM
// seat: the seats marked GM, in seat order, the first of them the lead;
// or the first seat alone if none is marked (so that a table made without
// marks, as tests and older clients make them, still has its GM). most is
// how many GMs the game seats (Info.MaxGMs; below 1 means one): more
// marked seats are an error, in words.
func GMSeats(seats []SeatInfo, most int) ([]Seat, error) {
	most = max(most, 1)
	var gms []Seat
	for i, s := range seats {
		if s.GM {
			gms = append(gms, Seat(i))
		}
	}
	switch {
	case len(gms) > most && most == 1:
		return nil, fmt.Errorf("engine: %s and %s are both marked as the game master: this game has one game master", gms[0], gms[1])
	case len(gms) > most:
		return nil, fmt.Errorf("engine: %d seats are marked as game masters: this game has at most %d", len(gms), most)
	case len(gms) > 0:
		return gms, nil
	case len(seats) == 0:
		return nil, fmt.Errorf("engine: a table with a game master needs a seat for the game master")
	}
	return []Seat{0}, nil
}

// CheckGMs refuses the game master marks (SeatInfo.GM) of the seats of a
// new table that the game cannot seat: any at all in a game without a
// game master, more than the game seats in one with (GMSeats). A table is
// checked when it is made, not by NewTable, which also replays stored
// tables.
func (info Info) CheckGMs(seats []SeatInfo) error {
	if info.GMSeat {
		_, err := GMSeats(seats, info.MaxGMs)
		return err
	}
	for i, s := range seats {
		if s.GM {
			return fmt.Errorf("engine: %s has no game master: seat %d cannot be one, every seat is a player's", info.Name, i+1)
		}
	}
	return nil
}

// Adjustment is one change the GM made outside the rules, with the reason
// the GM gave.
type Adjustment struct {
	What   string `json:"what"`           // "Ann's HP 12 -> 15"
	Reason string `json:"reason"`         // "a healing spring"
	Public bool   `json:"public"`         // everyone sees it
	Seen   []Seat `json:"seen,omitempty"` // if not public: who sees it besides the GM
}

// seenBy reports whether seat s (not the GM) sees the adjustment.
func (a *Adjustment) seenBy(s Seat) bool { return a.Public || slices.Contains(a.Seen, s) }

// GM is the game masters' seats and their book: the notes and the
// adjustments. A table may seat co-GMs beside its lead GM (Info.MaxGMs):
// each of them is the GM for everything here, sees all of the book and
// may do all the lead may. Its zero value is not a GM; NewGM makes one.
type GM struct {
	Seat        Seat         // the lead GM's
	Co          []Seat       `json:",omitempty"` // the co-GMs' (older snapshots and logs have none)
	Notes       []string     // the GMs' alone
	Adjustments []Adjustment // every adjustment, in order
}

// NewGM returns the GM of a table with these seats, of a game that seats
// at most most GMs (see GMSeats).
func NewGM(seats []SeatInfo, most int) (GM, error) {
	gms, err := GMSeats(seats, most)
	if err != nil {
		return GM{}, err
	}
	return GM{Seat: gms[0], Co: slices.Clip(gms[1:])}, nil
}

// Is reports whether s is a GM's seat, the lead's or a co-GM's.
func (g *GM) Is(s Seat) bool { return s == g.Seat || slices.Contains(g.Co, s) }

// Seats returns every GM's seat, the lead's first: who sees what only the
// GM sees (an event's Only list).
func (g *GM) Seats() []Seat { return append([]Seat{g.Seat}, g.Co...) }

// Pending is the pending seats of a table of n seats run by g: every GM's
// always (it may adjust anything at any time), and each player's for
// which player reports a choice to make.
func (g *GM) Pending(n int, player func(Seat) bool) []Seat {
	var out []Seat
	for i := range n {
		if s := Seat(i); g.Is(s) || player(s) {
			out = append(out, s)
		}
	}
	return out
}

// Clone returns a copy that shares nothing with g.
func (g *GM) Clone() GM {
	adj := slices.Clone(g.Adjustments)
	for i := range adj {
		adj[i].Seen = slices.Clone(adj[i].Seen)
	}
	return GM{Seat: g.Seat, Co: slices.Clone(g.Co), Notes: slices.Clone(g.Notes), Adjustments: adj}
}

// CheckText refuses a note or reason that is blank or too long, in words
// for the GM. what names it: "a reason", "a note".
func CheckText(a Action, what, text string) error {
	switch {
	case strings.TrimSpace(text) == "":
		return Illegal(a, "the game master must give %s (the choices and the rules summary show where it goes)", what)
	case len(text) > MaxGMText:
		return Illegal(a, "%s is limited to %d bytes", what, MaxGMText)
	case !utf8.ValidString(text):
		return Illegal(a, "%s is not valid text", what)
	}
	return nil
}

// Adjust records an adjustment, after checking that seat s is a GM and
// that it has a reason, and returns its event: seen by everyone if public,
// otherwise by every GM and the seats in also (the player whose secret sheet
// it changes) only. The caller makes the change itself, and only if Adjust
// returns no error (so a refusal changes nothing).
func (g *GM) Adjust(s Seat, a Action, what, reason string, public bool, also ...Seat) (Event, error) {
	if err := g.Check(s, a); err != nil {
		return Event{}, err
	}
	if err := CheckText(a, "a reason", reason); err != nil {
		return Event{}, err
	}
	adj := Adjustment{What: what, Reason: strings.TrimSpace(reason), Public: public}
	ev := Event{Kind: "gm-adjust", Text: fmt.Sprintf("GM: %s (%s)", what, adj.Reason)}
	if !public {
		adj.Seen = slices.DeleteFunc(slices.Clone(also), g.Is)
		ev.Only = append(g.Seats(), adj.Seen...)
		ev.Others = "The GM makes a change you cannot see"
	}
	g.Adjustments = append(g.Adjustments, adj)
	return ev, nil
}

// Note adds a note for the GMs alone and returns its event: every GM sees
// the note, everyone else that the GM wrote one.
func (g *GM) Note(s Seat, a Action, text string) (Event, error) {
	if err := g.Check(s, a); err != nil {
		return Event{}, err
	}
	if err := CheckText(a, "a note", text); err != nil {
		return Event{}, err
	}
	text = strings.TrimSpace(text)
	g.Notes = append(g.Notes, text)
	return Event{Kind: "gm-note", Text: "GM's note: " + text, Only: g.Seats(), Others: "The GM writes a note"}, nil
}

// Check refuses an action that only a GM may take when s is another seat.
// The message names no hidden value.
func (g *GM) Check(s Seat, a Action) error {
	if !g.Is(s) {
		return NotYourTurn(a, "only the game master may do that")
	}
	return nil
}

// Reveal returns, for the end of a game, what the GM's changes hid from
// the players, as public events: each adjustment some seat did not see,
// with its reason. A game's Revealer adds them to what its own secrets
// were (engine.Revealer). The GM's notes are not told: they are the GM's
// notebook, not part of the game (a campaign's next session may hang on
// them), and stay the GM's after the game as before it.
func (g *GM) Reveal() []Event {
	var out []Event
	for _, a := range g.Adjustments {
		if !a.Public {
			out = append(out, Event{Kind: "reveal", Text: fmt.Sprintf("The GM's change: %s (%s)", a.What, a.Reason)})
		}
	}
	return out
}

// GMView is what a seat sees of the GM's book: every GM sees everything; a
// player sees the public adjustments and those made to its own secrets, and
// no notes. Who the GMs are is no secret.
type GMView struct {
	Seat        Seat         `json:"seat"`
	Co          []Seat       `json:"co,omitempty"`
	Notes       []string     `json:"notes,omitempty"`
	Adjustments []Adjustment `json:"adjustments,omitempty"`
}

// View returns what seat s sees of the GM's book.
func (g *GM) View(s Seat) GMView {
	if g.Is(s) {
		return GMView{Seat: g.Seat, Co: g.Co, Notes: g.Notes, Adjustments: g.Adjustments}
	}
	v := GMView{Seat: g.Seat, Co: g.Co}
	for _, a := range g.Adjustments {
		if a.seenBy(s) {
			a.Seen = nil // who else saw it is not this seat's business
			v.Adjustments = append(v.Adjustments, a)
		}
	}
	return v
}

// Hidden is a value the GM knows and the players do not, until the GM (or
// the rules) reveal it: a target number, a trap, a creature's health.
type Hidden[T any] struct {
	Value    T    `json:"value"`
	Revealed bool `json:"revealed"`
}

// Hide returns v hidden.
func Hide[T any](v T) Hidden[T] { return Hidden[T]{Value: v} }

// Reveal shows the value to everyone from now on.
func (h *Hidden[T]) Reveal() { h.Revealed = true }

// For returns the value as a seat sees it: the GM always, a player once it
// is revealed. A player who may not see it gets nil, which in a view reads
// the same whatever the value is.
func (h *Hidden[T]) For(isGM bool) *T {
	if isGM || h.Revealed {
		v := h.Value
		return &v
	}
	return nil
}
