package server_test

import (
	"strings"
	"testing"

	"tabletop/games"
	"tabletop/server"
)

// TestPage_ResignOfferedOnlyWhereItCanBeDone: a seat's page offers to
// resign only where a bot can take the seat over. The game master's page
// and a player's of musi supa pona offered it, and every click was refused
// ("has no bot to play a resigned seat"); a duel's page still offers it.
func TestPage_ResignOfferedOnlyWhereItCanBeDone(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	msp := h.mustCreateMSP()
	for _, s := range msp.Seats {
		page := h.do("GET", s.URL, "", nil)
		if page.status != 200 || strings.Contains(page.body, "Yes, resign") {
			t.Errorf("musi supa pona, %s's page (%d) offers to resign, which is always refused", s.Name, page.status)
		}
	}
	var st struct {
		NoResign bool `json:"no_resign"`
	}
	decode(t, h.do("GET", "/api/tables/"+msp.ID, msp.Seats[1].Token, nil), &st)
	if !st.NoResign {
		t.Errorf("musi supa pona's API state lacks no_resign")
	}
	h2 := mustServer(t)
	duel := h2.mustCreate("3")
	if page := h2.do("GET", duel.Seats[0].URL, "", nil); !strings.Contains(page.body, "Yes, resign") {
		t.Errorf("a duel seat's page does not offer to resign:\n%s", page.body)
	}
}
