package tmd

import (
	"fmt"
	"slices"
	"strings"
)

// Major status conditions: a fighter has at most one.
const (
	CondParalysis = "paralysis"      // 1-6 miss, -2 max AP; 4 turns
	CondConfusion = "confusion"      // 1-6 go astray (a 1 on the user, 2-6 on an ally); 4 turns
	CondPoison    = "poison"         // poison DoT until cured
	CondToxic     = "badly poisoned" // badly poisoned DoT until cured
	CondBurn      = "burn"           // physical BP halved, burn DoT until cured
	CondSleep     = "sleep"          // 0 AP, a quarter of max AP back each turn
	CondFreeze    = "freeze"         // cannot act 2 turns, -2 AP on the third; incoming damage -3
)

// Minor status conditions the table runs (others the GM runs by hand, as
// notes and overrides).
const (
	CondFlinch       = "flinch"        // 12 faces of accuracy lost; 1 round
	CondRecharging   = "recharging"    // cannot act; 1 round
	CondIngrained    = "ingrained"     // heals 2 a round, moves never miss it; 4 rounds
	CondWrapped      = "wrapped"       // burn DoT; 3 rounds
	CondWrapping     = "wrapping"      // the user of a wrap: cannot act; 3 rounds
	CondStuck        = "stuck"         // burn DoT, moves never miss it; 3 rounds
	CondSalted       = "salted"        // poison DoT (badly poisoned for Water and Steel); until a Break
	CondCursed       = "cursed"        // 6 damage a round
	CondHealthy      = "healthy"       // immune to major conditions and lowered stages; 3 rounds
	CondSleepless    = "sleepless"     // immune to sleep
	CondNightmare    = "nightmare"     // burn DoT while asleep
	CondYawning      = "yawning"       // falls asleep after 2 rounds
	CondPetrified    = "petrified"     // cannot act until damaged
	CondAquaRing     = "aqua ring"     // heals 1 a round; 6 rounds
	CondHealBlock    = "heal block"    // cannot heal; 5 rounds
	CondHungry       = "hungry"        // its moves deal their AP cost less damage; until it eats
	CondExposed      = "exposed"       // its evasion increases are ignored; Normal and Ghost moves reach it
	CondEmbargo      = "embargo"       // cannot use items; 3 rounds
	CondPerishing    = "perishing"     // burn, poison, bad poison and curse deal three turns' damage at once, and end
	CondDisabled     = "disabled"      // cannot use the move it used last; 3 rounds
	CondEncore       = "encore"        // can use only the move it used last; 3 rounds
	CondInsomnia     = "insomnia"      // nobody in the battle falls asleep; 3 rounds
	CondSeeded       = "seeded"        // loses 2 HP a round until it moves (a Dodge) or spins free
	CondSubstitute   = "substitute"    // a decoy with HP takes opponents' hits, status moves and effects
	CondInfatuated   = "infatuated"    // cannot focus on the one it loves; 4 rounds
	CondBound        = "bound"         // takes the move damage dealt to every other bound fighter; 1 round
	CondLegHold      = "leg hold"      // may focus only on itself or its last move's targets; 1 round
	CondInvisible    = "invisible"     // opponents cannot aim at it until it uses a move or an item, or guards
	CondSkyHigh      = "sky high"      // moves miss it but from other sky-high fighters and the moves that reach the sky
	CondRaised       = "raised"        // untouched by Ground moves and hazards; 5 rounds
	CondGrounded     = "grounded"      // Flying no longer keeps Ground moves off; 5 rounds
	CondMiracleEye   = "miracle eye"   // Dark no longer keeps Psychic moves off
	CondPursued      = "pursued"       // its moves on anyone but its pursuer deal 4 more damage
	CondGrudge       = "grudge"        // the move that knocks it out is disabled
	CondBlinker      = "blinker"       // its single-target moves land on a fighter picked with a die; 3 rounds
	CondPowdered     = "powdered"      // explodes (10 true damage) when a Fire move hits it; 6 rounds
	CondNeutralized  = "neutralized"   // its ability is off (the GM runs abilities); 6 rounds
	CondImmobile     = "immobile"      // cannot flee (fleeing is the GM's call); until cured
	CondWishing      = "wishing"       // after a round a wish forms on its side; 1 round
	CondAuroraVeil   = "aurora veil"   // a screen against physical and special hits; 3 turns; only in snow
	CondSilenced     = "silenced"      // cannot use sound moves; 3 rounds
	CondReflect      = "reflect"       // a screen: physical hits lose the screen table's amount; 3 turns
	CondLightScreen  = "light screen"  // a screen: special hits lose the screen table's amount; 3 turns
	CondPainSplit    = "pain split"    // stores the damage it takes; in its 4th round Pain Split deals it to an opponent; 4 rounds
	CondSplintered   = "splintered"    // burn DoT; 3 rounds
	CondUnremitted   = "unremitted"    // a hit held back (its damage worked out when it landed) strikes after 2 rounds
	CondCountering   = "countering"    // the first physical hit it takes is stored, +3, for its next attack that lands
	CondMirroring    = "mirroring"     // the same for a special hit
	CondMetalBurst   = "metal burst"   // the same for any hit, +0
	CondCommanding   = "commanding"    // cannot use attacking moves; the bonuses it gives allies are the GM's
	CondCommanded    = "commanded"     // kept for the GM, who applies a commander's bonuses
	CondProtected    = "protected"     // a protect move: other fighters' moves fail on it; until its side's next turn
	CondEnduring     = "enduring"      // an attacking move leaves it at 1 HP at least; 1 round
	CondQuickGuard   = "quick guard"   // opponents' priority moves fail on it; 1 round
	CondWideGuard    = "wide guard"    // opponents' multi-target moves and room-hitters fail on it; 1 round
	CondCraftyShield = "crafty shield" // opponents' status moves fail on it; 1 round
	CondResting      = "resting"       // Rest: cannot act; 2 rounds
	CondLaserFocus   = "laser focus"   // its next move's hits are critical
	CondLockedOn     = "locked on"     // its moves never miss the one it locked on to: the next move (Lock-On), or through its next turn (Mind Reader)
	CondTaunted      = "taunted"       // its status moves cost 2 AP more; 2 rounds
	CondSafeguard    = "safeguard"     // its opponents' status moves cost 2 AP more; 1 round
	CondMist         = "mist"          // opponents cannot lower its stages; 5 rounds
	CondSpited       = "spited"        // the move it used last costs 2 AP more until it uses it again
	CondMatBlock     = "mat block"     // Defense +4 (mitigation against physical hits); 1 round
	CondThrashing    = "thrashing"     // Thrash used: another move within 3 rounds is disabled
	CondStockpile    = "stockpile"     // HP counts the stockpiles (1 to 3), each +1 Defense and Special Defense; for Spit Up and Swallow
)

