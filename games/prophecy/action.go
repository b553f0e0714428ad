package prophecy

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"tabletop/engine"
)

// The action kinds, as Action.Kind names them and Decode reads them.
const (
	KindWorld     = "world"     // choose a built-in world, or bring one's own
	KindReceive   = "receive"   // roll d66 on the world's catastrophe table
	KindCharacter = "character" // create (or redo, before the story) one's own character
	KindExpect    = "expect"    // the designer's expected pairs per scene
	KindAdd       = "add"       // sketch a precursor under a scene
	KindEdit      = "edit"      // change a scene's objective and setting
	KindMove      = "move"      // move a scene, with its precursors, under another
	KindRemove    = "remove"    // remove a scene and its precursors
	KindStart     = "start"     // the outline is done: tell the story
	KindPerform   = "perform"   // begin performing a scene
	KindObject    = "object"    // investigate: add an object with aspects to the scene
	KindAttach    = "attach"    // attach another aspect to an object of the scene
	KindPair      = "pair"      // propose a pair of matching aspects
	KindStrike    = "strike"    // strike a proposed pair
	KindRoll      = "roll"      // roll the check
	KindNarrate   = "narrate"   // record how the scene went; closes it
	KindAspect    = "aspect"    // add or change a character's aspect during play
)

// ChooseWorld picks the world: a built-in one by ID, or Custom, a world the
// table brings (checked like any world, see World.Validate).
type ChooseWorld struct {
	ID     string `json:"id,omitempty"`
	Custom *World `json:"custom,omitempty"`
}

// Receive rolls d66 on the chosen world's catastrophe table.
type Receive struct{}

// MakeCharacter creates the acting seat's character: a name and one aspect
// per category, in Category order.
type MakeCharacter struct {
	Name    string                `json:"name"`
	Aspects [numCategories]string `json:"aspects"`
}

// Expect sets the number of matching pairs the designer's view expects per
// scene not yet rolled.
type Expect struct {
	Pairs int `json:"pairs"`
}

// AddScene sketches a new precursor of scene Under.
type AddScene struct {
	Under     int    `json:"under"`
	Objective string `json:"objective"`
	Setting   string `json:"setting,omitempty"`
}

// EditScene changes a scene's objective and setting.
type EditScene struct {
	Scene     int    `json:"scene"`
	Objective string `json:"objective"`
	Setting   string `json:"setting,omitempty"`
}

// MoveScene makes scene Scene, with all its precursors, a precursor of Under.
type MoveScene struct {
	Scene int `json:"scene"`
	Under int `json:"under"`
}

// RemoveScene removes a scene and all its precursors.
type RemoveScene struct {
	Scene int `json:"scene"`
}

// Start ends the outline and begins the story.
type Start struct{}

// Perform begins performing a scene whose precursors are all performed.
type Perform struct {
	Scene int `json:"scene"`
}

// AddObject investigates the scene: a new object with its aspects.
type AddObject struct {
	Name    string   `json:"name"`
	Aspects []string `json:"aspects"`
}

// Attach attaches another aspect to object Object (1-based) of the scene.
type Attach struct {
	Object int    `json:"object"`
	Aspect string `json:"aspect"`
}

// ProposePair proposes a pair of matching aspects: aspect CharAspect of
// character Character and aspect ObjectAspect of object Object of the
// scene. All numbers count from 1, as people see them.
type ProposePair struct {
	Character    int `json:"character"`
	CharAspect   int `json:"char_aspect"`
	Object       int `json:"object"`
	ObjectAspect int `json:"object_aspect"`
}

// Strike strikes pair Pair (1-based) of the check.
type Strike struct {
	Pair int `json:"pair"`
}

// Roll rolls the check of the scene being performed.
type Roll struct{}

// Narrate records how the scene went and closes it.
type Narrate struct {
	Text string `json:"text"`
}

// ChangeAspect changes aspect Aspect (1-based) of character Character, or,
// when Aspect is 0, attaches a new aspect to the character.
type ChangeAspect struct {
	Character int    `json:"character"`
	Aspect    int    `json:"aspect"`
	Text      string `json:"text"`
}

