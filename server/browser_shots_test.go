package server_test

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"tabletop/games"
	"tabletop/server"
)

// screenshots are the README's pictures: a table page of each game (under
// way, as one of its players sees it) and the odds page, by file name.
var screenshots = map[string]string{
	"pmr": "table.png", "mgt": "mgt-table.png", "prophecy": "prophecy-table.png", "msp": "msp-table.png", "tmd": "tmd-table.png", "odds": "odds.png",
}

// TestBrowser_ScreenshotsOfEveryGameAndTheOddsPage takes the README's
// screenshots in Chromium, 900 px wide: each is a PNG under 200 KB. With
// TABLETOP_SCREENSHOTS=DIR it writes them there; the README's are made with
//
//	TABLETOP_REQUIRE_BROWSER=1 TABLETOP_SCREENSHOTS=$PWD/docs go test ./server/ -run Screenshots
func TestBrowser_ScreenshotsOfEveryGameAndTheOddsPage(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	p := newTab(t, browser, "camera")
	p.do(chromedp.EmulateViewport(900, 1000))
	pages := map[string]string{"odds": "/odds?expr=4d6kh3"}
	for _, g := range games.All() {
		info := g.Info()
		if _, ok := screenshots[info.ID]; !ok {
			continue
		}
		c := h.mustUnderway(info, 8)
		seat := c.Seats[0]
		if info.GMSeat {
			seat = c.Seats[1] // a player's page, not the game master's
		}
		pages[info.ID] = seat.URL
	}
	dir := os.Getenv("TABLETOP_SCREENSHOTS")
	for id, file := range screenshots {
		url, ok := pages[id]
		if !ok {
			t.Errorf("no page of %s to take %s of: is the game registered?", id, file)
			continue
		}
		p.do(chromedp.Navigate(h.url + url))
		p.waitJS(`document.readyState === 'complete' && !!document.querySelector('main h1')`, id)
		shot, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(shot))
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if b := img.Bounds(); b.Dx() != 900 || len(shot) >= 200<<10 {
			t.Errorf("%s: %d px wide, %d KB; want 900 px and under 200 KB", file, b.Dx(), len(shot)>>10)
		}
		if dir != "" {
			if err := os.WriteFile(filepath.Join(dir, file), shot, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}
