package engine

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"

	"tabletop/dice"
)

// Snapshotter is a State that can write out its whole position, hidden
// information included, so that a table with a long log is rebuilt from a
// snapshot and the entries after it instead of from the whole log. The bytes
// are the game's own format: only its Restorer reads them. The same position
// must always give the same bytes, and nothing the state hands out may be
// changed by writing it.
type Snapshotter interface {
	State
	MarshalSnapshot() ([]byte, error)
}

// Restorer is a Game whose states are Snapshotters. RestoreSnapshot reads
// back what MarshalSnapshot wrote, for a table with these (normalized)
// options and seats: the restored state is Equal to the one written, plays
// on exactly as it would have, and writes the same bytes again. Data that is
// damaged, or that does not fit the options and seats, is an error, never a
// panic and never a state that breaks later.
type Restorer interface {
	Game
	RestoreSnapshot(opts Options, seats []SeatInfo, data []byte) (State, error)
}

// Snapshot is a table's position after the first Seq entries of its log:
// the game's state and the dice stream's position. It holds every secret of
// the game (hands, the stock, what the seed will roll next): it is for the
// table store alone.
//
// Sum is the hex sha256 of the rest (Checksum): a snapshot whose bytes were
// damaged in storage, even into a position the game would accept, does not
// match it, and Resume refuses it rather than play on from a wrong position.
type Snapshot struct {
	Seq          int    `json:"seq"`
	RulesVersion string `json:"rules_version"`
	State        []byte `json:"state"`
	Dice         []byte `json:"dice"`
	Sum          string `json:"sum"`
}

