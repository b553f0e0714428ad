package tmd

import (
	"fmt"
	"slices"
	"strings"

	"tabletop/engine"
)

// guard: the actor takes incoming attacks for an ally until its next turn.
// It takes the whole turn.
func (c *ctx) guard(seat engine.Seat, a Guard) error {
	f, err := c.turnOf(seat, a.Actor, a)
	if err != nil {
		return err
	}
	t := c.b.fighter(a.Ally)
	switch {
	case t == nil:
		return c.noSuch(a, "there is no %s in this battle", a.Ally)
	case t == f:
		return engine.Illegal(a, "%s cannot guard itself", f.Name)
	case t.side() != f.side():
		return engine.Illegal(a, "%s guards allies, not %s", f.Name, t.Name)
	case t.Fainted:
		return engine.Illegal(a, "%s has fainted", t.Name)
	}
	if err := checkSpend(a, f, 0, FocusAllies, false, true); err != nil {
		return err
	}
	c.spend(f, 0, FocusAllies, false, true)
	c.unhide(f)
	f.Turn.Guarding = t.Name
	c.say("%s guards %s until its next turn (the whole turn).", f.Name, t.Name)
	if f.hasIQ("Field Medic") {
		c.healThrough(t, FieldMedicHeal, "Field Medic")
	}
	c.finish(f)
	return nil
}

// IQ skills of the non-move actions.
const (
	FieldMedicHeal = 2 // Field Medic: guarding heals the guarded ally
	SecondWindHeal = 3 // Second Wind: a break heals the one who takes it
)

// brace: +4 to Defense or Special Defense until the actor's next turn.
func (c *ctx) brace(seat engine.Seat, a Brace) error {
	f, err := c.turnOf(seat, a.Actor, a)
	if err != nil {
		return err
	}
	if a.Stat != Defense && a.Stat != SpDef {
		return engine.Illegal(a, "brace raises Defense or Special Defense, not %s", a.Stat)
	}
	if f.Turn.Brace != "" {
		return engine.Illegal(a, "%s is already braced", f.Name)
	}
	if err := checkSpend(a, f, BraceAP, FocusAllies, false, false); err != nil {
		return err
	}
	c.spend(f, BraceAP, FocusAllies, false, false)
	f.Turn.Brace = a.Stat.Key()
	c.say("%s braces: %s +%d until its next turn (%d AP).", f.Name, a.Stat, BraceBonus, BraceAP)
	c.finish(f)
	return nil
}

// takeBreak: the whole turn, to move every stage one step back to 0 (and
// wash off salt).
func (c *ctx) takeBreak(seat engine.Seat, a Break) error {
	f, err := c.turnOf(seat, a.Actor, a)
	if err != nil {
		return err
	}
	if f.Turn.Acted {
		return engine.Illegal(a, "a break takes the whole turn: %s has already acted", f.Name)
	}
	c.spend(f, 0, FocusAllies, false, true)
	c.say("%s takes a break.", f.Name)
	if f.hasIQ("Second Wind") {
		c.healThrough(f, SecondWindHeal, "Second Wind")
	}
	for _, k := range stageKeys {
		switch s := f.stage(k); {
		case s > 0:
			c.changeStage(f, k, -1)
		case s < 0:
			c.changeStage(f, k, 1)
		}
	}
	if f.Awake != nil && f.Awake.Turns > 0 {
		f.Awake.Turns = 0
		c.say("%s's berserk check is back to a 1.", f.Name)
	}
	if cure(f, CondSalted) {
		c.say("%s washes the salt off.", f.Name)
	}
	c.finish(f)
	return nil
}

// dodge: each AP spent moves incoming attacks' hit line up a face until
// the actor's next turn.
func (c *ctx) dodge(seat engine.Seat, a Dodge) error {
	f, err := c.turnOf(seat, a.Actor, a)
	if err != nil {
		return err
	}
	if a.AP < 1 {
		return engine.Illegal(a, "dodging takes at least 1 AP")
	}
	if err := checkSpend(a, f, a.AP, FocusAllies, false, false); err != nil {
		return err
	}
	c.spend(f, a.AP, FocusAllies, false, false)
	f.Turn.Dodge += a.AP
	c.say("%s gets ready to dodge: attacks on it need %d more until its next turn.", f.Name, f.Turn.Dodge)
	if cure(f, CondSeeded) {
		c.say("%s moves out of the seeded ground.", f.Name)
	}
	c.finish(f)
	return nil
}

// WishHeal is what a wish heals.
const WishHeal = 4

// useWish spends a wish of the actor's side to heal it, for no AP.
func (c *ctx) useWish(seat engine.Seat, a UseWish) error {
	f, err := c.turnOf(seat, a.Actor, a)
	if err != nil {
		return err
	}
	if c.b.Wishes[f.side()] == 0 {
		return engine.Illegal(a, "there is no wish on the %s' side", f.side())
	}
	c.b.Wishes[f.side()]--
	c.say("%s uses a wish.", f.Name)
	c.heal(f, WishHeal, "a wish")
	c.finish(f)
	return nil
}

// clearHazards rolls a d20: from 11 the hazards on the actor's side are
// gone.
func (c *ctx) clearHazards(seat engine.Seat, a ClearHazards) error {
	f, err := c.turnOf(seat, a.Actor, a)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(c.b.Hazards, func(h Hazard) bool { return h.Side == f.side() }) {
		return engine.Illegal(a, "there are no hazards on the %s' side", f.side())
	}
	if err := checkSpend(a, f, ClearAP, FocusAllies, false, false); err != nil {
		return err
	}
	c.spend(f, ClearAP, FocusAllies, false, false)
	face := c.d.Roll(20)
	if face >= ClearAt {
		c.b.Hazards = slices.DeleteFunc(c.b.Hazards, func(h Hazard) bool { return h.Side == f.side() })
		c.b.Traps = nil
		c.say("%s clears the hazards: d20 %d (clears on %d+): the %s' side is clear, and any hidden trap is found and disarmed.", f.Name, face, ClearAt, f.side())
	} else {
		c.say("%s tries to clear the hazards: d20 %d (clears on %d+): they stay.", f.Name, face, ClearAt)
	}
	c.finish(f)
	return nil
}

