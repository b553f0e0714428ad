package engine

import (
	"encoding/json"
	"fmt"
	"strings"

	"tabletop/dice"
)

// Seats come and go: a player may resign, a table with a turn clock hands a
// seat whose player let the clock run out to a bot, and the player takes it
// back. These are table-level actions that every table takes whatever its
// game, logged like any other action so that a replay gives the same table;
// like a free roll they are public.
const (
	KindResign   = "resign"    // the seat's player gives up (Resign)
	KindHandOver = "hand-over" // the clock ran out: a bot plays the seat (HandOver)
	KindTakeOver = "take-over" // the player takes the seat back from the bot (TakeOver)
)

// Resign is a player giving up. What it means is the game's (Resigner); by
// default a bot plays the seat to the end, and the outcome names the seat
// as resigned. Text form: "resign".
type Resign struct{}

// Kind implements Action.
func (Resign) Kind() string { return KindResign }

// String implements Action.
func (Resign) String() string { return "resign" }

// HandOver hands a seat to a bot until its player takes it back: the table
// logs it for the seat whose turn clock ran out. Players never send it.
// Text form: "hand over to a bot".
type HandOver struct{}

// Kind implements Action.
func (HandOver) Kind() string { return KindHandOver }

// String implements Action.
func (HandOver) String() string { return "hand over to a bot" }

// TakeOver is a player taking back a seat that a bot played since the
// clock ran out. Text form: "take over".
type TakeOver struct{}

// Kind implements Action.
func (TakeOver) Kind() string { return KindTakeOver }

// String implements Action.
func (TakeOver) String() string { return "take over" }

// Resigner is implemented by states whose game says what resigning means
// (the game ends for the seat, its stock is shared out). Resign changes the
// state for seat s, which resigns, drawing any dice from d, and returns the
// events, as Apply does; an error changes nothing. Whatever the game does, a
// resigned seat that is still asked to act later is played by a bot.
type Resigner interface {
	Resign(s Seat, d *dice.Stream) ([]Event, error)
}

// Revealer is implemented by states that hide something (hands, sealed
// choices, a stock): once the game is over, Reveal says in public events
// everything that was hidden, for every seat to see.
type Revealer interface {
	Reveal() []Event
}

// Table options that every table takes whatever its game. They are kept
// with the game's options, under names no game uses, and only when given.
const (
	// OptTurnClock is the seconds a person may take for a turn before a
	// bot plays the seat; 0, the default, means no clock.
	OptTurnClock = "turn-clock"
	// OptBotPace is the milliseconds between two moves at a table of bots
	// only while someone watches; 0, the default, means the server's.
	OptBotPace = "bot-pace"
)

// TableOptions describes the table options every table takes.
var TableOptions = []OptionSpec{
	{Name: OptTurnClock, Kind: OptionInt, Default: "0", Min: 0, Max: 24 * 3600,
		Help: "seconds a player may take for a turn before a bot plays the seat until the player takes it back (0: no clock)"},
	{Name: OptBotPace, Kind: OptionInt, Default: "0", Min: 0, Max: 60_000,
		Help: "milliseconds between two moves of a table of bots only while someone watches (0: the server's pace)"},
}

// tableOption returns the table option called name.
func tableOption(name string) (OptionSpec, bool) {
	for _, o := range TableOptions {
		if o.Name == name {
			return o, true
		}
	}
	return OptionSpec{}, false
}

