package tmd

import (
	"fmt"
	"slices"
	"strings"

	"tabletop/engine"
)

// adjust records one of the GM's adjustments, with its reason: public
// ones go to everyone and to the battle's log, private ones to the GM
// alone.
func (c *ctx) adjust(seat engine.Seat, a engine.Action, what, reason string, public bool) error {
	ev, err := c.s.GM.Adjust(seat, a, what, reason, public)
	if err != nil {
		return err
	}
	c.evs = append(c.evs, ev)
	if public && c.b != nil {
		c.b.Log = append(c.b.Log, ev.Text)
	}
	return nil
}

// MaxName bounds a character's or a foe's name, in bytes.
const MaxName = 40

// MaxFoes bounds the foes of one battle, so that a table stays a sensible
// size.
const MaxFoes = 20

// applyGM applies one of the GM's own actions.
func (c *ctx) applyGM(seat engine.Seat, a engine.Action) error {
	switch a := a.(type) {
	case Note:
		ev, err := c.s.GM.Note(seat, a, a.Text)
		if err != nil {
			return err
		}
		c.evs = append(c.evs, ev)
		return nil
	case AddFoe:
		return c.addFoe(a)
	case Reveal:
		return c.reveal(a)
	case StartBattle:
		return c.startBattle(a)
	case SetWeather:
		return c.setWeather(seat, a)
	case SetTerrain:
		return c.setTerrain(seat, a)
	case SetHazard:
		return c.setHazard(seat, a)
	case SetCondition:
		return c.setCondition(seat, a)
	case Override:
		return c.override(seat, a)
	case SetAbility:
		return c.setAbility(seat, a)
	case EndBattle:
		if c.b == nil {
			return engine.Illegal(a, "there is no battle to end")
		}
		if err := engine.CheckText(a, "a reason", a.Reason); err != nil {
			return err
		}
		if !c.b.Started {
			c.keepUnseen()
			c.s.Battle = nil
			c.say("The GM calls the battle off (%s).", strings.TrimSpace(a.Reason))
			return nil
		}
		c.endBattle(strings.TrimSpace(a.Reason))
		return nil
	case Award:
		return c.award(seat, a)
	case SetTrap:
		return c.setTrap(seat, a)
	case SetLeader:
		m := c.s.memberNamed(a.Who)
		if m == nil {
			return c.noSuch(a, "%s is not a member of the team", a.Who)
		}
		c.s.Leader = m.Seat
		c.say("%s leads the team.", m.Sheet.Name)
		return nil
	case End:
		if c.b != nil && c.b.Started {
			return engine.Illegal(a, "end the battle first")
		}
		if a.Reason != "" { // a reason is the GM's to give or not
			if err := engine.CheckText(a, "a reason", a.Reason); err != nil {
				return err
			}
		}
		c.s.Ended, c.s.EndReason = true, strings.TrimSpace(a.Reason)
		if c.s.EndReason == "" {
			c.say("The session ends.")
		} else {
			c.say("The session ends (%s).", c.s.EndReason)
		}
		return nil
	}
	return engine.Illegal(a, "not an action of this game")
}

// foeBody is a foe of a species at a level, from the data: the level
// table's HP and points, the points spread one at a time over Attack,
// Defense, Special Attack, Special Defense, Speed and HP in turn, the
// species bonus stat first, at most 10 in a stat.
func foeBody(d *Data, sp *Species, level int, moves []string) (Body, error) {
	row, err := d.LevelRow(level)
	if err != nil {
		return Body{}, err
	}
	order := []Stat{sp.Bonus[0]}
	for _, st := range []Stat{Attack, Defense, SpAtk, SpDef, Speed, HP} {
		if st != sp.Bonus[0] {
			order = append(order, st)
		}
	}
	pts := map[Stat]int{}
	left := row.Points + 1
	for i := 0; left > 0 && i < 10*len(order); i++ {
		if st := order[i%len(order)]; pts[st] < StatCap {
			pts[st]++
			left--
		}
	}
	return Body{
		Level: level, MaxHP: MaxHP(row.HP, pts[HP]), HP: MaxHP(row.HP, pts[HP]), AP: APFromSpeed(pts[Speed], 0),
		Atk: pts[Attack], Def: pts[Defense], SpA: pts[SpAtk], SpD: pts[SpDef], Spe: pts[Speed], Bonus: row.Bonus,
		Moves: append(slices.Clone(moves), "Basic Attack"),
	}, nil
}

