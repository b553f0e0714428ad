package server_test

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tabletop/games"
	"tabletop/server"
)

// TestBrowser_MSPBookFileCarriesToAnotherTable checks the GM's book across
// tables in the browser: the GM writes a creature into the book at one
// table, saves the book through the page's download link, and at another
// table imports that file with the page's "Import a book file"; the
// creature is then in the new table's book and can be fought. A file that
// is no JSON, or too large for one action, is refused with a message, and
// no player sees the book.
func TestBrowser_MSPBookFileCarriesToAnotherTable(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	say := h.mustSay
	first := h.mustCreateMSP()
	say(first, 0, "book creature Swamp troll: hp 40; fist 7; stomp 0")
	say(first, 0, "book place Old bridge: a troll lives under it")
	gm := newTab(t, browser, "Gail")
	gm.do(chromedp.Navigate(h.url + "/t/" + first.ID + "/s/" + first.Seats[0].Token))
	gm.waitJS(`document.body.innerText.includes('Swamp troll')`, "the book with the troll")
	href := evalJS[string](gm, `document.querySelector('a.msp-book-file').href`)
	data, ok := strings.CutPrefix(href, "data:application/json;charset=utf-8,")
	if !ok {
		t.Fatalf("the download link is %.80q, want a JSON data: URL", href)
	}
	book, err := url.PathUnescape(data)
	if err != nil || !strings.Contains(book, `"Swamp troll"`) {
		t.Fatalf("the downloaded book (%v):\n%s", err, book)
	}
	dir := t.TempDir()
	file, notJSON := filepath.Join(dir, "msp-book.json"), filepath.Join(dir, "notes.json")
	if err := os.WriteFile(file, []byte(book), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(notJSON, []byte("creatures: a troll"), 0o644); err != nil {
		t.Fatal(err)
	}

	second := h.mustCreateMSP()
	gm2, ann := newTab(t, browser, "Gail at the second table"), newTab(t, browser, "Ann at the second table")
	gm2.do(chromedp.Navigate(h.url + "/t/" + second.ID + "/s/" + second.Seats[0].Token))
	ann.do(chromedp.Navigate(h.url + "/t/" + second.ID + "/s/" + second.Seats[1].Token))
	for _, p := range []*tab{gm2, ann} {
		p.waitJS(`!!document.querySelector('#state .msp-players')`, "the table page")
	}
	if evalJS[bool](gm2, `document.body.innerText.includes('Swamp troll')`) {
		t.Fatal("the second table's book has the troll before the import")
	}
	if evalJS[bool](ann, `!!document.querySelector('form.msp-import')`) {
		t.Error("a player's page offers to import a book")
	}
	importFile := func(path string) {
		t.Helper()
		evalJS[bool](gm2, `(document.querySelector('#flash').innerHTML = '', true)`)
		gm2.do(chromedp.SetUploadFiles(`#msp-book-in`, []string{path}))
		evalJS[bool](gm2, `(document.querySelector('form.msp-import button').click(), true)`)
	}

	importFile(notJSON)
	gm2.waitJS(`document.querySelector('#flash').innerText.includes('notes.json is not a book file')`, "the refusal of a file that is no JSON")
	// A book larger than one action may be (16 KiB) says so.
	var places []string
	for i := range 100 {
		places = append(places, fmt.Sprintf(`{"name":"Place %d","text":"%s"}`, i, strings.Repeat("mossy stones ", 20)))
	}
	huge := filepath.Join(dir, "huge.json")
	if err := os.WriteFile(huge, []byte(`{"places":[`+strings.Join(places, ",")+`]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	importFile(huge)
	gm2.waitJS(`document.querySelector('#flash').innerText.includes('huge.json is too large to import in one action')`, "the refusal of a book too large")

	importFile(file)
	gm2.waitJS(`document.body.innerText.includes('Swamp troll') && document.body.innerText.includes('Old bridge')`, "the imported troll and bridge in the book")
	if msg := evalJS[string](gm2, `document.querySelector('#flash').innerText`); strings.TrimSpace(msg) != "" {
		t.Errorf("the import left a message: %q", msg)
	}
	ann.waitJS(`document.querySelector('#log').innerText.includes('The GM writes in the book')`, "the book line in Ann's log")
	if evalJS[bool](ann, `document.body.innerText.includes('troll')`) {
		t.Error("Ann's page shows the GM's book")
	}
	// The imported creature fights at the new table.
	say(second, 1, "create Ann / elf / ranger / chaotic good / hunter")
	say(second, 2, "create Bo / dwarf / smith / lawful good / smith")
	say(second, 0, "battle Swamp troll")
	gm2.waitJS(`document.body.innerText.includes('Swamp troll HP 40/40')`, "the troll in battle with its 40 HP")
}