// Checksum returns the hex sha256 of the snapshot's fields but Sum, each
// written with its length so that no two snapshots share an encoding.
func (s Snapshot) Checksum() string {
	h := sha256.New()
	var n [8]byte
	write := func(b []byte) {
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	binary.BigEndian.PutUint64(n[:], uint64(s.Seq))
	h.Write(n[:])
	write([]byte(s.RulesVersion))
	write(s.State)
	write(s.Dice)
	return hex.EncodeToString(h.Sum(nil))
}

// ErrNoSnapshots is returned by Table.Snapshot for a game whose states
// cannot be written out.
var ErrNoSnapshots = errors.New("engine: this game does not support snapshots")

// Snapshot writes out the table's position after its whole log.
func (t *Table) Snapshot() (Snapshot, error) {
	st, ok := t.state.(Snapshotter)
	if _, restores := t.game.(Restorer); !ok || !restores {
		return Snapshot{}, ErrNoSnapshots
	}
	state, err := st.MarshalSnapshot()
	if err != nil {
		return Snapshot{}, fmt.Errorf("engine: snapshot of %s: %w", t.game.Info().ID, err)
	}
	d, err := t.stream.MarshalBinary()
	if err != nil {
		return Snapshot{}, fmt.Errorf("engine: snapshot of the dice stream: %w", err)
	}
	snap := Snapshot{Seq: len(t.log), RulesVersion: t.game.Info().RulesVersion, State: state, Dice: d}
	snap.Sum = snap.Checksum()
	return snap, nil
}

// Resume rebuilds a table from its export (seed included, as the table store
// keeps it) and a snapshot taken after its first snap.Seq entries: the
// state is restored from the snapshot and only the entries after it are
// replayed, with the checks Replay makes. The actions before the snapshot
// are trusted as they are, but not their dice: every die the log records up
// to the snapshot is drawn again from the seed and must show the same face,
// and the snapshot's dice stream must stand exactly where the seed's does
// after them, so that no die rolled after a resume can stray from the seed
// (drawing dice again costs nanoseconds each, replaying actions much more).
// A snapshot that does not fit the export (another rules version, more
// entries than the log, a checksum that does not match, damaged data, dice
// the seed does not give) is an error: the caller falls back to Replay.
func Resume(g Game, x Export, snap Snapshot) (*Table, error) {
	fail := func(entry int, format string, args ...any) (*Table, error) {
		return nil, &ReplayError{Entry: entry, Msg: fmt.Sprintf(format, args...)}
	}
	r, ok := g.(Restorer)
	if !ok {
		return nil, ErrNoSnapshots
	}
	info := g.Info()
	switch {
	case x.Game != info.ID:
		return fail(-1, "export is a %q table, not %q", x.Game, info.ID)
	case snap.Sum == "":
		return fail(-1, "the snapshot after entry %d has no checksum", snap.Seq)
	case snap.Sum != snap.Checksum():
		return fail(-1, "the snapshot after entry %d is damaged: its checksum does not match", snap.Seq)
	case snap.RulesVersion != info.RulesVersion || x.RulesVersion != info.RulesVersion:
		return fail(-1, "the snapshot was written under rules version %q, the table was played under %q, this program has %q", snap.RulesVersion, x.RulesVersion, info.RulesVersion)
	case snap.Seq < 0 || snap.Seq > len(x.Log):
		return fail(-1, "the snapshot is after entry %d but the log has %d", snap.Seq, len(x.Log))
	}
	seed, err := dice.ParseSeed(x.Seed)
	if err != nil {
		return fail(-1, "%v", err)
	}
	if got := seed.Commitment(); got != x.Commitment {
		return fail(-1, "sha256(seed) is %s but the table committed to %s", got, x.Commitment)
	}
	opts, err := info.Normalize(x.Options)
	if err != nil {
		return fail(-1, "setup: %v", err)
	}
	if len(x.Seats) < info.MinSeats || len(x.Seats) > info.MaxSeats {
		return fail(-1, "setup: %s needs %d to %d seats, got %d", info.Name, info.MinSeats, info.MaxSeats, len(x.Seats))
	}
	seats := append([]SeatInfo(nil), x.Seats...)
	st, err := r.RestoreSnapshot(opts, seats, snap.State)
	if err != nil {
		return fail(-1, "snapshot after entry %d: %v", snap.Seq, err)
	}
	stream, err := redraw(seed, x, snap)
	if err != nil {
		return nil, err
	}
	t := &Table{
		game: g, opts: opts, seats: seats, seed: seed, commitment: seed.Commitment(),
		setupDice: x.SetupDice,
		log:       append(make([]Entry, 0, len(x.Log)), x.Log[:snap.Seq]...),
		state:     st, stream: stream,
	}
	t.seatsFrom(t.log)
	if err := t.replay(x.Log, snap.Seq, ""); err != nil {
		return nil, err
	}
	return t, nil
}

// redraw draws from seed every die that the setup and the first snap.Seq
// entries of x record, checking each face as Replay does, and returns the
// stream where it then stands, which must be the snapshot's.
func redraw(seed dice.Seed, x Export, snap Snapshot) (*dice.Stream, error) {
	stream := dice.NewStream(seed)
	check := func(want []dice.Draw) error {
		for i, d := range want {
			if d.Sides < 1 {
				return fmt.Errorf("die %d: the log records a die of %d sides", i+1, d.Sides)
			}
			if got := stream.Roll(d.Sides); got != d.Face {
				return dieDiffers(i, d, got)
			}
		}
		return nil
	}
	if err := check(x.SetupDice); err != nil {
		return nil, &ReplayError{Entry: -1, Msg: "setup dice: " + err.Error()}
	}
	for i, e := range x.Log[:snap.Seq] {
		if err := check(e.Dice); err != nil {
			return nil, &ReplayError{Entry: i, Msg: err.Error()}
		}
	}
	b, err := stream.MarshalBinary()
	if err != nil {
		return nil, err
	}
	if !bytes.Equal(b, snap.Dice) {
		return nil, &ReplayError{Entry: -1, Msg: fmt.Sprintf("the snapshot after entry %d holds a dice stream that is not the seed's after the log's dice up to there", snap.Seq)}
	}
	return stream, nil
}
