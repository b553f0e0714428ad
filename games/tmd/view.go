package tmd

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"tabletop/dice"
	"tabletop/engine"
)

// View is what one seat sees. Everyone sees the team, its sheets and
// rank, the field and every fighter's public side: name, species, types,
// conditions, stages, whether it has fainted. The GM sees everything:
// notes, hidden foes' numbers and moves. A player sees a foe's numbers
// only once the GM reveals them, and gets the odds of its own character's
// moves against each target, worked out from what it may see.
type View struct {
	Seat       engine.Seat     `json:"seat"`
	IsGM       bool            `json:"isGM"`
	You        string          `json:"you,omitempty"` // the viewer's character
	Rules      string          `json:"rules"`
	Team       []MemberView    `json:"team"`
	Leader     string          `json:"leader,omitempty"`
	Rank       string          `json:"rank"`
	RankPoints int             `json:"rankPoints"`
	NextRank   int             `json:"nextRank,omitempty"` // rank points the next promotion takes
	Stash      []Reward        `json:"stash,omitempty"`
	Battle     *BattleView     `json:"battle,omitempty"`
	Summary    string          `json:"summary,omitempty"` // the last battle, as Markdown
	GM         engine.GMView   `json:"gm"`
	Waiting    []engine.Seat   `json:"waiting"`
	Outcome    *engine.Outcome `json:"outcome,omitempty"`
}

// MemberView is a member of the team.
type MemberView struct {
	Seat    engine.Seat `json:"seat"`
	Player  string      `json:"player"`
	Sheet   *Sheet      `json:"sheet,omitempty"`
	HP      int         `json:"hp"`
	MaxHP   int         `json:"maxHP"`
	AP      int         `json:"ap"`
	Unspent int         `json:"unspent,omitempty"`
	Next    string      `json:"next,omitempty"` // the moves its species learns at the next levels
	LendBag bool        `json:"lendBag,omitempty"`
}

// BattleView is the battle as a seat sees it.
type BattleView struct {
	Started   bool          `json:"started"`
	Round     int           `json:"round"`
	First     Side          `json:"first"`
	Side      Side          `json:"side"`
	Weather   string        `json:"weather,omitempty"`
	Terrain   string        `json:"terrain,omitempty"`
	Turns     int           `json:"terrainTurns,omitempty"`
	Hazards   []Hazard      `json:"hazards,omitempty"`
	Wishes    map[Side]int  `json:"wishes,omitempty"`
	Gravity   int           `json:"gravity,omitempty"`   // rounds of gravity left
	TrickRoom string        `json:"trickRoom,omitempty"` // who keeps speed stages inverted
	Fighters  []FighterView `json:"fighters"`
	Traps     []Trap        `json:"traps,omitempty"` // the GM's only
	Odds      []Odds        `json:"odds,omitempty"`  // the viewer's character's moves against each target
}

// FighterView is a fighter as a seat sees it: Body and Turn's numbers are
// nil for a foe whose stats are hidden from the seat. A fighter has AP only
// in its side's turn (what it leaves is lost when the turn ends): Turn's
// AP, Max and Focus are that turn's while Playing, and say nothing
// otherwise; its brace, dodge and guard last until its next turn.
type FighterView struct {
	Name    string         `json:"name"`
	Species string         `json:"species"`
	Types   []string       `json:"types"`
	Foe     bool           `json:"foe,omitempty"`
	NPC     bool           `json:"npc,omitempty"` // an ally the GM plays
	Hidden  bool           `json:"hidden,omitempty"`
	Ability string         `json:"ability,omitempty"` // with its numbers: not for a foe whose stats are hidden
	Body    *Body          `json:"body,omitempty"`
	Fainted bool           `json:"fainted,omitempty"`
	Major   *Cond          `json:"major,omitempty"`
	Minor   []Cond         `json:"minor,omitempty"`
	Stages  map[string]int `json:"stages,omitempty"`
	Turn    *Turn          `json:"turn,omitempty"`
	Playing bool           `json:"playing,omitempty"` // its side's turn is on
	Done    bool           `json:"done,omitempty"`    // it has ended its part of its side's turn
}

