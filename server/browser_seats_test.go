package server_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tabletop/dice"
	"tabletop/internal/duel"
	"tabletop/server"
)

// TestBrowser_ClockRunsOutABotPlaysThePlayerTakesItBackThenRematch drives
// two players through a duel with a twelve-second turn clock: Bo stops acting,
// his clock runs out and a bot plays his seat, which his page says with a
// "Take over" button; he takes the seat back and plays on. The title says
// whose turn it is, the log is numbered without gaps, and at the end both
// click Rematch and meet at the same new table, each at their own seat.
func TestBrowser_ClockRunsOutABotPlaysThePlayerTakesItBackThenRematch(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t)
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{"rounds": "3", "turn-clock": "12"},
		"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}}})
	var c created
	decode(t, r, &c)
	ann, bo := newTab(t, browser, "Ann"), newTab(t, browser, "Bo")
	for i, p := range []*tab{ann, bo} {
		p.do(chromedp.Navigate(h.url + c.Seats[i].URL))
		p.waitJS(`!!document.querySelector('#state .status')`, "the table page")
	}
	ann.waitJS(`document.title.startsWith('Your turn')`, "'Your turn' in Ann's title")

	click := func(p *tab, sel string) {
		t.Helper()
		evalJS[bool](p, fmt.Sprintf(`(document.querySelector(%q).click(), true)`, sel))
	}
	click(ann, "#state .actions button")
	ann.waitJS(`!document.title.startsWith('Your turn')`, "Ann's title once she has acted")

	// Bo does nothing: twelve seconds after the table opened a bot plays his
	// seat. (The clock is long enough for both pages to load on a busy
	// machine: Ann's runs out too if she has not acted by then.)
	bo.waitJS(`!!document.querySelector('#state .take-over')`, "the take-over button on Bo's page")
	bo.waitJS(`[...document.querySelectorAll('#log li')].some(li => li.textContent.includes("Bo's turn clock ran out"))`, "the hand-over in Bo's log")
	if n := evalJS[int](bo, `document.querySelectorAll('#state .actions button').length`); n != 0 {
		t.Fatalf("Bo is offered %d moves while a bot plays for him", n)
	}
	click(bo, "#state .take-over")
	bo.waitJS(`!document.querySelector('#state .take-over')`, "Bo's seat back in his hands")
	bo.waitJS(`[...document.querySelectorAll('#log li')].some(li => li.textContent.includes("Bo takes the seat back"))`, "the take-over in the log")

	// They play on to the end, each clicking their first button.
	deadline := time.Now().Add(60 * time.Second)
	for !evalJS[bool](ann, `!!document.querySelector('#state .seed')`) {
		if time.Now().After(deadline) {
			t.Fatal("the game did not end")
		}
		for _, p := range []*tab{ann, bo} {
			evalJS[bool](p, `(() => { const b = document.querySelector('#state .actions button'); if (b) b.click(); return true; })()`)
		}
		time.Sleep(100 * time.Millisecond)
	}
	bo.waitJS(`!!document.querySelector('#state .seed')`, "the end on Bo's page")
	numbered := evalJS[bool](bo, `[...document.querySelectorAll('#log li')].every(li => !li.hasAttribute('value')) && document.querySelectorAll('#log li').length > 3`)
	if !numbered {
		t.Fatal("Bo's log is not numbered by the list itself")
	}
	if !evalJS[bool](ann, `document.body.textContent.includes('Final standings')`) {
		t.Fatal("no final standings on Ann's page")
	}

	// Rematch: each click leads to the same new table, at the clicker's seat.
	click(ann, "form.rematch button")
	ann.waitJS(`location.pathname !== '/t/`+c.ID+`/s/`+c.Seats[0].Token+`' && !!document.querySelector('#state .status')`, "Ann at the rematch")
	click(bo, "form.rematch button")
	bo.waitJS(`location.pathname !== '/t/`+c.ID+`/s/`+c.Seats[1].Token+`' && !!document.querySelector('#state .status')`, "Bo at the rematch")
	annAt, boAt := evalJS[string](ann, `location.pathname`), evalJS[string](bo, `location.pathname`)
	annID, boID := strings.Split(annAt, "/")[2], strings.Split(boAt, "/")[2]
	if annID != boID || annID == c.ID || !strings.HasSuffix(annAt, c.Seats[0].Token) || !strings.HasSuffix(boAt, c.Seats[1].Token) {
		t.Fatalf("rematch pages: Ann at %s, Bo at %s; want one new table, each at their seat", annAt, boAt)
	}
	if !evalJS[bool](bo, `document.body.textContent.includes('You play Bo') && !document.querySelector('#state .seed')`) {
		t.Fatal("Bo's rematch page is not a new game at his seat")
	}
}

