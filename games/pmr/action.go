package pmr

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"

	"tabletop/engine"
)

// Ability is one of a monster's three abilities, or Random in a Train action
// (let a die pick the ability).
type Ability int8

const (
	NoAbility Ability = iota // the zero value: no ability given
	Speed                    // doubled on Plains and against Mind
	Brawn                    // doubled in Woods and against Speed
	Mind                     // doubled in Urban terrain and against Brawn
	Random                   // Train only: 1dF picks the ability ([+] Speed, [_] Brawn, [-] Mind)
)

var abilityNames = [...]string{"none", "speed", "brawn", "mind", "random"}
var abilityTitles = [...]string{"none", "Speed", "Brawn", "Mind", "random"}

// String returns the ability's name as actions write it: "speed".
func (a Ability) String() string {
	if a < 0 || int(a) >= len(abilityNames) {
		return "ability(" + strconv.Itoa(int(a)) + ")"
	}
	return abilityNames[a]
}

// title is the ability's name as event texts write it: "Speed".
func (a Ability) title() string {
	if a < 0 || int(a) >= len(abilityTitles) {
		return a.String()
	}
	return abilityTitles[a]
}

// MarshalText writes the ability's name ("none" for NoAbility).
func (a Ability) MarshalText() ([]byte, error) { return []byte(a.String()), nil }

// UnmarshalText reads an ability's name (any case).
func (a *Ability) UnmarshalText(b []byte) error {
	v, err := ParseAbility(string(b))
	if err != nil {
		return err
	}
	*a = v
	return nil
}

// ParseAbility reads "speed", "brawn", "mind" or "random", in any case.
func ParseAbility(s string) (Ability, error) {
	for a := Speed; a <= Random; a++ {
		if strings.EqualFold(s, abilityNames[a]) {
			return a, nil
		}
	}
	return NoAbility, fmt.Errorf("pmr: %s is not an ability (want speed, brawn, mind or random)", engine.Quote(s))
}

// The action kinds, as Game.Decode and the log know them.
const (
	KindCapture = "capture" // Capture
	KindTrain   = "train"   // Train
	KindBreed   = "breed"   // Breed
	KindEnter   = "enter"   // Enter
	KindChoose  = "choose"  // Choose
)

// Capture is the activity that catches a new monster. Text form: "capture".
type Capture struct{}

// Train is the activity that trains one of the stable's monsters: Ability is
// the chosen ability (succeeds on [+] or [_]) or Random (always +1, a die picks
// the ability). Text form: "train M2 speed", "train M2 random".
type Train struct {
	Monster int     `json:"monster"` // the monster's number in its stable (M2 = 2)
	Ability Ability `json:"ability"` // speed, brawn, mind or random
}

// Breed is the activity that breeds two of the stable's monsters. The order of
// A and B does not matter. Text form: "breed M1 M3".
type Breed struct {
	A int `json:"a"` // one parent's number
	B int `json:"b"` // the other parent's number
}

// Enter is a stable's sealed tournament entry. Text form: "enter M2".
type Enter struct {
	Monster int `json:"monster"`
}

// Choose is a contestant's sealed ability for one comparison of a match.
// Text form: "choose brawn".
type Choose struct {
	Ability Ability `json:"ability"`
}

// Kind implements engine.Action.
func (Capture) Kind() string { return KindCapture }

// Kind implements engine.Action.
func (Train) Kind() string { return KindTrain }

// Kind implements engine.Action.
func (Breed) Kind() string { return KindBreed }

// Kind implements engine.Action.
func (Enter) Kind() string { return KindEnter }

// Kind implements engine.Action.
func (Choose) Kind() string { return KindChoose }

// engine.Table writes the text of every action it logs, and a view the
// text of its seat's sealed choice. The texts of trainings, entries and
// choices are made once, with the boxed actions (idActions, chooseTexts);
// the others are written into a buffer on the stack, so that String
// allocates only its result: "breed M12 M13" is 13 bytes, and longer texts
// only grow it.

func (a Capture) String() string { return "capture" }

func (a Train) String() string {
	if x := boxed(a.Monster); x != nil && a.Ability >= Speed && a.Ability <= Random {
		return x.trainText[a.Ability-1]
	}
	var b [24]byte
	return string(a.appendText(b[:0]))
}

func (a Breed) String() string {
	var b [24]byte
	return string(a.appendText(b[:0]))
}

func (a Enter) String() string {
	if x := boxed(a.Monster); x != nil {
		return x.enterText
	}
	var b [24]byte
	return string(a.appendText(b[:0]))
}

