package msp

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"tabletop/dice"
	"tabletop/engine"
)

// restHP is what a short rest gives back.
const restHP = 5

// Rest turns: a short rest takes the next round's turn, a long one the
// next three.
const (
	shortRestTurns = 1
	longRestTurns  = 3
)

// maxEnemies bounds one battle.
const maxEnemies = 20

// maxTarget bounds a check's target either way.
const maxTarget = 1000

// only returns the seats that see a character's secrets: its player and
// the GM.
func (s *State) only(c *Character) []engine.Seat {
	return append([]engine.Seat{c.Seat}, s.GM.Seats()...)
}

// secret is an event whose text only a character's player and the GM see;
// everyone else sees others, what the table sees of it (every action gives
// every seat a line of its log, see engine.GM).
func (s *State) secret(c *Character, kind, text, others string) engine.Event {
	return engine.Event{Kind: kind, Text: text, Only: s.only(c), Others: others}
}

// whyNotPending says why a player may not act now, naming nothing hidden.
func (s *State) whyNotPending(c *Character) string {
	switch {
	case c.Dead:
		return c.Name + " is dead for the rest of the session"
	case s.Check != nil && s.Check.Seat == c.Seat:
		return "wait for the GM to set the target"
	case s.Check != nil:
		return "wait until " + s.Chars[s.Check.Seat].Name + "'s check is rolled"
	case s.Fight != nil && s.Fight.Hit != nil:
		return "wait for the GM to set the damage"
	case s.Fight != nil:
		return "it is " + s.name(s.Fight.actor()) + "'s turn"
	}
	return "wait until every player has made a character"
}

func (s *State) applyPlayer(seat engine.Seat, a engine.Action, d *dice.Stream) ([]engine.Event, error) {
	c := s.char(seat)
	if c == nil {
		if cr, ok := a.(Create); ok {
			return s.create(seat, cr, d)
		}
		return nil, engine.Illegal(a, "make your character first (create NAME / RACE / CLASS / ALIGNMENT / OCCUPATION)")
	}
	if !s.playerPending(seat) {
		return nil, engine.NotYourTurn(a, "%s", s.whyNotPending(c))
	}
	switch a.(type) {
	case Create:
		return nil, engine.Illegal(a, "you already play %s", c.Name)
	case Note, Check, Target, CancelCheck, Battle, Damage, EndBattle, End, GrantReroll, GiveXP, Give, Take,
		Coins, Set, Hurt, Reveal, AddCreature, AddItem, AddPlace, ImportBook:
		return nil, engine.NotYourTurn(a, "only the game master may do that")
	}
	// What the moment allows.
	switch {
	case s.Check != nil:
		if _, ok := a.(Roll); !ok {
			return nil, engine.Illegal(a, "%s's %s check is waiting: roll", c.Name, s.Check.Stat)
		}
	case s.Fight != nil:
		switch a.(type) {
		case Strike, Use, Rest:
		default:
			return nil, engine.Illegal(a, "on a battle turn a character attacks, uses an item or rests")
		}
	case s.creating():
		switch a.(type) {
		case Reroll, Keep:
		default:
			return nil, engine.Illegal(a, "the session starts once every player has made a character")
		}
	}
	switch a := a.(type) {
	case Reroll:
		return s.reroll(c, a, d)
	case Keep:
		if c.Rerolls == 0 {
			return nil, engine.Illegal(a, "%s has no re-roll to decline", c.Name)
		}
		c.Rerolls--
		return []engine.Event{{Kind: "reroll", Text: c.Name + " keeps the stats rolled"}}, nil
	case Roll:
		return s.roll(c, a, d)
	case Strike:
		return s.playerStrike(c, a, d)
	case Use:
		return s.use(c, a)
	case Rest:
		return s.rest(c, a)
	case Drop:
		i := c.item(a.Item)
		if i < 0 {
			return nil, engine.Illegal(a, "%s carries no %s", c.Name, engine.Clip(a.Item))
		}
		it := c.Items[i]
		c.Items = slices.Delete(c.Items, i, i+1)
		return []engine.Event{s.secret(c, "item", fmt.Sprintf("%s drops %s", c.Name, it.Name), c.Name+" drops something")}, nil
	case Pay:
		return s.pay(c, a)
	case WriteNotes:
		if len(a.Text) > maxText {
			return nil, engine.Illegal(a, "notes are limited to %d bytes", maxText)
		}
		c.Notes = strings.TrimSpace(a.Text)
		return []engine.Event{s.secret(c, "notes", c.Name+"'s notes updated", c.Name+" writes in their notes")}, nil
	}
	return nil, engine.Illegal(a, "not an action of musi supa pona")
}