// addFoe brings a foe from the data into the battle, opening one if none
// is open.
func (c *ctx) addFoe(a AddFoe) error {
	d, _ := LoadData()
	sp, err := d.SpeciesNamed(a.Species)
	if err != nil {
		return engine.Illegal(a, "there is no species %s", engine.Clip(a.Species))
	}
	if a.Level < 1 || a.Level > 100 {
		return engine.Illegal(a, "a level is 1 to 100, not %d", a.Level)
	}
	if a.Ally && a.Hidden {
		return engine.Illegal(a, "an ally's stats are the team's to see: it cannot be hidden")
	}
	if len(a.Moves) > 4 {
		return engine.Illegal(a, "a foe knows at most 4 moves besides the Basic Attack")
	}
	var moves []string
	for _, name := range a.Moves {
		m, err := d.MoveNamed(name)
		if err != nil {
			return engine.Illegal(a, "there is no move %s", name)
		}
		if !d.learnsInLine(sp, m.Name, false) {
			return engine.Illegal(a, "%s cannot learn %s", sp.Name, m.Name)
		}
		if slices.Contains(moves, m.Name) {
			return engine.Illegal(a, "%s is listed twice", m.Name)
		}
		moves = append(moves, m.Name)
	}
	b := c.b
	side := Foes
	if a.Ally {
		side = Allies
	}
	if b != nil && len(b.side(side)) >= MaxFoes {
		return engine.Illegal(a, "a battle has at most %d fighters a side besides the team", MaxFoes)
	}
	name := strings.TrimSpace(a.Name)
	if len(name) > MaxName {
		return engine.Illegal(a, "a foe's name is at most %d bytes", MaxName)
	}
	taken := func(n string) bool {
		return c.s.memberNamed(n) != nil || (b != nil && b.fighter(n) != nil)
	}
	if name == "" {
		name = sp.Name
		for i := 2; taken(name); i++ {
			name = fmt.Sprintf("%s %d", sp.Name, i)
		}
	} else if taken(name) {
		return engine.Illegal(a, "%s is already in the battle or on the team", name)
	}
	ability := sp.Abilities[0]
	if a.Ability != "" {
		abs := append(slices.Clone(sp.Abilities), sp.Hidden)
		i := slices.IndexFunc(abs, func(n string) bool { return n != "" && strings.EqualFold(n, strings.TrimSpace(a.Ability)) })
		if i < 0 {
			return engine.Illegal(a, "%s cannot have the ability %s (it may have %s)", sp.Name, engine.Clip(a.Ability), abilityList(sp))
		}
		ability = abs[i]
	}
	body, err := foeBody(d, sp, a.Level, moves)
	if err != nil {
		return engine.Illegal(a, "%v", err)
	}
	if b == nil {
		b = &Battle{First: Allies, Side: Allies}
		c.s.Battle, c.b = b, b
	}
	f := &Fighter{Name: name, Species: sp.Name, Types: slices.Clone(sp.Types), Ability: ability, Foe: !a.Ally, NPC: a.Ally, Seat: c.s.GM.Seat, Hidden: a.Hidden, Body: body}
	b.Fighters = append(b.Fighters, f)
	if b.Started {
		f.Turn.Done = b.Side != side
		if b.Side == side {
			f.Turn = Turn{AP: b.maxAP(f), Max: b.maxAP(f)}
		}
	}
	switch {
	case a.Ally:
		c.say("An ally joins the team's side: %s, a level %d %s (%d HP, %d AP), played by the GM.", name, a.Level, sp.Name, body.MaxHP, body.AP)
	case a.Hidden:
		c.sayHP(f, fmt.Sprintf("A foe joins: %s, a level %d %s (stats hidden from the players).", name, a.Level, sp.Name),
			fmt.Sprintf("A foe joins: %s (%s), its stats hidden.", name, sp.Name))
	default:
		c.say("A foe joins: %s, a level %d %s (%d HP, %d AP).", name, a.Level, sp.Name, body.MaxHP, body.AP)
	}
	if b.Started {
		c.enter(f)
	}
	return nil
}

