package msp

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// TestTyped_TheLogHoldsTheActionTheTextReads: a Typed action (the page's
// action line) is logged as the action its text reads (engine.Standin),
// with that action's kind, body and text, so a replay does not read the
// text again; a log written when the table logged the Typed itself still
// replays.
func TestTyped_TheLogHoldsTheActionTheTextReads(t *testing.T) {
	tab, err := engine.NewTable(Game, nil, testSeats, dice.Seed{7})
	if err != nil {
		t.Fatal(err)
	}
	const text = "create Ann / elf / ranger / chaotic good / hunter"
	want, err := ParseAction(text)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tab.Act(annSeat, Typed{Text: text}); err != nil {
		t.Fatalf("typed %q: %v", text, err)
	}
	e := tab.Log(0)[0]
	body, _ := json.Marshal(want)
	if e.Kind != want.Kind() || e.Text != want.String() || string(e.Action) != string(body) {
		t.Fatalf("the log holds %s %q %s, want %s %q %s", e.Kind, e.Text, e.Action, want.Kind(), want.String(), body)
	}
	if _, err := tab.Act(annSeat, Typed{Text: "fly to the moon"}); err == nil || len(tab.Log(0)) != 1 {
		t.Fatalf("a text that reads as no action: %v, log of %d", err, len(tab.Log(0)))
	}

	// The same log as a table that logged the Typed wrote it.
	x := tab.Export(true)
	typed, _ := json.Marshal(Typed{Text: text})
	x.Log[0].Kind, x.Log[0].Action, x.Log[0].Text = KindTyped, typed, text
	back, err := engine.Replay(Game, x)
	if err != nil {
		t.Fatalf("a log with a typed entry: %v", err)
	}
	if got := back.Log(0)[0]; got.Kind != KindTyped || got.Text != text {
		t.Errorf("the replayed log holds %s %q, not the entry as written", got.Kind, got.Text)
	}
}

// TestApply_TypedTextIsReadBeforeItPlays: Apply takes no Typed action:
// it refuses one, in words that say the text is read first, and changes
// nothing; the table reads it (engine.Resolve) and plays what it reads.
func TestApply_TypedTextIsReadBeforeItPlays(t *testing.T) {
	s := mustTable(t)
	for _, seat := range []engine.Seat{gmSeat, annSeat} {
		mustRefuse(t, s, seat, Typed{Text: "xp 10 to Ann: a clever plan"}, "typed text is read as the action it names before it is played")
	}
}

// TestUnknownAction_TheExampleFitsWhoTyped: a text that reads as no action
// is refused with an example of what the one who typed it writes: the
// GM's a check, a player's an attack. At the table a typed line is read as
// its seat's (engine.SeatStandin), and ParseAction, which knows no seat,
// gives a player's.
func TestUnknownAction_TheExampleFitsWhoTyped(t *testing.T) {
	const gmEx, playerEx = `as in "check strength of Ann"`, `as in "attack Wolf with Short sword"`
	if _, err := ParseAction("fly"); err == nil || !strings.Contains(err.Error(), playerEx) {
		t.Errorf("ParseAction(%q) = %v, want a player's example", "fly", err)
	}
	tab, err := engine.NewTable(Game, nil, testSeats, dice.Seed{7})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		seat      engine.Seat
		want, not string
	}{{"the GM", gmSeat, gmEx, playerEx}, {"a player", annSeat, playerEx, gmEx}} {
		for _, text := range []string{"fly to the moon", "", "  "} {
			_, err := tab.Act(tc.seat, Typed{Text: text})
			var ae *engine.ActionError
			if !errors.As(err, &ae) || !strings.Contains(ae.Refusal(), tc.want) || strings.Contains(ae.Refusal(), tc.not) {
				t.Errorf("typed %q by %s refused with %v, want %s", text, tc.name, err, tc.want)
			}
		}
	}
}