func (a Choose) String() string {
	if a.Ability >= Speed && a.Ability <= Mind {
		return chooseTexts[a.Ability]
	}
	var b [24]byte
	return string(a.appendText(b[:0]))
}

// chooseTexts[ab] is Choose{ab}'s text.
var chooseTexts = [...]string{Speed: "choose speed", Brawn: "choose brawn", Mind: "choose mind"}

func (Capture) appendText(b []byte) []byte { return append(b, "capture"...) }

func (a Train) appendText(b []byte) []byte {
	b = append(b, "train "...)
	b = appendID(b, a.Monster)
	b = append(b, ' ')
	return append(b, a.Ability.String()...)
}

func (a Breed) appendText(b []byte) []byte {
	b = append(b, "breed "...)
	b = appendID(b, a.A)
	b = append(b, ' ')
	return appendID(b, a.B)
}

func (a Enter) appendText(b []byte) []byte {
	b = append(b, "enter "...)
	return appendID(b, a.Monster)
}

func (a Choose) appendText(b []byte) []byte {
	b = append(b, "choose "...)
	return append(b, a.Ability.String()...)
}

// appendID writes a monster number as "M3" (one or two digits without
// strconv: sealing a choice writes one).
func appendID(b []byte, id int) []byte {
	switch {
	case id >= 0 && id < 10:
		return append(b, 'M', byte('0'+id))
	case id >= 10 && id < 100:
		return append(b, 'M', byte('0'+id/10), byte('0'+id%10))
	}
	b = append(b, 'M')
	return strconv.AppendInt(b, int64(id), 10)
}

// ParseAction reads an action's text form: "capture", "train M2 speed",
// "train M2 random", "breed M1 M3", "enter M2", "choose brawn". Words may be
// in any case and the M before a monster number may be left out.
func ParseAction(text string) (engine.Action, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return nil, errors.New("pmr: empty action (want capture, train, breed, enter or choose)")
	}
	kind := strings.ToLower(f[0])
	args := f[1:]
	want := func(n int, form string) error {
		if len(args) != n {
			return fmt.Errorf("pmr: %s: want %q", engine.Quote(text), form)
		}
		return nil
	}
	switch kind {
	case KindCapture:
		if err := want(0, "capture"); err != nil {
			return nil, err
		}
		return Capture{}, nil
	case KindTrain:
		if err := want(2, "train M2 speed|brawn|mind|random"); err != nil {
			return nil, err
		}
		id, err := parseID(args[0])
		if err != nil {
			return nil, err
		}
		ab, err := ParseAbility(args[1])
		if err != nil {
			return nil, err
		}
		return Train{Monster: id, Ability: ab}, nil
	case KindBreed:
		if err := want(2, "breed M1 M2"); err != nil {
			return nil, err
		}
		a, err := parseID(args[0])
		if err != nil {
			return nil, err
		}
		b, err := parseID(args[1])
		if err != nil {
			return nil, err
		}
		return Breed{A: a, B: b}, nil
	case KindEnter:
		if err := want(1, "enter M2"); err != nil {
			return nil, err
		}
		id, err := parseID(args[0])
		if err != nil {
			return nil, err
		}
		return Enter{Monster: id}, nil
	case KindChoose:
		if err := want(1, "choose speed|brawn|mind"); err != nil {
			return nil, err
		}
		ab, err := ParseAbility(args[0])
		if err != nil {
			return nil, err
		}
		if ab == Random {
			return nil, errors.New("pmr: a contest needs speed, brawn or mind, not random")
		}
		return Choose{Ability: ab}, nil
	}
	return nil, fmt.Errorf("pmr: unknown action %s (want capture, train, breed, enter or choose)", engine.Quote(f[0]))
}

// parseID reads a monster number: "M3", "m3" or "3".
func parseID(s string) (int, error) {
	t := strings.TrimPrefix(strings.TrimPrefix(s, "M"), "m")
	n, err := strconv.Atoi(t)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("pmr: %s is not a monster number (want M1, M2, ...)", engine.Quote(s))
	}
	return n, nil
}

