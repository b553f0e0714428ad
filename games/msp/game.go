package msp

import (
	"encoding/json"
	"fmt"
	"strings"

	"tabletop/dice"
	"tabletop/engine"
)

// RulesVersion changes whenever a rule changes how dice are consumed or how
// actions resolve, so that old logs are not silently replayed under new rules.
const RulesVersion = "msp-1"

// Seats: the GM and one to six players.
const (
	minSeats = 2
	maxSeats = 7
)

// Game is musi supa pona, for the registry and the table.
var Game engine.Game = game{}

// Info describes the game: a GM and 1 to 6 players.
var Info = engine.Info{
	ID:           "msp",
	Name:         "musi supa pona",
	MinSeats:     minSeats,
	MaxSeats:     maxSeats,
	RulesVersion: RulesVersion,
	GMSeat:       true,
	ScoreName:    "level",
	Options: []engine.OptionSpec{{
		Name:    "starter-book",
		Kind:    engine.OptionBool,
		Default: "true",
		Help:    "start the GM's book with a few creatures, items and a place (the project's own)",
	}},
}

// Options are a table's settings. The zero value means the standard game:
// the GM's book starts with the starter book.
type Options struct {
	EmptyBook bool // start with an empty book
}

type game struct{}

// Info implements engine.Game.
func (game) Info() engine.Info { return Info }

// Setup implements engine.Game: opts has been normalised against Info.
// Setup rolls no dice: each player rolls their stats when making their
// character.
func (game) Setup(opts engine.Options, seats []engine.SeatInfo, d *dice.Stream) (engine.State, error) {
	return New(Options{EmptyBook: !opts.Bool("starter-book")}, seats)
}

// Decode implements engine.Game: it reads an action from its kind and JSON body.
func (game) Decode(kind string, raw json.RawMessage) (engine.Action, error) {
	return decode(kind, raw)
}

// ParseAction reads an action's text form, for tabletop play.
func (game) ParseAction(text string) (engine.Action, error) { return ParseAction(text) }

// ParseActionBy reads an action's text form as seat typed it at st, for
// tabletop play: a refusal's example is the GM's or a player's
// (ParseActionAs).
func (game) ParseActionBy(st engine.State, seat engine.Seat, text string) (engine.Action, error) {
	s, ok := st.(*State)
	return ParseActionAs(text, ok && s.GM.Is(seat))
}

// RenderText implements engine.TextRenderer.
func (game) RenderText(v engine.View, s engine.Seat) string {
	if view, ok := v.(*View); ok {
		return renderText(view)
	}
	return fmt.Sprint(v)
}

// New sets up a session: the GM's seat (the one marked, or the first), no
// characters yet, and the book.
func New(opts Options, seats []engine.SeatInfo) (*State, error) {
	if len(seats) < minSeats || len(seats) > maxSeats {
		return nil, fmt.Errorf("msp: a table has a GM and 1 to %d players, not %d seats", maxSeats-1, len(seats))
	}
	gm, err := engine.NewGM(seats, Info.MaxGMs) // one GM: no co-GMs
	if err != nil {
		return nil, fmt.Errorf("msp: %s", strings.TrimPrefix(err.Error(), "engine: "))
	}
	s := &State{Seats: append([]engine.SeatInfo(nil), seats...), GM: gm, Chars: make([]*Character, len(seats))}
	if !opts.EmptyBook {
		s.Book = StarterBook()
	}
	return s, nil
}
