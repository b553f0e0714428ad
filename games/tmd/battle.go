package tmd

import (
	"slices"
	"strings"

	"tabletop/engine"
)

// Side is one side of a battle.
type Side string

const (
	Allies Side = "allies" // the team (and NPCs on its side)
	Foes   Side = "foes"   // the foes the GM brings
)

func (s Side) other() Side {
	if s == Allies {
		return Foes
	}
	return Allies
}

// Focus of a character's turn: every action of a turn has the same.
const (
	FocusOpponents = "opponents"
	FocusAllies    = "allies"
)

// Battle is a battle at the table: its fighters, whose turn it is, and
// the field (weather, terrain, hazards).
type Battle struct {
	Started      bool         `json:"started"`
	Round        int          `json:"round"`
	First        Side         `json:"first"`
	Side         Side         `json:"side"`  // whose turn it is
	Turns        int          `json:"turns"` // side turns taken this round: 0 or 1
	Fighters     []*Fighter   `json:"fighters"`
	Weather      string       `json:"weather,omitempty"`
	Terrain      string       `json:"terrain,omitempty"`
	TerrainTurns int          `json:"terrainTurns,omitempty"` // turns the terrain has left
	Hazards      []Hazard     `json:"hazards,omitempty"`
	Wishes       map[Side]int `json:"wishes,omitempty"`    // wishes formed on each side, to use
	Gravity      int          `json:"gravity,omitempty"`   // rounds of gravity left: moves 5 faces more accurate
	TrickRoom    string       `json:"trickRoom,omitempty"` // who used Trick Room: speed stages count inverted while it stands
	Traps        []Trap       `json:"traps,omitempty"`     // hidden from the players
	Log          []string     `json:"log"`                 // what everyone saw, for the summary
}

// Hazard is a hazard laid on one side's field.
type Hazard struct {
	Side   Side   `json:"side"`
	Kind   string `json:"kind"`
	Layers int    `json:"layers"`
}

// Body is a fighter's numbers: for a foe with hidden stats, what the
// players do not see.
type Body struct {
	Level int            `json:"level"`
	MaxHP int            `json:"maxHP"`
	HP    int            `json:"hp"`
	AP    int            `json:"ap"`    // max AP from Speed
	Atk   int            `json:"atk"`   // Attack points and training
	Def   int            `json:"def"`   // Defense points and training
	SpA   int            `json:"spa"`   // Special Attack points and training
	SpD   int            `json:"spd"`   // Special Defense points and training
	Spe   int            `json:"spe"`   // Speed points and training
	Bonus int            `json:"bonus"` // level damage bonus
	Moves []string       `json:"moves"` // the typeless move included
	Tiers map[string]int `json:"tiers,omitempty"`
}

// Cond is a status condition and how long it has left: turns of the
// afflicted's side for major ones, rounds for minor ones; 0 is until cured.
type Cond struct {
	Kind string `json:"kind"`
	Left int    `json:"left,omitempty"`
	Move string `json:"move,omitempty"` // the move a disable or an encore holds; Telekinesis for its raised
	HP   int    `json:"hp,omitempty"`   // what is left of a substitute; the damage a pain split has stored; stockpiles
	By   string `json:"by,omitempty"`   // the one an infatuation loves, a pursuer
}

// StageLater is a stage change a move makes when the next round starts
// (the group's list's "the next round"), and who made it.
type StageLater struct {
	By    string `json:"by"`
	Stage string `json:"stage"`
	Delta int    `json:"delta"`
}

// Charge is a move a fighter has begun (Fly, Solar Beam, ...) that
// strikes when its side's next turn starts.
type Charge struct {
	Move        string   `json:"move"`
	Targets     []string `json:"targets,omitempty"`
	Hit         bool     `json:"hit,omitempty"`         // it was hurt by a move meanwhile (Focus Punch fails)
	HitPhysical bool     `json:"hitPhysical,omitempty"` // by a physical move (Shell Trap goes off)
}

// Turn is what a fighter has done in its side's current turn, and what it
// keeps up until its next one (brace, dodge, guard).
type Turn struct {
	AP         int    `json:"ap"` // AP left
	Max        int    `json:"max"`
	Focus      string `json:"focus,omitempty"`
	StatusMove bool   `json:"statusMove,omitempty"`
	Done       bool   `json:"done,omitempty"`
	Acted      bool   `json:"acted,omitempty"`
	Brace      string `json:"brace,omitempty"` // "def" or "spd"
	Dodge      int    `json:"dodge,omitempty"`
	Guarding   string `json:"guarding,omitempty"`
	FreeMove   bool   `json:"freeMove,omitempty"` // a speed awakening's free move is used
}

