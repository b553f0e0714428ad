package msp

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"tabletop/dice"
	"tabletop/engine"
)

// Health is an enemy's HP and its most.
type Health struct {
	HP  int `json:"hp"`
	Max int `json:"max"`
}

// Enemy is a creature from the book in a battle. Its health is the GM's
// until the GM reveals it.
type Enemy struct {
	Name    string                `json:"name"` // "Goblin 2" when the book's creature fights twice
	Health  engine.Hidden[Health] `json:"health"`
	Attacks []Attack              `json:"attacks"`
	Dead    bool                  `json:"dead"`
}

// Fighter is one side's participant: a character (Enemy -1, by seat) or an
// enemy (by index, Seat -1).
type Fighter struct {
	Seat  engine.Seat `json:"seat"`
	Enemy int         `json:"enemy"`
}

func charFighter(s engine.Seat) Fighter { return Fighter{Seat: s, Enemy: -1} }
func enemyFighter(i int) Fighter        { return Fighter{Seat: -1, Enemy: i} }

// Hit is a hit whose damage the GM is to set (a bare attack).
type Hit struct {
	Attacker Fighter `json:"attacker"`
	Defender Fighter `json:"defender"`
}

// Fight is a battle: the enemies, the initiative order (lowest roll
// first), the round and whose turn it is.
type Fight struct {
	Enemies    []Enemy   `json:"enemies"`
	Order      []Fighter `json:"order"`
	Initiative []string  `json:"initiative"` // how the order was rolled, for people
	Round      int       `json:"round"`      // from 1
	Turn       int       `json:"turn"`       // index into Order of the turn being played (or just played, during an extra turn)
	// Extra is the fighter playing an extra turn (the double rule), which
	// comes right after the turn that gave it.
	Extra *Fighter `json:"extra"`
	Hit   *Hit     `json:"hit"` // a hit waiting for the GM's damage
}

// actor is the fighter whose turn it is.
func (f *Fight) actor() Fighter {
	if f.Extra != nil {
		return *f.Extra
	}
	return f.Order[f.Turn]
}

func (f *Fight) clone() *Fight {
	c := *f
	c.Enemies = make([]Enemy, len(f.Enemies))
	for i, e := range f.Enemies {
		e.Attacks = append([]Attack(nil), e.Attacks...)
		c.Enemies[i] = e
	}
	c.Order = append([]Fighter(nil), f.Order...)
	c.Initiative = append([]string(nil), f.Initiative...)
	if f.Extra != nil {
		x := *f.Extra
		c.Extra = &x
	}
	if f.Hit != nil {
		h := *f.Hit
		c.Hit = &h
	}
	return &c
}

// enemy returns the living enemy with that name (any case), or -1.
func (f *Fight) enemy(name string) int {
	for i, e := range f.Enemies {
		if !e.Dead && strings.EqualFold(e.Name, strings.TrimSpace(name)) {
			return i
		}
	}
	return -1
}

// name names a fighter.
func (s *State) name(f Fighter) string {
	if f.Enemy >= 0 {
		return s.Fight.Enemies[f.Enemy].Name
	}
	return s.Chars[f.Seat].Name
}

// speed is a fighter's Speed for initiative ties: an enemy's is 0.
func (s *State) speed(f Fighter) int {
	if f.Enemy >= 0 {
		return 0
	}
	return s.Chars[f.Seat].Stats[Speed]
}

// maxRerolls bounds the re-rolls that break one initiative tie: after it
// the tied fighters go in the order they were listed (characters by seat,
// then enemies). Two d6 tie with chance 1/6, so 50 ties in a row happen
// once in 10^38 battles.
const maxRerolls = 50

// initiative orders the fighters: each rolls a d6 and the lowest goes
// first; equal rolls go to the higher Speed (enemies have 0); fighters
// still tied roll again among themselves, as often as it takes. It
// returns the order and a line for people per roll.
func (s *State) initiative(fighters []Fighter, d *dice.Stream, depth int) ([]Fighter, []string) {
	if len(fighters) == 1 {
		return fighters, nil
	}
	type rolled struct {
		f     Fighter
		roll  int
		speed int
	}
	rs := make([]rolled, len(fighters))
	var parts []string
	for i, f := range fighters {
		rs[i] = rolled{f, d.Roll(6), s.speed(f)}
		parts = append(parts, fmt.Sprintf("%s %d", s.name(f), rs[i].roll))
	}
	line := "initiative (d6, lowest first): " + strings.Join(parts, ", ")
	if depth > 0 {
		line = "tie re-rolled: " + strings.Join(parts, ", ")
	}
	lines := []string{line}
	slices.SortStableFunc(rs, func(a, b rolled) int {
		if c := cmp.Compare(a.roll, b.roll); c != 0 {
			return c
		}
		return cmp.Compare(b.speed, a.speed) // higher Speed first
	})
	var out []Fighter
	for i := 0; i < len(rs); {
		j := i + 1
		for j < len(rs) && rs[j].roll == rs[i].roll && rs[j].speed == rs[i].speed {
			j++
		}
		group := make([]Fighter, 0, j-i)
		for _, r := range rs[i:j] {
			group = append(group, r.f)
		}
		if len(group) > 1 && depth < maxRerolls {
			var more []string
			group, more = s.initiative(group, d, depth+1)
			lines = append(lines, more...)
		}
		out = append(out, group...)
		i = j
	}
	return out, lines
}

// canAct reports whether a fighter takes its turns: alive, and for a
// character not resting.
func (s *State) canAct(f Fighter) bool {
	if f.Enemy >= 0 {
		return !s.Fight.Enemies[f.Enemy].Dead
	}
	c := s.Chars[f.Seat]
	return !c.Dead && c.RestTurns == 0
}

// battleOver reports whether no enemy stands or every character is dead.
func (s *State) battleOver() bool {
	enemies := false
	for _, e := range s.Fight.Enemies {
		enemies = enemies || !e.Dead
	}
	return !enemies || s.allDead()
}

// endTurn ends the actor's turn. extra is the defender that earned an extra
// turn with the double rule, if any. It moves to the next fighter able to
// act, in initiative order, starting a new round after the last; a resting
// character's turn passes (one of its rest turns used). The battle ends
// when no enemy stands or every character is dead.
func (s *State) endTurn(extra *Fighter) []engine.Event {
	f := s.Fight
	if s.battleOver() {
		return s.finishBattle("")
	}
	if extra != nil && s.canAct(*extra) {
		f.Extra = extra
		return []engine.Event{{Kind: "turn", Text: s.name(*extra) + " takes an extra turn"}}
	}
	f.Extra = nil
	var evs []engine.Event
	for range 4 * len(f.Order) * 4 { // every fighter can rest at most three turns in a row
		f.Turn++
		if f.Turn == len(f.Order) {
			f.Turn = 0
			f.Round++
			evs = append(evs, engine.Event{Kind: "round", Text: fmt.Sprintf("round %d", f.Round)})
		}
		next := f.Order[f.Turn]
		if next.Enemy < 0 {
			c := s.Chars[next.Seat]
			if !c.Dead && c.RestTurns > 0 {
				c.RestTurns--
				evs = append(evs, engine.Event{Kind: "rest", Text: c.Name + " rests and skips this turn"})
				continue
			}
		}
		if s.canAct(next) {
			return append(evs, engine.Event{Kind: "turn", Text: s.name(next) + "'s turn"})
		}
	}
	// Nobody can act (cannot happen while an enemy stands): end the battle.
	return append(evs, s.finishBattle("nobody could act")...)
}

// finishBattle ends the battle; rests still owed are forgiven.
func (s *State) finishBattle(reason string) []engine.Event {
	text := "The battle is over"
	switch {
	case reason != "":
		text += ": " + reason
	case s.allDead():
		text += ": every character has died"
	default:
		text += ": no enemy stands"
	}
	s.Fight = nil
	for _, c := range s.Chars {
		if c != nil {
			c.RestTurns = 0
		}
	}
	return []engine.Event{{Kind: "battle-over", Text: text}}
}