// majorTurns is how many of its side's turns a major condition lasts (0:
// until cured).
var majorTurns = map[string]int{
	CondParalysis: 4, CondConfusion: 4, CondPoison: 0, CondToxic: 0, CondBurn: 0, CondSleep: 0, CondFreeze: 3,
}

// minorRounds is how many rounds a minor condition lasts (0: until cured or
// its own end).
var minorRounds = map[string]int{
	CondFlinch: 1, CondRecharging: 1, CondIngrained: 4, CondWrapped: 3, CondWrapping: 3, CondStuck: 3,
	CondSalted: 0, CondCursed: 0, CondHealthy: 3, CondSleepless: 0, CondNightmare: 0, CondYawning: 2,
	CondPetrified: 0, CondAquaRing: 6, CondHealBlock: 5, CondHungry: 0, CondExposed: 0, CondEmbargo: 3, CondPerishing: 0,
	CondDisabled: 3, CondEncore: 3, CondInsomnia: 3, CondSeeded: 0, CondSubstitute: 0, CondInfatuated: 4, CondReflect: 3, CondLightScreen: 3, CondSilenced: 3, CondBound: 1, CondLegHold: 1, CondInvisible: 0, CondSkyHigh: 0, CondRaised: 5, CondGrounded: 5, CondMiracleEye: 0, CondPursued: 0, CondGrudge: 0, CondBlinker: 3, CondPowdered: 6, CondNeutralized: 6, CondImmobile: 0, CondWishing: 1, CondAuroraVeil: 3,
	CondPainSplit:  3, // used in the user's own turn, that round counts too: it ends with the 4th
	CondSplintered: 3, CondUnremitted: 2, CondCountering: 0, CondMirroring: 0, CondMetalBurst: 0,
	CondCommanding: 0, CondCommanded: 0, CondProtected: 0,
	CondEnduring: 1, CondQuickGuard: 1, CondWideGuard: 1, CondCraftyShield: 1,
	CondResting: 2, CondLaserFocus: 0, CondLockedOn: 0, CondTaunted: 2,
	CondSafeguard: 1, CondMist: 5, CondSpited: 0, CondStockpile: 0, CondThrashing: 3, CondMatBlock: 1,
}

