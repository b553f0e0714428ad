package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"tabletop/dice"
	"tabletop/games"
	"tabletop/games/prophecy"
	"tabletop/server"
)

// prophecyAct fills the fields of the first Prophecy form of kind whose
// text contains match, submits it as a person would, and returns at once.
// Fields are named as their data-field, "aspects.2" for an item of a list.
const prophecyAct = `((kind, match, fields) => {
	const form = [...document.querySelectorAll('#state form.pp-form')].find(f =>
		f.querySelector('input[name=kind]').value === kind && f.textContent.includes(match));
	if (!form) { return false; }
	for (const [key, value] of Object.entries(fields || {})) {
		const [name, index] = key.split('.');
		const sel = '[data-field="' + name + '"]' + (index === undefined ? '' : '[data-index="' + index + '"]');
		const el = form.querySelector(sel);
		if (!el) { return false; }
		el.value = value;
	}
	form.requestSubmit();
	return true;
})`

// TestBrowser_ThreePeopleTellAProphecyStoryToTheEnd drives Chromium through
// a whole story of Prophecy played by Ann, Bo and Cy in three browser
// contexts, by typing into the page's forms: a world, the prophecy, three
// characters, an outline of three scenes (the Finale and two precursors),
// three scenes performed with objects, pairs, rolls and narration. Every
// action by one person shows on all three pages; before each roll the page
// shows the exact chance of the pool, as "tabletop odds" computes it; at the
// end every page shows the outcome and the story downloads as Markdown
// with every scene, die and narration in it.
//
// With TABLETOP_SCREENSHOT_PROPHECY=FILE it saves a screenshot of Ann's page
// before the Finale's roll.
func TestBrowser_ThreePeopleTellAProphecyStoryToTheEnd(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "prophecy",
		"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}}})
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	decode(t, r, &c)
	people := []*tab{newTab(t, browser, "Ann"), newTab(t, browser, "Bo"), newTab(t, browser, "Cy")}
	for i, p := range people {
		p.do(chromedp.Navigate(h.url + "/t/" + c.ID + "/s/" + c.Seats[i].Token))
		p.waitJS(`!!document.querySelector('#state .pp-choose')`, "the table page")
	}
	seq := 0
	act := func(who int, kind, match string, fields map[string]string) {
		t.Helper()
		p := people[who]
		f, _ := json.Marshal(fields)
		js := fmt.Sprintf("%s(%q, %q, %s)", prophecyAct, kind, match, f)
		if !evalJS[bool](p, js) {
			t.Fatalf("%s: no %s form with %q and fields %v", p.name, kind, match, fields)
		}
		seq++
		// Every page, not only the actor's, shows the new entry.
		for _, q := range people {
			q.waitJS(fmt.Sprintf(`Number(document.querySelector('#state .status').dataset.seq) >= %d`, seq),
				fmt.Sprintf("entry %d (%s by %s); flash: %s", seq, kind, p.name, evalJS[string](p, `document.querySelector("#flash").textContent`)))
		}
	}
	act(0, "world", "The Shattered Crown", nil)
	act(1, "receive", "", nil)
	// A refused action says why on the actor's page, and nothing happens.
	if !evalJS[bool](people[0], fmt.Sprintf("%s(%q, %q, {})", prophecyAct, "start", "")) {
		t.Fatalf("no start form")
	}
	people[0].waitJS(`document.querySelector('#flash').textContent.includes('every player creates a character first')`, "the refusal in the flash")
	heroes := [][]string{
		{"Wren", "hedge witch", "keen-eyed", "stubborn", "sister of Tam", "the Druid Circle"},
		{"Tam", "falconer", "strong as an ox", "reckless", "brother of Wren", "the Queen's Guard"},
		{"Ilse", "royal cartographer", "quick at sums", "proud", "mentor to Wren", "the College of Mages"},
	}
	for i, hero := range heroes {
		fields := map[string]string{"name": hero[0]}
		for k, a := range hero[1:] {
			fields[fmt.Sprintf("aspects.%d", k)] = a
		}
		act(i, "character", "", fields)
	}
	act(2, "edit", "", map[string]string{"scene": "1", "objective": "Keep the dragon asleep", "setting": "the vault"})
	act(0, "add", "", map[string]string{"under": "1", "objective": "Brew the sleeping draught", "setting": "the apothecary"})
	act(1, "add", "", map[string]string{"under": "1", "objective": "Reach the vault unseen"})
	for _, p := range people {
		p.waitJS(`document.querySelectorAll('#state .pp-tree svg g.scene').length === 3`, "the outline of three scenes drawn")
	}
	act(0, "start", "", nil)

	narrations := []string{"The apothecary sold us her best brew.", "We slipped past the guards at dawn.", "The dragon slept on."}
	for n, scene := range []struct {
		id, object, aspects string
		pairs               []string // hero aspect "c.a" and object aspect "o.a"
	}{
		{"2", "the apothecary", "greedy; ancient", []string{"1.1", "1.1", "3.2", "1.2"}},
		{"3", "the palace gate", "guarded; sleepy", []string{"2.2", "1.1", "1.2", "1.2"}},
		{"1", "the dragon", "sleepy; vain; ancient", []string{"1.1", "1.1", "2.3", "1.2", "3.5", "1.3"}},
	} {
		act(n%3, "perform", "Perform "+scene.id+":", nil)
		act((n+1)%3, "object", "", map[string]string{"name": scene.object, "aspects": scene.aspects})
		// The form the object was typed into is empty again.
		people[(n+1)%3].waitJS(`document.querySelector('#pp-obj-name').value === ''`, "the object form cleared")
		for k := 0; k < len(scene.pairs); k += 2 {
			act((n+k/2)%3, "pair", "", map[string]string{"character,char_aspect": scene.pairs[k], "object,object_aspect": scene.pairs[k+1]})
		}
		// The chance shown before the roll is the dice package's, as
		// "tabletop odds Nd6!>=4" prints it.
		shown := evalJS[string](people[2], `document.querySelector('#state .pp-chance').textContent`)
		st := evalJS[int](people[2], `Number(document.querySelector('#state .pp-chance b').textContent)`)
		diff := map[string]int{"1": 4, "2": 3, "3": 3}[scene.id]
		ch, err := prophecy.CheckChance(st, diff)
		if err != nil {
			t.Fatal(err)
		}
		if want := dice.Percent(ch.P); !strings.Contains(shown, want) {
			t.Errorf("scene %s: the page shows %q, want the chance %s of a pool of %d", scene.id, shown, want, st)
		}
		if path := os.Getenv("TABLETOP_SCREENSHOT_PROPHECY"); path != "" && scene.id == "1" {
			png, err := chromedp.Run(people[0].ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		act((n+2)%3, "roll", "", nil)
		act(n%3, "narrate", "", map[string]string{"text": narrations[n]})
	}
	for _, p := range people {
		p.waitJS(`document.querySelector('#state .pp-story h3').textContent.includes('The prophecy')`, "the outcome on every page")
	}
	href := evalJS[string](people[1], `decodeURIComponent(document.querySelector('#state a.pp-md').getAttribute('href').replace(/^data:[^,]*,/, ''))`)
	for _, want := range []string{"# Prophecy: The Shattered Crown", "## The heroes", "- **Ilse** (played by Cy)",
		"### 1. Scene 2: Brew the sleeping draught", "### 2. Scene 3: Reach the vault unseen", "### 3. The Finale: Keep the dragon asleep",
		"> " + narrations[0], "> " + narrations[2], "d6!>=4: ", "## The end", "Ann starts the story"} {
		if !strings.Contains(href, want) {
			t.Errorf("the Markdown export lacks %q:\n%s", want, href)
		}
	}
	if n := strings.Count(href, "Check: "); n != 3 {
		t.Errorf("the export has %d checks, want 3", n)
	}
	// The printable page: printed, the table page shows the story alone.
	p := people[1]
	p.do(chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
		return err
	}))
	visible := func(sel string) bool {
		return evalJS[bool](p, fmt.Sprintf(`(() => { const el = document.querySelector(%q); return !!el && getComputedStyle(el).visibility === 'visible' && el.getBoundingClientRect().height > 0; })()`, sel))
	}
	if !visible("#state .pp-printable") || !visible("#state .pp-printable blockquote") {
		t.Errorf("printed, the story is not shown")
	}
	for _, sel := range []string{"#state .pp-tree", "#state .pp-chars", "#state a.pp-md"} {
		if visible(sel) {
			t.Errorf("printed, %s shows beside the story", sel)
		}
	}
	printed := evalJS[string](p, `document.querySelector('#state .pp-printable').innerText`)
	for _, want := range append(narrations, "The prophecy", "Ilse") {
		if !strings.Contains(printed, want) {
			t.Errorf("the printed story lacks %q", want)
		}
	}
}

