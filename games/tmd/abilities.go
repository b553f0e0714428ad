package tmd

import (
	"fmt"
	"slices"

	"tabletop/engine"
)

// The abilities and IQ skills the table runs, by the group's ability page
// (tmd-pages/abilities.md); the others are the GM's (doc.go lists both).
// A neutralized fighter's ability does nothing; a move of a user with Mold
// Breaker is not stopped or weakened by its target's ability.

// ability is f's ability as the table runs it: none while neutralized.
func (f *Fighter) ability() string {
	if f.has(CondNeutralized) {
		return ""
	}
	return f.Ability
}

// hasIQ reports whether f has IQ skill name equipped.
func (f *Fighter) hasIQ(name string) bool { return slices.Contains(f.IQ, name) }

// abilityWards are the conditions an ability keeps off its bearer.
var abilityWards = map[string][]string{
	"Immunity": {CondPoison, CondToxic}, "Insomnia": {CondSleep, CondYawning}, "Vital Spirit": {CondSleep, CondYawning},
	"Limber": {CondParalysis}, "Magma Armor": {CondFreeze}, "Own Tempo": {CondConfusion},
	"Oblivious": {CondInfatuated}, "Inner Focus": {CondFlinch}, "Thermal Exchange": {CondBurn},
	"Water Bubble": {CondBurn},
}

// veils are the abilities that keep a condition off their bearer and up to
// three allies.
var veils = map[string]string{"Water Veil": CondBurn, "Sweet Veil": CondSleep}

// iqWards are the conditions an IQ skill keeps off.
var iqWards = map[string]string{"Cold-Blooded": CondBurn, "Hot-Headed": CondFreeze}

// abilityImmune says why an ability or IQ skill keeps condition kind off f,
// or "".
func (b *Battle) abilityImmune(f *Fighter, kind string) string {
	ab := f.ability()
	if slices.Contains(abilityWards[ab], kind) {
		return fmt.Sprintf("%s's %s keeps it off", f.Name, ab)
	}
	if ab == "Leaf Guard" && isMajor(kind) && b.Weather == WeatherSun {
		return fmt.Sprintf("%s's Leaf Guard keeps status conditions off in harsh sunlight", f.Name)
	}
	for _, g := range b.veiled(f) {
		if veils[g.ability()] == kind {
			return fmt.Sprintf("%s's %s keeps it off", g.Name, g.ability())
		}
	}
	for sk, k := range iqWards {
		if k == kind && f.hasIQ(sk) {
			return fmt.Sprintf("%s's %s keeps it off", f.Name, sk)
		}
	}
	return ""
}

// veiled returns the fighters whose veil may cover f: f itself, and each
// standing ally that has f among the first three other standing allies in
// the battle's order.
func (b *Battle) veiled(f *Fighter) []*Fighter {
	out := []*Fighter{f}
	for _, g := range b.side(f.side()) {
		if g == f || g.Fainted || veils[g.ability()] == "" {
			continue
		}
		n := 0
		for _, h := range b.side(f.side()) {
			if h == g || h.Fainted {
				continue
			}
			if n++; h == f && n <= 3 {
				out = append(out, g)
			}
		}
	}
	return out
}

// absorb is what an ability that takes a type's moves does instead.
type absorb struct {
	moveType string
	heal     int
	stage    string
	by       int
	charge   bool // Flash Fire: the bearer's Fire moves deal more from now on
}

var absorbers = map[string]absorb{
	"Volt Absorb": {moveType: "Electric", heal: 2}, "Water Absorb": {moveType: "Water", heal: 2},
	"Earth Eater": {moveType: "Ground", heal: 2}, "Motor Drive": {moveType: "Electric", stage: "spe", by: 1},
	"Sap Sipper": {moveType: "Grass", stage: "atk", by: 1}, "Well-Baked Body": {moveType: "Fire", stage: "def", by: 2},
	"Flash Fire": {moveType: "Fire", charge: true}, "Dry Skin": {moveType: "Water", heal: DrySkinAbsorb},
}

