package engine

import "tabletop/dice"

// Explainer is implemented by games whose actions explain themselves where
// they are offered (the table page, the API's legal entries, tabletop
// play). Explain says what a does for the seat whose View v is, in words a
// player understands: the values, doublings and odds that decide it, what
// an effect will cost. It returns "" when the action's own text says it
// all.
//
// a is legal for that seat now. Explain reads only v and a, never the
// state: what it says is shown to that seat, so it must not tell more than
// the seat's view does.
type Explainer interface {
	Explain(v View, a Action) string
}

// Confirmer is implemented by actions a slip must not take: one that ends
// the game for everyone (a game master's "end the session") and cannot be
// taken back. Confirm is the question the table page and tabletop play ask
// before playing the action (AskFirst), in a player's words ("End the
// session for everyone?"); only a yes plays it. It says nothing about the
// state, so it tells no seat more than the action's own text.
type Confirmer interface {
	Confirm() string
}

// Confirm returns the question to ask before a is played (Confirmer), or
// "" if a needs none.
func Confirm(a Action) string {
	if c, ok := a.(Confirmer); ok {
		return c.Confirm()
	}
	return ""
}

// AskFirst returns the question to ask before seat plays a on st, with the
// action it asks about, or "" and nil if none is due. a may stand for
// another action (Standin, a typed line): the question is the one the
// action it stands for asks (Confirm). It is asked only where the game
// would take that action from seat now, tried on a clone of st with dice
// from a stream of its own: a seat that may not take it (a player's typed
// "end the session") gets the game's refusal when it plays it, not a
// question. st is read, never changed.
func AskFirst(st State, seat Seat, a Action) (string, Action) {
	a, err := ResolveBy(st, seat, a)
	if err != nil {
		return "", nil // playing it gives the refusal
	}
	q := Confirm(a)
	if q == "" {
		return "", nil
	}
	if _, err := st.Clone().Apply(seat, a, dice.NewUnrecordedStream(dice.Seed{})); err != nil {
		return "", nil
	}
	return q, a
}
