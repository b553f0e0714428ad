package tmd

import (
	"encoding/json"
	"fmt"
	"strings"

	"tabletop/dice"
	"tabletop/engine"
)

// RulesVersion changes whenever a rule changes how dice are consumed or how
// actions resolve, so that old logs are not silently replayed under new rules.
const RulesVersion = "tmd-1"

// Seats: one or two GMs (a lead and a co-GM) and a team of two to four
// player characters.
const (
	maxGMs     = 2
	minPlayers = 2
	maxPlayers = 4
	minSeats   = 1 + minPlayers
	maxSeats   = maxGMs + maxPlayers
)

// Game is The Mystery Dungeons 2e's campaign table, for the registry.
var Game engine.Game = game{}

// Info describes the table: one or two GMs and a team of 2 to 4.
var Info = engine.Info{
	ID:           "tmd",
	Name:         "The Mystery Dungeons 2e",
	MinSeats:     minSeats,
	MaxSeats:     maxSeats,
	RulesVersion: RulesVersion,
	GMSeat:       true,
	MaxGMs:       maxGMs,
	ScoreName:    "level",
	Options: []engine.OptionSpec{{
		Name:    "rules",
		Kind:    engine.OptionChoice,
		Default: "text",
		Choices: []string{"text", "pages"},
		Help:    "the combat rules in force: the rule text, or the group's newer rules page",
	}},
}

// Options are a table's settings; the zero value is the rule text's
// combat rules.
type Options struct {
	Rules Edition
}

type game struct{}

// Info implements engine.Game.
func (game) Info() engine.Info { return Info }

// Setup implements engine.Game. Setup rolls no dice: each player brings a
// sheet.
func (game) Setup(opts engine.Options, seats []engine.SeatInfo, d *dice.Stream) (engine.State, error) {
	ed, err := ParseEdition(opts["rules"])
	if err != nil {
		return nil, err
	}
	return New(Options{Rules: ed}, seats)
}

// Decode implements engine.Game.
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

// New sets up a campaign table: the GMs' seats (those marked, at most
// two, the first the lead; or the first seat), a team of the other seats
// with no sheets yet, the first player as leader, Rookie rank.
func New(opts Options, seats []engine.SeatInfo) (*State, error) {
	if len(seats) < minSeats || len(seats) > maxSeats {
		return nil, fmt.Errorf("tmd: a table has one or two GMs and a team of %d to %d, not %d seats", minPlayers, maxPlayers, len(seats))
	}
	gm, err := engine.NewGM(seats, maxGMs)
	if err != nil {
		return nil, fmt.Errorf("tmd: %s", strings.TrimPrefix(err.Error(), "engine: "))
	}
	if n := len(seats) - len(gm.Seats()); n < minPlayers || n > maxPlayers {
		return nil, fmt.Errorf("tmd: a team has %d to %d players, not %d (%s)", minPlayers, maxPlayers, n, engine.Count(len(gm.Seats()), "GM", "GMs"))
	}
	if _, err := LoadData(); err != nil {
		return nil, err
	}
	s := &State{Seats: append([]engine.SeatInfo(nil), seats...), GM: gm, Rules: opts.Rules, Rank: "Rookie", Leader: engine.Spectator}
	for i := range seats {
		if !gm.Is(engine.Seat(i)) {
			s.Team = append(s.Team, &Member{Seat: engine.Seat(i)})
			if s.Leader == engine.Spectator {
				s.Leader = engine.Seat(i)
			}
		}
	}
	return s, nil
}
