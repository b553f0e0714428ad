package msp

import "tabletop/engine"

// Legal implements engine.State. The GM and players may type more than
// these (other targets, amounts, reasons, notes); Legal lists what a UI
// offers as ready-made choices and what bots pick from, each of which
// Apply accepts. A player's list depends on nothing hidden from it.
//
// A seat offered a single action has it played for it (engine.Only), so a
// seat whose real choices are typed (making a character, the GM's every
// move) is always offered at least two: two ready-made characters, and the
// GM a note besides ending the session. Rolling a check is the player's
// only choice, and the table rolls it.
func (s *State) Legal(seat engine.Seat) []engine.Action {
	if s.over() || seat < 0 || int(seat) >= len(s.Seats) {
		return nil
	}
	if s.GM.Is(seat) {
		return s.legalGM()
	}
	if !s.playerPending(seat) {
		return nil
	}
	c := s.char(seat)
	if c == nil {
		name := s.freeName(seat)
		return []engine.Action{
			Create{Name: name, Race: "human", Class: "fighter", Alignment: "neutral", Occupation: "farmer"},
			Create{Name: name, Race: "elf", Class: "ranger", Alignment: "chaotic good", Occupation: "hunter"},
		}
	}
	var out []engine.Action
	switch {
	case s.Check != nil:
		return []engine.Action{Roll{}}
	case s.Fight != nil:
		if !c.Downed {
			for _, e := range s.Fight.Enemies {
				if e.Dead {
					continue
				}
				out = append(out, Strike{Target: e.Name})
				for _, it := range c.Items {
					if it.Damage > 0 {
						out = append(out, Strike{Target: e.Name, With: it.Name})
					}
				}
			}
		}
		out = append(out, s.legalFood(c)...)
		return append(out, Rest{}, Rest{Long: true})
	}
	if c.Rerolls > 0 && s.Fight == nil {
		out = append(out, Reroll{}, Keep{})
	}
	if s.creating() {
		return out
	}
	out = append(out, s.legalFood(c)...)
	out = append(out, Rest{}, Rest{Long: true})
	for _, it := range c.Items {
		out = append(out, Drop{Item: it.Name})
	}
	if c.Purse.Value() > 0 && c.weightWith(PurseOf(c.Purse.Value()-1)) <= c.Capacity() {
		out = append(out, Pay{Amount: 1})
	}
	return out
}

// freeName is a character name for seat s's offered Create that no other
// character has: the person's name, or "Hero N".
func (s *State) freeName(seat engine.Seat) string {
	name := s.Seats[seat].Name
	for n := int(seat) + 1; name == "" || s.find(name) != nil; n += len(s.Seats) {
		name = "Hero " + itoa(n)
	}
	return name
}

// legalFood offers each food the character carries to each living character.
func (s *State) legalFood(c *Character) []engine.Action {
	var out []engine.Action
	seen := map[string]bool{}
	for _, it := range c.Items {
		if !it.Food() || seen[it.Name] {
			continue
		}
		seen[it.Name] = true
		for _, to := range s.Chars {
			if to != nil && !to.Dead {
				out = append(out, Use{Item: it.Name, On: to.Name})
			}
		}
	}
	return out
}

// legalGM is what the GM is offered: what the moment allows, and ending
// the session always, last, where a menu's first choice or a hurried click
// does not end the game.
func (s *State) legalGM() []engine.Action {
	return append(s.legalGMNow(), End{})
}

// legalGMNow is what the moment allows the GM (legalGM).
func (s *State) legalGMNow() []engine.Action {
	out := []engine.Action{Note{Text: "a reminder"}}
	switch {
	case s.Fight != nil && s.Fight.Hit != nil:
		for _, n := range []int{1, 3, 6} {
			out = append(out, Damage{Points: n})
		}
		return out
	case s.Fight != nil:
		if a := s.Fight.actor(); a.Enemy >= 0 {
			e := s.Fight.Enemies[a.Enemy]
			for _, c := range s.Chars {
				if c == nil || c.Dead {
					continue
				}
				for _, at := range e.Attacks {
					out = append(out, Strike{Target: c.Name, With: at.Name})
				}
			}
		}
		for _, e := range s.Fight.Enemies {
			if !e.Health.Revealed {
				out = append(out, Reveal{Who: e.Name})
			}
		}
		return append(out, EndBattle{Reason: "the enemies flee"})
	case s.Check != nil && !s.Check.Set:
		c := s.Chars[s.Check.Seat]
		mid := 11 + c.Stats[s.Check.Stat]
		return append(out, Target{Value: mid}, Target{AtMost: true, Value: mid}, CancelCheck{Reason: "never mind"})
	case s.Check != nil:
		return append(out, CancelCheck{Reason: "never mind"})
	}
	for _, c := range s.Chars {
		if c == nil || c.Dead {
			continue
		}
		if c.Rerolls < maxRerollsGranted {
			out = append(out, GrantReroll{Who: c.Name, Reason: "the dice were unkind"})
		}
		if s.creating() {
			continue
		}
		for st := range numStats {
			out = append(out, Check{Stat: st, Who: c.Name})
		}
		out = append(out, GiveXP{Who: c.Name, Points: 10, Reason: "a deed well done"})
		if c.weightWith(PurseOf(c.Purse.Value()+10)) <= c.Capacity() {
			out = append(out, Coins{Who: c.Name, Amount: 10, Reason: "found coins"})
		}
		for _, it := range s.Book.Items {
			if c.Weight()+it.Weight() <= c.Capacity() && len(c.Items) < maxItems {
				out = append(out, Give{Item: it.Name, Who: c.Name, Reason: "found it"})
			}
		}
	}
	if !s.creating() {
		for _, cr := range s.Book.Creatures {
			out = append(out, Battle{Enemies: []string{cr.Name}})
		}
	}
	return out
}