func (c *ctx) reveal(a Reveal) error {
	if c.b == nil {
		return engine.Illegal(a, "there is no battle")
	}
	f := c.b.fighter(a.Foe)
	switch {
	case f == nil || !f.Foe:
		return engine.Illegal(a, "there is no foe %s", a.Foe)
	case f.Hidden == a.Hide:
		return engine.Illegal(a, "that is already so")
	}
	f.Hidden = a.Hide
	if a.Hide {
		c.say("The GM hides %s's stats.", f.Name)
	} else {
		c.say("The GM reveals %s: level %d, %d/%d HP, %d AP.", f.Name, f.Body.Level, f.Body.HP, f.Body.MaxHP, f.Body.AP)
	}
	return nil
}

// startBattle starts the battle against the foes added: the team's
// characters join with their sheets and HP.
func (c *ctx) startBattle(a StartBattle) error {
	b := c.b
	missing := c.s.sheetless()
	switch {
	case b == nil || len(b.side(Foes)) == 0:
		return engine.Illegal(a, "add a foe first")
	case b.Started:
		return engine.Illegal(a, "the battle has started")
	case len(missing) == 1:
		return engine.Illegal(a, "every player must bring a sheet first (a sample or their own): %s has none yet", missing[0])
	case len(missing) > 1:
		return engine.Illegal(a, "every player must bring a sheet first (a sample or their own): %s have none yet", engine.JoinAnd(missing))
	case a.First != Allies && a.First != Foes:
		return engine.Illegal(a, "the first side is allies or foes, not %s", engine.Quote(string(a.First)))
	}
	d, _ := LoadData()
	var allies []*Fighter
	for _, m := range c.s.Team {
		sp, err := d.SpeciesNamed(m.Sheet.Species)
		if err != nil {
			return engine.Illegal(a, "%v", err)
		}
		der, err := m.Sheet.Derive(d)
		if err != nil {
			return engine.Illegal(a, "%v", err)
		}
		allies = append(allies, &Fighter{
			Name: m.Sheet.Name, Species: sp.Name, Types: slices.Clone(sp.Types), Seat: m.Seat,
			Ability: m.Sheet.Ability, IQ: slices.Clone(m.Sheet.IQ),
			Body: Body{Level: m.Sheet.Level, MaxHP: der.MaxHP, HP: min(max(1, m.HP), der.MaxHP), AP: der.AP,
				Atk: der.PhysPoints, Def: der.PhysMit, SpA: der.SpecPoints, SpD: der.SpecMit, Bonus: der.LevelBonus,
				Spe:   m.Sheet.Points[Speed] + m.Sheet.Trained[Speed],
				Moves: append(slices.Clone(m.Sheet.Moves), m.Sheet.Typeless), Tiers: cloneMap(m.Sheet.MoveTiers)},
		})
	}
	b.Fighters = append(allies, b.Fighters...)
	b.Started, b.Round, b.First, b.Side, b.Turns = true, 1, a.First, a.First, 0
	c.say("The battle begins: %d against %d, the %s first.", len(allies), len(b.side(Foes)), a.First)
	for _, f := range b.Fighters {
		c.enter(f)
	}
	c.startSide(b.Side)
	c.advance()
	return nil
}

// setField checks and logs a change of weather or terrain (what), to the
// value named, which must be in list or none.
func (c *ctx) setField(seat engine.Seat, a engine.Action, name, reason string, list []string, what string) (string, error) {
	v, ok := parseField(name, list)
	if !ok {
		return "", engine.Illegal(a, "no %s %s (%s, or none)", what, engine.Quote(name), strings.Join(list, ", "))
	}
	if c.b == nil {
		return "", engine.Illegal(a, "the %s is set in a battle", what)
	}
	return v, c.adjust(seat, a, what+" "+orNone(v), reason, true)
}

func (c *ctx) setWeather(seat engine.Seat, a SetWeather) error {
	w, err := c.setField(seat, a, a.Weather, a.Reason, weathers, "weather")
	if err != nil {
		return err
	}
	c.b.Weather = w
	return nil
}

func (c *ctx) setTerrain(seat engine.Seat, a SetTerrain) error {
	t, err := c.setField(seat, a, a.Terrain, a.Reason, terrains, "terrain")
	if err != nil {
		return err
	}
	c.b.Terrain, c.b.TerrainTurns = t, 0
	if t != "" {
		c.b.TerrainTurns = TerrainLength
	}
	return nil
}

