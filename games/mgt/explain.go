package mgt

import (
	"fmt"
	"strings"

	"tabletop/engine"
)

// Explain implements engine.Explainer: what a discard's nature will do to
// the player's hand, what a claim, a meld, an attack or a throw does. It
// reads only v, the seat's own view.
func (game) Explain(v engine.View, a engine.Action) string {
	view, ok := v.(*View)
	if !ok {
		return ""
	}
	switch a := a.(type) {
	case Discard:
		return explainDiscard(view, a.Card)
	case Meld:
		if !inDeck(a.Card) {
			return ""
		}
		return fmt.Sprintf("Adds %s to your exposed %s.", a.Card, deck.Sets[a.Card.Info().Set].Name)
	case Draw:
		return "Impatient: draw one more card now; then you discard down to eight (only the last discard counts as your turn's)."
	case Attack:
		if a.Target == NoTarget {
			return "Let the aggressive card go without a fight."
		}
		if int(a.Target) < 0 || int(a.Target) >= len(view.Players) {
			return ""
		}
		return fmt.Sprintf("Play rock-paper-scissors with %s: the loser loses their next turn (a tie is thrown again; after three ties in a row the attack fails).", view.Players[a.Target].Name)
	case Throw:
		return "Rock beats scissors, scissors beat paper, paper beats rock. Both throws are sealed until both are in."
	case Claim:
		if !inDeck(a.Card) {
			return ""
		}
		set := deck.Sets[a.Card.Info().Set].Name
		if a.Cheerful {
			set = deck.Sets[deck.CheerfulSet].Name
		}
		text := fmt.Sprintf("Take %s and lay it down with three of your %s cards as an exposed set (it never changes set, and may grow to 5 or 8); then you discard. Every card taken from a discard lowers the points for how you win.", a.Card, set)
		if v := view.Card; v != nil && v.Card == a.Card && v.Nature.Effect() == Honest && int(view.Turn) >= 0 && int(view.Turn) < len(view.Players) {
			text += fmt.Sprintf(" Honest: she also shows you %s's hidden hand.", view.Players[view.Turn].Name)
		}
		return text
	case Pass:
		return "Let the discard go."
	}
	return ""
}

// explainDiscard says what discarding c does: its nature's effect on the
// hand, and who may claim it.
func explainDiscard(v *View, c Card) string {
	if !inDeck(c) {
		return ""
	}
	nature := NoNature
	for _, h := range v.Hand {
		if h.Card == c {
			nature = h.Nature
		}
	}
	info := c.Info()
	// The other cards of the hand the discard takes with it.
	also := func(same func(h CardView) bool) string {
		var names []string
		for _, h := range v.Hand {
			if h.Card != c && same(h) {
				names = append(names, h.Card.String())
			}
		}
		if len(names) == 0 {
			return "none of your other cards go with it"
		}
		return "with it go " + strings.Join(names, ", ")
	}
	switch nature.Effect() {
	case Aggressive:
		return "Aggressive: after it you may attack another player with rock-paper-scissors; the loser loses their next turn."
	case Cheerful:
		return "Cheerful: every other cheerful card leaves your hand too: " + also(func(h CardView) bool { return h.Nature.Effect() == Cheerful }) + "."
	case Mean:
		return "Mean: a random card of your hand goes to the pile too."
	case Proud:
		key := deck.Keys[info.Key].Name
		return fmt.Sprintf("Proud: it is set aside and %s is banned for you for the rest of the game; %s.",
			key, also(func(h CardView) bool { return h.Card.Info().Key == info.Key }))
	case Loyal:
		return "Loyal: nobody can claim it."
	case Honest:
		return fmt.Sprintf("Honest: whoever claims it sees your hidden hand; a player holding three %s may claim it.", deck.Sets[info.Set].Name)
	case Impatient:
		return fmt.Sprintf("Impatient, which acts only when drawn: no effect as a discard; a player holding three %s may claim it.", deck.Sets[info.Set].Name)
	}
	return fmt.Sprintf("No effect (%s); a player holding three %s may claim it.", nature, deck.Sets[info.Set].Name)
}

// inDeck reports whether c is a card of the deck (an action decoded from
// outside may hold anything).
func inDeck(c Card) bool { return c >= 0 && int(c) < len(deck.Cards) }
