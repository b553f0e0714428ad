package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"

	"tabletop/dice"
)

// Entry is one action in a table's log: who acted, what they did, the dice
// faces the action consumed and the events it produced.
type Entry struct {
	Seat   Seat            `json:"seat"`
	Kind   string          `json:"kind"`
	Action json.RawMessage `json:"action"`
	Text   string          `json:"text"`
	Dice   []dice.Draw     `json:"dice,omitempty"`
	Events []Event         `json:"events,omitempty"`
}

// AppendJSON appends e as JSON, byte for byte what json.Marshal(e) writes
// (JSONAppender), without reflection: the table store writes every entry
// so, one for each action. Its events are written by Event.AppendJSON,
// which copies raw data as a log holds it. The action is raw JSON too, made
// by json.Marshal or read back from a log, so it is copied as it is when
// compact, but checked first: an action that is not JSON is refused, as
// json.Marshal refuses it, rather than stored where nobody could read it.
func (e Entry) AppendJSON(b []byte) ([]byte, error) {
	b = append(b, `{"seat":`...)
	b = strconv.AppendInt(b, int64(e.Seat), 10)
	b = append(b, `,"kind":`...)
	b = AppendJSONString(b, e.Kind)
	b = append(b, `,"action":`...)
	if e.Action != nil && !json.Valid(e.Action) {
		_, err := json.Marshal(e.Action) // json.Marshal's words for it
		return nil, err
	}
	b, err := appendRawJSON(b, e.Action)
	if err != nil {
		return nil, err
	}
	b = append(b, `,"text":`...)
	b = AppendJSONString(b, e.Text)
	if len(e.Dice) > 0 {
		b = append(b, `,"dice":[`...)
		for i, d := range e.Dice {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"sides":`...)
			b = strconv.AppendInt(b, int64(d.Sides), 10)
			b = append(b, `,"face":`...)
			b = strconv.AppendInt(b, int64(d.Face), 10)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if len(e.Events) > 0 {
		b = append(b, `,"events":`...)
		if b, err = AppendEvents(b, e.Events); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// Export is a table written out: everything needed to replay it and to check
// every die against the seed. Seed is empty until the game is over (or the
// export is made for a trusted reader, such as the table store).
type Export struct {
	Game         string      `json:"game"`
	RulesVersion string      `json:"rules_version"`
	Options      Options     `json:"options"`
	Seats        []SeatInfo  `json:"seats"`
	Commitment   string      `json:"commitment"`
	Seed         string      `json:"seed,omitempty"`
	SetupDice    []dice.Draw `json:"setup_dice,omitempty"`
	Log          []Entry     `json:"log"`
}

// Table is one game being played: the game, its options and seats, a secret
// seed with its public commitment, and the append-only log. Its state is always
// what replaying the log from the seed gives. A Table is not safe for
// concurrent use; the server serialises access per table.
type Table struct {
	game       Game
	opts       Options
	seats      []SeatInfo
	seed       dice.Seed
	commitment string // seed.Commitment(), made once: every state a seat is sent shows it
	setupDice  []dice.Draw
	log        []Entry
	state      State
	stream     *dice.Stream
	standIn    []bool // per seat: a bot plays it for its player (seats.go)
	resigned   []bool // per seat: its player resigned
}

// NewTable sets up a new game of g. opts is checked and completed against the
// game's schema; the number of seats must be within the game's limits.
func NewTable(g Game, opts Options, seats []SeatInfo, seed dice.Seed) (*Table, error) {
	info := g.Info()
	if len(seats) < info.MinSeats || len(seats) > info.MaxSeats {
		return nil, fmt.Errorf("engine: %s needs %d to %d seats, got %d", info.Name, info.MinSeats, info.MaxSeats, len(seats))
	}
	opts, err := info.Normalize(opts)
	if err != nil {
		return nil, err
	}
	t := &Table{game: g, opts: opts, seats: append([]SeatInfo(nil), seats...), seed: seed, commitment: seed.Commitment()}
	if err := t.setup(); err != nil {
		return nil, err
	}
	return t, nil
}

func (t *Table) setup() error {
	t.stream = dice.NewStream(t.seed)
	st, err := t.game.Setup(t.opts, t.seats, t.stream)
	if err != nil {
		return err
	}
	t.state = st
	t.setupDice = t.stream.Draws(0)
	return nil
}

// Game returns the table's game.
func (t *Table) Game() Game { return t.game }

// Options returns the table's options (complete, with defaults).
func (t *Table) Options() Options { return t.opts }

// Seats returns who sits where.
func (t *Table) Seats() []SeatInfo { return t.seats }

// Commitment is hex(sha256(seed)), public from the start.
func (t *Table) Commitment() string { return t.commitment }

// Seed returns the secret seed. Only reveal it once the game is over.
func (t *Table) Seed() dice.Seed { return t.seed }

// Len is the number of actions in the log.
func (t *Table) Len() int { return len(t.log) }

// Log returns the log entries from index from on. Entries hold secrets:
// private events, the dice each action consumed and sealed actions. Before the
// game is over show a seat only EventsFor(entry.Events, seat), never an
// entry's Text, Action or Dice (another seat's sealed choice, or a shuffle).
func (t *Table) Log(from int) []Entry {
	if from >= len(t.log) {
		return nil
	}
	return t.log[from:]
}

// State returns the current state. It holds hidden information: show players
// only State().View(seat).
func (t *Table) State() State { return t.state }

// Over reports whether the game has ended, and how; the outcome names the
// seats whose players resigned.
func (t *Table) Over() (Outcome, bool) {
	out, over := t.state.Outcome()
	if over {
		out = t.markResigned(out)
	}
	return out, over
}

// Decode reads an action from its kind and JSON body: the game's, or a
// free roll (KindFreeRoll), which every table takes.
func (t *Table) Decode(kind string, raw json.RawMessage) (Action, error) {
	return DecodeAction(t.game, kind, raw)
}

// Act applies an action for seat s and appends it to the log. An action that
// is refused changes nothing and returns the game's error (wrapping
// ErrIllegalAction, ErrNotYourTurn or ErrGameOver).
func (t *Table) Act(s Seat, a Action) ([]Event, error) {
	if a == nil {
		return nil, Illegal(nil, "no action given")
	}
	if s < 0 || int(s) >= len(t.seats) {
		return nil, NotYourTurn(a, "%s has no seat at this table", s)
	}
	if _, over := t.state.Outcome(); over {
		return nil, GameOver(a)
	}
	a, err := ResolveBy(t.state, s, a)
	if err != nil {
		return nil, err
	}
	raw, err := actionJSON(a)
	if err != nil {
		return nil, fmt.Errorf("engine: %s: cannot encode action: %w", a, err)
	}
	if fr, ok := a.(FreeRoll); ok {
		events, draws, err := t.freeRoll(s, fr)
		if err != nil {
			return nil, err
		}
		t.log = append(t.log, Entry{Seat: s, Kind: KindFreeRoll, Action: raw, Text: fr.String(), Dice: draws, Events: events})
		return events, nil
	}
	if isSeatKind(a.Kind()) {
		before := t.stream.Len()
		events, err := t.seatAction(s, a)
		if err != nil {
			return nil, err
		}
		if events, err = Keep(events); err != nil {
			if rerr := t.rebuild(); rerr != nil {
				return nil, fmt.Errorf("%w, and the table could not be rebuilt: %w", err, rerr)
			}
			return nil, err
		}
		t.log = append(t.log, Entry{Seat: s, Kind: a.Kind(), Action: raw, Text: a.String(), Dice: t.stream.Draws(before), Events: events})
		return events, nil
	}
	before := t.stream.Len()
	events, err := t.state.Apply(s, a, t.stream)
	if err != nil {
		if t.stream.Len() != before {
			// The game drew dice and then refused: its state may be half
			// changed. Rebuild from the log so that nothing is corrupted.
			if rerr := t.rebuild(); rerr != nil {
				return nil, fmt.Errorf("engine: %s refused after rolling, and the table could not be rebuilt: %w", a, rerr)
			}
		}
		return nil, err
	}
	// The state may reuse the events' memory at its next Apply: the log
	// keeps a copy.
	if events, err = Keep(events); err != nil {
		if rerr := t.rebuild(); rerr != nil {
			return nil, fmt.Errorf("%w, and the table could not be rebuilt: %w", err, rerr)
		}
		return nil, err
	}
	t.log = append(t.log, Entry{
		Seat: s, Kind: a.Kind(), Action: raw, Text: a.String(),
		Dice: t.stream.Draws(before), Events: events,
	})
	return events, nil
}

// actionJSON returns json.Marshal(a): with a's own AppendJSON if it has one
// (JSONAppender, which must write the same bytes), without reflection.
func actionJSON(a Action) ([]byte, error) {
	if j, ok := a.(JSONAppender); ok {
		return j.AppendJSON(make([]byte, 0, 48))
	}
	return json.Marshal(a)
}

// rebuild replays the log from the seed.
func (t *Table) rebuild() error {
	x := t.Export(true)
	r, err := Replay(t.game, x)
	if err != nil {
		return err
	}
	*t = *r
	return nil
}

// BotStream returns the random stream a bot at seat s uses for its next
// choice. It is derived from the seed, the seat and the log length, so a bot's
// play is reproducible and survives a restart, yet it is not the table's dice
// stream: bots' choices are logged as actions, not as dice.
func (t *Table) BotStream(s Seat) *dice.Stream {
	return dice.NewUnrecordedStream(dice.Derive(t.seed, "bot", uint64(int64(s)), uint64(len(t.log))))
}

// Export writes the table out. An export holds every secret of the game: the
// private events, every die the log consumed (a shuffle's dice give away the
// deck) and, with reveal, the seed. Give it to players only once the game is
// over; before that it is for the table store alone. With reveal false the
// seed is left out.
func (t *Table) Export(reveal bool) Export {
	x := Export{
		Game:         t.game.Info().ID,
		RulesVersion: t.game.Info().RulesVersion,
		Options:      t.opts,
		Seats:        t.seats,
		Commitment:   t.seed.Commitment(),
		SetupDice:    t.setupDice,
		Log:          t.log,
	}
	if reveal {
		x.Seed = t.seed.String()
	}
	return x
}

// ReplayError says which part of an export does not replay.
type ReplayError struct {
	Entry int // index into the log, or -1 for the table itself (seed, setup)
	Msg   string
}

func (e *ReplayError) Error() string {
	if e.Entry < 0 {
		return "engine: " + e.Msg
	}
	return fmt.Sprintf("engine: log entry %d: %s", e.Entry+1, e.Msg)
}

// Replay rebuilds a table from an export that includes its seed, checking as it
// goes that the seed matches the commitment, that every action is accepted, that
// every action consumed exactly the dice the log recorded, and that it produced
// the same events. The first difference is returned as a *ReplayError.
func Replay(g Game, x Export) (*Table, error) {
	fail := func(entry int, format string, args ...any) (*Table, error) {
		return nil, &ReplayError{Entry: entry, Msg: fmt.Sprintf(format, args...)}
	}
	info := g.Info()
	if x.Game != info.ID {
		return fail(-1, "export is a %q table, not %q", x.Game, info.ID)
	}
	if x.Seed == "" {
		return fail(-1, "export has no seed: it is revealed only when the game is over")
	}
	seed, err := dice.ParseSeed(x.Seed)
	if err != nil {
		return fail(-1, "%v", err)
	}
	if got := seed.Commitment(); got != x.Commitment {
		return fail(-1, "sha256(seed) is %s but the table committed to %s", got, x.Commitment)
	}
	version := ""
	if x.RulesVersion != info.RulesVersion {
		version = fmt.Sprintf(" (the table was played under rules version %q, this program has %q)", x.RulesVersion, info.RulesVersion)
	}
	t, err := NewTable(g, x.Options, x.Seats, seed)
	if err != nil {
		return fail(-1, "setup: %v", err)
	}
	if err := sameDraws(x.SetupDice, t.setupDice); err != nil {
		return fail(-1, "setup dice: %v%s", err, version)
	}
	if err := t.replay(x.Log, 0, version); err != nil {
		return nil, err
	}
	return t, nil
}

// replay acts out log[from:] on t, which holds log[:from], checking that
// every action is accepted, consumes exactly the dice the log recorded and
// produces the same events. version is added to every error message.
func (t *Table) replay(log []Entry, from int, version string) error {
	fail := func(entry int, format string, args ...any) error {
		return &ReplayError{Entry: entry, Msg: fmt.Sprintf(format, args...)}
	}
	for i := from; i < len(log); i++ {
		e := log[i]
		a, err := t.Decode(e.Kind, e.Action)
		if err != nil {
			return fail(i, "%v", err)
		}
		if _, err := t.Act(e.Seat, a); err != nil {
			return fail(i, "%s by %s was refused on replay: %v%s", e.Text, e.Seat, err, version)
		}
		got := t.log[len(t.log)-1]
		if err := sameDraws(e.Dice, got.Dice); err != nil {
			return fail(i, "%s by %s: %v%s", e.Text, e.Seat, err, version)
		}
		if !sameEvents(e.Events, got.Events) {
			return fail(i, "%s by %s: events differ on replay%s", e.Text, e.Seat, version)
		}
		// Keep the exact text of the original log.
		t.log[len(t.log)-1] = e
	}
	return nil
}

func sameDraws(want, got []dice.Draw) error {
	for i := 0; i < len(want) || i < len(got); i++ {
		switch {
		case i >= len(got):
			return fmt.Errorf("the log records %d dice but replay rolled %d", len(want), len(got))
		case i >= len(want):
			return fmt.Errorf("replay rolled %d dice but the log records %d", len(got), len(want))
		case want[i] != got[i]:
			return dieDiffers(i, want[i], got[i].Face)
		}
	}
	return nil
}

// dieDiffers says that die i (from 0) of an entry is not what the seed gives.
func dieDiffers(i int, want dice.Draw, got int) error {
	return fmt.Errorf("die %d: the log says d%d showed %d, the seed gives %d", i+1, want.Sides, want.Face, got)
}

// sameEvents compares events through their JSON form. Events read from a
// log encode to the bytes they were written as (Event.UnmarshalJSON), so
// equal bytes are the rule; only if they differ (an export written by other
// means, with its keys in another order, say) are both read back and
// compared as values.
func sameEvents(a, b []Event) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	ja, err1 := json.Marshal(a)
	jb, err2 := json.Marshal(b)
	if err1 != nil || err2 != nil {
		return false
	}
	if bytes.Equal(ja, jb) {
		return true
	}
	var x, y any
	if json.Unmarshal(ja, &x) != nil || json.Unmarshal(jb, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// IsRefusal reports whether err is a game refusing an action (as opposed to an
// internal failure).
func IsRefusal(err error) bool {
	return errors.Is(err, ErrIllegalAction) || errors.Is(err, ErrNotYourTurn) || errors.Is(err, ErrGameOver)
}