// TestBrowser_LostConnectionShowsABannerAndReconnectsByItself cuts the
// page's live connection: the banner shows, the page reconnects by itself,
// the banner goes, and the page follows the table again.
func TestBrowser_LostConnectionShowsABannerAndReconnectsByItself(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t)
	c := h.mustCreate("5")
	ann := newTab(t, browser, "Ann")
	ann.do(chromedp.Navigate(h.url + c.Seats[0].URL))
	ann.waitJS(`!!document.querySelector('#state .status')`, "the table page")
	ann.waitJS(`document.getElementById('offline').hidden`, "no banner while connected")
	evalJS[bool](ann, `(() => {
		window.sawBanner = false;
		new MutationObserver(() => { if (!document.getElementById('offline').hidden) window.sawBanner = true; })
			.observe(document.getElementById('offline'), {attributes: true});
		return true;
	})()`)
	time.Sleep(300 * time.Millisecond) // the stream is open
	h.ln.cut()
	ann.waitJS(`window.sawBanner === true`, "the banner once the connection is lost")
	t0 := time.Now()
	ann.waitJS(`document.getElementById('offline').hidden`, "the banner gone once reconnected")
	// The browser retries after the second the stream asks for; without
	// the stream telling it at once that it is back, it would wait for the
	// next heartbeat (20 s).
	if d := time.Since(t0); d > 10*time.Second {
		t.Fatalf("reconnected after %v, want a few seconds", d)
	}
	h.mustAct(c.ID, c.Seats[1].Token, duel.Guard)
	ann.waitJS(`[...document.querySelectorAll('#log li')].length >= 1`, "Bo's move on Ann's page after the reconnection")
}

// TestBrowser_TheLogFollowsItsNewestEntryAndTheTurnSoundPlaysWhenAsked
// plays a long duel through the API while Ann's page watches: with the
// sound off (the default) her turn coming back makes no sound; once she
// ticks the box it does, and the choice is kept in her browser. The log
// box keeps its newest entry in view as entries arrive, unless she has
// scrolled up to read older ones.
func TestBrowser_TheLogFollowsItsNewestEntryAndTheTurnSoundPlaysWhenAsked(t *testing.T) {
	browser := mustBrowser(t)
	h := mustServer(t)
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{"rounds": "40"},
		"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}}})
	var c created
	decode(t, r, &c)
	ann := newTab(t, browser, "Ann")
	ann.do(chromedp.Navigate(h.url + c.Seats[0].URL))
	ann.waitJS(`!!document.querySelector('#state .status') && document.title.startsWith('Your turn')`, "Ann's turn in her title")
	// A silent speaker that counts the sounds the page makes.
	evalJS[bool](ann, `(() => {
		window.sounds = 0;
		const node = () => ({frequency: {}, gain: {}, connect() {}, start() {}, stop() {}});
		window.AudioContext = function () { window.sounds++; return {createOscillator: node, createGain: node, destination: {}, currentTime: 0}; };
		return true;
	})()`)
	// seen waits until Ann's page shows the table's latest entry.
	seen := func(what string) {
		t.Helper()
		seq := h.mustState(c.ID, "").Seq
		ann.waitJS(fmt.Sprintf(`Number(document.querySelector('#state .status').dataset.seq) >= %d`, seq), what)
	}
	// round plays a round, Ann's page seeing her turn end and come back.
	round := func() {
		t.Helper()
		h.mustAct(c.ID, c.Seats[0].Token, duel.Guard)
		ann.waitJS(`!document.title.startsWith('Your turn')`, "Ann's turn over in her title")
		h.mustAct(c.ID, c.Seats[1].Token, duel.Guard)
		ann.waitJS(`document.title.startsWith('Your turn')`, "Ann's turn back in her title")
	}

	round()
	if n := evalJS[int](ann, `window.sounds`); n != 0 {
		t.Fatalf("the page made %d sounds with the sound off", n)
	}
	evalJS[bool](ann, `(document.getElementById('sound').click(), true)`)
	if on := evalJS[string](ann, `localStorage.getItem('tabletop.sound')`); on != "on" {
		t.Fatalf("ticking the sound box keeps %q in the browser, want on", on)
	}
	round()
	ann.waitJS(`window.sounds === 1`, "one sound when Ann's turn came back")

	// Enough rounds that the log box scrolls: its newest entry is in view.
	for range 12 {
		h.mustAct(c.ID, c.Seats[0].Token, duel.Guard)
		h.mustAct(c.ID, c.Seats[1].Token, duel.Guard)
	}
	seen("the twelve rounds on Ann's page")
	const atBottom = `(() => { const l = document.getElementById('log'); return l.scrollHeight - l.scrollTop - l.clientHeight < 4; })()`
	if !evalJS[bool](ann, `(() => { const l = document.getElementById('log'); return l.scrollHeight > l.clientHeight + 40; })()`) {
		t.Fatal("the log box does not scroll after fourteen rounds: this test checks nothing")
	}
	ann.waitJS(atBottom, "the newest log entry in view")

	// Ann scrolls up to read: new entries leave her where she is.
	evalJS[bool](ann, `(document.getElementById('log').scrollTop = 0, true)`)
	time.Sleep(200 * time.Millisecond) // the scroll event
	h.mustAct(c.ID, c.Seats[0].Token, duel.Guard)
	h.mustAct(c.ID, c.Seats[1].Token, duel.Guard)
	seen("a round after Ann scrolled up")
	if top := evalJS[int](ann, `document.getElementById('log').scrollTop`); top != 0 {
		t.Fatalf("the log moved to %d px while Ann read its start", top)
	}
	// Back at the bottom, it follows again.
	evalJS[bool](ann, `(() => { const l = document.getElementById('log'); l.scrollTop = l.scrollHeight; return true; })()`)
	time.Sleep(200 * time.Millisecond)
	h.mustAct(c.ID, c.Seats[0].Token, duel.Guard)
	h.mustAct(c.ID, c.Seats[1].Token, duel.Guard)
	seen("a round after Ann scrolled back down")
	ann.waitJS(atBottom, "the newest log entry in view again")
}