// Dry Skin: in rain it takes Water moves, healing DrySkinAbsorb, and heals
// DrySkinHP at the end of each round; in harsh sunlight it loses DrySkinHP
// then.
const (
	DrySkinAbsorb = 5
	DrySkinHP     = 2
)

// CondFlashFire marks a fighter whose Flash Fire took a Fire move: its
// Fire moves deal FlashFireBonus more.
const (
	CondFlashFire  = "flash fire"
	FlashFireBonus = 5
)

// bulletMoves are the ball and bomb moves Bulletproof stops (the group's
// ability page).
var bulletMoves = map[string]bool{
	"Acid Spray": true, "Aura Sphere": true, "Barrage": true, "Beak Blast": true, "Bullet Seed": true, "Egg Bomb": true,
	"Electro Ball": true, "Focus Blast": true, "Gyro Ball": true, "Ice Ball": true, "Magnet Bomb": true, "Mist Ball": true,
	"Mud Bomb": true, "Octazooka": true, "Pollen Puff": true, "Pyro Ball": true, "Rock Blast": true, "Rock Wrecker": true,
	"Searing Shot": true, "Seed Bomb": true, "Syrup Bomb": true, "Shadow Ball": true, "Sludge Bomb": true,
	"Weather Ball": true, "Zap Cannon": true, "Draco Meteor": true, "Water Gun": true, "Snipe Shot": true,
}

// absorbs reports whether t's ability takes f's move m before its roll:
// an opponent's move of the type it absorbs (healing it or raising a
// stage instead), a sound move on Soundproof, a ball or bomb on
// Bulletproof. It says so and applies what the ability does instead.
func (c *ctx) absorbs(f *Fighter, m *Move, t *Fighter) bool {
	ab := c.b.takenBy(f, m, t)
	e, absorbing := absorbers[ab]
	switch {
	case ab == "":
		return false
	case !absorbing:
		c.say("%s's %s: %s's %s has no effect on it.", t.Name, ab, f.Name, m.Name)
		return true
	}
	c.say("%s's %s takes %s's %s.", t.Name, ab, f.Name, m.Name)
	switch {
	case e.heal > 0:
		c.heal(t, e.heal, ab)
	case e.stage != "":
		c.changeStage(t, e.stage, e.by)
	case e.charge && !t.has(CondFlashFire):
		t.Minor = append(t.Minor, Cond{Kind: CondFlashFire})
		c.say("%s's Fire moves burn hotter: +%d damage.", t.Name, FlashFireBonus)
	}
	return true
}

// takenBy returns the ability of t that takes f's move m before its roll,
// or "".
func (b *Battle) takenBy(f *Fighter, m *Move, t *Fighter) string {
	if t.side() == f.side() || f.ability() == "Mold Breaker" {
		return ""
	}
	ab := t.ability()
	e, ok := absorbers[ab]
	if ab == "Dry Skin" && b.Weather != WeatherRain {
		ok = false // it takes Water moves only in rain
	}
	if ab == "Soundproof" && soundMoves[m.Name] || ab == "Bulletproof" && bulletMoves[m.Name] || ok && e.moveType == m.Type {
		return ab
	}
	return ""
}

// pinch are the abilities that add PinchBonus to their type's moves below
// a third of max HP.
var pinch = map[string]string{"Blaze": "Fire", "Overgrow": "Grass", "Torrent": "Water", "Swarm": "Bug"}

// Damage the abilities add.
const (
	PinchBonus      = 5 // Blaze and the like, below ⅓ HP
	TechnicianBonus = 3 // moves of 6 BP or less
	TechnicianBP    = 6
	AbilityBonus    = 3 // Sand Force, Water Bubble, the auras; Thick Fat's and Water Bubble's cut
)

