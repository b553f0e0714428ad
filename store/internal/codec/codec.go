// Package codec holds what the SQLite and PostgreSQL stores write and read
// alike: the JSON columns of a table, its log entries, and the list of
// embedded migrations.
package codec

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"

	"tabletop/engine"
)

// Columns returns the JSON of a table's options, seats and setup dice.
func Columns(x engine.Export) (options, seats, setupDice string, err error) {
	var cols [3][]byte
	for i, v := range []any{x.Options, x.Seats, x.SetupDice} {
		if cols[i], err = json.Marshal(v); err != nil {
			return "", "", "", err
		}
	}
	return string(cols[0]), string(cols[1]), string(cols[2]), nil
}

// DecodeColumns reads back what Columns wrote into x.
func DecodeColumns(options, seats, setupDice string, x *engine.Export) error {
	for _, c := range []struct {
		raw string
		v   any
	}{{options, &x.Options}, {seats, &x.Seats}, {setupDice, &x.SetupDice}} {
		if err := json.Unmarshal([]byte(c.raw), c.v); err != nil {
			return err
		}
	}
	return nil
}

// Entries returns the JSON of each entry, the bytes json.Marshal writes of
// it (engine.Entry.AppendJSON, without reflection: the store writes an
// entry for every action).
func Entries(entries []engine.Entry) ([]string, error) {
	buf := entryBufs.Get().(*[]byte)
	defer entryBufs.Put(buf)
	b := (*buf)[:0]
	rows := make([]string, len(entries))
	for i, e := range entries {
		var err error
		if b, err = e.AppendJSON(b[:0]); err != nil {
			return nil, err
		}
		rows[i] = string(b)
	}
	if cap(b) <= maxEntryBuf {
		*buf = b
	}
	return rows, nil
}

// entryBufs holds the buffers that entries are encoded in, so that
// encoding one allocates only its row; one grown past maxEntryBuf (by an
// entry that large) is not kept.
var entryBufs = sync.Pool{New: func() any { return new([]byte) }}

const maxEntryBuf = 64 << 10

// Log collects a table's log from its rows, read in order of seq.
type Log struct {
	entries []engine.Entry
}

// NewLog returns a Log for a table whose log should hold n entries.
func NewLog(n int) *Log { return &Log{entries: make([]engine.Entry, 0, n)} }

// Add decodes the entry stored at position seq, which must be the next one.
func (l *Log) Add(seq int, raw []byte) error {
	if seq != len(l.entries)+1 {
		return fmt.Errorf("log entry %d missing", len(l.entries)+1)
	}
	var e engine.Entry
	if err := json.Unmarshal(raw, &e); err != nil {
		return fmt.Errorf("entry %d: %w", seq, err)
	}
	l.entries = append(l.entries, e)
	return nil
}

// Entries returns the log once every row is added, checking that it holds
// n entries.
func (l *Log) Entries(n int) ([]engine.Entry, error) {
	if len(l.entries) != n {
		return nil, fmt.Errorf("%d entries stored, want %d", len(l.entries), n)
	}
	return l.entries, nil
}

// Migration is one embedded schema migration, dir/NNN_name.sql.
type Migration struct {
	Version int    // NNN
	Name    string // NNN_name.sql
	SQL     string
}

// Migrations returns the migrations in dir of fsys, by version.
func Migrations(fsys fs.FS, dir string) ([]Migration, error) {
	names, err := fs.Glob(fsys, path.Join(dir, "*.sql"))
	if err != nil {
		return nil, err
	}
	var out []Migration
	for _, name := range names {
		base := path.Base(name)
		num, _, _ := strings.Cut(base, "_")
		version, err := strconv.Atoi(num)
		if err != nil {
			return nil, fmt.Errorf("migration %s: name must start with its version number", base)
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: version, Name: base, SQL: string(body)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	for i := 1; i < len(out); i++ {
		if out[i].Version == out[i-1].Version {
			return nil, fmt.Errorf("migrations %s and %s have the same version", out[i-1].Name, out[i].Name)
		}
	}
	return out, nil
}
