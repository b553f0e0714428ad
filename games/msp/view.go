package msp

import (
	"fmt"

	"tabletop/dice"
	"tabletop/engine"
)

// View is what one seat sees. The GM sees everything: every sheet, the
// book, the notes, the hidden target with its table of chances and the
// enemies' health. A player sees its own sheet whole and of the others
// what the table sees (name, background, level, HP, condition); the GM's
// public adjustments and those to its own sheet; a check's target only
// once rolled; an enemy's health only once revealed.
type View struct {
	Seat      engine.Seat     `json:"seat"` // the viewer; engine.Spectator for the public view
	IsGM      bool            `json:"is_gm"`
	GMSeat    engine.Seat     `json:"gm_seat"`
	Phase     string          `json:"phase"` // "creation", "play", "check", "battle" or "over"
	Players   []PlayerView    `json:"players"`
	Check     *CheckView      `json:"check,omitempty"`
	LastCheck *CheckResult    `json:"last_check,omitempty"`
	Battle    *BattleView     `json:"battle,omitempty"`
	Book      *Book           `json:"book,omitempty"` // the GM's
	GM        engine.GMView   `json:"gm"`
	Waiting   []engine.Seat   `json:"waiting"`
	Outcome   *engine.Outcome `json:"outcome,omitempty"`
}

// PlayerView is a player seat and, once made, its character.
type PlayerView struct {
	Seat      engine.Seat `json:"seat"`
	Name      string      `json:"name"` // the person
	Character *CharView   `json:"character,omitempty"`
}

// CharView is a character as the viewer sees it. Sheet is set for the
// character's player and the GM only.
type CharView struct {
	Name       string `json:"name"`
	Race       string `json:"race"`
	Class      string `json:"class"`
	Alignment  string `json:"alignment"`
	Occupation string `json:"occupation"`
	Level      int    `json:"level"`
	HP         int    `json:"hp"`
	MaxHP      int    `json:"max_hp"`
	Downed     bool   `json:"downed,omitempty"`
	Dead       bool   `json:"dead,omitempty"`
	Rerolls    int    `json:"rerolls,omitempty"`
	RestTurns  int    `json:"rest_turns,omitempty"`
	Sheet      *Sheet `json:"sheet,omitempty"`
}

// Sheet is the secret part of a character sheet.
type Sheet struct {
	Stats     [numStats]int      `json:"stats"`
	Rolls     [numStats]StatRoll `json:"rolls"`
	XP        int                `json:"xp"`
	NextLevel int                `json:"next_level"` // XP the next level takes
	Items     []Item             `json:"items"`
	Purse     Purse              `json:"purse"`
	Money     string             `json:"money"` // the purse's worth: "1 gold, 2 silver"
	Weight    int                `json:"weight"`
	Capacity  int                `json:"capacity"`
	Notes     string             `json:"notes"`
}

// CheckView is an open check: whose, which stat, whether the target is
// set; the GM also sees the target and the chances.
type CheckView struct {
	Seat    engine.Seat `json:"seat"`
	Name    string      `json:"name"`
	Stat    Stat        `json:"stat"`
	Set     bool        `json:"set"`
	Target  *Goal       `json:"target,omitempty"`
	Chances []Chance    `json:"chances,omitempty"`
}

// BattleView is a battle as the viewer sees it.
type BattleView struct {
	Round          int         `json:"round"`
	Order          []string    `json:"order"` // names, in initiative order
	Initiative     []string    `json:"initiative"`
	Turn           string      `json:"turn"` // whose turn it is
	Extra          bool        `json:"extra,omitempty"`
	AwaitingDamage bool        `json:"awaiting_damage,omitempty"`
	Enemies        []EnemyView `json:"enemies"`
}

// EnemyView is an enemy; its health once revealed (always for the GM).
type EnemyView struct {
	Name    string   `json:"name"`
	Dead    bool     `json:"dead,omitempty"`
	Health  *Health  `json:"health,omitempty"`
	Attacks []Attack `json:"attacks,omitempty"` // the GM's
}

