package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabletop/engine"
	"tabletop/games"
	"tabletop/games/pmr"
	"tabletop/internal/browsertest"
	"tabletop/server"
)

// mustBrowser starts a headless Chromium (internal/browsertest).
func mustBrowser(t *testing.T) context.Context { return browsertest.MustBrowser(t) }

// tab is one page in its own browser context (its own cookies and storage).
type tab struct {
	t    *testing.T
	name string
	ctx  context.Context
}

func newTab(t *testing.T, browser context.Context, name string) *tab {
	ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1100, 900)); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return &tab{t: t, name: name, ctx: ctx}
}

func (b *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v", b.name, err)
	}
}

func evalJS[T any](b *tab, js string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		b.t.Fatalf("%s: evaluating %s: %v", b.name, js, err)
	}
	return v
}

// clickAction clears the page's flash and clicks its i-th action button,
// counted among the buttons shown at the click (i modulo their number: the
// page may have been redrawn by a stream event since it was read). It is
// false if no button is shown.
func (b *tab) clickAction(i int) bool {
	b.t.Helper()
	return evalJS[bool](b, fmt.Sprintf(`(() => {
		const bs = document.querySelectorAll('#state .actions button');
		if (bs.length === 0) return false;
		const f = document.querySelector('#flash');
		if (f) f.innerHTML = '';
		bs[%d %% bs.length].click();
		return true;
	})()`, i))
}

// clickLabel clicks the action button whose text starts with label, as
// the page shows at the click; false if there is none.
func (b *tab) clickLabel(label string) bool {
	b.t.Helper()
	return evalJS[bool](b, fmt.Sprintf(`(() => {
		const b = [...document.querySelectorAll('#state .actions button')].find(b => b.textContent.trim().startsWith(%q));
		if (!b) return false;
		b.click();
		return true;
	})()`, label))
}

