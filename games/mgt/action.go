package mgt

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"tabletop/engine"
)

// The action kinds, as Game.Decode and the log know them.
const (
	KindDraw    = "draw"    // Draw
	KindDiscard = "discard" // Discard
	KindMeld    = "meld"    // Meld
	KindAttack  = "attack"  // Attack
	KindThrow   = "throw"   // Throw
	KindClaim   = "claim"   // Claim
	KindPass    = "pass"    // Pass
)

// Draw takes the extra card an impatient card allows. Text form: "draw".
// (The turn's own draw is automatic: there is nothing to choose.)
type Draw struct{}

// Discard puts a card from the hand on the discard pile. Text form:
// "discard Harpy".
type Discard struct {
	Card Card `json:"card"`
}

// Meld adds a card from the hand to one of the player's exposed sets.
// Text form: "meld Harpy".
type Meld struct {
	Card Card `json:"card"`
}

// Attack sends the aggressive card just discarded at another player, who
// then plays rock-paper-scissors with the discarder; Target NoTarget declines.
// Target is the engine seat (0-based); the text form numbers seats from 1 as
// the table shows them: "attack 3", or "no attack".
type Attack struct {
	Target engine.Seat `json:"target"`
}

// NoTarget is the Attack target that declines to attack.
const NoTarget engine.Seat = -1

// Hand is a rock-paper-scissors throw.
type Hand int8

const (
	NoHand   Hand = iota // not thrown yet
	Rock                 // beats scissors
	Paper                // beats rock
	Scissors             // beats paper
)

var handNames = [...]string{"none", "rock", "paper", "scissors"}

// String returns "rock", "paper" or "scissors".
func (h Hand) String() string {
	if h < 0 || int(h) >= len(handNames) {
		return "hand(" + strconv.Itoa(int(h)) + ")"
	}
	return handNames[h]
}

// beats reports whether h wins against o.
func (h Hand) beats(o Hand) bool {
	return h == Rock && o == Scissors || h == Paper && o == Rock || h == Scissors && o == Paper
}

// MarshalText writes the throw's name.
func (h Hand) MarshalText() ([]byte, error) { return []byte(h.String()), nil }

// UnmarshalText reads "rock", "paper" or "scissors".
func (h *Hand) UnmarshalText(b []byte) error {
	for i := Rock; i <= Scissors; i++ {
		if strings.EqualFold(string(b), handNames[i]) {
			*h = i
			return nil
		}
	}
	return fmt.Errorf("mgt: %s is not rock, paper or scissors", engine.Quote(string(b)))
}

// Throw is a sealed rock-paper-scissors choice. Text form: "rock".
type Throw struct {
	Hand Hand `json:"hand"`
}

// Claim takes the card just discarded into a new exposed set with three
// cards of that set from the hand, With, which the claimer chooses (in deck
// order). Cheerful says the set is the cheerful set rather than the card's
// own. Text form: "claim Harpy with Siren, Jubjub, Gandharva", "claim Harpy
// as cheerful with ...". Without "with" (With all NoCard) the claim is
// accepted only when a single choice of three completes the set.
type Claim struct {
	Card     Card    `json:"card"`
	Cheerful bool    `json:"cheerful,omitempty"`
	With     [3]Card `json:"with"`
}

// noThree is a Claim's With when the three cards are not named.
var noThree = [3]Card{NoCard, NoCard, NoCard}

// MarshalJSON writes the claim, leaving "with" out if no cards are named.
func (a Claim) MarshalJSON() ([]byte, error) {
	type plain struct {
		Card     Card     `json:"card"`
		Cheerful bool     `json:"cheerful,omitempty"`
		With     *[3]Card `json:"with,omitempty"`
	}
	p := plain{Card: a.Card, Cheerful: a.Cheerful}
	if a.With != noThree {
		p.With = &a.With
	}
	return json.Marshal(p)
}

// Pass declines a claim. Text form: "pass".
type Pass struct{}

// Kind implements engine.Action.
func (Draw) Kind() string { return KindDraw }

// Kind implements engine.Action.
func (Discard) Kind() string { return KindDiscard }

// Kind implements engine.Action.
func (Meld) Kind() string { return KindMeld }

