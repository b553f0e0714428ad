package prophecy

import (
	"slices"

	"tabletop/dice"
	"tabletop/engine"
)

// Phase is the part of the evening the table is in.
type Phase int8

const (
	PhaseWorld   Phase = iota // choose a world and receive the prophecy
	PhaseOutline              // create the characters and write the outline
	PhaseStory                // perform the scenes
	PhaseOver                 // the Finale is narrated
)

var phaseNames = [...]string{"world", "outline", "story", "over"}

// String names the phase.
func (p Phase) String() string {
	if p < 0 || int(p) >= len(phaseNames) {
		return "phase?"
	}
	return phaseNames[p]
}

// MarshalText writes the phase's name.
func (p Phase) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// The outline's fixed points.
const (
	FinaleID         = 1  // the Finale is always scene 1
	FinaleDifficulty = 4  // and always difficulty 4
	WarnScenes       = 8  // more scenes than this gets a warning
	MaxScenes        = 30 // a hard limit, far beyond one evening
)

// Limits that keep a table's texts and lists to a sensible size.
const (
	maxName      = 60   // a character's or object's name
	maxAspect    = 80   // one aspect
	maxScene     = 300  // an objective or a setting
	maxNarration = 4000 // one scene's narration
	maxAspects   = 12   // aspects of one character or object
	maxObjects   = 20   // objects in one scene
	maxPairs     = 40   // pairs in one check
)

// Prophecy is the catastrophe the table received: the d66 roll, its two
// faces, and the entry of the world's table.
type Prophecy struct {
	Roll  int    `json:"roll"`  // 11..66
	Tens  int    `json:"tens"`  // the first die
	Units int    `json:"units"` // the second die
	Text  string `json:"text"`
}

// Aspect is a word or short phrase attached to a character or an object.
type Aspect struct {
	Text     string   `json:"text"`
	Category Category `json:"category"` // for characters: the category it was made for; Added for later ones
}

// Added is the category of an aspect attached to a character during play.
const Added = numCategories

// MarshalText writes the category's name.
func (c Category) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// Character is one player's hero. Name is empty until the seat creates it.
type Character struct {
	Name    string   `json:"name"`
	Aspects []Aspect `json:"aspects"`
}

// Object is a person, place or thing found while investigating a scene.
type Object struct {
	Name    string   `json:"name"`
	Aspects []string `json:"aspects"`
	By      int      `json:"by"` // the seat that added it
}

// Pair is a proposed pair of matching aspects; numbers count from 1.
type Pair struct {
	Character    int    `json:"character"`
	CharAspect   int    `json:"char_aspect"`
	Object       int    `json:"object"`
	ObjectAspect int    `json:"object_aspect"`
	By           int    `json:"by"`             // the seat that proposed it
	Text         string `json:"text,omitempty"` // the pair as people read it, kept when the check is rolled
}

// Status is how far a scene has got.
type Status int8

const (
	Sketched   Status = iota // in the outline, not yet performed
	Performing               // being investigated, pairs proposed
	Rolled                   // the check is rolled; waiting for the narration
	Performed                // narrated: done
)

var statusNames = [...]string{"sketched", "performing", "rolled", "performed"}

// String names the status.
func (s Status) String() string {
	if s < 0 || int(s) >= len(statusNames) {
		return "status?"
	}
	return statusNames[s]
}

// MarshalText writes the status's name.
func (s Status) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Scene is one scene of the outline and, once performed, of the story.
type Scene struct {
	ID         int    `json:"id"`     // 1 is the Finale; numbers are never reused
	Parent     int    `json:"parent"` // the scene this one is a precursor of; 0 for the Finale
	Objective  string `json:"objective"`
	Setting    string `json:"setting"`
	Difficulty int    `json:"difficulty"`
	Status     Status `json:"status"`

	Objects []Object `json:"objects,omitempty"`
	Pairs   []Pair   `json:"pairs,omitempty"`

	// The check, once rolled.
	Pool      int    `json:"pool"`             // pairs + reward dice
	Reward    int    `json:"reward"`           // successful precursors
	Dice      []int  `json:"dice,omitempty"`   // every face, in the order drawn
	Hits      int    `json:"hits"`             // faces 4 to 6
	Success   bool   `json:"success"`          // hits >= difficulty
	RollText  string `json:"roll,omitempty"`   // the roll as the dice package writes it
	Capped    bool   `json:"capped,omitempty"` // a die hit the explosion cap (never in practice)
	Narration string `json:"narration,omitempty"`
	Order     int    `json:"order,omitempty"` // 1 for the first scene performed, ...
}

// Entry is one line of the table's journal: who did what.
type Entry struct {
	Seat int    `json:"seat"`
	Who  string `json:"who"`
	Text string `json:"text"`
}