func (c *ctx) setHazard(seat engine.Seat, a SetHazard) error {
	kind := strings.ToLower(strings.TrimSpace(a.Hazard))
	switch {
	case c.b == nil:
		return engine.Illegal(a, "hazards are laid in a battle")
	case !slices.Contains(hazards, kind):
		return engine.Illegal(a, "no hazard %s (%s)", engine.Quote(a.Hazard), strings.Join(hazards, ", "))
	case a.Side != Allies && a.Side != Foes:
		return engine.Illegal(a, "the side is allies or foes, not %s", engine.Quote(string(a.Side)))
	case a.Layers < 0 || a.Layers > MaxLayers:
		return engine.Illegal(a, "a hazard has 0 to %d layers", MaxLayers)
	}
	if err := c.adjust(seat, a, fmt.Sprintf("%s ×%d on the %s' side", kind, a.Layers, a.Side), a.Reason, true); err != nil {
		return err
	}
	c.b.Hazards = slices.DeleteFunc(c.b.Hazards, func(h Hazard) bool { return h.Side == a.Side && h.Kind == kind })
	if a.Layers > 0 {
		c.b.Hazards = append(c.b.Hazards, Hazard{Side: a.Side, Kind: kind, Layers: a.Layers})
	}
	return nil
}

func (c *ctx) setCondition(seat engine.Seat, a SetCondition) error {
	if strings.EqualFold(strings.TrimSpace(a.Condition), "awakening") {
		return c.setAwakening(seat, a)
	}
	kind, ok := parseCondition(a.Condition)
	if !ok {
		return engine.Illegal(a, "no condition %s (%s)", engine.Quote(a.Condition), strings.Join(ConditionNames(), ", "))
	}
	f, err := c.conditionTarget(a)
	if err != nil {
		return err
	}
	var by *Fighter
	if aimed(kind) && !a.Remove {
		if by = c.b.fighter(a.By); by == nil || by == f {
			return engine.Illegal(a, "%s with whom? name another fighter of the battle", kind)
		}
	}
	switch {
	case a.Remove && !f.has(kind):
		return engine.Illegal(a, "%s is not %s", f.Name, condText(kind))
	case !a.Remove:
		if why := c.b.immune(f, kind); why != "" {
			return engine.Illegal(a, "%s", why)
		}
	}
	verb := "apply "
	if a.Remove {
		verb = "remove "
	}
	if err := c.adjust(seat, a, verb+kind+" to "+f.Name, a.Reason, true); err != nil {
		return err
	}
	if a.Remove {
		cure(f, kind)
		c.say("%s is no longer %s.", f.Name, condText(kind))
	} else if by != nil {
		c.inflictFrom(f, kind, by)
	} else {
		c.inflict(f, kind)
	}
	c.advance()
	return nil
}

// conditionTarget is the fighter a condition is set on, in a battle.
func (c *ctx) conditionTarget(a SetCondition) (*Fighter, error) {
	if c.b == nil || !c.b.Started {
		return nil, engine.Illegal(a, "conditions are applied in a battle")
	}
	f := c.b.fighter(a.Who)
	if f == nil {
		return nil, c.noSuch(a, "there is no %s in this battle", a.Who)
	}
	return f, nil
}

// setAwakening awakens a fighter (as an Empowerment Seed does) or ends
// its awakening.
func (c *ctx) setAwakening(seat engine.Seat, a SetCondition) error {
	f, err := c.conditionTarget(a)
	if err != nil {
		return err
	}
	switch {
	case f.Fainted:
		return engine.Illegal(a, "%s has fainted", f.Name)
	case a.Remove && f.Awake == nil:
		return engine.Illegal(a, "%s is not awakened", f.Name)
	case !a.Remove && f.Awake != nil:
		return engine.Illegal(a, "%s is already awakened", f.Name)
	}
	verb := "awaken "
	if a.Remove {
		verb = "end the awakening of "
	}
	if err := c.adjust(seat, a, verb+f.Name, a.Reason, true); err != nil {
		return err
	}
	if !a.Remove {
		c.awaken(f)
		return nil
	}
	if f.awakenedAs(AwakeDefensive) {
		f.Body.MaxHP -= AwakeHP
		f.Body.HP = max(1, min(f.Body.HP, f.Body.MaxHP))
	}
	f.Awake = nil
	c.say("%s is no longer awakened.", f.Name)
	return nil
}

