package msp

import (
	"encoding/json"
	"fmt"
	"slices"

	"tabletop/engine"
)

// snapshotVersion is the format MarshalSnapshot writes: the state's own
// JSON form under a version number.
const snapshotVersion = 1

type snapshot struct {
	V     int    `json:"v"`
	State *State `json:"state"`
}

// MarshalSnapshot implements engine.Snapshotter: the whole state, secrets
// included, as JSON (for the table store only).
func (s *State) MarshalSnapshot() ([]byte, error) {
	return json.Marshal(snapshot{V: snapshotVersion, State: s})
}

// RestoreSnapshot implements engine.Restorer: it reads what MarshalSnapshot
// wrote for a table with these seats, and refuses data that is damaged or
// does not fit them.
func (game) RestoreSnapshot(opts engine.Options, seats []engine.SeatInfo, data []byte) (engine.State, error) {
	var snap snapshot
	if err := engine.UnmarshalStrict(data, &snap); err != nil {
		return nil, snapErr("%v", err)
	}
	if snap.V != snapshotVersion {
		return nil, snapErr("format version %d, this program reads version %d", snap.V, snapshotVersion)
	}
	s := snap.State
	if s == nil {
		return nil, snapErr("no state")
	}
	if err := s.fits(seats); err != nil {
		return nil, err
	}
	return s, nil
}

func snapErr(format string, args ...any) error {
	return fmt.Errorf("msp: snapshot: "+format, args...)
}

// fits checks that a state read back fits the table's seats and holds
// together: every seat, character, fighter and check points where it
// should, so that nothing breaks later.
func (s *State) fits(seats []engine.SeatInfo) error {
	gms, err := engine.GMSeats(seats, Info.MaxGMs)
	if err != nil {
		return snapErr("%v", err)
	}
	switch {
	case len(s.Seats) != len(seats) || len(s.Chars) != len(seats):
		return snapErr("written for %d seats, the table has %d", len(s.Seats), len(seats))
	case !slices.Equal(s.GM.Seats(), gms):
		return snapErr("the GM sits at %s, the table's GM at %s", s.GM.Seat, gms[0])
	}
	for i, info := range seats {
		if s.Seats[i] != info {
			return snapErr("%s is %q, the table's is %q", engine.Seat(i), s.Seats[i].Name, info.Name)
		}
		c := s.Chars[i]
		if c == nil {
			continue
		}
		if c.Seat != engine.Seat(i) || s.GM.Is(c.Seat) || c.MaxHP() < 1 || c.HP < 0 || c.HP > c.MaxHP() {
			return snapErr("the character at %s does not fit it", engine.Seat(i))
		}
	}
	living := func(seat engine.Seat) bool {
		c := s.char(seat)
		return c != nil && !c.Dead
	}
	if ck := s.Check; ck != nil && (!living(ck.Seat) || ck.Stat < 0 || ck.Stat >= numStats) {
		return snapErr("the open check is on no living character")
	}
	if f := s.Fight; f != nil {
		fighter := func(x Fighter) bool {
			if x.Enemy >= 0 {
				return x.Seat == -1 && x.Enemy < len(f.Enemies)
			}
			return x.Enemy == -1 && s.char(x.Seat) != nil
		}
		if len(f.Order) == 0 || f.Turn < 0 || f.Turn >= len(f.Order) || len(f.Enemies) == 0 {
			return snapErr("the battle's turn order is broken")
		}
		for _, x := range f.Order {
			if !fighter(x) {
				return snapErr("the battle's turn order names no fighter")
			}
		}
		if (f.Extra != nil && !fighter(*f.Extra)) || (f.Hit != nil && (!fighter(f.Hit.Attacker) || !fighter(f.Hit.Defender))) {
			return snapErr("the battle's extra turn or hit names no fighter")
		}
	}
	return nil
}
