package tmd

import (
	"strings"
)

// Weathers: one at a time; a new one replaces the old. Weather lasts until
// replaced or cleared.
const (
	WeatherSun     = "harsh sunlight" // Fire STAB doubled, Water STAB cancelled; nobody freezes
	WeatherRain    = "rain"           // Water STAB doubled, Fire STAB cancelled; Thunder and Hurricane never miss
	WeatherSand    = "sandstorm"      // 1 damage a round but to Rock, Steel and Ground; Rock +3 Special Defense
	WeatherSnow    = "snow"           // -2 max AP but for Ice; Blizzard never misses
	WeatherFog     = "fog"            // Electric STAB cancelled; every move 3 faces (15%) less accurate
	WeatherOminous = "ominous"        // every move but Normal ones 5 damage less
)

// Terrains: one at a time, for five turns.
const (
	TerrainElectric = "electric terrain" // Electric STAB doubled; nobody falls asleep or yawns
	TerrainGrassy   = "grassy terrain"   // Grass STAB doubled; everyone heals 2 a round; Bulldoze, Earthquake, Magnitude halved
	TerrainMisty    = "misty terrain"    // Dragon STAB cancelled; no major status conditions
	TerrainPsychic  = "psychic terrain"  // Psychic STAB doubled; priority negated
)

// TerrainLength is how many turns (each side's turn counts one) a terrain
// lasts.
const TerrainLength = 5

var weathers = []string{WeatherSun, WeatherRain, WeatherSand, WeatherSnow, WeatherFog, WeatherOminous}
var terrains = []string{TerrainElectric, TerrainGrassy, TerrainMisty, TerrainPsychic}

// parseField reads a weather or terrain from its name or a short form
// ("sun", "electric"); "" means none.
func parseField(name string, list []string) (string, bool) {
	n := strings.ToLower(strings.TrimSpace(name))
	switch n {
	case "", "none", "clear":
		return "", true
	case "sun", "sunny", "sunlight":
		n = WeatherSun
	case "sand":
		n = WeatherSand
	case "hail":
		n = WeatherSnow
	}
	for _, w := range list {
		if n == w || n+" terrain" == w {
			return w, true
		}
	}
	return "", false
}

// Hazards, by their names in the rule text.
const (
	HazardSpikes    = "spikes"          // true damage 4/5/6 on 1-6/1-8/1-10
	HazardStones    = "pointed stones"  // Rock damage 4/5/6 on 1-6/1-8/1-10
	HazardToxic     = "poisoned spikes" // poison on 1-6/1-8, bad poison on 1-8 at three layers
	HazardSteel     = "steel spikes"    // Steel damage 4/5/6 on 1-6/1-8/1-10
	HazardStickyWeb = "sticky web"      // speed -1 on 1-6/1-7/1-8
)

var hazards = []string{HazardSpikes, HazardStones, HazardToxic, HazardSteel, HazardStickyWeb}

// MaxLayers is how many times a hazard can be laid.
const MaxLayers = 3

// hazardRange is the top face of the d20 range in which a hazard at a
// number of layers (1 to 3) springs.
func hazardRange(kind string, layers int) int {
	l := min(max(layers, 1), MaxLayers) - 1
	switch kind {
	case HazardStickyWeb:
		return [3]int{6, 7, 8}[l]
	case HazardToxic:
		return [3]int{6, 8, 8}[l]
	}
	return [3]int{6, 8, 10}[l]
}

// hazardDamage is the damage a damaging hazard deals at a number of layers.
func hazardDamage(layers int) int { return 3 + min(max(layers, 1), MaxLayers) }

// statusEffect is what a status move does when it lands, for the status
// moves the table runs itself; others the GM runs by hand.
type statusEffect struct {
	cond    string         // a condition on the target
	boosts  map[string]int // stage changes on the target
	weather string
	terrain string
	hazard  string // laid on the opponents' side
	gravity bool   // gravity on the field: everyone grounded, moves more accurate
	// next: stage changes on the target when the next round starts (the
	// group's list's "the next round").
	next map[string]int
	// alsoUser: the user gets cond too (Destiny Bond binds both).
	alsoUser bool
	// trickRoom: speed stages count inverted while the user stands.
	trickRoom bool
}

