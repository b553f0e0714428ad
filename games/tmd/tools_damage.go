package tmd

import (
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"math/big"
	"net/url"
	"strconv"
	"strings"

	"tabletop/engine"
	"tabletop/internal/barchart"
)

// maxOpponents bounds the opponents the damage calculator takes.
const maxOpponents = 20

// newCombatant is one side of the damage calculator from its sheet; file
// is the sheet's file, if it came from one.
func newCombatant(d *Data, s *Sheet, file string) (combatant, error) {
	sp, err := d.SpeciesNamed(s.Species)
	if err != nil {
		return combatant{}, err
	}
	der, err := s.Derive(d)
	if err != nil {
		return combatant{}, err
	}
	label := fmt.Sprintf("%s (%s, level %d)", s.Name, sp.Name, s.Level)
	if s.Name == sp.Name {
		label = fmt.Sprintf("%s (level %d)", sp.Name, s.Level)
	}
	return combatant{file: file, label: label, types: sp.Types, sheet: s, der: der}, nil
}

// damageOpts are the damage calculator's settings beside the two sides and
// the move: the flags of tabletop tmd damage, the fields of its page.
type damageOpts struct {
	Rules                                                         Edition
	Opponents, Accuracy, Crit, AttackStage, DefenseStage, Evasion int
	Speed                                                         int // the defender's speed stage
	Paralyzed, Confused, Burned                                   bool
	Harmed                                                        bool // the defender was already harmed
}

// damageCalc is one use of a move worked out: what the dice of combat
// see, what each face of the d20 does, and the exact distribution.
type damageCalc struct {
	Move     *Move
	Atk, Def combatant
	A        Attacker
	D        Defender
	Mult     float64 // the type match-up
	Faces    [21]Result
	Dist     Dist
	Effect   *big.Rat // the secondary effect's chance; nil without one
}

// calcDamage works out one use of m by atk on def: the one computation
// behind tabletop tmd damage and the calculator's page.
func (d *Data) calcDamage(m *Move, atk, def combatant, o damageOpts) (*damageCalc, error) {
	if o.Opponents < 1 || o.Opponents > maxOpponents {
		return nil, fmt.Errorf("tmd: %d opponents: want 1 to %d", o.Opponents, maxOpponents)
	}
	a := Attacker{
		Rules: o.Rules, Types: atk.types, AccuracyStg: o.Accuracy, CritStg: o.Crit, AP: atk.der.AP,
		MoveTier: atk.sheet.MoveTiers[m.Name], Paralyzed: o.Paralyzed, Confused: o.Confused,
		Burned: o.Burned, Opponents: o.Opponents, OpponentHurt: o.Harmed,
	}
	if o.Paralyzed { // paralysis also takes 2 from max AP, which the missing-AP penalty sees
		a.AP = max(0, a.AP-2)
	}
	dd := Defender{Types: def.types, EvasionStg: o.Evasion, SpeedStg: o.Speed, AP: def.der.AP}
	stage := StageStat(o.AttackStage)
	switch m.Category {
	case "Physical":
		a.CombatEffect, a.StatPoints, dd.Mitigation = atk.der.Physical, atk.der.PhysPoints, def.der.PhysMit
	case "Special":
		a.CombatEffect, a.StatPoints, dd.Mitigation = atk.der.Special, atk.der.SpecPoints, def.der.SpecMit
	case "Best": // the Basic Attack uses the higher offensive stat
		if atk.der.Physical >= atk.der.Special {
			a.CombatEffect, a.StatPoints, dd.Mitigation = atk.der.Physical, atk.der.PhysPoints, def.der.PhysMit
		} else {
			a.CombatEffect, a.StatPoints, dd.Mitigation = atk.der.Special, atk.der.SpecPoints, def.der.SpecMit
		}
	default:
		return nil, fmt.Errorf("tmd: %s is a status move: it deals no damage", m.Name)
	}
	if stage >= 0 {
		a.CombatEffect += stage
	} else {
		a.Penalty = -stage
	}
	dd.Mitigation += StageStat(o.DefenseStage)
	dist, err := d.DamageDist(m, a, dd)
	if err != nil {
		return nil, err
	}
	c := &damageCalc{Move: m, Atk: atk, Def: def, A: a, D: dd, Mult: d.Effectiveness(m.Type, def.types...), Faces: Faces(m, a, dd), Dist: dist}
	if m.Secondary != nil {
		c.Effect = EffectChance(m, c.Faces)
	}
	return c, nil
}

