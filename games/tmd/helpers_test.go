package tmd

import (
	"encoding/json"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// Seats of the test table: the GM, then Ann (Pikachu), Bo (Charmander)
// and Cy (Squirtle).
const (
	gmSeat  engine.Seat = 0
	annSeat engine.Seat = 1
	boSeat  engine.Seat = 2
	cySeat  engine.Seat = 3
)

var testSeats = []engine.SeatInfo{{Name: "Gail", GM: true}, {Name: "Ann"}, {Name: "Bo"}, {Name: "Cy"}}

// mustTable returns a table whose three players have brought their sample
// sheets (Ann a Pikachu, Bo a Charmander, Cy a Squirtle).
func mustTable(tb testing.TB, seed byte) *engine.Table {
	tb.Helper()
	tab, err := engine.NewTable(Game, nil, testSeats, dice.Seed{seed})
	if err != nil {
		tb.Fatal(err)
	}
	d := mustData(tb)
	for i, seat := range []engine.Seat{annSeat, boSeat, cySeat} {
		sh := SampleSheet(d, testSeats[seat].Name, i)
		mustAct(tb, tab, seat, BringSheet{Sheet: *sh})
	}
	return tab
}

// mustAct applies a and fails the test if it is refused.
func mustAct(tb testing.TB, tab *engine.Table, seat engine.Seat, a engine.Action) []engine.Event {
	tb.Helper()
	evs, err := tab.Act(seat, a)
	if err != nil {
		tb.Fatalf("%s by %s: %v", a, seat, err)
	}
	return evs
}

// st returns the table's state.
func st(tab *engine.Table) *State { return tab.State().(*State) }

// eventTexts returns the texts of events as seat sees them.
func eventTexts(evs []engine.Event, seat engine.Seat) []string {
	var out []string
	for _, e := range engine.EventsFor(evs, seat) {
		out = append(out, e.Text)
	}
	return out
}

// The test battle: Ann (Pikachu, 5 AP), Bo (Charmander, 5 AP) and Cy
// (Squirtle, 4 AP) against the foes given.
var testPlayers = []engine.Seat{annSeat, boSeat, cySeat}

// geodude is a level-6 Geodude that knows Tackle and Rock Throw.
var geodude = AddFoe{Species: "Geodude", Level: 6, Moves: []string{"Tackle", "Rock Throw"}}

// mustTeam returns a state whose players have brought their sample sheets;
// edit changes each sheet before it is brought.
func mustTeam(tb testing.TB, edit func(i int, sh *Sheet)) *State {
	tb.Helper()
	return mustTeamUnder(tb, TextRules, edit)
}

// mustTeamUnder is mustTeam at a table playing by edition ed.
func mustTeamUnder(tb testing.TB, ed Edition, edit func(i int, sh *Sheet)) *State {
	tb.Helper()
	s, err := New(Options{Rules: ed}, testSeats)
	if err != nil {
		tb.Fatal(err)
	}
	d := mustData(tb)
	for i, seat := range testPlayers {
		sh := SampleSheet(d, testSeats[seat].Name, i)
		if edit != nil {
			edit(i, sh)
		}
		mustApply(tb, s, seat, BringSheet{Sheet: *sh}, nil)
	}
	return s
}

// mustBattle returns mustTeam's team in a battle against foes, first
// starting.
func mustBattle(tb testing.TB, first Side, edit func(i int, sh *Sheet), foes ...AddFoe) *State {
	tb.Helper()
	s := mustTeam(tb, edit)
	for _, f := range foes {
		mustApply(tb, s, gmSeat, f, nil)
	}
	mustApply(tb, s, gmSeat, StartBattle{First: first}, nil)
	return s
}

// mustApply applies a with dice d (a fresh stream if nil) and fails the
// test if it is refused.
func mustApply(tb testing.TB, s *State, seat engine.Seat, a engine.Action, d *dice.Stream) []engine.Event {
	tb.Helper()
	if d == nil {
		d = dice.NewStream(dice.Seed{})
	}
	evs, err := s.Apply(seat, a, d)
	if err != nil {
		tb.Fatalf("%s by %s: %v", a, seat, err)
	}
	return evs
}

// mustRefuse checks that a is refused with a message containing want, and
// that the state and the dice are unchanged.
func mustRefuse(tb testing.TB, s *State, seat engine.Seat, a engine.Action, want string) {
	tb.Helper()
	before, _ := json.Marshal(s)
	d := dice.NewStream(dice.Seed{})
	_, err := s.Apply(seat, a, d)
	if err == nil {
		tb.Fatalf("%s by %s was accepted; want refused with %q", a, seat, want)
	}
	if !strings.Contains(err.Error(), want) {
		tb.Errorf("%s by %s: %v; want %q in the message", a, seat, err, want)
	}
	after, _ := json.Marshal(s)
	if string(before) != string(after) || d.Len() != 0 {
		tb.Errorf("%s by %s was refused but changed the state or rolled dice", a, seat)
	}
}

// streamWith returns a stream whose first rolls of the given sides show
// the given faces (0: any face), found by trying seeds in order.
func streamWith(tb testing.TB, sides []int, faces []int) *dice.Stream {
	tb.Helper()
	for i := range 1 << 20 {
		seed := dice.Seed{byte(i), byte(i >> 8), byte(i >> 16), 7}
		d := dice.NewStream(seed)
		ok := true
		for k, s := range sides {
			if f := d.Roll(s); faces[k] != 0 && f != faces[k] {
				ok = false
				break
			}
		}
		if ok {
			return dice.NewStream(seed)
		}
	}
	tb.Fatalf("no seed rolls %v on %v", faces, sides)
	return nil
}

// bf returns the named fighter of s's battle.
func bf(tb testing.TB, s *State, name string) *Fighter {
	tb.Helper()
	if s.Battle == nil {
		tb.Fatalf("no battle")
	}
	f := s.Battle.fighter(name)
	if f == nil {
		tb.Fatalf("no fighter %s", name)
	}
	return f
}

// texts returns the texts of events as seat sees them, one a line.
func texts(evs []engine.Event, seat engine.Seat) string {
	return strings.Join(eventTexts(evs, seat), "\n")
}
