package tmd

import (
	"fmt"
	"slices"
	"strings"

	"tabletop/engine"
)

// Costs of the non-move actions the texts give no AP for (rulings in
// doc.go).
const (
	BraceAP       = 2 // Brace: +4 Defense or Special Defense until the next turn
	ClearAP       = 2 // Hazard Clear: a d20 roll
	ClearAt       = 11
	BraceBonus    = 4
	FlinchPenalty = 12 // 60% of accuracy
	FogPenalty    = 3  // 15% of accuracy
	TauntAP       = 2  // what a taunt adds to a status move's cost
	SafeguardAP   = 2  // what a safeguard adds to its opponents' status moves
	SpiteAP       = 2  // what a spite adds to the move it holds, until used again
	MatBlockBonus = 4  // Mat Block: +4 Defense for a round, as mitigation like a brace
)

// turnOf finds the fighter seat acts for in a battle action, and refuses
// when it may not act now. A player acts for its own character; the GM for
// foes.
func (c *ctx) turnOf(seat engine.Seat, name string, a engine.Action) (*Fighter, error) {
	b := c.b
	if b == nil || !b.Started {
		return nil, engine.Illegal(a, "there is no battle under way")
	}
	var f *Fighter
	if c.s.GM.Is(seat) {
		if strings.TrimSpace(name) == "" {
			return nil, engine.Illegal(a, "name the foe that acts")
		}
		f = b.fighter(name)
		if f == nil {
			return nil, c.noSuch(a, "there is no %s in this battle", name)
		}
		if !f.Foe && !f.NPC {
			return nil, engine.NotYourTurn(a, "%s is a player's character: its player acts for it", f.Name)
		}
	} else {
		m := c.s.member(seat)
		if m == nil || m.Sheet == nil {
			return nil, engine.NotYourTurn(a, "you have no character in this battle")
		}
		f = b.fighter(m.Sheet.Name)
		if name != "" && !strings.EqualFold(strings.TrimSpace(name), m.Sheet.Name) {
			return nil, engine.NotYourTurn(a, "you act for %s only", m.Sheet.Name)
		}
		if f == nil {
			return nil, engine.NotYourTurn(a, "%s is not in this battle", m.Sheet.Name)
		}
	}
	switch {
	case b.Side != f.side():
		return nil, engine.NotYourTurn(a, "it is the %s' turn", b.Side)
	case f.Fainted:
		return nil, engine.Illegal(a, "%s has fainted", f.Name)
	case f.Turn.Done:
		return nil, engine.Illegal(a, "%s has ended its turn", f.Name)
	}
	if why := b.cannotAct(f); why != "" {
		return nil, engine.Illegal(a, "%s %s", f.Name, why)
	}
	return f, nil
}

// checkSpend refuses an action that would break the turn's limits: AP
// within the turn's max, one focus, one status move, and a move costing
// more than max AP as the turn's only action.
func checkSpend(a engine.Action, f *Fighter, cost int, focus string, status, whole bool) error {
	t := &f.Turn
	switch {
	case t.Focus != "" && t.Focus != focus:
		return engine.Illegal(a, "%s's focus this turn is its %s: every action of a turn has the same focus", f.Name, t.Focus)
	case status && t.StatusMove:
		return engine.Illegal(a, "%s has used a status move this turn: one a turn", f.Name)
	case whole && t.Acted:
		return engine.Illegal(a, "that costs more than %s's max AP (%d): it takes the whole turn, so it must be the turn's only action", f.Name, t.Max)
	case !whole && cost > t.AP:
		return engine.Illegal(a, "that costs %d AP; %s has %d left", cost, f.Name, t.AP)
	}
	return nil
}

// spend records an action checked by checkSpend; a fighter with no AP
// left ends its turn. Taking the opponents focus springs the hazards on
// the fighter's side.
func (c *ctx) spend(f *Fighter, cost int, focus string, status, whole bool) {
	t := &f.Turn
	first := t.Focus == ""
	t.Focus, t.Acted = focus, true
	t.StatusMove = t.StatusMove || status
	if whole {
		t.AP = 0
	} else {
		t.AP -= cost
	}
	if first && focus == FocusOpponents {
		c.springHazards(f)
	}
}

// finish ends f's turn if it has no AP left, and moves the battle on.
func (c *ctx) finish(f *Fighter) {
	if f.Turn.AP <= 0 {
		f.Turn.Done = true
	}
	c.advance()
}

// springHazards rolls a d20 for each hazard on f's side: in its range, f
// suffers its effect.
func (c *ctx) springHazards(f *Fighter) {
	d, _ := LoadData()
	if !f.grounded() && slices.ContainsFunc(c.b.Hazards, func(h Hazard) bool { return h.Side == f.side() }) {
		c.say("%s is above the hazards.", f.Name)
		return
	}
	for _, h := range c.b.Hazards {
		if h.Side != f.side() || f.Fainted {
			continue
		}
		top := hazardRange(h.Kind, h.Layers)
		face := c.d.Roll(20)
		if face > top {
			c.say("%s takes the offensive over %s ×%d: d20 %d (springs on 1-%d): nothing.", f.Name, h.Kind, h.Layers, face, top)
			continue
		}
		c.say("%s takes the offensive over %s ×%d: d20 %d (springs on 1-%d): it springs!", f.Name, h.Kind, h.Layers, face, top)
		if h.Kind != HazardToxic && h.Kind != HazardStickyWeb && c.guardsMagic(f, h.Kind) {
			continue
		}
		switch h.Kind {
		case HazardSpikes:
			c.damage(f, hazardDamage(h.Layers), "spikes")
		case HazardStones, HazardSteel:
			typ := "Rock"
			if h.Kind == HazardSteel {
				typ = "Steel"
			}
			if d.Effectiveness(typ, f.Types...) == 0 {
				c.say("%s is immune to %s damage.", f.Name, typ)
			} else {
				c.damage(f, hazardDamage(h.Layers), h.Kind)
			}
		case HazardToxic:
			kind := CondPoison
			if h.Layers >= 3 {
				kind = CondToxic
			}
			c.inflict(f, kind)
		case HazardStickyWeb:
			c.changeStage(f, "spe", -1)
		}
	}
}

