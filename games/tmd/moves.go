package tmd

import (
	"fmt"
	"slices"
	"strings"

	"tabletop/engine"
)

// physical reports whether m, used by f, is physical: its category, or for
// the Basic Attack ("Best") the better of f's Attack and Special Attack.
func (f *Fighter) physical(m *Move) bool {
	if m.Category == "Best" {
		return f.Body.Atk+f.stage("atk") >= f.Body.SpA+f.stage("spa")
	}
	return m.Category == "Physical"
}

// moveCost is m's AP cost for f: its listed cost less its priority cut
// (none under Psychic Terrain); and whether it costs the whole turn (more
// than f's max AP this turn).
func (b *Battle) moveCost(f *Fighter, m *Move) (cost int, whole bool) {
	cost = m.AP
	if m.Category == "Status" && f.has(CondTaunted) {
		cost += TauntAP
	}
	if m.Category == "Status" && slices.ContainsFunc(b.side(f.side().other()), func(g *Fighter) bool { return !g.Fainted && g.has(CondSafeguard) }) {
		cost += SafeguardAP
	}
	if sp := f.cond(CondSpited); sp != nil && sp.Move == m.Name {
		cost += SpiteAP
	}
	if b.terrainOn(f) != TerrainPsychic {
		cost -= m.APCut
	}
	return cost, cost > f.Turn.Max
}

// stabShift is the change weather and terrain make to STAB: a doubled
// STAB adds the bonus once more, a cancelled one takes it away.
func (b *Battle) stabShift(f *Fighter, m *Move) int {
	if m.Type == "" || m.Type == "Typeless" || !f.hasType(m.Type) {
		return 0
	}
	s := StabBonus(m.AP)
	shift, terrain := 0, b.terrainOn(f)
	switch {
	case b.Weather == WeatherSun && m.Type == "Fire", b.Weather == WeatherRain && m.Type == "Water":
		shift += s
	case b.Weather == WeatherSun && m.Type == "Water", b.Weather == WeatherRain && m.Type == "Fire",
		b.Weather == WeatherFog && m.Type == "Electric":
		shift -= s
	}
	switch {
	case terrain == TerrainElectric && m.Type == "Electric", terrain == TerrainGrassy && m.Type == "Grass",
		terrain == TerrainPsychic && m.Type == "Psychic":
		shift += s
	case terrain == TerrainMisty && m.Type == "Dragon":
		shift -= s
	}
	return shift
}

// attacker is f as the dice of combat see it using m on opponents targets.
func (b *Battle) attacker(rules Edition, f *Fighter, m *Move, opponents int, t *Fighter) Attacker {
	pts, stg := f.Body.SpA, f.stage("spa")
	if f.physical(m) {
		pts, stg = f.Body.Atk, f.stage("atk")
		if gutsy(f) {
			stg = clampStage(stg + GutsStages)
		}
	}
	eff := pts + f.Body.Bonus + max(0, stg) + b.stabShift(f, m)
	if b.Weather == WeatherOminous && m.Type != "Normal" {
		eff -= 5
	}
	if f.awakenedAs(AwakeOffensive) {
		eff += AwakeStat
	}
	if f.has(CondHungry) {
		eff -= m.AP
	}
	eff += b.abilityDamage(f, m)
	return Attacker{
		Rules: rules, Types: f.Types, CombatEffect: eff, StatPoints: pts, Penalty: max(0, -stg),
		AccuracyStg: f.stage("acc"), CritStg: max(0, f.stage("crit")), AP: f.Turn.Max, MoveTier: f.Body.Tiers[m.Name],
		Paralyzed: f.has(CondParalysis), Confused: f.has(CondConfusion), Burned: f.has(CondBurn) && !gutsy(f),
		Opponents: max(1, opponents), OpponentHurt: t == nil || t.Harmed || b.terrainOn(f) == TerrainPsychic,
	}
}

// defender is t as the dice of combat see it against m used by user. With
// public, it is what the players know: a foe whose stats are hidden shows
// no points of defence and the usual 4 AP.
func (b *Battle) defender(t, user *Fighter, m *Move, public bool) Defender {
	hidden := public && t.Foe && t.Hidden
	mit, stg, key := t.Body.SpD, t.stage("spd"), "spd"
	if user.physical(m) {
		mit, stg, key = t.Body.Def, t.stage("def"), "def"
	}
	if hidden {
		mit = 0
	}
	mit += stg
	if t.has(CondMatBlock) && key == "def" {
		mit += MatBlockBonus
	}
	if t.Turn.Brace == key {
		mit += BraceBonus
	}
	if key == "spd" && b.Weather == WeatherSand && t.hasType("Rock") {
		mit += 3
	}
	if t.Major != nil && t.Major.Kind == CondFreeze {
		mit += 3
	}
	if t.awakenedAs(AwakeDefensive) {
		mit += AwakeStat
	}
	if user.awakenedAs(AwakeOffensive) {
		mit = 0 // defence bypassed
	}
	if !hidden {
		mit += abilityMitigation(t, user, m)
	}
	ap := t.Body.AP
	if hidden {
		ap = 4
	}
	eva := t.stage("eva")
	if t.has(CondExposed) || t.has(CondMiracleEye) || keenEyed[user.ability()] {
		eva = min(0, eva)
	}
	return Defender{Types: t.typesAgainst(m), Mitigation: mit, EvasionStg: eva, SpeedStg: b.speedStage(t), AP: ap}
}

