package server_test

import (
	"slices"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games/mgt"
	"tabletop/games/pmr"
	"tabletop/internal/duel"
	"tabletop/server"
)

// TestWaitingIn_ComesFromTheView checks that whom the game waits for is read
// from views that say it (engine.Waiter), and is unknown otherwise: the
// server never falls back to State.Pending.
func TestWaitingIn_ComesFromTheView(t *testing.T) {
	seats := []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}, {Name: "Cy"}}
	for _, g := range []engine.Game{pmr.Game, mgt.Game} {
		t.Run(g.Info().ID, func(t *testing.T) {
			tab, err := engine.NewTable(g, nil, seats, dice.Seed{1})
			if err != nil {
				t.Fatal(err)
			}
			st := tab.State()
			for s := engine.Spectator; s < 3; s++ {
				got, ok := server.WaitingIn(st.View(s))
				if !ok {
					t.Fatalf("%s's view does not say whom the game waits for", s)
				}
				if len(got) == 0 {
					t.Fatalf("%s's view waits for nobody at the start of the game", s)
				}
				for _, w := range got {
					if !slices.Contains(st.Pending(), w) {
						t.Fatalf("%s's view waits for %s, who is not pending (%v)", s, w, st.Pending())
					}
				}
			}
		})
	}
	tab, err := engine.NewTable(duel.Game, nil, seats[:2], dice.Seed{1})
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := server.WaitingIn(tab.State().View(0)); ok {
		t.Fatalf("the duel's view says nothing of whom it waits for, yet WaitingIn gave %v", got)
	}
}
