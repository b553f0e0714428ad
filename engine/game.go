package engine

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"tabletop/dice"
)

// Game is one game's rules: its description, how a table is set up, and how
// actions are decoded from their JSON form.
type Game interface {
	// Info describes the game: id, name, seat counts and option schema.
	Info() Info
	// Setup deals out a new game. opts has been checked against Info().Options
	// and filled with defaults; every random choice comes from d.
	Setup(opts Options, seats []SeatInfo, d *dice.Stream) (State, error)
	// Decode turns an action's kind and JSON body back into an Action. An
	// unknown kind or a malformed body is an error.
	Decode(kind string, raw json.RawMessage) (Action, error)
}

// Info describes a game.
type Info struct {
	ID       string `json:"id"`        // short lowercase id: "pmr"
	Name     string `json:"name"`      // display name
	MinSeats int    `json:"min_seats"` // fewest seats a table may have
	MaxSeats int    `json:"max_seats"` // most seats a table may have
	// UsualSeats is the fewest seats a table has without options that allow
	// fewer (Prophecy's practice): the seats a new-table form fills by
	// default. 0 means MinSeats.
	UsualSeats   int          `json:"usual_seats,omitempty"`
	RulesVersion string       `json:"rules_version"` // changes whenever a rule changes how dice are consumed or actions resolve
	Options      []OptionSpec `json:"options,omitempty"`
	Bots         []string     `json:"bots,omitempty"` // bot names a seat may be played by
	GMSeat       bool         `json:"gm_seat,omitempty"`
	MaxGMs       int          `json:"max_gms,omitempty"`    // with GMSeat, the most seats a table may mark GM (co-GMs); 0 means one
	ScoreName    string       `json:"score_name,omitempty"` // what Outcome.Scores count: "trophies", "points"
}

// Usual returns the fewest seats a table of the game has without options
// that allow fewer: UsualSeats, or MinSeats where it is 0.
func (i Info) Usual() int { return max(i.MinSeats, i.UsualSeats) }

// OptionKind is the type of a table option's value.
type OptionKind int

const (
	OptionInt    OptionKind = iota // a whole number between Min and Max
	OptionBool                     // "true" or "false"
	OptionChoice                   // one of Choices
)

// OptionSpec describes one table option.
type OptionSpec struct {
	Name    string     `json:"name"`
	Kind    OptionKind `json:"kind"`
	Default string     `json:"default"`
	Help    string     `json:"help"`
	Min     int        `json:"min,omitempty"`
	Max     int        `json:"max,omitempty"`
	Choices []string   `json:"choices,omitempty"`
}

// Options are a table's option values by name, as text (they come from forms,
// flags and JSON alike). Use Info.Normalize to check and complete them.
type Options map[string]string

// UnmarshalJSON reads an object of option values. A value is text, or a
// number or true/false as JSON writes them, read as the text of their
// JSON ({"turns": 6} is {"turns": "6"}): a client writes a whole-number
// option as a number, and Normalize checks the value as it checks text.
func (o *Options) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*o = nil
		return nil
	}
	if b[0] != '{' {
		return fmt.Errorf("options must be an object of option values by name, not %s", JSONValueKind(jsonValueOf(b[0])))
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	out := make(Options, len(raw))
	for name, v := range raw {
		switch v[0] {
		case '"':
			var text string
			if err := json.Unmarshal(v, &text); err != nil {
				return err
			}
			out[name] = text
		case 't', 'f', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			out[name] = string(v) // a number or a boolean, as written
		default: // an object, an array or null
			return &OptionValueError{Name: name, Value: JSONValueKind(jsonValueOf(v[0]))}
		}
	}
	*o = out
	return nil
}

// OptionValueError is Options.UnmarshalJSON's refusal of an option value
// that is neither text, a number nor true or false: a bad option value,
// as Normalize's refusals are, rather than malformed JSON.
type OptionValueError struct {
	Name  string // the option, as the client wrote it
	Value string // what the value is instead: "a list", "an object", "null"
}

func (e *OptionValueError) Error() string {
	return fmt.Sprintf("option %s must be text, a number or true or false, not %s", Quote(e.Name), e.Value)
}

// jsonValueOf names the kind of JSON value that starts with c, as
// json.UnmarshalTypeError's Value does.
func jsonValueOf(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}

// Int returns the named option as an int; Normalize has already checked it.
func (o Options) Int(name string) int {
	v, ok := o[name]
	if !ok {
		return 0 // an option the table does not have: no Atoi, whose error allocates
	}
	n, _ := strconv.Atoi(v)
	return n
}

// Bool returns the named option as a bool.
func (o Options) Bool(name string) bool { return o[name] == "true" }