// faces is what each accuracy face does to an attack, with the table's
// own adjustments to Faces: flinch, fog and the target's dodge move the
// hit line up; moves never miss a target that is ingrained or stuck, nor
// Thunder and Hurricane in rain, nor Blizzard in snow.
func (b *Battle) faces(m *Move, a Attacker, d Defender, user, t *Fighter) [21]Result {
	out := Faces(m, a, d)
	shift := t.Turn.Dodge
	if user.has(CondFlinch) {
		shift += FlinchPenalty
	}
	if b.Weather == WeatherFog {
		shift += FogPenalty
	}
	for f := 1; f <= 20 && shift > 0; f++ {
		if out[f] == Hit || out[f] == Crit {
			out[f] = Miss
			shift--
		}
	}
	for f, gain := 20, GravityFaces; b.Gravity > 0 && f >= 1 && gain > 0; f-- {
		if out[f] == Miss && !(f <= 6 && (a.Paralyzed || a.Confused)) {
			out[f] = Hit
			gain--
		}
	}
	raised := t.cond(CondRaised)
	sure := t.has(CondIngrained) || t.has(CondStuck) || (raised != nil && raised.Move == "Telekinesis") || user.aimedAt(CondLockedOn, t) ||
		(b.Weather == WeatherRain && (m.Name == "Thunder" || m.Name == "Hurricane")) ||
		(b.Weather == WeatherSnow && m.Name == "Blizzard")
	if sure || user.awakenedAs(AwakeOffensive) {
		for f := 1; f <= 20; f++ {
			if out[f] == Miss && !(f <= 6 && (a.Paralyzed || a.Confused)) {
				out[f] = Hit
			}
		}
	}
	if user.has(CondLaserFocus) && m.DiceMove() == NotDice {
		for f := 1; f <= 20; f++ {
			if out[f] == Hit {
				out[f] = Crit
			}
		}
	}
	if user.awakenedAs(AwakeSpeed) {
		for f := 1; f < AwakeSpeedMin; f++ {
			out[f] = Miss
		}
	}
	if t.has(CondSkyHigh) && !user.has(CondSkyHigh) && !reachesSky[m.Name] {
		for f := 1; f <= 20; f++ {
			out[f] = Miss
		}
	}
	if n := berserk(user); n > 0 {
		for f := 1; f <= min(20, 1+n); f++ {
			out[f] = HitAlly // berserk: a failed check attacks an ally at random
		}
	}
	return out
}

// typesAgainst is t's types as move m meets them: a raised fighter is out
// of reach of Ground moves (it counts as Flying too); a type that would
// keep the move off does not count for a grounded fighter (Ground moves),
// an exposed one (Normal and Ghost moves) or a miracle-eyed one (Psychic
// moves).
func (t *Fighter) typesAgainst(m *Move) []string {
	if m.Type == "Ground" && t.has(CondRaised) && !t.has(CondGrounded) {
		return append(slices.Clone(t.Types), "Flying")
	}
	if !(m.Type == "Ground" && t.has(CondGrounded)) && !((m.Type == "Normal" || m.Type == "Fighting" || m.Type == "Ghost") && t.has(CondExposed)) &&
		!(m.Type == "Psychic" && t.has(CondMiracleEye)) {
		return t.Types
	}
	d, _ := LoadData()
	return slices.DeleteFunc(slices.Clone(t.Types), func(ty string) bool { return d.Effectiveness(m.Type, ty) == 0 })
}

// knows returns f's move of that name, if f has it.
func (f *Fighter) knows(name string) (*Move, bool) {
	d, _ := LoadData()
	for _, n := range f.Body.Moves {
		if strings.EqualFold(n, strings.TrimSpace(name)) {
			m, err := d.MoveNamed(n)
			return m, err == nil
		}
	}
	return nil, false
}

// moveTargets checks a's targets for m and returns the fighters it aims at,
// and the turn's focus.
func (c *ctx) moveTargets(a UseMove, f *Fighter, m *Move) ([]*Fighter, string, error) {
	b := c.b
	eff, known := statusEffects[m.Name]
	if m.Category == "Status" && known && (eff.weather != "" || eff.terrain != "" || eff.hazard != "" || eff.gravity || eff.trickRoom) {
		if len(a.Targets) > 0 {
			return nil, "", engine.Illegal(a, "%s changes the field: it takes no targets", m.Name)
		}
		if eff.offensive(m) {
			return nil, FocusOpponents, nil
		}
		return nil, FocusAllies, nil
	}
	var out []*Fighter
	for _, name := range a.Targets {
		t := b.fighter(name)
		switch {
		case t == nil:
			return nil, "", c.noSuch(a, "there is no %s in this battle", name)
		case t.Fainted:
			return nil, "", engine.Illegal(a, "%s has fainted", t.Name)
		case slices.Contains(out, t):
			return nil, "", engine.Illegal(a, "%s is named twice", t.Name)
		}
		out = append(out, t)
	}
	if m.Target == TargetAlly {
		if eff.cond == CondAuroraVeil && b.Weather != WeatherSnow {
			return nil, "", engine.Illegal(a, "%s works only in snow", m.Name)
		}
		if eff.cond == CondReflect || eff.cond == CondLightScreen || eff.cond == CondAuroraVeil {
			most := 4 // the user and 3 allies; Aurora Veil 2
			if eff.cond == CondAuroraVeil {
				most = 3
			}
			if len(out) == 0 {
				out = append(out, f)
				for _, g := range b.side(f.side()) {
					if g != f && !g.Fainted && len(out) < most {
						out = append(out, g)
					}
				}
			}
			if len(out) > most {
				return nil, "", engine.Illegal(a, "%s covers the user and at most %d allies", m.Name, most-1)
			}
		}
		if guards[eff.cond] {
			if len(out) > 0 {
				return nil, "", engine.Illegal(a, "%s covers the user and all its allies: name no targets", m.Name)
			}
			for _, g := range b.side(f.side()) {
				if !g.Fainted {
					out = append(out, g)
				}
			}
		}
		if (m.Name == "Mist" || m.Name == "Dragon Cheer") && !slices.Contains(out, f) {
			out = append([]*Fighter{f}, out...) // the user, and the allies it adds for 2 AP each
		}
		if m.Name == "Dragon Cheer" && len(out) > 2 {
			return nil, "", engine.Illegal(a, "%s cheers the user and at most 1 ally", m.Name)
		}
		if len(out) == 0 {
			out = []*Fighter{f}
		}
		if m.Name == "Substitute" && (len(out) > 1 || out[0] != f) {
			return nil, "", engine.Illegal(a, "%s makes a substitute for its user only", f.Name)
		}
		if (m.Name == "Stockpile" || m.Name == "Swallow" || m.Name == "Geomancy") && (len(out) > 1 || out[0] != f) {
			return nil, "", engine.Illegal(a, "%s works on its user only", m.Name)
		}
		if m.Name == MovePainSplit && (len(out) > 1 || out[0] != f) {
			return nil, "", engine.Illegal(a, "%s first stores the damage its user takes: it is used on %s only", m.Name, f.Name)
		}
		if (m.Name == "Lunar Dance" || m.Name == "Healing Wish") && out[0] == f {
			return nil, "", engine.Illegal(a, "%s gives the user's life for an ally: name the ally", m.Name)
		}
		if screen := eff.cond == CondReflect || eff.cond == CondLightScreen || eff.cond == CondAuroraVeil; len(out) > 1 && !screen && !guards[eff.cond] && !extraTargets[m.Name] {
			return nil, "", engine.Illegal(a, "%s reaches one fighter", m.Name)
		}
		for _, t := range out {
			if t.side() != f.side() {
				return nil, "", engine.Illegal(a, "%s is used on the user or its allies, not on %s", m.Name, t.Name)
			}
		}
		return out, FocusAllies, nil
	}
	if m.Target == TargetRoom {
		if len(out) > 0 {
			return nil, "", engine.Illegal(a, "%s hits every opponent present: name no targets", m.Name)
		}
		for _, t := range b.side(f.side().other()) {
			if !t.Fainted && !f.aimedAt(CondInfatuated, t) && !t.has(CondInvisible) {
				out = append(out, t)
			}
		}
		if m.HitsAllies { // the allies are hit too; they add no multi-target penalty
			for _, g := range b.side(f.side()) {
				if g != f && !g.Fainted {
					out = append(out, g)
				}
			}
		}
		return out, FocusOpponents, nil
	}
	most := 1
	if m.Target == TargetMulti {
		most = 3
	}
	if extraTargets[m.Name] {
		most = len(b.Fighters)
	}
	switch {
	case len(out) == 0:
		return nil, "", engine.Illegal(a, "%s needs a target", m.Name)
	case len(out) > most:
		return nil, "", engine.Illegal(a, "%s reaches at most %s", m.Name, engine.Count(most, "opponent", "opponents"))
	}
	for _, t := range out {
		switch {
		case t.side() == f.side():
			return nil, "", engine.Illegal(a, "%s is aimed at opponents, not at %s", m.Name, t.Name)
		case t.has(CondInvisible):
			return nil, "", engine.Illegal(a, "%s cannot see %s: it is invisible", f.Name, t.Name)
		case f.aimedAt(CondInfatuated, t):
			return nil, "", engine.Illegal(a, "%s is infatuated with %s: it cannot focus on it", f.Name, t.Name)
		}
	}
	return out, FocusOpponents, nil
}

