package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"tabletop/internal/duel"
	"tabletop/server"
	"tabletop/store"
)

// countingLoads is a store that counts the tables read back from it (a
// look-up that finds none reads nothing back).
type countingLoads struct {
	store.Store
	loads atomic.Int64
}

func (c *countingLoads) LoadTable(ctx context.Context, id string) (store.Table, error) {
	t, err := c.Store.LoadTable(ctx, id)
	if err == nil {
		c.loads.Add(1)
	}
	return t, err
}

// TestCreateTable_TheNewTableIsPlayedWithoutReadingItBack: a table made
// through the API goes into memory as it was made, not read back from the
// store, and it is the same table a server that reads it from the store
// sees: every seat's state, byte for byte, before and after moves.
func TestCreateTable_TheNewTableIsPlayedWithoutReadingItBack(t *testing.T) {
	h, st := mustServerWrapping(t, func(s store.Store) *countingLoads { return &countingLoads{Store: s} })
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
	// The count counts: a server that reads the table through it does.
	mustServer(t, func(c *server.Config) { c.Store = st }).mustState(c.ID, "")
	if st.loads.Load() == 0 {
		t.Error("a server that read the table from the counting store was not counted")
	}
}

// TestCreate_TablesMadeFromThePagesArePlayedWithoutReadingThemBack: the
// lobby's "play now" and the new-table form put the new table in memory as
// it was made, as the API does, and a table of bots only made from the
// form still waits for its first watcher: its bots play once a stream
// follows it, not before.
func TestCreate_TablesMadeFromThePagesArePlayedWithoutReadingThemBack(t *testing.T) {
	h, st := mustServerWrapping(t, func(s store.Store) *countingLoads { return &countingLoads{Store: s} })
	if r := h.follow(h.do("POST", "/play/duel", "", "")); r.status != http.StatusOK {
		t.Fatalf("the seat page of a table made with play now: %d\n%s", r.status, r.body)
	}
	if r := h.follow(h.postForm("/new/duel", url.Values{"seat0.who": {"person"}, "seat1.who": {"person"}})); r.status != http.StatusOK {
		t.Fatalf("the created page of a table made with the form: %d\n%s", r.status, r.body)
	}
	post := h.postForm("/new/duel", url.Values{"opt.rounds": {"3"}, "seat0.who": {"bot:random"}, "seat1.who": {"bot:random"}})
	if r := h.follow(post); r.status != http.StatusOK {
		t.Fatalf("the created page of a table of bots: %d\n%s", r.status, r.body)
	}
	id := strings.Split(post.header.Get("Location"), "/")[2] // /t/{id}/created?...

	// Unwatched and unpaced, the bots would play the 3 rounds in a few
	// milliseconds.
	time.Sleep(300 * time.Millisecond)
	if seq := h.mustState(id, "").Seq; seq != 0 {
		t.Fatalf("the bots made %d moves before their first watcher came", seq)
	}
	// readSSE gives up after 5 s, well within the wait (botAwait): the game
	// ends there only if the watcher ended the wait.
	evs, _ := h.readSSE("/api/tables/"+id+"/events", "", func(evs []sseEvent) bool {
		last := evs[len(evs)-1]
		return last.name == "state" && strings.Contains(last.data, `"over":true`)
	})
	if len(evs) == 0 || !strings.Contains(evs[len(evs)-1].data, `"over":true`) {
		t.Fatalf("watched, the bots did not play the game to its end: %d events", len(evs))
	}
	if n := st.loads.Load(); n != 0 {
		t.Errorf("the server that made the tables read them back from the store %d times, want 0", n)
	}
}