// setGravity sets the rounds of gravity the battle has left (0 lifts it).
func (c *ctx) setGravity(seat engine.Seat, a Override) error {
	switch {
	case c.b == nil:
		return engine.Illegal(a, "gravity is set in a battle")
	case a.Value < 0 || a.Value > 99:
		return engine.Illegal(a, "gravity is 0 to 99 rounds")
	}
	if err := c.adjust(seat, a, "gravity for "+engine.Count(a.Value, "round", "rounds"), a.Reason, true); err != nil {
		return err
	}
	c.b.Gravity = a.Value
	return nil
}

// overrideFields are the numbers Override sets, with their bounds.
var overrideFields = map[string][2]int{
	"hp": {0, 999}, "maxhp": {1, 999}, "ap": {0, 12}, "level": {1, 100},
	"atk": {0, 99}, "def": {0, 99}, "spa": {0, 99}, "spd": {0, 99}, "spe": {0, 99}, "bonus": {0, 99},
}

// override sets a number of a fighter (or, outside battle, a member's HP).
// A change to a hidden foe's numbers is the GM's secret.
func (c *ctx) override(seat engine.Seat, a Override) error {
	field := strings.ToLower(strings.TrimSpace(a.Field))
	if field == "gravity" {
		return c.setGravity(seat, a)
	}
	lo, hi := -6, 6
	stage, isStage := strings.CutPrefix(field, "stage-")
	if isStage {
		if !slices.Contains(stageKeys, stage) {
			return engine.Illegal(a, "no stage %s (%s)", engine.Quote(stage), strings.Join(stageKeys, ", "))
		}
	} else {
		bounds, ok := overrideFields[field]
		if !ok {
			return engine.Illegal(a, "no number %s (hp, maxhp, ap, level, atk, def, spa, spd, spe, bonus, stage-atk and the like, or gravity)", engine.Quote(a.Field))
		}
		lo, hi = bounds[0], bounds[1]
	}
	if a.Value < lo || a.Value > hi {
		return engine.Illegal(a, "%s is %d to %d", field, lo, hi)
	}
	var f *Fighter
	if c.b != nil {
		f = c.b.fighter(a.Who)
	}
	if f == nil && (c.b == nil || !c.b.Started) {
		m := c.s.memberNamed(a.Who)
		if m == nil || field != "hp" {
			return engine.Illegal(a, "outside battle the GM sets a member's hp")
		}
		d, _ := LoadData()
		der, _ := m.Sheet.Derive(d)
		if a.Value > der.MaxHP {
			return engine.Illegal(a, "%s's max HP is %d", m.Sheet.Name, der.MaxHP)
		}
		if err := c.adjust(seat, a, fmt.Sprintf("%s's HP %d → %d", m.Sheet.Name, m.HP, a.Value), a.Reason, true); err != nil {
			return err
		}
		m.HP = a.Value
		return nil
	}
	if f == nil {
		return c.noSuch(a, "there is no %s in this battle", a.Who)
	}
	if f.Fainted && field == "hp" && a.Value > 0 {
		return engine.Illegal(a, "%s has fainted: a reviver seed brings it back", f.Name)
	}
	private := f.Foe && f.Hidden && !isStage
	if err := c.adjust(seat, a, fmt.Sprintf("%s of %s → %d", field, f.Name, a.Value), a.Reason, !private); err != nil {
		return err
	}
	if isStage {
		if f.Stages == nil {
			f.Stages = map[string]int{}
		}
		f.Stages[stage] = a.Value
		if a.Value == 0 {
			delete(f.Stages, stage)
		}
		return nil
	}
	body := &f.Body
	*map[string]*int{"hp": &body.HP, "maxhp": &body.MaxHP, "ap": &body.AP, "level": &body.Level, "atk": &body.Atk,
		"def": &body.Def, "spa": &body.SpA, "spd": &body.SpD, "spe": &body.Spe, "bonus": &body.Bonus}[field] = a.Value
	body.HP = min(body.HP, body.MaxHP)
	if body.HP == 0 && !f.Fainted {
		c.hurt(f, 1) // faints at 0
	}
	c.advance()
	return nil
}