// useMove checks and resolves a move.
func (c *ctx) useMove(seat engine.Seat, a UseMove) error {
	f, err := c.turnOf(seat, a.Actor, a)
	if err != nil {
		return err
	}
	m, ok := f.knows(a.Move)
	if !ok {
		return engine.Illegal(a, "%s does not know %s", f.Name, engine.Clip(a.Move))
	}
	for _, cond := range f.Minor {
		switch {
		case cond.Kind == CondDisabled && cond.Move == m.Name:
			return engine.Illegal(a, "%s's %s is disabled", f.Name, m.Name)
		case cond.Kind == CondEncore && cond.Move != m.Name:
			return engine.Illegal(a, "%s is under an encore: %s only", f.Name, cond.Move)
		case cond.Kind == CondSilenced && soundMoves[m.Name]:
			return engine.Illegal(a, "%s is silenced: no sound moves like %s", f.Name, m.Name)
		case cond.Kind == CondCommanding && m.Category != "Status":
			return engine.Illegal(a, "%s is commanding: it cannot attack", f.Name)
		}
	}
	if ps := f.cond(CondPainSplit); m.Name == MovePainSplit && ps != nil && ps.Left > 1 {
		return engine.Illegal(a, "%s's pain split is storing damage: it deals it in its fourth round, in %s", f.Name, engine.Count(ps.Left-1, "turn", "turns"))
	}
	if m.Name == "Spit Up" && stockpiled(f) == 0 {
		return engine.Illegal(a, "%s has nothing stockpiled: Spit Up fails without Stockpile", f.Name)
	}
	if explodes[m.Name] && c.b.Weather == WeatherRain {
		return engine.Illegal(a, "the rain has defused the floor: no %s can go off", m.Name)
	}
	m = c.b.asUsed(f, m)
	targets, focus, err := c.moveTargets(a, f, m)
	if err != nil {
		return err
	}
	if f.has(CondLegHold) {
		for _, t := range targets {
			if t != f && !slices.Contains(f.Aimed, t.Name) {
				return engine.Illegal(a, "%s is in a leg hold: it may focus only on itself or on what it last aimed at", f.Name)
			}
		}
	}
	status := m.Category == "Status"
	cost, whole := c.b.moveCost(f, m)
	if n := len(targets); extraTargets[m.Name] && n > 1 {
		if whole {
			return engine.Illegal(a, "%s takes %s's whole turn: it cannot reach more targets", m.Name, f.Name)
		}
		cost += ExtraTargetAP * (n - 1)
	}
	free := f.awakenedAs(AwakeSpeed) && !f.Turn.FreeMove
	if free {
		cost, whole = 0, false
	}
	if err := checkSpend(a, f, cost, focus, status, whole); err != nil {
		return err
	}
	c.spend(f, cost, focus, status, whole)
	f.Turn.FreeMove = f.Turn.FreeMove || free
	c.unhide(f)
	if f.Last == m.Name {
		f.Streak++
	} else {
		f.Streak = 1
	}
	f.Last, f.Aimed = m.Name, nil
	for _, t := range targets {
		f.Aimed = append(f.Aimed, t.Name)
	}
	costText := fmt.Sprintf("%d AP", cost)
	if whole {
		costText = fmt.Sprintf("its whole %d AP: the move costs %d", f.Turn.Max, cost)
	}
	c.say("%s uses %s (%s).", f.Name, m.Name, costText)
	if kind, ok := charged[m.Name]; ok && !c.b.strikesAtOnce(m) {
		c.charge(f, m, targets, kind)
		c.finish(f)
		return nil
	}
	if f.has(CondBlinker) && m.Target == TargetSingle && !f.Fainted {
		targets = []*Fighter{c.blink(f)}
	}
	if !f.Fainted {
		c.resolve(f, m, targets)
	}
	if m.Name == "Spit Up" && !f.Fainted {
		c.releaseStockpile(f)
	}
	c.thrash(f, m)
	if kind := userConditions[m.Name]; kind != "" && !f.Fainted {
		c.inflict(f, kind)
	}
	if sp := f.cond(CondSpited); sp != nil && sp.Move == m.Name {
		cure(f, CondSpited)
		c.say("%s's spite is spent.", f.Name)
	}
	if m.Name != "Laser Focus" && cure(f, CondLaserFocus) {
		c.say("%s's laser focus is spent.", f.Name)
	}
	if lock := f.cond(CondLockedOn); lock != nil && lock.Move == "Lock-On" && m.Name != "Lock-On" {
		cure(f, CondLockedOn)
	}
	c.finish(f)
	return nil
}

