package prophecy

import (
	"fmt"
	"html/template"
	"io/fs"
	"strconv"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// pageData is the part of the server's page data view.html reads.
type pageData struct {
	View   *View
	Seat   engine.Seat
	Over   bool
	ActURL string
	Seq    int
}

func render(tb testing.TB, t *template.Template, st *State, seat engine.Seat) string {
	tb.Helper()
	return renderAt(tb, t, st, seat, 0)
}

// renderAt is render with the log at seq.
func renderAt(tb testing.TB, t *template.Template, st *State, seat engine.Seat, seq int) string {
	tb.Helper()
	var b strings.Builder
	_, over := st.Outcome()
	if err := t.ExecuteTemplate(&b, "view", pageData{View: st.View(seat).(*View), Seat: seat, Over: over, ActURL: "/t/x/s/tok/act", Seq: seq}); err != nil {
		tb.Fatalf("view.html: %v", err)
	}
	return b.String()
}

// TestPage_DrawsEveryStepOfTheGoldenStory renders the table page after
// every step of the scripted story, for a player and a spectator: the
// template never fails, players get the forms of the phase and spectators
// none, and what a player typed is escaped.
func TestPage_DrawsEveryStepOfTheGoldenStory(t *testing.T) {
	page := enginetest.MustPage(t, game{})
	s := mustNew(t, 3)
	d := dice.NewStream(dice.Seed{0x70, 0x72, 214})
	sawChance, sawSVG, sawStory := false, false, false
	for _, step := range script {
		a, _ := ParseAction(step.text)
		s.Apply(step.seat, a, d) // the script's refused pair is refused here too
		player, spectator := render(t, page, s, 1), render(t, page, s, engine.Spectator)
		if _, over := s.Outcome(); !over && !strings.Contains(player, `class="pp-form"`) {
			t.Fatalf("after %q a player has no forms", step.text)
		}
		if strings.Contains(spectator, `class="pp-form"`) {
			t.Fatalf("after %q a spectator has forms", step.text)
		}
		sawChance = sawChance || strings.Contains(player, `class="pp-chance"`)
		sawSVG = sawSVG || strings.Contains(player, `<svg xmlns="http://www.w3.org/2000/svg" class="outline"`)
		sawStory = sawStory || strings.Contains(player, "<blockquote>")
		if strings.Contains(player, "<b>curious</b>") || strings.Contains(player, "<em>curious</em>") {
			t.Fatalf("a player's text became markup")
		}
	}
	if !sawChance || !sawSVG || !sawStory {
		t.Errorf("the page never showed the check's chance (%v), the outline (%v) or the story (%v)", sawChance, sawSVG, sawStory)
	}
	end := render(t, page, s, 0)
	// The prophecy's d66 shows both its faces, the tens die first.
	faces := fmt.Sprintf(`<span class="pp-die">%d</span><span class="pp-die">%d</span>`, s.prophecy.Tens, s.prophecy.Units)
	for _, want := range []string{"The story: The prophecy is averted", `download="prophecy.md"`, "data:text/markdown", faces} {
		if !strings.Contains(end, want) {
			t.Errorf("the last page lacks %q", want)
		}
	}
}

// TestPage_OneClickOneAction_EveryFormCarriesTheSeqItWasDrawnAt renders a
// player's page after every step of the scripted story and checks that
// each of its forms carries the log's sequence number at that step, and
// that the page script posts it: the server then refuses the same form
// sent again after the player acted (a double click, a form sent twice)
// instead of making the move twice.
func TestPage_OneClickOneAction_EveryFormCarriesTheSeqItWasDrawnAt(t *testing.T) {
	page := enginetest.MustPage(t, game{})
	s := mustNew(t, 3)
	d := dice.NewStream(dice.Seed{0x70, 0x72, 214})
	forms := 0
	for i, step := range script {
		a, _ := ParseAction(step.text)
		s.Apply(step.seat, a, d)
		seq := 100 + i // any number: the page must carry the one it is given
		player := renderAt(t, page, s, 1, seq)
		n := strings.Count(player, `<form class="pp-form"`)
		withSeq := strings.Count(player, `<form class="pp-form" method="post" action="/t/x/s/tok/act"><input type="hidden" name="seq" value="`+strconv.Itoa(seq)+`">`)
		if withSeq != n {
			t.Fatalf("after %q %d of the player's %d forms carry seq %d", step.text, withSeq, n, seq)
		}
		forms += n
	}
	if forms == 0 {
		t.Fatalf("the story drew no form: the test checked nothing")
	}
	js, err := fs.ReadFile(game{}.Pages(), "static/prophecy.js")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), `data.set("seq", seq.value)`) {
		t.Errorf("static/prophecy.js does not post a form's seq")
	}
}

func TestPage_ShowsTheChanceOfThePoolBeforeTheRoll(t *testing.T) {
	page := enginetest.MustPage(t, game{})
	s, d := story(t)
	mustApply(t, s, 0, "perform 4", d)
	mustApply(t, s, 0, "object the apothecary: greedy; nervous", d)
	mustApply(t, s, 0, "pair 1.1 with 1.1", d)
	mustApply(t, s, 0, "pair 2.1 with 1.2", d)
	c, _ := CheckChance(2, 2)
	want := "Pool <b>2</b> (2d6!&gt;=4): <b class=\"pp-p\">" + dice.Percent(c.P) + "</b> to reach 2 hits"
	if got := render(t, page, s, 2); !strings.Contains(got, want) {
		t.Errorf("the page does not show %q", want)
	}
}