var statusEffects = map[string]statusEffect{
	"Thunder Wave": {cond: CondParalysis}, "Stun Spore": {cond: CondParalysis}, "Glare": {cond: CondParalysis},
	"Nuzzle":      {cond: CondParalysis},
	"Will-O-Wisp": {cond: CondBurn}, "Toxic": {cond: CondToxic}, "Poison Powder": {cond: CondPoison},
	"Poison Gas": {cond: CondPoison}, "Sing": {cond: CondSleep}, "Hypnosis": {cond: CondSleep},
	"Sleep Powder": {cond: CondSleep}, "Spore": {cond: CondSleep}, "Lovely Kiss": {cond: CondSleep},
	"Grass Whistle": {cond: CondSleep}, "Confuse Ray": {cond: CondConfusion}, "Supersonic": {cond: CondConfusion},
	"Sweet Kiss": {cond: CondConfusion}, "Yawn": {cond: CondYawning}, "Ingrain": {cond: CondIngrained},
	"Leech Seed": {cond: CondSeeded}, "Substitute": {cond: CondSubstitute},
	"Attract": {cond: CondInfatuated}, "Reflect": {cond: CondReflect}, "Light Screen": {cond: CondLightScreen},
	"Fairy Lock":  {cond: CondLegHold},
	"Aurora Veil": {cond: CondAuroraVeil},
	MovePainSplit: {cond: CondPainSplit}, MoveDestinyBond: {cond: CondBound, alsoUser: true},
	"Aqua Ring": {cond: CondAquaRing}, "Heal Block": {cond: CondHealBlock}, "Curse": {cond: CondCursed},
	"Disable": {cond: CondDisabled}, "Encore": {cond: CondEncore}, "Embargo": {cond: CondEmbargo},
	"Nightmare": {cond: CondNightmare}, "Perish Song": {cond: CondPerishing}, "Powder": {cond: CondPowdered},
	"Magnet Rise": {cond: CondRaised}, "Wish": {cond: CondWishing}, "Block": {cond: CondImmobile},
	"Mean Look": {cond: CondImmobile}, "Spider Web": {cond: CondImmobile},
	"Octolock":    {cond: CondImmobile, boosts: map[string]int{"def": -1, "spd": -1}},
	"Telekinesis": {cond: CondRaised}, "Gravity": {gravity: true},
	"Endure": {cond: CondEnduring}, "Quick Guard": {cond: CondQuickGuard}, "Wide Guard": {cond: CondWideGuard},
	"Crafty Shield": {cond: CondCraftyShield},
	"Miracle Eye":   {cond: CondMiracleEye}, "Odor Sleuth": {cond: CondExposed}, "Taunt": {cond: CondTaunted},
	"Safeguard": {cond: CondSafeguard}, "Mist": {cond: CondMist}, "Spite": {cond: CondSpited},
	"Trick Room": {trickRoom: true}, "Geomancy": {next: map[string]int{"spa": 1, "spd": 1, "spe": 1}},
	"Swagger":   {cond: CondConfusion, boosts: map[string]int{"atk": 2}},
	"Flatter":   {cond: CondConfusion, boosts: map[string]int{"spa": 2}},
	"Play Nice": {boosts: map[string]int{"atk": -1}}, "Flash": {boosts: map[string]int{"acc": -1}},
	"Growl": {boosts: map[string]int{"atk": -1}}, "Tail Whip": {boosts: map[string]int{"def": -1}},
	"Leer": {boosts: map[string]int{"def": -1}}, "String Shot": {next: map[string]int{"spe": -2}},
	"Sand Attack": {boosts: map[string]int{"acc": -1}}, "Smokescreen": {boosts: map[string]int{"acc": -1}},
	"Screech": {boosts: map[string]int{"def": -2}}, "Charm": {boosts: map[string]int{"atk": -2}},
	"Swords Dance": {boosts: map[string]int{"atk": 2}}, "Nasty Plot": {boosts: map[string]int{"spa": 2}},
	"Harden": {boosts: map[string]int{"def": 1}}, "Defense Curl": {boosts: map[string]int{"def": 1}},
	"Withdraw": {boosts: map[string]int{"def": 1}}, "Iron Defense": {boosts: map[string]int{"def": 2}},
	"Amnesia": {boosts: map[string]int{"spd": 2}}, "Agility": {next: map[string]int{"spe": 2}},
	"Double Team": {boosts: map[string]int{"eva": 1}}, "Focus Energy": {boosts: map[string]int{"crit": 2}},
	"Growth": {boosts: map[string]int{"atk": 1, "spa": 1}}, "Calm Mind": {boosts: map[string]int{"spa": 1, "spd": 1}},
	"Bulk Up": {boosts: map[string]int{"atk": 1, "def": 1}}, "Dragon Dance": {boosts: map[string]int{"atk": 1, "spe": 1}},
	// Stage moves of the group's list.
	"Acid Armor":      {boosts: map[string]int{"def": 2}},
	"Baby-Doll Eyes":  {boosts: map[string]int{"atk": -1}},
	"Barrier":         {boosts: map[string]int{"def": 2}},
	"Coil":            {boosts: map[string]int{"acc": 1, "atk": 1, "def": 1}},
	"Confide":         {boosts: map[string]int{"spa": -1}},
	"Cosmic Power":    {boosts: map[string]int{"def": 1, "spd": 1}},
	"Cotton Guard":    {boosts: map[string]int{"def": 3}},
	"Defend Order":    {boosts: map[string]int{"def": 1, "spd": 1}},
	"Eerie Impulse":   {boosts: map[string]int{"spa": -2}},
	"Fake Tears":      {boosts: map[string]int{"spd": -2}},
	"Feather Dance":   {boosts: map[string]int{"atk": -2}},
	"Hone Claws":      {boosts: map[string]int{"acc": 1, "atk": 1}},
	"Kinesis":         {boosts: map[string]int{"acc": -1}},
	"Magnetic Flux":   {boosts: map[string]int{"def": 2, "spd": 2}},
	"Meditate":        {boosts: map[string]int{"atk": 1}},
	"Metal Sound":     {boosts: map[string]int{"spd": -2}},
	"Minimize":        {boosts: map[string]int{"eva": 2}},
	"Noble Roar":      {boosts: map[string]int{"atk": -1, "spa": -1}},
	"Quiver Dance":    {boosts: map[string]int{"spa": 1, "spd": 1, "spe": 1}},
	"Sharpen":         {boosts: map[string]int{"atk": 1}},
	"Shell Smash":     {boosts: map[string]int{"atk": 2, "def": -1, "spa": 2, "spd": -1, "spe": 2}},
	"Tail Glow":       {boosts: map[string]int{"spa": 2}},
	"Tearful Look":    {boosts: map[string]int{"atk": -1, "spa": -1}},
	"Tickle":          {boosts: map[string]int{"atk": -1, "def": -1}},
	"Work Up":         {boosts: map[string]int{"atk": 1, "spa": 1}},
	"Sweet Scent":     {boosts: map[string]int{"eva": -2}},
	"Venom Drench":    {boosts: map[string]int{"atk": -1, "spa": -1, "spe": -1}},
	"Howl":            {boosts: map[string]int{"atk": 1}},
	"Aromatic Mist":   {boosts: map[string]int{"spd": 1}},
	"Coaching":        {boosts: map[string]int{"atk": 1, "def": 1}},
	"No Retreat":      {boosts: map[string]int{"atk": 1, "def": 1, "spa": 1, "spd": 1, "spe": 1}},
	"Clangorous Soul": {boosts: map[string]int{"atk": 1, "def": 1, "spa": 1, "spd": 1, "spe": 1}},
	"Memento":         {boosts: map[string]int{"atk": -3, "spa": -3}},
	"Rock Polish":     {next: map[string]int{"spe": 2}},
	"Autotomize":      {next: map[string]int{"spe": 1}},
	"Cotton Spore":    {next: map[string]int{"spe": -2}},
	"Scary Face":      {next: map[string]int{"spe": -2}},
	"Shift Gear":      {next: map[string]int{"atk": 1, "spe": 2}},
	"Toxic Thread":    {cond: CondPoison, next: map[string]int{"spe": -1}},
	"Sunny Day":       {weather: WeatherSun}, "Rain Dance": {weather: WeatherRain}, "Sandstorm": {weather: WeatherSand},
	"Snowscape": {weather: WeatherSnow}, "Hail": {weather: WeatherSnow},
	"Electric Terrain": {terrain: TerrainElectric}, "Grassy Terrain": {terrain: TerrainGrassy},
	"Misty Terrain": {terrain: TerrainMisty}, "Psychic Terrain": {terrain: TerrainPsychic},
	"Spikes": {hazard: HazardSpikes}, "Stealth Rock": {hazard: HazardStones}, "Toxic Spikes": {hazard: HazardToxic},
	"Sticky Web": {hazard: HazardStickyWeb},
}