// Kind implements engine.Action.
func (Attack) Kind() string { return KindAttack }

// Kind implements engine.Action.
func (Throw) Kind() string { return KindThrow }

// Kind implements engine.Action.
func (Claim) Kind() string { return KindClaim }

// Kind implements engine.Action.
func (Pass) Kind() string { return KindPass }

func (Draw) String() string      { return "draw" }
func (a Discard) String() string { return "discard " + a.Card.String() }
func (a Meld) String() string    { return "meld " + a.Card.String() }
func (a Throw) String() string   { return a.Hand.String() }
func (Pass) String() string      { return "pass" }

func (a Attack) String() string {
	if a.Target == NoTarget {
		return "no attack"
	}
	return "attack " + strconv.Itoa(int(a.Target)+1)
}

func (a Claim) String() string {
	out := "claim " + a.Card.String()
	if a.Cheerful {
		out += " as cheerful"
	}
	if a.With != noThree {
		out += " with " + a.With[0].String() + ", " + a.With[1].String() + ", " + a.With[2].String()
	}
	return out
}

// ParseAction reads an action's text form: "draw", "discard Harpy",
// "meld Harpy", "attack 3", "no attack", "rock", "paper", "scissors",
// "claim Harpy", "claim Harpy as cheerful", "pass". Words may be in any case.
func ParseAction(text string) (engine.Action, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return nil, fmt.Errorf("mgt: empty action (want draw, discard, meld, attack, rock, paper, scissors, claim or pass)")
	}
	verb := strings.ToLower(f[0])
	rest := strings.Join(f[1:], " ")
	card := func() (Card, error) {
		if rest == "" {
			return NoCard, fmt.Errorf("mgt: %s: name the card, e.g. %q", engine.Quote(text), verb+" Harpy")
		}
		return ParseCard(rest)
	}
	switch verb {
	case "draw", "pass":
		if rest != "" {
			return nil, fmt.Errorf("mgt: %s: %s takes nothing after it", engine.Quote(text), verb)
		}
		if verb == "draw" {
			return Draw{}, nil
		}
		return Pass{}, nil
	case "discard":
		c, err := card()
		if err != nil {
			return nil, err
		}
		return Discard{Card: c}, nil
	case "meld":
		c, err := card()
		if err != nil {
			return nil, err
		}
		return Meld{Card: c}, nil
	case "claim":
		with := noThree
		if i := strings.Index(strings.ToLower(rest), " with "); i >= 0 {
			names := strings.Split(rest[i+len(" with "):], ",")
			if len(names) != 3 {
				return nil, fmt.Errorf("mgt: %s: name three cards after \"with\", separated by commas", engine.Quote(text))
			}
			for k, n := range names {
				c, err := ParseCard(strings.TrimSpace(n))
				if err != nil {
					return nil, err
				}
				with[k] = c
			}
			rest = rest[:i]
		}
		cheerful := false
		lower := strings.ToLower(rest)
		if strings.HasSuffix(lower, " as cheerful") {
			rest, cheerful = rest[:len(rest)-len(" as cheerful")], true
		}
		c, err := card()
		if err != nil {
			return nil, err
		}
		return Claim{Card: c, Cheerful: cheerful, With: with}, nil
	case "attack":
		n, err := strconv.Atoi(rest)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("mgt: %s: want \"attack N\" with the seat number of the player to attack", engine.Quote(text))
		}
		return Attack{Target: engine.Seat(n - 1)}, nil
	case "no":
		if strings.EqualFold(rest, "attack") {
			return Attack{Target: NoTarget}, nil
		}
	case "rock", "paper", "scissors":
		if rest == "" {
			var h Hand
			_ = h.UnmarshalText([]byte(verb))
			return Throw{Hand: h}, nil
		}
	}
	return nil, fmt.Errorf("mgt: unknown action %s (want draw, discard, meld, attack, no attack, rock, paper, scissors, claim or pass)", engine.Quote(text))
}