// pageRounds are the minor conditions the group's rules page gives
// another length than the rule text.
var pageRounds = map[string]int{CondEncore: 2, CondAquaRing: 3, CondHealBlock: 3}

// ConditionNames lists every condition the table runs, major then minor.
func ConditionNames() []string {
	var out []string
	for k := range majorTurns {
		out = append(out, k)
	}
	slices.Sort(out)
	var minor []string
	for k := range minorRounds {
		minor = append(minor, k)
	}
	slices.Sort(minor)
	return append(out, minor...)
}

// parseCondition reads a condition's name, with the mainline data's
// short names (brn, par, psn, tox, slp, frz) too.
func parseCondition(name string) (string, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	short := map[string]string{"brn": CondBurn, "par": CondParalysis, "psn": CondPoison, "tox": CondToxic,
		"slp": CondSleep, "frz": CondFreeze, "confused": CondConfusion, "paralyzed": CondParalysis,
		"burned": CondBurn, "asleep": CondSleep, "frozen": CondFreeze, "poisoned": CondPoison, "badly poison": CondToxic}
	if c, ok := short[n]; ok {
		return c, true
	}
	if _, ok := majorTurns[n]; ok {
		return n, true
	}
	if _, ok := minorRounds[n]; ok {
		return n, true
	}
	return "", false
}

func isMajor(kind string) bool { _, ok := majorTurns[kind]; return ok }

// immune says why f cannot get condition kind now, or "".
func (b *Battle) immune(f *Fighter, kind string) string {
	switch {
	case f.Fainted:
		return f.Name + " has fainted"
	case isMajor(kind) && b.terrainOn(f) == TerrainMisty:
		return "Misty Terrain keeps major status conditions away"
	case isMajor(kind) && f.has(CondHealthy):
		return f.Name + " is healthy: no major status condition takes hold"
	case isMajor(kind) && f.Major != nil:
		return f.Name + " already has " + f.Major.Kind + " (one major condition at a time)"
	case (kind == CondSleep || kind == CondYawning) && b.terrainOn(f) == TerrainElectric:
		return "Electric Terrain keeps everyone awake"
	case kind == CondSleep && f.has(CondSleepless):
		return f.Name + " is sleepless"
	case kind == CondSleep && slices.ContainsFunc(b.Fighters, func(g *Fighter) bool { return !g.Fainted && g.has(CondInsomnia) }):
		return "an insomnia keeps everyone awake"
	case (kind == CondDisabled || kind == CondEncore || kind == CondSpited) && f.Last == "":
		return f.Name + " has used no move yet"
	case kind == CondSkyHigh && b.Gravity > 0:
		return "gravity keeps everyone on the ground"
	case kind == CondFreeze && b.Weather == WeatherSun:
		return "nobody freezes in harsh sunlight"
	case b.abilityImmune(f, kind) != "":
		return b.abilityImmune(f, kind)
	case kind == CondSubstitute && f.has(kind):
		return f.Name + " already has a substitute"
	case kind == CondSubstitute && f.Body.HP <= subCost(f):
		return f.Name + " has too little HP to make a substitute"
	case !isMajor(kind) && f.has(kind):
		return f.Name + " is already " + kind
	}
	return ""
}

