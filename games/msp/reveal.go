package msp

import (
	"fmt"
	"strings"

	"tabletop/engine"
)

// Reveal implements engine.Revealer: once the session is over, everything
// the players did not all see is told to everyone: each character's secret
// sheet (stats, experience, what it carries, its purse and notes), the
// target of a check still open (the last character can die while one is),
// and the GM's private changes. A battle is over by then; the GM's notes
// and book (creatures, items and places for later sessions) stay the
// GM's. Before the end it reveals nothing.
func (s *State) Reveal() []engine.Event {
	if !s.over() {
		return nil
	}
	var out []engine.Event
	reveal := func(format string, args ...any) {
		out = append(out, engine.Event{Kind: "reveal", Text: fmt.Sprintf(format, args...)})
	}
	for _, c := range s.Chars {
		if c != nil {
			reveal("%s's sheet: %s", c.Name, strings.Join(c.view(true).Sheet.lines(), " · "))
		}
	}
	if ck := s.Check; ck != nil && ck.Set && !ck.Target.Revealed {
		reveal("The target of %s's %s check was %s", s.Chars[ck.Seat].Name, ck.Stat.Title(), ck.Target.Value)
	}
	out = append(out, s.GM.Reveal()...)
	if len(out) == 0 {
		reveal("Nothing stayed hidden: nobody made a character, and the GM made no private change.")
	}
	return out
}