// abilityDamage is what f's ability (and the auras of everyone standing)
// add to f's move m.
func (b *Battle) abilityDamage(f *Fighter, m *Move) int {
	n := 0
	ab := f.ability()
	switch {
	case pinch[ab] == m.Type && 3*f.Body.HP < f.Body.MaxHP:
		n += PinchBonus
	case ab == "Technician" && m.Category != "Status" && m.BP > 0 && m.BP <= TechnicianBP:
		n += TechnicianBonus
	case ab == "Sand Force" && b.Weather == WeatherSand && (m.Type == "Rock" || m.Type == "Ground" || m.Type == "Steel"):
		n += AbilityBonus
	case ab == "Water Bubble" && m.Type == "Water":
		n += AbilityBonus
	}
	if m.Type == "Fire" && f.has(CondFlashFire) {
		n += FlashFireBonus
	}
	for aura, ty := range map[string]string{"Dark Aura": "Dark", "Fairy Aura": "Fairy"} {
		if m.Type == ty && slices.ContainsFunc(b.Fighters, func(g *Fighter) bool { return !g.Fainted && g.ability() == aura }) {
			n += AbilityBonus
		}
	}
	return n
}

// abilityMitigation is what t's ability adds to its defence against user's
// move m: Thick Fat (Fire and Ice) and Water Bubble (Fire) take
// AbilityBonus off, counted as mitigation.
func abilityMitigation(t, user *Fighter, m *Move) int {
	if user.ability() == "Mold Breaker" {
		return 0
	}
	switch ab := t.ability(); {
	case ab == "Thick Fat" && (m.Type == "Fire" || m.Type == "Ice"), ab == "Water Bubble" && m.Type == "Fire":
		return AbilityBonus
	}
	return 0
}

// entryStages are the stage changes an ability gives its bearer when it
// enters a battle.
var entryStages = map[string]struct {
	stage string
	by    int
}{"Intrepid Sword": {"atk", 1}, "Dauntless Shield": {"def", 1}, "Hadron Engine": {"spa", 1}, "Orichalcum Pulse": {"atk", 1}}

// intimidateProof are the abilities Intimidate does not touch (those that
// keep stages from dropping act through stageBy).
var intimidateProof = map[string]bool{"Inner Focus": true, "Own Tempo": true, "Oblivious": true, "Scrappy": true}

// dropProof are the abilities that keep an opponent from lowering stages:
// every stage, or the one named.
var dropProof = map[string]string{
	"Clear Body": "", "White Smoke": "", "Full Metal Body": "", "Hyper Cutter": "atk", "Big Pecks": "def",
	"Keen Eye": "acc", "Mind's Eye": "acc",
}

// keenEyed are the abilities whose bearer ignores its targets' evasion
// increases.
var keenEyed = map[string]bool{"Keen Eye": true, "Mind's Eye": true}

// spurred are the abilities that raise a stage by 2 each time an opponent
// lowers one of the bearer's stages.
var spurred = map[string]string{"Defiant": "atk", "Competitive": "spa"}

// stageBy moves t's stage k by delta as by's doing: an opponent's decrease
// meets t's ability (dropProof keeps it off; Defiant and Competitive answer
// it).
func (c *ctx) stageBy(by, t *Fighter, k string, delta int) {
	ab := t.ability()
	if delta >= 0 || by.side() == t.side() || by.ability() == "Mold Breaker" {
		c.changeStage(t, k, delta)
		return
	}
	if t.has(CondMist) {
		c.say("%s's mist: its %s does not drop.", t.Name, k)
		return
	}
	if only, ok := dropProof[ab]; ok && (only == "" || only == k) {
		c.say("%s's %s: its %s does not drop.", t.Name, ab, k)
		return
	}
	before := t.stage(k)
	c.changeStage(t, k, delta)
	if up, ok := spurred[ab]; ok && t.stage(k) < before {
		c.say("%s's %s.", t.Name, ab)
		c.changeStage(t, up, 2)
	}
}

