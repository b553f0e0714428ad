package server_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	"tabletop/engine"
	"tabletop/games"
	"tabletop/server"
)

// TestBrowser_NoPageScrollsSidewaysAt360Px opens, in Chromium 360 px wide,
// the lobby, the odds page, and for every game its new-table form, the
// invite links of a new table, its rules, its tools, and a table page with
// a game in progress (a person's seat, the game master's where the game
// has one, and the spectator's), and checks that none scrolls sideways.
func TestBrowser_NoPageScrollsSidewaysAt360Px(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	p := newTab(t, browser, "phone")
	p.do(chromedp.EmulateViewport(360, 740))
	pages := map[string]string{"the lobby": "/", "the odds": "/odds?expr=4d6kh3"}
	for _, g := range games.All() {
		info := g.Info()
		c := h.mustUnderway(info, 3)
		pages[info.ID+" (spectator)"] = c.URL
		pages[info.ID+" ("+c.Seats[0].Name+")"] = c.Seats[0].URL
		pages[info.ID+" ("+c.Seats[1].Name+")"] = c.Seats[1].URL
		pages[info.ID+"'s new-table form"] = "/new/" + info.ID
		pages[info.ID+"'s rules"] = "/games/" + info.ID + "/rules"
		created := "/t/" + c.ID + "/created?"
		for i, seat := range c.Seats {
			if i > 0 {
				created += "&"
			}
			created += "s=" + seat.Token
		}
		pages[info.ID+"'s invite links"] = created
		if tg, ok := g.(engine.Tooler); ok {
			for _, tool := range tg.Tools() {
				pages[info.ID+"'s "+tool.Name] = "/games/" + info.ID + "/tools/" + tool.Name
			}
		}
	}
	for what, url := range pages {
		p.do(chromedp.Navigate(h.url + url))
		p.waitJS(`document.readyState === 'complete'`, what)
		wide := evalJS[[]int](p, `[document.scrollingElement.scrollWidth, document.scrollingElement.clientWidth]`)
		if wide[0] > wide[1] {
			culprits := evalJS[[]string](p, `[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > document.scrollingElement.clientWidth + 1 && e.parentElement.getBoundingClientRect().right <= document.scrollingElement.clientWidth + 1).slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))`)
			t.Errorf("%s (%s) is %d px wide at %d px: it scrolls sideways; too wide: %v", what, url, wide[0], wide[1], culprits)
		}
	}
}

// mustUnderway creates a listed table of info's game, people in every seat
// (the first the game master's, if the game has one), and makes rounds
// rounds of moves: each seat whose turn it is takes its first legal action.
func (h *harness) mustUnderway(info engine.Info, rounds int) created {
	h.t.Helper()
	var seats []map[string]any
	for i := range max(info.MinSeats, min(4, info.MaxSeats)) {
		seats = append(seats, map[string]any{"name": []string{"Ann", "Bo", "Cy", "Dee"}[i] + " of the long name", "gm": info.GMSeat && i == 0})
	}
	r := h.do("POST", "/api/tables", "", map[string]any{"game": info.ID, "seats": seats, "listed": true})
	if r.status != http.StatusCreated {
		h.t.Fatalf("%s: create: %d %s", info.ID, r.status, r.body)
	}
	var c created
	decode(h.t, r, &c)
	for range rounds {
		for _, seat := range c.Seats {
			st := h.mustState(c.ID, seat.Token)
			// The first action that does not end the game (a game
			// master's "end", anyone's resignation).
			i := slices.IndexFunc(st.Legal, func(a legal) bool { return a.Kind != "end" && a.Kind != engine.KindResign })
			if st.MyTurn && i >= 0 {
				h.do("POST", "/api/tables/"+c.ID+"/actions", seat.Token, map[string]any{"kind": st.Legal[i].Kind, "action": st.Legal[i].Action})
			}
		}
	}
	if st := h.mustState(c.ID, ""); st.Seq == 0 || st.Over {
		h.t.Fatalf("%s: after %d moves, over %v: the game is not under way", info.ID, st.Seq, st.Over)
	}
	return c
}
