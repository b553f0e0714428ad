package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"tabletop/engine"
	"tabletop/store"
	"tabletop/store/postgres"
)

func init() {
	register("copy", "move every table and log to another database, verified: tabletop copy --from tabletop.db --to postgres://…", runCopy)
}

// idLister is what copy needs of the source beyond store.Store: every
// table's id, a page at a time. Both stores have it.
type idLister interface {
	TableIDs(ctx context.Context, after string, limit int) ([]string, error)
}

// recordLister is what copy needs of the source to find its records (the
// games' tools' write-once records, store.Recorder). Both stores have it.
type recordLister interface {
	store.Recorder
	RecordKeys(ctx context.Context, after string, limit int) ([]string, error)
}

// copyPage is how many ids (and record keys) copy reads at once; copyChunk
// how many entries it appends at once.
var copyPage, copyChunk = 200, 500 // variables for the tests

func runCopy(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "copy", "--from FILE|URL --to FILE|URL\n\nCopies every table (open, finished and unlisted) with its whole log, its\nsnapshot and its seat tokens from one database to another, typically from\nthe embedded SQLite file to PostgreSQL, then reads each table back from the\ndestination and compares it with the source, entry by entry; then the same\nfor the games' tools' write-once records (such as a character's species\nroll), so that none may be made again. Stop the servers on the source first. A table already in the destination is brought\nup to date if its log is a beginning of the source's, and refused if it\ndiffers; so an interrupted copy is simply run again.")
	from := fs.String("from", "", "the database to copy from (an SQLite file or a postgres:// URL)")
	to := fs.String("to", "", "the database to copy to (created or migrated as needed)")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) != 0:
		return usagef("copy takes no arguments, got %q (try -h)", pos[0])
	case *from == "" || *to == "":
		return usagef("copy needs --from and --to (try -h)")
	case *from == *to:
		return usagef("--from and --to are the same database")
	}
	if !postgres.IsDSN(*from) {
		// Opening an SQLite file creates it: a mistyped name would copy nothing.
		if _, err := os.Stat(*from); err != nil {
			return usagef("--from %s: no such database file", *from)
		}
	}
	src, err := openStore(ctx, *from, false, 0)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := openStore(ctx, *to, false, 0)
	if err != nil {
		return err
	}
	defer dst.Close()
	n, err := copyStores(ctx, src, dst, env.Stderr)
	if err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "tabletop: copied %d tables (%d new, %d brought up to date, %d already there) with %d log entries, and %d records (%d new), from %s to %s; every entry and record verified\n",
		n.tables, n.created, n.updated, n.tables-n.created-n.updated, n.entries, n.records, n.newRecords, showDB(*from), showDB(*to))
	return dst.Close()
}

// copied counts what copyStores did.
type copied struct {
	tables  int // tables verified in the destination
	created int // tables new in the destination
	updated int // tables the destination had with a shorter log
	entries int // log entries appended

	records    int // records verified in the destination
	newRecords int // records new in the destination
}

// copyStores copies every table of src to dst and verifies each there,
// printing progress to progress every copyPage tables, then every record.
func copyStores(ctx context.Context, src, dst store.Store, progress io.Writer) (copied, error) {
	var n copied
	lister, ok := src.(idLister)
	if !ok {
		return n, fmt.Errorf("the source (%T) cannot list its tables", src)
	}
	for after := ""; ; {
		ids, err := lister.TableIDs(ctx, after, copyPage)
		if err != nil {
			return n, err
		}
		if len(ids) == 0 {
			break
		}
		for _, id := range ids {
			if err := copyTable(ctx, src, dst, id, &n); err != nil {
				return n, fmt.Errorf("table %s: %w (%d tables copied before it; run copy again once it is fixed)", id, err, n.tables)
			}
		}
		after = ids[len(ids)-1]
		fmt.Fprintf(progress, "tabletop copy: %d tables so far\n", n.tables)
	}
	return n, copyRecords(ctx, src, dst, &n)
}

// copyRecords copies every record of src that dst lacks and verifies each
// there: a record dst has with another value is refused, since records are
// never replaced.
func copyRecords(ctx context.Context, src, dst store.Store, n *copied) error {
	from, ok := src.(recordLister)
	if !ok {
		return nil // a store that keeps no records has none to copy
	}
	to, ok := dst.(store.Recorder)
	if !ok {
		return fmt.Errorf("the destination (%T) keeps no records", dst)
	}
	for after := ""; ; {
		keys, err := from.RecordKeys(ctx, after, copyPage)
		if err != nil {
			return err
		}
		if len(keys) == 0 {
			return nil
		}
		for _, key := range keys {
			v, err := from.Record(ctx, key)
			if err != nil {
				return fmt.Errorf("record %q: %w", key, err)
			}
			_, first, err := to.ClaimRecord(ctx, key, v)
			if err != nil {
				return fmt.Errorf("record %q: %w", key, err)
			}
			got, err := to.Record(ctx, key)
			if err != nil {
				return fmt.Errorf("record %q: %w", key, err)
			}
			if !bytes.Equal(got, v) {
				return fmt.Errorf("record %q: the destination has another value for it (records are never replaced) (%d records copied before it)", key, n.records)
			}
			n.records++
			if first {
				n.newRecords++
			}
		}
		after = keys[len(keys)-1]
	}
}

