package server_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabletop/games"
	"tabletop/server"
)

// mgtPage is what the MGT browser test reads from a table page.
type mgtPage struct {
	Seq     int      `json:"seq"`
	Buttons int      `json:"buttons"`
	Hand    []string `json:"hand"`  // the cards of the reader's hand
	Shown   []string `json:"shown"` // every other card drawn, but for past winners' hands and honest looks
	Phase   string   `json:"phase"`
	Ended   bool     `json:"ended"` // a round result is shown
	Piles   int      `json:"piles"` // cards on the discard pile
	Best    bool     `json:"best"`  // the hand has cards that count toward a pattern
}

const readMGT = `(() => {
	const s = document.querySelector('#state .status');
	const pile = document.querySelector('#mgt-pile-h small');
	if (document.readyState !== 'complete' || !s || !pile) return {seq: -1}; // loading (a form posted before htmx was ready)
	const names = sel => [...document.querySelectorAll(sel)].map(e => e.dataset.card);
	const ph = document.querySelector('#state .mgt-phase');
	return {
		seq: Number(s.dataset.seq),
		buttons: document.querySelectorAll('#state .actions button').length,
		hand: names('#state .mgt-hand > .mgt-sets [data-card]'),
		shown: [...document.querySelectorAll('#state [data-card]')]
			.filter(e => !e.closest('.mgt-result, .mgt-honest, .mgt-hand')).map(e => e.dataset.card),
		phase: ph ? ph.textContent : '',
		ended: !!document.querySelector('#state .mgt-result'),
		piles: parseInt(pile.textContent, 10),
		best: !!document.querySelector('#state .mgt-hand .counts'),
	};
})()`

