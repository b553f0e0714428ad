package mgt

import "tabletop/engine"

// Label implements engine.Labeler: an attack names its target by name
// ("attack Bo"), where its text form, which tabletop play also takes,
// numbers the seat ("attack 2"). Other actions keep their text form.
func (game) Label(v engine.View, a engine.Action) string {
	at, ok := a.(Attack)
	view, isView := v.(*View)
	if !ok || !isView || at.Target == NoTarget || int(at.Target) < 0 || int(at.Target) >= len(view.Players) {
		return ""
	}
	return "attack " + view.Players[at.Target].Name
}
