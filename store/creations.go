package store

import (
	"context"
	"errors"
	"time"
)

// The errors CreationCounter.CountCreation returns, one per cap, so that
// the caller can say which cap was reached; test them with errors.Is.
var (
	// ErrClientCap says the client has created its most tables in the
	// last hour.
	ErrClientCap = errors.New("store: the client has created the most tables it may in an hour")
	// ErrTotalCap says all clients together have created the most tables
	// in the last hour.
	ErrTotalCap = errors.New("store: the most tables that may be created in an hour have been")
)

// CreationWindow is the window the table-creation caps count over.
const CreationWindow = time.Hour

// CreationCounter is a Store shared by several server instances that counts
// table creations, so that the caps on them hold across all the instances
// rather than per instance.
type CreationCounter interface {
	// CountCreation counts one table created by client at now, unless
	// client has created perClient tables in the CreationWindow before
	// now (ErrClientCap) or everybody together has created total
	// (ErrTotalCap); a refused creation is not counted. A cap of 0 or
	// less is no cap. Of creations racing on several instances, no more
	// than the caps are counted.
	CountCreation(ctx context.Context, client string, now time.Time, perClient, total int) error
}
