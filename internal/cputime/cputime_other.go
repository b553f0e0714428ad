//go:build !unix

package cputime

import (
	"errors"
	"time"
)

// Process returns the CPU time this process has used so far; it is not
// read here (not unix), and Process says so with errors.ErrUnsupported.
func Process() (time.Duration, error) {
	return 0, errors.ErrUnsupported
}
