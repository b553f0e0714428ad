package engine_test

import (
	"encoding/json"
	"errors"
	"slices"
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
	g, err := engine.NewGM(gmSeats, 1)
	if err != nil {
		t.Fatalf("NewGM: %v", err)
	}
	return g
}

func TestGMSeatsAreTheMarkedSeatsOrTheFirst(t *testing.T) {
	const noError, hasError = false, true
	for _, tc := range []struct {
		name    string
		seats   []engine.SeatInfo
		most    int
		want    []engine.Seat
		wantErr bool
		errHas  string
	}{
		{"one marked", gmSeats, 0, []engine.Seat{1}, noError, ""},
		{"none marked: the first", []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}, 0, []engine.Seat{0}, noError, ""},
		{"no seats", nil, 0, nil, hasError, "needs a seat"},
		{"two marked, one allowed", []engine.SeatInfo{{GM: true}, {GM: true}}, 1, nil, hasError, "both marked as the game master: this game has one game master"},
		{"two marked, most 0 means one", []engine.SeatInfo{{GM: true}, {}, {GM: true}}, 0, nil, hasError, "seat 1 and seat 3 are both"},
		{"two marked, two allowed: lead first", []engine.SeatInfo{{}, {GM: true}, {}, {GM: true}}, 2, []engine.Seat{1, 3}, noError, ""},
		{"three marked, two allowed", []engine.SeatInfo{{GM: true}, {GM: true}, {GM: true}, {}}, 2, nil, hasError, "3 seats are marked as game masters: this game has at most 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := engine.GMSeats(tc.seats, tc.most)
			if (err != nil) != tc.wantErr || err != nil && !strings.Contains(err.Error(), tc.errHas) {
				t.Fatalf("GMSeats(%v, %d) error = %v, want one saying %q: %v", tc.seats, tc.most, err, tc.errHas, tc.wantErr)
			}
			if err == nil && !slices.Equal(got, tc.want) {
				t.Errorf("GMSeats(%v, %d) = %v, want %v", tc.seats, tc.most, got, tc.want)
			}
		})
	}
}

// TestCheckGMs_AGameWithoutAGameMasterHasNoGMSeat: a new table's seats
// may mark a game master only in a game that has one, and no more than
// it seats; the refusal names the game and the seat.
func TestCheckGMs_AGameWithoutAGameMasterHasNoGMSeat(t *testing.T) {
	const noError, hasError = false, true
	ranch := engine.Info{ID: "pmr", Name: "Pocket Monster Rancher"}
	story := engine.Info{ID: "msp", Name: "musi supa pona", GMSeat: true}
	for _, tc := range []struct {
		name   string
		info   engine.Info
		seats  []engine.SeatInfo
		fails  bool
		errHas string
	}{
		{"no GM game, none marked", ranch, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}, noError, ""},
		{"no GM game, one marked", ranch, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo", GM: true}}, hasError, "Pocket Monster Rancher has no game master: seat 2 cannot be one"},
		{"GM game, one marked", story, gmSeats, noError, ""},
		{"GM game, none marked: the first", story, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}, noError, ""},
		{"GM game, two marked", story, []engine.SeatInfo{{Name: "Ann", GM: true}, {Name: "Bo", GM: true}}, hasError, "this game has one game master"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.info.CheckGMs(tc.seats)
			if (err != nil) != tc.fails || err != nil && !strings.Contains(err.Error(), tc.errHas) {
				t.Errorf("CheckGMs(%v) = %v, want error %v saying %q", tc.seats, err, tc.fails, tc.errHas)
			}
		})
	}
}

