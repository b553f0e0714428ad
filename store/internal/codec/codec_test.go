package codec

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/engine/enginetest"
	"tabletop/games"
)

func TestLogRefusesAMissingEntry(t *testing.T) {
	l := NewLog(3)
	raw := []byte(`{"seat":0,"kind":"x","action":{},"text":"x"}`)
	if err := l.Add(1, raw); err != nil {
		t.Fatal(err)
	}
	if err := l.Add(3, raw); err == nil || !strings.Contains(err.Error(), "log entry 2 missing") {
		t.Fatalf("Add(3) after entry 1: err = %v, want entry 2 missing", err)
	}
	if _, err := l.Entries(3); err == nil {
		t.Fatal("Entries(3) with one entry added: no error")
	}
	if got, err := l.Entries(1); err != nil || len(got) != 1 || got[0].Kind != "x" {
		t.Fatalf("Entries(1) = %+v, %v", got, err)
	}
}

func TestColumnsRoundTrip(t *testing.T) {
	x := engine.Export{Options: engine.Options{"rounds": "3"}, Seats: []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo", Bot: "random"}}}
	o, s, d, err := Columns(x)
	if err != nil {
		t.Fatal(err)
	}
	var back engine.Export
	if err := DecodeColumns(o, s, d, &back); err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(x)
	b, _ := json.Marshal(back)
	if string(a) != string(b) {
		t.Fatalf("round trip: %s, want %s", b, a)
	}
}

func TestMigrationsAreSortedByVersionNotName(t *testing.T) {
	fsys := fstest.MapFS{
		"m/10_ten.sql": {Data: []byte("10")},
		"m/2_two.sql":  {Data: []byte("2")},
		"m/README":     {Data: []byte("not a migration")},
	}
	ms, err := Migrations(fsys, "m")
	if err != nil || len(ms) != 2 || ms[0].Version != 2 || ms[1].Name != "10_ten.sql" || ms[1].SQL != "10" {
		t.Fatalf("Migrations = %+v, %v; want 2_two.sql then 10_ten.sql", ms, err)
	}
	fsys["m/x_bad.sql"] = &fstest.MapFile{}
	if _, err := Migrations(fsys, "m"); err == nil {
		t.Fatal("a migration without a version number: no error")
	}
	delete(fsys, "m/x_bad.sql")
	fsys["m/002_again.sql"] = &fstest.MapFile{}
	if _, err := Migrations(fsys, "m"); err == nil {
		t.Fatal("two migrations with version 2: no error")
	}
}

// TestEntries_AreMarshal: Entries writes each entry as json.Marshal does
// (old databases and exports hold those bytes), one row each, and Log reads the rows back to
// entries that encode the same. Entries of every shape are engine's
// TestEntry_AppendJSONIsMarshal, and every game's log enginetest's.
func TestEntries_AreMarshal(t *testing.T) {
	log := []engine.Entry{
		{Seat: 0, Kind: "act", Action: json.RawMessage(`{"type":"guard"}`), Text: "Ann <&> guards"},
		{Seat: 1, Kind: "roll", Action: json.RawMessage(` { "expr" : "2d6" } `), Text: "Zo\u00eb\u2028 rolls",
			Dice: []dice.Draw{{Sides: 6, Face: 3}, {Sides: 6, Face: 5}}},
		{Seat: -1, Kind: "deal", Events: []engine.Event{{Kind: "hand", Text: "you hold 2", Data: json.RawMessage(`{"card":2}`), Only: []engine.Seat{1}, Others: "Bo draws"}}},
		{Seat: 1, Kind: "pass", Action: json.RawMessage(`null`)},
		{},
	}
	rows, err := Entries(log)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(log) {
		t.Fatalf("Entries gave %d rows for %d entries", len(rows), len(log))
	}
	back := NewLog(len(rows))
	for i, e := range log {
		want, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		if rows[i] != string(want) {
			t.Errorf("entry %d: Entries wrote\n%s\njson.Marshal writes\n%s", i+1, rows[i], want)
		}
		if err := back.Add(i+1, []byte(rows[i])); err != nil {
			t.Fatal(err)
		}
	}
	read, err := back.Entries(len(rows))
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range read {
		if again, err := json.Marshal(e); err != nil || string(again) != rows[i] {
			t.Errorf("entry %d read back from its row encodes as %s (%v), want %s", i+1, again, err, rows[i])
		}
	}
}

// TestEntries_RefusesAnActionThatIsNotJSON: json.Marshal refuses such an
// entry, and so must Entries, rather than store a row nobody can read.
func TestEntries_RefusesAnActionThatIsNotJSON(t *testing.T) {
	for _, raw := range []string{"", "{", "x", `{"a":1}}`, "[1,]", "\"\x01\""} {
		e := engine.Entry{Kind: "k", Action: json.RawMessage(raw)} // "": empty, not nil (null)
		if _, err := json.Marshal(e); err == nil {
			t.Fatalf("json.Marshal(%q) = nil error; the test wants one it refuses", raw)
		}
		if rows, err := Entries([]engine.Entry{e}); err == nil {
			t.Errorf("Entries(action %q) = %q, nil error; want an error", raw, rows)
		}
	}
}

// BenchmarkEntries encodes log entries as the table store does for each
// action: one entry an op, cycling through the log of a seeded random game
// of each game (enginetest.MustPlay), with seat names json.Marshal escapes.
func BenchmarkEntries(b *testing.B) {
	for _, g := range games.All() {
		info := g.Info()
		seats := []engine.SeatInfo{{Name: "Ann <&>"}, {Name: `Bo "B"`}, {Name: "Zoë\u2028"}, {Name: "Dee"}}[:max(info.MinSeats, min(4, info.MaxSeats))]
		seats[0].GM = info.GMSeat
		log := enginetest.MustPlay(b, g, nil, seats, dice.Seed{1}).Log(0)
		b.Run(info.ID, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := Entries(log[i : i+1]); err != nil {
					b.Fatal(err)
				}
				if i++; i == len(log) {
					i = 0
				}
			}
		})
	}
}
