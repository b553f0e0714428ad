package tmd

import (
	"fmt"
	"slices"
	"strings"

	"tabletop/engine"
)

// Traps of the rule text's list. The table runs those whose effect is a
// number or a condition; the others spring and the GM applies them.
const (
	TrapSpiked    = "spiked trap"     // 6 true damage
	TrapApple     = "apple trap"      // 6 true damage (and a Big Apple, from the GM)
	TrapPoison    = "poison trap"     // poison
	TrapSlumber   = "slumber trap"    // sleep
	TrapSpin      = "spin trap"       // confusion
	TrapShock     = "shock trap"      // paralysis
	TrapSandblast = "sandblast trap"  // accuracy -1
	TrapLethargy  = "lethargy trap"   // speed -1
	TrapWonder    = "wonder tile"     // stat stages reset
	TrapCleanse   = "cleanse tile"    // status conditions removed
	TrapShutter   = "shutter trap"    // disabled
	TrapHunger    = "hunger trap"     // hungry
	TrapBlast     = "blast trap"      // 10 true damage on 2 combatants at random
	TrapMegaBlast = "mega-blast trap" // 10 true damage on 5 combatants at random
	TrapGrimy     = "grimy trap"      // Grimy Food: paralysis, confusion, burn or poison by a d20
	TrapTrip      = "trip trap"       // the worn and held items drop until the battle ends
	TrapShiny     = "shiny tile"      // a nice item picked with a d6, into the bag
)

// BlastDamage is a blast trap's explosion, a Blast Seed's: 10 true damage.
const BlastDamage = 10

var traps = []string{TrapSpiked, TrapApple, TrapPoison, TrapSlumber, TrapSpin, TrapShock, TrapSandblast,
	TrapLethargy, TrapWonder, TrapCleanse, TrapShutter, TrapHunger, TrapBlast, TrapMegaBlast, TrapGrimy, TrapTrip, TrapShiny}

// ShinyItems are the nice items a Shiny Tile gives, one picked with a d6:
// items the table runs, so the finder can use it at once.
var ShinyItems = [6]string{"Oran Berry", "Sitrus Berry", "Lum Berry", "Heal Seed", "Tiny Reviver Seed", "Reviver Seed"}

// DefaultTrapAt is the accuracy roll at or under which a trap springs,
// unless the GM says otherwise.
const DefaultTrapAt = 5

// Trap is a trap hidden on the battle's floor: the first accuracy roll at
// or under At springs it on the roller, and it is used up.
type Trap struct {
	Kind string `json:"kind"`
	At   int    `json:"at"`
}

// SetTrap hides a trap on the floor before or during a battle (the
// players are not told); At 0 is the default of 5. Text form: "hide a
// spiked trap (a pit)", "hide a poison trap (springs on 8 or less) (a
// pit)".
type SetTrap struct {
	Trap   string `json:"trap"`
	At     int    `json:"at,omitempty"`
	Reason string `json:"reason"`
}

// KindTrap is SetTrap's kind.
const KindTrap = "trap"

// MaxTraps bounds the traps of a battle.
const MaxTraps = 10

func (SetTrap) Kind() string { return KindTrap }
func (a SetTrap) String() string {
	if a.At == 0 {
		return withReason("hide a "+a.Trap, a.Reason)
	}
	return withReason(fmt.Sprintf("hide a %s (springs on %d or less)", a.Trap, a.At), a.Reason)
}

func init() { decoders[KindTrap] = decodeAs[SetTrap] }

// setTrap hides a trap: a private adjustment, for the GM's eyes only.
func (c *ctx) setTrap(seat engine.Seat, a SetTrap) error {
	kind := strings.ToLower(strings.TrimSpace(a.Trap))
	at := a.At
	if at == 0 {
		at = DefaultTrapAt
	}
	switch {
	case c.b == nil:
		return engine.Illegal(a, "traps are hidden on a battle's floor: add a foe first")
	case !slices.Contains(traps, kind):
		return engine.Illegal(a, "no trap %s (%s)", engine.Quote(a.Trap), strings.Join(traps, ", "))
	case at < 1 || at > 20:
		return engine.Illegal(a, "a trap springs on a roll of 1 to 20 or less, not %d", at)
	case len(c.b.Traps) >= MaxTraps:
		return engine.Illegal(a, "a battle has at most %d traps", MaxTraps)
	}
	if err := c.adjust(seat, a, fmt.Sprintf("a %s, springing on %d or less", kind, at), a.Reason, false); err != nil {
		return err
	}
	c.b.Traps = append(c.b.Traps, Trap{Kind: kind, At: at})
	return nil
}

