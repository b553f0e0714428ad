package pmr

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"tabletop/dice"
	"tabletop/engine"
)

// RulesVersion changes whenever a rule changes how dice are consumed or how
// actions resolve, so that old logs are not silently replayed under new rules.
const RulesVersion = "pmr-3"

// maxSeats is the largest table: seat sets fit in a byte.
const maxSeats = 8

// minSeats is the smallest table: a tournament needs two stables, so a solo
// player plays against bot stables.
const minSeats = 2

// Limits of the options.
const (
	DefaultTurns = 30  // the standard game
	MinTurns     = 3   // the shortest game the option allows
	MaxTurns     = 300 // keeps monster numbers and logs reasonable

	DefaultEvery = 3  // the standard game: a tournament after every third turn
	MaxEvery     = 10 // at most ten turns between tournaments

	DefaultRetireAge = 10 // the standard game: a monster older than 10 retires
	MinRetireAge     = 6  // a captured monster (age 4 to 6) enters at least one tournament
	MaxRetireAge     = 50
)

// Game is Pocket Monster Rancher, for the registry and the table.
var Game engine.Game = game{}

// Info describes the game: 2 to 8 stables, the options and the bots. The
// options are the rulings doc.go calls matters of taste, each defaulting to
// the standard game.
var Info = engine.Info{
	ID:           "pmr",
	Name:         "Pocket Monster Rancher",
	MinSeats:     minSeats,
	MaxSeats:     maxSeats,
	RulesVersion: RulesVersion,
	ScoreName:    "trophies",
	Options: []engine.OptionSpec{{
		Name:    "turns",
		Kind:    engine.OptionInt,
		Default: strconv.Itoa(DefaultTurns),
		Help:    "number of turns in the game",
		Min:     MinTurns,
		Max:     MaxTurns,
	}, {
		Name:    "tournament_every",
		Kind:    engine.OptionInt,
		Default: strconv.Itoa(DefaultEvery),
		Help:    "a tournament follows every this many turns (3 in the rule text)",
		Min:     1,
		Max:     MaxEvery,
	}, {
		Name:    "retire_age",
		Kind:    engine.OptionInt,
		Default: strconv.Itoa(DefaultRetireAge),
		Help:    "a monster older than this retires when the monsters age after a tournament (10 in the rule text)",
		Min:     MinRetireAge,
		Max:     MaxRetireAge,
	}, {
		Name:    "shared_wins",
		Kind:    engine.OptionBool,
		Default: "true",
		Help:    "stables tied for the most trophies share the win; if false, they roll a dice-off for it at the end",
	}},
	Bots: []string{BotRandom, BotGreedy, BotNash},
}

// Options are a table's settings. The zero value means the standard game.
type Options struct {
	Turns      int  // number of turns; 0 means DefaultTurns
	Every      int  // a tournament follows every this many turns; 0 means DefaultEvery
	RetireAge  int  // a monster older than this retires; 0 means DefaultRetireAge
	SoleWinner bool // stables tied for the most trophies roll a dice-off instead of sharing the win
}

// optionsOf reads a table's options (normalised against Info).
func optionsOf(o engine.Options) Options {
	return Options{
		Turns:      o.Int("turns"),
		Every:      o.Int("tournament_every"),
		RetireAge:  o.Int("retire_age"),
		SoleWinner: o["shared_wins"] == "false",
	}
}

// check fills in the defaults and checks the options, with errors that say
// what each accepts.
func (o *Options) check() error {
	if o.Turns == 0 {
		o.Turns = DefaultTurns
	}
	if o.Every == 0 {
		o.Every = DefaultEvery
	}
	if o.RetireAge == 0 {
		o.RetireAge = DefaultRetireAge
	}
	switch {
	case o.Turns < MinTurns || o.Turns > MaxTurns:
		return fmt.Errorf("pmr: %d turns is out of range %d..%d", o.Turns, MinTurns, MaxTurns)
	case o.Every < 1 || o.Every > MaxEvery:
		return fmt.Errorf("pmr: a tournament every %d turns is out of range 1..%d", o.Every, MaxEvery)
	case o.Every > o.Turns:
		return fmt.Errorf("pmr: a game of %d turns with a tournament every %d turns would have no tournament: play at least %d turns or hold tournaments more often", o.Turns, o.Every, o.Every)
	case o.RetireAge < MinRetireAge || o.RetireAge > MaxRetireAge:
		return fmt.Errorf("pmr: a retirement age of %d is out of range %d..%d (a captured monster is 4 to 6 years old)", o.RetireAge, MinRetireAge, MaxRetireAge)
	}
	return nil
}

