package tmd

import (
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// TestPrompt_PlayersGetTheSharedTerminalOnTheirTurns: at one shared
// keyboard (tabletop play) a player without a sheet is asked for one, each
// ally is asked in turn on the allies' turn, and the GM otherwise; the GM
// is not asked to end an allies' turn nobody has played.
func TestPrompt_PlayersGetTheSharedTerminalOnTheirTurns(t *testing.T) {
	tab, err := engine.NewTable(Game, nil, testSeats, dice.Seed{3})
	if err != nil {
		t.Fatal(err)
	}
	if got := st(tab).Prompt(); got != annSeat {
		t.Fatalf("before any sheet, Prompt = %d, want Ann (%d)", got, annSeat)
	}
	tab = mustTable(t, 3)
	if got := st(tab).Prompt(); got != gmSeat {
		t.Fatalf("with every sheet and no battle, Prompt = %d, want the GM", got)
	}
	mustAct(t, tab, gmSeat, geodude)
	mustAct(t, tab, gmSeat, StartBattle{First: Allies})
	for _, want := range testPlayers {
		if got := st(tab).Prompt(); got != want {
			t.Fatalf("on the allies' turn, Prompt = %d, want %d", got, want)
		}
		mustAct(t, tab, want, EndTurn{})
	}
	if got := st(tab).Prompt(); got != gmSeat {
		t.Fatalf("on the foes' turn, Prompt = %d, want the GM", got)
	}
}