// inflict gives f condition kind and says so; it returns false (saying
// why) if f is immune.
func (c *ctx) inflict(f *Fighter, kind string) bool {
	if why := c.b.immune(f, kind); why != "" {
		c.say("%s does not get %s: %s.", f.Name, kind, why)
		return false
	}
	if kind == CondPerishing {
		c.perish(f)
		return true
	}
	if kind == CondSubstitute {
		n := subCost(f)
		f.Minor = append(f.Minor, Cond{Kind: kind, HP: n})
		c.damage(f, n, "a quarter of its max HP into a substitute")
		return true
	}
	if isMajor(kind) {
		f.Major = &Cond{Kind: kind, Left: majorTurns[kind]}
		if kind == CondSleep {
			f.SleepAP = 0
		}
	} else {
		cond := Cond{Kind: kind, Left: c.roundsLeft(f, kind)}
		if kind == CondDisabled || kind == CondEncore || kind == CondSpited {
			cond.Move = f.Last
		}
		f.Minor = append(f.Minor, cond)
	}
	if isMajor(kind) {
		c.say("%s is now %s.", f.Name, condText(kind))
	} else {
		c.say("%s now has %s.", f.Name, kind)
	}
	return true
}

// roundsLeft is the count a minor condition of kind starts f with: its
// rounds, each ending with one of f's side's turns. One that comes in that
// side's own turn (a move on the user or an ally) starts counting from the
// next one, so that a round of it still covers the opponents' turn.
func (c *ctx) roundsLeft(f *Fighter, kind string) int {
	n := minorRounds[kind]
	if p, ok := pageRounds[kind]; ok && c.s.Rules == PageRules {
		n = p
	}
	if n > 0 && c.b != nil && c.b.Started && c.b.Side == f.side() {
		n++
	}
	return n
}

// aimed reports whether condition kind is aimed at someone (the one an
// infatuation loves, a pursuer), who must be named when it is given.
func aimed(kind string) bool {
	return kind == CondInfatuated || kind == CondPursued || kind == CondLockedOn
}

// inflictFrom gives f condition kind aimed at by, and says so; it returns
// false (saying why) if f is immune.
func (c *ctx) inflictFrom(f *Fighter, kind string, by *Fighter) bool {
	if why := c.b.immune(f, kind); why != "" {
		c.say("%s does not get %s: %s.", f.Name, kind, why)
		return false
	}
	f.Minor = append(f.Minor, Cond{Kind: kind, Left: c.roundsLeft(f, kind), By: by.Name})
	word := map[string]string{CondPursued: "by", CondEmbargo: "from", CondLockedOn: "to"}[kind]
	if word == "" {
		word = "with"
	}
	c.say("%s is now %s %s %s.", f.Name, kind, word, by.Name)
	return true
}

// aimedAt returns the condition of kind f has that aims at t, if any.
func (f *Fighter) aimedAt(kind string, t *Fighter) bool {
	return slices.ContainsFunc(f.Minor, func(m Cond) bool { return m.Kind == kind && m.By == t.Name })
}

func condText(kind string) string {
	switch kind {
	case CondParalysis:
		return "paralyzed"
	case CondConfusion:
		return "confused"
	case CondPoison:
		return "poisoned"
	case CondBurn:
		return "burned"
	case CondSleep:
		return "asleep"
	case CondFreeze:
		return "frozen"
	}
	return kind
}