// damage deals n to f and says so (the numbers to the GM only for a
// hidden foe).
func (c *ctx) damage(f *Fighter, n int, what string) {
	c.sayHP(f, fmt.Sprintf("%s takes %d damage (%s): %d/%d HP.", f.Name, n, what, max(0, f.Body.HP-n), f.Body.MaxHP),
		fmt.Sprintf("%s takes damage (%s).", f.Name, what))
	if n > 0 {
		f.Harmed = true
	}
	c.hurt(f, n)
}

// advance moves the battle on: it ends when a side has nobody standing;
// a side's turn ends when none of its fighters can act any more. The loop
// is bounded: a battle in which nobody can act for long passes its turns.
func (c *ctx) advance() {
	b := c.b
	for range 8 {
		if b == nil || c.s.Battle == nil || !b.Started {
			return
		}
		switch {
		case !b.standing(Foes):
			c.endBattle("every foe has fainted")
			return
		case !b.standing(Allies):
			c.endBattle("every member of the team has fainted")
			return
		}
		for _, f := range b.side(b.Side) {
			if b.canAct(f) {
				return
			}
		}
		c.endSide()
	}
}

// startSide starts side's turn: each fighter gets its max AP; one that
// cannot act says why and is done.
func (c *ctx) startSide(side Side) {
	c.say("Round %d: the %s' turn.", c.b.Round, side)
	for _, f := range c.b.side(side) {
		if f.Fainted {
			continue
		}
		if cure(f, CondProtected) {
			c.say("%s's protection ends.", f.Name)
		}
		ap := c.b.maxAP(f)
		f.Turn = Turn{AP: ap, Max: ap}
		if f.Charge != nil {
			c.release(f)
		}
		if why := c.b.cannotAct(f); why != "" && !f.Fainted {
			f.Turn.Done = true
			c.say("%s cannot act: it %s.", f.Name, why)
		}
	}
}

// endSide ends the current side's turn: its conditions tick and the other
// side plays, or the round ends.
func (c *ctx) endSide() {
	b := c.b
	for _, f := range b.side(b.Side) {
		f.Turn.Done = true
	}
	c.endOfSideTurn(b.Side)
	c.tickMinor(b.Side)
	if b.TerrainTurns > 0 {
		b.TerrainTurns--
		if b.TerrainTurns == 0 {
			c.say("The %s fades.", b.Terrain)
			b.Terrain = ""
		}
	}
	if b.Turns == 0 {
		b.Turns = 1
		b.Side = b.Side.other()
		c.startSide(b.Side)
		return
	}
	c.endOfRound()
	if !b.standing(Foes) || !b.standing(Allies) {
		return // advance ends the battle
	}
	b.Round++
	b.Turns = 0
	b.Side = b.First
	c.startSide(b.Side)
}

// endBattle ends the battle: members who fainted come back at a third of
// their max HP (rounded down, at least 1), and the characters keep their
// HP; conditions and stages end with the battle.
func (c *ctx) endBattle(reason string) {
	b := c.b
	c.say("The battle ends: %s.", reason)
	for _, f := range b.side(Allies) {
		m := c.s.memberNamed(f.Name)
		if m == nil {
			continue
		}
		pickUp(f, m)
		if f.Fainted {
			f.Body.HP = max(1, f.Body.MaxHP/3)
			c.say("%s comes to at %d/%d HP.", f.Name, f.Body.HP, f.Body.MaxHP)
		}
		d, _ := LoadData()
		der, _ := m.Sheet.Derive(d)
		m.HP = min(f.Body.HP, der.MaxHP) // an awakening's HP ends with the battle
	}
	c.s.Summary = b.summary(reason)
	c.keepUnseen()
	c.s.Battle = nil
	c.s.Battles++
}

// summary is the battle as Markdown, for the group's chat: who fought,
// how it went, what everyone saw.
func (b *Battle) summary(reason string) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "## Battle: %d round", b.Round)
	if b.Round != 1 {
		sb.WriteString("s")
	}
	fmt.Fprintf(&sb, "\n\n**%s.**\n\n", upperFirst(reason))
	for _, side := range []Side{Allies, Foes} {
		fmt.Fprintf(&sb, "**%s:** ", upperFirst(string(side)))
		for i, f := range b.side(side) {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(f.Name)
			if f.Name != f.Species {
				sb.WriteString(" (" + f.Species + ")")
			}
			if f.Fainted {
				sb.WriteString(" — fainted")
			}
		}
		sb.WriteString("\n\n")
	}
	sb.WriteString("### Log\n\n")
	for _, l := range b.Log {
		sb.WriteString("- " + l + "\n")
	}
	return sb.String()
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