// TestGMTwoMarkedSeatsAreBothGMsAndSeeTheNotesPlayersNone: at a table of
// a game that seats co-GMs, both marked seats are GMs: each may write a
// note and make a private change, each sees both in its view and its
// events, and the players see neither, only a line saying the GM did
// something.
func TestGMTwoMarkedSeatsAreBothGMsAndSeeTheNotesPlayersNone(t *testing.T) {
	seats := []engine.SeatInfo{{Name: "Ann"}, {Name: "Gail", GM: true}, {Name: "Bo"}, {Name: "Hal", GM: true}}
	g, err := engine.NewGM(seats, 2)
	if err != nil {
		t.Fatalf("NewGM: %v", err)
	}
	gms, players := []engine.Seat{1, 3}, []engine.Seat{engine.Spectator, 0, 2}
	for _, s := range gms {
		if !g.Is(s) {
			t.Errorf("%s is marked GM, but GM.Is(%s) = false", s, s)
		}
	}
	for _, s := range players {
		if g.Is(s) {
			t.Errorf("GM.Is(%s) = true for a player", s)
		}
	}
	if p := g.Pending(len(seats), func(engine.Seat) bool { return false }); !slices.Equal(p, gms) {
		t.Errorf("Pending = %v, want both GMs %v", p, gms)
	}
	var events []engine.Event
	for _, step := range []struct {
		seat engine.Seat
		do   func(engine.Seat) (engine.Event, error)
	}{
		{1, func(s engine.Seat) (engine.Event, error) { return g.Note(s, gmAct{}, "the innkeeper is the thief") }},
		{3, func(s engine.Seat) (engine.Event, error) { return g.Note(s, gmAct{}, "the well hides a key") }},
		{3, func(s engine.Seat) (engine.Event, error) {
			return g.Adjust(s, gmAct{}, "the lock's target 14", "it is rusty", false)
		}},
	} {
		ev, err := step.do(step.seat)
		if err != nil {
			t.Fatalf("%s: %v", step.seat, err)
		}
		events = append(events, ev)
	}
	secrets := []string{"innkeeper", "well hides", "rusty"}
	for _, s := range gms {
		b, _ := json.Marshal(g.View(s))
		var seen []string
		for _, e := range engine.EventsFor(events, s) {
			seen = append(seen, e.Text)
		}
		for _, secret := range secrets {
			if !strings.Contains(string(b), secret) {
				t.Errorf("GM %s's view lacks %q: %s", s, secret, b)
			}
			if !strings.Contains(strings.Join(seen, "\n"), secret) {
				t.Errorf("GM %s's events lack %q: %q", s, secret, seen)
			}
		}
	}
	for _, s := range players {
		b, _ := json.Marshal(g.View(s))
		seen := engine.EventsFor(events, s)
		if len(seen) != len(events) {
			t.Errorf("%s sees %d events, want a line for each of the GMs' actions", s, len(seen))
		}
		for _, secret := range secrets {
			if strings.Contains(string(b), secret) {
				t.Errorf("%s's view shows %q: %s", s, secret, b)
			}
			for _, e := range seen {
				if strings.Contains(e.Text, secret) {
					t.Errorf("%s sees %q", s, e.Text)
				}
			}
		}
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

// TestGMOfOneWritesNoCoGMs: a table with one GM writes its GM as before
// co-GMs were possible (no "Co" key), so older snapshots and logs decode
// unchanged, and a GM with co-GMs reads back the same.
func TestGMOfOneWritesNoCoGMs(t *testing.T) {
	one := mustGM(t)
	b, err := json.Marshal(one)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "Co") {
		t.Errorf("a GM without co-GMs writes %s, want no Co", b)
	}
	two, err := engine.NewGM([]engine.SeatInfo{{GM: true}, {}, {GM: true}}, 2)
	if err != nil {
		t.Fatal(err)
	}
	b, _ = json.Marshal(two)
	var back engine.GM
	if err := json.Unmarshal(b, &back); err != nil || back.Seat != 0 || !slices.Equal(back.Co, []engine.Seat{2}) {
		t.Errorf("%s reads back as %+v, %v", b, back, err)
	}
	if c := two.Clone(); !slices.Equal(c.Seats(), []engine.Seat{0, 2}) {
		t.Errorf("a clone's GM seats = %v, want [0 2]", c.Seats())
	}
}

// TestCheckText_ABlankReasonSaysWhereOneGoes: a GM's action without its
// reason is refused with words that say where the reason is written; one
// too long gives the limit.
func TestCheckText_ABlankReasonSaysWhereOneGoes(t *testing.T) {
	if err := engine.CheckText(nil, "a reason", "  "); err == nil || !strings.Contains(err.Error(), "the game master must give a reason (the choices and the rules summary show where it goes)") {
		t.Errorf("a blank reason: %v", err)
	}
	if err := engine.CheckText(nil, "a reason", strings.Repeat("x", engine.MaxGMText+1)); err == nil || !strings.Contains(err.Error(), "is limited to") {
		t.Errorf("a reason too long: %v", err)
	}
	if err := engine.CheckText(nil, "a reason", "a storm"); err != nil {
		t.Errorf("a reason: %v", err)
	}
}
