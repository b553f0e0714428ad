// Package bots holds the bots every game can use and finds a game's own bots
// by name. A bot sees only its seat's view and the legal actions.
package bots

import (
	"fmt"
	"slices"
	"strings"

	"tabletop/dice"
	"tabletop/engine"
)

// Random plays a uniformly random legal action.
type Random struct{}

// Act picks one of legal at random.
func (Random) Act(_ engine.Seat, _ engine.View, legal []engine.Action, r *dice.Stream) engine.Action {
	return legal[r.Roll(len(legal))-1]
}

// Names returns the bot names g accepts: "random" and the game's own.
func Names(g engine.Game) []string {
	names := []string{"random"}
	for _, n := range g.Info().Bots {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

// New returns the bot called name for game g: "random" for any game, or one
// of the game's own bots (engine.BotMaker).
func New(g engine.Game, name string) (engine.Bot, error) {
	name = strings.ToLower(strings.TrimSpace(name))
	if bm, ok := g.(engine.BotMaker); ok && slices.Contains(g.Info().Bots, name) {
		return bm.Bot(name)
	}
	if name == "random" {
		return Random{}, nil
	}
	return nil, fmt.Errorf("bots: %s has no bot %s (bots: %s)", g.Info().Name, engine.Quote(name), strings.Join(Names(g), ", "))
}
