package engine_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/internal/duel"
)

// duelWithRolls plays a short duel, with Ann making a free roll of expr
// after each of her stances when expr is not empty.
func duelWithRolls(t *testing.T, expr string) *engine.Table {
	t.Helper()
	tab, err := engine.NewTable(duel.Game, engine.Options{"rounds": "3"}, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}, testSeed)
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, over := tab.Over(); over {
			return tab
		}
		for _, s := range tab.State().Pending() {
			if _, err := tab.Act(s, duel.Stance{Stance: duel.Attack}); err != nil {
				t.Fatal(err)
			}
			if _, over := tab.Over(); s == 0 && expr != "" && !over {
				// Ann has sealed her stance: not her turn, yet she may roll.
				a, err := tab.Decode(engine.KindFreeRoll, json.RawMessage(`{"expr":"`+expr+`"}`))
				if err != nil {
					t.Fatal(err)
				}
				evs, err := tab.Act(0, a)
				if err != nil {
					t.Fatalf("Ann's free roll of %s: %v", expr, err)
				}
				if len(evs) != 1 || !strings.HasPrefix(evs[0].Text, "Ann rolls "+expr+": ") {
					t.Fatalf("the free roll's events: %+v", evs)
				}
			}
		}
	}
}

// gameEntries are a log's entries without the free rolls.
func gameEntries(log []engine.Entry) []engine.Entry {
	var out []engine.Entry
	for _, e := range log {
		if e.Kind != engine.KindFreeRoll {
			out = append(out, e)
		}
	}
	return out
}

func TestFreeRoll_AnySeatRollsAndTheGameDiceStayPut(t *testing.T) {
	with, without := duelWithRolls(t, "3d6"), duelWithRolls(t, "")
	rolls := len(with.Log(0)) - len(without.Log(0))
	if rolls == 0 {
		t.Fatal("no free roll was logged")
	}
	a, _ := json.Marshal(gameEntries(with.Log(0)))
	b, _ := json.Marshal(without.Log(0))
	if string(a) != string(b) {
		t.Fatalf("free rolls changed the game's dice or events:\n%s\n%s", a, b)
	}
	for _, e := range with.Log(0) {
		if e.Kind != engine.KindFreeRoll {
			continue
		}
		if len(e.Dice) != 3 || e.Dice[0].Sides != 6 {
			t.Fatalf("a free roll of 3d6 logged dice %v", e.Dice)
		}
		// Everyone sees it: Bo, and a spectator.
		for _, s := range []engine.Seat{1, engine.Spectator} {
			if evs := engine.EventsFor(e.Events, s); len(evs) != 1 || evs[0].Text != e.Events[0].Text {
				t.Fatalf("%s sees %+v of Ann's free roll", s, evs)
			}
		}
	}
}

func TestFreeRoll_ReplaysAndItsFacesAreChecked(t *testing.T) {
	x := duelWithRolls(t, "2d20kh1").Export(true)
	if _, err := engine.Replay(duel.Game, x); err != nil {
		t.Fatalf("a table with free rolls does not replay: %v", err)
	}
	for i, e := range x.Log {
		if e.Kind == engine.KindFreeRoll {
			x.Log[i].Dice = append([]dice.Draw(nil), e.Dice...)
			x.Log[i].Dice[0].Face = x.Log[i].Dice[0].Face%20 + 1
			break
		}
	}
	_, err := engine.Replay(duel.Game, x)
	var re *engine.ReplayError
	if !errors.As(err, &re) || !strings.Contains(err.Error(), "die 1: the log says d20 showed") {
		t.Fatalf("a free roll's forged face replays as %v, want a ReplayError naming the die", err)
	}
}

func TestFreeRoll_BadExpressionIsRefusedAndChangesNothing(t *testing.T) {
	tab, err := engine.NewTable(duel.Game, nil, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}, testSeed)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ body, want string }{
		{`{"expr":"3d6+)"}`, "col 5: unexpected ')'"},
		{`{"expr":""}`, "engine: say what to roll, e.g. 3d6"}, // not "roll : say..."
		{`{"expr":"` + strings.Repeat("1+", 60) + `1"}`, "at most 100 characters"},
		{`{"expr":"3d6","x":1}`, "unknown field"},
	} {
		_, err := tab.Decode(engine.KindFreeRoll, json.RawMessage(c.body))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("free roll %s: %v, want an error saying %q", c.body, err, c.want)
		}
	}
	if _, err := tab.Act(0, engine.FreeRoll{Expr: "d0"}); !engine.IsRefusal(err) || tab.Len() != 0 {
		t.Errorf("free roll of d0: %v, log %d; want a refusal and no entry", err, tab.Len())
	}
	over := duelWithRolls(t, "")
	if _, err := over.Act(0, engine.FreeRoll{Expr: "d6"}); !errors.Is(err, engine.ErrGameOver) {
		t.Errorf("free roll after the game: %v, want ErrGameOver", err)
	}
}
