package pmr

import "tabletop/engine"

// Reveal implements engine.Revealer. Pocket Monster Rancher hides only
// sealed choices (activities, entries, contest abilities), and each is
// shown as it resolves, so at the end of a game played out nothing is left
// hidden and Reveal says so; a sealed activity or entry still unresolved
// (a game ended some other way) is named. Before the end it reveals
// nothing.
func (s *State) Reveal() []engine.Event {
	if s.phase != PhaseOver {
		return nil
	}
	var out []engine.Event
	for i := range s.stables {
		st := &s.stables[i]
		if st.sealed != nil {
			out = append(out, engine.Event{Kind: "reveal", Text: s.cfg.names[i] + " had sealed " + st.sealed.String()})
		}
	}
	if len(out) == 0 {
		out = append(out, engine.Event{Kind: "reveal", Text: "Nothing stayed hidden: every sealed choice was shown as it resolved."})
	}
	return out
}