// TestBrowser_TwoPeopleAndTwoBotsPlayAnMGTRound drives Chromium through one
// round of Monster Girl Taxonomy: the creator sets the table up in the
// lobby, Ann and Bo play from their invite links in two browser contexts by
// clicking legal-action buttons, and two greedy bots play on the server.
// Neither person's page ever shows a card of the other's hidden hand, and a
// reload mid-round resumes where it was.
//
// With TABLETOP_SCREENSHOT_MGT=FILE it saves a screenshot of Ann's page
// mid-round (docs/mgt-table.png is made that way).
func TestBrowser_TwoPeopleAndTwoBotsPlayAnMGTRound(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	chooser := rand.New(rand.NewPCG(3, 3)) // fixed: the same clicks every run

	creator := newTab(t, browser, "creator")
	creator.do(chromedp.Navigate(h.url + "/"))
	creator.waitJS(`!!document.querySelector('a[href="/new/mgt"]')`, "the lobby")
	creator.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('a[href="/new/mgt"]').click()`))
	creator.waitJS(`!!document.querySelector('input[name="opt.rounds"]')`, "the new-table form")
	evalJS[bool](creator, `(() => {
		const set = (name, v) => { document.querySelector('[name="' + name + '"]').value = v; };
		set('opt.rounds', '3');
		set('opt.claim_window', '150');
		set('seat0.name', 'Ann'); set('seat0.who', 'person');
		set('seat1.name', 'Bo'); set('seat1.who', 'person');
		set('seat2.name', 'Cy'); set('seat2.who', 'bot:greedy');
		set('seat3.name', 'Di'); set('seat3.who', 'bot:greedy');
		document.querySelector('main form').submit();
		return true;
	})()`)
	creator.waitJS(`document.querySelectorAll('a.invite').length === 2`, "the invite links")
	links := evalJS[[]string](creator, `[...document.querySelectorAll('a.invite, a.spectate')].map(a => a.getAttribute('href'))`)
	if len(links) != 3 {
		t.Fatalf("invite and spectator links: %v", links)
	}
	creator.do(chromedp.Navigate(h.url + links[2]))
	creator.waitJS(`!!document.querySelector('#state .mgt-players')`, "the spectator's page")

	ann, bo := newTab(t, browser, "Ann"), newTab(t, browser, "Bo")
	people := []*tab{ann, bo}
	for i, p := range people {
		p.do(chromedp.Navigate(h.url + links[i]))
		p.waitJS(`!!document.querySelector('#state .mgt-hand')`, "the table page")
	}

	// hands holds each person's hand as their own page last showed it; no
	// other page may draw those cards, but for past winners' hands and what
	// an honest card showed.
	hands := map[*tab][]string{}
	read := func(p *tab) mgtPage {
		t.Helper()
		st := evalJS[mgtPage](p, readMGT)
		for deadline := time.Now().Add(20 * time.Second); st.Seq < 0; st = evalJS[mgtPage](p, readMGT) {
			if time.Now().After(deadline) {
				t.Fatalf("%s's page did not finish loading", p.name)
			}
			time.Sleep(40 * time.Millisecond)
		}
		if p != creator {
			if len(st.Hand) == 0 {
				t.Fatalf("%s's page shows no hand", p.name)
			}
			hands[p] = st.Hand
		}
		for q, hand := range hands {
			if q == p {
				continue
			}
			for _, c := range st.Shown {
				for _, hc := range hand {
					if c == hc {
						t.Fatalf("%s's page shows %s, a card of %s's hidden hand (%v)", p.name, c, q.name, hand)
					}
				}
			}
		}
		return st
	}

	reloaded, screenshot, sawClaim := false, false, false
	clicks, start := 0, time.Now()
	for step := 0; ; step++ {
		if clicks > 2000 || time.Since(start) > 90*time.Second {
			t.Fatalf("no round ended after %d clicks in %v", clicks, time.Since(start).Round(time.Second))
		}
		read(creator)
		acted, ended := false, true
		for i, p := range people {
			st := read(p)
			ended = ended && st.Ended
			sawClaim = sawClaim || strings.Contains(st.Phase, "claim or pass")
			if st.Buttons == 0 {
				continue
			}
			if i == 0 && !screenshot && st.Piles >= 16 && st.Best {
				if path := os.Getenv("TABLETOP_SCREENSHOT_MGT"); path != "" {
					png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
					if err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(path, png, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				screenshot = true
			}
			// Any button will do: a random one, so that people also claim,
			// meld and attack, and rock-paper-scissors is not tied over and
			// over. A stale button (the table moved on) shows an error and
			// changes nothing; clickAction picks among the buttons shown at
			// the click.
			choice := chooser.IntN(st.Buttons)
			if !p.clickAction(choice) {
				continue // the buttons went away: the table moved on
			}
			clicks++
			p.waitJS(fmt.Sprintf(`Number(document.querySelector('#state .status').dataset.seq) > %d || !!document.querySelector('#flash .error')`, st.Seq), "the page to update after acting")
			read(p)
			acted = true
		}
		if ended {
			break
		}
		if step >= 5 && !reloaded {
			before := read(bo)
			bo.do(chromedp.Reload())
			bo.waitJS(`!!document.querySelector('#state .mgt-hand')`, "the reloaded page")
			if after := read(bo); after.Seq < before.Seq || len(after.Hand) == 0 {
				t.Fatalf("after the reload Bo's page is at seq %d with hand %v, before at %d", after.Seq, after.Hand, before.Seq)
			}
			reloaded = true
		}
		if !acted {
			time.Sleep(30 * time.Millisecond) // the bots' turns, or a page catching up
		}
	}
	if !reloaded {
		t.Fatalf("the round ended before Bo's page was reloaded")
	}
	if !screenshot && os.Getenv("TABLETOP_SCREENSHOT_MGT") != "" {
		t.Fatalf("no screenshot: Ann never had a choice with 16 discards on the pile and a pair in hand")
	}
	creator.waitJS(`!!document.querySelector('#state .mgt-result')`, "the round's result on the spectator's page")
	t.Logf("one round in %d clicks, %v; a person saw a claim window: %v", clicks, time.Since(start).Round(time.Millisecond), sawClaim)
}
