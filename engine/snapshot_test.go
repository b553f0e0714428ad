package engine_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games/pmr"
)

// pmrTable plays n actions of a seeded three-stable Pocket Monster Rancher
// table with greedy bots, taking a snapshot after entry at, and returns the
// table and the snapshot.
func pmrTable(t *testing.T, n, at int) (*engine.Table, engine.Snapshot) {
	t.Helper()
	seats := []engine.SeatInfo{{Name: "Ann", Bot: "greedy"}, {Name: "Bo", Bot: "greedy"}, {Name: "Cy", Bot: "greedy"}}
	tab, err := engine.NewTable(pmr.Game, engine.Options{"turns": "9"}, seats, dice.Seed{0x5a})
	if err != nil {
		t.Fatal(err)
	}
	bot, err := pmr.NewBot("greedy")
	if err != nil {
		t.Fatal(err)
	}
	var snap engine.Snapshot
	for tab.Len() < n {
		if tab.Len() == at {
			if snap, err = tab.Snapshot(); err != nil {
				t.Fatal(err)
			}
		}
		s := tab.State().Pending()[0]
		a := bot.Act(s, tab.State().View(s), tab.State().Legal(s), tab.BotStream(s))
		if _, err := tab.Act(s, a); err != nil {
			t.Fatal(err)
		}
	}
	if snap.Seq != at {
		t.Fatalf("no snapshot after entry %d", at)
	}
	return tab, snap
}

// firstRoll returns the index of the first log entry before the snapshot
// that rolled dice.
func firstRoll(t *testing.T, x engine.Export, snap engine.Snapshot) int {
	t.Helper()
	for i, e := range x.Log[:snap.Seq] {
		if len(e.Dice) > 0 {
			return i
		}
	}
	t.Fatalf("no entry before the snapshot after entry %d rolled dice", snap.Seq)
	return -1
}

func TestResume_PlaysOnWithTheSeedsDice(t *testing.T) {
	tab, snap := pmrTable(t, 40, 24)
	back, err := engine.Resume(pmr.Game, tab.Export(true), snap)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := back.Commitment(), tab.Commitment(); got != want || want == "" {
		t.Fatalf("resumed table's commitment %q, want the original's %q", got, want)
	}
	// The resumed table rolls, from here on, what the seed rolls: its export
	// replays from the seed alone.
	bot, _ := pmr.NewBot("greedy")
	for played := 0; played < 30; played++ {
		pending := back.State().Pending()
		if len(pending) == 0 {
			break
		}
		s := pending[0]
		if _, err := back.Act(s, bot.Act(s, back.State().View(s), back.State().Legal(s), back.BotStream(s))); err != nil {
			t.Fatal(err)
		}
	}
	if back.Len() <= tab.Len() {
		t.Fatalf("the resumed table played nothing: %d entries, %d before", back.Len(), tab.Len())
	}
	if _, err := engine.Replay(pmr.Game, back.Export(true)); err != nil {
		t.Fatalf("the table resumed from a snapshot and played on does not replay from its seed: %v", err)
	}
}

func TestResume_ChecksTheDiceBeforeTheSnapshotAgainstTheSeed(t *testing.T) {
	tab, snap := pmrTable(t, 40, 24)
	x := tab.Export(true)
	i := firstRoll(t, x, snap)
	x.Log[i].Dice = append([]dice.Draw(nil), x.Log[i].Dice...)
	x.Log[i].Dice[0].Face = x.Log[i].Dice[0].Face%x.Log[i].Dice[0].Sides + 1
	_, err := engine.Resume(pmr.Game, x, snap)
	var re *engine.ReplayError
	if !errors.As(err, &re) || re.Entry != i || !strings.Contains(err.Error(), "the seed gives") {
		t.Fatalf("Resume with a changed die in entry %d before the snapshot: %v", i, err)
	}

	x = tab.Export(true)
	x.Log[i].Dice = append([]dice.Draw(nil), x.Log[i].Dice...)
	x.Log[i].Dice[0].Sides = 0
	if _, err := engine.Resume(pmr.Game, x, snap); err == nil || !strings.Contains(err.Error(), "die of 0 sides") {
		t.Fatalf("Resume with a die of no sides before the snapshot: %v", err)
	}
}

func TestResume_RefusesASnapshotWhoseDiceAreNotTheSeeds(t *testing.T) {
	tab, snap := pmrTable(t, 40, 24)
	_, later := pmrTable(t, 40, 36)
	moved := snap
	moved.Dice = later.Dice      // the stream of the same seed, further on
	moved.Sum = moved.Checksum() // written so, not damaged in storage
	if _, err := engine.Resume(pmr.Game, tab.Export(true), moved); err == nil || !strings.Contains(err.Error(), "not the seed's") {
		t.Fatalf("Resume with a dice stream from further on: %v", err)
	}
	if _, err := engine.Resume(pmr.Game, tab.Export(true), snap); err != nil {
		t.Fatalf("Resume with the snapshot as taken: %v", err)
	}
}

// TestResume_RefusesADamagedSnapshot checks the snapshot's checksum: a
// snapshot whose bytes changed after it was written is refused, even when
// the change leaves a position the game accepts (here a monster's speed), and
// so is one without a checksum; the caller then replays the whole log.
func TestResume_RefusesADamagedSnapshot(t *testing.T) {
	tab, snap := pmrTable(t, 40, 24)
	if snap.Sum == "" || snap.Sum != snap.Checksum() {
		t.Fatalf("Table.Snapshot's sum %q, want its checksum %q", snap.Sum, snap.Checksum())
	}
	damaged := snap
	damaged.State = bytes.Replace(snap.State, []byte(`"speed":0`), []byte(`"speed":5`), 1)
	if bytes.Equal(damaged.State, snap.State) {
		t.Fatalf("the test's snapshot has no monster of speed 0 to damage: %s", snap.State)
	}
	if _, err := pmr.Game.(engine.Restorer).RestoreSnapshot(tab.Export(true).Options, tab.Export(true).Seats, damaged.State); err != nil {
		t.Fatalf("the damaged position is not one the game accepts, so the test proves nothing: %v", err)
	}
	if _, err := engine.Resume(pmr.Game, tab.Export(true), damaged); err == nil || !strings.Contains(err.Error(), "checksum does not match") {
		t.Errorf("Resume from a damaged snapshot: %v, want the checksum refused", err)
	}
	unsummed := snap
	unsummed.Sum = ""
	if _, err := engine.Resume(pmr.Game, tab.Export(true), unsummed); err == nil || !strings.Contains(err.Error(), "no checksum") {
		t.Errorf("Resume from a snapshot without a checksum: %v, want it refused", err)
	}
}
