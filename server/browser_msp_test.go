package server_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabletop/games"
	"tabletop/server"
)

// mspPage is what the musi supa pona browser test reads from a table page.
type mspPage struct {
	Seq    int    `json:"seq"`
	Battle string `json:"battle"` // the battle card's heading, "" outside a battle
	Await  bool   `json:"await"`  // a hit waits for the GM's damage
	Text   string `json:"text"`   // the whole page's text
	Over   bool   `json:"over"`
}

const readMSP = `(() => {
	const s = document.querySelector('#state .status');
	const b = document.querySelector('#state .msp-battle h3');
	return {
		seq: s ? Number(s.dataset.seq) : -1,
		battle: b ? b.textContent : '',
		await: !!document.querySelector('#state .msp-await'),
		text: document.body.innerText,
		over: !!document.querySelector('#state .seed'),
	};
})()`

// TestBrowser_AGMAndTwoPlayersPlayMSPThroughABattle drives Chromium through
// a musi supa pona session: a GM and two players, each in a browser context
// of their own, make the characters, run a check with a hidden target and
// fight a battle to its end, all by typing in the page's action line. The
// players' pages never show the GM's note, nor the chances while the GM
// sets a target.
//
// With TABLETOP_SCREENSHOT_MSP=FILE (Ann's page) and
// TABLETOP_SCREENSHOT_MSP_GM=FILE (the GM's) it saves screenshots taken
// mid-battle (docs/msp-table.png is made that way).
func TestBrowser_AGMAndTwoPlayersPlayMSPThroughABattle(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	c := h.mustCreateMSP()
	gm, ann, bo := newTab(t, browser, "Gail"), newTab(t, browser, "Ann"), newTab(t, browser, "Bo")
	for i, p := range []*tab{gm, ann, bo} {
		p.do(chromedp.Navigate(h.url + "/t/" + c.ID + "/s/" + c.Seats[i].Token))
		p.waitJS(`!!document.querySelector('#state .msp-players')`, "the table page")
	}
	secrets := []string{"the rat is the innkeeper's pet"}
	read := func(p *tab) mspPage {
		t.Helper()
		st := evalJS[mspPage](p, readMSP)
		if p != gm {
			for _, s := range secrets {
				if strings.Contains(st.Text, s) {
					t.Fatalf("%s's page shows the GM's secret %q", p.name, s)
				}
			}
		}
		return st
	}
	act := func(p *tab, text string) {
		t.Helper()
		before := read(p)
		js, _ := json.Marshal(text)
		evalJS[bool](p, fmt.Sprintf(`(document.querySelector('#flash').innerHTML = '', document.querySelector('#msp-line').value = %s, document.querySelector('.msp-form button').click(), true)`, js))
		p.waitJS(fmt.Sprintf(`Number(document.querySelector('#state .status').dataset.seq) > %d || !!document.querySelector('#flash .error')`, before.Seq), "the page to update after "+text)
		if msg := evalJS[string](p, `(document.querySelector('#flash .error') || {}).textContent || ''`); msg != "" {
			t.Fatalf("%s typed %q: %s", p.name, text, msg)
		}
		for _, q := range []*tab{gm, ann, bo} {
			read(q)
		}
	}

	act(ann, "create Ann / elf / ranger / chaotic good / hunter")
	act(bo, "create Bo / dwarf / smith / lawful good / smith")
	act(gm, "note: "+secrets[0])
	act(gm, "give Short sword to Ann: from the armoury")
	act(gm, "check strength of Bo")
	gm.waitJS(`!!document.querySelector('#state .msp-chances')`, "the GM's table of chances")
	if st := read(bo); strings.Contains(st.Text, "chance of success") || !strings.Contains(st.Text, "Bo: a Strength check") {
		t.Fatalf("Bo's page while the GM sets the target:\n%s", st.Text)
	}
	act(gm, "target at least 5")
	// Rolling is Bo's only choice: the table rolls for him, and the result
	// reveals the target.
	bo.waitJS(`document.body.innerText.includes('the target was at least 5')`, "the roll's result with the target revealed")

	act(gm, "battle Cave rat")
	start := time.Now()
	for turns := 0; ; turns++ {
		if turns > 200 || time.Since(start) > 90*time.Second {
			t.Fatalf("the battle did not end in %d turns", turns)
		}
		st := read(gm)
		if st.Battle == "" {
			break
		}
		if turns == 2 {
			screenshot(t, gm, "TABLETOP_SCREENSHOT_MSP_GM")
			screenshot(t, ann, "TABLETOP_SCREENSHOT_MSP")
		}
		switch {
		case st.Await:
			act(gm, "damage 3")
		case strings.Contains(st.Battle, "Ann's turn"):
			act(ann, "attack Cave rat with Short sword")
		case strings.Contains(st.Battle, "Bo's turn"):
			act(bo, "attack Cave rat")
		case strings.Contains(st.Battle, "Cave rat's turn"):
			who := "Ann"
			if strings.Contains(st.Text, "Ann died") || strings.Contains(st.Text, "dead") {
				who = "Bo"
			}
			act(gm, "attack "+who+" with bite")
		default:
			t.Fatalf("whose turn? %q", st.Battle)
		}
	}
	t.Logf("the battle took %d turns", strings.Count(read(gm).Text, "'s turn"))
	for _, p := range []*tab{gm, ann, bo} {
		p.waitJS(`document.querySelector('#log').innerText.includes('The battle is over')`, "the battle's end in the log")
	}
	// Ending the session, typed, asks first: the question and its "Yes"
	// come in the flash.
	js, _ := json.Marshal("end session: the heroes rest at the inn")
	evalJS[bool](gm, fmt.Sprintf(`(document.querySelector('#flash').innerHTML = '', document.querySelector('#msp-line').value = %s, document.querySelector('.msp-form button').click(), true)`, js))
	gm.waitJS(`!!document.querySelector('#flash .confirm-typed button')`, "the question before the session ends")
	if st := read(gm); st.Over {
		t.Fatalf("the typed end ended the session before its question was answered")
	}
	evalJS[bool](gm, `(document.querySelector('#flash .confirm-typed button').click(), true)`)
	for _, p := range []*tab{gm, ann, bo} {
		p.waitJS(`!!document.querySelector('#state .seed')`, "the end of the session")
	}
	if st := read(ann); !strings.Contains(st.Text, "The session ends (the heroes rest at the inn)") {
		t.Errorf("Ann's page at the end:\n%s", st.Text)
	}
}

// screenshot saves a full-page screenshot of p to the file the environment
// variable env names, if it names one.
func screenshot(t *testing.T, p *tab, env string) {
	t.Helper()
	path := os.Getenv(env)
	if path == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}