// enter runs f's ability and IQ skills as it enters a battle: stat points
// (Huge Power and Pure Power, the Aggressor and Defender skills), Levitate,
// entry stages, Sand Stream, Intimidate.
func (c *ctx) enter(f *Fighter) {
	ab := f.ability()
	body := &f.Body
	points := func(why string, atk, spa, def, spd int) {
		body.Atk, body.SpA = max(0, body.Atk+atk), max(0, body.SpA+spa)
		body.Def, body.SpD = max(0, body.Def+def), max(0, body.SpD+spd)
		c.sayHP(f, fmt.Sprintf("%s's %s: Attack %+d, Special Attack %+d, Defense %+d, Special Defense %+d points.", f.Name, why, atk, spa, def, spd),
			fmt.Sprintf("%s's %s shifts its stats.", f.Name, why))
	}
	if ab == "Huge Power" || ab == "Pure Power" {
		points(ab, 3, -3, 0, 0)
	}
	if f.hasIQ("Aggressor") {
		points("Aggressor", 1, 1, -1, -1)
	}
	if f.hasIQ("Defender") {
		points("Defender", -1, -1, 1, 1)
	}
	if ab == "Levitate" && !f.has(CondRaised) {
		f.Minor = append(f.Minor, Cond{Kind: CondRaised})
		c.say("%s levitates: it is raised for the battle.", f.Name)
	}
	if st, ok := entryStages[ab]; ok {
		c.say("%s's %s.", f.Name, ab)
		c.changeStage(f, st.stage, st.by)
	}
	if ab == "Sand Stream" && c.b.Weather != WeatherSand {
		c.b.Weather = WeatherSand
		c.say("%s's Sand Stream whips up a sandstorm.", f.Name)
	}
	if ab == "Intimidate" {
		c.say("%s's Intimidate.", f.Name)
		for _, o := range c.b.side(f.side().other()) {
			switch oa := o.ability(); {
			case o.Fainted:
			case oa == "Guard Dog":
				c.say("%s's Guard Dog turns it around.", o.Name)
				c.changeStage(o, "atk", 1)
			case intimidateProof[oa]:
				c.say("%s's %s: it is not intimidated.", o.Name, oa)
			default:
				c.stageBy(f, o, "atk", -1)
			}
		}
	}
}

// summoners are the abilities that summon a weather or a terrain once a
// battle, as a bonus action.
var summoners = map[string]struct{ weather, terrain string }{
	"Drizzle": {weather: WeatherRain}, "Drought": {weather: WeatherSun}, "Snow Warning": {weather: WeatherSnow},
	"Electric Surge": {terrain: TerrainElectric}, "Grassy Surge": {terrain: TerrainGrassy},
	"Misty Surge": {terrain: TerrainMisty}, "Psychic Surge": {terrain: TerrainPsychic},
	"Hadron Engine": {terrain: TerrainElectric}, "Orichalcum Pulse": {weather: WeatherSun},
}

// useAbility summons the actor's weather or terrain, once a battle, for no
// AP and no focus.
func (c *ctx) useAbility(seat engine.Seat, a UseAbility) error {
	f, err := c.turnOf(seat, a.Actor, a)
	if err != nil {
		return err
	}
	ab := f.ability()
	sum, ok := summoners[ab]
	switch {
	case ab == "" && f.Ability != "":
		return engine.Illegal(a, "%s is neutralized: its %s does nothing", f.Name, f.Ability)
	case !ok:
		return engine.Illegal(a, "%s's ability (%s) is not one used at will: the table runs it by itself, or the GM does", f.Name, orNone(f.Ability))
	case f.Summons:
		return engine.Illegal(a, "%s has used its %s this battle: once a battle", f.Name, ab)
	}
	f.Summons = true
	if sum.weather != "" {
		c.b.Weather = sum.weather
		c.say("%s's %s: the weather is now %s.", f.Name, ab, sum.weather)
	} else {
		c.b.Terrain, c.b.TerrainTurns = sum.terrain, TerrainLength
		c.say("%s's %s: the field is now %s for %d turns.", f.Name, ab, sum.terrain, TerrainLength)
	}
	c.finish(f)
	return nil
}

