package tmd

import (
	"fmt"
	"strings"
)

// itemArea is what an item the table runs reaches.
type itemArea int

const (
	onTarget itemArea = iota // the character it is used on (the user, unless named)
	onTeam                   // every standing fighter of the user's side
	onFoes                   // every standing opponent of the user
	onField                  // the battle's weather, terrain, hazards or traps
)

// itemEffect is what an item of the group's list does, where the list says
// so precisely (items.md); the table runs these. The rest are used up and
// the GM applies their effect (doc.go lists them).
type itemEffect struct {
	area    itemArea
	heal    int            // HP healed
	cures   []string       // conditions cured
	gives   string         // a condition given
	damage  int            // true damage
	stages  map[string]int // stage changes
	reset   bool           // every stage back to 0 (Renewal Herb)
	lowered bool           // every lowered stage back to 0 (Health Orb)
	weather string         // the weather set ("clear": none)
	terrain string         // the terrain set ("none": none)
	clear   bool           // every hazard and trap gone (Trapbust Orb)
	grimy   bool           // Grimy Food's d20 of paralysis, confusion, burn or poison
}

// majorConds are the conditions a Heal Seed or a Lum Berry cures.
var majorConds = []string{CondParalysis, CondPoison, CondToxic, CondBurn, CondSleep, CondFreeze, CondConfusion}

// itemEffects are the items the table runs, by name.
var itemEffects = map[string]itemEffect{
	// Healing: the group's list gives each a number of HP.
	"Oran Berry": {heal: 10}, "Sitrus Berry": {heal: 20}, "Razz Berry": {heal: 50}, "Vitality Seed": {heal: 100},
	"Oran Leaf": {heal: 3}, "Sitrus Leaf": {heal: 5},
	// Cures.
	"Cheri Berry": {cures: []string{CondParalysis}}, "Pecha Berry": {cures: []string{CondPoison, CondToxic}},
	"Rawst Berry": {cures: []string{CondBurn}}, "Aspear Berry": {cures: []string{CondFreeze}},
	"Chesto Berry": {cures: []string{CondSleep}, gives: CondSleepless}, "Persim Berry": {cures: []string{CondConfusion}},
	"Lum Berry": {cures: majorConds}, "Heal Seed": {cures: majorConds},
	// Seeds and wands that give a condition.
	"Sleep Seed": {gives: CondSleep}, "Stun Seed": {gives: CondPetrified}, "Totter Seed": {gives: CondConfusion},
	"Frigid Seed": {gives: CondFreeze}, "Spicy Seed": {gives: CondBurn}, "Acidic Seed": {gives: CondPoison},
	"Dusty Seed": {gives: CondPowdered}, "Malady Seed": {gives: CondHealBlock}, "Abstain Seed": {gives: CondHungry},
	"Blinker Seed": {gives: CondBlinker}, "Ban Seed": {gives: CondDisabled},
	"Confuse Wand": {gives: CondConfusion}, "Petrify Wand": {gives: CondPetrified}, "Slumber Wand": {gives: CondSleep},
	"Embargo Orb": {gives: CondEmbargo}, "Nullify Orb": {gives: CondNeutralized}, "Invisify Orb": {gives: CondInvisible},
	"Cheering Orb": {gives: CondEncore},
	"Foe-hold Orb": {area: onFoes, gives: CondPetrified}, "Foe-Silence Orb": {area: onFoes, gives: CondDisabled},
	"Health Orb": {area: onTeam, gives: CondHealthy, lowered: true},
	"Grimy Food": {grimy: true},
	// True damage.
	"Blast Seed": {damage: BlastDamage}, "Blast Wand": {damage: BlastDamage},
	"Dense Rock": {damage: 2}, "Wooden Stick": {damage: 3}, "Marble Stone": {damage: 4}, "Iron Thorn": {damage: 6},
	// Stages.
	"Power Seed":     {stages: map[string]int{"atk": 2, "spa": 2}},
	"Bulwark Seed":   {stages: map[string]int{"def": 2, "spd": 2}},
	"Defect Seed":    {stages: map[string]int{"atk": -2, "spa": -2}},
	"Vile Seed":      {stages: map[string]int{"def": -2, "spd": -2}},
	"Renewal Herb":   {reset: true},
	"All-Strike Orb": {area: onTeam, stages: map[string]int{"crit": 2}},
	// The field.
	"Clear Orb": {area: onField, weather: "clear"}, "Sunny Orb": {area: onField, weather: WeatherSun},
	"Rainy Orb": {area: onField, weather: WeatherRain}, "Sandy Orb": {area: onField, weather: WeatherSand},
	"Snowy Orb": {area: onField, weather: WeatherSnow}, "Fog Orb": {area: onField, weather: WeatherFog},
	"Ominous Orb":  {area: onField, weather: WeatherOminous},
	"Galvanic Orb": {area: onField, terrain: TerrainElectric}, "Grassy Orb": {area: onField, terrain: TerrainGrassy},
	"Misty Orb": {area: onField, terrain: TerrainMisty}, "Sparkling Orb": {area: onField, terrain: TerrainPsychic},
	"Bulldoze Orb": {area: onField, terrain: "none"},
	"Trapbust Orb": {area: onField, clear: true},
}

