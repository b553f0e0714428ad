package tmd

import (
	"fmt"
	"slices"
	"strings"

	"tabletop/dice"
	"tabletop/engine"
)

// ctx is one Apply under way: the state, the dice and the events so far.
type ctx struct {
	s   *State
	b   *Battle
	d   *dice.Stream
	evs []engine.Event
}

// say adds a public event, and a line of the battle's log.
func (c *ctx) say(format string, args ...any) {
	text := fmt.Sprintf(format, args...)
	c.evs = append(c.evs, engine.Event{Kind: "battle", Text: text})
	if c.b != nil {
		c.b.Log = append(c.b.Log, text)
	}
}

// sayHP says full, which shows f's numbers, to everyone if f's stats are
// public, and otherwise to the GM only, the others seeing public.
func (c *ctx) sayHP(f *Fighter, full, public string) {
	if !f.Foe || !f.Hidden {
		c.say("%s", full)
		return
	}
	c.evs = append(c.evs, engine.Event{Kind: "battle", Text: full, Only: c.s.GM.Seats(), Others: public})
	if c.b != nil {
		c.b.Log = append(c.b.Log, public)
	}
}

// Apply implements engine.State. A refused action returns an error that
// says why and changes nothing, and rolls no dice. A Typed action is
// refused: the table plays the action its text reads (engine.Resolve), and
// a log that holds a Typed replays through the table too.
func (s *State) Apply(seat engine.Seat, a engine.Action, d *dice.Stream) ([]engine.Event, error) {
	if s.Ended {
		return nil, engine.GameOver(a)
	}
	if seat < 0 || int(seat) >= len(s.Seats) {
		return nil, engine.NotYourTurn(a, "%s has no seat at this table", seat)
	}
	if _, ok := a.(engine.Standin); ok {
		return nil, engine.Unresolved(a)
	}
	c := &ctx{s: s, b: s.Battle, d: d}
	var err error
	switch a := a.(type) {
	case BringSheet:
		err = c.bringSheet(seat, a)
	case PlacePoint:
		err = c.placePoint(seat, a)
	case LendBag:
		err = c.lendBag(seat, a)
	case LearnMove:
		err = c.learnMove(seat, a)
	case SkipMove:
		err = c.skipMove(seat, a)
	case Evolve:
		err = c.evolve(seat, a)
	case UseMove:
		err = c.useMove(seat, a)
	case Guard:
		err = c.guard(seat, a)
	case Brace:
		err = c.brace(seat, a)
	case Break:
		err = c.takeBreak(seat, a)
	case Dodge:
		err = c.dodge(seat, a)
	case UseWish:
		err = c.useWish(seat, a)
	case UseItem:
		err = c.useItem(seat, a)
	case UseAbility:
		err = c.useAbility(seat, a)
	case ClearHazards:
		err = c.clearHazards(seat, a)
	case EndTurn:
		err = c.endTurn(seat, a)
	default:
		if !s.GM.Is(seat) {
			return nil, s.GM.Check(seat, a)
		}
		err = c.applyGM(seat, a)
	}
	if err != nil {
		return nil, err
	}
	return c.evs, nil
}

