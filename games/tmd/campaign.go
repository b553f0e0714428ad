package tmd

import (
	"fmt"
	"slices"
	"strings"

	"tabletop/engine"
)

// MaxAward bounds one award, so that a slip of the keyboard does not give
// a character a hundred levels.
const MaxAward = 100000

// award gives XP to a character (or each member) and rank points to the
// team; XP past the level table's mark levels the character up, and rank
// points past the rank's mark promote the team.
func (c *ctx) award(seat engine.Seat, a Award) error {
	var who []*Member
	if strings.TrimSpace(a.Who) == "" {
		for _, m := range c.s.Team {
			if m.Sheet != nil {
				who = append(who, m)
			}
		}
	} else if m := c.s.memberNamed(a.Who); m != nil {
		who = []*Member{m}
	} else {
		return c.noSuch(a, "%s is not a member of the team", a.Who)
	}
	switch {
	case len(who) == 0:
		return engine.Illegal(a, "nobody has a sheet yet")
	case a.XP < 0 || a.RP < 0 || a.XP > MaxAward || a.RP > MaxAward:
		return engine.Illegal(a, "awards are 0 to %d points", MaxAward)
	case a.XP == 0 && a.RP == 0:
		return engine.Illegal(a, "award some XP or RP")
	case c.b != nil && c.b.Started:
		return engine.Illegal(a, "XP and RP are awarded after the battle")
	}
	names := make([]string, len(who))
	for i, m := range who {
		names[i] = m.Sheet.Name
	}
	if err := c.adjust(seat, a, fmt.Sprintf("%d XP to %s, %d RP to the team", a.XP, strings.Join(names, ", "), a.RP), a.Reason, true); err != nil {
		return err
	}
	d, _ := LoadData()
	for _, m := range who {
		sh := cloneSheet(m.Sheet)
		before, _ := sh.Derive(d)
		for _, l := range LevelUp(d, sh, a.XP) {
			c.say("%s", l)
		}
		after, _ := sh.Derive(d)
		m.Sheet = sh
		m.HP += after.MaxHP - before.MaxHP
	}
	c.promote(a.RP)
	return nil
}

// LevelUp adds xp to a sheet and applies every level it reaches: the
// level table's experience to the next level is spent on each. It returns
// what changed, a line a level: the new base HP, the stat points gained
// (to place), the level damage bonus, the chance to evolve, and the moves
// the species learns at that level, which join the sheet's Learnable
// (LearnMove and SkipMove take them off).
func LevelUp(d *Data, sh *Sheet, xp int) []string {
	var out []string
	sh.Exp += xp
	for sh.Level < 100 {
		row, err := d.LevelRow(sh.Level)
		if err != nil || row.Exp <= 0 || sh.Exp < row.Exp {
			break
		}
		next, err := d.LevelRow(sh.Level + 1)
		if err != nil {
			break
		}
		sh.Exp -= row.Exp
		sh.Level++
		line := fmt.Sprintf("%s reaches level %d: base HP %d", sh.Name, sh.Level, next.HP)
		if gain := next.Points - row.Points; gain > 0 {
			line += ", " + statPoints(gain, "new") + " to place"
		}
		if next.Bonus != row.Bonus {
			line += fmt.Sprintf(", damage bonus +%d", next.Bonus)
		}
		if sp, err := d.SpeciesNamed(sh.Species); err == nil && sp.EvoLevel > 0 && sh.Level == sp.EvoLevel {
			line += fmt.Sprintf(", may evolve (%s)", strings.Join(sp.Evos, " or "))
		}
		var learn []string
		for _, l := range d.LevelMoves(sh.Species, sh.Level, sh.Level) {
			if !slices.Contains(sh.Moves, l.Move) && !slices.Contains(sh.Learnable, l.Move) {
				learn = append(learn, l.Move)
			}
		}
		if len(learn) > 0 {
			sh.Learnable = append(sh.Learnable, learn...)
			line += ", may learn " + strings.Join(learn, ", ")
		}
		out = append(out, line+".")
	}
	return out
}

// promote adds rank points to the team and promotes it past each mark:
// the points of the rank are spent, the rewards go to the team's stash,
// and every sheet moves to the new rank (its bag and storage with it).
func (c *ctx) promote(rp int) {
	d, _ := LoadData()
	defer c.syncRank()
	c.s.RankPoints += rp
	for {
		rank, err := d.RankNamed(c.s.Rank)
		if err != nil || rank.Next <= 0 || c.s.RankPoints < rank.Next {
			return
		}
		next, ok := nextRank(d, rank.Name)
		if !ok {
			return
		}
		c.s.RankPoints -= rank.Next
		c.s.Rank = next.Name
		c.s.Stash = append(c.s.Stash, next.Rewards...)
		for _, m := range c.s.Team {
			if m.Sheet != nil {
				sh := cloneSheet(m.Sheet)
				sh.Rank = next.Name
				m.Sheet = sh
			}
		}
		var gifts []string
		for _, r := range next.Rewards {
			g := fmt.Sprintf("%s ×%d", r.Item, r.Count)
			if r.Choice {
				g += " of choice"
			}
			gifts = append(gifts, g)
		}
		line := fmt.Sprintf("The team is promoted to %s Rank: bag %d slots, storage %d", next.Name, next.Inventory, next.Storage)
		if len(gifts) > 0 {
			line += "; rewards to share: " + strings.Join(gifts, ", ")
		}
		if len(next.Unlocks) > 0 {
			line += "; unlocks " + strings.Join(next.Unlocks, ", ")
		}
		c.say("%s.", line)
	}
}

