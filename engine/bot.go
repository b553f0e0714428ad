package engine

import "tabletop/dice"

// Bot chooses actions for one seat. A bot sees only its seat's view and the
// legal actions; it never reads the state. Its random choices come from r,
// which the table or simulation seeds, so a bot's play is reproducible.
type Bot interface {
	Act(s Seat, v View, legal []Action, r *dice.Stream) Action
}

// BotMaker is implemented by games that have bots of their own (a greedy
// heuristic, a solver). Names are listed in Info.Bots.
type BotMaker interface {
	Bot(name string) (Bot, error)
}