// Moves the table plays by the group's move list rather than the mainline
// data.
const (
	MovePainSplit   = "Pain Split"   // stores the damage its user takes; in the 4th round, deals it to an opponent
	MoveDestinyBond = "Destiny Bond" // the user and an opponent are bound; hits on 11+, half the faces each use in a row
	MoveCurse       = "Curse"        // a Ghost type's curses an opponent for half its max HP; any other raises its own stats
	MoveMatBlock    = "Mat Block"    // Defense +4 for a round on the user or allies; hits on 11+, half the faces each use in a row
)

// asUsed is m as f uses it now. Pain Split is used on the user, and once
// it has stored damage, on an opponent. Destiny Bond aims at an opponent
// and lands on 11 or more; each use in a row halves the faces it lands on
// (10, 5, 2, then 1), rounded down; so do the protect moves, on the user.
// Weather Ball takes the weather's type and 5 more BP.
func (b *Battle) asUsed(f *Fighter, m *Move) *Move {
	switch m.Name {
	case "Weather Ball":
		if b.Weather != "" {
			mm := *m
			mm.Type, mm.BP = weatherBallType[b.Weather], m.BP+5
			return &mm
		}
	case MovePainSplit:
		mm := *m
		mm.Target, mm.Hit = TargetAlly, 0
		if f.has(CondPainSplit) {
			mm.Target = TargetSingle
		}
		return &mm
	case MoveCurse:
		if !f.hasType("Ghost") {
			mm := *m
			mm.Target = TargetAlly
			return &mm
		}
	case "Spit Up":
		mm := *m
		mm.BP = SpitUpBP * stockpiled(f)
		return &mm
	case "Floral Healing", "Heal Pulse", "Life Dew", "Jungle Healing", "Purify", "Lunar Dance", "Healing Wish", "Swallow":
		mm := *m
		mm.Target, mm.Heal = TargetAlly, 0 // they heal their target, not the user
		return &mm
	case "Counter", "Mirror Coat", "Metal Burst", "Haze", "Belly Drum", "Heal Bell", "Aromatherapy", "Refresh", "Rest", "Laser Focus":
		mm := *m
		mm.Target = TargetAlly
		return &mm
	}
	if _, shield := shields[m.Name]; shield || m.Name == MoveDestinyBond || m.Name == MoveMatBlock {
		mm := *m
		row := 0
		if f.Last == m.Name {
			row = min(f.Streak, 8)
		}
		mm.Hit = 21 - max(1, 10>>row)
		if m.Name == MoveDestinyBond {
			mm.Target = TargetSingle
		}
		return &mm
	}
	return m
}

// resolve plays a move: a field effect, or one accuracy roll and its
// damage and effects for each target.
func (c *ctx) resolve(f *Fighter, m *Move, targets []*Fighter) {
	if kind := counters[m.Name]; kind != "" {
		c.inflict(f, kind)
		return
	}
	if _, ok := shields[m.Name]; ok {
		c.raiseShield(f, m)
		return
	}
	if m.Name == MoveMatBlock {
		c.matBlock(f, m, targets)
		return
	}
	eff, known := statusEffects[m.Name]
	if m.Category == "Status" && known {
		switch {
		case eff.weather != "":
			c.b.Weather = eff.weather
			c.say("The weather is now %s.", eff.weather)
			return
		case eff.terrain != "":
			c.b.Terrain, c.b.TerrainTurns = eff.terrain, TerrainLength
			c.say("The field is now %s for %d turns.", eff.terrain, TerrainLength)
			return
		case eff.hazard != "":
			c.layHazard(f.side().other(), eff.hazard, 1)
			return
		case eff.trickRoom:
			c.b.TrickRoom = f.Name
			c.say("%s twists the room: speed stages count inverted while %s stands.", f.Name, f.Name)
			return
		case eff.gravity:
			c.b.Gravity = GravityRounds
			c.say("Gravity grows heavy for %d rounds: moves are %d faces more accurate.", GravityRounds, GravityFaces)
			for _, g := range c.b.Fighters {
				if !g.Fainted && cure(g, CondSkyHigh) {
					c.say("%s falls out of the sky.", g.Name)
				}
				if !g.Fainted && !g.has(CondGrounded) {
					c.inflict(g, CondGrounded)
				}
			}
			return
		}
	}
	opponents := 0
	for _, t := range targets {
		if t.side() != f.side() {
			opponents++
		}
	}
	for _, t := range targets {
		if f.Fainted {
			return
		}
		if t.Fainted || c.absorbs(f, m, t) {
			continue
		}
		if face := c.strike(f, m, t, opponents); face > 0 && len(c.b.Traps) > 0 {
			c.springTrap(f, face)
		}
	}
	if n := m.Heal + c.b.healShift(m); m.Heal > 0 && n > 0 && !f.Fainted {
		c.heal(f, n, m.Name)
	}
}

// layHazard adds a layer (up to three) of a hazard to a side's field.
func (c *ctx) layHazard(side Side, kind string, layers int) {
	for i := range c.b.Hazards {
		if h := &c.b.Hazards[i]; h.Side == side && h.Kind == kind {
			h.Layers = min(MaxLayers, h.Layers+layers)
			c.say("%s on the %s' side: %s.", upperFirst(kind), side, engine.Count(h.Layers, "layer", "layers"))
			return
		}
	}
	c.b.Hazards = append(c.b.Hazards, Hazard{Side: side, Kind: kind, Layers: min(MaxLayers, layers)})
	c.say("%s on the %s' side: %d layer(s).", upperFirst(kind), side, min(MaxLayers, layers))
}

// guardOf returns the ally guarding t, if any.
func (b *Battle) guardOf(t *Fighter) *Fighter {
	for _, g := range b.side(t.side()) {
		if !g.Fainted && g != t && strings.EqualFold(g.Turn.Guarding, t.Name) {
			return g
		}
	}
	return nil
}