// perish deals f three turns of the damage over time of its burn, poison
// or bad poison and its curse at once, and ends them.
func (c *ctx) perish(f *Fighter) {
	n := 0
	if f.Major != nil {
		switch f.Major.Kind {
		case CondBurn:
			n += 3 * DoT(Burn, f.Body.MaxHP)
		case CondPoison:
			n += 3 * DoT(Poison, f.Body.MaxHP)
		case CondToxic:
			n += 3 * DoT(BadlyPoisoned, f.Body.MaxHP)
		}
		if n > 0 {
			f.Major = nil
		}
	}
	if cure(f, CondCursed) {
		n += 3 * 6
	}
	if n == 0 {
		c.say("%s is perishing, but nothing in it festers.", f.Name)
		return
	}
	if c.guardsMagic(f, "perishing") {
		return
	}
	c.damage(f, n, "perishing: three turns at once")
}

// cure removes condition kind from f; it reports whether f had it.
func cure(f *Fighter, kind string) bool {
	if f.Major != nil && f.Major.Kind == kind {
		f.Major = nil
		f.SleepAP = 0
		return true
	}
	n := len(f.Minor)
	f.Minor = slices.DeleteFunc(f.Minor, func(c Cond) bool { return c.Kind == kind })
	return len(f.Minor) != n
}

// changeStage moves f's stage k by delta within ±6 (crit 0 to 6); a
// healthy fighter refuses decreases. It says what happened.
func (c *ctx) changeStage(f *Fighter, k string, delta int) {
	if delta < 0 && f.has(CondHealthy) {
		c.say("%s is healthy: its %s does not drop.", f.Name, k)
		return
	}
	lo := -6
	if k == "crit" {
		lo = 0
	}
	old := f.stage(k)
	v := min(6, max(lo, old+delta))
	if f.Stages == nil {
		f.Stages = map[string]int{}
	}
	if v == 0 {
		delete(f.Stages, k)
	} else {
		f.Stages[k] = v
	}
	c.say("%s's %s stage %+d → %+d.", f.Name, k, old, v)
}

// endOfSideTurn ticks the conditions counted in the afflicted's turns:
// paralysis and confusion wear off after 4, a freeze thaws after its third,
// and a sleeper gets a quarter of its max AP back (rounded up), waking when
// it has all of it.
func (c *ctx) endOfSideTurn(side Side) {
	for _, f := range c.b.side(side) {
		if f.Awake != nil && !f.Fainted {
			f.Awake.Turns++
			if n := berserk(f); n > 0 {
				c.say("%s's berserk check: 1-%d fail from its next turn.", f.Name, 1+n)
			}
		}
		if f.Fainted || f.Major == nil {
			continue
		}
		switch m := f.Major; m.Kind {
		case CondSleep:
			full, _ := SpeedStage(f.Body.AP, c.b.speedStage(f))
			f.SleepAP += (full + 3) / 4
			if f.SleepAP >= full {
				f.Major, f.SleepAP = nil, 0
				c.say("%s wakes up.", f.Name)
			} else {
				c.say("%s sleeps on (%d of %d AP back).", f.Name, f.SleepAP, full)
			}
		default:
			if m.Left == 0 {
				continue
			}
			m.Left--
			if m.Left == 0 {
				f.Major = nil
				c.say("%s is no longer %s.", f.Name, condText(m.Kind))
			}
		}
	}
}

