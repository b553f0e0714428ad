package bots_test

import (
	"strings"
	"testing"

	"tabletop/bots"
	"tabletop/dice"
	"tabletop/engine"
	"tabletop/internal/duel"
)

func TestNew_UnknownBotNamesTheKnownOnes(t *testing.T) {
	_, err := bots.New(duel.Game, "genius")
	if err == nil || !strings.Contains(err.Error(), `no bot "genius"`) || !strings.Contains(err.Error(), "random") {
		t.Fatalf("New(genius) error = %v, want one naming the known bots", err)
	}
}

func TestRandom_PlaysEveryLegalActionEventually(t *testing.T) {
	b, err := bots.New(duel.Game, "Random")
	if err != nil {
		t.Fatal(err)
	}
	legal := []engine.Action{duel.Stance{Stance: duel.Attack}, duel.Stance{Stance: duel.Guard}}
	seen := map[string]int{}
	r := dice.NewStream(dice.Seed{4})
	for range 200 {
		seen[b.Act(0, nil, legal, r).String()]++
	}
	if len(seen) != 2 || seen["attack"] < 70 || seen["guard"] < 70 {
		t.Fatalf("random bot over 200 choices: %v, want both stances about evenly", seen)
	}
}