type game struct{}

// Info implements engine.Game.
func (game) Info() engine.Info { return Info }

// Setup implements engine.Game: opts has been normalised against Info.
func (game) Setup(opts engine.Options, seats []engine.SeatInfo, d *dice.Stream) (engine.State, error) {
	s, err := New(optionsOf(opts), seats)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Decode implements engine.Game: it reads an action from its kind and JSON body.
func (game) Decode(kind string, raw json.RawMessage) (engine.Action, error) {
	return decode(kind, raw)
}

// Bot implements engine.BotMaker: "random", "greedy" or "nash".
func (game) Bot(name string) (engine.Bot, error) { return NewBot(name) }

// New sets up a game: one empty stable per seat, turn 1. Setup rolls no dice.
func New(opts Options, seats []engine.SeatInfo) (*State, error) {
	if err := opts.check(); err != nil {
		return nil, err
	}
	switch {
	case len(seats) < minSeats:
		return nil, fmt.Errorf("pmr: a table needs at least %d stables, got %d (to play alone, fill the other seats with bots)", minSeats, len(seats))
	case len(seats) > maxSeats:
		return nil, fmt.Errorf("pmr: a table has at most %d stables, got %d", maxSeats, len(seats))
	}
	s, _ := released.Get().(*State)
	if s == nil {
		s = new(State)
	}
	c := s.cfg
	if c == nil || c.Options != opts || !slices.Equal(c.seats, seats) {
		c = newConfig(opts, seats)
	}
	s.reset(c, len(seats))
	return s, nil
}

// released holds the states given back by Release, whose memory New reuses.
var released sync.Pool

// Release implements engine.Releaser: the state, and everything it handed
// out, is never used again, and New may reuse its memory. Call it at most
// once, and only when done with the state; after it the state refuses
// every action.
func (s *State) Release() {
	if s == nil || s.released {
		return
	}
	s.released = true
	released.Put(s)
}

// reset makes s a new game for config c and n stables, keeping the memory
// of a released state: its arena, its last or spare tournament and the capacity of
// its stables' lists.
func (s *State) reset(c *config, n int) {
	mem, spare, stables := s.arena, s.spare, s.stables
	if spare == nil {
		spare = s.last
	}
	*s = State{cfg: c, turn: 1, phase: PhaseActivity, arena: mem, spare: spare}
	if cap(stables) < n {
		stables = make([]stable, n)
	}
	stables = stables[:n]
	for i := range stables {
		st := &stables[i]
		// The counters go on, so that no cache built for the last game
		// (the activity lists, kept for their memory) matches this one.
		*st = stable{
			monsters:      st.monsters[:0],
			edits:         st.edits + 1,
			roster:        st.roster + 1,
			activities:    st.activities,
			activitiesFor: st.roster,
		}
	}
	s.stables = stables
	if mem != nil {
		mem.resetEvents()
	}
}

// newConfig makes the settings of a game: opts have been checked.
func newConfig(opts Options, seats []engine.SeatInfo) *config {
	c := &config{Options: opts, seats: append([]engine.SeatInfo(nil), seats...)}
	c.names = make([]string, len(seats))
	c.chosen = make([]string, len(seats))
	c.possessive = make([]string, len(seats))
	c.seals = make([]string, len(seats))
	for i, si := range seats {
		name := si.Name
		if name == "" {
			name = "Stable " + strconv.Itoa(i+1)
		}
		c.names[i] = name
		c.chosen[i] = name + " has chosen"
		c.possessive[i] = name + "'s "
		c.seals[i] = name + " seals: "
	}
	return c
}

// config is the part of a game that never changes; clones share it.
type config struct {
	Options    // checked, defaults filled in
	seats      []engine.SeatInfo
	names      []string // display names, never empty
	chosen     []string // "Ann has chosen": what others see of a sealed choice
	possessive []string // "Ann's "
	seals      []string // "Ann seals: ", which starts a sealed event's text
}
