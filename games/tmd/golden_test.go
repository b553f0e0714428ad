package tmd

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/engine/enginetest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGoldenBattle plays a seeded battle to its end: Ann, Bo and Cy
// against a Geodude and an Oddish, with a status move, a GM's condition
// and secondary effects on the way. The log, as the GM reads it, each
// action and the Markdown summary are kept in testdata/battle.golden:
// any change in how the table rolls or resolves shows there.
func TestGoldenBattle(t *testing.T) {
	tab, err := engine.NewTable(Game, nil, testSeats, dice.Seed{18})
	if err != nil {
		t.Fatal(err)
	}
	d := mustData(t)
	var out strings.Builder
	act := func(seat engine.Seat, a engine.Action) {
		t.Helper()
		evs, err := tab.Act(seat, a)
		if err != nil {
			t.Fatalf("%s by %s: %v", a, seat, err)
		}
		fmt.Fprintf(&out, "> %s: %s\n", testSeats[seat].Name, a)
		for _, e := range engine.EventsFor(evs, gmSeat) {
			fmt.Fprintf(&out, "  %s\n", e.Text)
		}
	}
	for i, seat := range testPlayers {
		act(seat, BringSheet{Sheet: *SampleSheet(d, testSeats[seat].Name, i)})
	}
	act(gmSeat, AddFoe{Species: "Geodude", Level: 6, Moves: []string{"Tackle", "Rock Throw"}})
	act(gmSeat, AddFoe{Species: "Oddish", Level: 6, Moves: []string{"Poison Powder", "Absorb"}, Hidden: true})
	act(gmSeat, StartBattle{First: Foes})
	act(gmSeat, SetCondition{Who: "Geodude", Condition: CondParalysis, Reason: "a numbing mist"})
	for step := 0; step < 200; step++ {
		s := tab.State().(*State)
		b := s.Battle
		if b == nil {
			break
		}
		first := func(side Side) string {
			for _, f := range b.side(side) {
				if !f.Fainted {
					return f.Name
				}
			}
			return ""
		}
		if b.Side == Foes {
			acted := false
			for _, f := range b.side(Foes) {
				if !b.canAct(f) {
					continue
				}
				move := f.Body.Moves[0]
				if f.Turn.StatusMove || b.Round > 1 {
					move = f.Body.Moves[1]
				}
				act(gmSeat, UseMove{Actor: f.Name, Move: move, Targets: []string{first(Allies)}})
				acted = true
				break
			}
			if !acted {
				act(gmSeat, EndTurn{})
			}
			continue
		}
		for _, f := range b.side(Allies) {
			if !b.canAct(f) {
				continue
			}
			m := s.member(f.Seat)
			switch {
			case f.Turn.Acted:
				act(f.Seat, EndTurn{})
			case f.Name == "Ann" && b.Round == 1:
				act(f.Seat, UseMove{Move: "Growl", Targets: []string{first(Foes)}})
				act(f.Seat, EndTurn{})
			default:
				act(f.Seat, UseMove{Move: m.Sheet.Moves[0], Targets: []string{first(Foes)}})
			}
			break
		}
	}
	s := tab.State().(*State)
	if s.Battle != nil {
		t.Fatalf("the battle did not end in 200 actions")
	}
	fmt.Fprintf(&out, "\nTeam after the battle:")
	for _, m := range s.Team {
		fmt.Fprintf(&out, " %s %d HP;", m.Sheet.Name, m.HP)
	}
	fmt.Fprintf(&out, "\n\n%s", s.Summary)
	enginetest.CompareGolden(t, "battle.golden", out.String(), *update)
}
