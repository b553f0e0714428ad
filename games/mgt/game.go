package mgt

import (
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"time"

	"tabletop/dice"
	"tabletop/engine"
)

// RulesVersion changes whenever a rule changes how dice are consumed or how
// actions resolve, so that old logs are not silently replayed under new rules.
//
// mgt-2: a mean card's random card is told without the die that chose it;
// a banned type counts in no pattern, exposed or not; proud cards stay set
// aside for the game; three rock-paper-scissors ties end an attack; a meld
// keeps the cards still to discard; the claimer chooses the three cards it
// exposes (Claim.With); every discard but loyal ones may be claimed, forced
// and excess discards included, each in a window of its own; honest and
// impatient cards act when drawn in a refill too.
const RulesVersion = "mgt-2"

// Round limits for the rounds option: the text plays "several rounds (3-4)".
const (
	DefaultRounds = 4
	MinRounds     = 3
	MaxRounds     = 4
)

// Claim window limits for the claim_window option, in milliseconds: how long
// a claim window stays open at a table where people sit (engine.Window).
// About two seconds gives a person time to claim; tables of bots only and
// simulations do not wait at all.
const (
	DefaultClaimWindow = 2000
	MaxClaimWindow     = 60000
)

// Seat limits and the hand size.
const (
	minSeats = 2
	maxSeats = 6
	handSize = 8 // hidden hand plus exposed cards, between turns
	lookSize = 3 // cards an honest card shows from the top of the stock
)

// The bot names, as Info.Bots lists them.
const (
	BotRandom = "random" // uniform over the legal actions
	BotGreedy = "greedy" // keeps what advances its best reachable pattern
)

// Game is Monster Girl Taxonomy, for the registry and the table.
var Game engine.Game = game{}

// Info describes the game: 2 to 6 players, the rounds option and the bots.
var Info = engine.Info{
	ID:           "mgt",
	Name:         "Monster Girl Taxonomy",
	MinSeats:     minSeats,
	MaxSeats:     maxSeats,
	RulesVersion: RulesVersion,
	Options: []engine.OptionSpec{{
		Name:    "rounds",
		Kind:    engine.OptionInt,
		Default: strconv.Itoa(DefaultRounds),
		Help:    "rounds to play; the dealer rotates each round and points add up",
		Min:     MinRounds,
		Max:     MaxRounds,
	}, {
		Name:    "claim_window",
		Kind:    engine.OptionInt,
		Default: strconv.Itoa(DefaultClaimWindow),
		Help:    "milliseconds every claim window stays open where people play, whoever can claim (bots-only tables do not wait)",
		Min:     0,
		Max:     MaxClaimWindow,
	}},
	Bots:      []string{BotRandom, BotGreedy},
	ScoreName: "points",
}

// Options are a table's settings. The zero value means the standard game.
type Options struct {
	Rounds int // rounds to play; 0 means DefaultRounds
	// ClaimWindow is how long a claim window stays open where people play
	// (engine.Window); 0 means DefaultClaimWindow, negative means none.
	ClaimWindow time.Duration
}

type game struct{}

// Info implements engine.Game.
func (game) Info() engine.Info { return Info }

