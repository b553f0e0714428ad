package pmr

import (
	"fmt"

	"tabletop/dice"
	"tabletop/engine"
)

// The bot names, as Info.Bots lists them.
const (
	BotRandom = "random" // uniform over the legal actions
	BotGreedy = "greedy" // a stable-management heuristic
	BotNash   = "nash"   // the heuristic, plus equilibrium play in contests
)

// NewBot returns the named bot.
func NewBot(name string) (engine.Bot, error) {
	switch name {
	case BotRandom:
		return randomBot{}, nil
	}
	return nil, fmt.Errorf("pmr: no bot %q (want random, greedy or nash)", name)
}

type randomBot struct{}

func (randomBot) Act(_ engine.Seat, _ engine.View, legal []engine.Action, r *dice.Stream) engine.Action {
	return legal[r.Roll(len(legal))-1]
}
