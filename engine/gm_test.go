package engine_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"tabletop/engine"
)

// gmAct is an action for the GM tests.
type gmAct struct{}

func (gmAct) Kind() string   { return "adjust" }
func (gmAct) String() string { return "adjust" }

var gmSeats = []engine.SeatInfo{{Name: "Ann"}, {Name: "Gail", GM: true}, {Name: "Bo"}}

func mustGM(t *testing.T) engine.GM {
	t.Helper()
	g, err := engine.NewGM(gmSeats)
	if err != nil {
		t.Fatalf("NewGM: %v", err)
	}
	return g
}

func TestGMSeatIsTheMarkedSeatOrTheFirst(t *testing.T) {
	if s, err := engine.GMSeat(gmSeats); err != nil || s != 1 {
		t.Fatalf("GMSeat = %v, %v; want seat 2", s, err)
	}
	if s, err := engine.GMSeat([]engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}); err != nil || s != 0 {
		t.Errorf("GMSeat of a table with no seat marked = %v, %v; want the first seat", s, err)
	}
	if _, err := engine.GMSeat(nil); err == nil {
		t.Errorf("GMSeat of a table without seats: no error")
	}
	if _, err := engine.GMSeat([]engine.SeatInfo{{GM: true}, {GM: true}}); err == nil || !strings.Contains(err.Error(), "both") {
		t.Errorf("GMSeat of a table with two GMs = %v, want an error naming both", err)
	}
}

func TestGMAdjustmentNeedsAReasonAndTheGMSeat(t *testing.T) {
	g := mustGM(t)
	if _, err := g.Adjust(1, gmAct{}, "Ann's HP 12 -> 15", "  ", true); !errors.Is(err, engine.ErrIllegalAction) {
		t.Errorf("an adjustment without a reason = %v, want an illegal action", err)
	}
	if _, err := g.Adjust(0, gmAct{}, "Ann's HP 12 -> 15", "a spring", true); !errors.Is(err, engine.ErrNotYourTurn) {
		t.Errorf("an adjustment by a player = %v, want not your turn", err)
	}
	if len(g.Adjustments) != 0 {
		t.Fatalf("refused adjustments were recorded: %v", g.Adjustments)
	}
	ev, err := g.Adjust(1, gmAct{}, "Ann's HP 12 -> 15", "a spring", true)
	if err != nil {
		t.Fatal(err)
	}
	if ev.Text != "GM: Ann's HP 12 -> 15 (a spring)" || len(ev.Only) != 0 {
		t.Errorf("public adjustment event = %+v", ev)
	}
	if len(g.Adjustments) != 1 || g.Adjustments[0].Reason != "a spring" {
		t.Errorf("Adjustments = %v", g.Adjustments)
	}
}

func TestGMNotesAndPrivateAdjustmentsNeverReachAPlayer(t *testing.T) {
	g := mustGM(t)
	before := map[engine.Seat]string{}
	for _, s := range []engine.Seat{engine.Spectator, 0, 2} {
		b, _ := json.Marshal(g.View(s))
		before[s] = string(b)
	}
	var events []engine.Event
	ev, err := g.Note(1, gmAct{}, "the innkeeper is the thief")
	if err != nil {
		t.Fatal(err)
	}
	events = append(events, ev)
	if ev, err = g.Adjust(1, gmAct{}, "the lock's target 14", "it is rusty", false); err != nil {
		t.Fatal(err)
	}
	events = append(events, ev)
	for _, s := range []engine.Seat{engine.Spectator, 0, 2} {
		b, _ := json.Marshal(g.View(s))
		if string(b) != before[s] {
			t.Errorf("%s's view changed after a note and a private adjustment: %s", s, b)
		}
		for _, e := range engine.EventsFor(events, s) {
			if strings.Contains(e.Text, "innkeeper") || strings.Contains(e.Text, "rusty") || strings.Contains(e.Text, "14") {
				t.Errorf("%s sees %q", s, e.Text)
			}
		}
		if seen := engine.EventsFor(events, s); len(seen) != 2 {
			t.Errorf("%s sees %d events, want a line for each of the GM's actions (the log's numbering must not show more)", s, len(seen))
		}
	}
	b, _ := json.Marshal(g.View(1))
	if !strings.Contains(string(b), "innkeeper") || !strings.Contains(string(b), "rusty") {
		t.Errorf("the GM's view lacks the note or the adjustment: %s", b)
	}
	if _, err := g.Note(0, gmAct{}, "mine"); !errors.Is(err, engine.ErrNotYourTurn) {
		t.Errorf("a player's note = %v, want not your turn", err)
	}
}