// formField is a field of a tool's form.
type formField struct {
	Key, Title string
	Min, Max   int // a number's bounds
}

// The calculator's fields beside the move and the sides: the flags of
// tabletop tmd damage, by the same names.
var (
	damageStages = []formField{
		{"accuracy", "the attacker's accuracy stage", -6, 6},
		{"crit", "the attacker's crit ratio stage", 0, 6},
		{"attack-stage", "the attacker's attack stage", -6, 6},
		{"defense-stage", "the defender's defense stage", -6, 6},
		{"evasion", "the defender's evasion stage", -6, 6},
		{"speed", "the defender's speed stage", -6, 6},
	}
	damageConditions = []formField{
		{Key: "paralyzed", Title: "the attacker is paralyzed"},
		{Key: "confused", Title: "the attacker is confused"},
		{Key: "burned", Title: "the attacker is burned"},
		{Key: "harmed", Title: "the defender was already harmed (no priority bonus)"},
	}
	damageSides = []struct{ Key, Title, Example string }{
		{"attacker", "Attacker", "Pikachu"},
		{"defender", "Defender", "Vaporeon"},
	}
)

// damageFuncs are the template functions of the calculator's page: the
// lists its form is drawn from.
var damageFuncs = template.FuncMap{
	"sides":      func() any { return damageSides },
	"stages":     func() []formField { return damageStages },
	"conditions": func() []formField { return damageConditions },
	"stats": func() []formField {
		var out []formField
		for _, st := range Stats {
			out = append(out, formField{Key: st.Key(), Title: st.String()})
		}
		return out
	},
}

// damageTool is the damage calculator's page: tabletop tmd damage in a
// form, with the distribution drawn as a bar chart.
var damageTool = engine.Tool{
	Name: "damage", Title: "Damage calculator", Page: "tools/damage.html", Funcs: damageFuncs,
	Run: func(_ context.Context, req engine.ToolRequest) (any, error) {
		if strings.TrimSpace(req.Form.Get("move")) == "" {
			if len(req.Form) == 0 {
				return nil, nil // the empty form
			}
			return nil, fmt.Errorf("tmd: say which move is used")
		}
		d, err := LoadData()
		if err != nil {
			return nil, err
		}
		return d.damagePage(req.Form)
	},
}

// damageSide reads one side of the calculator from the form: a sheet
// pasted as JSON (side-sheet), or a species (side) at a level (side-level)
// with stat points (side-hp, side-atk, ...).
func (d *Data) damageSide(form url.Values, side, what string) (combatant, error) {
	if raw := strings.TrimSpace(form.Get(side + "-sheet")); raw != "" {
		var s Sheet
		dec := json.NewDecoder(strings.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&s); err != nil {
			return combatant{}, fmt.Errorf("tmd: the %s's sheet is not a sheet: %v", what, err)
		}
		c, err := newCombatant(d, &s, "")
		if err != nil {
			return combatant{}, fmt.Errorf("tmd: the %s's sheet: %v", what, strings.TrimPrefix(err.Error(), "tmd: "))
		}
		return c, nil
	}
	name := strings.TrimSpace(form.Get(side))
	if name == "" {
		return combatant{}, fmt.Errorf("tmd: say who the %s is: a species, or a sheet", what)
	}
	sp, err := d.SpeciesNamed(name)
	if err != nil {
		return combatant{}, fmt.Errorf("tmd: the %s: %v", what, strings.TrimPrefix(err.Error(), "tmd: "))
	}
	level, err := formInt(form, side+"-level", "the "+what+"'s level", StartLevel, 1, 100)
	if err != nil {
		return combatant{}, err
	}
	s := &Sheet{Name: sp.Name, Species: sp.Name, Level: level, Rank: "Rookie", Points: map[Stat]int{}}
	for _, st := range Stats {
		n, err := formInt(form, side+"-"+st.Key(), "the "+what+"'s "+st.String()+" points", 0, 0, 99)
		if err != nil {
			return combatant{}, err
		}
		if n > 0 {
			s.Points[st] = n
		}
	}
	return newCombatant(d, s, "")
}