// decodeSeatAction reads a table-level seat action: its body is an empty
// object.
func decodeSeatAction(kind string, raw json.RawMessage) (Action, error) {
	var a Action
	switch kind {
	case KindResign:
		a = Resign{}
	case KindHandOver:
		a = HandOver{}
	case KindTakeOver:
		a = TakeOver{}
	default:
		return nil, fmt.Errorf("engine: unknown action kind %s", Quote(kind))
	}
	var body struct{}
	if len(raw) > 0 && string(raw) != "null" {
		if err := DecodeStrict("engine", kind, raw, &body); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// isSeatKind reports whether kind is a table-level seat action.
func isSeatKind(kind string) bool {
	return kind == KindResign || kind == KindHandOver || kind == KindTakeOver
}

// Resigned reports whether seat s has resigned.
func (t *Table) Resigned(s Seat) bool {
	return s >= 0 && int(s) < len(t.resigned) && t.resigned[s]
}

// StandIn reports whether a bot plays seat s for its player: the player
// resigned, or let the clock run out and has not taken the seat back. The
// seat's own bots (SeatInfo.Bot) are not stand-ins.
func (t *Table) StandIn(s Seat) bool {
	return s >= 0 && int(s) < len(t.standIn) && t.standIn[s]
}

// name is seat s's name for people.
func (t *Table) name(s Seat) string {
	if s >= 0 && int(s) < len(t.seats) && t.seats[s].Name != "" {
		return t.seats[s].Name
	}
	return s.String()
}

// seatAction applies a table-level seat action for s, returning its events
// and the game's dice it consumed (a Resigner may draw some). A refusal
// changes nothing.
func (t *Table) seatAction(s Seat, a Action) ([]Event, error) {
	if t.standIn == nil {
		t.standIn = make([]bool, len(t.seats))
		t.resigned = make([]bool, len(t.seats))
	}
	name := t.name(s)
	switch a.(type) {
	case Resign:
		if t.resigned[s] {
			return nil, Illegal(a, "%s has resigned already", name)
		}
		var events []Event
		if r, ok := t.state.(Resigner); ok {
			before := t.stream.Len()
			evs, err := r.Resign(s, t.stream)
			if err != nil {
				if t.stream.Len() != before {
					if rerr := t.rebuild(); rerr != nil {
						return nil, fmt.Errorf("engine: %s refused after rolling, and the table could not be rebuilt: %w", a, rerr)
					}
				}
				return nil, err
			}
			events = evs
		}
		t.resigned[s], t.standIn[s] = true, true
		return append(events, Event{Kind: KindResign, Text: name + " resigns; a bot plays the seat to the end"}), nil
	case HandOver:
		if t.standIn[s] {
			return nil, Illegal(a, "a bot plays for %s already", name)
		}
		t.standIn[s] = true
		return []Event{{Kind: KindHandOver, Text: name + "'s turn clock ran out: a bot plays for " + name + " until they take the seat back"}}, nil
	case TakeOver:
		switch {
		case t.resigned[s]:
			return nil, Illegal(a, "%s has resigned: a bot plays the seat to the end", name)
		case !t.standIn[s]:
			return nil, Illegal(a, "%s plays the seat already", name)
		}
		t.standIn[s] = false
		return []Event{{Kind: KindTakeOver, Text: name + " takes the seat back from the bot"}}, nil
	}
	return nil, Illegal(a, "not a seat action")
}

// markResigned adds the resigned seats to a finished game's outcome.
func (t *Table) markResigned(out Outcome) Outcome {
	var names []string
	for i, r := range t.resigned {
		if r {
			out.Resigned = append(out.Resigned, Seat(i))
			names = append(names, t.name(Seat(i)))
		}
	}
	if len(names) > 0 {
		verb := " resigned"
		out.Text = strings.TrimSuffix(out.Text, ".") + " (" + strings.Join(names, ", ") + verb + ")"
	}
	return out
}

// seatsFrom sets who resigned and which seats bots stand in for from the
// log's table-level seat actions, for a table resumed from a snapshot after
// them.
func (t *Table) seatsFrom(log []Entry) {
	t.standIn = make([]bool, len(t.seats))
	t.resigned = make([]bool, len(t.seats))
	for _, e := range log {
		if e.Seat < 0 || int(e.Seat) >= len(t.seats) {
			continue
		}
		switch e.Kind {
		case KindResign:
			t.resigned[e.Seat], t.standIn[e.Seat] = true, true
		case KindHandOver:
			t.standIn[e.Seat] = true
		case KindTakeOver:
			t.standIn[e.Seat] = false
		}
	}
}

// IsTableAction reports whether kind is an action every table takes
// whatever its game (a free roll, a seat action): the game never sees it.
func IsTableAction(kind string) bool {
	return kind == KindFreeRoll || isSeatKind(kind)
}

// Labeler is implemented by games whose actions' text forms name seats by
// number ("attack 2", which a terminal or a log can parse back). Label is
// what a does in the words a player reads, naming seats by their players'
// names ("attack Bo"), for the seat whose View v is; a is legal for it.
// Pages and tabletop play show the label; the text form stays what the
// action is typed and logged as. Like Explain, it reads only v and a.
type Labeler interface {
	Label(v View, a Action) string
}

// Label is a's label for the seat whose view is v: the game's
// (Labeler), else a's text form.
func Label(g Game, v View, a Action) string {
	if lb, ok := g.(Labeler); ok {
		if s := lb.Label(v, a); s != "" {
			return s
		}
	}
	return a.String()
}