// soundMoves are the mainline sound moves: they pass substitutes, and a
// silenced fighter cannot use them.
var soundMoves = map[string]bool{
	"Alluring Voice": true, "Boomburst": true, "Bug Buzz": true, "Chatter": true, "Clanging Scales": true,
	"Clangorous Soul": true, "Confide": true, "Disarming Voice": true, "Echoed Voice": true, "Eerie Spell": true,
	"Grass Whistle": true, "Growl": true, "Heal Bell": true, "Howl": true, "Hyper Voice": true, "Metal Sound": true,
	"Noble Roar": true, "Overdrive": true, "Parting Shot": true, "Perish Song": true, "Psychic Noise": true,
	"Relic Song": true, "Roar": true, "Round": true, "Screech": true, "Sing": true, "Snarl": true, "Snore": true,
	"Sparkling Aria": true, "Supersonic": true, "Torch Song": true, "Uproar": true,
}

// passesSub holds the moves a substitute does not stop: sound moves and
// those the group's move list says ignore substitutes.
var passesSub = func() map[string]bool {
	out := map[string]bool{"Spectral Thief": true, "Curse": true, "Spore": true, "Stun Spore": true}
	for k := range soundMoves {
		out[k] = true
	}
	return out
}()

// hitConditions are the conditions damaging moves give on every hit, by
// the group's move list (the mainline data has them as volatile effects
// the table does not read).
var hitConditions = map[string]string{"Throat Chop": CondSilenced, "Sappy Seed": CondSeeded,
	"Clamp": CondStuck, "Fire Spin": CondStuck, "Infestation": CondStuck, "Jaw Lock": CondStuck, "Sand Tomb": CondStuck,
	"Snap Trap": CondStuck, "Thunder Cage": CondStuck, "Magma Storm": CondStuck, "Whirlpool": CondStuck,
	"Wrap": CondWrapped, "Salt Cure": CondSalted, "Pursuit": CondPursued, "Psychic Noise": CondHealBlock,
	"Anchor Shot": CondImmobile, "Spirit Shackle": CondImmobile, "Ceaseless Edge": CondSplintered, "Stone Axe": CondSplintered,
}

