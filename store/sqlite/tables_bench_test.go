//go:build unix

package sqlite_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/store/sqlite"
	"tabletop/store/storetest"
)

// BenchmarkStoreAppendTables is the server's pattern of writes: one client
// per table appending one entry at a time, each waiting for its append to
// commit before the next, at 50 and at 1000 tables. It reports the CPU time
// of the whole process per append (cpu-ns/op), which is what an append
// costs the server, as well as the wall time, and how many folds of the
// journal ran (folds). Their cost is in cpu-ns/op: the count starts at the
// first append, and Close, which folds what is left, is timed.
func BenchmarkStoreAppendTables(b *testing.B) {
	for _, tables := range []int{50, 1000} {
		b.Run(fmt.Sprint(tables), func(b *testing.B) {
			var folds atomic.Int64
			s := mustOpenBench(b, sqlite.Options{OnFold: func(int, time.Duration) { folds.Add(1) }})
			ctx := context.Background()
			entries := make([]engine.Entry, tables)
			for i := range tables {
				entries[i] = storetest.MustAct(b, storetest.MustTable(b, s, fmt.Sprint("t", i)), 0, duel.Guard)
			}
			var next atomic.Int64
			folds.Store(0)
			cpu0 := processCPU(b)
			b.ResetTimer()
			var wg sync.WaitGroup
			for i := range tables {
				wg.Go(func() {
					id := fmt.Sprint("t", i)
					for seq := 0; next.Add(1) <= int64(b.N); seq++ {
						if _, err := s.Append(ctx, id, seq, entries[i]); err != nil {
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
			b.ReportMetric(float64(processCPU(b)-cpu0)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(folds.Load()), "folds")
		})
	}
}

// processCPU is the CPU time this process has used, user and system.
func processCPU(tb testing.TB) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		tb.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
