package msp

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tabletop/dice"
	"tabletop/engine"
)

// maxRerollsGranted bounds the re-rolls a character may have in hand.
const maxRerollsGranted = 10

func (s *State) applyGM(seat engine.Seat, a engine.Action, d *dice.Stream) ([]engine.Event, error) {
	switch a := a.(type) {
	case Note:
		ev, err := s.GM.Note(seat, a, a.Text)
		if err != nil {
			return nil, err
		}
		return []engine.Event{ev}, nil
	case End:
		if len(a.Reason) > engine.MaxGMText {
			return nil, engine.Illegal(a, "a reason is limited to %d bytes", engine.MaxGMText)
		}
		s.Ended, s.EndReason, s.Check, s.Fight = true, strings.TrimSpace(a.Reason), nil, nil
		text := "The GM ends the session"
		if s.EndReason != "" {
			text += ": " + s.EndReason
		}
		return []engine.Event{{Kind: "end", Text: text}}, nil
	case AddCreature:
		return s.addToBook(a, func(b *Book) { b.addCreature(a.Creature) }, "creature "+a.Creature.Name)
	case AddItem:
		return s.addToBook(a, func(b *Book) { b.addItem(a.Item) }, "item "+a.Item.Name)
	case AddPlace:
		return s.addToBook(a, func(b *Book) { b.addPlace(a.Place) }, "place "+a.Place.Name)
	case ImportBook:
		if len(a.Book.Creatures)+len(a.Book.Items)+len(a.Book.Places) == 0 {
			return nil, engine.Illegal(a, "that book has no creature, item or place in it: import a file a GM's book was saved to")
		}
		return s.addToBook(a, func(b *Book) {
			for _, c := range a.Book.Creatures {
				b.addCreature(c)
			}
			for _, it := range a.Book.Items {
				b.addItem(it)
			}
			for _, p := range a.Book.Places {
				b.addPlace(p)
			}
		}, fmt.Sprintf("%d creatures, %d items and %d places", len(a.Book.Creatures), len(a.Book.Items), len(a.Book.Places)))
	case Check:
		return s.openCheck(a)
	case Target:
		return s.setTarget(a)
	case CancelCheck:
		if s.Check == nil {
			return nil, engine.Illegal(a, "no check is open")
		}
		name := s.Chars[s.Check.Seat].Name
		s.Check = nil
		return []engine.Event{{Kind: "check", Text: withReason("The GM calls off "+name+"'s check", a.Reason)}}, nil
	case Battle:
		return s.startBattle(a, d)
	case Damage:
		return s.setDamage(a, d)
	case Strike:
		return s.enemyStrike(a, d)
	case EndBattle:
		if s.Fight == nil {
			return nil, engine.Illegal(a, "there is no battle")
		}
		if err := engine.CheckText(a, "a reason", a.Reason); err != nil {
			return nil, err
		}
		return s.finishBattle(strings.TrimSpace(a.Reason)), nil
	case Reveal:
		if s.Fight == nil {
			return nil, engine.Illegal(a, "there is no battle")
		}
		for i := range s.Fight.Enemies {
			e := &s.Fight.Enemies[i]
			if strings.EqualFold(e.Name, strings.TrimSpace(a.Who)) {
				e.Health.Reveal()
				return []engine.Event{{Kind: "reveal", Text: fmt.Sprintf("The GM reveals %s's health: HP %d/%d", e.Name, e.Health.Value.HP, e.Health.Value.Max)}}, nil
			}
		}
		return nil, engine.Illegal(a, "no enemy called %s", engine.Clip(a.Who))
	case GrantReroll, GiveXP, Give, Take, Coins, Set, Hurt:
		return s.adjust(seat, a, d)
	}
	return nil, engine.NotYourTurn(a, "that is a player's action")
}

// addToBook checks the book with an entry added and keeps it.
func (s *State) addToBook(a engine.Action, add func(*Book), what string) ([]engine.Event, error) {
	b := s.Book.clone()
	add(&b)
	if err := b.check(a); err != nil {
		return nil, err
	}
	s.Book = b
	return []engine.Event{{Kind: "book", Text: "The GM's book: " + what, Only: s.GM.Seats(), Others: "The GM writes in the book"}}, nil
}

// living returns the living character with that name, or a refusal.
func (s *State) living(a engine.Action, name string) (*Character, error) {
	c := s.find(name)
	if c == nil || c.Dead {
		return nil, engine.Illegal(a, "no living character called %s", name)
	}
	return c, nil
}