// offensive reports whether the item, used by f on t, is aimed at the
// opponents (for the turn's focus).
func (e itemEffect) offensive(f, t *Fighter) bool {
	switch e.area {
	case onFoes:
		return true
	case onTarget:
		return t.side() != f.side()
	}
	return false
}

// useEffect runs item it's effect, used by f on t; it reports false when
// the table does not run the item (the GM applies it).
func (c *ctx) useEffect(f, t *Fighter, it *Item) bool {
	e, ok := itemEffects[it.Name]
	if !ok {
		return false
	}
	switch e.area {
	case onField:
		c.itemField(f, e)
		return true
	case onTeam, onFoes:
		side := f.side()
		if e.area == onFoes {
			side = side.other()
		}
		for _, g := range c.b.side(side) {
			if !g.Fainted {
				c.itemOn(f, g, e, it.Name)
			}
		}
		return true
	}
	c.itemOn(f, t, e, it.Name)
	return true
}

// IQ skills that change what items do.
const (
	WiseHealerBonus   = 2 // Wise Healer: the user's healing items heal 2 more
	PowerPitcherBonus = 3 // Power Pitcher: the user's throwables deal 3 more
)

// throwables are the items Power Pitcher throws harder.
var throwables = map[string]bool{"Dense Rock": true, "Marble Stone": true, "Wooden Stick": true, "Iron Thorn": true}

// itemOn applies an item's effect, used by f, to one fighter t.
func (c *ctx) itemOn(f, t *Fighter, e itemEffect, name string) {
	effect := false
	switch {
	case e.heal > 0 && f.hasIQ("Wise Healer"):
		c.healThrough(t, e.heal+WiseHealerBonus, name+" and Wise Healer")
		effect = true
	case e.heal > 0:
		c.healThrough(t, e.heal, name)
		effect = true
	case e.damage > 0 && throwables[name] && f.hasIQ("Power Pitcher"):
		c.damage(t, e.damage+PowerPitcherBonus, name+" and Power Pitcher, true damage")
		effect = true
	case e.damage > 0:
		c.damage(t, e.damage, name+", true damage")
		effect = true
	case e.grimy:
		c.grimyFood(t, "eats Grimy Food")
		effect = true
	}
	for _, k := range e.cures {
		if cure(t, k) {
			c.say("%s is no longer %s.", t.Name, condText(k))
			effect = true
		}
	}
	if e.lowered {
		for _, k := range stageKeys {
			if t.stage(k) < 0 {
				c.changeStage(t, k, -t.stage(k))
				effect = true
			}
		}
	}
	if e.gives != "" && !t.Fainted {
		c.inflict(t, e.gives)
		effect = true
	}
	for _, k := range sortedKeys(e.stages) {
		c.stageBy(f, t, k, e.stages[k])
		effect = true
	}
	if e.reset {
		if len(t.Stages) > 0 {
			t.Stages = nil
			c.say("%s's stat changes are reset.", t.Name)
		}
		effect = true
	}
	if !effect {
		c.say("It has no effect on %s.", t.Name)
	}
}

// itemField applies an item's effect on the field.
func (c *ctx) itemField(f *Fighter, e itemEffect) {
	b := c.b
	switch {
	case e.weather == "clear":
		b.Weather = ""
		c.say("The weather clears.")
	case e.weather != "":
		b.Weather = e.weather
		c.say("The weather is now %s.", e.weather)
	case e.terrain == "none":
		b.Terrain, b.TerrainTurns = "", 0
		c.say("The terrain is gone.")
	case e.terrain != "":
		b.Terrain, b.TerrainTurns = e.terrain, TerrainLength
		c.say("The ground turns to %s for %d turns.", e.terrain, TerrainLength)
	case e.clear:
		b.Hazards, b.Traps = nil, nil
		c.say("Every hazard and hidden trap is cleared.")
	}
}