// damagePage is what the calculator's page shows.
type damagePage struct {
	Heading  string // who uses what on whom
	MoveLine string
	Numbers  string // combat effect, penalty, mitigation, match-up
	Faces    []faceCell
	Rows     []damageRow
	Effect   string // the secondary effect's chance, if the move has one
	Total    string
	Expected string // exact, then in decimals
	Chart    template.HTML
}

type faceCell struct {
	Face   int
	Result string
}

type damageRow struct {
	Result, Damage, P, Percent string
}

// damagePage works the form out as tabletop tmd damage would its flags.
func (d *Data) damagePage(form url.Values) (*damagePage, error) {
	m, err := d.MoveNamed(strings.TrimSpace(form.Get("move")))
	if err != nil {
		return nil, err
	}
	edition, err := ParseEdition(form.Get("rules"))
	if err != nil {
		return nil, err
	}
	o := damageOpts{Rules: edition}
	if o.Opponents, err = formInt(form, "opponents", "opponents", 1, 1, maxOpponents); err != nil {
		return nil, err
	}
	stage := map[string]int{}
	for _, f := range damageStages {
		if stage[f.Key], err = formInt(form, f.Key, f.Title, 0, f.Min, f.Max); err != nil {
			return nil, err
		}
	}
	o.Accuracy, o.Crit, o.AttackStage = stage["accuracy"], stage["crit"], stage["attack-stage"]
	o.DefenseStage, o.Evasion, o.Speed = stage["defense-stage"], stage["evasion"], stage["speed"]
	o.Paralyzed, o.Confused, o.Burned, o.Harmed = formBool(form, "paralyzed"), formBool(form, "confused"), formBool(form, "burned"), formBool(form, "harmed")
	atk, err := d.damageSide(form, "attacker", "attacker")
	if err != nil {
		return nil, err
	}
	def, err := d.damageSide(form, "defender", "defender")
	if err != nil {
		return nil, err
	}
	c, err := d.calcDamage(m, atk, def, o)
	if err != nil {
		return nil, err
	}
	p := &damagePage{
		Heading:  fmt.Sprintf("%s uses %s on %s", atk.label, m.Name, def.label),
		MoveLine: MoveLine(m),
		Numbers: fmt.Sprintf("combat effect %+d, penalty %d, mitigation %d, type match-up x%s",
			c.A.CombatEffect, c.A.Penalty, c.D.Mitigation, strconv.FormatFloat(c.Mult, 'g', -1, 64)),
		Total: c.Dist.Total().RatString(),
	}
	for f := 1; f <= 20; f++ {
		p.Faces = append(p.Faces, faceCell{f, c.Faces[f].String()})
	}
	var bars []barchart.Bar
	for _, o := range c.Dist {
		row := damageRow{Result: o.Result.String(), Damage: strconv.Itoa(o.Damage), P: o.P.RatString(), Percent: percent(o.P)}
		label := row.Damage
		switch o.Result {
		case HitAlly, HitSelf:
			row.Damage, label = "-", row.Result
		case Miss:
			label = "miss"
		case Crit:
			label = "crit " + row.Damage
		}
		p.Rows = append(p.Rows, row)
		pf, _ := o.P.Float64()
		bars = append(bars, barchart.Bar{Label: label, Value: pf, Title: row.Result + " " + row.Damage + ": " + row.Percent})
	}
	var labelled []int // every bar, while there is room for the labels
	if len(bars) <= 12 {
		for i := range bars {
			labelled = append(labelled, i)
		}
	}
	if p.Chart, err = barchart.New(bars, 600, 200, labelled).SVG("bar-chart", "bar chart of the damage distribution"); err != nil {
		return nil, err
	}
	if c.Effect != nil {
		p.Effect = fmt.Sprintf("%s: %s = %s", secondaryText(m.Secondary), c.Effect.RatString(), percent(c.Effect))
	}
	e := c.Dist.Expected()
	ef, _ := e.Float64()
	p.Expected = fmt.Sprintf("%s = %.2f", e.RatString(), ef)
	return p, nil
}

// percent writes p as a percentage with two decimals, as tabletop tmd
// damage does.
func percent(p *big.Rat) string {
	pct, _ := new(big.Rat).Mul(p, big.NewRat(100, 1)).Float64()
	return fmt.Sprintf("%.2f%%", pct)
}