// Kind names each action's type, as Decode reads it (engine.Action).
func (ChooseWorld) Kind() string   { return KindWorld }
func (Receive) Kind() string       { return KindReceive }
func (MakeCharacter) Kind() string { return KindCharacter }
func (Expect) Kind() string        { return KindExpect }
func (AddScene) Kind() string      { return KindAdd }
func (EditScene) Kind() string     { return KindEdit }
func (MoveScene) Kind() string     { return KindMove }
func (RemoveScene) Kind() string   { return KindRemove }
func (Start) Kind() string         { return KindStart }
func (Perform) Kind() string       { return KindPerform }
func (AddObject) Kind() string     { return KindObject }
func (Attach) Kind() string        { return KindAttach }
func (ProposePair) Kind() string   { return KindPair }
func (Strike) Kind() string        { return KindStrike }
func (Roll) Kind() string          { return KindRoll }
func (Narrate) Kind() string       { return KindNarrate }
func (ChangeAspect) Kind() string  { return KindAspect }

// The text forms, which ParseAction reads back. Free texts are separated by
// ";" and follow a ":", so they cannot contain ";" in this form (the JSON
// form has no such limit).

func (a ChooseWorld) String() string {
	if a.Custom != nil {
		return "world custom " + a.Custom.ID
	}
	return "world " + a.ID
}
func (Receive) String() string { return "receive" }
func (a MakeCharacter) String() string {
	return "character " + a.Name + ": " + strings.Join(a.Aspects[:], "; ")
}
func (a Expect) String() string { return "expect " + strconv.Itoa(a.Pairs) }
func (a AddScene) String() string {
	return fmt.Sprintf("add %d: %s", a.Under, joinFields(a.Objective, a.Setting))
}
func (a EditScene) String() string {
	return fmt.Sprintf("edit %d: %s", a.Scene, joinFields(a.Objective, a.Setting))
}
func (a MoveScene) String() string   { return fmt.Sprintf("move %d under %d", a.Scene, a.Under) }
func (a RemoveScene) String() string { return fmt.Sprintf("remove %d", a.Scene) }
func (Start) String() string         { return "start" }
func (a Perform) String() string     { return fmt.Sprintf("perform %d", a.Scene) }
func (a AddObject) String() string {
	return "object " + a.Name + ": " + strings.Join(a.Aspects, "; ")
}
func (a Attach) String() string { return fmt.Sprintf("attach %d: %s", a.Object, a.Aspect) }
func (a ProposePair) String() string {
	return fmt.Sprintf("pair %d.%d with %d.%d", a.Character, a.CharAspect, a.Object, a.ObjectAspect)
}
func (a Strike) String() string  { return fmt.Sprintf("strike %d", a.Pair) }
func (Roll) String() string      { return "roll" }
func (a Narrate) String() string { return "narrate: " + a.Text }
func (a ChangeAspect) String() string {
	if a.Aspect == 0 {
		return fmt.Sprintf("aspect %d: %s", a.Character, a.Text)
	}
	return fmt.Sprintf("aspect %d.%d: %s", a.Character, a.Aspect, a.Text)
}

// joinFields writes an objective and an optional setting.
func joinFields(objective, setting string) string {
	if setting == "" {
		return objective
	}
	return objective + "; " + setting
}