// closestAlly is the ally a confused attack lands on: the next standing
// fighter of the user's side after it, in the battle's order; nil if none.
func (b *Battle) closestAlly(f *Fighter) *Fighter {
	side := b.side(f.side())
	i := slices.Index(side, f)
	for k := 1; k < len(side); k++ {
		if g := side[(i+k)%len(side)]; !g.Fainted {
			return g
		}
	}
	return nil
}

// shielded reports whether t, awakened defensively, is out of reach of
// f's status moves and secondary effects (f an opponent).
func shielded(f, t *Fighter) bool { return t.awakenedAs(AwakeDefensive) && t.side() != f.side() }

// blink picks the fighter a blinkered f's move lands on: any other
// standing fighter, ally or opponent, with a die in the battle's order.
func (c *ctx) blink(f *Fighter) *Fighter {
	var pool []*Fighter
	for _, g := range c.b.Fighters {
		if g != f && !g.Fainted {
			pool = append(pool, g)
		}
	}
	t := pool[c.d.Roll(len(pool))-1]
	c.say("%s's blinker: the move goes to %s.", f.Name, t.Name)
	return t
}

// randomAlly is the ally a berserk attack lands on, picked with a die
// among the user's standing allies; nil if none.
func (c *ctx) randomAlly(f *Fighter) *Fighter {
	var allies []*Fighter
	for _, g := range c.b.side(f.side()) {
		if g != f && !g.Fainted {
			allies = append(allies, g)
		}
	}
	if len(allies) == 0 {
		return nil
	}
	return allies[c.d.Roll(len(allies))-1]
}