// State is a Prophecy table in progress. It implements engine.State.
// Nothing is hidden: every seat sees the same table.
type State struct {
	cfg      *config
	phase    Phase
	world    *World // nil until chosen; never modified (clones share it)
	prophecy *Prophecy
	pairs    int // the designer's expected pairs per scene
	chars    []Character
	scenes   []Scene // in the order sketched, the Finale first
	nextID   int     // the number of the next scene sketched
	current  int     // the scene being performed, 0 if none
	played   int     // scenes performed so far
	journal  []Entry
}

// Pending implements engine.State: any player may act at any time until
// the Finale is narrated.
func (s *State) Pending() []engine.Seat {
	if s.phase == PhaseOver {
		return nil
	}
	out := make([]engine.Seat, len(s.chars))
	for i := range out {
		out[i] = engine.Seat(i)
	}
	return out
}

// Outcome implements engine.State: the game is over once the Finale is
// narrated; every player shares the win if it succeeded.
func (s *State) Outcome() (engine.Outcome, bool) {
	if s.phase != PhaseOver {
		return engine.Outcome{}, false
	}
	f := s.scene(FinaleID)
	if f.Success {
		w := make([]engine.Seat, len(s.chars))
		for i := range w {
			w[i] = engine.Seat(i)
		}
		return engine.Outcome{Winners: w, Text: "The prophecy is averted"}, true
	}
	return engine.Outcome{Winners: []engine.Seat{}, Text: "The prophecy comes to pass"}, true
}

// Clone implements engine.State.
func (s *State) Clone() engine.State {
	c := *s
	if s.prophecy != nil {
		p := *s.prophecy
		c.prophecy = &p
	}
	c.chars = slices.Clone(s.chars)
	for i := range c.chars {
		c.chars[i].Aspects = slices.Clone(c.chars[i].Aspects)
	}
	c.scenes = slices.Clone(s.scenes)
	for i := range c.scenes {
		sc := &c.scenes[i]
		sc.Objects = slices.Clone(sc.Objects)
		for j := range sc.Objects {
			sc.Objects[j].Aspects = slices.Clone(sc.Objects[j].Aspects)
		}
		sc.Pairs = slices.Clone(sc.Pairs)
		sc.Dice = slices.Clone(sc.Dice)
	}
	c.journal = slices.Clone(s.journal)
	return &c
}

// scene returns the scene with the given number, or nil.
func (s *State) scene(id int) *Scene {
	for i := range s.scenes {
		if s.scenes[i].ID == id {
			return &s.scenes[i]
		}
	}
	return nil
}

// precursors returns the numbers of the scene's precursors, in the order
// sketched.
func (s *State) precursors(id int) []int {
	var out []int
	for i := range s.scenes {
		if s.scenes[i].Parent == id && s.scenes[i].ID != FinaleID {
			out = append(out, s.scenes[i].ID)
		}
	}
	return out
}

// Apply implements engine.State. Every action is checked first; a refused
// action changes nothing.
func (s *State) Apply(seat engine.Seat, a engine.Action, d *dice.Stream) ([]engine.Event, error) {
	if s.phase == PhaseOver {
		return nil, engine.GameOver(a)
	}
	if seat < 0 || int(seat) >= len(s.chars) {
		return nil, engine.NotYourTurn(a, "%s has no place at this table", seat)
	}
	var text string
	var data any
	var err error
	switch a := a.(type) {
	case ChooseWorld:
		text, err = s.chooseWorld(a)
	case Receive:
		text, data, err = s.receive(a, d)
	case MakeCharacter:
		text, err = s.makeCharacter(seat, a)
	case Expect:
		text, err = s.expect(a)
	case AddScene:
		text, err = s.addScene(a)
	case EditScene:
		text, err = s.editScene(a)
	case MoveScene:
		text, err = s.moveScene(a)
	case RemoveScene:
		text, err = s.removeScene(a)
	case Start:
		text, err = s.start(a)
	case Perform:
		text, err = s.perform(a)
	case AddObject:
		text, err = s.addObject(seat, a)
	case Attach:
		text, err = s.attach(a)
	case ProposePair:
		text, err = s.proposePair(seat, a)
	case Strike:
		text, err = s.strike(a)
	case Roll:
		text, data, err = s.roll(a, d)
	case Narrate:
		text, err = s.narrate(a)
	case ChangeAspect:
		text, err = s.changeAspect(a)
	default:
		return nil, engine.Illegal(a, "Prophecy has no such action")
	}
	if err != nil {
		return nil, err
	}
	who := s.cfg.names[seat]
	s.journal = append(s.journal, Entry{Seat: int(seat), Who: who, Text: text})
	return []engine.Event{{Kind: a.Kind(), Text: who + " " + text, Data: data}}, nil
}

// errorf is a refusal: an illegal action with a reason for people.
func errorf(a engine.Action, format string, args ...any) error {
	return engine.Illegal(a, format, args...)
}
