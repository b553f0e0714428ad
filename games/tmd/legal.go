package tmd

import (
	"fmt"
	"sync"

	"tabletop/dice"
	"tabletop/engine"
)

// Legal implements engine.State. The GM and players may do more than
// these (other foes, levels, numbers, reasons, notes); Legal lists what a
// UI offers as ready-made choices, each of which Apply accepts: every
// candidate is tried on a copy. A player's list depends on nothing hidden
// from it.
func (s *State) Legal(seat engine.Seat) []engine.Action {
	if s.Ended || seat < 0 || int(seat) >= len(s.Seats) {
		return nil
	}
	var cands []engine.Action
	if s.GM.Is(seat) {
		cands = s.gmCandidates()
	} else {
		if !s.playerPending(seat) {
			return nil
		}
		cands = s.playerCandidates(seat)
	}
	var out []engine.Action
	for _, a := range cands {
		if _, err := s.Clone().Apply(seat, a, dice.NewUnrecordedStream(dice.Seed{})); err == nil {
			out = append(out, a)
		}
	}
	return out
}

// Sample characters a player without a sheet chooses among: each of a
// different species, with one damaging and one status move.
var samples = []struct{ species, move, status string }{
	{"Pikachu", "Thunder Shock", "Growl"},
	{"Charmander", "Ember", "Growl"},
	{"Squirtle", "Water Gun", "Tail Whip"},
	{"Bulbasaur", "Vine Whip", "Growl"},
}

// SampleSheet is a valid level-5 sheet for a new player: the i-th sample
// species with one damaging and one status move.
func SampleSheet(d *Data, name string, i int) *Sheet {
	sp := samples[i%len(samples)]
	sh, err := NewSheet(d, name, sp.species)
	if err != nil {
		return nil
	}
	sh.Moves = []string{sp.move, sp.status}
	sh.Inventory = []string{"Oran Berry"}
	return sh
}

// sampleSheets are the sample sheets in the order of samples, unnamed,
// built once. The sheets Legal offers share their maps and slices, which
// nothing changes: a state keeps a copy of the sheet a player brings
// (cloneSheet), and callers of Legal do not modify what it returns.
var sampleSheets = sync.OnceValue(func() []Sheet {
	d, err := LoadData()
	if err != nil {
		return nil
	}
	var out []Sheet
	for i := range samples {
		if sh := SampleSheet(d, "", i); sh != nil {
			out = append(out, *sh)
		}
	}
	return out
})

// sampleCandidates are the sample sheets a player without one chooses
// among, every sample once, the seat's own first (seat i's is the i-th, so
// that a team whose players each take their first offer has different
// species). A choice of one would be played for the player (engine.Only):
// offering them all makes the seat wait for its person, who picks one or
// brings a sheet of their own.
func (s *State) sampleCandidates(seat engine.Seat) []engine.Action {
	name := s.Seats[seat].Name
	for n := int(seat) + 1; name == "" || s.memberNamed(name) != nil; n += len(s.Seats) {
		name = fmt.Sprintf("Hero %d", n)
	}
	shs := sampleSheets()
	out := make([]engine.Action, 0, len(shs))
	for i := range shs {
		sh := shs[(int(seat)+i)%len(shs)]
		sh.Name = name
		out = append(out, BringSheet{Sheet: sh})
	}
	return out
}

