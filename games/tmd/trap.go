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
)

// BlastDamage is a blast trap's explosion, a Blast Seed's: 10 true damage.
const BlastDamage = 10

// trapsByGM are the traps whose effect the GM applies.
var trapsByGM = []string{"trip trap", "shiny tile"}

var traps = append([]string{TrapSpiked, TrapApple, TrapPoison, TrapSlumber, TrapSpin, TrapShock, TrapSandblast,
	TrapLethargy, TrapWonder, TrapCleanse, TrapShutter, TrapHunger, TrapBlast, TrapMegaBlast, TrapGrimy}, trapsByGM...)

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
// players are not told); At 0 is the default of 5.
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
		return engine.Illegal(a, "no trap %q (%s)", a.Trap, strings.Join(traps, ", "))
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
	case TrapSpiked, TrapApple:
		c.damage(f, 6, t.Kind)
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
	case TrapBlast:
		c.blast(2)
	case TrapMegaBlast:
		c.blast(5)
	case TrapGrimy:
		face := c.d.Roll(20)
		cond := [4]string{CondParalysis, CondConfusion, CondBurn, CondPoison}[(face-1)/5]
		c.say("%s gets a face-full of nasty food: d20 %d (1-5 paralysis, 6-10 confusion, 11-15 burn, 16-20 poison).", f.Name, face)
		c.inflict(f, cond)
	default:
		c.say("The GM applies the %s.", t.Kind)
	}
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