// Odds are the exact chances of one use of a move on one target: to hit
// (a hit or crit on the target), to crit, and the damage distribution.
// Partial says the target's defence is unknown to the viewer (a hidden
// foe): the damage is before its defence.
type Odds struct {
	Move     string    `json:"move"`
	Target   string    `json:"target"`
	Hit      string    `json:"hit"`  // "17/20 (85%)"
	Crit     string    `json:"crit"` // "1/20 (5%)"
	Expected string    `json:"expected"`
	Damage   []DamageP `json:"damage"`
	Partial  bool      `json:"partial,omitempty"`
	Note     string    `json:"note,omitempty"` // why the move does nothing to the target (an ability that takes it)
}

// DamageP is one damage and its probability when the move lands.
type DamageP struct {
	Damage int    `json:"damage"`
	P      string `json:"p"`
}

// RulesName names the combat rules in force, as the team line shows them
// after the option's label ("rules: the rule text").
func (view *View) RulesName() string {
	if view.Rules == "pages" {
		return "the group's rules page"
	}
	return "the rule text"
}

func ratText(r *big.Rat) string {
	f, _ := r.Float64()
	return fmt.Sprintf("%s (%.1f%%)", r.RatString(), 100*f)
}

// View implements engine.State.
func (s *State) View(seat engine.Seat) engine.View {
	d, _ := LoadData()
	isGM := s.GM.Is(seat)
	v := &View{Seat: seat, IsGM: isGM, Rank: s.Rank, RankPoints: s.RankPoints, Stash: s.Stash, Summary: s.Summary,
		GM: s.GM.View(seat), Waiting: s.Pending(), Rules: "text"}
	if s.Rules == PageRules {
		v.Rules = "pages"
	}
	if r, err := d.RankNamed(s.Rank); err == nil {
		v.NextRank = r.Next
	}
	for _, m := range s.Team {
		mv := MemberView{Seat: m.Seat, Player: s.Seats[m.Seat].Name, Sheet: m.Sheet, HP: m.HP, LendBag: m.LendBag, Unspent: unspent(m)}
		if m.Sheet != nil {
			if der, err := m.Sheet.Derive(d); err == nil {
				mv.MaxHP, mv.AP = der.MaxHP, der.AP
			}
			mv.Next = nextLevelMoves(d, m.Sheet.Species, m.Sheet.Level, 2)
			if m.Seat == seat {
				v.You = m.Sheet.Name
			}
			if m.Seat == s.Leader {
				v.Leader = m.Sheet.Name
			}
		}
		v.Team = append(v.Team, mv)
	}
	if o, over := s.Outcome(); over {
		v.Outcome = &o
	}
	if b := s.Battle; b != nil {
		bv := &BattleView{Started: b.Started, Round: b.Round, First: b.First, Side: b.Side, Weather: b.Weather,
			Terrain: b.Terrain, Turns: b.TerrainTurns, Hazards: b.Hazards, Wishes: b.Wishes, Gravity: b.Gravity}
		if b.trickRoom() {
			bv.TrickRoom = b.TrickRoom
		}
		for _, f := range b.Fighters {
			playing := b.Started && b.Side == f.side()
			fv := FighterView{Name: f.Name, Species: f.Species, Types: f.Types, Foe: f.Foe, NPC: f.NPC, Hidden: f.Hidden,
				Fainted: f.Fainted, Major: f.Major, Minor: f.Minor, Stages: f.Stages, Playing: playing, Done: playing && f.Turn.Done}
			if isGM || !f.Foe || !f.Hidden {
				body, turn := f.Body, f.Turn
				fv.Body, fv.Turn, fv.Ability = &body, &turn, f.Ability
			} else if slices.ContainsFunc(f.Minor, func(m Cond) bool { return m.HP != 0 }) {
				// A substitute's HP is a quarter of the hidden max HP; a
				// pain split's is the HP it lost.
				fv.Minor = slices.Clone(f.Minor)
				for i := range fv.Minor {
					fv.Minor[i].HP = 0
				}
			}
			bv.Fighters = append(bv.Fighters, fv)
		}
		if f := b.fighter(v.You); f != nil && b.Started && !f.Fainted {
			bv.Odds = s.odds(f)
		}
		if isGM {
			bv.Traps = b.Traps
		}
		v.Battle = bv
	}
	return v
}