// Setup implements engine.Game: opts has been normalised against Info. It
// shuffles and deals the first round with dice from d.
func (game) Setup(opts engine.Options, seats []engine.SeatInfo, d *dice.Stream) (engine.State, error) {
	s, err := New(optionsOf(opts), seats, d)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// optionsOf reads a table's (normalized) options.
func optionsOf(opts engine.Options) Options {
	o := Options{Rounds: opts.Int("rounds")}
	if _, set := opts["claim_window"]; set {
		o.ClaimWindow = time.Duration(opts.Int("claim_window")) * time.Millisecond
		if o.ClaimWindow == 0 {
			o.ClaimWindow = -1 // asked for none
		}
	}
	return o
}

// Decode implements engine.Game: it reads an action from its kind and JSON body.
func (game) Decode(kind string, raw json.RawMessage) (engine.Action, error) {
	return decode(kind, raw)
}

// Bot implements engine.BotMaker: "random" or "greedy".
func (game) Bot(name string) (engine.Bot, error) { return NewBot(name) }

// RenderText implements engine.TextRenderer for tabletop play.
func (game) RenderText(v engine.View, s engine.Seat) string { return renderText(v, s) }

// New sets up a game and deals round 1 (seat 1 deals and plays first), with
// dice from d.
func New(opts Options, seats []engine.SeatInfo, d *dice.Stream) (*State, error) {
	s, _, err := newGame(opts, seats, d)
	return s, err
}

// newGame is New that also returns the deal's events (the private hands).
func newGame(opts Options, seats []engine.SeatInfo, d *dice.Stream) (*State, []engine.Event, error) {
	c, err := newConfig(opts, seats)
	if err != nil {
		return nil, nil, err
	}
	s, _ := released.Get().(*State)
	var m *arena
	if s != nil {
		m = s.arena
		if m != nil {
			m.rewind() // nothing it handed out is used any more (Release)
		}
	} else {
		s = new(State)
	}
	*s = State{cfg: c, players: make([]player, len(seats)), card: NoCard, target: NoTarget, arena: m}
	ev := make(events, 0, 4)
	s.deal(0, d, &ev)
	return s, ev, nil
}

// released holds the states given back by Release, whose memory New reuses.
var released sync.Pool

// Release implements engine.Releaser: the state, and everything it handed
// out, is never used again, and New may reuse its memory (its arena, whose
// blocks then hand out the same memory game after game). Call it at most
// once, and only when done with the state; after it the state refuses
// every action.
func (s *State) Release() {
	if s == nil || s.released {
		return
	}
	s.released = true
	released.Put(s)
}

// newConfig checks the options and seats and builds a game's config from
// them: for a new game, and for one restored from a snapshot (which does not
// hold the config).
func newConfig(opts Options, seats []engine.SeatInfo) (*config, error) {
	if opts.Rounds == 0 {
		opts.Rounds = DefaultRounds
	}
	if opts.Rounds < MinRounds || opts.Rounds > MaxRounds {
		return nil, fmt.Errorf("mgt: %d rounds is out of range %d..%d", opts.Rounds, MinRounds, MaxRounds)
	}
	if len(seats) < minSeats || len(seats) > maxSeats {
		return nil, fmt.Errorf("mgt: a table has %d to %d players, got %d", minSeats, maxSeats, len(seats))
	}
	switch {
	case opts.ClaimWindow == 0:
		opts.ClaimWindow = DefaultClaimWindow * time.Millisecond
	case opts.ClaimWindow < 0:
		opts.ClaimWindow = 0
	case opts.ClaimWindow > MaxClaimWindow*time.Millisecond:
		return nil, fmt.Errorf("mgt: a claim window of %s is longer than %d ms", opts.ClaimWindow, MaxClaimWindow)
	}
	c := &config{rounds: opts.Rounds, hold: opts.ClaimWindow, names: make([]string, len(seats))}
	c.drawsCard = make([]string, len(seats))
	c.discards = make([]string, len(seats))
	for i, si := range seats {
		c.names[i] = si.Name
		if c.names[i] == "" {
			c.names[i] = "Player " + strconv.Itoa(i+1)
		}
		c.drawsCard[i] = c.names[i] + " draws a card."
		c.discards[i] = c.names[i] + " discards "
	}
	return c, nil
}

// config is the part of a game that never changes; clones share it.
type config struct {
	rounds    int
	hold      time.Duration // how long a claim window stays open where people play
	names     []string      // display names, never empty
	drawsCard []string      // "Ann draws a card.": what the others read of a turn's draw
	discards  []string      // "Ann discards "
}