// strike rolls one accuracy d20 for m on t and applies what lands; it
// returns the face (0 if none was rolled).
func (c *ctx) strike(f *Fighter, m *Move, t *Fighter, opponents int) (face int) {
	b := c.b
	d, _ := LoadData()
	if g := b.guardOf(t); g != nil && t.side() != f.side() {
		c.say("%s guards %s and takes the attack.", g.Name, t.Name)
		t = g
	}
	if t != f && t.has(CondProtected) && !ignoresProtect[m.Name] {
		c.blocked(f, m, t)
		return 0
	}
	if why := c.b.guarded(f, m, t); why != "" {
		c.say("%s's %s: it fails on %s.", f.Name, why, t.Name)
		return 0
	}
	if breaksProtect[m.Name] && cure(t, CondProtected) {
		c.say("%s's %s breaks through %s's protection.", f.Name, m.Name, t.Name)
	}
	if m.Target == TargetAlly && m.Category == "Status" {
		c.statusEffect(f, m, t)
		return 0
	}
	a := b.attacker(c.s.Rules, f, m, opponents, t)
	def := b.defender(t, f, m, false)
	faces := b.faces(m, a, def, f, t)
	face = c.d.Roll(20)
	r := faces[face]
	// The accuracy table of an attack on a hidden foe depends on its
	// hidden numbers: the players see the face and the result only.
	private := t.Foe && t.Hidden
	acc := fmt.Sprintf("d20 %d (%s)", face, describeFaces(faces))
	pubAcc := fmt.Sprintf("d20 %d", face)
	if !private {
		pubAcc = acc
	}
	roll := func(format string, args ...any) {
		full := fmt.Sprintf("%s's %s at %s: %s", f.Name, m.Name, t.Name, acc) + fmt.Sprintf(format, args...)
		pub := fmt.Sprintf("%s's %s at %s: %s", f.Name, m.Name, t.Name, pubAcc) + fmt.Sprintf(format, args...)
		c.sayTwo(full, pub, private)
	}
	hitOn := t
	switch r {
	case Miss:
		roll(": miss.")
		return face
	case HitAlly:
		hitOn = b.closestAlly(f)
		if berserk(f) > 0 {
			hitOn = c.randomAlly(f)
		}
		if hitOn == nil {
			roll(": confused, it goes astray and hits nobody.")
			return face
		}
		roll(": confused, it hits %s instead!", hitOn.Name)
	case HitSelf:
		hitOn = f
		roll(": confused, it hits itself!")
	default:
		roll(": %s.", r)
	}
	if m.Category == "Status" {
		if r == Hit || r == Crit {
			c.statusEffect(f, m, t)
		}
		return face
	}
	if hitOn != t {
		def = b.defender(hitOn, f, m, false)
	}
	sides, _ := damageDice(m, a)
	rolls := make([]int, len(sides))
	for i, s := range sides {
		rolls[i] = c.d.Roll(s)
	}
	crit := r == Crit
	dmg := d.hitDamage(m, a, def, rolls, crit)
	mult := d.Effectiveness(m.Type, def.Types...)
	if m.Type == "Typeless" || m.Type == "" {
		mult = 1
	}
	var parts []string
	if len(rolls) > 0 {
		parts = append(parts, fmt.Sprintf("dice %s%v", m.Hits, rolls))
	} else {
		parts = append(parts, fmt.Sprintf("BP %d", m.BP))
	}
	parts = append(parts, fmt.Sprintf("effect %+d", a.CombatEffect))
	if slices.Contains(f.Types, m.Type) {
		parts = append(parts, "STAB")
	}
	if mult != 1 {
		parts = append(parts, fmt.Sprintf("type ×%g", mult))
	}
	if a.Penalty > 0 {
		parts = append(parts, fmt.Sprintf("penalty -%d", a.Penalty))
	}
	if !crit {
		parts = append(parts, fmt.Sprintf("mitigation %d", def.Mitigation))
	} else {
		parts = append(parts, fmt.Sprintf("crit +%d, defence ignored", m.AP))
	}
	if opponents > 1 {
		parts = append(parts, fmt.Sprintf("%d targets", opponents))
	}
	if st := f.stored(); st != nil && mult != 0 {
		dmg += st.HP
		parts = append(parts, fmt.Sprintf("%s +%d", st.Kind, st.HP))
		cure(f, st.Kind)
	}
	if f.has(CondPursued) && !f.aimedAt(CondPursued, hitOn) && hitOn.side() != f.side() && mult != 0 {
		dmg += PursuedBonus
		parts = append(parts, fmt.Sprintf("pursued +%d", PursuedBonus))
	}
	if solar[m.Name] && dimmed[c.b.Weather] && dmg > 0 {
		parts = append(parts, fmt.Sprintf("%s -%d", c.b.Weather, min(dmg, SolarCut)))
		dmg = max(0, dmg-SolarCut)
	}
	if c.b.terrainOn(hitOn) == TerrainGrassy && quakes[m.Name] && dmg > 0 {
		parts = append(parts, fmt.Sprintf("grassy terrain -%d", dmg-dmg/2))
		dmg /= 2
	}
	if sc := hitOn.screenFor(f.physical(m)); sc != "" && dmg > 0 && !screenBreakers[m.Name] {
		cut := min(dmg, RecoilOrScreen(dmg))
		dmg -= cut
		parts = append(parts, fmt.Sprintf("%s -%d", sc, cut))
	}
	if hitOn.has(CondEnduring) && dmg >= hitOn.Body.HP && !behindSub(f, m, hitOn) {
		dmg = max(0, hitOn.Body.HP-1)
		parts = append(parts, "endured at 1 HP")
	}
	full := fmt.Sprintf("%s takes %d from %s (%s): %d/%d HP.", hitOn.Name, dmg, m.Name, strings.Join(parts, ", "),
		max(0, hitOn.Body.HP-dmg), hitOn.Body.MaxHP)
	pub := full
	if hitOn.Foe && hitOn.Hidden {
		pub = fmt.Sprintf("%s is hit by %s.", hitOn.Name, m.Name)
	} else if f.Foe && f.Hidden {
		pub = fmt.Sprintf("%s takes %d from %s: %d/%d HP.", hitOn.Name, dmg, m.Name, max(0, hitOn.Body.HP-dmg), hitOn.Body.MaxHP)
	}
	if behindSub(f, m, hitOn) {
		full = fmt.Sprintf("%s's substitute takes %d from %s (%s).", hitOn.Name, dmg, m.Name, strings.Join(parts, ", "))
		pub = full
		if hitOn.Foe && hitOn.Hidden {
			pub = fmt.Sprintf("%s's substitute is hit by %s.", hitOn.Name, m.Name)
		} else if f.Foe && f.Hidden {
			pub = fmt.Sprintf("%s's substitute takes %d from %s.", hitOn.Name, dmg, m.Name)
		}
		c.sayTwo(full, pub, (hitOn.Foe && hitOn.Hidden) || (f.Foe && f.Hidden))
		c.hitSub(hitOn, dmg)
		return face
	}
	if delayed[m.Name] {
		c.holdBack(f, m, hitOn, dmg, parts)
		return face
	}
	c.sayTwo(full, pub, (hitOn.Foe && hitOn.Hidden) || (f.Foe && f.Hidden))
	if dmg > 0 {
		hitOn.Harmed = true
	}
	if ch := hitOn.Charge; ch != nil && dmg > 0 {
		ch.Hit, ch.HitPhysical = true, ch.HitPhysical || f.physical(m)
	}
	bound, grudge := hitOn.has(CondBound), hitOn.has(CondGrudge) // fainting ends them
	dmg = c.sturdy(f, hitOn, dmg)
	c.hurt(hitOn, dmg)
	if st, bonus := hitOn.storesHit(f.physical(m)); st != nil && dmg > 0 && !hitOn.Fainted && hitOn.side() != f.side() {
		st.HP = dmg + bonus
		c.sayHP(hitOn, fmt.Sprintf("%s stores the hit for its next attack: %d.", hitOn.Name, st.HP),
			fmt.Sprintf("%s stores the hit for its next attack.", hitOn.Name))
	}
	if c.s.Rules == PageRules && !hitOn.Fainted && cure(hitOn, CondSleep) {
		c.say("%s is attacked and wakes up.", hitOn.Name)
	}
	if spinners[m.Name] && hitOn == t && !f.Fainted {
		c.spinFree(f)
	}
	if thawsTarget[m.Name] && hitOn.Major != nil && hitOn.Major.Kind == CondFreeze && cure(hitOn, CondFreeze) {
		c.say("%s's %s thaws %s.", f.Name, m.Name, hitOn.Name)
	}
	if hitOn.Fainted && hitOn.side() != f.side() && cure(f, CondCursed) {
		c.say("%s knocked out an opponent: its curse lifts.", f.Name)
	}
	if m.Type == "Fire" && mult != 0 && c.b.Weather != WeatherRain && cure(hitOn, CondPowdered) && !c.guardsMagic(hitOn, "the powder's explosion") {
		c.damage(hitOn, BlastDamage, "the powder explodes")
	}
	if grudge && hitOn.Fainted && hitOn != f && !f.Fainted {
		c.say("%s's grudge falls on %s's %s.", hitOn.Name, f.Name, m.Name)
		c.inflict(f, CondDisabled)
	}
	if bound {
		c.shareBound(hitOn, dmg)
	}
	if screenBreakers[m.Name] {
		for _, g := range b.side(hitOn.side()) {
			if r, l, v := cure(g, CondReflect), cure(g, CondLightScreen), cure(g, CondAuroraVeil); r || l || v {
				c.say("%s's %s breaks %s's screen.", f.Name, m.Name, g.Name)
			}
		}
	}
	if m.Recoil && dmg > 0 && !f.Fainted && f.ability() != "Rock Head" && !c.guardsMagic(f, "recoil") {
		c.damage(f, RecoilOrScreen(dmg), "recoil")
	}
	if m.Drain && dmg > 0 && !f.Fainted {
		c.heal(f, RecoilOrScreen(dmg), "drain")
	}
	if kind := hitConditions[m.Name]; kind != "" && hitOn == t && !t.Fainted && !shielded(f, t) && !dusted(f, t) && mult != 0 {
		if aimed(kind) {
			c.inflictFrom(t, kind, f)
		} else if c.inflict(t, kind) && kind == CondWrapped && !f.Fainted {
			c.inflict(f, CondWrapping)
		}
	}
	if hitOn == t && (r == Hit || r == Crit) && m.Secondary != nil && !t.Fainted && (m.Effect == 0 || face >= m.Effect) && !shielded(f, t) && mult != 0 {
		c.secondary(f, m, t, face)
	}
	return face
}