// userConditions are the conditions moves give their user once used, by
// the group's move list (a wrap's user holds on while the target is
// wrapped: see strike).
var userConditions = map[string]string{
	"Blast Burn": CondRecharging, "Frenzy Plant": CondRecharging, "Giga Impact": CondRecharging,
	"Hydro Cannon": CondRecharging, "Hyper Beam": CondRecharging, "Meteor Assault": CondRecharging,
	"Prismatic Laser": CondRecharging, "Rock Wrecker": CondRecharging, "Uproar": CondInsomnia,
}

// counters are the moves that ready their user to store a hit, by the
// group's list, with the condition they give.
var counters = map[string]string{"Counter": CondCountering, "Mirror Coat": CondMirroring, "Metal Burst": CondMetalBurst}

// storesHit returns f's countering condition ready to store a physical
// (or else special) hit, and what the stored damage gains; nil if none.
func (f *Fighter) storesHit(physical bool) (*Cond, int) {
	kind, bonus := CondMirroring, 3
	if physical {
		kind = CondCountering
	}
	if c := f.cond(kind); c != nil && c.HP == 0 {
		return c, bonus
	}
	if c := f.cond(CondMetalBurst); c != nil && c.HP == 0 {
		return c, 0
	}
	return nil, 0
}

// stored returns f's countering condition that holds a stored hit, if any.
func (f *Fighter) stored() *Cond {
	for _, k := range []string{CondCountering, CondMirroring, CondMetalBurst} {
		if c := f.cond(k); c != nil && c.HP > 0 {
			return c
		}
	}
	return nil
}

