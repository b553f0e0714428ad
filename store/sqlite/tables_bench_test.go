package sqlite_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/internal/cputime"
	"tabletop/internal/duel"
	"tabletop/store/sqlite"
	"tabletop/store/storetest"
)

// BenchmarkStoreAppendTables is the server's pattern of writes: one client
// per table appending one entry at a time, each waiting for its append to
// commit before the next, at 50 and at 1000 tables. It reports the CPU time
// of the whole process per append (cpu-ns/op), which is what an append
// costs the server, as well as the wall time, how many folds of the
// journal ran (folds) and how many writes a commit held on average
// (writes/commit). The folds' cost is in cpu-ns/op: the count starts at
// the first append, and Close, which folds what is left, is timed.
//
// The entries are duel's (about 150 bytes of JSON each) and, under pmr,
// the log of a game of Pocket Monster Rancher played at random, in turn
// (300 to 600 bytes each, as the server writes them).
func BenchmarkStoreAppendTables(b *testing.B) {
	logs := map[string][]engine.Entry{"pmr": sqlite.PMRLog(b)}
	for _, kind := range []string{"duel", "pmr"} {
		for _, tables := range []int{50, 1000} {
			name := fmt.Sprint(tables)
			if kind != "duel" {
				name = kind + "/" + name
			}
			b.Run(name, func(b *testing.B) { benchAppendTables(b, tables, logs[kind]) })
		}
	}
}

// benchAppendTables is BenchmarkStoreAppendTables at tables tables, whose
// clients append the entries of log in turn, or a duel entry if log is
// empty.
func benchAppendTables(b *testing.B, tables int, log []engine.Entry) {
	var folds, commits, writes atomic.Int64
	s := mustOpenBench(b, sqlite.Options{
		OnFold:   func(int, time.Duration) { folds.Add(1) },
		OnCommit: func(n int, _ time.Duration) { commits.Add(1); writes.Add(int64(n)) },
	})
	ctx := context.Background()
	for i := range tables {
		e := storetest.MustAct(b, storetest.MustTable(b, s, fmt.Sprint("t", i)), 0, duel.Guard)
		if len(log) == 0 {
			log = []engine.Entry{e}
		}
	}
	var next atomic.Int64
	folds.Store(0)
	commits.Store(0)
	writes.Store(0)
	cpu0 := cputime.Used()
	b.ResetTimer()
	var wg sync.WaitGroup
	for i := range tables {
		wg.Go(func() {
			id := fmt.Sprint("t", i)
			for seq := 0; next.Add(1) <= int64(b.N); seq++ {
				if _, err := s.Append(ctx, id, seq, log[(i+seq)%len(log)]); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	b.ReportMetric(float64(cputime.Used()-cpu0)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(folds.Load()), "folds")
	b.ReportMetric(float64(writes.Load())/float64(max(commits.Load(), 1)), "writes/commit")
}
