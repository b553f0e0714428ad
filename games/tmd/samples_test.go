package tmd

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// TestSheet_APlayerWithoutACharacterChoosesAmongSamplesOrBringsTheirOwn:
// a player without a sheet is offered several sample sheets, each of
// another species, valid, named for the player and the same whatever the
// seed, so a table does not play one for it (engine.Only); each offer's
// label and help say which character it is. The player brings the sample
// of its choice, or a sheet of its own; until everyone has one, the GM
// cannot start a battle, and is told who has none.
func TestSheet_APlayerWithoutACharacterChoosesAmongSamplesOrBringsTheirOwn(t *testing.T) {
	d := mustData(t)
	tab, err := engine.NewTable(Game, nil, testSeats, dice.Seed{4})
	if err != nil {
		t.Fatal(err)
	}
	other, err := engine.NewTable(Game, nil, testSeats, dice.Seed{5})
	if err != nil {
		t.Fatal(err)
	}
	s := tab.State()
	for _, seat := range testPlayers {
		legal := s.Legal(seat)
		if a, only := engine.Only(s, seat); only {
			t.Fatalf("%s's only choice is %s: the table would bring it for them", testSeats[seat].Name, a)
		}
		if len(legal) < 2 {
			t.Fatalf("%s is offered %d sheets, want a choice", testSeats[seat].Name, len(legal))
		}
		if !reflect.DeepEqual(legal, other.State().Legal(seat)) {
			t.Errorf("%s's offers differ between seeds: a sample must not be random", testSeats[seat].Name)
		}
		var species, labels []string
		for _, a := range legal {
			b, ok := a.(BringSheet)
			if !ok {
				t.Fatalf("%s is offered %s, want only sheets", testSeats[seat].Name, a)
			}
			if b.Sheet.Name != testSeats[seat].Name {
				t.Errorf("a sample for %s is named %q", testSeats[seat].Name, b.Sheet.Name)
			}
			if err := b.Sheet.Validate(d); err != nil {
				t.Errorf("the sample %s is not valid: %v", b.Sheet.Species, err)
			}
			v := s.View(seat)
			label := engine.Label(Game, v, a)
			if !strings.Contains(label, b.Sheet.Species) {
				t.Errorf("the sample %s is labelled %q", b.Sheet.Species, label)
			}
			if help := Game.(engine.Explainer).Explain(v, a); !strings.Contains(help, b.Sheet.Moves[0]) {
				t.Errorf("the sample %s's help %q does not name its moves", b.Sheet.Species, help)
			}
			species = append(species, b.Sheet.Species)
			labels = append(labels, label)
		}
		if distinct(species) != len(legal) || distinct(labels) != len(legal) {
			t.Errorf("%s's samples repeat a species or a label: %q", testSeats[seat].Name, labels)
		}
	}

	mustAct(t, tab, gmSeat, geodude)
	if _, err := tab.Act(gmSeat, StartBattle{First: Allies}); err == nil || !strings.Contains(err.Error(), "Ann, Bo and Cy have none yet") {
		t.Errorf("starting the battle before anyone has a sheet = %v, want refused naming Ann, Bo and Cy", err)
	}

	// Ann takes her last offer, not her first.
	offers := s.Legal(annSeat)
	want := offers[len(offers)-1].(BringSheet).Sheet.Species
	mustAct(t, tab, annSeat, offers[len(offers)-1])
	if got := st(tab).member(annSeat).Sheet.Species; got != want {
		t.Errorf("Ann chose the %s sample and plays a %s", want, got)
	}
	// Bo brings his own, as typed.
	own, err := ParseAction(`sheet {"name": "Pip", "species": "Eevee", "level": 5, "ability": "Run Away", "bonus": "spd", "points": {"spd": 1}, "moves": ["Tackle"], "typeless": "Basic Attack", "rank": "Rookie"}`)
	if err != nil {
		t.Fatal(err)
	}
	mustAct(t, tab, boSeat, own)
	if got := st(tab).member(boSeat).Sheet; got.Name != "Pip" || got.Species != "Eevee" {
		t.Errorf("Bo brought Pip the Eevee and plays %s the %s", got.Name, got.Species)
	}
	// Cy has not chosen: the table waits for him, and the GM cannot start.
	if !slices.Contains(tab.State().Pending(), cySeat) {
		t.Errorf("the table does not wait for Cy, who has no sheet")
	}
	_, err = tab.Act(gmSeat, StartBattle{First: Allies})
	if err == nil || !strings.Contains(err.Error(), "Cy has none yet") {
		t.Errorf("starting the battle before Cy has a sheet = %v, want refused naming Cy", err)
	}
}

// distinct returns how many different strings ss holds.
func distinct(ss []string) int {
	seen := map[string]bool{}
	for _, s := range ss {
		seen[s] = true
	}
	return len(seen)
}

// TestSheet_PlayersBringingTheSameSampleShareNoMemory: the sample sheets
// are built once and offered to every player, yet each player who brings
// one plays a copy of their own: changing Ann's sheet in place leaves
// Bo's, brought from the same sample, the sample itself and the next
// offers as they were.
func TestSheet_PlayersBringingTheSameSampleShareNoMemory(t *testing.T) {
	d := mustData(t)
	tab, err := engine.NewTable(Game, nil, testSeats, dice.Seed{4})
	if err != nil {
		t.Fatal(err)
	}
	pikachu := func(seat engine.Seat) BringSheet {
		t.Helper()
		for _, a := range tab.State().Legal(seat) {
			if b, ok := a.(BringSheet); ok && b.Sheet.Species == "Pikachu" {
				return b
			}
		}
		t.Fatalf("%s is offered no Pikachu", testSeats[seat].Name)
		return BringSheet{}
	}
	mustAct(t, tab, annSeat, pikachu(annSeat))
	mustAct(t, tab, boSeat, pikachu(boSeat))

	ann := st(tab).member(annSeat).Sheet
	ann.Points[HP] += 5
	ann.Moves[0], ann.Inventory[0] = "Splash", "Big Root"

	fresh := func(name string) *Sheet { return SampleSheet(d, name, 0) }
	if bo := st(tab).member(boSeat).Sheet; !reflect.DeepEqual(bo, fresh("Bo")) {
		t.Errorf("Bo's Pikachu changed with Ann's: %+v", bo)
	}
	if got := pikachu(cySeat).Sheet; !reflect.DeepEqual(&got, fresh("Cy")) {
		t.Errorf("the Pikachu offered to Cy changed with Ann's sheet: %+v", got)
	}
	if got := sampleSheets()[0]; !reflect.DeepEqual(&got, fresh("")) {
		t.Errorf("the Pikachu sample changed with Ann's sheet: %+v", got)
	}
}