func TestExplain_TheRollSaysItsChance(t *testing.T) {
	s, d := story(t)
	mustApply(t, s, 0, "perform 4", d)
	mustApply(t, s, 0, "object the apothecary: greedy; nervous", d)
	mustApply(t, s, 0, "pair 1.1 with 1.1", d)
	c, _ := CheckChance(1, 2)
	got := game{}.Explain(s.View(1), Roll{})
	if want := "Rolls 1d6!>=4 (every 6 adds a die; 4, 5 and 6 hit): " + dice.Percent(c.P) + " to reach 2 hits."; got != want {
		t.Errorf("Explain(roll) = %q, want %q", got, want)
	}
	if got := (game{}).Explain(s.View(1), Narrate{Text: "x"}); !strings.Contains(got, "placeholder") {
		t.Errorf("Explain(narrate) = %q, want it to warn that the offered text is a placeholder", got)
	}
	if got := (game{}).Explain(s.View(1), Strike{Pair: 1}); got != "" {
		t.Errorf("Explain(strike) = %q, want nothing: its text says it all", got)
	}
}

// TestTimer_ThePageAndTheTerminalShowTheSceneTimer: with the timer option
// the scene being performed carries its countdown on the page (which
// static/prophecy.js counts down) and its minutes in the terminal; without
// it, neither shows a timer.
func TestTimer_ThePageAndTheTerminalShowTheSceneTimer(t *testing.T) {
	page := enginetest.MustPage(t, game{})
	for _, tt := range []struct {
		minutes        int
		page, terminal string
	}{
		{0, "", ""},
		{1, `<p class="pp-timer" data-scene="3" data-minutes="1">Timer: 1 minute</p>`, "Timer: 1 minute for the scene."},
		{8, `<p class="pp-timer" data-scene="3" data-minutes="8">Timer: 8 minutes</p>`, "Timer: 8 minutes for the scene."},
	} {
		tab, err := engine.NewTable(Game, engine.Options{"timer": strconv.Itoa(tt.minutes)}, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}, {Name: "Cy"}}, dice.Seed{8})
		if err != nil {
			t.Fatal(err)
		}
		s := tab.State().(*State)
		d := dice.NewStream(dice.Seed{8})
		for _, text := range []string{"world city", "receive",
			"character Mo: courier; fast; stubborn; cousin of Lu; the Market",
			"edit 1: Hold the sea wall", "add 1: Find the engineer", "add 2: Steal the keys"} {
			mustApply(t, s, 0, text, d)
		}
		mustApply(t, s, 1, "character Lu: nurse; tireless; kind; cousin of Mo; the Union", d)
		mustApply(t, s, 2, "character Ze: hacker; sharp; wary; ex of Lu; the Co-op", d)
		mustApply(t, s, 0, "start", d)
		if html := render(t, page, s, 0); strings.Contains(html, "pp-timer") {
			t.Errorf("timer %d: a timer shows before any scene is performed", tt.minutes)
		}
		mustApply(t, s, 0, "perform 3", d)
		html, text := render(t, page, s, 0), game{}.RenderText(s.View(0), 0)
		if tt.minutes == 0 {
			if strings.Contains(html, "pp-timer") || strings.Contains(text, "Timer") {
				t.Errorf("no timer option, yet a timer shows")
			}
			continue
		}
		if !strings.Contains(html, tt.page) {
			t.Errorf("timer %d: the page lacks %q", tt.minutes, tt.page)
		}
		if !strings.Contains(text, tt.terminal) {
			t.Errorf("timer %d: the terminal lacks %q:\n%s", tt.minutes, tt.terminal, text)
		}
	}
}

// TestPage_OffersTheWorldsSuggestionsForEveryAspectAndObject: the world's
// suggestions are a click away in the page's fields: each aspect category
// in the character form, objects and their aspects while a scene is
// investigated.
func TestPage_OffersTheWorldsSuggestionsForEveryAspectAndObject(t *testing.T) {
	page := enginetest.MustPage(t, game{})
	s := mustNew(t, 3)
	d := dice.NewStream(dice.Seed{3})
	mustApply(t, s, 0, "world fantasy", d)
	mustApply(t, s, 0, "receive", d)
	w, _ := FindWorld("fantasy")
	html := render(t, page, s, 0)
	for c := range numCategories {
		list := fmt.Sprintf("pp-sugg-%d", c)
		if !strings.Contains(html, `list="`+list+`"`) || !strings.Contains(html, `<datalist id="`+list+`"><option value="`+template.HTMLEscapeString(w.Suggestions.Category(c)[0])+`">`) {
			t.Errorf("the character form offers no suggestions for %s", c)
		}
	}
	mustApply(t, s, 0, "character Wren: witch; keen; stubborn; sister of Tam; the Circle", d)
	mustApply(t, s, 1, "character Tam: falconer; strong; reckless; brother of Wren; the Guard", d)
	mustApply(t, s, 2, "character Ilse: cartographer; quick; proud; mentor; the College", d)
	mustApply(t, s, 0, "edit 1: Keep the dragon asleep", d)
	mustApply(t, s, 0, "start", d)
	mustApply(t, s, 0, "perform 1", d)
	mustApply(t, s, 0, "object the dragon: asleep", d)
	html = render(t, page, s, 0)
	for list, first := range map[string]string{"pp-sugg-obj": w.Suggestions.Objects[0], "pp-sugg-objasp": w.Suggestions.ObjectAspects[0]} {
		if !strings.Contains(html, `list="`+list+`"`) || !strings.Contains(html, `<datalist id="`+list+`"><option value="`+template.HTMLEscapeString(first)+`">`) {
			t.Errorf("the scene's forms offer no suggestions from %s", list)
		}
	}
}
