package server_test

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabletop/dice"
	"tabletop/games"
	"tabletop/server"
)

// TestBrowser_PlayNowFromTheLobbyToTheEnd drives Chromium from the lobby's
// "Play now against bots" button for Pocket Monster Rancher to the end of a
// whole standard game: one click to a running table, then the person picks
// actions until the seed is revealed.
func TestBrowser_PlayNowFromTheLobbyToTheEnd(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	p := newTab(t, browser, "player")
	p.do(chromedp.Navigate(h.url + "/"))
	p.waitJS(`!!document.querySelector('form[action="/play/pmr"] button')`, "the lobby's Play now button")
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('form[action="/play/pmr"] button').click()`))
	p.waitJS(`!!document.querySelector('#state .status') && location.pathname.includes('/s/')`, "the seat's page")
	if you := evalJS[string](p, `document.querySelector('strong.you').textContent`); you != "Player" {
		t.Fatalf("the page after one click plays %q, want the person's seat", you)
	}
	deadline := time.Now().Add(100 * time.Second)
	for step := 0; ; step++ {
		if step > 1000 || time.Now().After(deadline) {
			t.Fatalf("the game did not finish in %d steps", step)
		}
		// A click before htmx has loaded posts the form natively: the page
		// is then between two documents for a moment.
		st, err := chromedp.Run(p.ctx, chromedp.Evaluate[pageState](`document.readyState === 'complete' && document.documentElement ? `+readPage+` : {seq: -1}`))
		if err != nil || st.Seq < 0 {
			time.Sleep(40 * time.Millisecond)
			continue
		}
		if st.Over {
			break
		}
		if len(st.Buttons) == 0 {
			time.Sleep(40 * time.Millisecond) // the bots' turn
			continue
		}
		if !p.clickAction(step) {
			continue
		}
		p.waitJS(fmt.Sprintf(`Number(document.querySelector('#state .status').dataset.seq) > %d`, st.Seq), "the page to update after acting")
	}
	if seed := evalJS[string](p, `document.querySelector('#state .seed').textContent`); len(seed) != 64 {
		t.Fatalf("the seed at the end: %q", seed)
	}
}

// TestBrowser_OddsPageShowsTheExactNumbers opens the odds page in Chromium
// at 360 px wide: the SVG chart has a bar for every row, every row's
// numbers are the dice package's layout (which tabletop odds prints), and
// nothing scrolls sideways.
func TestBrowser_OddsPageShowsTheExactNumbers(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t)
	p := newTab(t, browser, "odds")
	p.do(chromedp.EmulateViewport(360, 740))
	for _, expr := range []string{"4d6kh3", "5d6!>=4", "d10001"} {
		p.do(chromedp.Navigate(h.url + "/"))
		p.waitJS(`!!document.querySelector('header a.nav')`, "the lobby")
		p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('header a.nav').click()`))
		p.waitJS(`!!document.querySelector('input[name="expr"]')`, "the odds form")
		evalJS[bool](p, fmt.Sprintf(`(document.querySelector('input[name="expr"]').value = %q, document.querySelector('.odds-form').submit(), true)`, expr))
		p.waitJS(`!!document.querySelector('.odds-table tbody tr')`, "the distribution")
		rows := evalJS[[][]string](p, `[...document.querySelectorAll('.odds-table tbody tr')].map(tr => [...tr.cells].slice(0, 4).map(td => td.textContent))`)
		bars := evalJS[int](p, `document.querySelectorAll('svg.odds-chart rect').length`)
		wide := evalJS[int](p, `document.documentElement.scrollWidth`)
		e, err := dice.Parse(expr)
		if err != nil {
			t.Fatal(err)
		}
		d, err := e.Dist()
		if err != nil {
			t.Fatal(err)
		}
		l := d.Layout(dice.LayoutRows, dice.LayoutHideP)
		if len(rows) != len(l.Rows) || bars != len(l.Rows) {
			t.Fatalf("%s: %d rows and %d bars on the page, want %d", expr, len(rows), bars, len(l.Rows))
		}
		for i, r := range l.Rows {
			label := fmt.Sprint(r.Lo)
			if r.Hi != r.Lo {
				label = fmt.Sprintf("%d..%d", r.Lo, r.Hi)
			}
			want := []string{label, dice.Percent(r.P), dice.Percent(r.AtLeast), dice.Percent(r.AtMost)}
			if strings.Join(rows[i], " ") != strings.Join(want, " ") {
				t.Fatalf("%s row %d: the page shows %v, want %v", expr, i, rows[i], want)
			}
		}
		if wide > 360 {
			t.Errorf("%s: the odds page is %d px wide at 360 px: it scrolls sideways", expr, wide)
		}
	}
	// With TABLETOP_ODDS_SCREENSHOT=FILE, a screenshot of the page for
	// 4d6kh3 at 900 px (docs/odds.png is made that way).
	if path := os.Getenv("TABLETOP_ODDS_SCREENSHOT"); path != "" {
		p.do(chromedp.EmulateViewport(900, 700), chromedp.Navigate(h.url+"/odds?expr=4d6kh3"))
		p.waitJS(`!!document.querySelector('svg.odds-chart')`, "the chart")
		png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