// waitJS polls js until it is true, for at most 20 seconds.
func (b *tab) waitJS(js, what string) {
	b.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for time.Now().Before(deadline) {
		if ok, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](js)); err == nil && ok {
			return
		}
		time.Sleep(40 * time.Millisecond)
	}
	// Say what the page showed instead, so a failure on a busy machine
	// tells a slow page from a wrong one.
	title, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.title`))
	status, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`(document.querySelector('#state .status') || {}).textContent || ''`))
	b.t.Fatalf("%s: timed out waiting for %s (title %q, status %q)", b.name, what, title, status)
}

// pageState is what the test reads from a table page.
type pageState struct {
	Seq     int      `json:"seq"`
	Status  string   `json:"status"`
	Buttons []string `json:"buttons"`
	HTML    string   `json:"html"`
	Log     int      `json:"log"`
	Over    bool     `json:"over"`
	Match   bool     `json:"match"`
}

const readPage = `(() => {
	const s = document.querySelector('#state .status');
	return {
		seq: s ? Number(s.dataset.seq) : -1,
		status: s ? s.textContent : '',
		buttons: [...document.querySelectorAll('#state .actions button')].map(b => b.textContent),
		html: document.documentElement.outerHTML,
		log: document.querySelectorAll('#log li').length,
		over: !!document.querySelector('#state .seed'),
		match: !!document.querySelector('.tournament .match'),
	};
})()`

// TestBrowser_TwoPeopleAndABotPlayPMRToTheEnd drives Chromium through a whole
// short Pocket Monster Rancher game: the creator sets the table up in the
// lobby, Ann and Bo play from their invite links in two browser contexts, a
// greedy bot plays Cy on the server. Neither person's page ever shows the
// other's sealed choices, a reload mid-game resumes where it was, and at the
// end both pages show the seed and the export verifies.
//
// With TABLETOP_SCREENSHOT=FILE it saves a screenshot of Ann's page during
// the tournament (docs/table.png is made that way).
func TestBrowser_TwoPeopleAndABotPlayPMRToTheEnd(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })

	// The creator sets up the table in the lobby.
	creator := newTab(t, browser, "creator")
	creator.do(chromedp.Navigate(h.url + "/"))
	creator.waitJS(`!!document.querySelector('a[href="/new/pmr"]')`, "the lobby")
	creator.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('a[href="/new/pmr"]').click()`))
	creator.waitJS(`!!document.querySelector('input[name="opt.turns"]')`, "the new-table form")
	evalJS[bool](creator, `(() => {
		const set = (name, v) => { document.querySelector('[name="' + name + '"]').value = v; };
		set('opt.turns', '3');
		set('seat0.name', 'Ann'); set('seat0.who', 'person');
		set('seat1.name', 'Bo'); set('seat1.who', 'person');
		set('seat2.name', 'Cy'); set('seat2.who', 'bot:greedy');
		document.querySelector('main form').submit();
		return true;
	})()`)
	creator.waitJS(`document.querySelectorAll('a.invite').length === 2`, "the invite links")
	links := evalJS[[]string](creator, `[...document.querySelectorAll('a.invite, a.spectate')].map(a => a.getAttribute('href'))`)
	if len(links) != 3 {
		t.Fatalf("invite and spectator links: %v", links)
	}
	creator.do(chromedp.Navigate(h.url + links[2])) // the creator watches
	creator.waitJS(`!!document.querySelector('#state .status')`, "the spectator's page")

	ann, bo := newTab(t, browser, "Ann"), newTab(t, browser, "Bo")
	people := []*tab{ann, bo}
	for i, p := range people {
		p.do(chromedp.Navigate(h.url + links[i]))
		p.waitJS(`!!document.querySelector('#state .status')`, "the table page")
	}

	// Everything the pages showed before the end, to check for the seed.
	var shown []string
	forbidden := map[*tab][]string{
		ann:     {"Bo seals:", "Cy seals:"},
		bo:      {"Ann seals:", "Cy seals:"},
		creator: {"Ann seals:", "Bo seals:", "Cy seals:", "Your sealed choice"},
	}
	check := func(p *tab) pageState {
		t.Helper()
		st := evalJS[pageState](p, readPage)
		for _, bad := range forbidden[p] {
			if strings.Contains(st.HTML, bad) {
				t.Fatalf("%s's page shows %q: another seat's sealed choice", p.name, bad)
			}
		}
		if !st.Over {
			shown = append(shown, st.HTML)
		}
		return st
	}

	reloaded, screenshot, sawWaiting := false, false, false
	deadline := time.Now().Add(90 * time.Second)
	for step := 0; ; step++ {
		if step > 400 || time.Now().After(deadline) {
			t.Fatalf("the game did not finish in %d steps", step)
		}
		check(creator)
		acted, over := false, true
		for i, p := range people {
			st := check(p)
			over = over && st.Over
			if len(st.Buttons) == 0 {
				continue
			}
			if st.Match && !screenshot && i == 0 {
				if path := os.Getenv("TABLETOP_SCREENSHOT"); path != "" {
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
			// A button from every kind in turn, so the game sees captures,
			// training, breeding, entries and contests.
			choice := (step + i) % len(st.Buttons)
			if !p.clickAction(choice) {
				continue
			}
			p.waitJS(fmt.Sprintf(`Number(document.querySelector('#state .status').dataset.seq) > %d`, st.Seq), "the page to update after acting")
			after := check(p)
			if strings.Contains(after.Status, "Waiting for") {
				sawWaiting = true
			}
			acted = true
		}
		if over {
			break
		}
		if step >= 2 && !reloaded {
			before := check(bo)
			bo.do(chromedp.Reload())
			bo.waitJS(`!!document.querySelector('#state .status')`, "the reloaded page")
			bo.waitJS(fmt.Sprintf(`document.querySelectorAll('#log li').length >= %d`, before.Log), "the log after the reload")
			after := check(bo)
			if after.Seq < before.Seq || after.Log < before.Log {
				t.Fatalf("after the reload Bo's page is at seq %d with %d log lines, before at %d with %d", after.Seq, after.Log, before.Seq, before.Log)
			}
			reloaded = true
		}
		if !acted {
			time.Sleep(40 * time.Millisecond) // the bot's turn, or a page catching up
		}
	}
	if !reloaded || !screenshot || !sawWaiting {
		t.Fatalf("the game was too short to test everything: reloaded %v, tournament match seen %v, waiting seen %v", reloaded, screenshot, sawWaiting)
	}

	// The end: the seed is on every page, and the export verifies.
	creator.waitJS(`!!document.querySelector('#state .seed')`, "the seed on the spectator's page")
	seed := evalJS[string](ann, `document.querySelector('#state .seed').textContent`)
	if len(seed) != 64 {
		t.Fatalf("seed on the page: %q", seed)
	}
	id := strings.Split(links[2], "/")[2]
	r := h.do("GET", "/t/"+id+"/export", "", nil)
	if r.status != http.StatusOK {
		t.Fatalf("export: %d %s", r.status, r.body)
	}
	var x engine.Export
	if err := json.Unmarshal([]byte(r.body), &x); err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Replay(pmr.Game, x); err != nil || x.Seed != seed {
		t.Fatalf("the export does not verify (%v) or its seed %q is not the page's %q", err, x.Seed, seed)
	}
	for _, html := range shown {
		if strings.Contains(html, seed) {
			t.Fatalf("a page showed the seed before the end")
		}
	}
}
