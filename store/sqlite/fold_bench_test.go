package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"tabletop/internal/cputime"
	"tabletop/store/storetest"
)

// BenchmarkFold is the writer's fold of a journal of 4096 rows, the
// entries of a game of Pocket Monster Rancher spread over 50 or 1000
// tables as the server's appends leave them, into the logs that earlier
// folds filled. It reports the process's CPU time per row folded
// (cpu-ns/row), while nothing else runs.
func BenchmarkFold(b *testing.B) {
	const rows = 4096
	log := pmrLog(b)
	for _, tables := range []int{50, 1000} {
		b.Run(fmt.Sprint(tables), func(b *testing.B) {
			s := mustOpenWith(b, filepath.Join(b.TempDir(), "t.db"), noFolds)
			ctx := context.Background()
			for i := range tables {
				storetest.MustTable(b, s, fmt.Sprint("t", i))
			}
			// foldRows sets FoldRows in the writer, and returns once the
			// writer is past the fold it may start.
			foldRows := func(n int) {
				if err := s.do(ctx, func(*sql.Tx) error { s.opts.FoldRows = n; return nil }); err != nil {
					b.Fatal(err)
				}
				if err := s.Ping(ctx); err != nil {
					b.Fatal(err)
				}
			}
			seqs := make([]int, tables)
			var cpu time.Duration
			for b.Loop() {
				b.StopTimer()
				var wg sync.WaitGroup
				for i := range tables {
					wg.Go(func() {
						for k := i; k < rows; k += tables {
							var err error
							if seqs[i], err = s.Append(ctx, fmt.Sprint("t", i), seqs[i], log[seqs[i]%len(log)]); err != nil {
								b.Error(err)
								return
							}
						}
					})
				}
				wg.Wait()
				cpu0 := cputime.Used()
				b.StartTimer()
				foldRows(1)
				b.StopTimer()
				cpu += cputime.Used() - cpu0
				foldRows(noFolds.FoldRows)
				b.StartTimer()
			}
			b.ReportMetric(float64(cpu)/float64(b.N*rows), "cpu-ns/row")
		})
	}
}

// BenchmarkLogsOf1000Tables is what entries' layout (see journal.go) costs
// a server that has run a while: 1000 tables append 150 entries each (a
// game of Pocket Monster Rancher), all at once as a server's do, with the
// journal folded as usual, and the store is closed (the last fold and
// checkpoint); then, on the store opened again and after a collection,
// LoadTable reads tables at random. It reports the process's CPU time per
// append, folds included (cpu-ns/append), and per load (cpu-ns/load).
func BenchmarkLogsOf1000Tables(b *testing.B) {
	const tables, per = 1000, 150
	log := pmrLog(b)
	path := filepath.Join(b.TempDir(), "t.db")
	s, err := Open(path, Options{})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for i := range tables {
		storetest.MustTable(b, s, fmt.Sprint("t", i))
	}
	cpu0 := cputime.Used()
	var wg sync.WaitGroup
	for i := range tables {
		wg.Go(func() {
			seq := 0
			for range per {
				var err error
				if seq, err = s.Append(ctx, fmt.Sprint("t", i), seq, log[seq%len(log)]); err != nil {
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
	appends := cputime.Used() - cpu0
	s = mustOpenWith(b, path, Options{})
	runtime.GC()
	var loads time.Duration
	for i := 0; b.Loop(); i++ {
		cpu0 := cputime.Used()
		if _, err := s.LoadTable(ctx, fmt.Sprint("t", i*7919%tables)); err != nil {
			b.Fatal(err)
		}
		loads += cputime.Used() - cpu0
	}
	b.ReportMetric(float64(appends)/float64(tables*per), "cpu-ns/append")
	b.ReportMetric(float64(loads)/float64(b.N), "cpu-ns/load")
}
