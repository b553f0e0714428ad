package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"tabletop/engine"
	"tabletop/internal/cputime"
	"tabletop/store/internal/codec"
	"tabletop/store/storetest"
)

// BenchmarkCommitAppends is the writer's commit of a batch of appends of
// one entry each, one to each of 17 or 50 tables (the server's batches
// at 50 tables hold about 17), the entries of a game of Pocket Monster
// Rancher. The batches are committed straight from the benchmark, the
// writer idle, and the journal folded every 4096 rows, as the writer
// would: none of the queueing and waking of BenchmarkStoreAppendTables,
// so that what a commit costs shows with less noise. It reports the
// process's CPU time per append (cpu-ns/append).
func BenchmarkCommitAppends(b *testing.B) {
	log := pmrLog(b)
	rows := make([][]string, len(log))
	for i, e := range log {
		var err error
		if rows[i], err = codec.Entries([]engine.Entry{e}); err != nil {
			b.Fatal(err)
		}
	}
	for _, tables := range []int{17, 50} {
		b.Run(fmt.Sprint(tables), func(b *testing.B) {
			s := mustOpenWith(b, filepath.Join(b.TempDir(), "t.db"), noFolds)
			ctx := context.Background()
			ids := make([]string, tables)
			for i := range ids {
				ids[i] = fmt.Sprint("t", i)
				storetest.MustTable(b, s, ids[i])
			}
			// The writer waits for the queue: the batches below are the
			// only writes.
			batch := make([]*write, tables)
			seq := 0
			for i := range batch {
				batch[i] = &write{ctx: ctx, reply: make(chan error, 1), fn: func(tx *sql.Tx) error {
					return s.appendTx(tx, ids[i], seq, rows[(i+seq)%len(rows)])
				}}
			}
			cpu0 := cputime.Used()
			for b.Loop() {
				s.commit(batch)
				for _, w := range batch {
					if err := <-w.reply; err != nil {
						b.Fatal(err)
					}
				}
				seq++
				if s.heads.rows >= 4096 {
					if err := s.fold(); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(cputime.Used()-cpu0)/float64(b.N*tables), "cpu-ns/append")
		})
	}
}