// decode reads an action's JSON body; see Game.Decode.
func decode(kind string, raw json.RawMessage) (engine.Action, error) {
	strict := func(v any) error { return engine.DecodeStrict("mgt", kind, raw, v) }
	switch kind {
	case KindDraw:
		if err := strict(&Draw{}); err != nil {
			return nil, err
		}
		return Draw{}, nil
	case KindPass:
		if err := strict(&Pass{}); err != nil {
			return nil, err
		}
		return Pass{}, nil
	case KindDiscard:
		a := Discard{Card: NoCard}
		if err := strict(&a); err != nil {
			return nil, err
		}
		if a.Card == NoCard {
			return nil, fmt.Errorf("mgt: discard needs a card, got %s", raw)
		}
		return a, nil
	case KindMeld:
		a := Meld{Card: NoCard}
		if err := strict(&a); err != nil {
			return nil, err
		}
		if a.Card == NoCard {
			return nil, fmt.Errorf("mgt: meld needs a card, got %s", raw)
		}
		return a, nil
	case KindClaim:
		a := Claim{Card: NoCard, With: noThree}
		if err := strict(&a); err != nil {
			return nil, err
		}
		if a.Card == NoCard {
			return nil, fmt.Errorf("mgt: claim needs a card, got %s", raw)
		}
		return a, nil
	case KindAttack:
		a := Attack{Target: -2}
		if err := strict(&a); err != nil {
			return nil, err
		}
		if a.Target < NoTarget {
			return nil, fmt.Errorf("mgt: attack needs a target seat (or -1 for no attack), got %s", raw)
		}
		return a, nil
	case KindThrow:
		var a Throw
		if err := strict(&a); err != nil {
			return nil, err
		}
		if a.Hand < Rock || a.Hand > Scissors {
			return nil, fmt.Errorf("mgt: throw needs a hand: rock, paper or scissors, got %s", raw)
		}
		return a, nil
	}
	return nil, fmt.Errorf("mgt: unknown action kind %s (want draw, discard, meld, attack, throw, claim or pass)", engine.Quote(kind))
}

// deref accepts pointers to actions as well as values.
func deref(a engine.Action) engine.Action {
	switch v := a.(type) {
	case *Draw:
		if v != nil {
			return *v
		}
	case *Discard:
		if v != nil {
			return *v
		}
	case *Meld:
		if v != nil {
			return *v
		}
	case *Attack:
		if v != nil {
			return *v
		}
	case *Throw:
		if v != nil {
			return *v
		}
	case *Claim:
		if v != nil {
			return *v
		}
	case *Pass:
		if v != nil {
			return *v
		}
	}
	return a
}

// Boxed actions: converting a struct to engine.Action allocates, and Legal
// lists up to a dozen actions on every call, so every action is boxed once.
var (
	boxedDraw     engine.Action = Draw{}
	boxedPass     engine.Action = Pass{}
	boxedNoAttack engine.Action = Attack{Target: NoTarget}
	boxedThrow    [4]engine.Action
	boxedAttack   [maxSeats]engine.Action
	boxedDiscard  [maxCards]engine.Action
	boxedMeld     [maxCards]engine.Action
)

// Shared lists of legal actions for the phases whose choices come from a
// few small facts (the table size and the seat; the discard and the claim
// options), so that Legal need not allocate them. Like Pending's lists they
// are never modified, and capped so that an append copies.
var (
	throwList   []engine.Action                         // rock, paper, scissors
	targetLists [maxSeats + 1][maxSeats][]engine.Action // by table size and attacker: "attack N" for every other seat, then "no attack"
	passOnly    []engine.Action                         // the one choice of most players in a claim window
)

func init() {
	for h := Rock; h <= Scissors; h++ {
		boxedThrow[h] = Throw{Hand: h}
	}
	for i := range boxedAttack {
		boxedAttack[i] = Attack{Target: engine.Seat(i)}
	}
	for i := range deck.Cards {
		c := Card(i)
		boxedDiscard[i] = Discard{Card: c}
		boxedMeld[i] = Meld{Card: c}
	}
	passOnly = []engine.Action{boxedPass}
	throwList = boxedThrow[Rock:]
	for n := minSeats; n <= maxSeats; n++ {
		for p := range n {
			out := make([]engine.Action, 0, n)
			for q := range n {
				if q != p {
					out = append(out, boxedAttack[q])
				}
			}
			targetLists[n][p] = append(out, boxedNoAttack)
		}
	}
}
