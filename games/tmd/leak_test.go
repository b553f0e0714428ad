package tmd

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// leakSeating is a table for leakScript: its seats, and the GMs who act,
// the lead and the co-GM (the lead again at a table of one GM).
type leakSeating struct {
	name     string
	seats    []engine.SeatInfo
	lead, co engine.Seat
}

// halSeat is the co-GM's seat at a table of two GMs (coGMSeats).
const halSeat engine.Seat = 4

// coGMSeats is testSeats with a co-GM, Hal, after the players.
var coGMSeats = append(slices.Clone(testSeats), engine.SeatInfo{Name: "Hal", GM: true})

// leakScript plays a session on a table whose secrets come from
// secret(n): the GM's notes, a hidden foe's level and the numbers the GM
// gives it in private (Defense, Special Defense, max HP, HP), and another
// hidden foe's max HP, which decides its damage over time. The co-GM
// writes the notes, adds the first hidden foe, gives it its Defense and
// acts for it. After every action it records what each watched seat
// receives: its view, its events and the refusals of probing actions, as
// bytes. Every action gives every seat at least one line of the log. With
// typed, every action is played as a Typed action, its text form.
func leakScript(t *testing.T, secret func(n int) int, ls leakSeating, watch []engine.Seat, typed bool) []string {
	t.Helper()
	gmSeat, coSeat := ls.lead, ls.co
	tab, err := engine.NewTable(Game, nil, ls.seats, dice.Seed{42})
	if err != nil {
		t.Fatal(err)
	}
	d := mustData(t)
	var got []string
	record := func(step string, evs []engine.Event) {
		for _, seat := range watch {
			v, _ := json.Marshal(tab.State().View(seat))
			e, _ := json.Marshal(engine.EventsFor(evs, seat))
			l, _ := json.Marshal(tab.State().Legal(seat))
			var refusals []string
			if seat >= 0 && !st(tab).GM.Is(seat) {
				for _, probe := range []engine.Action{
					UseMove{Move: "Growl", Targets: []string{"Zubat"}}, UseMove{Move: "Nope", Targets: []string{"Zubat"}},
					Dodge{AP: 9}, Override{Who: "Zubat", Field: "hp", Value: 1, Reason: "x"}, Reveal{Foe: "Zubat"},
					Typed{Text: "use Growl on Zubat"}, Typed{Text: "Zubat: use Bite on Ann"}, Typed{Text: "note: what is the Zubat's level?"},
					Typed{Text: "set hp of Zubat to 1 (x)"}, Typed{Text: "hide the stats of Zubat"},
				} {
					a, err := engine.Resolve(probe) // a Typed reads as its action first, as at the table
					if err == nil {
						_, err = tab.State().Clone().Apply(seat, a, dice.NewUnrecordedStream(dice.Seed{}))
					}
					if err != nil {
						refusals = append(refusals, err.Error())
					} else {
						refusals = append(refusals, "accepted")
					}
				}
			}
			got = append(got, fmt.Sprintf("%s\x00%s\nview %s\nevents %s\nlegal %s\nrefused %s", step, seat, v, e, l, strings.Join(refusals, " | ")))
		}
	}
	act := func(seat engine.Seat, a engine.Action) {
		t.Helper()
		played := a
		if typed {
			played = Typed{Text: textOf(t, a)}
		}
		evs, err := tab.Act(seat, played)
		if err != nil {
			t.Fatalf("%s by %s: %v", a, seat, err)
		}
		for _, seat := range watch {
			if len(engine.EventsFor(evs, seat)) == 0 {
				t.Errorf("%s gives %s no line of the log: its silence would tell", a, seat)
			}
		}
		record(a.String(), evs)
	}
	record("start", nil)
	for i, seat := range testPlayers {
		act(seat, BringSheet{Sheet: *SampleSheet(d, testSeats[seat].Name, i)})
	}
	act(coSeat, Note{Text: fmt.Sprintf("the Zubat is level %d", secret(0))})
	act(coSeat, AddFoe{Species: "Zubat", Level: secret(0), Moves: []string{"Bite"}, Hidden: true})
	act(gmSeat, AddFoe{Species: "Geodude", Level: 6, Moves: []string{"Tackle"}})
	act(coSeat, Override{Who: "Zubat", Field: "def", Value: secret(1), Reason: "thick fur"})
	act(gmSeat, Override{Who: "Zubat", Field: "spd", Value: secret(2), Reason: "thick fur"})
	act(gmSeat, Override{Who: "Zubat", Field: "maxhp", Value: secret(3), Reason: "a boss"})
	act(gmSeat, Override{Who: "Zubat", Field: "hp", Value: secret(3), Reason: "a boss"})
	act(gmSeat, AddFoe{Species: "Oddish", Level: 5, Hidden: true})
	act(gmSeat, Override{Who: "Oddish", Field: "maxhp", Value: secret(4), Reason: "well fed"})
	act(gmSeat, Override{Who: "Oddish", Field: "hp", Value: secret(4), Reason: "well fed"})
	act(gmSeat, StartBattle{First: Allies})
	act(gmSeat, SetCondition{Who: "Zubat", Condition: CondPoison, Reason: "a poisoned cave"})
	act(gmSeat, SetCondition{Who: "Oddish", Condition: CondBurn, Reason: "embers"})
	for round := 0; round < 3; round++ {
		act(annSeat, UseMove{Move: "Thunder Shock", Targets: []string{"Zubat"}})
		act(boSeat, UseMove{Move: "Ember", Targets: []string{"Zubat"}})
		act(boSeat, EndTurn{})
		act(cySeat, UseMove{Move: "Water Gun", Targets: []string{"Zubat"}})
		act(coSeat, UseMove{Actor: "Zubat", Move: "Bite", Targets: []string{"Cy"}})
		act(coSeat, Note{Text: fmt.Sprintf("Zubat at %d HP", secret(3))})
		act(gmSeat, EndTurn{})
	}
	act(gmSeat, EndBattle{Reason: "the Zubat flees"})
	return got
}