// ParseAction reads an action's text form, as String writes it and as a
// person types it in the terminal:
//
//	world fantasy                 receive
//	character Ann: smith; strong; stubborn; Bo's sister; the Guild
//	expect 2                      start
//	add 1: Find the map; the old library
//	edit 2: Steal the map; the vault
//	move 3 under 2                remove 3
//	perform 2                     roll
//	object the guard: bored; greedy
//	attach 1: asleep
//	pair 1.2 with 1.1             strike 1
//	narrate: We slipped past ...
//	aspect 2: scarred             aspect 2.3: fearless
//
// A world of one's own is brought in the JSON form only.
func ParseAction(text string) (engine.Action, error) {
	text = strings.TrimSpace(text)
	head, rest, _ := strings.Cut(text, ":")
	fields := strings.Fields(head)
	if len(fields) == 0 {
		return nil, fmt.Errorf("prophecy: empty action")
	}
	kind, args := strings.ToLower(fields[0]), fields[1:]
	rest = strings.TrimSpace(rest)
	hasColon := strings.Contains(text, ":")
	nums := func(n int) ([]int, error) {
		if len(args) != n {
			return nil, fmt.Errorf("prophecy: %s: want %d number(s) after %s", engine.Quote(text), n, kind)
		}
		out := make([]int, n)
		for i, s := range args {
			v, err := strconv.Atoi(s)
			if err != nil {
				return nil, fmt.Errorf("prophecy: %s: %s is not a number", engine.Quote(text), engine.Quote(s))
			}
			out[i] = v
		}
		return out, nil
	}
	needColon := func() error {
		if !hasColon {
			return fmt.Errorf("prophecy: %s: the text comes after a colon, e.g. %q", engine.Quote(text), kind+" ...: text")
		}
		return nil
	}
	switch kind {
	case KindWorld:
		if len(args) != 1 || hasColon {
			return nil, fmt.Errorf("prophecy: %s: want world and a world's id", engine.Quote(text))
		}
		return ChooseWorld{ID: strings.ToLower(args[0])}, nil
	case KindReceive, KindStart, KindRoll:
		if len(args) != 0 || hasColon {
			return nil, fmt.Errorf("prophecy: %s: %s takes nothing after it", engine.Quote(text), kind)
		}
		switch kind {
		case KindReceive:
			return Receive{}, nil
		case KindStart:
			return Start{}, nil
		}
		return Roll{}, nil
	case KindCharacter:
		if err := needColon(); err != nil {
			return nil, err
		}
		parts := splitFields(rest)
		if len(parts) != int(numCategories) {
			return nil, fmt.Errorf("prophecy: %s: want a name, a colon, then %d aspects separated by \";\" (%s)", engine.Quote(text), numCategories, strings.Join(categoryNames[:], "; "))
		}
		a := MakeCharacter{Name: strings.Join(args, " ")}
		copy(a.Aspects[:], parts)
		return a, nil
	case KindExpect:
		n, err := nums(1)
		if err != nil {
			return nil, err
		}
		return Expect{Pairs: n[0]}, nil
	case KindAdd, KindEdit:
		if err := needColon(); err != nil {
			return nil, err
		}
		n, err := nums(1)
		if err != nil {
			return nil, err
		}
		objective, setting, _ := strings.Cut(rest, ";")
		objective, setting = strings.TrimSpace(objective), strings.TrimSpace(setting)
		if kind == KindAdd {
			return AddScene{Under: n[0], Objective: objective, Setting: setting}, nil
		}
		return EditScene{Scene: n[0], Objective: objective, Setting: setting}, nil
	case KindMove:
		if len(args) != 3 || !strings.EqualFold(args[1], "under") || hasColon {
			return nil, fmt.Errorf("prophecy: %s: want move SCENE under SCENE", engine.Quote(text))
		}
		args = []string{args[0], args[2]}
		n, err := nums(2)
		if err != nil {
			return nil, err
		}
		return MoveScene{Scene: n[0], Under: n[1]}, nil
	case KindRemove, KindPerform, KindStrike:
		if hasColon {
			return nil, fmt.Errorf("prophecy: %s: %s takes one number", engine.Quote(text), kind)
		}
		n, err := nums(1)
		if err != nil {
			return nil, err
		}
		switch kind {
		case KindRemove:
			return RemoveScene{Scene: n[0]}, nil
		case KindPerform:
			return Perform{Scene: n[0]}, nil
		}
		return Strike{Pair: n[0]}, nil
	case KindObject:
		if err := needColon(); err != nil {
			return nil, err
		}
		a := AddObject{Name: strings.Join(args, " ")}
		if rest != "" {
			a.Aspects = splitFields(rest)
		}
		return a, nil
	case KindAttach:
		if err := needColon(); err != nil {
			return nil, err
		}
		n, err := nums(1)
		if err != nil {
			return nil, err
		}
		return Attach{Object: n[0], Aspect: rest}, nil
	case KindPair:
		if len(args) != 3 || !strings.EqualFold(args[1], "with") || hasColon {
			return nil, fmt.Errorf("prophecy: %s: want pair CHARACTER.ASPECT with OBJECT.ASPECT, e.g. pair 1.2 with 3.1", engine.Quote(text))
		}
		c, ca, err1 := dotted(args[0])
		o, oa, err2 := dotted(args[2])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("prophecy: %s: want pair CHARACTER.ASPECT with OBJECT.ASPECT, e.g. pair 1.2 with 3.1", engine.Quote(text))
		}
		return ProposePair{Character: c, CharAspect: ca, Object: o, ObjectAspect: oa}, nil
	case KindNarrate:
		if err := needColon(); err != nil {
			return nil, err
		}
		if len(args) != 0 {
			return nil, fmt.Errorf("prophecy: %s: want narrate: TEXT", engine.Quote(text))
		}
		return Narrate{Text: rest}, nil
	case KindAspect:
		if err := needColon(); err != nil {
			return nil, err
		}
		if len(args) != 1 {
			return nil, fmt.Errorf("prophecy: %s: want aspect CHARACTER: TEXT or aspect CHARACTER.ASPECT: TEXT", engine.Quote(text))
		}
		if c, a, err := dotted(args[0]); err == nil {
			return ChangeAspect{Character: c, Aspect: a, Text: rest}, nil
		}
		c, err := strconv.Atoi(args[0])
		if err != nil {
			return nil, fmt.Errorf("prophecy: %s: %s is not a character's number", engine.Quote(text), engine.Quote(args[0]))
		}
		return ChangeAspect{Character: c, Text: rest}, nil
	}
	return nil, fmt.Errorf("prophecy: %s: unknown action %s", engine.Quote(text), engine.Quote(kind))
}