// endOfRound is the end of a round: damage over time and healing, then
// the minor conditions tick, the weather hurts, speed increases fall back
// by one.
func (c *ctx) endOfRound() {
	b := c.b
	for _, f := range b.Fighters {
		if f.Fainted {
			continue
		}
		max := f.Body.MaxHP
		var dot, what []string
		hurt := 0
		add := func(kind string, n int) {
			if n > 0 {
				hurt += n
				dot = append(dot, fmt.Sprintf("%s %d", kind, n))
				what = append(what, kind)
			}
		}
		if f.Major != nil {
			switch f.Major.Kind {
			case CondBurn:
				add("burn", DoT(Burn, max))
			case CondPoison:
				add("poison", DoT(Poison, max))
			case CondToxic:
				add("bad poison", DoT(BadlyPoisoned, max))
			}
		}
		if f.has(CondNightmare) && f.has(CondSleep) {
			add("nightmare", DoT(Burn, max))
		}
		if f.has(CondWrapped) {
			add("wrap", DoT(Burn, max))
		}
		if f.has(CondStuck) {
			add("stuck", DoT(Burn, max))
		}
		if f.has(CondSplintered) {
			add("splinters", DoT(Burn, max))
		}
		if f.has(CondSalted) {
			if f.hasType("Water") || f.hasType("Steel") {
				add("salt", DoT(BadlyPoisoned, max))
			} else {
				add("salt", DoT(Poison, max))
			}
		}
		if f.has(CondSeeded) {
			add("seed", 2)
		}
		if f.has(CondCursed) {
			add("curse", 6)
		}
		if b.Weather == WeatherSand && !f.hasType("Rock") && !f.hasType("Steel") && !f.hasType("Ground") && !weatherProof(f, WeatherSand) {
			add("sandstorm", 1)
		}
		if f.ability() == "Dry Skin" && b.Weather == WeatherSun {
			add("Dry Skin in the sun", DrySkinHP)
		}
		if hurt > 0 && c.guardsMagic(f, strings.Join(what, ", ")) {
			hurt = 0
		}
		if hurt > 0 {
			// How much depends on max HP, which a hidden foe keeps secret.
			c.sayHP(f, fmt.Sprintf("End of round %d: %s takes %d (%s).", b.Round, f.Name, hurt, strings.Join(dot, ", ")),
				fmt.Sprintf("End of round %d: %s takes damage (%s).", b.Round, f.Name, strings.Join(what, ", ")))
			c.hurt(f, hurt)
		}
		heal := 0
		if f.has(CondIngrained) {
			heal += 2
		}
		if f.has(CondAquaRing) {
			heal++
		}
		if b.terrainOn(f) == TerrainGrassy {
			heal += 2
		}
		if heal > 0 && !f.Fainted {
			c.heal(f, heal, "end of round")
		}
		if f.ability() == "Dry Skin" && b.Weather == WeatherRain && !f.Fainted {
			c.healThrough(f, DrySkinHP, "Dry Skin in the rain")
		}
	}
	for _, f := range b.Fighters {
		if s := f.stage("spe"); s > 0 {
			c.changeStage(f, "spe", -1) // speed increases tick back one a round
		}
	}
	for _, f := range b.Fighters {
		for _, l := range f.Next {
			if by := b.fighter(l.By); by != nil && !f.Fainted {
				c.stageBy(by, f, l.Stage, l.Delta)
			}
		}
		f.Next = nil
	}
	if b.Gravity > 0 {
		if b.Gravity--; b.Gravity == 0 {
			c.say("Gravity lifts.")
		}
	}
}

// tickMinor counts down the minor conditions of side's fighters at the end
// of their turn: a condition lasting n rounds covers the afflicted's next
// n turns, however late in a round it came.
func (c *ctx) tickMinor(side Side) {
	for _, f := range c.b.side(side) {
		var keep []Cond
		for _, m := range f.Minor {
			switch {
			case m.Left == 0:
				keep = append(keep, m)
			case m.Left > 1:
				m.Left--
				keep = append(keep, m)
			case m.Kind == CondWishing:
				if c.b.Wishes == nil {
					c.b.Wishes = map[Side]int{}
				}
				c.b.Wishes[side]++
				c.say("%s's wish forms: the %s have %d wish(es) to use.", f.Name, side, c.b.Wishes[side])
			case m.Kind == CondUnremitted:
				c.say("%s's held-back blow from %s strikes.", f.Name, m.By)
				c.damage(f, m.HP, "unremitted")
			case m.Kind == CondYawning:
				c.say("%s's yawn runs out.", f.Name)
				if !f.Fainted {
					c.inflict(f, CondSleep)
				}
			default:
				c.say("%s no longer has %s.", f.Name, m.Kind)
			}
		}
		f.Minor = keep
	}
}

