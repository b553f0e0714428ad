package engine

import (
	"encoding/json"
	"strings"

	"tabletop/dice"
)

// KindFreeRoll is the kind of a free roll, which every table takes whatever
// its game: a seat rolls any dice expression, at any time before the game
// ends, for everyone to see. The game never sees it: its state and its dice
// are untouched.
const KindFreeRoll = "free-roll"

// maxFreeRoll bounds the text of a free roll's expression.
const maxFreeRoll = 100

// FreeRoll is a free roll of the dice expression Expr. Text form: "roll 3d6".
type FreeRoll struct {
	Expr string `json:"expr"`
}

// Kind implements Action.
func (FreeRoll) Kind() string { return KindFreeRoll }

// String implements Action.
func (a FreeRoll) String() string { return "roll " + a.Expr }

// FreeRollData is the data of a free roll's event: the expression as the
// parser writes it, every die, and the total.
type FreeRollData struct {
	Expr   string       `json:"expr"`
	Result *dice.Result `json:"result"`
}

// DecodeAction reads an action of a table of g from its kind and JSON body:
// one of the game's own (Game.Decode), or a free roll or a seat action
// (seats.go), which every table takes.
func DecodeAction(g Game, kind string, raw json.RawMessage) (Action, error) {
	if kind == KindFreeRoll {
		return decodeFreeRoll(raw)
	}
	if isSeatKind(kind) {
		return decodeSeatAction(kind, raw)
	}
	return g.Decode(kind, raw)
}

// decodeFreeRoll reads a free roll and checks its expression.
func decodeFreeRoll(raw json.RawMessage) (Action, error) {
	var a FreeRoll
	if err := DecodeStrict("engine", KindFreeRoll, raw, &a); err != nil {
		return nil, err
	}
	a.Expr = strings.TrimSpace(a.Expr)
	if _, err := parseFreeRoll(a); err != nil {
		return nil, err
	}
	return a, nil
}

func parseFreeRoll(a FreeRoll) (*dice.Expr, error) {
	switch {
	case a.Expr == "":
		return nil, Illegal(nil, "say what to roll, e.g. 3d6") // "roll " alone would read "roll : say..."
	case len(a.Expr) > maxFreeRoll:
		return nil, Illegal(a, "a free roll is at most %d characters", maxFreeRoll)
	}
	e, err := dice.Parse(a.Expr)
	if err != nil {
		return nil, Illegal(a, "%s", strings.TrimPrefix(err.Error(), "dice: "))
	}
	return e, nil
}

// freeRoll rolls a for seat s. Its dice come from a stream of their own,
// derived from the seed and the roll's place in the log, so that a free roll
// never moves the game's dice (nobody can steer the game's chance by
// rolling), and anyone can check its faces once the seed is revealed.
func (t *Table) freeRoll(s Seat, a FreeRoll) ([]Event, []dice.Draw, error) {
	e, err := parseFreeRoll(a)
	if err != nil {
		return nil, nil, err
	}
	stream := dice.NewStream(dice.Derive(t.seed, KindFreeRoll, uint64(len(t.log))))
	r, err := e.Roll(stream)
	if err != nil {
		return nil, nil, Illegal(a, "%s", strings.TrimPrefix(err.Error(), "dice: "))
	}
	name := t.seats[s].Name
	if name == "" {
		name = s.String()
	}
	ev := Event{Kind: KindFreeRoll, Text: name + " rolls " + r.String(), Data: FreeRollData{Expr: e.String(), Result: r}}
	events, err := Keep([]Event{ev})
	if err != nil {
		return nil, nil, err
	}
	return events, stream.Draws(0), nil
}
