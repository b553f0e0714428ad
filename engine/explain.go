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
