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

// TestEventText_EveryKindWrittenOnDemand checks the texts that play rarely
// or never reaches (the goldens hold the others): a tournament nobody can
// enter, a quarter-final and a later bracket round.
func TestEventText_EveryKindWrittenOnDemand(t *testing.T) {
	cfg := newConfig(stdOptions(30), []engine.SeatInfo{{Name: "Ann"}, {Name: "Bob"}})
	a := &Entrant{Stable: 0, Monster: 1, Name: 1}
	b := &Entrant{Stable: 1, Monster: 2, Name: 2}
	for _, tt := range []struct {
		name string
		data engine.Texter
		want string
	}{
		{"no entries", &EventData{text: textNoEntries, n: 2, cfg: cfg}, "Tournament 2: no stable has a monster to enter"},
		{"quarter-final", &MatchData{cfg: cfg, round: 1, rounds: 3, A: a, B: b, Terrain: Mind, Dice: []int{0}},
			"Quarter-final: Ann's M1 " + MonsterName(1).String() + " vs Bob's M2 " + MonsterName(2).String() + "; terrain 1dF [_] → Urban (Mind doubled)"},
		{"round 2 of 5", &MatchData{cfg: cfg, round: 2, rounds: 5, A: a, B: b, Terrain: Speed, Dice: []int{1}},
			"Round 2: Ann's M1 " + MonsterName(1).String() + " vs Bob's M2 " + MonsterName(2).String() + "; terrain 1dF [+] → Plains (Speed doubled)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if got := engine.TextOf(engine.Event{Data: tt.data}); got != tt.want {
				t.Errorf("text = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestEventText_WrittenWithoutAllocating checks that the texts of the
// events every turn or tournament makes are written into the caller's
// buffer without an allocation of their own: engine.Keep writes one for
// every event a table logs. (An "entries" text and a contest's pay for
// the function value that names their entrants.)
func TestEventText_WrittenWithoutAllocating(t *testing.T) {
	cfg := newConfig(stdOptions(30), []engine.SeatInfo{{Name: "Ann"}, {Name: "Bob"}})
	a := &Entrant{Stable: 0, Monster: 1, Name: 1}
	m := &Monster{ID: 3, Name: 3, Speed: 1, Age: 5}
	buf := make([]byte, 0, 512)
	for _, tt := range []struct {
		name string
		data engine.Texter
	}{
		{"tournament", &EventData{text: textTournament, n: 2, cfg: cfg}},
		{"trophy", &EventData{text: textTrophy, n: 1, cfg: cfg, A: a, Trophies: 2}},
		{"age", &EventData{text: textAge, cfg: cfg, Entrants: []Entrant{*a}}},
		{"capture", &MonsterData{text: textCapture, cfg: cfg, Monster: m, Dice: []int{1, 0, -1, 1}}},
		{"sealed", &SealedData{cfg: cfg, Action: SealedAction{Train{Monster: 3, Ability: Mind}}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if n := testing.AllocsPerRun(20, func() { buf = tt.data.AppendText(buf[:0]) }); n != 0 {
				t.Errorf("AppendText of %q: %v allocations, want 0", buf, n)
			}
		})
	}
}