// itemTarget checks that item it may be used by f on t: reviver seeds on
// fainted allies, the rest on standing fighters; opponents only that the
// user may aim at.
func itemTarget(f, t *Fighter, it *Item) string {
	_, revives := itemRevives[it.Name]
	switch {
	case revives && !t.Fainted:
		return fmt.Sprintf("%s revives a fainted ally; %s has not fainted", it.Name, t.Name)
	case revives && t.side() != f.side():
		return fmt.Sprintf("%s revives allies only", it.Name)
	case !revives && t.Fainted:
		return fmt.Sprintf("%s has fainted: only a reviver seed helps now", t.Name)
	case it.Name == EmpowermentSeed && t.Awake != nil:
		return fmt.Sprintf("%s is already awakened", t.Name)
	case t.side() != f.side() && t.has(CondInvisible):
		return fmt.Sprintf("%s cannot be seen: opponents cannot aim at it", t.Name)
	}
	if e, ok := itemEffects[it.Name]; ok && e.area != onTarget && t != f {
		return fmt.Sprintf("%s reaches %s by itself: name no one", it.Name, areaText[e.area])
	}
	return ""
}

var areaText = map[itemArea]string{onTeam: "the user's side", onFoes: "every opponent", onField: "the field"}

// grimyFood gives f what Grimy Food does: a d20 of paralysis (1-5),
// confusion (6-10), burn (11-15) or poison (16-20); what says how it came
// to eat it.
func (c *ctx) grimyFood(f *Fighter, what string) {
	face := c.d.Roll(20)
	cond := [4]string{CondParalysis, CondConfusion, CondBurn, CondPoison}[(face-1)/5]
	c.say("%s %s: d20 %d (1-5 paralysis, 6-10 confusion, 11-15 burn, 16-20 poison).", f.Name, what, face)
	c.inflict(f, cond)
}

// itemText says what an item does when used in battle, for a player about
// to use it: its AP and its effect, or that the GM applies it.
func itemText(it *Item) string {
	cost := itemCost(it)
	e, ok := itemEffects[it.Name]
	var what []string
	switch {
	case it.Name == EmpowermentSeed:
		what = append(what, "awakens the one who eats it")
	case itemRevives[it.Name] != [2]int{}:
		share := itemRevives[it.Name]
		what = append(what, fmt.Sprintf("revives a fainted ally at %d/%d of max HP", share[0], share[1]))
	case !ok:
		return fmt.Sprintf("%d AP: used up; the GM applies its effect%s.", cost, describeItem(it))
	}
	if e.heal > 0 {
		what = append(what, fmt.Sprintf("heals %d HP", e.heal))
	}
	if len(e.cures) > 0 {
		what = append(what, "cures "+strings.Join(e.cures, ", "))
	}
	if e.gives != "" {
		what = append(what, "gives "+e.gives)
	}
	if e.damage > 0 {
		what = append(what, fmt.Sprintf("deals %d true damage", e.damage))
	}
	for _, k := range sortedKeys(e.stages) {
		what = append(what, fmt.Sprintf("%s %+d stages", k, e.stages[k]))
	}
	switch {
	case e.reset:
		what = append(what, "resets every stage")
	case e.lowered:
		what = append(what, "lowered stages back to 0")
	case e.weather == "clear":
		what = append(what, "clears the weather")
	case e.weather != "":
		what = append(what, "brings "+e.weather)
	case e.terrain == "none":
		what = append(what, "clears the terrain")
	case e.terrain != "":
		what = append(what, fmt.Sprintf("brings %s for %d turns", e.terrain, TerrainLength))
	case e.clear:
		what = append(what, "clears every hazard and hidden trap")
	case e.grimy:
		what = append(what, "a d20 of paralysis, confusion, burn or poison")
	}
	if e.area == onTeam || e.area == onFoes {
		what = append(what, "on "+areaText[e.area])
	}
	return fmt.Sprintf("%d AP: %s.", cost, strings.Join(what, ", "))
}
