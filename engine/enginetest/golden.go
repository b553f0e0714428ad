package enginetest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// CompareGolden compares got with the golden file testdata/name of the
// package under test, reporting the first line that differs, or, when
// update is set (a package's -update flag), rewrites the file.
func CompareGolden(tb testing.TB, name, got string, update bool) {
	tb.Helper()
	path := filepath.Join("testdata", name)
	if update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			tb.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tb.Fatalf("%v (run go test -update to create it)", err)
	}
	if got == string(want) {
		return
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	for i := range min(len(gl), len(wl)) {
		if gl[i] != wl[i] {
			tb.Fatalf("%s differs at line %d:\n got: %s\nwant: %s\n(run go test -update if the change is intended)", path, i+1, gl[i], wl[i])
		}
	}
	tb.Fatalf("%s differs in length: %d lines, want %d", path, len(gl), len(wl))
}