// shields are the protect moves of the group's list, with what a physical
// attack on the protected does to its user: a condition, "def-2" (its
// Defense 2 stages down) or "recoil" (SpikyRecoil damage).
var shields = map[string]string{"Protect": "", "Detect": "", "King's Shield": "", "Obstruct": "def-2",
	"Spiky Shield": "recoil", "Baneful Bunker": CondPoison, "Burning Bulwark": CondBurn}

// SpikyRecoil is what Spiky Shield deals an attacker: the Recoil table's
// row for the damage the blocked hit dealt, none (its lowest row).
const SpikyRecoil = 3

// ignoresProtect are the moves the group's list says pass protection;
// breaksProtect those that also take it down.
var (
	ignoresProtect = map[string]bool{"Hyper Drill": true, "Hyperspace Fury": true, "Hyperspace Hole": true,
		"Mighty Cleave": true, "Phantom Force": true, "Shadow Force": true, "Bestow": true, "Decorate": true,
		"Play Nice": true, "Sing": true, "Spore": true, "Stun Spore": true, "Supersonic": true, "Feint": true}
	breaksProtect = map[string]bool{"Feint": true, "Phantom Force": true, "Shadow Force": true}
)

// guards are the conditions a guard move (Quick Guard, Wide Guard, Crafty
// Shield) gives the user and all its allies.
var guards = map[string]bool{CondQuickGuard: true, CondWideGuard: true, CondCraftyShield: true}

// guarded says which of t's guards stops f's move m (an opponent's), or "".
func (b *Battle) guarded(f *Fighter, m *Move, t *Fighter) string {
	switch {
	case t.side() == f.side():
		return ""
	case t.has(CondQuickGuard) && m.APCut > 0 && b.terrainOn(f) != TerrainPsychic:
		return "priority meets a quick guard"
	case t.has(CondWideGuard) && (m.Target == TargetMulti || m.Target == TargetRoom):
		return "spread meets a wide guard"
	case t.has(CondCraftyShield) && m.Category == "Status":
		return "status move meets a crafty shield"
	}
	return ""
}

// charged are the moves the group's list has hit a round after they are
// used, with what becomes of the user meanwhile: up in the sky ("sky"),
// out of sight ("hidden": invisible) or nothing ("").
var charged = map[string]string{"Bounce": "sky", "Fly": "sky", "Sky Drop": "sky", "Dig": "hidden", "Dive": "hidden",
	"Phantom Force": "hidden", "Shadow Force": "hidden", "Electro Shot": "", "Focus Punch": "", "Freeze Shock": "",
	"Ice Burn": "", "Meteor Beam": "", "Razor Wind": "", "Skull Bash": "", "Sky Attack": "", "Solar Beam": "",
	"Solar Blade": "", "Shell Trap": ""}

// strikesAtOnce reports whether a charged move m needs no charging in
// this weather: the solar moves in harsh sunlight, Electro Shot in rain.
func (b *Battle) strikesAtOnce(m *Move) bool {
	return (solar[m.Name] && b.Weather == WeatherSun) || (m.Name == "Electro Shot" && b.Weather == WeatherRain)
}

// extraTargets are the status moves whose user may name more targets (of
// the side the move aims at) for ExtraTargetAP each, by the group's list.
var extraTargets = map[string]bool{"Growl": true, "Leer": true, "Tail Whip": true, "Sweet Scent": true,
	"Venom Drench": true, "Heal Block": true, "Howl": true, "Heal Bell": true, "Aromatherapy": true,
	"Life Dew": true, "Jungle Healing": true, "Mist": true, "Dragon Cheer": true, MoveMatBlock: true}