// bringSheet puts a player's sheet at the table, once it is valid.
func (c *ctx) bringSheet(seat engine.Seat, a BringSheet) error {
	m := c.s.member(seat)
	switch {
	case m == nil:
		return engine.NotYourTurn(a, "only a player brings a sheet")
	case c.s.Battle != nil && c.s.Battle.Started:
		return engine.Illegal(a, "a sheet cannot change during a battle")
	case strings.TrimSpace(a.Sheet.Name) == "":
		return engine.Illegal(a, "the character needs a name")
	case len(a.Sheet.Name) > MaxName:
		return engine.Illegal(a, "a character's name is at most %d bytes", MaxName)
	}
	if o := c.s.memberNamed(a.Sheet.Name); o != nil && o != m {
		return engine.Illegal(a, "the team already has a character named %s", o.Sheet.Name)
	}
	if c.b != nil && c.b.fighter(a.Sheet.Name) != nil {
		return engine.Illegal(a, "a foe is named %s", a.Sheet.Name)
	}
	d, _ := LoadData()
	sh := a.Sheet
	// The team shares one badge rank, which a sheet carries from one
	// session to the next: a sheet further along than the team brings the
	// team up to it; any other takes the team's.
	raise := rankAhead(d, sh.Rank, sh.RankPoints, c.s.Rank, c.s.RankPoints)
	if raise {
		r, _ := d.RankNamed(sh.Rank)
		sh.Rank = r.Name
	} else {
		sh.Rank, sh.RankPoints = c.s.Rank, c.s.RankPoints
	}
	if err := sh.Validate(d); err != nil {
		return engine.Illegal(a, "the sheet is not valid: %v", err)
	}
	der, _ := sh.Derive(d)
	m.Sheet = cloneSheet(&sh)
	m.HP = der.MaxHP
	c.say("%s brings %s, a level %d %s.", c.s.Seats[seat].Name, sh.Name, sh.Level, sh.Species)
	if raise {
		c.s.Rank, c.s.RankPoints = sh.Rank, sh.RankPoints
		c.syncRank()
		c.say("The team's badge rank is %s with %d rank points, as %s's sheet says.", sh.Rank, sh.RankPoints, sh.Name)
	}
	return nil
}

// rankAhead reports whether a sheet's rank and rank points are further
// along than the team's: a higher rank, or more points at the same one.
// An unknown rank is never ahead (the sheet's check says what is wrong).
func rankAhead(d *Data, rank string, points int, teamRank string, teamPoints int) bool {
	at := func(name string) int {
		r, err := d.RankNamed(name)
		if err != nil {
			return -1
		}
		for i := range d.Ranks {
			if d.Ranks[i].Name == r.Name {
				return i
			}
		}
		return -1
	}
	i, j := at(rank), at(teamRank)
	return i >= 0 && (i > j || i == j && points > teamPoints)
}

// cloneSheet returns a deep copy of a sheet.
func cloneSheet(s *Sheet) *Sheet {
	c := *s
	c.Points = cloneMap(s.Points)
	c.Trained = cloneMap(s.Trained)
	c.MoveTiers = cloneMap(s.MoveTiers)
	c.Moves = slices.Clone(s.Moves)
	c.Learnable = slices.Clone(s.Learnable)
	c.IQ = slices.Clone(s.IQ)
	c.Inventory = slices.Clone(s.Inventory)
	c.Storage = slices.Clone(s.Storage)
	c.Training = slices.Clone(s.Training)
	return &c
}

func cloneMap[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return nil
	}
	out := make(map[K]V, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// placePoint places an unspent stat point; a point in HP raises the
// character's HP with its max HP.
func (c *ctx) placePoint(seat engine.Seat, a PlacePoint) error {
	m := c.s.member(seat)
	switch {
	case m == nil || m.Sheet == nil:
		return engine.NotYourTurn(a, "only a player with a sheet places stat points")
	case c.s.Battle != nil && c.s.Battle.Started:
		return engine.Illegal(a, "stat points are placed outside battle")
	case unspent(m) == 0:
		return engine.Illegal(a, "%s has no stat points to place", m.Sheet.Name)
	}
	d, _ := LoadData()
	sh := cloneSheet(m.Sheet)
	before, _ := sh.Derive(d)
	if err := sh.AddPoint(d, a.Stat); err != nil {
		return engine.Illegal(a, "%v", err)
	}
	after, _ := sh.Derive(d)
	m.Sheet = sh
	m.HP = min(after.MaxHP, m.HP+after.MaxHP-before.MaxHP)
	c.say("%s places a stat point in %s (%d now).", sh.Name, a.Stat, sh.Points[a.Stat])
	return nil
}

func (c *ctx) lendBag(seat engine.Seat, a LendBag) error {
	m := c.s.member(seat)
	if m == nil || m.Sheet == nil {
		return engine.NotYourTurn(a, "only a player with a sheet has a bag to lend")
	}
	if m.LendBag == a.Lend {
		return engine.Illegal(a, "that is already so")
	}
	m.LendBag = a.Lend
	if a.Lend {
		c.say("%s lets allies use items from their bag.", m.Sheet.Name)
	} else {
		c.say("%s keeps their bag to themselves.", m.Sheet.Name)
	}
	return nil
}