// odds are f's damaging moves against every standing opponent, from what
// f's player may see. A move costing more than f's max AP is priced at
// the AP f has.
func (s *State) odds(f *Fighter) []Odds {
	d, _ := LoadData()
	b := s.Battle
	var out []Odds
	for _, name := range f.Body.Moves {
		m, err := d.MoveNamed(name)
		if err != nil || m.Category == "Status" {
			continue
		}
		m = b.asUsed(f, m)
		for _, t := range b.side(f.side().other()) {
			if t.Fainted {
				continue
			}
			n := 1
			if m.Target == TargetRoom {
				n = 0
				for _, o := range b.side(t.side()) {
					if !o.Fainted {
						n++
					}
				}
			}
			a := b.attacker(s.Rules, f, m, n, t)
			if f.Turn.Max == 0 {
				a.AP = b.maxAP(f)
			}
			o := Odds{Move: m.Name, Target: t.Name, Partial: t.Foe && t.Hidden}
			if ab := b.takenBy(f, m, t); ab != "" && !o.Partial {
				o.Hit, o.Crit, o.Expected, o.Note = ratText(new(big.Rat)), ratText(new(big.Rat)), "0.00", "its "+ab+" takes the move"
				out = append(out, o)
				continue
			}
			def := b.defender(t, f, m, true)
			dist, err := d.damageDistFaces(m, a, def, b.faces(m, a, def, f, t))
			if err != nil {
				continue
			}
			hit, crit := new(big.Rat), new(big.Rat)
			landed := map[int]*big.Rat{}
			var order []int
			for _, x := range dist {
				if x.Result != Hit && x.Result != Crit {
					continue
				}
				hit.Add(hit, x.P)
				if x.Result == Crit {
					crit.Add(crit, x.P)
				}
				if landed[x.Damage] == nil {
					landed[x.Damage] = new(big.Rat)
					order = append(order, x.Damage)
				}
				landed[x.Damage].Add(landed[x.Damage], x.P)
			}
			slices.Sort(order)
			for _, dmg := range order {
				o.Damage = append(o.Damage, DamageP{Damage: dmg, P: ratText(landed[dmg])})
			}
			o.Hit, o.Crit = ratText(hit), ratText(crit)
			e, _ := dist.Expected().Float64()
			o.Expected = fmt.Sprintf("%.2f", e)
			out = append(out, o)
		}
	}
	return out
}

// explain says what a does for the viewer (see game.Explain).
func (view *View) explain(a engine.Action) string {
	switch a := a.(type) {
	case UseMove:
		if view.Battle == nil || len(a.Targets) != 1 {
			return ""
		}
		for _, o := range view.Battle.Odds {
			if strings.EqualFold(o.Move, a.Move) && strings.EqualFold(o.Target, a.Targets[0]) {
				return oddsText(o)
			}
		}
	case Brace:
		return fmt.Sprintf("%d AP: +%d %s until your next turn (a defensive action).", BraceAP, BraceBonus, a.Stat)
	case Dodge:
		return fmt.Sprintf("%d AP: attacks on you need %d more on the die until your next turn (a defensive action).", a.AP, a.AP)
	case UseWish:
		return fmt.Sprintf("No AP: a wish on your side heals you %d HP.", WishHeal)
	case Break:
		return "The whole turn: every stat change steps one back towards 0."
	case Guard:
		return fmt.Sprintf("The whole turn: you take the attacks aimed at %s until your next turn.", a.Ally)
	case ClearHazards:
		return fmt.Sprintf("%d AP: a d20 of %d or more clears the hazards on your side.", ClearAP, ClearAt)
	case EndTurn:
		return "Ends your turn; the AP left is lost."
	case UseAbility:
		return "No AP and no focus, once a battle: your ability summons its weather or terrain."
	case UseItem:
		d, _ := LoadData()
		if it, err := d.ItemNamed(a.Item); err == nil {
			return itemText(it)
		}
	case LearnMove:
		d, _ := LoadData()
		m, err := d.MoveNamed(a.Move)
		if err != nil {
			return ""
		}
		if a.Replace != "" {
			return fmt.Sprintf("Forget %s (its training is lost) for %s.", a.Replace, strings.Join(strings.Fields(MoveLine(m)), " "))
		}
		return fmt.Sprintf("Into a free move slot: %s.", strings.Join(strings.Fields(MoveLine(m)), " "))
	case SkipMove:
		return fmt.Sprintf("Pass on %s: the offer goes.", a.Move)
	case Evolve:
		return fmt.Sprintf("Become %s: its types, and the moves it learns on evolution offered to learn.", a.Into)
	case BringSheet:
		return sheetOffer(&a.Sheet)
	}
	return ""
}

