package msp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"tabletop/dice"
	"tabletop/engine"
)

// State is a musi supa pona session: the GM, the characters (one per
// player seat, once made), the GM's book, an open check, a battle.
type State struct {
	Seats []engine.SeatInfo `json:"seats"`
	GM    engine.GM         `json:"gm"`
	Book  Book              `json:"book"`
	// Chars holds each player seat's character, by seat; the GM's seat and
	// seats whose character is not made yet hold nil.
	Chars     []*Character `json:"chars"`
	Check     *OpenCheck   `json:"check"`
	LastCheck *CheckResult `json:"last_check"`
	Fight     *Fight       `json:"fight"`
	Ended     bool         `json:"ended"`
	EndReason string       `json:"end_reason"`
}

// Goal is what a check's roll must reach: at least Value, or at most.
type Goal struct {
	AtMost bool `json:"at_most"`
	Value  int  `json:"value"`
}

// String reads "at least 12" or "at most 8".
func (g Goal) String() string {
	if g.AtMost {
		return fmt.Sprintf("at most %d", g.Value)
	}
	return fmt.Sprintf("at least %d", g.Value)
}

// expr is the check's roll as dice notation that compares its total:
// "d20+3>=12".
func (g Goal) expr(stat int) string {
	op := ">="
	if g.AtMost {
		op = "<="
	}
	return fmt.Sprintf("d20%+d%s%d", stat, op, g.Value)
}

// OpenCheck is an action the GM asked for: the character, the stat and,
// once set, the hidden target; Chances is the GM's table of the exact
// chance of success for every target that can go either way.
type OpenCheck struct {
	Seat    engine.Seat         `json:"seat"`
	Stat    Stat                `json:"stat"`
	Set     bool                `json:"set"` // the target is set: the player rolls
	Target  engine.Hidden[Goal] `json:"target"`
	Chances []Chance            `json:"chances"`
}

// Chance is the exact chance that d20 + stat is at least, or at most, a
// target, as a fraction and a percentage: "11/20 (55%)".
type Chance struct {
	Target  int    `json:"target"`
	AtLeast string `json:"at_least"`
	AtMost  string `json:"at_most"`
}

// CheckResult is a check rolled, its target revealed.
type CheckResult struct {
	Seat    engine.Seat `json:"seat"`
	Stat    Stat        `json:"stat"`
	Roll    string      `json:"roll"` // the dice, as rolled: "d20+3>=12: d20{14}+3 = 17 >=12: true (1)"
	Total   int         `json:"total"`
	Goal    Goal        `json:"goal"`
	Success bool        `json:"success"`
	// Name and D20 (the character's name, the die's face) let Words say
	// the check as the log does; a state saved before they were kept has
	// neither, and Words says less.
	Name string `json:"name,omitempty"`
	D20  int    `json:"d20,omitempty"`
}

// Words says the check as the log does, without the verdict: "Ann rolled
// Strength: d20 9 +3 = 12; the target was at least 12".
func (r *CheckResult) Words() string {
	who := r.Name
	if who == "" {
		who = "the character"
	}
	roll := strconv.Itoa(r.Total)
	if r.D20 > 0 {
		roll = fmt.Sprintf("d20 %d %+d = %d", r.D20, r.Total-r.D20, r.Total)
	}
	return fmt.Sprintf("%s rolled %s: %s; the target was %s", who, r.Stat.Title(), roll, r.Goal)
}

// char returns seat s's character, or nil.
func (s *State) char(seat engine.Seat) *Character {
	if seat < 0 || int(seat) >= len(s.Chars) {
		return nil
	}
	return s.Chars[seat]
}

// find returns the character with that name (any case), or nil.
func (s *State) find(name string) *Character {
	name = strings.TrimSpace(name)
	for _, c := range s.Chars {
		if c != nil && strings.EqualFold(c.Name, name) {
			return c
		}
	}
	return nil
}

// creating reports whether some player has no character yet: the session
// starts once every character is made.
func (s *State) creating() bool {
	for i, c := range s.Chars {
		if c == nil && !s.GM.Is(engine.Seat(i)) {
			return true
		}
	}
	return false
}

// allDead reports whether every character is made and dead.
func (s *State) allDead() bool {
	if s.creating() {
		return false
	}
	for _, c := range s.Chars {
		if c != nil && !c.Dead {
			return false
		}
	}
	return true
}

// over reports whether the session has ended.
func (s *State) over() bool { return s.Ended || s.allDead() }

// Pending implements engine.State: the GM, always, while the session goes
// on, and the players who may act now: to make a character, to use or
// decline a granted re-roll while others are still making theirs, to roll
// an open check, to take their battle turn, and outside checks and
// battles every living character.
func (s *State) Pending() []engine.Seat {
	if s.over() {
		return nil
	}
	return s.GM.Pending(len(s.Seats), s.playerPending)
}