// springTrap springs the first trap whose threshold the accuracy face
// reaches, on f, and uses it up.
func (c *ctx) springTrap(f *Fighter, face int) {
	i := slices.IndexFunc(c.b.Traps, func(t Trap) bool { return face <= t.At })
	if i < 0 || f.Fainted {
		return
	}
	t := c.b.Traps[i]
	c.b.Traps = slices.Delete(c.b.Traps, i, i+1)
	c.say("%s's roll of %d springs a %s!", f.Name, face, t.Kind)
	switch t.Kind {
	case TrapSpiked:
		c.damage(f, 6, t.Kind)
	case TrapApple:
		c.damage(f, 6, t.Kind)
		c.give(f, "Big Apple")
	case TrapPoison:
		c.inflict(f, CondPoison)
	case TrapSlumber:
		c.inflict(f, CondSleep)
	case TrapSpin:
		c.inflict(f, CondConfusion)
	case TrapShock:
		c.inflict(f, CondParalysis)
	case TrapShutter:
		c.inflict(f, CondDisabled)
	case TrapHunger:
		c.inflict(f, CondHungry)
	case TrapSandblast:
		c.changeStage(f, "acc", -1)
	case TrapLethargy:
		c.changeStage(f, "spe", -1)
	case TrapWonder:
		f.Stages = nil
		c.say("%s's stat changes are reset.", f.Name)
	case TrapCleanse:
		f.Major, f.Minor, f.SleepAP = nil, nil, 0
		c.say("%s's status conditions are gone.", f.Name)
	case TrapBlast, TrapMegaBlast:
		if c.b.Weather == WeatherRain {
			c.say("The rain has defused it: nothing goes off.")
			return
		}
		c.blast(map[string]int{TrapBlast: 2, TrapMegaBlast: 5}[t.Kind])
	case TrapGrimy:
		c.grimyFood(f, "gets a face-full of nasty food")
	case TrapTrip:
		c.trip(f)
	case TrapShiny:
		face := c.d.Roll(len(ShinyItems))
		c.say("%s finds something nice: d%d %d, a %s.", f.Name, len(ShinyItems), face, ShinyItems[face-1])
		c.give(f, ShinyItems[face-1])
	}
}

// give puts an item in f's bag if it has a free slot; otherwise (a full
// bag, or a foe, who carries none) it lies on the floor for the GM.
func (c *ctx) give(f *Fighter, item string) {
	m := c.s.memberNamed(f.Name)
	if f.Foe || m == nil {
		c.say("%s carries no bag: the %s lies on the floor for the GM.", f.Name, item)
		return
	}
	d, _ := LoadData()
	der, err := m.Sheet.Derive(d)
	if err != nil || len(m.Sheet.Inventory) >= der.Inventory {
		c.say("%s's bag is full: the %s lies on the floor for the GM.", f.Name, item)
		return
	}
	sh := cloneSheet(m.Sheet)
	sh.Inventory = append(sh.Inventory, item)
	m.Sheet = sh
	c.say("%s puts the %s in its bag.", f.Name, item)
}

// trip knocks f's worn and held items off: they lie on the floor, out of
// play, until the battle ends and f picks them up.
func (c *ctx) trip(f *Fighter) {
	m := c.s.memberNamed(f.Name)
	if f.Foe || m == nil || (m.Sheet.Worn == "" && m.Sheet.Equipped == "") {
		c.say("%s has nothing worn or held to drop.", f.Name)
		return
	}
	sh := cloneSheet(m.Sheet)
	f.DropWorn, f.DropHeld = sh.Worn, sh.Equipped
	sh.Worn, sh.Equipped = "", ""
	m.Sheet = sh
	c.say("%s drops %s: it stays on the floor until the battle ends.", f.Name, strings.Join(nonEmpty(f.DropWorn, f.DropHeld), " and "))
}

// pickUp gives m's character back what a trip trap made it drop.
func pickUp(f *Fighter, m *Member) {
	if f.DropWorn == "" && f.DropHeld == "" {
		return
	}
	sh := cloneSheet(m.Sheet)
	if f.DropWorn != "" {
		sh.Worn = f.DropWorn
	}
	if f.DropHeld != "" {
		sh.Equipped = f.DropHeld
	}
	m.Sheet = sh
	f.DropWorn, f.DropHeld = "", ""
}

func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// blast deals BlastDamage to n standing combatants (all, if fewer), any
// side, picked one by one with a die.
func (c *ctx) blast(n int) {
	var pool []*Fighter
	for _, f := range c.b.Fighters {
		if !f.Fainted {
			pool = append(pool, f)
		}
	}
	for range min(n, len(pool)) {
		i := c.d.Roll(len(pool)) - 1
		f := pool[i]
		pool = slices.Delete(pool, i, i+1)
		c.damage(f, BlastDamage, "the explosion")
	}
}
