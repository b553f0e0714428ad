package pmr

import (
	"encoding/json"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// TestTable_LogOutlivesTheStatesReusedMemory plays a game through an
// engine.Table while this game reuses the memory of each Apply's events at
// the next (engine.State): every log entry must still encode as it did when
// it was appended, and the export must replay.
func TestTable_LogOutlivesTheStatesReusedMemory(t *testing.T) {
	bots, seats := mustBots(t, "nash", "greedy", "random")
	tab, err := engine.NewTable(Game, engine.Options{"turns": "9"}, seats, dice.Seed{7})
	if err != nil {
		t.Fatal(err)
	}
	var when []string // each entry's events as encoded when appended
	for len(when) < 10000 {
		st := tab.State()
		pending := st.Pending()
		if len(pending) == 0 {
			break
		}
		p := pending[0]
		a := bots[p].Act(p, st.View(p), st.Legal(p), tab.BotStream(p))
		if _, err := tab.Act(p, a); err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(tab.Log(tab.Len() - 1)[0].Events)
		when = append(when, string(raw))
	}
	for i, e := range tab.Log(0) {
		if raw, _ := json.Marshal(e.Events); string(raw) != when[i] {
			t.Fatalf("log entry %d changed after later actions:\nnow  %s\nwas  %s", i+1, raw, when[i])
		}
	}
	if _, err := engine.Replay(Game, tab.Export(true)); err != nil {
		t.Errorf("the export does not replay: %v", err)
	}
}
