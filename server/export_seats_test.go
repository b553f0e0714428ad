package server

import (
	"encoding/json"

	"tabletop/engine"
)

// ButtonTexts is the text of each button the table page offers for the
// legal actions of the seat whose view is v.
func ButtonTexts(g engine.Game, v engine.View, legal ...engine.Action) []string {
	st := seatState{View: v}
	for _, a := range legal {
		raw, _ := json.Marshal(a)
		st.Legal = append(st.Legal, newLegalAction(a, a.Kind(), a.String(), raw))
	}
	var out []string
	for _, gr := range groups(g, st) {
		for _, pa := range gr.Actions {
			out = append(out, pa.Text)
		}
	}
	return out
}