// SetAbility gives a fighter another ability for the rest of the battle
// (Skill Swap, Role Play, Trace and the like are the GM's): any ability of
// the data; the table runs it if it runs that ability. Text form: "give
// Geodude the ability Levitate (Skill Swap)".
type SetAbility struct {
	Who     string `json:"who"`
	Ability string `json:"ability"`
	Reason  string `json:"reason"`
}

// KindSetAbility is SetAbility's kind.
const KindSetAbility = "set-ability"

// Kind implements engine.Action.
func (SetAbility) Kind() string { return KindSetAbility }
func (a SetAbility) String() string {
	return withReason("give "+a.Who+" the ability "+a.Ability, a.Reason)
}

func init() { decoders[KindSetAbility] = decodeAs[SetAbility] }

// setAbility gives a fighter another ability, as the GM says; a hidden
// foe's new ability is the GM's secret.
func (c *ctx) setAbility(seat engine.Seat, a SetAbility) error {
	if c.b == nil || !c.b.Started {
		return engine.Illegal(a, "abilities are changed in a battle")
	}
	f := c.b.fighter(a.Who)
	if f == nil {
		return c.noSuch(a, "there is no %s in this battle", a.Who)
	}
	d, _ := LoadData()
	ab, err := d.AbilityNamed(a.Ability)
	if err != nil {
		return engine.Illegal(a, "there is no ability %s", engine.Clip(a.Ability))
	}
	if ab.Name == f.Ability {
		return engine.Illegal(a, "%s has %s already", f.Name, ab.Name)
	}
	if err := c.adjust(seat, a, f.Name+"'s ability → "+ab.Name, a.Reason, !(f.Foe && f.Hidden)); err != nil {
		return err
	}
	f.Ability, f.Summons = ab.Name, false
	return nil
}

// weatherProof reports whether f's ability spares it weather's harm: the
// sand abilities and Overcoat in a sandstorm (its damage), Overcoat in snow
// (its AP loss).
func weatherProof(f *Fighter, weather string) bool {
	switch ab := f.ability(); weather {
	case WeatherSand:
		return ab == "Overcoat" || ab == "Sand Force" || ab == "Sand Rush" || ab == "Sand Veil" || ab == "Sand Stream" || ab == "Sand Spit"
	case WeatherSnow:
		return ab == "Overcoat"
	}
	return false
}

// sturdy is the damage f's move deals t after t's Sturdy: at full HP, a
// blow that would knock it out leaves it 1 HP.
func (c *ctx) sturdy(f, t *Fighter, dmg int) int {
	if t.ability() != "Sturdy" || f.ability() == "Mold Breaker" || t.Body.HP != t.Body.MaxHP || dmg < t.Body.HP {
		return dmg
	}
	c.say("%s's Sturdy: it hangs on with 1 HP.", t.Name)
	return t.Body.HP - 1
}

// GutsStages is what Guts adds to its bearer's Attack while it has a major
// condition: "increased by 3", read as stages like the other abilities.
const GutsStages = 3

// gutsy reports whether f's Guts is on: it has a major condition. Then its
// physical moves count 3 more Attack stages (up to +6) and burn does not
// weaken them.
func gutsy(f *Fighter) bool { return f.ability() == "Guts" && f.Major != nil }

// dusted reports whether t's Shield Dust keeps the secondary effects of
// f's move off it: f is an opponent without Mold Breaker.
func dusted(f, t *Fighter) bool {
	return t.ability() == "Shield Dust" && t.side() != f.side() && f.ability() != "Mold Breaker"
}

// guardsMagic reports whether f's Magic Guard takes the indirect damage
// named what (damage over time, recoil, hazards, an explosion of powder,
// perishing), and says so.
func (c *ctx) guardsMagic(f *Fighter, what string) bool {
	if f.ability() != "Magic Guard" {
		return false
	}
	c.say("%s's Magic Guard: no damage from %s.", f.Name, what)
	return true
}
