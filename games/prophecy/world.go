package prophecy

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"
	"unicode/utf8"
)

// World is a fictional world the prophecy falls on: its catastrophe table,
// read with d66, and suggestions for characters and objects. The worlds
// that come with the game are in data/worlds; a table may bring its own in
// the same JSON shape (ParseWorld).
type World struct {
	ID    string `json:"id"`    // short lowercase name: "fantasy"
	Name  string `json:"name"`  // display name
	Blurb string `json:"blurb"` // one or two sentences about the world
	// Catastrophes are the d66 table in reading order: 11..16, 21..26, ...,
	// 61..66 (see Catastrophe).
	Catastrophes []string    `json:"catastrophes"`
	Suggestions  Suggestions `json:"suggestions"`
}

// Suggestions are ideas for aspects and objects, one click (or one number)
// away. Every list has at least one entry.
type Suggestions struct {
	Occupation       []string `json:"occupation"`
	PhysicalOrMental []string `json:"physical_or_mental"`
	Psychological    []string `json:"psychological"`
	Relationship     []string `json:"relationship"`
	Affiliation      []string `json:"affiliation"`
	Objects          []string `json:"objects"`
	ObjectAspects    []string `json:"object_aspects"`
}

// Category lists the suggestions for aspect category c.
func (s *Suggestions) Category(c Category) []string {
	switch c {
	case Occupation:
		return s.Occupation
	case PhysicalOrMental:
		return s.PhysicalOrMental
	case Psychological:
		return s.Psychological
	case Relationship:
		return s.Relationship
	case Affiliation:
		return s.Affiliation
	}
	return nil
}

// Category is one of the five kinds of aspect every character starts with.
type Category int8

const (
	Occupation       Category = iota // profession, hobbies, interests
	PhysicalOrMental                 // the body or the mind
	Psychological                    // personality
	Relationship                     // a tie to another character
	Affiliation                      // a tie to an organisation
	numCategories
)

var categoryNames = [...]string{"occupation", "physical or mental", "psychological", "relationship", "affiliation"}

// String names the category as players read it.
func (c Category) String() string {
	if c == Added {
		return "added in play"
	}
	if c < 0 || c > numCategories {
		return "other"
	}
	return categoryNames[c]
}

// catastrophes is the size of a d66 table: 6 tens times 6 units.
const catastrophes = 36

// Limits on the texts a world may hold, so that a world brought by a table
// fits on a page.
const (
	maxWorldText   = 300 // a catastrophe, a suggestion, the blurb
	maxSuggestions = 100 // entries in one suggestion list
)

// Catastrophe returns the entry of the d66 table for roll (11..66), and
// false if roll is not a d66 result.
func (w *World) Catastrophe(roll int) (string, bool) {
	tens, units := roll/10, roll%10
	if tens < 1 || tens > 6 || units < 1 || units > 6 || len(w.Catastrophes) != catastrophes {
		return "", false
	}
	return w.Catastrophes[(tens-1)*6+units-1], true
}

//go:embed data/worlds/*.json
var worldFiles embed.FS

// builtin are the worlds that come with the game, in a fixed order.
var builtin = mustLoadWorlds()

