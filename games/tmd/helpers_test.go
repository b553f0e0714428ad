package tmd

import (
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

// fighter returns the named fighter of the table's battle.
func fighter(tb testing.TB, tab *engine.Table, name string) *Fighter {
	tb.Helper()
	b := st(tab).Battle
	if b == nil {
		tb.Fatalf("no battle")
	}
	f := b.fighter(name)
	if f == nil {
		tb.Fatalf("no fighter %s", name)
	}
	return f
}

// eventTexts returns the texts of events as seat sees them.
func eventTexts(evs []engine.Event, seat engine.Seat) []string {
	var out []string
	for _, e := range engine.EventsFor(evs, seat) {
		out = append(out, e.Text)
	}
	return out
}