// ExtraTargetAP is the AP each target after the first costs.
const ExtraTargetAP = 2

// thawsTarget are the moves whose hit thaws a frozen target.
var thawsTarget = map[string]bool{"Fire Spin": true, "Scald": true, "Scorching Sands": true}

// delayed are the moves whose hit is held back: the damage is worked out
// when they land and dealt when the target's unremitted condition runs
// out.
var delayed = map[string]bool{"Future Sight": true, "Doom Desire": true}

// reachesSky holds the moves that reach a sky-high fighter.
var reachesSky = map[string]bool{"Gust": true, "Thunder": true, "Twister": true, "Sky Uppercut": true,
	"Hurricane": true, "Smack Down": true, "Thousand Arrows": true}

// weatherBallType is Weather Ball's type in each weather.
var weatherBallType = map[string]string{WeatherSun: "Fire", WeatherRain: "Water", WeatherSand: "Rock",
	WeatherSnow: "Ice", WeatherFog: "Normal", WeatherOminous: "Typeless"}

// solar are the moves whose damage the dimming weathers cut by SolarCut.
var solar = map[string]bool{"Solar Beam": true, "Solar Blade": true}

// dimmed are the weathers that cut solar moves' damage.
var dimmed = map[string]bool{WeatherRain: true, WeatherSand: true, WeatherSnow: true, WeatherFog: true}

// SolarCut is the damage rain, sandstorm, snow and fog take off Solar Beam
// and Solar Blade.
const SolarCut = 6

// explodes are the moves that cannot go off in rain (the floor is
// defused); blast traps and powder do not go off either.
var explodes = map[string]bool{"Explosion": true, "Self-Destruct": true, "Misty Explosion": true, "Mind Blown": true}

// healShift is the change the weather makes to what m heals: Moonlight,
// Synthesis and Morning Sun 2 more in harsh sunlight and 2 less in rain,
// sandstorm, snow and fog; Shore Up 2 more in a sandstorm.
func (b *Battle) healShift(m *Move) int {
	switch {
	case m.Name == "Shore Up" && b.Weather == WeatherSand:
		return 2
	case m.Name != "Moonlight" && m.Name != "Synthesis" && m.Name != "Morning Sun":
		return 0
	case b.Weather == WeatherSun:
		return 2
	case dimmed[b.Weather]:
		return -2
	}
	return 0
}

// Gravity: its rounds, and the faces it adds to every move's hit range.
const (
	GravityRounds = 5
	GravityFaces  = 5
)

// quakes are the moves Grassy Terrain halves.
var quakes = map[string]bool{"Bulldoze": true, "Earthquake": true, "Magnitude": true}

// spinners free their user of what holds it and clear the hazards on its
// side, by the group's move list.
var spinners = map[string]bool{"Rapid Spin": true, "Mortal Spin": true}

// screenBreakers ignore screens and take them down on the target's side.
var screenBreakers = map[string]bool{"Brick Break": true, "Psychic Fangs": true, "Raging Bull": true}

// screenFor is the screen of f that stands against a physical (or else a
// special) hit, or "".
func (f *Fighter) screenFor(physical bool) string {
	switch {
	case f.has(CondAuroraVeil):
		return CondAuroraVeil
	case physical && f.has(CondReflect):
		return CondReflect
	case !physical && f.has(CondLightScreen):
		return CondLightScreen
	}
	return ""
}

// offensive reports whether a status move's effect is an offensive
// action: it aims at opponents, or lays a hazard on their side. Weather
// and terrain are defensive (environmental) actions.
func (e statusEffect) offensive(m *Move) bool {
	if e.hazard != "" || e.gravity || e.trickRoom {
		return true // gravity grounds the opponents too; the text names Trick Room
	}
	if e.weather != "" || e.terrain != "" {
		return false
	}
	return m.Target != TargetAlly
}

// mainlineBoost maps the data's boost keys to the stage table's.
func mainlineBoost(k string) string {
	switch k {
	case "accuracy":
		return "acc"
	case "evasion":
		return "eva"
	}
	return k
}
