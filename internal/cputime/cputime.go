// Package cputime reads the CPU time this process has used: what loadgen
// reports for a server it started itself, and what benchmarks report per
// operation where the work is spread over goroutines (a store's writer,
// the server's bots and streams) that a benchmark's own time misses.
package cputime

import "time"

// Used is Process for a benchmark's report: 0 where the time cannot be
// read.
func Used() time.Duration {
	d, _ := Process()
	return d
}