// TestLeak_GMNotesAndHiddenFoeStats plays the same session with different
// secrets, at a table of one GM and at one of two, its actions listed or
// typed: every player's and the spectator's view, events, legal actions
// and refusals (typed ones too) are byte-identical, while every GM's
// differ.
func TestLeak_GMNotesAndHiddenFoeStats(t *testing.T) {
	for _, ls := range []leakSeating{
		{"one GM", testSeats, gmSeat, gmSeat},
		{"two GMs, the co-GM running the hidden foe", coGMSeats, gmSeat, halSeat},
		{"one GM, typed", testSeats, gmSeat, gmSeat},
		{"two GMs, typed", coGMSeats, gmSeat, halSeat},
	} {
		t.Run(ls.name, func(t *testing.T) {
			typed := strings.HasSuffix(ls.name, ", typed")
			watch := []engine.Seat{engine.Spectator, annSeat, boSeat, cySeat}
			gms := []engine.Seat{gmSeat}
			if ls.co != gmSeat {
				gms = append(gms, ls.co)
			}
			watch = append(watch, gms...)
			variants := [][]int{{5, 3, 4, 150, 30}, {7, 9, 1, 190, 40}}
			runs := make([][]string, len(variants))
			for i, v := range variants {
				runs[i] = leakScript(t, func(n int) int { return v[n] }, ls, watch, typed)
			}
			gmDiffers := map[engine.Seat]bool{}
			for k := range runs[0] {
				a, b := runs[0][k], runs[1][k]
				step, rest, _ := strings.Cut(a, "\x00")
				_, restB, _ := strings.Cut(b, "\x00")
				if gm := slices.IndexFunc(gms, func(s engine.Seat) bool { return strings.HasPrefix(rest, s.String()+"\n") }); gm >= 0 {
					gmDiffers[gms[gm]] = gmDiffers[gms[gm]] || rest != restB
					continue
				}
				if rest != restB {
					t.Fatalf("after %q a player sees the secrets:\n%s", step, firstDiff(rest, restB))
				}
			}
			for _, gm := range gms {
				if !gmDiffers[gm] {
					t.Errorf("GM %s saw the same with different secrets: the script hides nothing from it", gm)
				}
			}
		})
	}
}

// TestLeak_TypedActionsShowWhatTheirActionsShow plays the session of
// leakScript with its actions listed and typed: every seat, GMs and
// spectator included, receives byte for byte the same views, events,
// legal actions and refusals, so a typed action tells no seat more than
// the action it reads as.
func TestLeak_TypedActionsShowWhatTheirActionsShow(t *testing.T) {
	ls := leakSeating{"two GMs", coGMSeats, gmSeat, halSeat}
	watch := []engine.Seat{engine.Spectator, gmSeat, annSeat, boSeat, cySeat, halSeat}
	secret := func(n int) int { return []int{5, 3, 4, 150, 30}[n] }
	listed := leakScript(t, secret, ls, watch, false)
	typed := leakScript(t, secret, ls, watch, true)
	if len(listed) != len(typed) {
		t.Fatalf("%d records listed, %d typed", len(listed), len(typed))
	}
	for k := range listed {
		if listed[k] != typed[k] {
			step, _, _ := strings.Cut(listed[k], "\x00")
			t.Fatalf("after %q a seat receives something else when the action is typed:\n%s", step, firstDiff(listed[k], typed[k]))
		}
	}
}

// firstDiff shows where two texts first differ.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-200)
	return fmt.Sprintf("...%s\n---\n...%s", a[lo:min(len(a), i+200)], b[lo:min(len(b), i+200)])
}
