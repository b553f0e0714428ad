package server_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabletop/games"
	"tabletop/server"
)

// TestBrowser_ASecondBrowserJoinsAnOpenSeatFromTheLobbyAndPlays drives two
// Chromium contexts: Ann sets up a short Pocket Monster Rancher table with
// her seat, a seat open to anyone and a greedy bot; a second person finds
// the table in the lobby, clicks Join, chooses the name Dee, lands on the
// seat, and the two play the game to the end. Ann's page shows Dee's name.
func TestBrowser_ASecondBrowserJoinsAnOpenSeatFromTheLobbyAndPlays(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })

	ann := newTab(t, browser, "Ann")
	ann.do(chromedp.Navigate(h.url + "/new/pmr"))
	ann.waitJS(`!!document.querySelector('input[name="opt.turns"]')`, "the new-table form")
	evalJS[bool](ann, `(() => {
		const set = (name, v) => { document.querySelector('[name="' + name + '"]').value = v; };
		set('opt.turns', '3');
		set('seat0.name', 'Ann'); set('seat0.who', 'person');
		set('seat1.name', ''); set('seat1.who', 'open');
		set('seat2.name', 'Cy'); set('seat2.who', 'bot:greedy');
		document.querySelector('main form').submit();
		return true;
	})()`)
	ann.waitJS(`document.querySelectorAll('a.invite').length === 1 && !!document.querySelector('a.join')`, "one invite link and the open seat")
	ann.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('a.invite').click()`))
	ann.waitJS(`!!document.querySelector('#state .status') && location.pathname.includes('/s/')`, "Ann's seat")
	if st := evalJS[pageState](ann, readPage); len(st.Buttons) != 0 || !strings.Contains(st.Status, "Waiting for 1 more player to join") {
		t.Fatalf("before the table is full Ann's page offers %d actions, says %q; want none and that it waits for a player", len(st.Buttons), st.Status)
	}

	dee := newTab(t, browser, "Dee")
	dee.do(chromedp.Navigate(h.url + "/"))
	dee.waitJS(`!!document.querySelector('form.join button')`, "the lobby's Join button")
	dee.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('form.join button').click()`))
	dee.waitJS(`!!document.querySelector('.join-form input[name="name"]')`, "the join form")
	evalJS[bool](dee, `(document.querySelector('.join-form input[name="name"]').value = 'Dee', document.querySelector('.join-form').submit(), true)`)
	dee.waitJS(`!!document.querySelector('#state .status') && location.pathname.includes('/s/')`, "Dee's seat")
	if you := evalJS[string](dee, `document.querySelector('strong.you').textContent`); you != "Dee" {
		t.Fatalf("the joiner's page plays %q, want Dee", you)
	}
	// Ann's page learns live that the table is full and the game starts.
	ann.waitJS(`document.querySelector('#state .seats').textContent.includes('Dee') && !document.querySelector('#state .status').textContent.includes('to join')`, "Dee's name on Ann's page")

	people := []*tab{ann, dee}
	deadline := time.Now().Add(90 * time.Second)
	played := map[*tab]int{}
	for step := 0; ; step++ {
		if step > 600 || time.Now().After(deadline) {
			t.Fatalf("the game did not finish in %d steps", step)
		}
		acted, over := false, true
		for i, p := range people {
			st, err := chromedp.Run(p.ctx, chromedp.Evaluate[pageState](`document.readyState === 'complete' ? `+readPage+` : {seq: -1}`))
			if err != nil || st.Seq < 0 {
				over = false
				continue
			}
			over = over && st.Over
			if len(st.Buttons) == 0 {
				continue
			}
			if !p.clickAction(step + i) {
				over = false
				continue
			}
			p.waitJS(fmt.Sprintf(`Number(document.querySelector('#state .status')?.dataset.seq) > %d`, st.Seq), "the page to update after acting")
			played[p]++
			acted = true
		}
		if over {
			break
		}
		if !acted {
			time.Sleep(40 * time.Millisecond)
		}
	}
	if played[ann] == 0 || played[dee] == 0 {
		t.Fatalf("moves made: Ann %d, Dee %d; want both to play", played[ann], played[dee])
	}
}
