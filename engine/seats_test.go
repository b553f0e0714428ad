package engine_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/internal/duel"
)

// newDuel returns a fresh duel between Ann and Bo.
func newDuel(t *testing.T, opts engine.Options) *engine.Table {
	t.Helper()
	tab, err := engine.NewTable(duel.Game, opts, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}, testSeed)
	if err != nil {
		t.Fatalf("NewTable: %v", err)
	}
	return tab
}

// finish plays the duel to its end, both seats attacking.
func finish(t *testing.T, tab *engine.Table) {
	t.Helper()
	for range 1000 {
		if _, over := tab.Over(); over {
			return
		}
		for _, s := range tab.State().Pending() {
			if _, err := tab.Act(s, duel.Stance{Stance: duel.Attack}); err != nil {
				t.Fatalf("Act: %v", err)
			}
		}
	}
	t.Fatal("the duel did not end")
}

func TestResign_ByDefaultABotPlaysTheSeatAndTheOutcomeSaysResigned(t *testing.T) {
	tab := newDuel(t, nil)
	events, err := tab.Act(1, engine.Resign{})
	if err != nil {
		t.Fatalf("Act(resign): %v", err)
	}
	if len(events) != 1 || !strings.Contains(events[0].Text, "Bo resigns") {
		t.Fatalf("resign events = %v, want one public event naming Bo", events)
	}
	if !tab.Resigned(1) || !tab.StandIn(1) || tab.Resigned(0) || tab.StandIn(0) {
		t.Fatalf("Resigned/StandIn = %v/%v %v/%v, want only seat 2 resigned and played by a bot",
			tab.Resigned(0), tab.StandIn(0), tab.Resigned(1), tab.StandIn(1))
	}
	if e := tab.Log(0)[0]; e.Kind != engine.KindResign || e.Seat != 1 {
		t.Fatalf("log entry = %s by %s, want resign by seat 2", e.Kind, e.Seat)
	}
	if _, err := tab.Act(1, engine.Resign{}); !errors.Is(err, engine.ErrIllegalAction) {
		t.Fatalf("resigning twice: err = %v, want ErrIllegalAction", err)
	}
	if _, err := tab.Act(1, engine.TakeOver{}); !errors.Is(err, engine.ErrIllegalAction) {
		t.Fatalf("taking back a resigned seat: err = %v, want ErrIllegalAction", err)
	}
	finish(t, tab)
	out, _ := tab.Over()
	if !slices.Equal(out.Resigned, []engine.Seat{1}) || !strings.Contains(out.Text, "Bo resigned") {
		t.Fatalf("outcome = %+v, want seat 2 marked resigned", out)
	}
}

func TestHandOverAndTakeOver_AreLoggedAndReplay(t *testing.T) {
	tab := newDuel(t, nil)
	if _, err := tab.Act(0, engine.TakeOver{}); !errors.Is(err, engine.ErrIllegalAction) {
		t.Fatalf("taking over a seat nobody stands in for: err = %v, want ErrIllegalAction", err)
	}
	if _, err := tab.Act(0, engine.HandOver{}); err != nil {
		t.Fatalf("hand-over: %v", err)
	}
	if !tab.StandIn(0) || tab.Resigned(0) {
		t.Fatal("after a hand-over a bot should stand in for seat 1, which has not resigned")
	}
	if _, err := tab.Act(0, engine.HandOver{}); !errors.Is(err, engine.ErrIllegalAction) {
		t.Fatalf("second hand-over: err = %v, want ErrIllegalAction", err)
	}
	if _, err := tab.Act(0, duel.Stance{Stance: duel.Guard}); err != nil {
		t.Fatalf("the stand-in's move: %v", err)
	}
	if _, err := tab.Act(0, engine.TakeOver{}); err != nil {
		t.Fatalf("take-over: %v", err)
	}
	if tab.StandIn(0) {
		t.Fatal("after the take-over no bot should stand in for seat 1")
	}
	var kinds []string
	for _, e := range tab.Log(0) {
		kinds = append(kinds, e.Kind)
	}
	if want := []string{engine.KindHandOver, "stance", engine.KindTakeOver}; !slices.Equal(kinds, want) {
		t.Fatalf("log kinds = %v, want %v", kinds, want)
	}
	if _, err := tab.Act(0, engine.HandOver{}); err != nil {
		t.Fatalf("hand-over again: %v", err)
	}
	finish(t, tab)
	r, err := engine.Replay(duel.Game, roundTrip(t, tab))
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	if !r.StandIn(0) || r.Len() != tab.Len() {
		t.Fatalf("replayed: StandIn(0) = %v, Len = %d; want true, %d", r.StandIn(0), r.Len(), tab.Len())
	}
}

