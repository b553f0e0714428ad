package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/internal/pgtest"
	"tabletop/store"
	"tabletop/store/postgres"
	"tabletop/store/sqlite"
	"tabletop/store/storetest"
)

// fillSource makes an SQLite database with a table of every kind: open and
// listed, finished, unlisted, with a snapshot, and a few plain ones so that
// copy reads more than one page of ids, and the records of sourceRecords.
// It returns the file and the ids.
func fillSource(t *testing.T) (string, []string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "src.db")
	s, err := sqlite.Open(path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	play := func(id string, n int) *engine.Table {
		tab := storetest.MustTable(t, s, id)
		for i := range n {
			if _, err := s.Append(ctx, id, i, storetest.MustAct(t, tab, tab.State().Pending()[0], duel.Guard)); err != nil {
				t.Fatal(err)
			}
		}
		return tab
	}
	play("open", 3)
	done := play("done", 0)
	seq := 0
	for {
		e := storetest.MustAct(t, done, done.State().Pending()[0], duel.Attack)
		if out, over := done.Over(); over {
			if _, err := s.Finish(ctx, "done", seq, out.Text, e); err != nil {
				t.Fatal(err)
			}
			break
		}
		if seq, err = s.Append(ctx, "done", seq, e); err != nil {
			t.Fatal(err)
		}
	}
	priv, err := engine.NewTable(duel.Game, nil, make([]engine.SeatInfo, 2), dice.Seed{9})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTable(ctx, store.Table{ID: "priv", TokenHashes: [][]byte{{7}, {8}}, Export: priv.Export(true)}); err != nil {
		t.Fatal(err)
	}
	play("snap", 4)
	snap := engine.Snapshot{Seq: 2, RulesVersion: "v1", State: []byte{1, 2}, Dice: []byte{3}}
	snap.Sum = snap.Checksum()
	if err := s.SaveSnapshot(ctx, "snap", snap); err != nil {
		t.Fatal(err)
	}
	for k, v := range sourceRecords {
		if _, _, err := s.ClaimRecord(ctx, k, v); err != nil {
			t.Fatal(err)
		}
	}
	ids := []string{"done", "open", "priv", "snap"}
	for i := range 5 {
		id := fmt.Sprint("t", i)
		play(id, i)
		ids = append(ids, id)
	}
	return path, ids
}

// sourceRecords are the write-once records (store.Recorder) of fillSource's
// database, more than one page of them in TestCopy_MovesEveryTableAndLogToPostgres.
var sourceRecords = map[string][]byte{
	"tmd/species/3f2a": []byte(`{"species":"kobold","d100":17}`),
	"tmd/species/9c01": {0, 1, 2, 255},
	"tmd/species/a7":   {},
	"x/other":          []byte("a tool's record"),
}

