// Package duel is a tiny two-seat game that exists only to test the engine
// contract before the real games land: sealed simultaneous choices, dice, and
// hidden information.
//
// Each duellist has 6 health. Every round both seal a stance, attack or guard.
// Then each attacker rolls 1d6 and deals that much damage, less 3 against a
// guarding opponent; a guard heals 1 (up to 6). The duel ends when someone is
// at 0 or after Rounds rounds (option, default 8); the healthier duellist
// wins and equal health shares the win.
package duel

import (
	"encoding/json"
	"fmt"
	"strconv"

	"tabletop/dice"
	"tabletop/engine"
)

// Game is the duel.
var Game engine.Game = game{}

type game struct{}

func (game) Info() engine.Info {
	return engine.Info{
		ID: "duel", Name: "Duel", MinSeats: 2, MaxSeats: 2, RulesVersion: "2",
		Options: []engine.OptionSpec{{Name: "rounds", Kind: engine.OptionInt, Default: "8", Min: 1, Max: 50, Help: "rounds before the duel is scored"}},
	}
}

func (game) Setup(opts engine.Options, seats []engine.SeatInfo, d *dice.Stream) (engine.State, error) {
	st := &State{Rounds: opts.Int("rounds"), Health: [2]int{6, 6}}
	for i := range min(2, len(seats)) {
		st.Names[i] = seats[i].Name
	}
	// One die at setup, so setup dice are exercised: who is named first in the log.
	st.First = engine.Seat(d.Roll(2) - 1)
	return st, nil
}

func (game) Decode(kind string, raw json.RawMessage) (engine.Action, error) {
	if kind != "stance" {
		return nil, fmt.Errorf("duel: unknown action %s", engine.Quote(kind))
	}
	var a Stance
	if err := engine.DecodeStrict("duel", kind, raw, &a); err != nil {
		return nil, err
	}
	if a.Stance != Attack && a.Stance != Guard {
		return nil, fmt.Errorf("duel: stance must be %q or %q, not %s", Attack, Guard, engine.Quote(a.Stance))
	}
	return a, nil
}

// The two stances.
const (
	Attack = "attack"
	Guard  = "guard"
)

// Stance is the one action: a sealed stance for this round.
type Stance struct {
	Stance string `json:"stance"`
}

func (Stance) Kind() string     { return "stance" }
func (a Stance) String() string { return a.Stance }

// State is a duel in progress.
type State struct {
	Rounds int
	Round  int
	Health [2]int
	First  engine.Seat
	Sealed [2]string // "" until the seat has chosen this round
	Names  [2]string // the duellists' names, for the log and the outcome
}

// name is seat i's name for people: the player's, or "seat N" (counted
// from 1) for a table set up without names.
func (s *State) name(i engine.Seat) string {
	if i >= 0 && i < 2 && s.Names[i] != "" {
		return s.Names[i]
	}
	return i.String()
}

// View is what one seat sees: both healths, its own sealed stance, and only
// whether the other has chosen.
type View struct {
	Round    int     `json:"round"`
	Health   [2]int  `json:"health"`
	Mine     string  `json:"mine,omitempty"`
	Chosen   [2]bool `json:"chosen"`
	Finished bool    `json:"finished"`
}

func (s *State) over() bool {
	return s.Health[0] <= 0 || s.Health[1] <= 0 || s.Round >= s.Rounds
}

// Pending lists the seats that have not sealed a stance this round.
func (s *State) Pending() []engine.Seat {
	if s.over() {
		return nil
	}
	var p []engine.Seat
	for i := range 2 {
		if s.Sealed[i] == "" {
			p = append(p, engine.Seat(i))
		}
	}
	return p
}

// Legal is both stances for a pending seat.
func (s *State) Legal(seat engine.Seat) []engine.Action {
	if s.over() || seat < 0 || seat > 1 || s.Sealed[seat] != "" {
		return nil
	}
	return []engine.Action{Stance{Attack}, Stance{Guard}}
}

// Apply seals a stance; the second one resolves the round.
func (s *State) Apply(seat engine.Seat, a engine.Action, d *dice.Stream) ([]engine.Event, error) {
	st, ok := a.(Stance)
	switch {
	case !ok:
		return nil, engine.Illegal(a, "a duel only has stances")
	case s.over():
		return nil, engine.GameOver(a)
	case seat < 0 || seat > 1:
		return nil, engine.NotYourTurn(a, "only the two duellists act")
	case s.Sealed[seat] != "":
		return nil, engine.Illegal(a, "you have already chosen this round")
	case st.Stance != Attack && st.Stance != Guard:
		return nil, engine.Illegal(a, "a stance is attack or guard")
	}
	s.Sealed[seat] = st.Stance
	events := []engine.Event{{Kind: "sealed", Text: "you chose " + st.Stance, Only: []engine.Seat{seat}, Others: s.name(seat) + " has chosen"}}
	if s.Sealed[0] == "" || s.Sealed[1] == "" {
		return events, nil
	}
	for i := range 2 {
		other := 1 - i
		switch s.Sealed[i] {
		case Attack:
			roll := d.Roll(6)
			dmg := roll
			if s.Sealed[other] == Guard {
				dmg = max(0, roll-3)
			}
			s.Health[other] -= dmg
			events = append(events, engine.Event{Kind: "attack", Text: s.name(engine.Seat(i)) + " attacks: 1d6 " + strconv.Itoa(roll) + ", " + strconv.Itoa(dmg) + " damage"})
		case Guard:
			s.Health[i] = min(6, s.Health[i]+1)
			events = append(events, engine.Event{Kind: "guard", Text: s.name(engine.Seat(i)) + " guards"})
		}
	}
	s.Sealed = [2]string{}
	s.Round++
	return events, nil
}

// View shows a seat its own stance only.
func (s *State) View(seat engine.Seat) engine.View {
	v := View{Round: s.Round, Health: s.Health, Finished: s.over()}
	for i := range 2 {
		v.Chosen[i] = s.Sealed[i] != ""
	}
	if seat == 0 || seat == 1 {
		v.Mine = s.Sealed[seat]
	}
	return v
}

// Outcome: the healthier duellist wins once the duel is over.
func (s *State) Outcome() (engine.Outcome, bool) {
	if !s.over() {
		return engine.Outcome{}, false
	}
	o := engine.Outcome{Scores: []int{s.Health[0], s.Health[1]}}
	switch {
	case s.Health[0] > s.Health[1]:
		o.Winners, o.Text = []engine.Seat{0}, s.name(0)+" wins"
	case s.Health[1] > s.Health[0]:
		o.Winners, o.Text = []engine.Seat{1}, s.name(1)+" wins"
	default:
		o.Winners, o.Text = []engine.Seat{0, 1}, "a draw"
	}
	return o, true
}

// Clone copies the state (it has no pointers, so a value copy is deep).
func (s *State) Clone() engine.State {
	c := *s
	return &c
}

// Determinize re-draws the other seat's sealed stance.
func (s *State) Determinize(seat engine.Seat, r *dice.Stream) engine.State {
	c := *s
	for i := range 2 {
		if engine.Seat(i) != seat && c.Sealed[i] != "" {
			c.Sealed[i] = []string{Attack, Guard}[r.Roll(2)-1]
		}
	}
	return &c
}
