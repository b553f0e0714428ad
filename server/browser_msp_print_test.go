package server_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"tabletop/games"
	"tabletop/server"
)

// pdfPage matches a page object of a PDF file (not the /Pages tree).
var pdfPage = regexp.MustCompile(`/Type\s*/Page\b[^s]`)

// TestBrowser_MSPCharacterSheetPrintsAlone prints musi supa pona table
// pages in Chromium: a player's page prints as their own character sheet
// alone, on one sheet of paper across its width (stats with their rolls,
// experience, inventory, coins, notes), and the GM's as every character's
// sheet, one to a page; nothing else of the page (the action line, the
// GM's screen, the log, the other players' cards) is printed.
func TestBrowser_MSPCharacterSheetPrintsAlone(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	c := h.mustCreateMSP()
	say := func(seat int, text string) { h.mustSay(c, seat, text) }
	say(1, "create Ann / elf / ranger / chaotic good / hunter")
	say(2, "create Bo / dwarf / smith / lawful good / smith")
	say(0, "give Short sword to Ann: from the armoury")
	say(0, "note: the innkeeper is the thief")
	say(1, "notes: owes the innkeeper a silver")

	for _, tt := range []struct {
		seat  int
		pages int
		want  []string
		never []string
	}{
		{seat: 1, pages: 1,
			want:  []string{"Ann played by Ann", "elf ranger, chaotic good, hunter", "Strength", "d20 ", "Experience 0", "Inventory: 1250 of", "Short sword", "platinum", "owes the innkeeper a silver"},
			never: []string{"Bo played by Bo", "Action", "Do it", "The GM", "makes Ann"}},
		{seat: 0, pages: 2,
			want:  []string{"Ann played by Ann", "Bo played by Bo", "Short sword", "Inventory: 50 of", "owes the innkeeper a silver"},
			never: []string{"the innkeeper is the thief", "Action", "Do it", "The book", "Cave rat", "makes Ann"}},
	} {
		name := c.Seats[tt.seat].Name
		p := newTab(t, browser, name)
		p.do(chromedp.Navigate(h.url + "/t/" + c.ID + "/s/" + c.Seats[tt.seat].Token))
		p.waitJS(`!!document.querySelector('#state .msp-players') && document.body.innerText.includes('owes the innkeeper a silver')`, "the table page with Ann's notes")
		pdf, err := chromedp.Run(p.ctx, func(ctx context.Context, tg *chromedp.Target) ([]byte, error) {
			res, err := cdp.Call(ctx, tg, page.PrintToPDF, page.PrintToPDFParams{})
			return res.Data, err
		})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(pdfPage.FindAll(pdf, -1)); n != tt.pages {
			t.Errorf("%s's page prints on %d sheets of paper, want %d", name, n, tt.pages)
		}
		// The same page under print media: what is rendered is what prints.
		if _, err := chromedp.Run(p.ctx, func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
			_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
			return chromedp.Void{}, err
		}); err != nil {
			t.Fatal(err)
		}
		printed := strings.Join(strings.Fields(evalJS[string](p, `document.body.innerText`)), " ")
		for _, w := range tt.want {
			if !strings.Contains(printed, w) {
				t.Errorf("%s's printed page lacks %q:\n%s", name, w, printed)
			}
		}
		for _, w := range tt.never {
			if strings.Contains(printed, w) {
				t.Errorf("%s's printed page shows %q, which is not on a character sheet:\n%s", name, w, printed)
			}
		}
		if ok := evalJS[bool](p, `[...document.querySelectorAll('.msp-printable')].every(e => e.getBoundingClientRect().width >= 0.9 * document.documentElement.clientWidth)`); !ok {
			t.Errorf("%s's printed sheets do not span the paper's width", name)
		}
	}
}
