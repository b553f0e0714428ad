package server_test

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"

	"tabletop/internal/duel"
	"tabletop/server"
	"tabletop/store"
)

// countingLoads is a store that counts the tables read back from it.
type countingLoads struct {
	store.Store
	loads atomic.Int64
}

func (c *countingLoads) LoadTable(ctx context.Context, id string) (store.Table, error) {
	c.loads.Add(1)
	return c.Store.LoadTable(ctx, id)
}

// TestCreateTable_TheNewTableIsPlayedWithoutReadingItBack: a table made
// through the API goes into memory as it was made, not read back from the
// store, and it is the same table a server that reads it from the store
// sees: every seat's state, byte for byte, before and after moves.
func TestCreateTable_TheNewTableIsPlayedWithoutReadingItBack(t *testing.T) {
	var st *countingLoads
	h := mustServer(t, func(c *server.Config) {
		st = &countingLoads{Store: c.Store}
		c.Store = st
	})
	c := h.mustCreate("3")
	same := func(when string) {
		t.Helper()
		// A server started now on the same database reads the table from
		// the store.
		other := mustServer(t, func(c *server.Config) { c.Store = st.Store })
		for i, seat := range c.Seats {
			mine := h.do("GET", "/api/tables/"+c.ID, seat.Token, nil)
			stored := other.do("GET", "/api/tables/"+c.ID, seat.Token, nil)
			if mine.status != http.StatusOK || mine.body != stored.body {
				t.Fatalf("%s, seat %d's state on the server that made the table (%d):\n%s\nread from the store (%d):\n%s", when, i, mine.status, mine.body, stored.status, stored.body)
			}
		}
	}
	same("at the start")
	h.mustAct(c.ID, c.Seats[0].Token, duel.Attack)
	h.mustAct(c.ID, c.Seats[1].Token, duel.Guard)
	same("after a round")
	if n := st.loads.Load(); n != 0 {
		t.Errorf("the server that made the table read it back from the store %d times, want 0", n)
	}
}