func mustLoadWorlds() []*World {
	entries, err := worldFiles.ReadDir("data/worlds")
	if err != nil {
		panic("prophecy: " + err.Error())
	}
	var out []*World
	for _, e := range entries {
		raw, err := worldFiles.ReadFile(path.Join("data/worlds", e.Name()))
		if err != nil {
			panic("prophecy: " + err.Error())
		}
		w, err := ParseWorld(raw)
		if err != nil {
			// The embedded data is checked by the tests; a bad file is a
			// programming error.
			panic(fmt.Sprintf("prophecy: data/worlds/%s: %v", e.Name(), err))
		}
		out = append(out, w)
	}
	slices.SortFunc(out, func(a, b *World) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// Worlds returns the worlds that come with the game, sorted by id. The
// worlds are shared: do not modify them.
func Worlds() []*World { return builtin }

// FindWorld returns the built-in world with the given id.
func FindWorld(id string) (*World, bool) {
	for _, w := range builtin {
		if w.ID == id {
			return w, true
		}
	}
	return nil, false
}

// ParseWorld reads a world from JSON and checks it (Validate). Unknown
// fields are refused, so a misspelt list is not silently empty.
func ParseWorld(raw []byte) (*World, error) {
	w := new(World)
	if err := strictJSON(raw, w, "world"); err != nil {
		return nil, err
	}
	if err := w.Validate(); err != nil {
		return nil, err
	}
	return w, nil
}

// strictJSON reads one JSON value of a file into v, refusing unknown
// fields and trailing data; what names the file's kind in errors.
func strictJSON(raw []byte, v any, what string) error {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return fmt.Errorf("prophecy: %s: not a%s %s in JSON: %v", what, article(what), what, err)
	}
	if d.More() {
		return fmt.Errorf("prophecy: %s: trailing data after the %s", what, what)
	}
	return nil
}

func article(w string) string {
	if strings.ContainsRune("aeiou", rune(w[0])) {
		return "n"
	}
	return ""
}

// Validate checks that a world is complete: an id, a name, exactly 36
// catastrophes, and every suggestion list non-empty, every text non-empty
// and short enough. The error names the field that is wrong.
func (w *World) Validate() error {
	fail := func(field, format string, args ...any) error {
		return fmt.Errorf("prophecy: world %q: %s: %s", w.ID, field, fmt.Sprintf(format, args...))
	}
	if w.ID == "" || w.ID != strings.ToLower(w.ID) || strings.ContainsAny(w.ID, " \t\n/") || len(w.ID) > 40 {
		return fail("id", "want a short lowercase name without spaces, got %q", w.ID)
	}
	if err := checkText(w.Name); err != nil {
		return fail("name", "%v", err)
	}
	if w.Blurb != "" {
		if err := checkText(w.Blurb); err != nil {
			return fail("blurb", "%v", err)
		}
	}
	if len(w.Catastrophes) != catastrophes {
		return fail("catastrophes", "want %d entries (one per d66 result, 11 to 66), got %d", catastrophes, len(w.Catastrophes))
	}
	for i, c := range w.Catastrophes {
		if err := checkText(c); err != nil {
			return fail(fmt.Sprintf("catastrophes[%d] (d66 %d%d)", i, i/6+1, i%6+1), "%v", err)
		}
	}
	lists := []struct {
		field string
		list  []string
	}{
		{"suggestions.occupation", w.Suggestions.Occupation},
		{"suggestions.physical_or_mental", w.Suggestions.PhysicalOrMental},
		{"suggestions.psychological", w.Suggestions.Psychological},
		{"suggestions.relationship", w.Suggestions.Relationship},
		{"suggestions.affiliation", w.Suggestions.Affiliation},
		{"suggestions.objects", w.Suggestions.Objects},
		{"suggestions.object_aspects", w.Suggestions.ObjectAspects},
	}
	for _, l := range lists {
		if len(l.list) == 0 {
			return fail(l.field, "the list is empty; give at least one suggestion")
		}
		if len(l.list) > maxSuggestions {
			return fail(l.field, "%d suggestions is too many (at most %d)", len(l.list), maxSuggestions)
		}
		for i, s := range l.list {
			if err := checkText(s); err != nil {
				return fail(fmt.Sprintf("%s[%d]", l.field, i), "%v", err)
			}
		}
	}
	return nil
}

// checkText checks a text of a world: not blank, not too long, printable.
func checkText(s string) error {
	switch {
	case strings.TrimSpace(s) == "":
		return fmt.Errorf("empty")
	case utf8.RuneCountInString(s) > maxWorldText:
		return fmt.Errorf("too long (%d characters, at most %d)", utf8.RuneCountInString(s), maxWorldText)
	case !utf8.ValidString(s) || strings.ContainsFunc(s, isControl):
		return fmt.Errorf("contains control characters or invalid text")
	}
	return nil
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }
