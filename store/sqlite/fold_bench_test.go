package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
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