// field checks a background field: at most maxName bytes.
func field(a engine.Action, what, v string) (string, error) {
	v = strings.TrimSpace(v)
	if len(v) > maxName {
		return "", engine.Illegal(a, "the %s is limited to %d bytes", what, maxName)
	}
	return v, nil
}

// create makes a player's character and rolls its stats.
func (s *State) create(seat engine.Seat, a Create, d *dice.Stream) ([]engine.Event, error) {
	c := &Character{Seat: seat}
	var err error
	if c.Name, err = field(a, "name", a.Name); err != nil {
		return nil, err
	}
	if c.Name == "" {
		return nil, engine.Illegal(a, "a character needs a name")
	}
	if s.find(c.Name) != nil {
		return nil, engine.Illegal(a, "another character is already called %s", c.Name)
	}
	for _, f := range []struct {
		what string
		to   *string
		v    string
	}{{"race", &c.Race, a.Race}, {"class", &c.Class, a.Class}, {"occupation", &c.Occupation, a.Occupation}} {
		if *f.to, err = field(a, f.what, f.v); err != nil {
			return nil, err
		}
	}
	var ok bool
	if c.Alignment, ok = parseAlignment(a.Alignment); !ok {
		return nil, engine.Illegal(a, "the alignment is one of the nine: %s", strings.Join(alignments, ", "))
	}
	if err := c.rollStats(d); err != nil {
		return nil, err
	}
	c.Purse = PurseOf(0)
	s.Chars[seat] = c
	ev := s.secret(c, "create", fmt.Sprintf("%s makes %s (%s)", s.Seats[seat].Name, c.Name, c.statsText()), "")
	ev.Others = fmt.Sprintf("%s makes %s, %s (HP %d)", s.Seats[seat].Name, c.Name, c.background(), c.HP)
	return []engine.Event{ev}, nil
}

// rollStats rolls the five stats and gives the character full health.
func (c *Character) rollStats(d *dice.Stream) error {
	rolls, err := rollStats(d)
	if err != nil {
		return err
	}
	c.Rolls = rolls
	for i, r := range rolls {
		c.Stats[i] = r.Value
	}
	c.HP, c.Downed = c.MaxHP(), false
	return nil
}

// statsText lists the stats with their faces.
func (c *Character) statsText() string {
	parts := make([]string, numStats)
	for i, r := range c.Rolls {
		parts[i] = Stat(i).Title() + " " + r.String()
	}
	return strings.Join(parts, "; ") + fmt.Sprintf("; HP %d", c.MaxHP())
}