// TestBrowser_ProphecyTableBringsItsOwnWorldAndCountsTheSceneDown drives
// the two parts of the Prophecy page that no other browser test reaches: a
// world of the table's own, pasted as JSON into the page's form (a broken
// one is refused with the field that is wrong, a good one becomes the
// table's world), and the scene timer, which static/prophecy.js counts down
// from the minutes of the timer option until time is up.
func TestBrowser_ProphecyTableBringsItsOwnWorldAndCountsTheSceneDown(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "prophecy", "options": map[string]string{"timer": "1"},
		"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}}})
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	decode(t, r, &c)
	ann := newTab(t, browser, "Ann")
	ann.do(chromedp.Navigate(h.url + "/t/" + c.ID + "/s/" + c.Seats[0].Token))
	ann.waitJS(`!!document.querySelector('#state .pp-choose')`, "the table page")

	world := *prophecy.Worlds()[0]
	world.ID, world.Name = "ours", "Our Own Harbour"
	bring := func(w prophecy.World) {
		t.Helper()
		raw, err := json.MarshalIndent(w, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		f, _ := json.Marshal(map[string]string{"custom": string(raw)})
		if !evalJS[bool](ann, fmt.Sprintf("%s(%q, %q, %s)", prophecyAct, "world", "Bring this world", f)) {
			t.Fatalf("no form to bring a world")
		}
	}
	broken := world
	broken.Catastrophes = broken.Catastrophes[:35]
	bring(broken)
	ann.waitJS(`document.querySelector('#flash').textContent.includes('catastrophes: want 36 entries')`, "the broken world's refusal naming the field")
	bring(world)
	ann.waitJS(`(document.querySelector('#state .pp-world h3') || {}).textContent === 'Our Own Harbour'`, "the table's own world")

	act := func(seat int, kind string, action map[string]any) {
		t.Helper()
		r := h.do("POST", "/api/tables/"+c.ID+"/actions", c.Seats[seat].Token, map[string]any{"kind": kind, "action": action})
		if r.status != http.StatusOK {
			t.Fatalf("%s: %d %s", kind, r.status, r.body)
		}
	}
	act(1, "receive", map[string]any{})
	for i, name := range []string{"Mo", "Lu", "Ze"} {
		act(i, "character", map[string]any{"name": name, "aspects": []string{"courier", "fast", "stubborn", "cousin", "the Market"}})
	}
	act(2, "edit", map[string]any{"scene": 1, "objective": "Hold the sea wall"})
	act(0, "start", map[string]any{})
	act(1, "perform", map[string]any{"scene": 1})
	// The prophecy came from the table's own world.
	ann.waitJS(`document.querySelector('#state .pp-prophecy') !== null`, "the prophecy")
	shown := evalJS[string](ann, `document.querySelector('#state .pp-prophecy').textContent`)
	found := false
	for _, cat := range world.Catastrophes {
		found = found || strings.Contains(shown, cat)
	}
	if !found {
		t.Errorf("the prophecy %q is not on the table's own world's table", shown)
	}
	// The countdown starts at a minute and runs down.
	ann.waitJS(`/^Timer: (1:00|0:[0-5][0-9]) left$/.test((document.querySelector('#state .pp-timer') || {}).textContent)`, "the scene's countdown")
	// A minute later (the page keeps when it first saw the scene) time is up.
	evalJS[bool](ann, `(() => { for (let i = 0; i < sessionStorage.length; i++) { const k = sessionStorage.key(i); if (k.startsWith('prophecy-timer-')) sessionStorage.setItem(k, String(Date.now() - 61000)); } return true; })()`)
	ann.waitJS(`(document.querySelector('#state .pp-timer') || {}).textContent === 'Time is up: wrap the scene up.'`, "time is up")
}

// TestBrowser_ProphecyFormSentAgainMakesNoSecondMove keeps a copy of a
// Prophecy form as drawn (outside the part of the page that live updates
// redraw), submits the form, and once the page shows the move submits the
// copy: the page script posts the form's seq, so the server refuses the
// same form sent again, the page says the move was already made, and the
// log does not move.
func TestBrowser_ProphecyFormSentAgainMakesNoSecondMove(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "prophecy",
		"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy"}}})
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	decode(t, r, &c)
	ann := newTab(t, browser, "Ann")
	ann.do(chromedp.Navigate(h.url + "/t/" + c.ID + "/s/" + c.Seats[0].Token))
	ann.waitJS(`!!document.querySelector('#state .pp-choose')`, "the table page")
	kept := evalJS[bool](ann, `(() => {
		const form = [...document.querySelectorAll('#state form.pp-form')].find(f =>
			f.querySelector('input[name=kind]').value === 'world' && f.textContent.includes('The Shattered Crown'));
		if (!form) { return false; }
		const box = document.createElement('div');
		box.id = 'kept';
		box.hidden = true;
		box.appendChild(form.cloneNode(true));
		document.body.appendChild(box);
		return true;
	})()`)
	if !kept {
		t.Fatal("no world form to keep")
	}
	if !evalJS[bool](ann, fmt.Sprintf("%s(%q, %q, {})", prophecyAct, "world", "The Shattered Crown")) {
		t.Fatal("no world form")
	}
	ann.waitJS(`Number(document.querySelector('#state .status').dataset.seq) >= 1`, "the world chosen")
	evalJS[bool](ann, `(document.querySelector('#kept form').requestSubmit(), true)`)
	ann.waitJS(`document.querySelector('#flash').textContent !== '' || Number(document.querySelector('#state .status').dataset.seq) >= 2`, "an answer to the form sent again")
	if st := h.mustState(c.ID, ""); st.Seq != 1 {
		t.Fatalf("the form sent again moved the log to %d entries, want 1", st.Seq)
	}
	if flash := evalJS[string](ann, `document.querySelector('#flash').textContent`); !strings.Contains(flash, "already made") {
		t.Fatalf("the page says %q to the form sent again, want that the move was already made", flash)
	}
}
