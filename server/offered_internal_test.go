package server

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"

	"tabletop/engine"
	"tabletop/internal/duel"
)

// countingDecodes is a game that counts the actions it decodes.
type countingDecodes struct {
	engine.Game
	n *atomic.Int64
}

func (g countingDecodes) Decode(kind string, raw json.RawMessage) (engine.Action, error) {
	g.n.Add(1)
	return g.Game.Decode(kind, raw)
}

// TestAct_AnActionPostedBackAsOfferedIsTakenFromTheOffer: an action a
// client posts back byte for byte as its seat was offered it is the
// offered action, not decoded again; one written otherwise is decoded, and
// both are played alike.
func TestAct_AnActionPostedBackAsOfferedIsTakenFromTheOffer(t *testing.T) {
	var decodes atomic.Int64
	s := mustInternal(t, func(c *Config) { c.Games = engine.NewRegistry(countingDecodes{duel.Game, &decodes}) })
	l, _ := mustDuel(t, s, 3, "", "")
	offered := func(seat engine.Seat) *legalAction {
		l.mu.Lock()
		defer l.mu.Unlock()
		st := stateFor(l, seat, false)
		if len(st.Legal) == 0 {
			t.Fatalf("seat %d is offered nothing", seat)
		}
		return st.Legal[0]
	}
	ctx := context.Background()
	a := offered(0)
	if _, _, err := s.act(ctx, l, 0, a.Kind, a.Action, -1); err != nil {
		t.Fatalf("seat 0 posting %s %s as offered: %v", a.Kind, a.Action, err)
	}
	if n := decodes.Load(); n != 0 {
		t.Errorf("an action posted back as offered was decoded %d times, want 0", n)
	}
	b := offered(1)
	spaced := json.RawMessage(" " + string(b.Action))
	if _, _, err := s.act(ctx, l, 1, b.Kind, spaced, -1); err != nil {
		t.Fatalf("seat 1 posting %s %s: %v", b.Kind, spaced, err)
	}
	if n := decodes.Load(); n != 1 {
		t.Errorf("an action written otherwise than offered was decoded %d times, want 1", n)
	}
	l.mu.Lock()
	log := l.tab.Log(0)
	l.mu.Unlock()
	if len(log) != 2 || string(log[0].Action) != string(a.Action) || string(log[1].Action) != string(b.Action) {
		t.Fatalf("the log holds %d entries (%v), want seat 0's %s then seat 1's %s", len(log), log, a.Action, b.Action)
	}
}

// valueAction is an action == compares; listAction holds a slice, and ==
// panics on two of them.
type (
	valueAction struct {
		N int `json:"n"`
	}
	listAction struct {
		Dice []int `json:"dice"`
	}
)

func (valueAction) Kind() string     { return "value" }
func (a valueAction) String() string { return fmt.Sprint("value ", a.N) }
func (listAction) Kind() string      { return "list" }
func (a listAction) String() string  { return fmt.Sprint("list ", a.Dice) }

// TestOffer_ActionsNotComparableAreNeverComparedWithEquals: lists that
// hold actions == panics on (a slice inside) are offered, again, changed
// and alongside actions == compares, each as its legal actions are, with
// no comparison of two such actions.
func TestOffer_ActionsNotComparableAreNeverComparedWithEquals(t *testing.T) {
	l := &live{}
	l.mu.Lock()
	defer l.mu.Unlock()
	for i, legal := range [][]engine.Action{
		{valueAction{1}, listAction{[]int{1}}},
		{valueAction{1}, listAction{[]int{1}}}, // the same again
		{valueAction{1}, listAction{[]int{2}}}, // one changed
		{listAction{[]int{2}}, valueAction{1}, valueAction{2}},
		{listAction{[]int{2}}, valueAction{1}, valueAction{2}},
		{valueAction{1}, valueAction{2}}, // a plain list
		{valueAction{1}, valueAction{2}},
		{valueAction{1}, listAction{[]int{1}}}, // one offered before
	} {
		got := l.offer(0, legal)
		var gotTexts, want []string
		for _, la := range got {
			gotTexts = append(gotTexts, la.Text)
		}
		for _, a := range legal {
			want = append(want, a.String())
		}
		if !slices.Equal(gotTexts, want) {
			t.Errorf("offer %d = %q, want %q", i, gotTexts, want)
		}
	}
}
