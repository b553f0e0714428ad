package main

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabletop/engine"
	"tabletop/games/pmr"
	"tabletop/internal/browsertest"
	"tabletop/internal/pgtest"
)

// seatPage is a table page in a browser context of its own.
type seatPage struct {
	name string
	ctx  context.Context
}

// eval runs js on p and returns its value, failing t on error.
func eval[T any](t *testing.T, p seatPage, js string) T {
	t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		t.Fatalf("%s: %s: %v", p.name, js, err)
	}
	return v
}

// until polls js on p until it is true, for at most 20 seconds.
func until(t *testing.T, p seatPage, js, what string) {
	t.Helper()
	for start := time.Now(); time.Since(start) < 20*time.Second; time.Sleep(40 * time.Millisecond) {
		if ok, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](js)); err == nil && ok {
			return
		}
	}
	t.Fatalf("%s: timed out waiting for %s", p.name, what)
}

// TestBrowser_PeopleOnTwoInstancesPlayPMRToTheEnd is issue 20's browser
// test: Ann's browser is connected to one instance, Bo's to another, both
// on one PostgreSQL database, and a greedy bot plays Cy. They play a short
// Pocket Monster Rancher game to the end, each page following the other
// player's actions live; at the end both show the seed and the export
// verifies.
func TestBrowser_PeopleOnTwoInstancesPlayPMRToTheEnd(t *testing.T) {
	browser := browsertest.MustBrowser(t)
	dsn := pgtest.DSN(t)
	a, b := startInstance(t, dsn, 0), startInstance(t, dsn, 0)
	var tab tableCreated
	a.do("POST", "/api/tables", "", map[string]any{"game": "pmr", "options": map[string]string{"turns": "3"},
		"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy", "bot": "greedy"}}}, http.StatusCreated, &tab)
	var pages []seatPage
	for i, in := range []instance{a, b} {
		ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		p := seatPage{name: []string{"Ann on A", "Bo on B"}[i], ctx: ctx}
		if _, err := chromedp.Run(ctx, chromedp.Navigate(in.url+"/t/"+tab.ID+"/s/"+tab.Seats[i].Token)); err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		until(t, p, `!!document.querySelector('#state .status')`, "the table page")
		pages = append(pages, p)
	}
	const read = `(() => {
		const s = document.querySelector('#state .status');
		return [s ? Number(s.dataset.seq) : -1, document.querySelectorAll('#state .actions button').length, document.querySelector('#state .seed') ? 1 : 0];
	})()`
	deadline := time.Now().Add(90 * time.Second)
	for step := 0; ; step++ {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not finish in 90s (%d steps)", step)
		}
		over, acted := true, false
		for i, p := range pages {
			st := eval[[]int](t, p, read) // seq, buttons, seed shown
			over = over && st[2] == 1
			if st[1] == 0 {
				continue
			}
			eval[bool](t, p, fmt.Sprintf(`(document.querySelectorAll('#state .actions button')[%d].click(), true)`, (step+i)%st[1]))
			until(t, p, fmt.Sprintf(`Number(document.querySelector('#state .status').dataset.seq) > %d`, st[0]), "the page to update after acting")
			acted = true
			// The other page, on the other instance, follows live.
			other := pages[1-i]
			seq := eval[[]int](t, p, read)[0]
			until(t, other, fmt.Sprintf(`Number(document.querySelector('#state .status').dataset.seq) >= %d`, seq), "the other instance's page to show the action")
		}
		if over {
			break
		}
		if !acted {
			time.Sleep(40 * time.Millisecond) // the bot's turn, or a page catching up
		}
	}
	seeds := make([]string, len(pages))
	for i, p := range pages {
		seeds[i] = eval[string](t, p, `document.querySelector('#state .seed').textContent`)
	}
	if len(seeds[0]) != 64 || seeds[0] != seeds[1] {
		t.Fatalf("seeds on the pages: %q", seeds)
	}
	var x engine.Export
	b.do("GET", "/api/tables/"+tab.ID+"/export", "", nil, http.StatusOK, &x)
	if _, err := engine.Replay(pmr.Game, x); err != nil || !strings.EqualFold(x.Seed, seeds[0]) {
		t.Fatalf("the export does not verify (%v) or its seed %q is not the pages' %q", err, x.Seed, seeds[0])
	}
}