// TestBrowser_PauseAndStepATableOfBots sets up, in the new-table form, a
// table where bots play both seats at a third of a second a move, and
// watches it from the page the form leads to: the bots wait for that
// first watcher (a whole game of bots takes milliseconds), the page's
// Pause button stops the moves, Step makes exactly one more, and Resume
// lets them go on.
func TestBrowser_PauseAndStepATableOfBots(t *testing.T) {
	browser := mustBrowser(t)
	// A seed whose duel of random bots lasts 88 moves (most end sooner).
	h := mustServer(t, func(c *server.Config) { c.NewSeed = func() dice.Seed { return dice.Seed{54, 54} } })
	p := newTab(t, browser, "watcher")
	p.do(chromedp.Navigate(h.url + "/new/duel"))
	p.waitJS(`!!document.querySelector('input[name="opt.rounds"]')`, "the new-table form")
	evalJS[bool](p, `(() => {
		const set = (name, v) => { document.querySelector('[name="' + name + '"]').value = v; };
		set('opt.rounds', '50'); set('opt.bot-pace', '300');
		set('seat0.name', 'Ann'); set('seat0.who', 'bot:random');
		set('seat1.name', 'Bo'); set('seat1.who', 'bot:random');
		document.querySelector('main form').submit();
		return true;
	})()`)
	p.waitJS(`!!document.querySelector('a.spectate')`, "the created page")
	time.Sleep(time.Second) // the creator reads the page: the bots wait
	id := strings.Split(evalJS[string](p, `new URL(document.querySelector('a.spectate').href).pathname`), "/")[2]
	moves := func() int { t.Helper(); return h.mustState(id, "").Seq }
	if n := moves(); n != 0 {
		t.Fatalf("the bots made %d moves before anyone watched the table", n)
	}
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('a.spectate').click()`))
	p.waitJS(`!!document.querySelector('#state .botctl button.pause')`, "the Pause button")
	p.waitJS(`Number(document.querySelector('#state .status').dataset.seq) >= 2`, "two moves at the table's pace")
	evalJS[bool](p, `(document.querySelector('#state .botctl button.pause').click(), true)`)
	p.waitJS(`!!document.querySelector('#state .botctl button.step')`, "the Step button once paused")
	paused := moves()
	if paused > 30 {
		t.Fatalf("the bots made %d moves in the few seconds before the pause: not a third of a second each", paused)
	}
	time.Sleep(time.Second) // three moves' time
	if n := moves(); n != paused {
		t.Fatalf("paused at move %d, the table went on to %d", paused, n)
	}
	evalJS[bool](p, `(document.querySelector('#state .botctl button.step').click(), true)`)
	p.waitJS(fmt.Sprintf(`Number(document.querySelector('#state .status').dataset.seq) === %d`, paused+1), "one move after Step")
	time.Sleep(time.Second)
	if n := moves(); n != paused+1 {
		t.Fatalf("Step made %d moves, want 1", n-paused)
	}
	p.waitJS(`!!document.querySelector('#state .botctl button.resume')`, "the Resume button")
	evalJS[bool](p, `(document.querySelector('#state .botctl button.resume').click(), true)`)
	p.waitJS(fmt.Sprintf(`Number(document.querySelector('#state .status').dataset.seq) > %d`, paused+2), "moves again after Resume")
}