func TestTableOptions_EveryGameTakesTheTurnClockOnlyWhenGiven(t *testing.T) {
	info := duel.Game.Info()
	opts, err := info.Normalize(engine.Options{engine.OptTurnClock: " 30 "})
	if err != nil {
		t.Fatalf("Normalize(turn-clock 30): %v", err)
	}
	if opts[engine.OptTurnClock] != "30" {
		t.Fatalf("turn-clock = %q, want 30", opts[engine.OptTurnClock])
	}
	plain, err := info.Normalize(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := plain[engine.OptTurnClock]; ok {
		t.Fatalf("Normalize(nil) = %v: a table option not given must stay out", plain)
	}
	if _, err := info.Normalize(engine.Options{engine.OptTurnClock: "-1"}); err == nil || !strings.Contains(err.Error(), "turn-clock") {
		t.Fatalf("Normalize(turn-clock -1): err = %v, want one naming the option", err)
	}
	tab := newDuel(t, engine.Options{engine.OptTurnClock: "5"})
	finish(t, tab)
	if _, err := engine.Replay(duel.Game, roundTrip(t, tab)); err != nil {
		t.Fatalf("Replay of a table with a clock: %v", err)
	}
}

func TestResume_KeepsWhoBotsStandInFor(t *testing.T) {
	tab, _ := pmrTable(t, 3, 0)
	if _, err := tab.Act(1, engine.HandOver{}); err != nil {
		t.Fatal(err)
	}
	if _, err := tab.Act(2, engine.Resign{}); err != nil {
		t.Fatal(err)
	}
	snap, err := tab.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	r, err := engine.Resume(tab.Game(), tab.Export(true), snap)
	if err != nil {
		t.Fatalf("Resume: %v", err)
	}
	if !r.StandIn(1) || r.Resigned(1) || !r.Resigned(2) || r.StandIn(0) {
		t.Fatalf("resumed: stand-ins %v %v %v, resigned %v; want seat 2 stood in, seat 3 resigned",
			r.StandIn(0), r.StandIn(1), r.StandIn(2), r.Resigned(2))
	}
}

// forfeit is the duel with a rule for resigning: the seat that resigns
// loses at once.
type forfeit struct{ engine.Game }

func (g forfeit) Setup(opts engine.Options, seats []engine.SeatInfo, d *dice.Stream) (engine.State, error) {
	st, err := g.Game.Setup(opts, seats, d)
	if err != nil {
		return nil, err
	}
	return forfeitState{st.(*duel.State)}, nil
}

type forfeitState struct{ *duel.State }

func (f forfeitState) Clone() engine.State { return forfeitState{f.State.Clone().(*duel.State)} }

func (f forfeitState) Resign(s engine.Seat, _ *dice.Stream) ([]engine.Event, error) {
	if s < 0 || s > 1 {
		return nil, engine.NotYourTurn(engine.Resign{}, "only the duellists resign")
	}
	f.Health[s] = 0
	return []engine.Event{{Kind: "forfeit", Text: "the duel is forfeited"}}, nil
}

func TestResign_AGameWithItsOwnRuleForResigningDecides(t *testing.T) {
	tab, err := engine.NewTable(forfeit{duel.Game}, nil, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}, testSeed)
	if err != nil {
		t.Fatal(err)
	}
	events, err := tab.Act(0, engine.Resign{})
	if err != nil {
		t.Fatalf("resign: %v", err)
	}
	if len(events) != 2 || events[0].Kind != "forfeit" {
		t.Fatalf("events = %v, want the game's forfeit then the table's resign", events)
	}
	out, over := tab.Over()
	if !over || !slices.Equal(out.Winners, []engine.Seat{1}) || !slices.Equal(out.Resigned, []engine.Seat{0}) {
		t.Fatalf("Over = %+v, %v; want Bo the winner and Ann resigned", out, over)
	}
	r, err := engine.Replay(forfeit{duel.Game}, roundTrip(t, tab))
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	if _, over := r.Over(); !over {
		t.Fatal("the replayed table should be over")
	}
}

// TestDistinctNames_RefusesNamesAlikeButForCaseAndSpaces: two seats whose
// names read as one in the log are refused, naming both seats (and both
// spellings where they differ); names that differ otherwise pass.
func TestDistinctNames_RefusesNamesAlikeButForCaseAndSpaces(t *testing.T) {
	const noError, hasError = false, true
	for _, tc := range []struct {
		name  string
		names []string
		fails bool
		want  string
	}{
		{"all distinct", []string{"Ann", "Bo", "Annie"}, noError, ""},
		{"one name twice", []string{"Ann", "Bo", "Ann"}, hasError, "seats 1 and 3 are both called Ann: give each seat its own name"},
		{"but for spaces", []string{"Ann", " Ann "}, hasError, "seats 1 and 2 are both called Ann"},
		{"but for case", []string{"Cy", "Ann", "ANN "}, hasError, "seats 2 and 3 are called Ann and ANN, one name but for case"},
		{"no seats", nil, noError, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			seats := make([]engine.SeatInfo, len(tc.names))
			for i, n := range tc.names {
				seats[i].Name = n
			}
			err := engine.DistinctNames(seats)
			if (err != nil) != tc.fails || (err != nil && !strings.Contains(err.Error(), tc.want)) {
				t.Errorf("DistinctNames(%q) = %v, want error %v saying %q", tc.names, err, tc.fails, tc.want)
			}
		})
	}
}