func TestGMAdjustmentToOnePlayersSecretReachesThatPlayerOnly(t *testing.T) {
	g := mustGM(t)
	ev, err := g.Adjust(1, gmAct{}, "Ann's strength 3 -> 5", "a blessing", false, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := ev.For(0); !ok {
		t.Errorf("Ann does not see the adjustment to her own sheet")
	}
	if e, _ := ev.For(2); strings.Contains(e.Text, "blessing") || strings.Contains(e.Text, "strength") {
		t.Errorf("Bo sees the adjustment to Ann's secret sheet: %q", e.Text)
	}
	ann, _ := json.Marshal(g.View(0))
	bo, _ := json.Marshal(g.View(2))
	if !strings.Contains(string(ann), "blessing") || strings.Contains(string(bo), "blessing") {
		t.Errorf("views: Ann %s, Bo %s", ann, bo)
	}
}

func TestGMRevealMovesAHiddenValueIntoEveryView(t *testing.T) {
	h := engine.Hide(14)
	if h.For(false) != nil {
		t.Fatalf("a player sees the hidden value before the reveal")
	}
	if v := h.For(true); v == nil || *v != 14 {
		t.Fatalf("the GM sees %v, want 14", v)
	}
	other := engine.Hide(3)
	a, _ := json.Marshal(h.For(false))
	b, _ := json.Marshal(other.For(false))
	if string(a) != string(b) {
		t.Errorf("unrevealed values read differently to a player: %s and %s", a, b)
	}
	h.Reveal()
	if v := h.For(false); v == nil || *v != 14 {
		t.Errorf("after the reveal a player sees %v, want 14", v)
	}
}

func TestGMCloneSharesNothing(t *testing.T) {
	g := mustGM(t)
	if _, err := g.Note(1, gmAct{}, "one"); err != nil {
		t.Fatal(err)
	}
	c := g.Clone()
	if _, err := c.Note(1, gmAct{}, "two"); err != nil {
		t.Fatal(err)
	}
	c.Notes[0] = "changed"
	if len(g.Notes) != 1 || g.Notes[0] != "one" {
		t.Errorf("changing a clone changed the original: %v", g.Notes)
	}
}

// TestGMRevealShowsThePrivateChangesNotTheNotes: at the end of a game the
// adjustments a player did not see are told to everyone; a public
// adjustment, which everyone saw, is not told again, and the GM's notes
// stay the GM's.
func TestGMRevealShowsThePrivateChangesNotTheNotes(t *testing.T) {
	g := mustGM(t)
	if got := g.Reveal(); len(got) != 0 {
		t.Fatalf("Reveal of an empty book = %v, want nothing", got)
	}
	if _, err := g.Note(1, gmAct{}, "the innkeeper is the thief"); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Adjust(1, gmAct{}, "the lock's target 14", "it is rusty", false); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Adjust(1, gmAct{}, "Ann's HP 12 -> 15", "a healing spring", true); err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, ev := range g.Reveal() {
		if len(ev.Only) != 0 || ev.Kind != "reveal" {
			t.Errorf("Reveal event %+v is not a public reveal", ev)
		}
		texts = append(texts, ev.Text)
	}
	want := []string{"The GM's change: the lock's target 14 (it is rusty)"}
	if strings.Join(texts, "\n") != strings.Join(want, "\n") {
		t.Errorf("Reveal = %q, want %q", texts, want)
	}
}