// splitFields splits a text at ";" and trims each part.
func splitFields(s string) []string {
	parts := strings.Split(s, ";")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// dotted reads "3.2" as 3 and 2.
func dotted(s string) (int, int, error) {
	a, b, ok := strings.Cut(s, ".")
	if !ok {
		return 0, 0, fmt.Errorf("no dot")
	}
	x, err1 := strconv.Atoi(a)
	y, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("not numbers")
	}
	return x, y, nil
}

// decoders read each kind's JSON body.
var decoders = map[string]func(kind string, raw json.RawMessage) (engine.Action, error){
	KindWorld:     decodeAs[ChooseWorld],
	KindReceive:   decodeAs[Receive],
	KindCharacter: decodeAs[MakeCharacter],
	KindExpect:    decodeAs[Expect],
	KindAdd:       decodeAs[AddScene],
	KindEdit:      decodeAs[EditScene],
	KindMove:      decodeAs[MoveScene],
	KindRemove:    decodeAs[RemoveScene],
	KindStart:     decodeAs[Start],
	KindPerform:   decodeAs[Perform],
	KindObject:    decodeAs[AddObject],
	KindAttach:    decodeAs[Attach],
	KindPair:      decodeAs[ProposePair],
	KindStrike:    decodeAs[Strike],
	KindRoll:      decodeAs[Roll],
	KindNarrate:   decodeAs[Narrate],
	KindAspect:    decodeAs[ChangeAspect],
}

func decodeAs[T engine.Action](kind string, raw json.RawMessage) (engine.Action, error) {
	var v T
	if err := engine.DecodeStrict(Info.ID, kind, raw, &v); err != nil {
		return nil, err
	}
	return v, nil
}

// decode reads an action from its kind and JSON body.
func decode(kind string, raw json.RawMessage) (engine.Action, error) {
	d, ok := decoders[kind]
	if !ok {
		return nil, fmt.Errorf("prophecy: unknown action kind %s", engine.Quote(kind))
	}
	return d(kind, raw)
}