// tableJSON is a stored table as JSON, its creation time to the millisecond.
func tableJSON(t *testing.T, tab store.Table) string {
	t.Helper()
	tab.Created = tab.Created.Truncate(time.Millisecond).UTC()
	b, err := json.Marshal(tab)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestCopy_MovesEveryTableAndLogToPostgres(t *testing.T) {
	src, ids := fillSource(t)
	dsn := pgtest.DSN(t)
	old := copyPage
	copyPage = 3 // several pages of ids
	t.Cleanup(func() { copyPage = old })
	code, out, errOut := run(t, "", "copy", "--from", src, "--to", dsn)
	if code != 0 || !strings.Contains(out, "copied 9 tables (9 new, 0 brought up to date, 0 already there)") || !strings.Contains(out, "and 4 records (4 new)") {
		t.Fatalf("copy = %d, stdout %q, stderr %q", code, out, errOut)
	}
	ctx := context.Background()
	from, err := sqlite.Open(src, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer from.Close()
	to, err := postgres.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer to.Close()
	for _, id := range ids {
		a, err := from.LoadTable(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		b, err := to.LoadTable(ctx, id)
		if err != nil {
			t.Fatalf("table %s is not in the destination: %v", id, err)
		}
		if ja, jb := tableJSON(t, a), tableJSON(t, b); ja != jb {
			t.Errorf("table %s in PostgreSQL:\n%s\nwant\n%s", id, jb, ja)
		}
		if _, err := engine.Replay(duel.Game, b.Export); err != nil {
			t.Errorf("table %s does not replay from PostgreSQL: %v", id, err)
		}
	}
	for k, v := range sourceRecords {
		if got, err := to.Record(ctx, k); err != nil || !bytes.Equal(got, v) {
			t.Errorf("record %q in PostgreSQL = %q, %v; want %q", k, got, err, v)
		}
	}
	if got, _ := to.LoadTable(ctx, "done"); got.Outcome == "" {
		t.Error("the finished table arrived without its outcome")
	}
	open, err := to.ListOpen(ctx, 100)
	if err != nil || len(open) != 7 {
		t.Fatalf("PostgreSQL lists %d open tables (%v), want 7: not the finished or the unlisted one", len(open), err)
	}
}

func TestCopy_AgainCopiesOnlyWhatIsNew(t *testing.T) {
	src, _ := fillSource(t)
	dst := filepath.Join(t.TempDir(), "dst.db") // copy reads and writes either store
	if code, out, errOut := run(t, "", "copy", "--from", src, "--to", dst); code != 0 {
		t.Fatalf("first copy = %d, %q, %q", code, out, errOut)
	}
	s, err := sqlite.Open(src, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	rec, err := s.LoadTable(ctx, "open")
	if err != nil {
		t.Fatal(err)
	}
	tab, err := engine.Replay(duel.Game, rec.Export)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Append(ctx, "open", rec.Seq, storetest.MustAct(t, tab, tab.State().Pending()[0], duel.Attack)); err != nil {
		t.Fatal(err)
	}
	s.Close()
	code, out, errOut := run(t, "", "copy", "--from", src, "--to", dst)
	if code != 0 || !strings.Contains(out, "copied 9 tables (0 new, 1 brought up to date, 8 already there) with 1 log entries, and 4 records (0 new)") {
		t.Fatalf("second copy = %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestCopy_RefusesADestinationTableThatDiffers(t *testing.T) {
	src, _ := fillSource(t)
	dst := filepath.Join(t.TempDir(), "dst.db")
	s, err := sqlite.Open(dst, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	other, err := engine.NewTable(duel.Game, nil, make([]engine.SeatInfo, 2), dice.Seed{1}) // another seed
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CreateTable(context.Background(), store.Table{ID: "open", Listed: true, TokenHashes: make([][]byte, 2), Export: other.Export(true)}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	code, _, errOut := run(t, "", "copy", "--from", src, "--to", dst)
	if code != 1 || !strings.Contains(errOut, "table open: the destination has a different table by that id") {
		t.Fatalf("copy onto a different table = %d, stderr %q; want 1 naming table open", code, errOut)
	}
}

func TestCopy_RefusesADestinationRecordThatDiffers(t *testing.T) {
	src, _ := fillSource(t)
	dst := filepath.Join(t.TempDir(), "dst.db")
	s, err := sqlite.Open(dst, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.ClaimRecord(context.Background(), "tmd/species/9c01", []byte("rolled again")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	code, _, errOut := run(t, "", "copy", "--from", src, "--to", dst)
	if code != 1 || !strings.Contains(errOut, `record "tmd/species/9c01": the destination has another value for it`) {
		t.Fatalf("copy onto a different record = %d, stderr %q; want 1 naming the record", code, errOut)
	}
}

func TestCopy_VerifyFindsAChangedEntry(t *testing.T) {
	src, _ := fillSource(t)
	s, err := sqlite.Open(src, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	a, err := s.LoadTable(context.Background(), "done")
	if err != nil {
		t.Fatal(err)
	}
	if err := diffTable(a, a); err != nil {
		t.Fatalf("a table against itself: %v", err)
	}
	b := a
	b.Export.Log = append([]engine.Entry(nil), a.Export.Log...)
	b.Export.Log[2].Text += "!"
	if err := diffTable(a, b); err == nil || !strings.Contains(err.Error(), "log entry 3 differs") {
		t.Fatalf("a changed third entry: err = %v, want log entry 3 differs", err)
	}
	b = a
	b.TokenHashes = [][]byte{{1, 2, 3}, {}} // a bot's seat given a token
	if err := diffTable(a, b); err == nil || !strings.Contains(err.Error(), "seat 1's token differs") {
		t.Fatalf("a bot's seat given a token: err = %v", err)
	}
	b = a
	b.Outcome = ""
	if err := diffTable(a, b); err == nil || !strings.Contains(err.Error(), "outcome") {
		t.Fatalf("the outcome lost: err = %v", err)
	}
}

func TestCopy_RefusesBadUsage(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no destination", []string{"copy", "--from", "a.db"}, "needs --from and --to"},
		{"same database", []string{"copy", "--from", "a.db", "--to", "a.db"}, "are the same database"},
		{"missing source file", []string{"copy", "--from", filepath.Join(dir, "nope.db"), "--to", filepath.Join(dir, "b.db")}, "no such database file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := run(t, "", tt.args...)
			if code != 2 || !strings.Contains(errOut, tt.want) {
				t.Fatalf("%v = %d, stderr %q; want 2 saying %q", tt.args, code, errOut, tt.want)
			}
		})
	}
}