// Normalize checks opts against the schema and returns a copy with every option
// present (defaults filled in). Unknown names and bad values are errors that
// name the option and what it accepts.
func (info Info) Normalize(opts Options) (Options, error) {
	out := make(Options, len(info.Options))
	known := make(map[string]bool, len(info.Options))
	for _, spec := range info.Options {
		known[spec.Name] = true
		v, ok := opts[spec.Name]
		if !ok || v == "" {
			v = spec.Default
		}
		v, err := spec.check(v)
		if err != nil {
			return nil, err
		}
		out[spec.Name] = v
	}
	var unknown []string
	for name, v := range opts {
		if spec, ok := tableOption(name); ok && !known[name] {
			// Every table takes these; kept only when given.
			if v = strings.TrimSpace(v); v == "" {
				continue
			}
			v, err := spec.check(v)
			if err != nil {
				return nil, err
			}
			out[name] = v
			continue
		}
		if !known[name] {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, fmt.Errorf("engine: %s has no option %s", info.ID, quoteList(unknown, 3))
	}
	return out, nil
}

// quoteList quotes (Quote) the first most of names, a client's, and
// counts the rest: `"a", "b", "c" and 7 more`.
func quoteList(names []string, most int) string {
	quoted := make([]string, 0, most)
	for _, n := range names[:min(len(names), most)] {
		quoted = append(quoted, Quote(n))
	}
	list := strings.Join(quoted, ", ")
	if more := len(names) - most; more > 0 {
		list += fmt.Sprintf(" and %d more", more)
	}
	return list
}

// check checks the value v of the option spec describes and returns it in
// its one spelling.
func (spec OptionSpec) check(v string) (string, error) {
	v = strings.TrimSpace(v)
	switch spec.Kind {
	case OptionInt:
		n, err := strconv.Atoi(v)
		if err != nil {
			return "", fmt.Errorf("engine: option %s: %s is not a whole number", spec.Name, Quote(v))
		}
		if n < spec.Min || n > spec.Max {
			return "", fmt.Errorf("engine: option %s: %d is out of range %d..%d", spec.Name, n, spec.Min, spec.Max)
		}
		v = strconv.Itoa(n)
	case OptionBool:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return "", fmt.Errorf("engine: option %s: %s is not true or false", spec.Name, Quote(v))
		}
		v = strconv.FormatBool(b)
	case OptionChoice:
		found := false
		for _, c := range spec.Choices {
			if strings.EqualFold(c, v) {
				v, found = c, true
				break
			}
		}
		if !found {
			return "", fmt.Errorf("engine: option %s: %s is not one of %s", spec.Name, Quote(v), strings.Join(spec.Choices, ", "))
		}
	}
	return v, nil
}

// SeatInfo describes who sits at a seat.
type SeatInfo struct {
	Name string `json:"name"`          // display name
	Bot  string `json:"bot,omitempty"` // bot name, or "" for a person
	GM   bool   `json:"gm,omitempty"`  // a game master's seat (msp, tmd, prophecy; see GMSeats)
}

// SameName reports whether two seats' names would read as one in a
// table's log and prompts: equal but for case and the spaces at either end.
func SameName(a, b string) bool { return strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b)) }

// DistinctNames refuses seats two of which have names alike (SameName),
// saying which seats; a seat with no name is the caller's to refuse or name.
// Tables are checked when they are made (by the server, by tabletop play),
// not by NewTable, which also replays stored tables, whose names must load
// as they are.
func DistinctNames(seats []SeatInfo) error {
	for i, s := range seats {
		for j := range i {
			if !SameName(seats[j].Name, s.Name) {
				continue
			}
			first, second := strings.TrimSpace(seats[j].Name), strings.TrimSpace(s.Name)
			if first == second {
				return fmt.Errorf("engine: seats %d and %d are both called %s: give each seat its own name", j+1, i+1, first)
			}
			return fmt.Errorf("engine: seats %d and %d are called %s and %s, one name but for case: give each seat its own name", j+1, i+1, first, second)
		}
	}
	return nil
}

// TextRenderer is implemented by games that draw a seat's view for the
// terminal (tabletop play). Games without it are shown as indented JSON.
type TextRenderer interface {
	RenderText(v View, s Seat) string
}

// PeopleOnly is implemented by games that only people play (a story told
// together, whose actions are the players' own words): no bot takes a
// seat, and at a terminal the players share the keyboard.
type PeopleOnly interface{ PeopleOnly() }

// BotsCanPlay reports whether bots may hold g's seats: not in a game with a
// game master's seat, nor in one only people play. Play now, stand-ins for
// absent players and resignation rest on it.
func BotsCanPlay(g Game) bool {
	_, people := g.(PeopleOnly)
	return !g.Info().GMSeat && !people
}