// disasterExpr is the disaster roll: 3d20, which must be over 30.
var disasterExpr = dice.MustParse("(3d20)>30")

// damage takes points from a fighter. A character brought to 0 HP by it
// makes the disaster roll: over 30, it lives on at 1 HP, downed (unable to
// attack or defend until healed); 30 or less, it is dead for the session.
// An enemy at 0 HP is dead.
func (s *State) damage(to Fighter, points int, d *dice.Stream) ([]engine.Event, error) {
	if to.Enemy >= 0 {
		e := &s.Fight.Enemies[to.Enemy]
		e.Health.Value.HP = max(0, e.Health.Value.HP-points)
		text := fmt.Sprintf("%s takes %d damage", e.Name, points)
		if e.Health.Value.HP == 0 {
			e.Dead = true
			text += " and falls"
		}
		return []engine.Event{{Kind: "damage", Text: text}}, nil
	}
	c := s.Chars[to.Seat]
	c.HP = max(0, c.HP-points)
	evs := []engine.Event{{Kind: "damage", Text: fmt.Sprintf("%s takes %d damage (HP %d/%d)", c.Name, points, c.HP, c.MaxHP())}}
	if c.HP > 0 {
		return evs, nil
	}
	r, err := disasterExpr.Roll(d)
	if err != nil {
		return nil, err
	}
	if r.Holds() {
		c.HP, c.Downed = 1, true
		evs = append(evs, engine.Event{Kind: "disaster", Text: fmt.Sprintf("%s makes the disaster roll, %s: survives at 1 HP, unable to attack or defend until healed", c.Name, r)})
	} else {
		c.Dead, c.Downed, c.RestTurns = true, false, 0
		evs = append(evs, engine.Event{Kind: "disaster", Text: fmt.Sprintf("%s makes the disaster roll, %s: dies", c.Name, r)})
	}
	return evs, nil
}

// strike resolves an attack by the actor on a living enemy of its side.
// Both roll a d6 and the attacker hits when it rolls higher; a defender
// who rolls exactly double the attacker's roll earns an extra turn right
// after this one. A downed character cannot defend: it is hit without a
// roll. The damage is the weapon's (or attack's); 0 leaves it to the GM.
func (s *State) strike(by, at Fighter, weapon string, points int, d *dice.Stream) ([]engine.Event, error) {
	f := s.Fight
	var evs []engine.Event
	var extra *Fighter
	hit := false
	if at.Enemy < 0 && s.Chars[at.Seat].Downed {
		hit = true
		evs = append(evs, engine.Event{Kind: "attack", Text: fmt.Sprintf("%s attacks %s with %s; %s cannot defend", s.name(by), s.name(at), weapon, s.name(at))})
	} else {
		ar, dr := d.Roll(6), d.Roll(6)
		hit = ar > dr
		text := fmt.Sprintf("%s attacks %s with %s: d6 %d against d6 %d, ", s.name(by), s.name(at), weapon, ar, dr)
		switch {
		case hit:
			text += "a hit"
		case dr == 2*ar:
			text += "a miss, and double: " + s.name(at) + " earns an extra turn"
			x := at
			extra = &x
		default:
			text += "a miss"
		}
		evs = append(evs, engine.Event{Kind: "attack", Text: text})
	}
	if !hit {
		return append(evs, s.endTurn(extra)...), nil
	}
	if points == 0 {
		f.Hit = &Hit{Attacker: by, Defender: at}
		return append(evs, engine.Event{Kind: "attack", Text: "the GM sets the damage"}), nil
	}
	more, err := s.damage(at, points, d)
	if err != nil {
		return nil, err
	}
	evs = append(evs, more...)
	return append(evs, s.endTurn(nil)...), nil
}