// background reads "elf ranger, chaotic good, hunter".
func (c *Character) background() string {
	who := strings.TrimSpace(c.Race + " " + c.Class)
	parts := []string{}
	for _, p := range []string{who, c.Alignment, c.Occupation} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

func (s *State) reroll(c *Character, a Reroll, d *dice.Stream) ([]engine.Event, error) {
	if c.Rerolls == 0 {
		return nil, engine.Illegal(a, "stats are rolled once: %s may roll again only when the GM grants it", c.Name)
	}
	if err := c.rollStats(d); err != nil {
		return nil, err
	}
	c.Rerolls--
	ev := s.secret(c, "reroll", fmt.Sprintf("%s rolls the stats again: %s", c.Name, c.statsText()), "")
	ev.Others = fmt.Sprintf("%s rolls the stats again (HP %d)", c.Name, c.HP)
	return []engine.Event{ev}, nil
}

// roll rolls the open check: d20 + the stat against the hidden target,
// which the result reveals.
func (s *State) roll(c *Character, a Roll, d *dice.Stream) ([]engine.Event, error) {
	ck := s.Check
	if ck == nil {
		return nil, engine.Illegal(a, "no check is waiting for a roll")
	}
	e, err := dice.Parse(ck.Target.Value.expr(c.Stats[ck.Stat]))
	if err != nil {
		return nil, err
	}
	r, err := e.Roll(d)
	if err != nil {
		return nil, err
	}
	ck.Target.Reveal()
	s.LastCheck = &CheckResult{Seat: c.Seat, Stat: ck.Stat, Roll: r.String(), Total: r.Compared, Goal: ck.Target.Value, Success: r.Holds(), Name: c.Name, D20: r.Dice[0].Face}
	s.Check = nil
	verdict := "fails"
	if r.Holds() {
		verdict = "succeeds"
	}
	text := fmt.Sprintf("%s rolls %s: d20 %d %+d = %d; the target was %s: %s", c.Name, ck.Stat.Title(), r.Dice[0].Face, c.Stats[ck.Stat], r.Compared, ck.Target.Value, verdict)
	return []engine.Event{{Kind: "check", Text: text}}, nil
}

// actorIs refuses an action when it is not the fighter's turn.
func (s *State) actorIs(a engine.Action, f Fighter) error {
	switch {
	case s.Fight == nil:
		return engine.Illegal(a, "there is no battle")
	case s.Fight.Hit != nil:
		return engine.NotYourTurn(a, "wait for the GM to set the damage")
	case s.Fight.actor() != f:
		return engine.NotYourTurn(a, "it is %s's turn", s.name(s.Fight.actor()))
	}
	return nil
}

func (s *State) playerStrike(c *Character, a Strike, d *dice.Stream) ([]engine.Event, error) {
	if err := s.actorIs(a, charFighter(c.Seat)); err != nil {
		return nil, err
	}
	if c.Downed {
		return nil, engine.Illegal(a, "%s is downed: unable to attack until healed", c.Name)
	}
	target := s.Fight.enemy(a.Target)
	if target < 0 {
		return nil, engine.Illegal(a, "no enemy called %s stands (enemies: %s)", engine.Clip(a.Target), s.enemyNames())
	}
	weapon, points := "bare hands", 0
	if a.With != "" {
		i := c.item(a.With)
		if i < 0 {
			return nil, engine.Illegal(a, "%s carries no %s", c.Name, a.With)
		}
		weapon, points = c.Items[i].Name, c.Items[i].Damage
		if points == 0 {
			return nil, engine.Illegal(a, "%s is not equipment that deals damage: attack with a weapon, or bare-handed", weapon)
		}
	}
	return s.strike(charFighter(c.Seat), enemyFighter(target), weapon, points, d)
}

// enemyNames lists the enemies that stand.
func (s *State) enemyNames() string {
	var names []string
	for _, e := range s.Fight.Enemies {
		if !e.Dead {
			names = append(names, e.Name)
		}
	}
	return strings.Join(names, ", ")
}

// use gives a portion of the character's food to a living character.
func (s *State) use(c *Character, a Use) ([]engine.Event, error) {
	if s.Fight != nil {
		if err := s.actorIs(a, charFighter(c.Seat)); err != nil {
			return nil, err
		}
	}
	i := c.item(a.Item)
	if i < 0 {
		return nil, engine.Illegal(a, "%s carries no %s", c.Name, engine.Clip(a.Item))
	}
	it := &c.Items[i]
	if !it.Food() {
		return nil, engine.Illegal(a, "%s is not food: only food heals", it.Name)
	}
	to := s.find(a.On)
	if to == nil || to.Dead {
		return nil, engine.Illegal(a, "no living character called %s", a.On)
	}
	name := it.Name
	it.Portions--
	if it.Portions == 0 {
		c.Items = slices.Delete(c.Items, i, i+1)
	}
	gained := to.heal(it.Heal)
	text := fmt.Sprintf("%s gives %s a portion of %s: +%d HP (HP %d/%d)", c.Name, to.Name, name, gained, to.HP, to.MaxHP())
	if to == c {
		text = fmt.Sprintf("%s eats a portion of %s: +%d HP (HP %d/%d)", c.Name, name, gained, c.HP, c.MaxHP())
	}
	evs := []engine.Event{{Kind: "heal", Text: text}}
	if s.Fight != nil {
		evs = append(evs, s.endTurn(nil)...)
	}
	return evs, nil
}

// rest heals: a short rest 5 HP, a long one all. In battle it takes the
// turn and the next round's turn (short) or the next three.
func (s *State) rest(c *Character, a Rest) ([]engine.Event, error) {
	if s.Fight != nil {
		if err := s.actorIs(a, charFighter(c.Seat)); err != nil {
			return nil, err
		}
	}
	gained := c.heal(restHP)
	kind, turns := "a short rest", shortRestTurns
	if a.Long {
		gained += c.heal(c.MaxHP())
		kind, turns = "a long rest", longRestTurns
	}
	text := fmt.Sprintf("%s takes %s: +%d HP (HP %d/%d)", c.Name, kind, gained, c.HP, c.MaxHP())
	evs := []engine.Event{{Kind: "rest", Text: text}}
	if s.Fight != nil {
		c.RestTurns = turns
		evs[0].Text += fmt.Sprintf(", and sits out the next %s", plural(turns, "turn"))
		evs = append(evs, s.endTurn(nil)...)
	}
	return evs, nil
}

func plural(n int, what string) string {
	if n == 1 {
		return what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// carry refuses what would take a character over its capacity, saying by
// how much (the message goes to the one who acts: the GM, or the player
// about their own character).
func carry(a engine.Action, c *Character, weight int) error {
	if weight > c.Capacity() {
		return engine.Illegal(a, "%s can carry %d g ((20 %+d Strength) x 1.5 x 500 g); that would make %d g", c.Name, c.Capacity(), c.Stats[Strength], weight)
	}
	return nil
}

// weightWith is what the character would carry with another purse.
func (c *Character) weightWith(p Purse) int { return c.Weight() - c.Purse.Weight() + p.Weight() }

func (s *State) pay(c *Character, a Pay) ([]engine.Event, error) {
	if a.Amount < 1 || a.Amount > maxMoney {
		return nil, engine.Illegal(a, "pay at least 1 copper")
	}
	have := c.Purse.Value()
	if have < a.Amount {
		return nil, engine.Illegal(a, "%s has %s: not enough to pay %s", c.Name, Money(have), Money(a.Amount))
	}
	mine := PurseOf(have - a.Amount)
	if err := carry(a, c, c.weightWith(mine)); err != nil {
		return nil, err
	}
	if a.To == "" {
		c.Purse = mine
		return []engine.Event{s.secret(c, "coins", fmt.Sprintf("%s pays %s (purse: %s)", c.Name, Money(a.Amount), c.Purse), c.Name+" pays for something")}, nil
	}
	to := s.find(a.To)
	if to == nil || to.Dead || to == c {
		return nil, engine.Illegal(a, "no other living character called %s", a.To)
	}
	theirs := PurseOf(to.Purse.Value() + a.Amount)
	if to.Purse.Value()+a.Amount > maxMoney || to.weightWith(theirs) > to.Capacity() {
		// The receiver's load is theirs to know: say no more than they would.
		return nil, engine.Illegal(a, "%s cannot carry that many more coins", to.Name)
	}
	c.Purse, to.Purse = mine, theirs
	return []engine.Event{
		s.secret(c, "coins", fmt.Sprintf("%s pays %s %s (%s's purse: %s)", c.Name, to.Name, Money(a.Amount), c.Name, c.Purse), c.Name+" gives "+to.Name+" some coins"),
		s.secret(to, "coins", fmt.Sprintf("%s receives %s from %s (%s's purse: %s)", to.Name, Money(a.Amount), c.Name, to.Name, to.Purse), ""),
	}, nil
}

// chances returns the GM's table for a check on stat value v: for every
// target from the lowest to the highest roll, the exact chance that d20 + v
// is at least and at most it, computed from the dice notation's exact
// distribution of the comparison.
func chances(v int) ([]Chance, error) {
	var out []Chance
	for t := 1 + v; t <= 20+v; t++ {
		var row [2]string
		for i, g := range []Goal{{Value: t}, {AtMost: true, Value: t}} {
			e, err := dice.Parse(g.expr(v))
			if err != nil {
				return nil, err
			}
			dist, err := e.Dist()
			if err != nil {
				return nil, err
			}
			p := dist.Rat(1)
			f, _ := p.Float64()
			row[i] = fmt.Sprintf("%s (%.0f%%)", p.RatString(), 100*f)
		}
		out = append(out, Chance{Target: t, AtLeast: row[0], AtMost: row[1]})
	}
	return out, nil
}
