package tmd

import (
	"fmt"
	"strings"

	"tabletop/engine"
)

// Reveal implements engine.Revealer: once the session is over, what the
// players were not shown is told to everyone: the GM's notes and private
// changes (the traps hidden, a hidden foe's new ability), and the stats of
// each foe still hidden in a battle that never started. (The sheets are
// the team's to see all along; a battle fought to its end is gone from the
// table, and its hidden foes' numbers with it.) Before the end it reveals
// nothing.
func (s *State) Reveal() []engine.Event {
	if !s.Ended {
		return nil
	}
	var out []engine.Event
	if b := s.Battle; b != nil {
		for _, f := range b.Fighters {
			if f.Foe && f.Hidden {
				out = append(out, engine.Event{Kind: "reveal", Text: fmt.Sprintf("%s, a level %d %s, was hidden: %s", f.Name, f.Body.Level, f.Species, f.stats())})
			}
		}
	}
	out = append(out, s.GM.Reveal()...)
	if len(out) == 0 {
		out = append(out, engine.Event{Kind: "reveal", Text: "Nothing stayed hidden: the GM wrote no note, made no private change and hid no foe."})
	}
	return out
}

// stats are a fighter's numbers in words: "HP 22/22, AP 4, Attack 3, …;
// ability Sturdy; moves Tackle, Rock Throw".
func (f *Fighter) stats() string {
	b := f.Body
	return fmt.Sprintf("HP %d/%d, AP %d, Attack %d, Defense %d, Special Attack %d, Special Defense %d, Speed %d; ability %s; moves %s",
		b.HP, b.MaxHP, b.AP, b.Atk, b.Def, b.SpA, b.SpD, b.Spe, f.Ability, strings.Join(b.Moves, ", "))
}