// decode reads an action's JSON body; see Game.Decode.
func decode(kind string, raw json.RawMessage) (engine.Action, error) {
	strict := func(v any) error { return engine.DecodeStrict("pmr", kind, raw, v) }
	switch kind {
	case KindCapture:
		var a Capture
		if err := strict(&a); err != nil {
			return nil, err
		}
		return a, nil
	case KindTrain:
		var a Train
		if err := strict(&a); err != nil {
			return nil, err
		}
		if a.Monster < 1 || a.Ability == NoAbility {
			return nil, fmt.Errorf("pmr: train needs a monster number (1 or more) and an ability, got %s", raw)
		}
		return a, nil
	case KindBreed:
		var a Breed
		if err := strict(&a); err != nil {
			return nil, err
		}
		if a.A < 1 || a.B < 1 {
			return nil, fmt.Errorf("pmr: breed needs two monster numbers a and b (1 or more), got %s", raw)
		}
		return a, nil
	case KindEnter:
		var a Enter
		if err := strict(&a); err != nil {
			return nil, err
		}
		if a.Monster < 1 {
			return nil, fmt.Errorf("pmr: enter needs a monster number (1 or more), got %s", raw)
		}
		return a, nil
	case KindChoose:
		var a Choose
		if err := strict(&a); err != nil {
			return nil, err
		}
		if a.Ability < Speed || a.Ability > Mind {
			return nil, fmt.Errorf("pmr: choose needs an ability: speed, brawn or mind, got %s", raw)
		}
		return a, nil
	}
	return nil, fmt.Errorf("pmr: unknown action kind %s (want capture, train, breed, enter or choose)", engine.Quote(kind))
}

// Boxed actions. Converting a struct to engine.Action allocates, and Legal
// lists dozens of actions each time a stable's monsters change, so the
// actions of each monster number are boxed once for the whole process, the
// first time a list needs them (boxed), and Legal copies them.
//
// A stable gets at most one monster per turn, so its numbers stay below
// boxedIDs. Monsters breed only with monsters of close numbers, since the
// living ones were all got within a few tournaments (a random 300-turn game
// keeps numbers less than 25 apart), so number b keeps the breedings with
// the breedWindow numbers below it. The lists of the numbers seen take
// about 1.5 KB each: a 30-turn game needs 30 or so, a 300-turn game up to
// MaxTurns. Actions beyond them (a state built by hand, monsters far apart)
// are boxed when listed, as every action once was.
const (
	boxedIDs    = MaxTurns + 1
	breedWindow = 32
)

// idActions are the boxed actions of one monster number b, and the texts
// of the trainings and the entry.
type idActions struct {
	train     [4]engine.Action           // [ability-1]: Train{b, ability}
	enter     engine.Action              // Enter{b}
	breed     [breedWindow]engine.Action // [b-a-1]: Breed{a, b} for max(1, b-breedWindow) <= a < b
	trainText [4]string                  // [ability-1]: "train Mb speed"
	enterText string                     // "enter Mb"
}

var (
	boxedCapture engine.Action = Capture{}
	boxedChoose                = [4]engine.Action{Speed: Choose{Speed}, Brawn: Choose{Brawn}, Mind: Choose{Mind}} // [ability]

	// boxedByID[b] holds monster number b's actions once a list has needed
	// them. States of different tables and simulation workers share it,
	// from their own goroutines.
	boxedByID [boxedIDs]atomic.Pointer[idActions]
)

// boxed returns the boxed actions of monster number id, or nil if it is
// not below boxedIDs.
func boxed(id int) *idActions {
	if id < 1 || id >= boxedIDs {
		return nil
	}
	if x := boxedByID[id].Load(); x != nil {
		return x
	}
	x := &idActions{enter: Enter{Monster: id}, enterText: string(Enter{Monster: id}.appendText(nil))}
	for ab := Speed; ab <= Random; ab++ {
		t := Train{Monster: id, Ability: ab}
		x.train[ab-1], x.trainText[ab-1] = t, string(t.appendText(nil))
	}
	for a := max(1, id-breedWindow); a < id; a++ {
		x.breed[id-a-1] = Breed{A: a, B: id}
	}
	if !boxedByID[id].CompareAndSwap(nil, x) {
		x = boxedByID[id].Load() // another goroutine's, equal to x
	}
	return x
}

func trainAction(id int, ab Ability) engine.Action {
	if x := boxed(id); x != nil {
		return x.train[ab-1]
	}
	return Train{Monster: id, Ability: ab}
}

func breedAction(a, b int) engine.Action {
	if 0 < a && a < b && b-a <= breedWindow {
		if x := boxed(b); x != nil {
			return x.breed[b-a-1]
		}
	}
	return Breed{A: a, B: b}
}

func enterAction(id int) engine.Action {
	if x := boxed(id); x != nil {
		return x.enter
	}
	return Enter{Monster: id}
}
