package prophecy

import (
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
	for _, want := range []string{"The story: The prophecy is averted", `download="prophecy.md"`, "data:text/markdown"} {
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
