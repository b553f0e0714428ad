package codec

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"tabletop/engine"
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