func (s *State) playerPending(seat engine.Seat) bool {
	c := s.char(seat)
	switch {
	case c == nil:
		return true // to make a character
	case c.Dead:
		return false
	case s.Check != nil:
		return s.Check.Set && s.Check.Seat == seat
	case s.Fight != nil:
		a := s.Fight.actor()
		return s.Fight.Hit == nil && a.Enemy < 0 && a.Seat == seat
	case s.creating():
		return c.Rerolls > 0
	}
	return true
}

// Outcome implements engine.State: once the session has ended, the seats
// of the characters still alive share the win; scores are their levels
// (experience points are each player's own).
func (s *State) Outcome() (engine.Outcome, bool) {
	if !s.over() {
		return engine.Outcome{}, false
	}
	out := engine.Outcome{Scores: make([]int, len(s.Seats))}
	var parts []string
	for i, c := range s.Chars {
		if c == nil {
			continue
		}
		out.Scores[i] = c.Level()
		if c.Dead {
			parts = append(parts, c.Name+" died")
			continue
		}
		out.Winners = append(out.Winners, engine.Seat(i))
		parts = append(parts, fmt.Sprintf("%s lives (level %d)", c.Name, c.Level()))
	}
	ends := "The session ends"
	if s.EndReason != "" {
		ends += " (" + s.EndReason + ")"
	}
	switch {
	case s.allDead():
		out.Text = "Every character has died: " + strings.Join(parts, ", ")
	case len(parts) == 0:
		out.Text = ends + " before anyone made a character"
	default:
		out.Text = ends + ": " + strings.Join(parts, ", ")
	}
	return out, true
}

// Clone implements engine.State: a deep copy.
func (s *State) Clone() engine.State {
	c := &State{
		Seats: append([]engine.SeatInfo(nil), s.Seats...),
		GM:    s.GM.Clone(), Book: s.Book.clone(),
		Chars: make([]*Character, len(s.Chars)),
		Ended: s.Ended, EndReason: s.EndReason,
	}
	for i, ch := range s.Chars {
		if ch != nil {
			cc := ch.clone()
			c.Chars[i] = &cc
		}
	}
	if s.Check != nil {
		ck := *s.Check
		ck.Chances = append([]Chance(nil), ck.Chances...)
		c.Check = &ck
	}
	if s.LastCheck != nil {
		lc := *s.LastCheck
		c.LastCheck = &lc
	}
	if s.Fight != nil {
		c.Fight = s.Fight.clone()
	}
	return c
}

// Equal implements engine.Equaler: the same position, compared through the
// state's JSON form (nil and empty lists are the same position).
func (s *State) Equal(other engine.State) bool {
	o, ok := other.(*State)
	if !ok {
		return false
	}
	a, err1 := json.Marshal(s)
	b, err2 := json.Marshal(o)
	return err1 == nil && err2 == nil && bytes.Equal(normalJSON(a), normalJSON(b))
}

// normalJSON writes null lists as empty ones, so that a nil slice and an
// empty one compare equal.
func normalJSON(b []byte) []byte {
	var v any
	if json.Unmarshal(b, &v) != nil {
		return b
	}
	out, _ := json.Marshal(dropNulls(v))
	return out
}

func dropNulls(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if x == nil {
				v[k] = []any{}
			} else {
				v[k] = dropNulls(x)
			}
		}
	case []any:
		for i, x := range v {
			v[i] = dropNulls(x)
		}
	}
	return v
}

// Apply implements engine.State. A refused action returns an error that
// says why and changes nothing. A Typed action is refused: the table plays
// the action its text reads (engine.Resolve), and a log that holds a Typed
// replays through the table too.
func (s *State) Apply(seat engine.Seat, a engine.Action, d *dice.Stream) ([]engine.Event, error) {
	if s.over() {
		return nil, engine.GameOver(a)
	}
	if seat < 0 || int(seat) >= len(s.Seats) {
		return nil, engine.NotYourTurn(a, "%s has no seat at this table", seat)
	}
	if _, ok := a.(engine.Standin); ok {
		return nil, engine.Unresolved(a)
	}
	if s.GM.Is(seat) {
		return s.applyGM(seat, a, d)
	}
	return s.applyPlayer(seat, a, d)
}

// Prompt returns the seat that a table sharing one terminal asks next:
// the player who must act (making a character, using or declining a
// re-roll before the session starts, rolling a check, taking a battle
// turn), or else the GM, who leads everything else. Players act in free
// play when the GM hands them the terminal ("as NAME" in tabletop play).
func (s *State) Prompt() engine.Seat {
	if s.over() {
		return engine.Spectator
	}
	for i := range s.Seats {
		seat := engine.Seat(i)
		if s.GM.Is(seat) || !s.playerPending(seat) {
			continue
		}
		if c := s.char(seat); c == nil || s.Check != nil || s.Fight != nil || s.creating() {
			return seat
		}
	}
	return s.GM.Seat
}

// ExportBook implements what tabletop play's "export book" needs: the
// book in the GM's view, as the JSON file ParseBook reads.
func (game) ExportBook(v engine.View) ([]byte, error) {
	view, ok := v.(*View)
	if !ok || view.Book == nil {
		return nil, fmt.Errorf("msp: only the game master's view holds the book")
	}
	return ExportBook(*view.Book)
}
