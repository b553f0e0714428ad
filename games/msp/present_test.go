package msp

import (
	stdhtml "html"
	"html/template"
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
	Seq    int
	Over   bool
	ActURL string
}

func render(tb testing.TB, t *template.Template, st *State, seat engine.Seat) string {
	tb.Helper()
	var b strings.Builder
	if err := t.ExecuteTemplate(&b, "view", pageData{View: st.View(seat).(*View), Seat: seat, Over: st.over(), ActURL: "/t/x/s/tok/act"}); err != nil {
		tb.Fatalf("view.html: %v", err)
	}
	return b.String()
}

// pageScript is a session through every part of the page: creation, a
// GM's note with markup in it, gifts, a check with its hidden target, a
// battle with a bare-handed hit, and the end.
var pageScript = []struct {
	seat engine.Seat
	text string
}{
	{annSeat, "create Ann / elf / ranger / chaotic good / hunter"},
	{boSeat, "create Bo / dwarf / smith / lawful good / <b>smith"},
	{gmSeat, "note: <b>the innkeeper</b> is the thief"},
	{gmSeat, "give Short sword to Ann: from the armoury"},
	{gmSeat, "give Bread to Bo: supper"},
	{gmSeat, "coins +1 gold 3 silver to Bo: wages"},
	{gmSeat, "check strength of Bo"},
	{gmSeat, "target at least 14"},
	{boSeat, "roll"},
	{gmSeat, "battle Wolf"},
}

func TestPage_DrawsEverySeatsViewAndHidesWhatItMayNotSee(t *testing.T) {
	page := enginetest.MustPage(t, game{})
	s, _ := New(Options{}, testSeats)
	d := dice.NewStream(dice.Seed{12})
	sawChances, sawTarget, sawBattle := false, false, false
	for _, step := range pageScript {
		a, err := ParseAction(step.text)
		if err != nil {
			t.Fatal(err)
		}
		mustApply(t, s, step.seat, a, d)
		gm, ann, bo, spec := render(t, page, s, gmSeat), render(t, page, s, annSeat), render(t, page, s, boSeat), render(t, page, s, engine.Spectator)
		for name, p := range map[string]string{"Ann": ann, "Bo": bo, "a spectator": spec} {
			if strings.Contains(p, "the innkeeper") || strings.Contains(p, "msp-target") || strings.Contains(p, "msp-chances") || strings.Contains(p, "msp-gm") {
				t.Fatalf("after %q %s's page shows the GM's secrets", step.text, name)
			}
		}
		if strings.Contains(spec, `class="msp-form"`) || !strings.Contains(ann, `class="msp-form"`) {
			t.Fatalf("after %q: the action line is missing for Ann or shown to a spectator", step.text)
		}
		if strings.Contains(gm+ann+bo+spec, "<b>smith") || strings.Contains(gm, "<b>the innkeeper</b>") {
			t.Fatalf("typed text became markup after %q", step.text)
		}
		if strings.Contains(bo, "<td>Short sword</td>") {
			t.Fatalf("Bo's page shows Ann's inventory after %q", step.text)
		}
		sawChances = sawChances || strings.Contains(gm, `class="msp-chances"`)
		sawTarget = sawTarget || strings.Contains(gm, `<b class="msp-target">at least 14</b>`)
		sawBattle = sawBattle || strings.Contains(bo, `class="card msp-battle"`)
	}
	if !sawChances || !sawTarget || !sawBattle {
		t.Errorf("the GM never saw the chances (%v) or the target (%v), or Bo the battle (%v)", sawChances, sawTarget, sawBattle)
	}
	gm := render(t, page, s, gmSeat)
	if n := strings.Count(gm, `class="msp-sheet"`); n != 2 {
		t.Errorf("the GM sees %d character sheets, want 2", n)
	}
	if n := strings.Count(render(t, page, s, annSeat), `class="msp-sheet"`); n != 1 {
		t.Errorf("Ann sees %d character sheets, want her own", n)
	}
	for _, want := range []string{"msp-book-file", "data:application/json", "Healing herb", "d20 "} {
		if !strings.Contains(gm, want) {
			t.Errorf("the GM's page lacks %q", want)
		}
	}
}

// TestRenderText_CarriesTheCoinBagAndTheItems checks the terminal's
// inventory line: the weight counts the coin bag, so the line names it
// first and says "and nothing else" when there is nothing more, instead of
// "50 g: nothing".
func TestRenderText_CarriesTheCoinBagAndTheItems(t *testing.T) {
	s := mustTable(t)
	if got, want := renderText(s.View(annSeat).(*View)), "carries 50 of 15000 g: the coin bag and nothing else\n"; !strings.Contains(got, want) {
		t.Errorf("Ann with nothing: the terminal lacks %q:\n%s", want, got)
	}
	mustApply(t, s, gmSeat, Give{Item: "Rope", Who: "Ann", Reason: "for the cliff"}, nil)
	got := renderText(s.View(annSeat).(*View))
	if want := "carries 2050 of 15000 g: the coin bag; Rope (2000 g)\n"; !strings.Contains(got, want) {
		t.Errorf("Ann with a rope: the terminal lacks %q:\n%s", want, got)
	}
}

// TestLastCheck_ReadsLikeTheLog checks the last check as the terminal and
// the page show it: who rolled what, the d20 and the stat, the total, the
// target and the verdict in words, as the log has it; never the dice
// notation's raw dump ("d20{9}+3 = 12 >=12: true (1)").
func TestLastCheck_ReadsLikeTheLog(t *testing.T) {
	s := mustTable(t)
	s.char(annSeat).Stats[Strength] = 3
	mustApply(t, s, gmSeat, Check{Stat: Strength, Who: "Ann"}, nil)
	mustApply(t, s, gmSeat, Target{Value: 12}, nil)
	seed := seedWhere(t, func(d *dice.Stream) bool { return d.Roll(20) == 9 })
	mustApply(t, s, annSeat, Roll{}, dice.NewStream(seed))
	page := enginetest.MustPage(t, game{})
	for _, seat := range []engine.Seat{gmSeat, boSeat} {
		text := renderText(s.View(seat).(*View))
		if want := "Last check: Ann rolled Strength: d20 9 +3 = 12; the target was at least 12: succeeded"; !strings.Contains(text, want) {
			t.Errorf("%s's terminal lacks %q:\n%s", seat, want, text)
		}
		html := stdhtml.UnescapeString(render(t, page, s, seat))
		if want := "Last check: Ann rolled Strength: d20 9 +3 = 12; the target was at least 12: <b>success</b>"; !strings.Contains(html, want) {
			t.Errorf("%s's page lacks %q:\n%s", seat, want, html)
		}
		if strings.Contains(text+html, "d20{") || strings.Contains(text+html, "true (1)") {
			t.Errorf("%s sees the raw dice notation:\n%s\n%s", seat, text, html)
		}
	}
}