// syncRank writes the team's rank and rank points on every sheet at the
// table, so that each sheet carries them to the next session.
func (c *ctx) syncRank() {
	for _, m := range c.s.Team {
		if m.Sheet != nil && (m.Sheet.Rank != c.s.Rank || m.Sheet.RankPoints != c.s.RankPoints) {
			sh := cloneSheet(m.Sheet)
			sh.Rank, sh.RankPoints = c.s.Rank, c.s.RankPoints
			m.Sheet = sh
		}
	}
}

// nextRank returns the rank after name.
func nextRank(d *Data, name string) (Rank, bool) {
	for i, r := range d.Ranks {
		if r.Name == name && i+1 < len(d.Ranks) {
			return d.Ranks[i+1], true
		}
	}
	return Rank{}, false
}

// MaxMoves is how many moves a sheet holds besides its typeless move.
const MaxMoves = 4

// offered finds the move a level-up offers m's character, outside battle,
// or says why a (a LearnMove or SkipMove) cannot touch it.
func (c *ctx) offered(seat engine.Seat, a engine.Action, move string) (*Member, string, error) {
	m := c.s.member(seat)
	switch {
	case m == nil || m.Sheet == nil:
		return nil, "", engine.NotYourTurn(a, "only a player with a sheet learns moves")
	case c.s.Battle != nil && c.s.Battle.Started:
		return nil, "", engine.Illegal(a, "moves are learned outside battle")
	}
	i := slices.IndexFunc(m.Sheet.Learnable, func(n string) bool { return strings.EqualFold(n, strings.TrimSpace(move)) })
	if i < 0 {
		if len(m.Sheet.Learnable) == 0 {
			return nil, "", engine.Illegal(a, "%s has no new move to learn: a level-up offers the moves its species learns at the new level", m.Sheet.Name)
		}
		return nil, "", engine.Illegal(a, "%s may learn %s now, not %s", m.Sheet.Name, strings.Join(m.Sheet.Learnable, " or "), move)
	}
	return m, m.Sheet.Learnable[i], nil
}

// learnMove puts a move a level-up offered into a free move slot, or in
// place of a known move when all four are taken (the training of the
// forgotten move goes with it).
func (c *ctx) learnMove(seat engine.Seat, a LearnMove) error {
	m, move, err := c.offered(seat, a, a.Move)
	if err != nil {
		return err
	}
	sh := cloneSheet(m.Sheet)
	old := strings.TrimSpace(a.Replace)
	switch {
	case old == "" && len(sh.Moves) >= MaxMoves:
		return engine.Illegal(a, "%s knows %d moves already (%s): name the one %s replaces", sh.Name, len(sh.Moves), strings.Join(sh.Moves, ", "), move)
	case old != "" && len(sh.Moves) < MaxMoves:
		return engine.Illegal(a, "%s has a free move slot: %s goes there, and %s stays", sh.Name, move, old)
	case old == "":
		sh.Moves = append(sh.Moves, move)
		c.say("%s learns %s.", sh.Name, move)
	default:
		i := slices.IndexFunc(sh.Moves, func(n string) bool { return strings.EqualFold(n, old) })
		if i < 0 {
			return engine.Illegal(a, "%s does not know %s (it knows %s)", sh.Name, old, strings.Join(sh.Moves, ", "))
		}
		old = sh.Moves[i]
		sh.Moves[i] = move
		delete(sh.MoveTiers, old)
		c.say("%s forgets %s and learns %s.", sh.Name, old, move)
	}
	sh.Learnable = slices.DeleteFunc(sh.Learnable, func(n string) bool { return n == move })
	m.Sheet = sh
	return nil
}

// skipMove passes on a move a level-up offered.
func (c *ctx) skipMove(seat engine.Seat, a SkipMove) error {
	m, move, err := c.offered(seat, a, a.Move)
	if err != nil {
		return err
	}
	sh := cloneSheet(m.Sheet)
	sh.Learnable = slices.DeleteFunc(sh.Learnable, func(n string) bool { return n == move })
	m.Sheet = sh
	c.say("%s does not learn %s.", sh.Name, move)
	return nil
}
