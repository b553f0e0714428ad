package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/internal/cputime"
	"tabletop/internal/duel"
	"tabletop/store/sqlite"
	"tabletop/store/storetest"
)

// BenchmarkReadsBeforeAFold is what the journal costs the reads that scan
// it (see journal.go): LoadTable of a table of 20 entries and ListOpen of
// 100 tables (the server's lobby), among 1000 tables whose logs are
// folded, with 0 to 16384 more entries in the journal spread over them, as
// just before a fold. It reports the process's CPU time per read
// (cpu-ns/op), as BenchmarkStoreAppendTables does.
func BenchmarkReadsBeforeAFold(b *testing.B) {
	const tables, folded = 1000, 20
	path := filepath.Join(b.TempDir(), "t.db")
	opts := sqlite.Options{FoldRows: 1 << 30, FoldEvery: time.Hour}
	s, err := sqlite.Open(path, opts)
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	var e engine.Entry
	for i := range tables {
		e = storetest.MustAct(b, storetest.MustTable(b, s, fmt.Sprint("t", i)), 0, duel.Guard)
	}
	seqs := make([]int, tables)
	appendAll := func(n int) {
		for k := range n {
			i := k % tables
			if seqs[i], err = s.Append(ctx, fmt.Sprint("t", i), seqs[i], e); err != nil {
				b.Fatal(err)
			}
		}
	}
	appendAll(tables * folded)
	for _, rows := range []int{0, 1024, 4096, 8192, 16384} {
		if err := s.Close(); err != nil { // folds
			b.Fatal(err)
		}
		if s, err = sqlite.Open(path, opts); err != nil {
			b.Fatal(err)
		}
		appendAll(rows)
		b.Run(fmt.Sprintf("LoadTable/journal=%d", rows), func(b *testing.B) {
			b.ReportAllocs()
			cpu0 := cputime.Used()
			for b.Loop() {
				if _, err := s.LoadTable(ctx, "t7"); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Used()-cpu0)/float64(b.N), "cpu-ns/op")
		})
		b.Run(fmt.Sprintf("ListOpen/journal=%d", rows), func(b *testing.B) {
			b.ReportAllocs()
			cpu0 := cputime.Used()
			for b.Loop() {
				if list, err := s.ListOpen(ctx, 100); err != nil || len(list) != 100 {
					b.Fatalf("ListOpen = %d tables, %v; want 100", len(list), err)
				}
			}
			b.ReportMetric(float64(cputime.Used()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
	s.Close()
}
