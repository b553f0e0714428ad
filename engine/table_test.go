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

var testSeed = dice.Seed{1, 2, 3}

// playDuel plays a whole duel with fixed stances and returns the table.
func playDuel(t *testing.T) *engine.Table {
	t.Helper()
	tab, err := engine.NewTable(duel.Game, nil, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}, testSeed)
	if err != nil {
		t.Fatalf("NewTable: %v", err)
	}
	for i := 0; ; i++ {
		if _, over := tab.Over(); over {
			return tab
		}
		for _, s := range tab.State().Pending() {
			stance := duel.Attack
			if (i+int(s))%3 == 0 {
				stance = duel.Guard
			}
			if _, err := tab.Act(s, duel.Stance{Stance: stance}); err != nil {
				t.Fatalf("Act: %v", err)
			}
		}
	}
}

// roundTrip exports the table with its seed through JSON.
func roundTrip(t *testing.T, tab *engine.Table) engine.Export {
	t.Helper()
	raw, err := json.Marshal(tab.Export(true))
	if err != nil {
		t.Fatal(err)
	}
	var x engine.Export
	if err := json.Unmarshal(raw, &x); err != nil {
		t.Fatal(err)
	}
	return x
}

func TestTable_CommitmentIsSHA256OfSeed(t *testing.T) {
	tab := playDuel(t)
	// sha256 of 01 02 03 followed by 29 zero bytes.
	const want = "1ac2f192702849e03dfe5c31ec66a4f6408b5eb16cc02f1583ce713b22be92ed"
	if got := tab.Commitment(); got != want {
		t.Fatalf("Commitment() = %q, want %q", got, want)
	}
	if x := tab.Export(false); x.Seed != "" {
		t.Fatalf("Export(false) reveals the seed %q", x.Seed)
	}
}

func TestReplay_RebuildsTheSameTable(t *testing.T) {
	tab := playDuel(t)
	back, err := engine.Replay(duel.Game, roundTrip(t, tab))
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	a, _ := tab.Over()
	b, _ := back.Over()
	if a.Text != b.Text || back.Len() != tab.Len() {
		t.Fatalf("replayed outcome %q after %d entries, want %q after %d", b.Text, back.Len(), a.Text, tab.Len())
	}
}

func TestReplay_DetectsTampering(t *testing.T) {
	tests := []struct {
		name    string
		tamper  func(x *engine.Export)
		wantMsg string
	}{
		{"seed does not match commitment", func(x *engine.Export) { x.Seed = dice.Seed{9}.String() }, "committed to"},
		{"missing seed", func(x *engine.Export) { x.Seed = "" }, "no seed"},
		{"die face changed", func(x *engine.Export) {
			for i := range x.Log {
				if len(x.Log[i].Dice) > 0 {
					d := &x.Log[i].Dice[0]
					d.Face = d.Face%d.Sides + 1
					return
				}
			}
		}, "the seed gives"},
		{"die removed", func(x *engine.Export) {
			for i := range x.Log {
				if len(x.Log[i].Dice) > 0 {
					x.Log[i].Dice = x.Log[i].Dice[1:]
					return
				}
			}
		}, "replay rolled"},
		{"setup die changed", func(x *engine.Export) { x.SetupDice[0].Face = 3 - x.SetupDice[0].Face }, "setup dice"},
		{"action changed", func(x *engine.Export) {
			for i := range x.Log {
				if x.Log[i].Text == duel.Attack {
					x.Log[i].Action = json.RawMessage(`{"stance":"guard"}`)
					return
				}
			}
		}, "log entry"},
		{"event text changed", func(x *engine.Export) { x.Log[len(x.Log)-1].Events[0].Text = "seat 1 wins anyway" }, "events differ"},
		{"wrong game", func(x *engine.Export) { x.Game = "pmr" }, "not \"duel\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := roundTrip(t, playDuel(t))
			tt.tamper(&x)
			_, err := engine.Replay(duel.Game, x)
			var re *engine.ReplayError
			if !errors.As(err, &re) {
				t.Fatalf("Replay of a tampered export: err = %v, want a *ReplayError", err)
			}
			if !strings.Contains(err.Error(), tt.wantMsg) {
				t.Fatalf("Replay error %q does not say %q", err, tt.wantMsg)
			}
		})
	}
}

func TestTable_RefusedActionChangesNothing(t *testing.T) {
	tab, err := engine.NewTable(duel.Game, nil, make([]engine.SeatInfo, 2), testSeed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tab.Act(0, duel.Stance{Stance: duel.Attack}); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		seat engine.Seat
		want error
	}{
		{"seat acts twice", 0, engine.ErrIllegalAction},
		{"spectator acts", engine.Spectator, engine.ErrNotYourTurn},
		{"no such seat", 5, engine.ErrNotYourTurn},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tab.Act(tt.seat, duel.Stance{Stance: duel.Guard})
			if !errors.Is(err, tt.want) {
				t.Fatalf("Act = %v, want %v", err, tt.want)
			}
			if tab.Len() != 1 {
				t.Fatalf("log has %d entries after a refusal, want 1", tab.Len())
			}
		})
	}
}

func TestTable_RefusesBadSetup(t *testing.T) {
	tests := []struct {
		name  string
		opts  engine.Options
		seats int
		want  string
	}{
		{"too few seats", nil, 1, "needs 2 to 2 seats"},
		{"unknown option", engine.Options{"colour": "red"}, 2, `no option "colour"`},
		{"not a number", engine.Options{"rounds": "many"}, 2, "not a whole number"},
		{"out of range", engine.Options{"rounds": "99"}, 2, "out of range 1..50"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := engine.NewTable(duel.Game, tt.opts, make([]engine.SeatInfo, tt.seats), testSeed)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("NewTable error = %v, want one saying %q", err, tt.want)
			}
		})
	}
}

func TestEvent_PrivateEventsShowOthersOnlyTheirText(t *testing.T) {
	e := engine.Event{Kind: "draw", Text: "you drew the Harpy", Only: []engine.Seat{1}, Others: "Bo drew a card"}
	tests := []struct {
		name string
		seat engine.Seat
		want string
	}{
		{"owner", 1, "you drew the Harpy"},
		{"other seat", 0, "Bo drew a card"},
		{"spectator", engine.Spectator, "Bo drew a card"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := e.For(tt.seat)
			if !ok || got.Text != tt.want {
				t.Fatalf("For(%s) = %q, %v; want %q", tt.seat, got.Text, ok, tt.want)
			}
		})
	}
	secret := engine.Event{Kind: "peek", Text: "the top card is the Harpy", Only: []engine.Seat{0}}
	if _, ok := secret.For(1); ok {
		t.Fatalf("a private event with no public text was shown to another seat")
	}
}

func TestTable_BotStreamIsReproducibleAndSeatSpecific(t *testing.T) {
	tab := playDuel(t)
	a, b, c := tab.BotStream(0).Roll(1<<30), tab.BotStream(0).Roll(1<<30), tab.BotStream(1).Roll(1<<30)
	if a != b {
		t.Fatalf("BotStream(0) gave %d then %d for the same table position", a, b)
	}
	if a == c {
		t.Fatalf("BotStream(0) and BotStream(1) agree (%d): seats share a stream", a)
	}
}
