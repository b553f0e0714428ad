package prophecy

import (
	"encoding/json"
	"fmt"
	"strconv"

	"tabletop/dice"
	"tabletop/engine"
)

// RulesVersion changes whenever a rule changes how dice are consumed or how
// actions resolve, so that old logs are not silently replayed under new rules.
const RulesVersion = "prophecy-1"

// Seat limits: the text plays with three to six; practice allows fewer.
const (
	minPlayers = 3
	maxPlayers = 6
)

// Option limits.
const (
	DefaultPairs   = 2  // the designer's view expects two pairs per scene
	MaxExpectPairs = 12 // more than any scene is likely to find
	MaxTimer       = 60 // minutes
)

// Game is Prophecy, for the registry and the table.
var Game engine.Game = game{}

// Info describes the game: 3 to 6 players (fewer with practice), no bots.
var Info = engine.Info{
	ID:           "prophecy",
	Name:         "Prophecy",
	MinSeats:     1,
	UsualSeats:   minPlayers,
	MaxSeats:     maxPlayers,
	RulesVersion: RulesVersion,
	Options: []engine.OptionSpec{{
		Name:    "practice",
		Kind:    engine.OptionBool,
		Default: "false",
		Help:    "allow fewer than three players, to practise or to try an outline",
	}, {
		Name:    "timer",
		Kind:    engine.OptionInt,
		Default: "0",
		Help:    "minutes per scene shown as a countdown (0 = no timer; the text suggests 8)",
		Min:     0,
		Max:     MaxTimer,
	}, {
		Name:    "pairs",
		Kind:    engine.OptionInt,
		Default: strconv.Itoa(DefaultPairs),
		Help:    "matching pairs the designer's odds expect per scene (the table can change it with expect)",
		Min:     0,
		Max:     MaxExpectPairs,
	}},
}

// Options are a table's settings. The zero value means the standard game
// with the default expectation of pairs (DefaultPairs when Pairs is 0 and
// NoPairs is false).
type Options struct {
	Practice bool // allow fewer than three players
	Timer    int  // minutes per scene, 0 = no timer
	Pairs    int  // expected pairs per scene for the designer's view
	NoPairs  bool // Pairs is really 0
}

type game struct{}

// Info implements engine.Game.
func (game) Info() engine.Info { return Info }

// Setup implements engine.Game: opts has been normalised against Info.
// Setup rolls no dice.
func (game) Setup(opts engine.Options, seats []engine.SeatInfo, _ *dice.Stream) (engine.State, error) {
	pairs := opts.Int("pairs")
	s, err := New(Options{Practice: opts.Bool("practice"), Timer: opts.Int("timer"), Pairs: pairs, NoPairs: pairs == 0}, seats)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Decode implements engine.Game.
func (game) Decode(kind string, raw json.RawMessage) (engine.Action, error) {
	return decode(kind, raw)
}

// New sets up a table: no world yet, the Finale alone in the outline.
func New(opts Options, seats []engine.SeatInfo) (*State, error) {
	lo := minPlayers
	if opts.Practice {
		lo = 1
	}
	if len(seats) < lo || len(seats) > maxPlayers {
		if !opts.Practice && len(seats) >= 1 && len(seats) < minPlayers {
			return nil, fmt.Errorf("prophecy: a story needs %d to %d players, got %d (the practice option allows fewer)", minPlayers, maxPlayers, len(seats))
		}
		return nil, fmt.Errorf("prophecy: a story needs %d to %d players, got %d", lo, maxPlayers, len(seats))
	}
	for i, si := range seats {
		if si.Bot != "" && !opts.Practice {
			return nil, fmt.Errorf("prophecy: seat %d: a story is told by people, not by a bot (%s), which would type placeholders at every turn (the practice option allows bots, to try the rules)", i+1, si.Bot)
		}
	}
	if opts.Timer < 0 || opts.Timer > MaxTimer {
		return nil, fmt.Errorf("prophecy: a scene timer of %d minutes is out of range 0..%d", opts.Timer, MaxTimer)
	}
	pairs := opts.Pairs
	if pairs == 0 && !opts.NoPairs {
		pairs = DefaultPairs
	}
	if pairs < 0 || pairs > MaxExpectPairs {
		return nil, fmt.Errorf("prophecy: %d expected pairs is out of range 0..%d", pairs, MaxExpectPairs)
	}
	names := make([]string, len(seats))
	for i, si := range seats {
		names[i] = si.Name
		if names[i] == "" {
			names[i] = "Player " + strconv.Itoa(i+1)
		}
	}
	s := &State{
		cfg:    &config{names: names, timer: opts.Timer},
		phase:  PhaseWorld,
		pairs:  pairs,
		chars:  make([]Character, len(seats)),
		scenes: []Scene{{ID: FinaleID, Difficulty: FinaleDifficulty}},
		nextID: FinaleID + 1,
	}
	return s, nil
}

// config is the part of a game that never changes; clones share it.
type config struct {
	names []string // display names, never empty
	timer int      // minutes per scene, 0 = none
}

// ParseAction reads an action's text form (see ParseAction), for the
// terminal.
func (game) ParseAction(text string) (engine.Action, error) { return ParseAction(text) }

// Markdown writes the table's story (see Markdown) from any seat's view:
// nothing is hidden.
func (game) Markdown(v engine.View) string {
	pv, ok := v.(*View)
	if !ok {
		return ""
	}
	return Markdown(pv)
}

// PeopleOnly marks Prophecy as a game only people play: its actions are
// the players' own words, so "tabletop play" seats people at every seat.
func (game) PeopleOnly() {}