func (s *State) openCheck(a Check) ([]engine.Event, error) {
	switch {
	case s.creating():
		return nil, engine.Illegal(a, "the session starts once every player has made a character")
	case s.Fight != nil:
		return nil, engine.Illegal(a, "not during a battle")
	case s.Check != nil:
		return nil, engine.Illegal(a, "%s's check is still open", s.Chars[s.Check.Seat].Name)
	case a.Stat < 0 || a.Stat >= numStats:
		return nil, engine.Illegal(a, "no such stat")
	}
	c, err := s.living(a, a.Who)
	if err != nil {
		return nil, err
	}
	ch, err := chances(c.Stats[a.Stat])
	if err != nil {
		return nil, err
	}
	s.Check = &OpenCheck{Seat: c.Seat, Stat: a.Stat, Chances: ch}
	return []engine.Event{{Kind: "check", Text: fmt.Sprintf("The GM asks %s for a %s check", c.Name, a.Stat.Title())}}, nil
}

func (s *State) setTarget(a Target) ([]engine.Event, error) {
	switch {
	case s.Check == nil:
		return nil, engine.Illegal(a, "ask for a check first (check STAT of CHARACTER)")
	case s.Check.Set:
		return nil, engine.Illegal(a, "the target is already set")
	case a.Value < -maxTarget || a.Value > maxTarget:
		return nil, engine.Illegal(a, "a target is %d to %d", -maxTarget, maxTarget)
	}
	ck := s.Check
	c := s.Chars[ck.Seat]
	g := Goal{AtMost: a.AtMost, Value: a.Value}
	// Targets beyond the table are sure to succeed or to fail.
	chance := "0 (0%)"
	if (!a.AtMost && a.Value <= 1+c.Stats[ck.Stat]) || (a.AtMost && a.Value >= 20+c.Stats[ck.Stat]) {
		chance = "1 (100%)"
	}
	for _, row := range ck.Chances {
		if row.Target == a.Value {
			chance = row.AtLeast
			if a.AtMost {
				chance = row.AtMost
			}
		}
	}
	ck.Set, ck.Target = true, engine.Hide(g)
	return []engine.Event{{
		Kind:   "check",
		Text:   fmt.Sprintf("The GM sets the hidden target of %s's %s check: %s (chance of success %s)", c.Name, ck.Stat.Title(), g, chance),
		Only:   s.GM.Seats(),
		Others: fmt.Sprintf("The GM has set a hidden target for %s's %s check: %s rolls", c.Name, ck.Stat.Title(), c.Name),
	}}, nil
}

func (s *State) startBattle(a Battle, d *dice.Stream) ([]engine.Event, error) {
	switch {
	case s.creating():
		return nil, engine.Illegal(a, "the session starts once every player has made a character")
	case s.Fight != nil:
		return nil, engine.Illegal(a, "a battle is already on")
	case s.Check != nil:
		return nil, engine.Illegal(a, "%s's check is still open", s.Chars[s.Check.Seat].Name)
	case len(a.Enemies) == 0 || len(a.Enemies) > maxEnemies:
		return nil, engine.Illegal(a, "a battle has 1 to %d enemies", maxEnemies)
	}
	count := map[string]int{}
	var kinds []*Creature
	for _, name := range a.Enemies {
		c := s.Book.creature(name)
		if c == nil {
			var known []string
			for _, k := range s.Book.Creatures {
				known = append(known, k.Name)
			}
			return nil, engine.Illegal(a, "the book has no creature called %s (it has: %s)", name, strings.Join(known, ", "))
		}
		count[strings.ToLower(c.Name)]++
		kinds = append(kinds, c)
	}
	f := &Fight{Round: 1}
	seen := map[string]int{}
	for _, c := range kinds {
		name := c.Name
		if count[strings.ToLower(c.Name)] > 1 {
			seen[strings.ToLower(c.Name)]++
			name += " " + strconv.Itoa(seen[strings.ToLower(c.Name)])
		}
		f.Enemies = append(f.Enemies, Enemy{Name: name, Health: engine.Hide(Health{HP: c.HP, Max: c.HP}), Attacks: slices.Clone(c.Attacks)})
	}
	s.Fight = f
	var fighters []Fighter
	for _, c := range s.Chars {
		if c != nil && !c.Dead {
			fighters = append(fighters, charFighter(c.Seat))
		}
	}
	for i := range f.Enemies {
		fighters = append(fighters, enemyFighter(i))
	}
	var lines []string
	f.Order, lines = s.initiative(fighters, d, 0)
	f.Initiative = lines
	var names []string
	for _, x := range f.Order {
		names = append(names, s.name(x))
	}
	evs := []engine.Event{{Kind: "battle", Text: "A battle begins against " + s.enemyNames()}}
	for _, l := range lines {
		evs = append(evs, engine.Event{Kind: "initiative", Text: l})
	}
	evs = append(evs,
		engine.Event{Kind: "initiative", Text: "turn order: " + strings.Join(names, ", ")},
		engine.Event{Kind: "round", Text: "round 1"},
		engine.Event{Kind: "turn", Text: s.name(f.Order[0]) + "'s turn"})
	return evs, nil
}

