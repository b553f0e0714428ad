package tmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"tabletop/engine"
)

// State is a campaign table: the team (one member a player seat, each with
// a sheet once brought), its leader and shared badge rank, the GM's book,
// and the battle under way, if any.
type State struct {
	Seats      []engine.SeatInfo `json:"seats"`
	GM         engine.GM         `json:"gm"`
	Rules      Edition           `json:"rules"`
	Team       []*Member         `json:"team"`
	Leader     engine.Seat       `json:"leader"`
	Rank       string            `json:"rank"`
	RankPoints int               `json:"rankPoints"`
	Stash      []Reward          `json:"stash,omitempty"` // rank rewards not yet handed out
	Battle     *Battle           `json:"battle,omitempty"`
	Battles    int               `json:"battles"`          // battles fought to the end
	Unseen     []string          `json:"unseen,omitempty"` // foes hidden to the end of their battle, in words, told at the end of the session
	Summary    string            `json:"summary,omitempty"`
	Ended      bool              `json:"ended"`
	EndReason  string            `json:"endReason,omitempty"`
}

// Member is one player seat of the team: its sheet, the HP its character
// has now, and whether allies may take items from its bag.
type Member struct {
	Seat    engine.Seat `json:"seat"`
	Sheet   *Sheet      `json:"sheet,omitempty"`
	HP      int         `json:"hp"`
	LendBag bool        `json:"lendBag,omitempty"` // allies may use items from its bag (a Reviver Seed when it has fainted)
}

// member returns seat s's member, or nil.
func (s *State) member(seat engine.Seat) *Member {
	for _, m := range s.Team {
		if m.Seat == seat {
			return m
		}
	}
	return nil
}

// memberNamed returns the member whose character has that name, or nil.
func (s *State) memberNamed(name string) *Member {
	for _, m := range s.Team {
		if m.Sheet != nil && strings.EqualFold(m.Sheet.Name, strings.TrimSpace(name)) {
			return m
		}
	}
	return nil
}

// noSuch refuses a for naming who, whom the battle or the team does not
// have: why says so, with a %s for the name. Players know one another by
// their players' names: a name that is a seat's whose character is called
// otherwise gets the character's name to write instead.
func (c *ctx) noSuch(a engine.Action, why, who string) error {
	for _, m := range c.s.Team {
		if m.Sheet != nil && engine.SameName(c.s.Seats[m.Seat].Name, who) && !engine.SameName(m.Sheet.Name, who) {
			return engine.Illegal(a, why+" (%s plays %s: name the character)", engine.Clip(who), c.s.Seats[m.Seat].Name, m.Sheet.Name)
		}
	}
	return engine.Illegal(a, why, engine.Clip(who))
}

// sheetless returns the names of the players who have no sheet yet.
func (s *State) sheetless() []string {
	var out []string
	for _, m := range s.Team {
		if m.Sheet == nil {
			out = append(out, s.Seats[m.Seat].Name)
		}
	}
	return out
}

// unspent returns the stat points m's sheet may still place.
func unspent(m *Member) int {
	if m.Sheet == nil {
		return 0
	}
	d, _ := LoadData()
	der, err := m.Sheet.Derive(d)
	if err != nil {
		return 0
	}
	return max(0, der.Points-der.Spent)
}

// Pending implements engine.State: the GM always, while the session goes
// on; a player without a sheet, or outside a battle with stat points to
// place or moves a level-up offers; in a battle, on the allies' turn, each
// player whose character can still act and has not ended its turn.
func (s *State) Pending() []engine.Seat {
	if s.Ended {
		return nil
	}
	return s.GM.Pending(len(s.Seats), s.playerPending)
}

func (s *State) playerPending(seat engine.Seat) bool {
	m := s.member(seat)
	switch {
	case m == nil:
		return false
	case m.Sheet == nil:
		return true
	case s.Battle != nil && s.Battle.Started:
		f := s.Battle.fighter(m.Sheet.Name)
		return s.Battle.Side == Allies && f != nil && s.Battle.canAct(f)
	}
	return unspent(m) > 0 || len(m.Sheet.Learnable) > 0
}

// Outcome implements engine.State: once the GM ends the session, the team
// shares it; scores are the characters' levels.
func (s *State) Outcome() (engine.Outcome, bool) {
	if !s.Ended {
		return engine.Outcome{}, false
	}
	out := engine.Outcome{Scores: make([]int, len(s.Seats))}
	var parts []string
	for _, m := range s.Team {
		out.Winners = append(out.Winners, m.Seat)
		if m.Sheet != nil {
			out.Scores[m.Seat] = m.Sheet.Level
			parts = append(parts, fmt.Sprintf("%s (level %d)", m.Sheet.Name, m.Sheet.Level))
		}
	}
	out.Text = "The session ends"
	if s.EndReason != "" {
		out.Text += " (" + s.EndReason + ")"
	}
	if len(parts) > 0 {
		out.Text += ": " + strings.Join(parts, ", ")
	}
	return out, true
}

// Clone implements engine.State: a deep copy, through the state's JSON
// form (every field of the state is in it).
func (s *State) Clone() engine.State {
	b, err := json.Marshal(s)
	if err != nil {
		panic("tmd: a state that does not encode: " + err.Error())
	}
	var c State
	if err := json.Unmarshal(b, &c); err != nil {
		panic("tmd: a state that does not decode: " + err.Error())
	}
	return &c
}

// Equal implements engine.Equaler: the same position, compared through the
// state's JSON form.
func (s *State) Equal(other engine.State) bool {
	o, ok := other.(*State)
	if !ok {
		return false
	}
	a, err1 := json.Marshal(s)
	b, err2 := json.Marshal(o)
	return err1 == nil && err2 == nil && bytes.Equal(a, b)
}
