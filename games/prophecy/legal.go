package prophecy

import (
	"fmt"

	"tabletop/engine"
)

// Legal implements engine.State. Most actions carry free text, so no list
// holds them all: Legal gives one action of each kind that could be taken
// now, filled in from the world's suggestions, in a fixed order. Bots and
// the conformance suite play from it; people type their own texts. The
// list always ends with a change of the designer's expected pairs, which
// is open to anyone at any time: so it never holds a single action, which
// tables would play without asking (engine.Only), as if typing a
// placeholder narration were the only thing a person could do.
func (s *State) Legal(seat engine.Seat) []engine.Action {
	if s.phase == PhaseOver || seat < 0 || int(seat) >= len(s.chars) {
		return nil
	}
	var out []engine.Action
	switch s.phase {
	case PhaseWorld:
		for _, w := range builtin {
			if s.world != w {
				out = append(out, ChooseWorld{ID: w.ID})
			}
		}
		if s.world != nil {
			out = append(out, Receive{})
		}
	case PhaseOutline:
		out = s.legalOutline(seat, out)
	case PhaseStory:
		out = s.legalStory(seat, out)
	}
	next := s.pairs + 1
	if next > MaxExpectPairs {
		next = s.pairs - 1
	}
	return append(out, Expect{Pairs: next})
}

// pick returns entry i of a list, going round.
func pick(list []string, i int) string { return list[i%len(list)] }

func (s *State) legalOutline(seat engine.Seat, out []engine.Action) []engine.Action {
	sg := &s.world.Suggestions
	if s.chars[seat].Name == "" {
		a := MakeCharacter{Name: s.cfg.names[seat]}
		for c := range numCategories {
			a.Aspects[c] = pick(sg.Category(c), int(seat))
		}
		out = append(out, a)
	}
	if s.scene(FinaleID).Objective == "" {
		out = append(out, EditScene{Scene: FinaleID, Objective: "Prevent it: " + s.prophecy.Text})
	}
	// Sketching is offered up to the eight scenes the text advises; more
	// may be typed.
	if len(s.scenes) < WarnScenes {
		for _, sc := range s.scenes {
			if sc.Difficulty > 1 {
				out = append(out, AddScene{Under: sc.ID, Objective: fmt.Sprintf("Prepare for scene %d", sc.ID), Setting: pick(sg.Objects, sc.ID)})
			}
		}
	}
	if last := s.scenes[len(s.scenes)-1].ID; last != FinaleID {
		out = append(out, RemoveScene{Scene: last})
	}
	ready := s.scene(FinaleID).Objective != ""
	for _, c := range s.chars {
		ready = ready && c.Name != ""
	}
	if ready {
		out = append(out, Start{})
	}
	return out
}

func (s *State) legalStory(seat engine.Seat, out []engine.Action) []engine.Action {
	sg := &s.world.Suggestions
	if s.current == 0 {
		for _, sc := range s.scenes {
			if s.performable(sc.ID) == "" {
				out = append(out, Perform{Scene: sc.ID})
			}
		}
		return s.legalAspect(seat, out)
	}
	sc := s.scene(s.current)
	if sc.Status == Rolled {
		out = append(out, Narrate{Text: fmt.Sprintf("What happened in scene %d.", sc.ID)})
		return s.legalAspect(seat, out)
	}
	if len(sc.Objects) < maxObjects {
		n := len(sc.Objects)
		out = append(out, AddObject{Name: pick(sg.Objects, n), Aspects: []string{pick(sg.ObjectAspects, n)}})
	}
	if p, ok := s.freePair(sc); ok {
		out = append(out, p)
	}
	if len(sc.Pairs) > 0 {
		out = append(out, Strike{Pair: len(sc.Pairs)})
	}
	out = append(out, Roll{})
	return s.legalAspect(seat, out)
}

// legalAspect offers the seat a new aspect for its own character.
func (s *State) legalAspect(seat engine.Seat, out []engine.Action) []engine.Action {
	c := &s.chars[seat]
	if len(c.Aspects) < maxAspects {
		out = append(out, ChangeAspect{Character: int(seat) + 1, Text: pick(s.world.Suggestions.PhysicalOrMental, len(c.Aspects))})
	}
	return out
}

// freePair returns the first pair, in character and object order, whose
// aspects are in no pair of the check yet.
func (s *State) freePair(sc *Scene) (ProposePair, bool) {
	used := func(match func(p Pair) bool) bool {
		for _, p := range sc.Pairs {
			if match(p) {
				return true
			}
		}
		return false
	}
	if len(sc.Pairs) >= maxPairs {
		return ProposePair{}, false
	}
	for ci, c := range s.chars {
		for ca := range c.Aspects {
			if used(func(p Pair) bool { return p.Character == ci+1 && p.CharAspect == ca+1 }) {
				continue
			}
			for oi, o := range sc.Objects {
				for oa := range o.Aspects {
					if !used(func(p Pair) bool { return p.Object == oi+1 && p.ObjectAspect == oa+1 }) {
						return ProposePair{Character: ci + 1, CharAspect: ca + 1, Object: oi + 1, ObjectAspect: oa + 1}, true
					}
				}
			}
		}
	}
	return ProposePair{}, false
}
