package server

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"tabletop/store"
)

// countCreation counts one table created by client in the store shared by
// every instance (store.CreationCounter), so that the caps per client and
// in total hold across instances, or says which cap is reached.
func (s *Server) countCreation(ctx context.Context, cc store.CreationCounter, client string) error {
	if s.perClient <= 0 && s.perHour <= 0 {
		return nil
	}
	err := cc.CountCreation(ctx, client, s.now(), s.perClient, s.perHour)
	switch {
	case errors.Is(err, store.ErrClientCap):
		return s.tooManyTables()
	case errors.Is(err, store.ErrTotalCap):
		return s.serverFull()
	}
	return err
}

// tooManyTables is the refusal of a table past the cap per client.
func (s *Server) tooManyTables() error {
	s.metrics.limited.WithLabelValues("tables_per_client").Inc()
	return errorf(http.StatusTooManyRequests, "too_many_tables",
		fmt.Sprintf("you have created %d tables in the last hour, the most one address may: play those, or try again later", s.perClient))
}

// serverFull is the refusal of a table past the cap in total.
func (s *Server) serverFull() error {
	s.metrics.limited.WithLabelValues("tables_total").Inc()
	return errorf(http.StatusServiceUnavailable, "server_full",
		fmt.Sprintf("the server has opened %d tables in the last hour, the most it takes: try again later", s.perHour))
}
