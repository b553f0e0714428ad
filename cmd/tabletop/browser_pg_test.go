package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabletop/engine"
	"tabletop/games/pmr"
	"tabletop/internal/browsertest"
	"tabletop/internal/pgtest"
	"tabletop/store/postgres"
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
	for step := 0; !playStep(t, pages, step); step++ {
		if step > 2000 {
			t.Fatal("the game did not finish")
		}
	}
	checkFinished(t, b.client, pages, tab.ID)
}

// pageRead is what the playing tests read of a table page: its log
// position, its number of action buttons, and 1 once it shows the seed.
const pageRead = `(() => {
	const s = document.querySelector('#state .status');
	return [s ? Number(s.dataset.seq) : -1, document.querySelectorAll('#state .actions button').length, document.querySelector('#state .seed') ? 1 : 0];
})()`

// playStep has each page whose seat may act click one of its buttons
// (picked by step), waits for its page to show the action and for the
// other page to follow live, and reports whether both pages show the game
// over.
func playStep(t *testing.T, pages []seatPage, step int) (over bool) {
	t.Helper()
	over, acted := true, false
	for i, p := range pages {
		st := eval[[]int](t, p, pageRead) // seq, buttons, seed shown
		over = over && st[2] == 1
		if st[1] == 0 {
			continue
		}
		eval[bool](t, p, fmt.Sprintf(`(document.querySelectorAll('#state .actions button')[%d].click(), true)`, (step+i)%st[1]))
		until(t, p, fmt.Sprintf(`Number(document.querySelector('#state .status').dataset.seq) > %d`, st[0]), "the page to update after acting")
		acted = true
		// The other page follows live.
		other := pages[1-i]
		seq := eval[[]int](t, p, pageRead)[0]
		until(t, other, fmt.Sprintf(`Number(document.querySelector('#state .status').dataset.seq) >= %d`, seq), "the other page to show the action")
	}
	if !acted && !over {
		time.Sleep(40 * time.Millisecond) // the bot's turn, or a page catching up
	}
	return over
}

// checkFinished checks that both pages show the same seed and that table
// id's export, from c, verifies with it.
func checkFinished(t *testing.T, c client, pages []seatPage, id string) {
	t.Helper()
	seeds := make([]string, len(pages))
	for i, p := range pages {
		seeds[i] = eval[string](t, p, `document.querySelector('#state .seed').textContent`)
	}
	if len(seeds[0]) != 64 || seeds[0] != seeds[1] {
		t.Fatalf("seeds on the pages: %q", seeds)
	}
	var x engine.Export
	c.do("GET", "/api/tables/"+id+"/export", "", nil, http.StatusOK, &x)
	if _, err := engine.Replay(pmr.Game, x); err != nil || !strings.EqualFold(x.Seed, seeds[0]) {
		t.Fatalf("the export does not verify (%v) or its seed %q is not the pages' %q", err, x.Seed, seeds[0])
	}
}

// TestBrowser_PlayersOfAKilledInstanceFinishOnTheOther: Ann and Bo play
// Pocket Monster Rancher (with a greedy bot, Cy) in the browser through a
// reverse proxy that sends them to instance A of two real tabletop
// binaries on one PostgreSQL database. Mid-game A is SIGKILLed and the
// proxy sends everyone to B, as a proxy's health check would: the pages
// reconnect by themselves, nothing A acknowledged is lost (the log stored
// at the kill is the beginning of the final one), and they play to the end
// on B, its bot included.
func TestBrowser_PlayersOfAKilledInstanceFinishOnTheOther(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	browser := browsertest.MustBrowser(t)
	dsn := pgtest.DSN(t)
	bin := filepath.Join(t.TempDir(), "tabletop")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	flags := []string{"--bot-lease", "1s", "--rate", "0", "--client-rate", "0", "--streams-per-client", "0"}
	pa, pb := startServe(t, bin, dsn, flags...), startServe(t, bin, dsn, flags...)
	var backend atomic.Pointer[url.URL]
	toA, err := url.Parse(pa.url)
	if err != nil {
		t.Fatal(err)
	}
	backend.Store(toA)
	proxy := httptest.NewServer(&httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(backend.Load())
			r.Out.Host = r.In.Host
		},
		FlushInterval: -1, // events as they come
		ErrorLog:      log.New(io.Discard, "", 0),
	})
	t.Cleanup(proxy.Close)
	c := client{t: t, url: proxy.URL}
	var tab tableCreated
	c.do("POST", "/api/tables", "", map[string]any{"game": "pmr", "options": map[string]string{"turns": "3"},
		"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy", "bot": "greedy"}}}, http.StatusCreated, &tab)
	var pages []seatPage
	for i, name := range []string{"Ann", "Bo"} {
		ctx, cancel := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		p := seatPage{name: name, ctx: ctx}
		if _, err := chromedp.Run(ctx, chromedp.Navigate(proxy.URL+"/t/"+tab.ID+"/s/"+tab.Seats[i].Token)); err != nil {
			t.Fatalf("%s: %v", p.name, err)
		}
		until(t, p, `!!document.querySelector('#state .status')`, "the table page")
		pages = append(pages, p)
	}
	step := 0
	for ; eval[[]int](t, pages[0], pageRead)[0] < 6; step++ {
		if playStep(t, pages, step) {
			t.Fatal("the game ended before the kill")
		}
	}
	st, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	acked := eval[[]int](t, pages[0], pageRead)[0]
	pa.kill()
	toB, err := url.Parse(pb.url)
	if err != nil {
		t.Fatal(err)
	}
	backend.Store(toB)
	stored, err := st.LoadTable(context.Background(), tab.ID)
	if err != nil || stored.Seq < acked {
		t.Fatalf("after the kill the database holds %d entries (%v); the pages had shown %d", stored.Seq, err, acked)
	}
	for ; !playStep(t, pages, step); step++ {
		if step > 2000 {
			t.Fatal("the game did not finish on B")
		}
	}
	checkFinished(t, c, pages, tab.ID)
	final, err := st.LoadTable(context.Background(), tab.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i := range stored.Seq {
		if a, b := fmt.Sprint(stored.Export.Log[i]), fmt.Sprint(final.Export.Log[i]); a != b {
			t.Fatalf("entry %d changed after the kill:\n%s\nnow\n%s", i+1, a, b)
		}
	}
}