// sheetOffer says what a sheet brings: "Electric; 19 HP, 4 AP, ability
// Static; moves Thunder Shock, Growl; bag Oran Berry; 5 stat points to
// place.", or "" for a sheet whose numbers do not work out.
func sheetOffer(sh *Sheet) string {
	d, _ := LoadData()
	sp, err := d.SpeciesNamed(sh.Species)
	if err != nil {
		return ""
	}
	der, err := sh.Derive(d)
	if err != nil {
		return ""
	}
	s := fmt.Sprintf("%s; %d HP, %d AP, ability %s; moves %s; bag %s", strings.Join(sp.Types, "/"), der.MaxHP, der.AP, sh.Ability,
		strings.Join(sh.Moves, ", "), orNone(strings.Join(sh.Inventory, ", ")))
	if n := der.Points - der.Spent; n > 0 {
		s += "; " + statPoints(n, "") + " to place"
	}
	return s + "."
}

// oddsText writes one line of odds: "Hit 19/20 (95.0%), crit 1/20 (5.0%);
// when it lands: 11 (9/10 (90.0%)), 15 (1/20 (5.0%)); expected 10.65".
func oddsText(o Odds) string {
	var dmg []string
	for _, d := range o.Damage {
		dmg = append(dmg, fmt.Sprintf("%d: %s", d.Damage, d.P))
	}
	s := fmt.Sprintf("Hit %s, crit %s; damage %s; expected %s", o.Hit, o.Crit, strings.Join(dmg, ", "), o.Expected)
	if o.Note != "" {
		s += " (" + o.Note + ")"
	}
	if o.Partial {
		s += " (before its hidden defence)"
	}
	return s + "."
}

// Determinize implements engine.Determinizer: a copy in which everything
// seat s may not see is drawn again: the GM's notes and private
// adjustments, and the numbers, moves and ability of foes whose stats are
// hidden (and the words kept of those of battles that have ended).
// The GM sees everything: its copy is the state.
func (s *State) Determinize(seat engine.Seat, r *dice.Stream) engine.State {
	c := s.Clone().(*State)
	if c.GM.Is(seat) {
		return c
	}
	for i := range c.GM.Notes {
		c.GM.Notes[i] = fmt.Sprintf("note %d", r.Roll(1000))
	}
	for i := range c.Unseen {
		c.Unseen[i] = fmt.Sprintf("a hidden foe %d", r.Roll(1000))
	}
	for i := range c.GM.Adjustments {
		if adj := &c.GM.Adjustments[i]; !adj.Public {
			adj.What, adj.Reason = fmt.Sprintf("change %d", r.Roll(1000)), "because"
		}
	}
	if b := c.Battle; b != nil {
		d, _ := LoadData()
		b.Traps = nil
		for range r.Roll(4) - 1 {
			b.Traps = append(b.Traps, Trap{Kind: traps[r.Roll(len(traps))-1], At: r.Roll(20)})
		}
		for _, f := range b.Fighters {
			if !f.Foe || !f.Hidden {
				continue
			}
			bd := &f.Body
			bd.Level, bd.MaxHP = r.Roll(100), 10+r.Roll(90)
			bd.HP = 0
			if !f.Fainted {
				bd.HP = r.Roll(bd.MaxHP)
			}
			bd.AP, bd.Atk, bd.Def, bd.SpA, bd.SpD, bd.Bonus = 3+r.Roll(5), r.Roll(11)-1, r.Roll(11)-1, r.Roll(11)-1, r.Roll(11)-1, r.Roll(6)-1
			bd.Moves = []string{"Basic Attack"}
			f.Turn.AP, f.Turn.Max = r.Roll(8), r.Roll(8)
			if sp, err := d.SpeciesNamed(f.Species); err == nil {
				abs := slices.DeleteFunc(append(slices.Clone(sp.Abilities), sp.Hidden), func(a string) bool { return a == "" })
				f.Ability = abs[r.Roll(len(abs))-1]
			}
		}
	}
	return c
}