// Fighter is a character or a foe in a battle.
type Fighter struct {
	Name    string         `json:"name"`
	Species string         `json:"species"`
	Types   []string       `json:"types"`
	Ability string         `json:"ability,omitempty"` // the table runs some (abilities.go)
	IQ      []string       `json:"iq,omitempty"`      // equipped IQ skills (a player's character)
	Summons bool           `json:"summons,omitempty"` // its once-a-battle summoning ability is spent
	Foe     bool           `json:"foe,omitempty"`
	NPC     bool           `json:"npc,omitempty"` // on the team's side, played by the GM
	Seat    engine.Seat    `json:"seat"`          // the player's; the lead GM's for a foe (every GM acts for it)
	Hidden  bool           `json:"hidden,omitempty"`
	Body    Body           `json:"body"`
	Fainted bool           `json:"fainted,omitempty"`
	Major   *Cond          `json:"major,omitempty"`
	Minor   []Cond         `json:"minor,omitempty"`
	Stages  map[string]int `json:"stages,omitempty"`
	SleepAP int            `json:"sleepAP,omitempty"` // AP back from sleep so far
	Harmed  bool           `json:"harmed,omitempty"`  // hurt or afflicted already (no priority bonus against it)
	Awake   *Awakening     `json:"awake,omitempty"`
	Last    string         `json:"last,omitempty"`   // the last move it used
	Streak  int            `json:"streak,omitempty"` // how many times in a row it has used Last
	// DropWorn and DropHeld are the items a trip trap knocked off, picked
	// up when the battle ends.
	DropWorn string  `json:"dropWorn,omitempty"`
	DropHeld string  `json:"dropHeld,omitempty"`
	Charge   *Charge `json:"charge,omitempty"` // a move begun, that strikes at its next turn
	// Next holds stage changes that come when the next round starts.
	Next  []StageLater `json:"next,omitempty"`
	Aimed []string     `json:"aimed,omitempty"` // the targets of that move, for a leg hold
	Turn  Turn         `json:"turn"`
}

func (f *Fighter) side() Side {
	if f.Foe {
		return Foes
	}
	return Allies
}

// Stage keys of the stage table.
var stageKeys = []string{"atk", "def", "spa", "spd", "spe", "acc", "eva", "crit"}

func (f *Fighter) stage(k string) int { return f.Stages[k] }

// has reports whether f has condition kind (major or minor).
func (f *Fighter) has(kind string) bool {
	if f.Major != nil && f.Major.Kind == kind {
		return true
	}
	for _, c := range f.Minor {
		if c.Kind == kind {
			return true
		}
	}
	return false
}

// grounded reports whether f stands on the ground, where hazards and
// terrain reach it: it is not raised or sky high, or it is grounded.
func (f *Fighter) grounded() bool {
	return f.has(CondGrounded) || !(f.has(CondRaised) || f.has(CondSkyHigh))
}

// terrainOn is the terrain as it touches f: none if f is off the ground.
func (b *Battle) terrainOn(f *Fighter) string {
	if !f.grounded() {
		return ""
	}
	return b.Terrain
}

// cond returns f's minor condition of kind, or nil.
func (f *Fighter) cond(kind string) *Cond {
	for i := range f.Minor {
		if f.Minor[i].Kind == kind {
			return &f.Minor[i]
		}
	}
	return nil
}

func (f *Fighter) hasType(t string) bool { return slices.Contains(f.Types, t) }

// fighter returns the fighter with that name (any case), or nil.
func (b *Battle) fighter(name string) *Fighter {
	name = strings.TrimSpace(name)
	for _, f := range b.Fighters {
		if strings.EqualFold(f.Name, name) {
			return f
		}
	}
	return nil
}

// side returns the fighters of a side, in order.
func (b *Battle) side(s Side) []*Fighter {
	var out []*Fighter
	for _, f := range b.Fighters {
		if f.side() == s {
			out = append(out, f)
		}
	}
	return out
}

// standing reports whether some fighter of side s has not fainted.
func (b *Battle) standing(s Side) bool {
	for _, f := range b.side(s) {
		if !f.Fainted {
			return true
		}
	}
	return false
}

// speedStage is f's speed stage as its AP and exposure count it: inverted
// while the fighter who used Trick Room stands.
func (b *Battle) speedStage(f *Fighter) int {
	if b.trickRoom() {
		return -f.stage("spe")
	}
	return f.stage("spe")
}

// trickRoom reports whether a Trick Room is up: its user stands.
func (b *Battle) trickRoom() bool {
	u := b.fighter(b.TrickRoom)
	return u != nil && !u.Fainted
}

// canAct reports whether f may still act in its side's turn.
func (b *Battle) canAct(f *Fighter) bool {
	return b.Started && b.Side == f.side() && !f.Fainted && !f.Turn.Done
}

// maxAP is f's max AP for a turn: its AP from Speed moved by its speed
// stage (decreases stop at 4), less 2 for paralysis and for snow (Ice
// types aside); asleep, the AP it has got back; frozen, none until it
// thaws, and 2 less on the turn it does.
func (b *Battle) maxAP(f *Fighter) int {
	ap, _ := SpeedStage(f.Body.AP, b.speedStage(f))
	if f.awakenedAs(AwakeSpeed) {
		ap += AwakeAP
	}
	if f.has(CondParalysis) {
		ap -= 2
	}
	if b.Weather == WeatherSnow && !f.hasType("Ice") && !weatherProof(f, WeatherSnow) {
		ap -= 2
	}
	if f.has(CondSleep) {
		ap = min(ap, f.SleepAP)
	}
	if f.Major != nil && f.Major.Kind == CondFreeze {
		if f.Major.Left > 1 {
			return 0
		}
		ap -= 2
	}
	return max(0, ap)
}

// cannotAct says why f cannot act this turn at all, or "".
func (b *Battle) cannotAct(f *Fighter) string {
	switch {
	case f.Fainted:
		return "has fainted"
	case f.Major != nil && f.Major.Kind == CondFreeze && f.Major.Left > 1:
		return "is frozen"
	case f.has(CondRecharging):
		return "is recharging"
	case f.has(CondPetrified):
		return "is petrified"
	case f.has(CondWrapping):
		return "is holding a foe wrapped"
	case f.has(CondResting):
		return "is resting"
	case b.maxAP(f) == 0:
		if f.has(CondSleep) {
			return "is asleep"
		}
		return "has no AP"
	}
	return ""
}