// endTurn ends a fighter's turn; the GM with no actor ends the side's.
func (c *ctx) endTurn(seat engine.Seat, a EndTurn) error {
	if c.s.GM.Is(seat) && a.Actor == "" {
		if c.b == nil || !c.b.Started {
			return engine.Illegal(a, "there is no battle under way")
		}
		c.say("The GM ends the %s' turn.", c.b.Side)
		c.endSide()
		c.advance()
		return nil
	}
	f, err := c.turnOf(seat, a.Actor, a)
	if err != nil {
		return err
	}
	f.Turn.Done = true
	c.say("%s ends its turn.", f.Name)
	c.advance()
	return nil
}

// EmpowermentSeed is the item that awakens.
const EmpowermentSeed = "Empowerment Seed"

// itemRevives: the share of max HP a revival item gives back. Other items
// the table runs are in items.go.
var itemRevives = map[string][2]int{"Reviver Seed": {1, 1}, "Tiny Reviver Seed": {1, 2}}

// useItem uses an item from a bag in battle, at its category's AP cost.
func (c *ctx) useItem(seat engine.Seat, a UseItem) error {
	f, err := c.turnOf(seat, a.Actor, a)
	if err != nil {
		return err
	}
	if f.Foe || f.NPC {
		return engine.Illegal(a, "foes and the GM's allies carry no bags at this table: the GM applies an item's effect with an override")
	}
	if f.has(CondEmbargo) {
		return engine.Illegal(a, "%s is under an embargo: no items", f.Name)
	}
	d, _ := LoadData()
	it, err := d.ItemNamed(a.Item)
	if err != nil {
		return engine.Illegal(a, "there is no item %s", engine.Clip(a.Item))
	}
	owner := c.s.memberNamed(f.Name)
	if a.Bag != "" && !strings.EqualFold(a.Bag, f.Name) {
		owner = c.s.memberNamed(a.Bag)
		switch {
		case owner == nil:
			return c.noSuch(a, "%s is not a member of the team", a.Bag)
		case !owner.LendBag:
			return engine.Illegal(a, "%s has not given permission to use items from their bag", owner.Sheet.Name)
		}
	}
	slot := -1
	for i, name := range owner.Sheet.Inventory {
		if strings.EqualFold(name, it.Name) {
			slot = i
			break
		}
	}
	if slot < 0 {
		return engine.Illegal(a, "%s's bag holds no %s", owner.Sheet.Name, it.Name)
	}
	t := f
	if a.On != "" {
		if t = c.b.fighter(a.On); t == nil {
			return c.noSuch(a, "there is no %s in this battle", a.On)
		}
	}
	if why := itemTarget(f, t, it); why != "" {
		return engine.Illegal(a, "%s", why)
	}
	_, revives := itemRevives[it.Name]
	focus := FocusAllies
	if itemEffects[it.Name].offensive(f, t) {
		focus = FocusOpponents
	}
	cost := itemCost(it)
	if err := checkSpend(a, f, cost, focus, false, false); err != nil {
		return err
	}
	c.spend(f, cost, focus, false, false)
	c.unhide(f)
	owner.Sheet.Inventory = slices.Delete(slices.Clone(owner.Sheet.Inventory), slot, slot+1)
	from := ""
	if owner.Sheet.Name != f.Name {
		from = " from " + owner.Sheet.Name + "'s bag"
	}
	if e, ok := itemEffects[it.Name]; ok && e.area != onTarget {
		c.say("%s uses %s%s (%d AP).", f.Name, it.Name, from, cost)
	} else {
		c.say("%s uses %s%s on %s (%d AP).", f.Name, it.Name, from, t.Name, cost)
	}
	if food := berry(it) || strings.Contains(it.Name, "Apple"); food && cure(t, CondHungry) {
		c.say("%s eats and is no longer hungry.", t.Name)
	}
	switch {
	case revives:
		share := itemRevives[it.Name]
		t.Fainted = false
		t.Body.HP = max(1, t.Body.MaxHP*share[0]/share[1])
		c.say("%s is back on its feet at %d/%d HP.", t.Name, t.Body.HP, t.Body.MaxHP)
		if c.b.Side == t.side() {
			ap := c.b.maxAP(t)
			t.Turn = Turn{AP: ap, Max: ap} // it may act this very turn
		}
	case it.Name == EmpowermentSeed:
		c.awaken(t)
	case c.useEffect(f, t, it):
	default:
		c.say("The GM applies the effect of %s%s.", it.Name, describeItem(it))
	}
	if f.Fainted {
		f.Turn.Done = true
	}
	c.finish(f)
	return nil
}

func describeItem(it *Item) string {
	if it.Desc == "" {
		return ""
	}
	return fmt.Sprintf(" (%s)", it.Desc)
}

// itemCost is the AP it takes to use an item in battle: its category's.
func itemCost(it *Item) int {
	switch {
	case it.AP > 0:
		return it.AP
	case berry(it):
		return 2 // a berry the list files elsewhere (Lum Berry)
	}
	return 4 // orbs and others
}

// berry reports whether it is a berry, whichever section the list files it
// in: berries cost 2 AP and feed the hungry.
func berry(it *Item) bool { return it.Section == "berry" || strings.HasSuffix(it.Name, " Berry") }
