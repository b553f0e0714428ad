package engine

import (
	"errors"
	"fmt"
)

// The errors an Apply may wrap. Callers test them with errors.Is; the wrapping
// message says why, in words a player understands.
var (
	ErrIllegalAction = errors.New("illegal action")
	ErrNotYourTurn   = errors.New("not your turn")
	ErrGameOver      = errors.New("the game is over")
)

// Illegal returns an error wrapping ErrIllegalAction that explains why a is not
// allowed: engine.Illegal(a, "you need two monsters to breed").
func Illegal(a Action, why string, args ...any) error {
	return &ActionError{Err: ErrIllegalAction, Action: actionText(a), Why: fmt.Sprintf(why, args...)}
}

// NotYourTurn returns an error wrapping ErrNotYourTurn.
func NotYourTurn(a Action, why string, args ...any) error {
	return &ActionError{Err: ErrNotYourTurn, Action: actionText(a), Why: fmt.Sprintf(why, args...)}
}

// Unresolved returns the refusal a State's Apply gives a Standin, which it
// does not read: the table resolves one first (Resolve), and so does
// anyone else who applies an action.
func Unresolved(a Action) error {
	return Illegal(a, "typed text is read as the action it names before it is played")
}

// GameOver returns an error wrapping ErrGameOver.
func GameOver(a Action) error {
	return &ActionError{Err: ErrGameOver, Action: actionText(a), Why: "the game is over"}
}

// ActionError is an action that was refused, with the reason.
type ActionError struct {
	Err    error  // ErrIllegalAction, ErrNotYourTurn or ErrGameOver
	Action string // the action's text form, clipped (Clip)
	Why    string // for the player
}

func (e *ActionError) Error() string { return "engine: " + e.Refusal() }

// Refusal is the error as a player reads it: the action and why it was
// refused, without the package's name.
func (e *ActionError) Refusal() string {
	if e.Action == "" {
		return e.Why
	}
	return e.Action + ": " + e.Why
}

func (e *ActionError) Unwrap() error { return e.Err }

// actionText is a's text form as a refusal repeats it: clipped (Clip),
// since an action may carry a player's long text (a story's narration, a
// GM's note), which the refusal need not send back whole.
func actionText(a Action) string {
	if a == nil {
		return ""
	}
	return Clip(a.String())
}
