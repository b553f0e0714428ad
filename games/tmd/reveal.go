package tmd

import (
	"fmt"
	"strings"

	"tabletop/engine"
)

// Reveal implements engine.Revealer: once the session is over, what the
// players were not shown is told to everyone: the stats of every foe that
// stayed hidden to the end of its battle (as they were when the battle
// ended, State.Unseen) or in a battle still set up, and the GM's private
// changes (the traps hidden, a hidden foe's new ability). The sheets are
// the team's to see all along, and the GM's notes stay the GM's
// (engine.GM.Reveal). Before the end it reveals nothing.
func (s *State) Reveal() []engine.Event {
	if !s.Ended {
		return nil
	}
	var out []engine.Event
	for _, text := range s.Unseen {
		out = append(out, engine.Event{Kind: "reveal", Text: text})
	}
	if b := s.Battle; b != nil {
		for _, text := range b.unseen() {
			out = append(out, engine.Event{Kind: "reveal", Text: text})
		}
	}
	out = append(out, s.GM.Reveal()...)
	if len(out) == 0 {
		out = append(out, engine.Event{Kind: "reveal", Text: "Nothing stayed hidden: the GM made no private change and hid no foe."})
	}
	return out
}

// unseen describes the battle's foes that are still hidden from the
// players: "Rocky, a level 6 Geodude, was hidden: HP 22/22, …".
func (b *Battle) unseen() []string {
	var out []string
	for _, f := range b.Fighters {
		if f.Foe && f.Hidden {
			out = append(out, fmt.Sprintf("%s, a level %d %s, was hidden: %s", f.Name, f.Body.Level, f.Species, f.stats()))
		}
	}
	return out
}

// keepUnseen keeps, as the battle ends, what its hidden foes were, for
// the end of the session.
func (c *ctx) keepUnseen() {
	c.s.Unseen = append(c.s.Unseen, c.b.unseen()...)
}

// stats are a fighter's numbers in words: "HP 22/22, AP 4, Attack 3, …;
// ability Sturdy; moves Tackle, Rock Throw".
func (f *Fighter) stats() string {
	b := f.Body
	return fmt.Sprintf("HP %d/%d, AP %d, Attack %d, Defense %d, Special Attack %d, Special Defense %d, Speed %d; ability %s; moves %s",
		b.HP, b.MaxHP, b.AP, b.Atk, b.Def, b.SpA, b.SpD, b.Spe, f.Ability, strings.Join(b.Moves, ", "))
}
