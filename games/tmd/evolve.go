package tmd

import (
	"fmt"
	"slices"
	"strings"

	"tabletop/engine"
)

// evolve applies an Evolve: the sheet takes the new species (its types
// follow), keeps its ability and species bonus where the new species
// allows them, and is offered the moves the new species learns on
// evolution (level 0 of its level-up list).
func (c *ctx) evolve(seat engine.Seat, a Evolve) error {
	d, err := LoadData()
	if err != nil {
		return err
	}
	gm := c.s.GM.Is(seat)
	var m *Member
	switch {
	case c.s.Battle != nil && c.s.Battle.Started:
		return engine.Illegal(a, "a character evolves outside battle")
	case gm && strings.TrimSpace(a.Who) == "":
		return engine.Illegal(a, "name the character that evolves")
	case gm:
		if m = c.s.memberNamed(a.Who); m == nil {
			return engine.Illegal(a, "the team has no character named %s", engine.Clip(a.Who))
		}
	default:
		m = c.s.member(seat)
		if m == nil || m.Sheet == nil {
			return engine.NotYourTurn(a, "only a player with a sheet, or the GM, evolves a character")
		}
		if a.Who != "" && !strings.EqualFold(strings.TrimSpace(a.Who), m.Sheet.Name) {
			return engine.NotYourTurn(a, "a player evolves only its own character; the GM evolves others")
		}
	}
	sh := cloneSheet(m.Sheet)
	sp, err := d.SpeciesNamed(sh.Species)
	if err != nil {
		return engine.Illegal(a, "%v", err)
	}
	into, err := d.SpeciesNamed(a.Into)
	if err != nil || !slices.Contains(sp.Evos, into.Dex) {
		if len(sp.Evos) == 0 {
			return engine.Illegal(a, "%s does not evolve", sp.Name)
		}
		return engine.Illegal(a, "%s evolves into %s, not %s", sp.Name, evoNames(d, sp), a.Into)
	}
	switch {
	case gm:
	case sp.EvoLevel == 0:
		return engine.Illegal(a, "the species list gives no level for %s's evolution (an item, a trade, friendship): the GM evolves it", sp.Name)
	case sh.Level < sp.EvoLevel:
		return engine.Illegal(a, "%s evolves at level %d; %s is level %d", sp.Name, sp.EvoLevel, sh.Name, sh.Level)
	}
	var changes []string
	sh.Species = into.Name
	ability := strings.TrimSpace(a.Ability)
	if ability == "" && !slices.Contains(append(slices.Clone(into.Abilities), into.Hidden), sh.Ability) {
		ability = into.Abilities[0]
	}
	if ability != "" && !strings.EqualFold(ability, sh.Ability) {
		sh.Ability = ability
		changes = append(changes, "ability "+ability)
	}
	bonus := sh.Bonus
	if a.Bonus != "" {
		if bonus, err = ParseStat(a.Bonus); err != nil {
			return engine.Illegal(a, "%v", err)
		}
	} else if !slices.Contains(into.Bonus, bonus) {
		bonus = into.Bonus[0]
	}
	if bonus != sh.Bonus {
		sh.Points = cloneMap(sh.Points)
		if sh.Points[sh.Bonus]--; sh.Points[sh.Bonus] <= 0 {
			delete(sh.Points, sh.Bonus)
		}
		sh.Points[bonus]++
		sh.Bonus = bonus
		changes = append(changes, "species bonus in "+bonus.String())
	}
	var learn []string
	for _, l := range d.LevelMoves(into.Name, 0, 0) {
		if !slices.Contains(sh.Moves, l.Move) && !slices.Contains(sh.Learnable, l.Move) {
			learn = append(learn, l.Move)
		}
	}
	sh.Learnable = append(slices.Clone(sh.Learnable), learn...)
	if err := sh.Validate(d); err != nil {
		return engine.Illegal(a, "%s as %s: %v", sh.Name, into.Name, err)
	}
	if gm {
		if err := c.adjust(seat, a, fmt.Sprintf("%s evolves into %s", sh.Name, into.Name), a.Reason, true); err != nil {
			return err
		}
	}
	line := fmt.Sprintf("%s evolves into %s (%s)", sh.Name, into.Name, strings.Join(into.Types, "/"))
	if len(changes) > 0 {
		line += ": " + strings.Join(changes, ", ")
	}
	if len(learn) > 0 {
		line += "; may learn " + strings.Join(learn, ", ")
	}
	c.say("%s.", line)
	m.Sheet = sh
	return nil
}

// evoNames lists the list's names of sp's evolutions.
func evoNames(d *Data, sp *Species) string {
	var names []string
	for _, dex := range sp.Evos {
		if e, err := d.SpeciesNamed(dex); err == nil {
			names = append(names, e.Name)
		} else {
			names = append(names, dex)
		}
	}
	return strings.Join(names, " or ")
}
