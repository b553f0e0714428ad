package mgt

import (
	"strconv"

	"tabletop/engine"
)

// Reveal implements engine.Revealer: once the game is over, every hand and
// the cards left in the stock, which nobody saw, are shown to everyone.
// Sealed throws and claim answers are always resolved, and so shown, by
// then. Before the end it reveals nothing.
func (s *State) Reveal() []engine.Event {
	if s.phase != PhaseOver {
		return nil
	}
	out := make([]engine.Event, 0, len(s.players)+1)
	for i := range s.players {
		out = append(out, engine.Event{Kind: "reveal", Text: s.name(engine.Seat(i)) + " held " + counted(s.players[i].hand)})
	}
	out = append(out, engine.Event{Kind: "reveal", Text: "The stock held " + counted(s.stock)})
	return out
}

// counted names cards for people: "3 cards: a, b, c", or "no cards".
func counted(cards []Card) string {
	switch len(cards) {
	case 0:
		return "no cards"
	case 1:
		return "1 card: " + cardList(cards)
	}
	return strconv.Itoa(len(cards)) + " cards: " + cardList(cards)
}