// copyTable copies table id from src to dst, or what dst lacks of it, and
// verifies the result.
func copyTable(ctx context.Context, src, dst store.Store, id string, n *copied) error {
	from, err := src.LoadTable(ctx, id)
	if err != nil {
		return err
	}
	head := from
	head.Export.Log, head.Seq, head.Outcome, head.Snapshot = nil, 0, "", nil
	seq, outcome := 0, ""
	switch err := dst.CreateTable(ctx, head); {
	case errors.Is(err, store.ErrExists):
		to, err := dst.LoadTable(ctx, id)
		if err != nil {
			return err
		}
		if err := diffHeader(from, to); err != nil {
			return fmt.Errorf("the destination has a different table by that id: %w", err)
		}
		if to.Seq > from.Seq {
			return fmt.Errorf("the destination's log is longer (%d entries) than the source's (%d)", to.Seq, from.Seq)
		}
		if err := diffLog(from.Export.Log, to.Export.Log, to.Seq); err != nil {
			return fmt.Errorf("the destination's log differs: %w", err)
		}
		seq, outcome = to.Seq, to.Outcome
		if seq < from.Seq || outcome != from.Outcome {
			n.updated++
		}
	case err != nil:
		return err
	default:
		n.created++
	}
	for seq < from.Seq {
		chunk := from.Export.Log[seq:min(seq+copyChunk, from.Seq)]
		if seq, err = dst.Append(ctx, id, seq, chunk...); err != nil {
			return err
		}
		n.entries += len(chunk)
	}
	if from.Outcome != "" && outcome == "" {
		if _, err := dst.Finish(ctx, id, seq, from.Outcome); err != nil {
			return err
		}
	}
	if from.Snapshot != nil {
		if err := dst.SaveSnapshot(ctx, id, *from.Snapshot); err != nil {
			return err
		}
	}
	to, err := dst.LoadTable(ctx, id)
	if err != nil {
		return err
	}
	if err := diffTable(from, to); err != nil {
		return fmt.Errorf("verification failed: %w", err)
	}
	n.tables++
	return nil
}

// diffTable says how the copy b differs from the table a, or returns nil:
// every field, every log entry and the snapshot.
func diffTable(a, b store.Table) error {
	if err := diffHeader(a, b); err != nil {
		return err
	}
	if a.Seq != b.Seq || len(b.Export.Log) != len(a.Export.Log) {
		return fmt.Errorf("%d log entries, want %d", b.Seq, a.Seq)
	}
	if err := diffLog(a.Export.Log, b.Export.Log, a.Seq); err != nil {
		return err
	}
	if a.Outcome != b.Outcome {
		return fmt.Errorf("outcome %q, want %q", b.Outcome, a.Outcome)
	}
	if a.Snapshot != nil {
		if b.Snapshot == nil {
			return errors.New("no snapshot")
		}
		if err := diffJSON("the snapshot", *a.Snapshot, *b.Snapshot); err != nil {
			return err
		}
	}
	return nil
}

// diffHeader compares what a table is before its log: id, lobby listing,
// seat tokens, creation time (to the millisecond, what SQLite keeps) and the
// export's game, options, seats, seed and setup dice.
func diffHeader(a, b store.Table) error {
	switch {
	case a.ID != b.ID:
		return fmt.Errorf("id %q, want %q", b.ID, a.ID)
	case a.Listed != b.Listed:
		return fmt.Errorf("listed %v, want %v", b.Listed, a.Listed)
	case !a.Created.Truncate(time.Millisecond).Equal(b.Created.Truncate(time.Millisecond)):
		return fmt.Errorf("created %v, want %v", b.Created, a.Created)
	case !slices.Equal(a.Open, b.Open):
		return fmt.Errorf("open seats %v, want %v", b.Open, a.Open)
	case len(a.TokenHashes) != len(b.TokenHashes):
		return fmt.Errorf("%d seat tokens, want %d", len(b.TokenHashes), len(a.TokenHashes))
	}
	for i := range a.TokenHashes {
		if !bytes.Equal(a.TokenHashes[i], b.TokenHashes[i]) || (a.TokenHashes[i] == nil) != (b.TokenHashes[i] == nil) {
			return fmt.Errorf("seat %d's token differs", i)
		}
	}
	ax, bx := a.Export, b.Export
	ax.Log, bx.Log = nil, nil
	return diffJSON("the table's setup", ax, bx)
}

// diffLog compares the first n entries of two logs, each as its JSON.
func diffLog(a, b []engine.Entry, n int) error {
	for i := range n {
		if err := diffJSON(fmt.Sprintf("log entry %d", i+1), a[i], b[i]); err != nil {
			return err
		}
	}
	return nil
}

func diffJSON(what string, a, b any) error {
	ja, err := json.Marshal(a)
	if err != nil {
		return err
	}
	jb, err := json.Marshal(b)
	if err != nil {
		return err
	}
	if !bytes.Equal(ja, jb) {
		return fmt.Errorf("%s differs", what)
	}
	return nil
}
