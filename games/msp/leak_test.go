package msp

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// leakScript plays a session on a table whose hidden values come from
// secret(n), the n-th secret of the variant, and records, after every
// action, what each watched seat receives: its view, its events and the
// refusals of a set of probing actions, all as bytes.
func leakScript(t *testing.T, secret func(n int) string, watch []engine.Seat) []string {
	t.Helper()
	tab, err := engine.NewTable(Game, nil, testSeats, dice.Seed{42})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	record := func(step string, evs []engine.Event) {
		for _, seat := range watch {
			// Every action gives every seat a line of the log, so that the
			// log's numbering and the moments a page changes tell a seat
			// nothing beyond that line.
			if step != "start" && len(engine.EventsFor(evs, seat)) == 0 {
				t.Fatalf("%q gave %s no line of the log", step, seat)
			}
			v, _ := json.Marshal(tab.State().View(seat))
			e, _ := json.Marshal(engine.EventsFor(evs, seat))
			var refusals []string
			if seat >= 0 && seat != gmSeat {
				// Probe on a copy: whether each is refused, and why.
				for _, probe := range []engine.Action{Roll{}, Rest{}, Strike{Target: "Wolf"}, Use{Item: "Bread", On: "Ann"}, Pay{Amount: 1, To: "Ann"}, Target{Value: 3}, Note{Text: "x"}} {
					if _, err := tab.State().Clone().Apply(seat, probe, dice.NewUnrecordedStream(dice.Seed{})); err != nil {
						refusals = append(refusals, err.Error())
					} else {
						refusals = append(refusals, "accepted")
					}
				}
			}
			// The step's own text (the GM's, with the secret) heads the
			// record but is not compared; see compareLeak.
			got = append(got, fmt.Sprintf("%s\x00%s\nview %s\nevents %s\nrefused %s", step, seat, v, e, strings.Join(refusals, " | ")))
		}
	}
	act := func(seat engine.Seat, text string) {
		t.Helper()
		a, err := ParseAction(text)
		if err != nil {
			t.Fatalf("ParseAction(%q): %v", text, err)
		}
		evs, err := tab.Act(seat, a)
		if err != nil {
			t.Fatalf("%s by %s: %v", text, seat, err)
		}
		record(text, evs)
	}
	record("start", nil)
	act(annSeat, "create Ann / elf / ranger / chaotic good / hunter")
	act(boSeat, "create Bo / dwarf / smith / lawful neutral / smith")
	act(gmSeat, "note: "+secret(0))
	act(gmSeat, "book creature Wolf: hp "+secret(1)+"; bite 0")
	act(gmSeat, "give "+secret(2)+" to Ann: a gift")
	act(gmSeat, "coins +"+secret(3)+" to Ann: wages")
	act(gmSeat, "set strength of Ann to "+secret(4)+": a blessing")
	act(gmSeat, "check speed of Bo")
	act(gmSeat, "target "+secret(5))
	act(gmSeat, "note: "+secret(6))
	act(gmSeat, "cancel check: never mind")
	act(gmSeat, "battle Wolf")
	for step := 0; step < 12; step++ {
		st := tab.State().(*State)
		if st.Fight == nil {
			break
		}
		switch f := st.Fight; {
		case f.Hit != nil:
			act(gmSeat, "damage 2")
		case f.actor().Enemy >= 0:
			act(gmSeat, "attack Bo with bite")
		default:
			act(f.actor().Seat, "attack Wolf")
		}
	}
	return got
}

// compareLeak plays the script with two variants of the secrets and fails
// at the first thing a watched seat receives differently.
func compareLeak(t *testing.T, a, b []string, watch []engine.Seat) {
	t.Helper()
	pa := leakScript(t, func(n int) string { return a[n] }, watch)
	pb := leakScript(t, func(n int) string { return b[n] }, watch)
	if len(pa) != len(pb) {
		t.Fatalf("the two variants recorded %d and %d steps", len(pa), len(pb))
	}
	for i := range pa {
		stepA, gotA, _ := strings.Cut(pa[i], "\x00")
		stepB, gotB, _ := strings.Cut(pb[i], "\x00")
		if gotA != gotB {
			t.Fatalf("after %q / %q a seat received something that depends on a hidden value:\n%s\n---\n%s", stepA, stepB, gotA, gotB)
		}
	}
}

// TestGMSecretsNeverReachAPlayer varies everything the GM hides from all
// players (notes, the book's numbers, a check's target never rolled, an
// enemy's health) and compares, byte for byte, every player's and the
// spectator's views, events and refusals.
func TestGMSecretsNeverReachAPlayer(t *testing.T) {
	same := func(rest ...string) []string { return append([]string{}, rest...) }
	a := same("the innkeeper is the thief", "15", "Rope", "10", "0", "at least 5", "trap at the bridge")
	b := same("nothing to see here, really nothing at all", "40", "Rope", "10", "0", "at most 18", "x")
	compareLeak(t, a, b, []engine.Seat{annSeat, boSeat, engine.Spectator})
}

// TestOnePlayersSecretsNeverReachAnother varies Ann's secret sheet (her
// items, coins and Strength) and compares what Bo and a spectator receive.
func TestOnePlayersSecretsNeverReachAnother(t *testing.T) {
	a := []string{"n", "15", "Rope", "10", "0", "at least 5", "n"}
	b := []string{"n", "15", "Short sword", "1 gold 3 silver", "7", "at least 5", "n"}
	compareLeak(t, a, b, []engine.Seat{boSeat, engine.Spectator})
}

// TestLeakScriptSeesTheSecretsWhereTheyBelong guards the leak tests
// themselves: the GM does see the secrets varied, and Ann sees her own.
func TestLeakScriptSeesTheSecretsWhereTheyBelong(t *testing.T) {
	gm := leakScript(t, func(n int) string {
		return []string{"the innkeeper is the thief", "15", "Rope", "10", "0", "at least 5", "n"}[n]
	}, []engine.Seat{gmSeat, annSeat})
	all := strings.Join(gm, "\n")
	for _, want := range []string{"the innkeeper is the thief", `"target":{"at_most":false,"value":5}`, `"name":"Rope"`} {
		if !strings.Contains(all, want) {
			t.Errorf("the GM or Ann never received %q: the leak tests would prove nothing", want)
		}
	}
}