func (s *State) setDamage(a Damage, d *dice.Stream) ([]engine.Event, error) {
	switch {
	case s.Fight == nil || s.Fight.Hit == nil:
		return nil, engine.Illegal(a, "no hit is waiting for its damage")
	case a.Points < 0 || a.Points > maxPoints:
		return nil, engine.Illegal(a, "damage is 0 to %d", maxPoints)
	}
	hit := *s.Fight.Hit
	s.Fight.Hit = nil
	evs, err := s.damage(hit.Defender, a.Points, d)
	if err != nil {
		return nil, err
	}
	return append(evs, s.endTurn(nil)...), nil
}

// enemyStrike is the GM attacking with the enemy whose turn it is.
func (s *State) enemyStrike(a Strike, d *dice.Stream) ([]engine.Event, error) {
	if s.Fight == nil {
		return nil, engine.Illegal(a, "there is no battle")
	}
	by := s.Fight.actor()
	if by.Enemy < 0 {
		return nil, engine.NotYourTurn(a, "it is %s's turn: the player attacks", s.name(by))
	}
	if err := s.actorIs(a, by); err != nil {
		return nil, err
	}
	e := &s.Fight.Enemies[by.Enemy]
	c, err := s.living(a, a.Target)
	if err != nil {
		return nil, err
	}
	at := -1
	for i, x := range e.Attacks {
		if strings.EqualFold(x.Name, strings.TrimSpace(a.With)) || (a.With == "" && len(e.Attacks) == 1) {
			at = i
		}
	}
	if at < 0 {
		var names []string
		for _, x := range e.Attacks {
			names = append(names, x.Name)
		}
		return nil, engine.Illegal(a, "%s attacks with %s", e.Name, strings.Join(names, " or "))
	}
	return s.strike(by, charFighter(c.Seat), e.Attacks[at].Name, e.Attacks[at].Damage, d)
}

// adjustment is a GM's action on one character, with a reason.
type adjustment interface{ about() (who, reason string) }

func (a GrantReroll) about() (string, string) { return a.Who, a.Reason }
func (a GiveXP) about() (string, string)      { return a.Who, a.Reason }
func (a Give) about() (string, string)        { return a.Who, a.Reason }
func (a Take) about() (string, string)        { return a.Who, a.Reason }
func (a Coins) about() (string, string)       { return a.Who, a.Reason }
func (a Set) about() (string, string)         { return a.Who, a.Reason }
func (a Hurt) about() (string, string)        { return a.Who, a.Reason }

