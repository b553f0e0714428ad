package pmr

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// TestView_AppendJSONIsMarshal checks the hand-written encoding of views
// against json.Marshal's: over whole seeded games of 2 to 8 stables, with
// bots of every kind, standard and other options and names that need
// escaping, at every step, from every seat, the spectator and a seat that
// is no stable. It also checks that the games reached every optional part
// of a view, so that none of them goes unchecked.
func TestView_AppendJSONIsMarshal(t *testing.T) {
	seen := map[string]bool{}
	playJSONGames(t, func(s *State, seats int, _ []engine.Event) error {
		for p := engine.Spectator; int(p) <= seats; p++ {
			if err := checkViewJSON(s.View(p), seen); err != nil {
				return fmt.Errorf("seat %d: %w", p, err)
			}
		}
		return nil
	})
	for _, v := range []*View{nil, {Seat: 2, Sealed: "capture"}, {Board: &Board{Stables: []StableView{{Pending: true}}}}} {
		if err := checkViewJSON(v, seen); err != nil {
			t.Errorf("%+v: %v", v, err)
		}
	}
	for _, key := range viewKeys {
		if !seen[key] {
			t.Errorf("no view checked holds %s", key)
		}
	}
}

// playJSONGames plays the seeded games in which the JSON tests compare the
// hand-written encodings with json.Marshal's: games of 2 to 8 stables, with
// bots of every kind and some seats without one, standard and other options
// (one game of MaxTurns) and names that need escaping. It calls check at
// the start of each game and after every Apply, with its events.
func playJSONGames(t *testing.T, check func(s *State, seats int, events []engine.Event) error) {
	t.Helper()
	names := []string{"Zoë", "a<b&c>", `"q"\`, "tab\tx", "Ann", "Bo", "Cy", "Di"}
	for i, c := range []struct {
		opts Options
		bots []string
	}{
		{Options{}, []string{"greedy", "nash"}},
		{Options{Turns: 9, SoleWinner: true}, []string{"random", "random", "random"}},
		{Options{Turns: 12, Every: 2, RetireAge: 6}, []string{"nash", "greedy", "random", "nash"}},
		{Options{Turns: 9}, []string{"random", "greedy", "nash", "nash", "greedy", "random", "nash", "greedy"}},
		{Options{SoleWinner: true}, []string{"random", "random"}},
		{Options{Turns: MaxTurns}, []string{"random", "random"}},
	} {
		for seed := range byte(4) {
			bots, seats := mustBots(t, c.bots...)
			for p := range seats {
				seats[p].Name = names[p]
				if p%2 == 1 {
					seats[p].Bot = ""
				}
			}
			s, err := New(c.opts, seats)
			if err != nil {
				t.Fatal(err)
			}
			d, r := dice.NewUnrecordedStream(dice.Seed{byte(i), seed, 1}), dice.NewUnrecordedStream(dice.Seed{byte(i), seed, 2})
			var events []engine.Event
			for step := 0; ; step++ {
				if err := check(s, len(seats), events); err != nil {
					t.Fatalf("game %d, seed %d, step %d: %v", i, seed, step, err)
				}
				pending := s.Pending()
				if len(pending) == 0 {
					break
				}
				p := pending[step%len(pending)]
				if events, err = s.Apply(p, bots[p].Act(p, s.View(p), s.Legal(p), r), d); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// viewKeys are the optional parts of a view, and escaped characters, that
// TestView_AppendJSONIsMarshal must meet.
var viewKeys = []string{`"sealed"`, `"bot"`, `"tournament"`, `"last_tournament"`, `"entrants"`, `"seed_dice"`, `"matches"`,
	`"match"`, `"contests"`, `"dice_off"`, `"seed"`, `"bye"`, `"phase":"enter"`, `"phase":"over"`, `\u003c`, `\"`}

// checkViewJSON compares v.AppendJSON with json.Marshal(v), and notes in
// seen which keys the bytes held.
func checkViewJSON(v engine.View, seen map[string]bool) error {
	want, err := appendIsMarshal(v)
	if err != nil {
		return err
	}
	for _, key := range viewKeys {
		if !seen[key] && strings.Contains(string(want), key) {
			seen[key] = true
		}
	}
	return nil
}

// appendIsMarshal compares v's own JSON (engine.JSONAppender), appended to
// a buffer that holds a byte already, with json.Marshal(v), and returns
// json.Marshal's bytes.
func appendIsMarshal(v any) ([]byte, error) {
	want, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	a, ok := v.(engine.JSONAppender)
	if !ok {
		return nil, fmt.Errorf("%T does not write its own JSON (engine.JSONAppender)", v)
	}
	got, err := a.AppendJSON([]byte("x"))
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(got[1:], want) || got[0] != 'x' {
		return nil, fmt.Errorf("AppendJSON differs from json.Marshal:\n got %s\nwant %s", got[1:], want)
	}
	return want, nil
}

// TestEventData_AppendJSONIsMarshal checks the hand-written encoding of
// event data, which engine.Keep uses for every event a table logs, against
// json.Marshal's: every event of the games playJSONGames plays, and data
// made by hand for what play never makes. Every event's
// data must write its own JSON, and the games must reach every optional
// field of each kind of data, so that none goes unchecked.
func TestEventData_AppendJSONIsMarshal(t *testing.T) {
	seen := map[string]bool{}
	playJSONGames(t, func(_ *State, _ int, events []engine.Event) error {
		for _, e := range events {
			if err := checkDataJSON(e.Data, seen); err != nil {
				return fmt.Errorf("%q event: %w", e.Kind, err)
			}
		}
		return nil
	})
	cfg := newConfig(stdOptions(30), []engine.SeatInfo{{Name: "Ann"}, {Name: "Bob"}})
	for _, data := range []any{
		(*EventData)(nil), (*SealedData)(nil), (*MonsterData)(nil), (*MatchData)(nil), (*ContestData)(nil),
		&EventData{Action: `say "<hi>"`, Ability: Mind, Terrain: Speed, Change: -1, Parents: [2]int{1, 2},
			Monster: &Monster{ID: 3}, B: &Entrant{Monster: 2}, Contest: &Contest{Winner: -1}},
		&SealedData{cfg: cfg},
		&SealedData{cfg: cfg, Action: SealedAction{foreignAction(`say "<hi>" & bye`)}},
		&SealedData{cfg: cfg, Action: SealedAction{Train{Monster: -1, Ability: Ability(-3)}}},
		&MonsterData{Ability: Ability(9), Result: "a\u2028b"},
	} {
		if err := checkDataJSON(data, seen); err != nil {
			t.Errorf("%+v: %v", data, err)
		}
	}
	for _, key := range dataKeys {
		if !seen[key] {
			t.Errorf("no event data checked holds %s", key)
		}
	}
}

// foreignAction is an action of no game, with a text that needs escaping.
type foreignAction string

func (a foreignAction) Kind() string   { return "foreign" }
func (a foreignAction) String() string { return string(a) }

// dataKeys are the optional fields of each kind of event data that
// TestEventData_AppendJSONIsMarshal must meet, and escaped characters.
var dataKeys = []string{
	`EventData "action"`, `EventData "ability"`, `EventData "terrain"`, `EventData "change"`, `EventData "trophies"`,
	`EventData "parents"`, `EventData "result"`, `EventData "dice"`, `EventData "monster"`, `EventData "entrants"`,
	`EventData "a"`, `EventData "b"`, `EventData "contest"`,
	`MonsterData "ability"`, `MonsterData "change"`, `MonsterData "parents"`, `MonsterData "result"`, `MonsterData "dice"`, `MonsterData "monster"`,
	`MatchData "terrain"`, `MatchData "dice"`, `MatchData "a"`, `MatchData "b"`,
	`ContestData "contest"`, `SealedData "action"`,
	`\u003c`, `\"`, `\u2028`,
}

// checkDataJSON compares data.AppendJSON with json.Marshal(data), and notes
// in seen which keys of which type the bytes held.
func checkDataJSON(data any, seen map[string]bool) error {
	want, err := appendIsMarshal(data)
	if err != nil {
		return err
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(want, &fields) == nil {
		typ := reflect.TypeOf(data).Elem().Name()
		for key := range fields {
			seen[typ+` "`+key+`"`] = true
		}
	}
	for _, esc := range []string{`\u003c`, `\"`, `\u2028`} {
		if strings.Contains(string(want), esc) {
			seen[esc] = true
		}
	}
	return nil
}

// TestAction_AppendJSONIsMarshal checks the JSON every action writes of
// itself, which engine.Table logs, against json.Marshal's: every legal
// action of the games playJSONGames plays, actions of numbers beyond the
// boxed ones, and abilities out of range.
func TestAction_AppendJSONIsMarshal(t *testing.T) {
	check := func(a engine.Action) error {
		if _, err := appendIsMarshal(a); err != nil {
			return fmt.Errorf("%v: %w", a, err)
		}
		return nil
	}
	kinds := map[string]bool{}
	playJSONGames(t, func(s *State, seats int, _ []engine.Event) error {
		for p := range engine.Seat(seats) {
			for _, a := range s.Legal(p) {
				kinds[a.Kind()] = true
				if err := check(a); err != nil {
					return err
				}
			}
		}
		return nil
	})
	for _, a := range []engine.Action{Train{Monster: MaxTurns + 1, Ability: Ability(9)}, Breed{A: -1, B: 400}, Enter{}, Choose{}} {
		if err := check(a); err != nil {
			t.Error(err)
		}
	}
	for _, k := range []string{KindCapture, KindTrain, KindBreed, KindEnter, KindChoose} {
		if !kinds[k] {
			t.Errorf("no legal %s action checked", k)
		}
	}
}

// BenchmarkViewJSON encodes a stable's view in the middle of a tournament
// match, with json.Marshal ("marshal") and with AppendJSON into a buffer
// used before ("append"), as the server encodes it for every seat on every
// change.
func BenchmarkViewJSON(b *testing.B) {
	v := matchState(b).View(1)
	b.Run("marshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(v); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("append", func(b *testing.B) {
		var buf []byte
		b.ReportAllocs()
		for b.Loop() {
			var err error
			if buf, err = v.(engine.JSONAppender).AppendJSON(buf[:0]); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(buf)), "bytes")
	})
}