// spinFree frees f of being stuck, wrapped, bound and seeded and clears
// the hazards on its side.
func (c *ctx) spinFree(f *Fighter) {
	for _, k := range []string{CondStuck, CondWrapped, CondBound, CondSeeded} {
		if cure(f, k) {
			c.say("%s spins free: no longer %s.", f.Name, k)
		}
	}
	n := len(c.b.Hazards)
	c.b.Hazards = slices.DeleteFunc(c.b.Hazards, func(h Hazard) bool { return h.Side == f.side() })
	if len(c.b.Hazards) != n {
		c.say("%s clears the hazards on the %s' side.", f.Name, f.side())
	}
}

// shareBound deals the damage a move dealt to hit, a bound fighter, to
// every other bound fighter standing.
func (c *ctx) shareBound(hit *Fighter, dmg int) {
	if dmg <= 0 {
		return
	}
	for _, g := range c.b.Fighters {
		if g != hit && !g.Fainted && g.has(CondBound) {
			c.damage(g, dmg, "bound to "+hit.Name)
		}
	}
}

// sayTwo says full to the GM and pub to the others when private, and full
// to everyone otherwise.
func (c *ctx) sayTwo(full, pub string, private bool) {
	if !private {
		c.say("%s", full)
		return
	}
	c.evs = append(c.evs, engine.Event{Kind: "battle", Text: full, Only: c.s.GM.Seats(), Others: pub})
	c.b.Log = append(c.b.Log, pub)
}

// secondary applies a move's secondary effect to its target (and its
// boosts to the user).
func (c *ctx) secondary(f *Fighter, m *Move, t *Fighter, face int) {
	sec := m.Secondary
	c.say("%s's %s: d20 %d triggers its effect.", f.Name, m.Name, face)
	if dusted(f, t) {
		c.say("%s's Shield Dust keeps the effect off it.", t.Name)
		sec = &Secondary{SelfBoosts: sec.SelfBoosts}
	}
	if sec.Status != "" {
		if kind, ok := parseCondition(sec.Status); ok {
			t.Harmed = true
			c.inflict(t, kind)
		}
	}
	switch sec.Volatile {
	case "flinch":
		c.inflict(t, CondFlinch)
	case "confusion":
		c.inflict(t, CondConfusion)
	}
	for _, k := range sortedKeys(sec.Boosts) {
		c.stageBy(f, t, mainlineBoost(k), sec.Boosts[k])
	}
	for _, k := range sortedKeys(sec.SelfBoosts) {
		c.changeStage(f, mainlineBoost(k), sec.SelfBoosts[k])
	}
}

