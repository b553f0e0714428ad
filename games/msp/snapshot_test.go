package msp

import (
	"bytes"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// TestSnapshotRefusesWhatDoesNotFitTheTable checks that a snapshot is read
// back only for its own seats, and that damaged positions are refused
// rather than restored into a state that breaks later.
func TestSnapshotRefusesWhatDoesNotFitTheTable(t *testing.T) {
	s := mustTable(t)
	mustApply(t, s, gmSeat, Battle{Enemies: []string{"Wolf"}}, dice.NewStream(dice.Seed{2}))
	data, err := s.MarshalSnapshot()
	if err != nil {
		t.Fatal(err)
	}
	back, err := game{}.RestoreSnapshot(nil, testSeats, data)
	if err != nil || !back.(*State).Equal(s) {
		t.Fatalf("RestoreSnapshot of a fresh snapshot: %v", err)
	}
	other := []engine.SeatInfo{{Name: "Gail", GM: true}, {Name: "Ann"}, {Name: "Cy"}}
	for _, tt := range []struct {
		name  string
		seats []engine.SeatInfo
		data  []byte
		want  string
	}{
		{"other seats", other, data, `"Bo", the table's is "Cy"`},
		{"fewer seats", testSeats[:2], data, "written for 3 seats, the table has 2"},
		{"another GM", []engine.SeatInfo{{Name: "Gail"}, {Name: "Ann", GM: true}, {Name: "Bo"}}, data, "the GM sits at"},
		{"a turn past the order", testSeats, bytes.Replace(data, []byte(`"turn":0`), []byte(`"turn":7`), 1), "turn order is broken"},
		{"a fighter who is not there", testSeats, bytes.Replace(data, []byte(`"enemy":0}`), []byte(`"enemy":5}`), 1), "names no fighter"},
		{"HP above the most", testSeats, bytes.Replace(data, []byte(`"hp":20`), []byte(`"hp":99`), 1), "does not fit it"},
		{"data after it", testSeats, append(append([]byte(nil), data...), "{}"...), "trailing data"},
		{"an unknown field", testSeats, bytes.Replace(data, []byte(`"v":1`), []byte(`"v":1,"x":2`), 1), "unknown field"},
	} {
		if _, err := (game{}).RestoreSnapshot(nil, tt.seats, tt.data); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: RestoreSnapshot = %v, want an error saying %q", tt.name, err, tt.want)
		}
	}
}