func (s *State) playerCandidates(seat engine.Seat) []engine.Action {
	m := s.member(seat)
	if m.Sheet == nil {
		return s.sampleCandidates(seat)
	}
	d, _ := LoadData()
	b := s.Battle
	if b == nil || !b.Started {
		var out []engine.Action
		for _, st := range Stats {
			out = append(out, PlacePoint{Stat: st})
		}
		for _, mv := range m.Sheet.Learnable {
			if len(m.Sheet.Moves) < MaxMoves {
				out = append(out, LearnMove{Move: mv})
			}
			for _, old := range m.Sheet.Moves {
				out = append(out, LearnMove{Move: mv, Replace: old})
			}
			out = append(out, SkipMove{Move: mv})
		}
		if sp, err := d.SpeciesNamed(m.Sheet.Species); err == nil && sp.EvoLevel > 0 && m.Sheet.Level >= sp.EvoLevel {
			for _, dex := range sp.Evos {
				if e, err := d.SpeciesNamed(dex); err == nil {
					out = append(out, Evolve{Into: e.Name})
				}
			}
		}
		return out
	}
	f := b.fighter(m.Sheet.Name)
	if f == nil {
		return nil
	}
	out := s.fighterCandidates(f, "")
	for _, item := range m.Sheet.Inventory {
		out = append(out, UseItem{Item: item})
		for _, g := range b.side(Allies) {
			if g.Fainted && g != f {
				out = append(out, UseItem{Item: item, On: g.Name})
			}
		}
		if e, ok := itemEffects[item]; ok && e.area == onTarget {
			for _, g := range b.side(Foes) {
				if !g.Fainted {
					out = append(out, UseItem{Item: item, On: g.Name})
				}
			}
		}
	}
	for _, o := range s.Team {
		if o != m && o.LendBag && o.Sheet != nil {
			for _, item := range o.Sheet.Inventory {
				if _, ok := itemRevives[item]; ok {
					out = append(out, UseItem{Item: item, On: o.Sheet.Name, Bag: o.Sheet.Name})
				}
			}
		}
	}
	return out
}

// fighterCandidates are f's moves on each target, its non-move actions and
// the end of its turn; actor names f for the GM.
func (s *State) fighterCandidates(f *Fighter, actor string) []engine.Action {
	b := s.Battle
	var out []engine.Action
	for _, name := range f.Body.Moves {
		out = append(out, UseMove{Actor: actor, Move: name})
		for _, t := range b.Fighters {
			if !t.Fainted {
				out = append(out, UseMove{Actor: actor, Move: name, Targets: []string{t.Name}})
			}
		}
	}
	out = append(out, Brace{Actor: actor, Stat: Defense}, Brace{Actor: actor, Stat: SpDef}, Dodge{Actor: actor, AP: 1},
		Break{Actor: actor}, ClearHazards{Actor: actor})
	if b.Wishes[f.side()] > 0 {
		out = append(out, UseWish{Actor: actor})
	}
	if _, ok := summoners[f.ability()]; ok && !f.Summons {
		out = append(out, UseAbility{Actor: actor})
	}
	for _, g := range b.side(f.side()) {
		if g != f {
			out = append(out, Guard{Actor: actor, Ally: g.Name})
		}
	}
	return append(out, EndTurn{Actor: actor})
}

func (s *State) gmCandidates() []engine.Action {
	b := s.Battle
	out := []engine.Action{Note{Text: "a note for the GM alone"}}
	switch {
	case b == nil:
		out = append(out, AddFoe{Species: "Geodude", Level: 5, Moves: []string{"Tackle"}},
			Award{XP: 50, RP: 100, Reason: "a quest done"}, End{})
	case !b.Started:
		if len(b.side(Foes)) < 3 {
			out = append(out, AddFoe{Species: "Geodude", Level: 5, Moves: []string{"Tackle"}, Hidden: true})
		}
		out = append(out, StartBattle{First: Allies}, StartBattle{First: Foes}, EndBattle{Reason: "they flee"})
	default:
		for _, f := range b.side(b.Side) {
			if (f.Foe || f.NPC) && b.canAct(f) {
				out = append(out, s.fighterCandidates(f, f.Name)...)
			}
		}
		out = append(out, EndTurn{}, SetWeather{Weather: WeatherRain, Reason: "a storm"},
			SetTerrain{Terrain: TerrainGrassy, Reason: "a meadow"})
		for _, f := range b.side(Allies) {
			out = append(out, SetCondition{Who: f.Name, Condition: CondPoison, Reason: "a trap"})
		}
		out = append(out, EndBattle{Reason: "the foes flee"})
	}
	return out
}