// statusEffect applies a status move that landed on t.
func (c *ctx) statusEffect(f *Fighter, m *Move, t *Fighter) {
	eff, ok := statusEffects[m.Name]
	if !ok && specialStatus[m.Name] == nil {
		c.say("%s's %s lands on %s: the GM applies its effect (%s).", f.Name, m.Name, t.Name, m.Desc)
		return
	}
	if m.Name == MovePainSplit && t != f {
		c.splitPain(f, m, t)
		return
	}
	if m.Name == "Venom Drench" && !t.has(CondPoison) && !t.has(CondToxic) {
		c.say("%s's %s fails on %s: it is not poisoned.", f.Name, m.Name, t.Name)
		return
	}
	if m.Name == MoveCurse && !f.hasType("Ghost") {
		for _, k := range []string{"atk", "def", "spe"} {
			c.changeStage(f, k, map[string]int{"atk": 1, "def": 1, "spe": -1}[k])
		}
		return
	}
	if shielded(f, t) {
		c.say("%s is awakened: %s's %s cannot touch it.", t.Name, f.Name, m.Name)
		return
	}
	if behindSub(f, m, t) {
		c.say("%s's substitute takes %s's %s: it has no effect.", t.Name, f.Name, m.Name)
		return
	}
	if fn := specialStatus[m.Name]; fn != nil {
		if t.side() != f.side() {
			t.Harmed = true
		}
		fn(c, f, t)
		return
	}
	if eff.cond != "" {
		if t.side() != f.side() {
			t.Harmed = true
		}
		if m.Name == MoveCurse {
			c.damage(f, f.Body.MaxHP/2, "half its max HP for the curse")
		}
		if aimed(eff.cond) || eff.cond == CondEmbargo {
			c.inflictFrom(t, eff.cond, f)
		} else if c.inflict(t, eff.cond) && m.Name == "Telekinesis" {
			t.cond(CondRaised).Move = m.Name // moves never miss it
		}
		if eff.alsoUser && t != f {
			c.inflict(f, eff.cond)
		}
	}
	n := 1
	if m.Name == "Growth" && c.b.Weather == WeatherSun {
		n = 2 // in harsh sunlight Growth raises by 2
	}
	for _, k := range sortedKeys(eff.boosts) {
		c.stageBy(f, t, k, n*eff.boosts[k])
	}
	for _, k := range sortedKeys(eff.next) {
		t.Next = append(t.Next, StageLater{By: f.Name, Stage: k, Delta: eff.next[k]})
		c.say("%s's %s stage changes by %+d when the next round starts.", t.Name, k, eff.next[k])
	}
	switch m.Name {
	case "Clangorous Soul":
		c.damage(f, f.Body.MaxHP/3, "a third of its max HP for "+m.Name)
	case "Memento":
		c.damage(f, f.Body.HP, m.Name)
	}
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// describeFaces writes an accuracy table short: "miss 1-3, hit 4-19, crit 20".
func describeFaces(faces [21]Result) string {
	var parts []string
	for f := 1; f <= 20; {
		g := f
		for g < 20 && faces[g+1] == faces[f] {
			g++
		}
		if f == g {
			parts = append(parts, fmt.Sprintf("%s %d", faces[f], f))
		} else {
			parts = append(parts, fmt.Sprintf("%s %d-%d", faces[f], f, g))
		}
		f = g + 1
	}
	return strings.Join(parts, ", ")
}

// raiseShield rolls for a protect move: on its hit line (11 or more, fewer
// faces each use in a row; paralysis, confusion, flinch and fog as for any
// move) f is protected until its next turn.
func (c *ctx) raiseShield(f *Fighter, m *Move) {
	if c.lands(f, m) && c.inflict(f, CondProtected) {
		f.cond(CondProtected).Move = m.Name
	}
}

// matBlock: on one roll as a protect move's, each target's Defense is 4
// higher for a round.
func (c *ctx) matBlock(f *Fighter, m *Move, targets []*Fighter) {
	if !c.lands(f, m) {
		return
	}
	for _, t := range targets {
		c.inflict(t, CondMatBlock)
	}
}

// lands rolls the d20 of a move that rolls for its user alone (the protect
// moves, Mat Block): its hit line, 7 at least when paralyzed or confused,
// raised by a flinch and fog. It says the roll, springs a trap, and
// reports whether the move landed.
func (c *ctx) lands(f *Fighter, m *Move) bool {
	line := m.Hit
	if f.has(CondParalysis) || f.has(CondConfusion) {
		line = max(line, 7)
	}
	if f.has(CondFlinch) {
		line += FlinchPenalty
	}
	if c.b.Weather == WeatherFog {
		line += FogPenalty
	}
	face := c.d.Roll(20)
	ok := face >= line
	if ok {
		c.say("%s's %s: d20 %d (lands on %d+).", f.Name, m.Name, face, line)
	} else {
		c.say("%s's %s: d20 %d (lands on %d+): it fails.", f.Name, m.Name, face, line)
	}
	if len(c.b.Traps) > 0 {
		c.springTrap(f, face)
	}
	return ok
}

// blocked is f's move m stopped by t's protection, with what the shield
// does to the user of a physical attack.
func (c *ctx) blocked(f *Fighter, m *Move, t *Fighter) {
	shield := t.cond(CondProtected).Move
	c.say("%s is protected: %s's %s fails.", t.Name, f.Name, m.Name)
	if m.Category == "Status" || !f.physical(m) || f.Fainted {
		return
	}
	switch shields[shield] {
	case CondPoison, CondBurn:
		c.inflict(f, shields[shield])
	case "def-2":
		c.changeStage(f, "def", -2)
	case "recoil":
		c.damage(f, SpikyRecoil, shield)
	}
}

// charge begins a charged move: it strikes targets when f's side's next
// turn starts; meanwhile f is up in the sky (Sky Drop takes its target
// along) or out of sight.
func (c *ctx) charge(f *Fighter, m *Move, targets []*Fighter, kind string) {
	ch := &Charge{Move: m.Name}
	for _, t := range targets {
		ch.Targets = append(ch.Targets, t.Name)
	}
	f.Charge = ch
	c.say("%s gathers itself: %s strikes at the start of its next turn.", f.Name, m.Name)
	switch kind {
	case "sky":
		c.inflict(f, CondSkyHigh)
		if m.Name == "Sky Drop" {
			for _, t := range targets {
				c.inflict(t, CondSkyHigh)
			}
		}
	case "hidden":
		c.inflict(f, CondInvisible)
	}
}

// release strikes with f's charged move, as its side's turn starts; f
// comes back down or into sight (and a Sky Drop's target with it). A
// fighter that cannot act loses it; Focus Punch fails if f was hurt
// meanwhile, and Shell Trap goes off only if a physical move hit it.
func (c *ctx) release(f *Fighter) {
	ch := f.Charge
	f.Charge = nil
	for _, k := range []string{CondSkyHigh, CondInvisible} {
		if charged[ch.Move] != "" && cure(f, k) {
			c.say("%s is no longer %s.", f.Name, k)
		}
	}
	d, _ := LoadData()
	m, err := d.MoveNamed(ch.Move)
	switch {
	case err != nil:
		return
	case c.b.cannotAct(f) != "":
		c.say("%s cannot strike: its %s is lost.", f.Name, m.Name)
		return
	case m.Name == "Focus Punch" && ch.Hit:
		c.say("%s was hit and loses its focus: Focus Punch fails.", f.Name)
		return
	case m.Name == "Shell Trap" && !ch.HitPhysical:
		c.say("No physical move hit %s: its Shell Trap does not go off.", f.Name)
		return
	}
	var targets []*Fighter
	for _, name := range ch.Targets {
		if t := c.b.fighter(name); t != nil && !t.Fainted {
			targets = append(targets, t)
		}
	}
	c.say("%s's %s strikes.", f.Name, m.Name)
	c.resolve(f, m, targets)
	if m.Name == "Sky Drop" {
		for _, t := range targets {
			if cure(t, CondSkyHigh) {
				c.say("%s is dropped.", t.Name)
			}
		}
	}
}

// holdBack keeps the damage of a delayed move's hit on t for later: t is
// unremitted, and takes it when that runs out.
func (c *ctx) holdBack(f *Fighter, m *Move, t *Fighter, dmg int, parts []string) {
	if why := c.b.immune(t, CondUnremitted); why != "" {
		c.say("%s's %s is lost: %s.", f.Name, m.Name, why)
		return
	}
	t.Minor = append(t.Minor, Cond{Kind: CondUnremitted, Left: c.roundsLeft(t, CondUnremitted), HP: dmg, By: f.Name})
	full := fmt.Sprintf("%s's %s is held back: %d (%s) strikes %s in %d rounds.", f.Name, m.Name, dmg, strings.Join(parts, ", "), t.Name, minorRounds[CondUnremitted])
	pub := fmt.Sprintf("%s's %s is held back: it strikes %s in %d rounds.", f.Name, m.Name, t.Name, minorRounds[CondUnremitted])
	c.sayTwo(full, pub, (t.Foe && t.Hidden) || (f.Foe && f.Hidden))
}

// splitPain deals the damage f's pain split stored to t, an opponent, as
// it is (no stat, type or defence counts); a substitute takes it for t.
func (c *ctx) splitPain(f *Fighter, m *Move, t *Fighter) {
	n := 0
	if ps := f.cond(CondPainSplit); ps != nil {
		n = ps.HP
	}
	if n == 0 {
		c.say("%s's pain split has stored no damage.", f.Name)
		return
	}
	if behindSub(f, m, t) {
		c.say("%s's substitute takes the pain %s stored.", t.Name, f.Name)
		c.hitSub(t, n)
		return
	}
	// What f stored tells its lost HP: a hidden foe's is the GM's.
	c.sayHP(f, fmt.Sprintf("%s splits the pain it stored (%d) onto %s.", f.Name, n, t.Name),
		fmt.Sprintf("%s splits the pain it stored onto %s.", f.Name, t.Name))
	cure(f, CondPainSplit)
	c.damage(t, n, "pain split")
}
