package server_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabletop/games"
	"tabletop/server"
)

// openConfirm is JavaScript that opens the confirmation of the action
// whose label starts with label (engine.Confirmer) as a click on it does,
// and is true if it is open.
func openConfirm(label string) string {
	return fmt.Sprintf(`(() => {
		const s = [...document.querySelectorAll('#state .actions details.confirm > summary')].find(s => s.textContent.trim().startsWith(%q));
		if (!s) return false;
		if (!s.parentElement.open) s.click();
		return s.parentElement.open;
	})()`, label)
}

// TestBrowser_GMAndTwoPlayersFightATMDBattleToTheEnd drives Chromium
// through a Mystery Dungeons battle: Ann and Bo each choose a sample
// character on their pages; the GM types a note and a Geodude in
// the page's action line (which empties once taken), brings a hidden
// second one, starts the battle and poisons Ann; Ann and Bo fight from
// their own pages by clicking the offered actions; the foes wear the team
// down until both have fainted, the battle ends with them revived, and the
// GM ends the session, saying yes to the question it asks first. The
// players' pages never show the GM's note or the hidden foe's numbers, and
// show their odds.
func TestBrowser_GMAndTwoPlayersFightATMDBattleToTheEnd(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	c := h.mustCreateTMD(map[string]any{"name": "Gail", "gm": true}, map[string]any{"name": "Ann"}, map[string]any{"name": "Bo"})
	gm, ann, bo := newTab(t, browser, "Gail"), newTab(t, browser, "Ann"), newTab(t, browser, "Bo")
	all := []*tab{gm, ann, bo}
	for i, p := range all {
		p.do(chromedp.Navigate(h.url + "/t/" + c.ID + "/s/" + c.Seats[i].Token))
		p.waitJS(`!!document.querySelector('#state .status')`, "the table page")
	}
	const note = "a note for the GM alone"
	check := func(p *tab) pageState {
		t.Helper()
		st := evalJS[pageState](p, readPage)
		if p != gm && (strings.Contains(st.HTML, note) || strings.Contains(st.HTML, "stats hidden from the players")) {
			t.Fatalf("%s's page shows the GM's secrets", p.name)
		}
		return st
	}
	// click presses the button whose text starts with label; false if
	// there is none.
	click := func(p *tab, label string) bool {
		t.Helper()
		st := check(p)
		for _, b := range st.Buttons {
			if strings.HasPrefix(strings.TrimSpace(b), label) && p.clickLabel(label) {
				p.waitJS(fmt.Sprintf(`Number(document.querySelector('#state .status').dataset.seq) > %d`, st.Seq), "the page after "+label)
				return true
			}
		}
		return false
	}
	must := func(p *tab, label string) {
		t.Helper()
		if !click(p, label) {
			t.Fatalf("%s's page offers no %q: %q", p.name, label, check(p).Buttons)
		}
	}
	// Each player chooses a sample character (the server brings none);
	// then each places the sheet's free point.
	must(ann, "bring the sheet of Ann, a level 5 Pikachu")
	must(bo, "bring the sheet of Bo, a level 5 Charmander")
	must(ann, "place a point in HP")
	must(bo, "place a point in Speed")
	// typed posts a text through the page's action line, which empties
	// once the server takes it.
	typed := func(p *tab, text string) {
		t.Helper()
		seq := check(p).Seq
		js, _ := json.Marshal(text)
		evalJS[bool](p, fmt.Sprintf(`(document.querySelector('#flash').innerHTML = '', document.querySelector('#tmd-line').value = %s, document.querySelector('.tmd-form button').click(), true)`, js))
		p.waitJS(fmt.Sprintf(`Number(document.querySelector('#state .status').dataset.seq) > %d || !!document.querySelector('#flash .error')`, seq), "the page after typing "+text)
		if msg := evalJS[string](p, `(document.querySelector('#flash .error') || {}).textContent || ''`); msg != "" {
			t.Fatalf("%s typed %q: %s", p.name, text, msg)
		}
		p.waitJS(`document.querySelector('#tmd-line').value === ''`, "the action line to empty")
	}
	typed(gm, "note: "+note)
	typed(gm, "add foe Geodude level 5 with Tackle")
	must(gm, "add foe Geodude level 5 with Tackle (stats hidden)")
	must(gm, "start the battle, allies first")
	must(gm, "apply poison to Ann")
	for _, p := range []*tab{ann, bo} {
		p.waitJS(`document.body.textContent.includes('Your odds')`, "the odds")
		if st := check(p); !strings.Contains(st.HTML, "Stats hidden by the GM") || !strings.Contains(st.HTML, "poison") {
			t.Fatalf("%s's page does not show the hidden foe as hidden, or Ann's poison", p.name)
		}
	}
	deadline := time.Now().Add(90 * time.Second)
	for step := 0; ; step++ {
		if step > 300 || time.Now().After(deadline) {
			t.Fatalf("the battle did not end in %d steps", step)
		}
		// Ending the session asks first: "end the session…" opens the
		// question and its "Yes" button.
		if evalJS[bool](gm, openConfirm("end the session")) && click(gm, "Yes, end the session") {
			break
		}
		acted := click(ann, "use Thunder Shock on Geodude") || click(ann, "end the turn") ||
			click(bo, "use Ember on Geodude") || click(bo, "end the turn") ||
			click(gm, "Geodude: use Tackle on") || click(gm, "Geodude 2: use Tackle on")
		if !acted && !click(gm, "end the turn") {
			time.Sleep(40 * time.Millisecond)
		}
	}
	for _, p := range all {
		p.waitJS(`!!document.querySelector('#state .seed')`, "the end of the session")
		st := check(p)
		for _, want := range []string{"Ann faints!", "Bo faints!", "comes to at", "## Battle"} {
			if !strings.Contains(st.HTML, want) {
				t.Errorf("%s's page at the end lacks %q", p.name, want)
			}
		}
	}
}
