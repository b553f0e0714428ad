//go:build !unix

package sqlite

import "os"

// lockFile opens (creating it) the file at path. Without flock, nothing
// stops a second process here: one server per database is the operator's
// to keep.
func lockFile(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
}
