package sqlite

import (
	"path/filepath"
	"testing"
)

// TestWriter_KeepsAPageCacheForAThousandTables: the writer's connection
// keeps writerCacheKiB of pages, not SQLite's default 2 MiB, which held too
// few of a thousand tables' last pages.
func TestWriter_KeepsAPageCacheForAThousandTables(t *testing.T) {
	s, err := Open(filepath.Join(t.TempDir(), "t.db"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var n int
	if err := s.wdb.QueryRow("PRAGMA cache_size").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != -writerCacheKiB || writerCacheKiB < 16<<10 {
		t.Fatalf("the writer's cache_size is %d, want %d (KiB, at least 16 MiB)", n, -writerCacheKiB)
	}
}