// hurt takes n HP from f; at 0 it faints. Damage wakes a petrified one,
// and a pain split stores the HP lost.
func (c *ctx) hurt(f *Fighter, n int) {
	if n <= 0 || f.Fainted {
		return
	}
	if i := slices.IndexFunc(f.Minor, func(m Cond) bool { return m.Kind == CondPainSplit }); i >= 0 {
		f.Minor[i].HP += min(n, f.Body.HP)
	}
	f.Body.HP = max(0, f.Body.HP-n)
	if cure(f, CondPetrified) {
		c.say("%s is no longer petrified.", f.Name)
	}
	if f.Body.HP == 0 {
		for _, g := range c.b.Fighters {
			if g.aimedAt(CondEmbargo, f) && cure(g, CondEmbargo) {
				c.say("%s's embargo ends with %s.", g.Name, f.Name)
			}
		}
		f.Fainted = true
		f.Major, f.Minor, f.Stages, f.SleepAP, f.Charge = nil, nil, nil, 0, nil
		f.Turn.Done = true
		c.say("%s faints!", f.Name)
	}
}

// heal gives f up to n HP back from a move or a move's effect (not past its
// max; not under heal block, which the text keeps to "Moves or effects
// caused by Moves").
func (c *ctx) heal(f *Fighter, n int, why string) {
	if f.has(CondHealBlock) && !f.Fainted && n > 0 {
		c.say("%s cannot heal (heal block).", f.Name)
		return
	}
	c.healThrough(f, n, why)
}

// healThrough gives f up to n HP back from what is not a move (an item, an
// IQ skill): heal block does not stop it.
func (c *ctx) healThrough(f *Fighter, n int, why string) {
	if f.Fainted || n <= 0 {
		return
	}
	got := min(n, f.Body.MaxHP-f.Body.HP)
	if got <= 0 {
		return
	}
	f.Body.HP += got
	c.sayHP(f, fmt.Sprintf("%s heals %d (%s).", f.Name, got, why), fmt.Sprintf("%s heals (%s).", f.Name, why))
}

// PursuedBonus is the damage a pursued fighter's moves add on anyone but
// its pursuer.
const PursuedBonus = 4

// subCost is the HP f puts into a substitute: a quarter of its max HP,
// rounded down, at least 1.
func subCost(f *Fighter) int { return max(1, f.Body.MaxHP/4) }

// behindSub reports whether f's move m is stopped by t's substitute: t has
// one, f is its opponent, and m is not a move that passes substitutes.
func behindSub(f *Fighter, m *Move, t *Fighter) bool {
	return t.side() != f.side() && subHP(t) > 0 && !passesSub[m.Name]
}

// hitSub deals n damage to t's substitute; it breaks at 0 and the rest of
// the damage is lost.
func (c *ctx) hitSub(t *Fighter, n int) {
	for i := range t.Minor {
		if m := &t.Minor[i]; m.Kind == CondSubstitute {
			m.HP = max(0, m.HP-n)
			if m.HP > 0 {
				c.sayHP(t, fmt.Sprintf("%s's substitute takes %d: %d HP left.", t.Name, n, m.HP),
					fmt.Sprintf("%s's substitute takes the hit.", t.Name))
				return
			}
		}
	}
	cure(t, CondSubstitute)
	c.say("%s's substitute breaks.", t.Name)
}

// subHP is what is left of f's substitute (0: none).
func subHP(f *Fighter) int {
	for _, m := range f.Minor {
		if m.Kind == CondSubstitute {
			return m.HP
		}
	}
	return 0
}

// unhide ends f's invisibility: it used a move or an item, or guarded.
func (c *ctx) unhide(f *Fighter) {
	if cure(f, CondInvisible) {
		c.say("%s shows itself.", f.Name)
	}
}
