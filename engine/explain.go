package engine

// Explainer is implemented by games whose actions explain themselves where
// they are offered (the table page, tabletop play). Explain says what a does
// for the seat whose View v is, in words a player understands: the values,
// doublings and odds that decide it, what an effect will cost. It returns
// "" when the action's own text says it all.
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
// before playing the action, in a player's words ("End the session for
// everyone?"); only a yes plays it. It says nothing about the state, so it
// tells no seat more than the action's own text.
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