// adjust makes the GM's changes to a character, each with its reason.
func (s *State) adjust(seat engine.Seat, a engine.Action, d *dice.Stream) ([]engine.Event, error) {
	who, reason := a.(adjustment).about()
	c, err := s.living(a, who)
	if err != nil {
		return nil, err
	}
	if err := engine.CheckText(a, "a reason", reason); err != nil {
		return nil, err
	}
	// Each case checks, then says what it will do and whether everyone
	// sees it, then (once the GM's book has logged it) does it.
	var what string
	public := false
	var do func() ([]engine.Event, error)
	switch a := a.(type) {
	case GrantReroll:
		if s.Fight != nil {
			return nil, engine.Illegal(a, "not during a battle")
		}
		if c.Rerolls >= maxRerollsGranted {
			return nil, engine.Illegal(a, "%s already has %d re-rolls to use", c.Name, c.Rerolls)
		}
		what, public = c.Name+" may roll the stats again", true
		do = func() ([]engine.Event, error) { c.Rerolls++; return nil, nil }
	case GiveXP:
		switch {
		case c.XP >= maxXP:
			return nil, engine.Illegal(a, "%s has the most experience a character may have (%d XP)", c.Name, maxXP)
		case a.Points < 1:
			return nil, engine.Illegal(a, "experience is granted in whole points, 1 or more")
		case a.Points > maxXP-c.XP:
			return nil, engine.Illegal(a, "%s has %d XP and may have at most %d: grant at most %d", c.Name, c.XP, maxXP, maxXP-c.XP)
		}
		what = fmt.Sprintf("%s gains %d XP (%d -> %d)", c.Name, a.Points, c.XP, c.XP+a.Points)
		do = func() ([]engine.Event, error) {
			before := c.Level()
			c.XP += a.Points
			if l := c.Level(); l > before {
				return []engine.Event{{Kind: "level", Text: fmt.Sprintf("%s reaches level %d", c.Name, l)}}, nil
			}
			return nil, nil
		}
	case Give:
		it := s.Book.item(a.Item)
		if it == nil {
			return nil, engine.Illegal(a, "the book has no item called %s", engine.Clip(a.Item))
		}
		if len(c.Items) >= maxItems {
			return nil, engine.Illegal(a, "%s carries %d items already", c.Name, maxItems)
		}
		if err := carry(a, c, c.Weight()+it.Weight()); err != nil {
			return nil, err
		}
		what = fmt.Sprintf("%s receives %s", c.Name, it)
		do = func() ([]engine.Event, error) { c.Items = append(c.Items, *it); return nil, nil }
	case Take:
		i := c.item(a.Item)
		if i < 0 {
			return nil, engine.Illegal(a, "%s carries no %s", c.Name, engine.Clip(a.Item))
		}
		what = fmt.Sprintf("%s loses %s", c.Name, c.Items[i].Name)
		do = func() ([]engine.Event, error) { c.Items = slices.Delete(c.Items, i, i+1); return nil, nil }
	case Coins:
		have := c.Purse.Value()
		switch {
		case a.Amount == 0 || a.Amount > maxMoney-have:
			return nil, engine.Illegal(a, "give or take at least 1 copper, and no more than a table handles")
		case -a.Amount > have:
			return nil, engine.Illegal(a, "%s has only %s", c.Name, Money(have))
		}
		p := PurseOf(have + a.Amount)
		if err := carry(a, c, c.weightWith(p)); err != nil {
			return nil, err
		}
		what = fmt.Sprintf("%s receives %s (purse: %s)", c.Name, Money(a.Amount), p)
		if a.Amount < 0 {
			what = fmt.Sprintf("%s loses %s (purse: %s)", c.Name, Money(-a.Amount), p)
		}
		do = func() ([]engine.Event, error) { c.Purse = p; return nil, nil }
	case Set:
		return s.set(seat, c, a)
	case Hurt:
		if s.Fight != nil {
			return nil, engine.Illegal(a, "in a battle, damage comes from attacks")
		}
		if a.Points < 1 || a.Points > maxPoints {
			return nil, engine.Illegal(a, "damage is 1 to %d", maxPoints)
		}
		what, public = fmt.Sprintf("%s is hurt", c.Name), true
		do = func() ([]engine.Event, error) { return s.damage(charFighter(c.Seat), a.Points, d) }
	}
	ev, err := s.GM.Adjust(seat, a, what, reason, public, c.Seat)
	if err != nil {
		return nil, err
	}
	more, err := do()
	if err != nil {
		return nil, err
	}
	return append([]engine.Event{ev}, more...), nil
}

// set changes a character's HP or a stat. HP, and Defence (which sets the
// most HP), are public; the other stats are the player's and the GM's.
func (s *State) set(seat engine.Seat, c *Character, a Set) ([]engine.Event, error) {
	if a.Field == "hp" {
		if a.Value < 1 || a.Value > c.MaxHP() {
			return nil, engine.Illegal(a, "%s's HP is set from 1 to %d (its most); damage brings it to 0", c.Name, c.MaxHP())
		}
		ev, err := s.GM.Adjust(seat, a, fmt.Sprintf("%s's HP %d -> %d", c.Name, c.HP, a.Value), a.Reason, true)
		if err != nil {
			return nil, err
		}
		if a.Value > c.HP {
			c.heal(a.Value - c.HP)
		} else {
			c.HP = a.Value
		}
		return []engine.Event{ev}, nil
	}
	st, err := ParseStat(a.Field)
	if err != nil {
		return nil, engine.Illegal(a, "set hp or a stat (strength, intelligence, speed, defence, charisma)")
	}
	if a.Value < -maxStatValue || a.Value > maxStatValue || BaseHP+a.Value < 1 && st == Defence {
		return nil, engine.Illegal(a, "a stat is set from %d to %d (Defence at least %d, for 1 HP)", -maxStatValue, maxStatValue, 1-BaseHP)
	}
	ev, err := s.GM.Adjust(seat, a, fmt.Sprintf("%s's %s %d -> %d", c.Name, st.Title(), c.Stats[st], a.Value), a.Reason, st == Defence, c.Seat)
	if err != nil {
		return nil, err
	}
	c.Stats[st] = a.Value
	c.HP = min(c.HP, c.MaxHP())
	return []engine.Event{ev}, nil
}