// View implements engine.State.
func (s *State) View(seat engine.Seat) engine.View {
	gm := s.GM.Is(seat)
	v := &View{Seat: seat, IsGM: gm, GMSeat: s.GM.Seat, GM: s.GM.View(seat), Waiting: s.Pending()}
	if v.Waiting == nil {
		v.Waiting = []engine.Seat{}
	}
	switch {
	case s.over():
		v.Phase = "over"
		o, _ := s.Outcome()
		v.Outcome = &o
	case s.creating():
		v.Phase = "creation"
	case s.Check != nil:
		v.Phase = "check"
	case s.Fight != nil:
		v.Phase = "battle"
	default:
		v.Phase = "play"
	}
	for i, info := range s.Seats {
		if s.GM.Is(engine.Seat(i)) {
			continue
		}
		pv := PlayerView{Seat: engine.Seat(i), Name: info.Name}
		if c := s.Chars[i]; c != nil {
			pv.Character = c.view(gm || c.Seat == seat)
		}
		v.Players = append(v.Players, pv)
	}
	if ck := s.Check; ck != nil {
		v.Check = &CheckView{Seat: ck.Seat, Name: s.Chars[ck.Seat].Name, Stat: ck.Stat, Set: ck.Set}
		if gm {
			v.Check.Chances = ck.Chances
			if ck.Set {
				v.Check.Target = ck.Target.For(true)
			}
		}
	}
	v.LastCheck = s.LastCheck
	if f := s.Fight; f != nil {
		b := &BattleView{Round: f.Round, Initiative: f.Initiative, Turn: s.name(f.actor()), Extra: f.Extra != nil, AwaitingDamage: f.Hit != nil}
		for _, x := range f.Order {
			b.Order = append(b.Order, s.name(x))
		}
		for _, e := range f.Enemies {
			ev := EnemyView{Name: e.Name, Dead: e.Dead, Health: e.Health.For(gm)}
			if gm {
				ev.Attacks = e.Attacks
			}
			b.Enemies = append(b.Enemies, ev)
		}
		v.Battle = b
	}
	if gm {
		b := s.Book
		v.Book = &b
	}
	return v
}

// view is the character as a viewer sees it: with the sheet for its
// player and the GM.
func (c *Character) view(whole bool) *CharView {
	v := &CharView{
		Name: c.Name, Race: c.Race, Class: c.Class, Alignment: c.Alignment, Occupation: c.Occupation,
		Level: c.Level(), HP: c.HP, MaxHP: c.MaxHP(), Downed: c.Downed, Dead: c.Dead,
		Rerolls: c.Rerolls, RestTurns: c.RestTurns,
	}
	if whole {
		v.Sheet = &Sheet{
			Stats: c.Stats, Rolls: c.Rolls, XP: c.XP, NextLevel: NextLevel(c.Level()),
			Items: c.Items, Purse: c.Purse, Money: Money(c.Purse.Value()),
			Weight: c.Weight(), Capacity: c.Capacity(), Notes: c.Notes,
		}
		if v.Sheet.Items == nil {
			v.Sheet.Items = []Item{}
		}
	}
	return v
}

// WaitingFor implements engine.Waiter.
func (v *View) WaitingFor() []engine.Seat { return v.Waiting }

// Determinize implements engine.Determinizer: a copy of the state in which
// everything seat s may not see is drawn again at random: the GM's notes
// and private adjustments, an unrolled check's target and chances, the
// other characters' secret sheets (every stat but Defence, which their
// most HP shows; experience within their level; items, coins, notes) and
// the enemies' unrevealed health. The GM sees everything: its copy is the
// state.
func (s *State) Determinize(seat engine.Seat, r *dice.Stream) engine.State {
	c := s.Clone().(*State)
	if c.GM.Is(seat) {
		return c
	}
	for i := range c.GM.Notes {
		c.GM.Notes[i] = fmt.Sprintf("note %d", r.Roll(1000))
	}
	for i := range c.GM.Adjustments {
		if adj := &c.GM.Adjustments[i]; !adj.Public && !containsSeat(adj.Seen, seat) {
			adj.What, adj.Reason = fmt.Sprintf("change %d", r.Roll(1000)), "because"
		}
	}
	if ck := c.Check; ck != nil {
		if !ck.Target.Revealed {
			ck.Target.Value = Goal{AtMost: r.Roll(2) == 1, Value: r.Roll(40) - 10}
		}
		for i := range ck.Chances {
			ck.Chances[i].AtLeast = "?"
		}
	}
	for _, ch := range c.Chars {
		if ch == nil || ch.Seat == seat {
			continue
		}
		for _, st := range []Stat{Strength, Intelligence, Speed, Charisma} {
			ch.Stats[st] = r.Roll(30) - 12
			ch.Rolls[st] = StatRoll{D20: r.Roll(20), D6: [2]int{r.Roll(6), r.Roll(6)}}
		}
		lo := 0
		if l := ch.Level(); l > 0 {
			lo = NextLevel(l - 1)
		}
		ch.XP = lo + r.Roll(NextLevel(ch.Level())-lo) - 1
		ch.Items = []Item{{Name: fmt.Sprintf("thing %d", r.Roll(100)), Grams: r.Roll(500)}}
		ch.Purse = PurseOf(r.Roll(100000))
		ch.Notes = fmt.Sprintf("notes %d", r.Roll(1000))
	}
	if f := c.Fight; f != nil {
		for i := range f.Enemies {
			if e := &f.Enemies[i]; !e.Health.Revealed && !e.Dead {
				max := r.Roll(50)
				e.Health.Value = Health{HP: r.Roll(max), Max: max}
			}
		}
	}
	return c
}

func containsSeat(seats []engine.Seat, s engine.Seat) bool {
	for _, x := range seats {
		if x == s {
			return true
		}
	}
	return false
}
