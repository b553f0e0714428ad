package server

import (
	"tabletop/engine"
)

// ButtonTexts is the text of each button the table page offers for the
// legal actions of the seat whose view is v.
func ButtonTexts(g engine.Game, v engine.View, legal ...engine.Action) []string {
	st := seatState{View: v}
	st.Legal = legalActions(legal...)
	lb, _ := g.(engine.Labeler)
	ex, _ := g.(engine.Explainer)
	st.Legal = labelled(lb, ex, v, st.Legal) // as stateFor labels them
	var out []string
	for _, gr := range groups(st) {
		for _, pa := range gr.Actions {
			out = append(out, pa.Text)
		}
	}
	return out
}
