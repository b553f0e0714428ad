//go:build unix

package sqlite

import (
	"errors"
	"os"
	"syscall"
)

// lockFile opens (creating it, 0600) the file at path and takes an
// exclusive lock on it without waiting: ErrInUse if another open file holds
// it. The lock lasts until the file is closed, or the process ends.
func lockFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrInUse
		}
		return nil, err
	}
	return f, nil
}
