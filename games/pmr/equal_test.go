package pmr

import (
	"reflect"
	"slices"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// matchState plays a seeded four-stable game until the second match of a
// tournament waits for the second contestant, so that every field of the
// state, the tournament and the match holds something.
func matchState(tb testing.TB) *State {
	tb.Helper()
	bots, seats := mustBots(tb, "greedy", "nash", "random", "greedy")
	s, err := New(Options{}, seats)
	if err != nil {
		tb.Fatal(err)
	}
	d, r := dice.NewUnrecordedStream(dice.Seed{3}), dice.NewUnrecordedStream(dice.Seed{4})
	for {
		pending := s.Pending()
		if len(pending) == 0 {
			tb.Fatal("no match with a finished one before it")
		}
		if s.phase == PhaseMatch && len(s.tour.matches) > 0 && len(pending) == 1 {
			return s
		}
		p := pending[0]
		if _, err := s.Apply(p, bots[p].Act(p, s.View(p), s.Legal(p), r), d); err != nil {
			tb.Fatal(err)
		}
	}
}

// equalMutations change one field each, on a clone (copying whatever the
// clone shares). Every field that Equal must compare has one here; the
// names are checked against the structs by TestState_Equal.
var equalMutations = map[string]func(s *State){
	"State.cfg": func(s *State) {
		c := *s.cfg
		c.Turns++
		s.cfg = &c
	},
	"config.Options": func(s *State) { c := *s.cfg; c.RetireAge = 33; s.cfg = &c },
	"config.seats": func(s *State) {
		c := *s.cfg
		c.seats = slices.Clone(c.seats)
		c.seats[1].Bot = "someone else"
		s.cfg = &c
	},
	"State.turn":     func(s *State) { s.turn++ },
	"State.tiebreak": func(s *State) { s.tiebreak = 2 },
	"State.last": func(s *State) {
		if s.last == nil {
			s.last = &tournament{number: 1}
		} else {
			s.last = nil
		}
	},
	"State.phase":   func(s *State) { s.phase = PhaseOver },
	"State.stables": func(s *State) { s.stables = append(s.stables, stable{}) },
	"State.tour":    func(s *State) { s.tour = nil },
	"stable.monsters": func(s *State) {
		ms := slices.Clone(s.stables[0].monsters)
		ms[0].Age++
		s.stables[0].monsters = ms
	},
	"stable.trophies":   func(s *State) { s.stables[2].trophies++ },
	"stable.nextID":     func(s *State) { s.stables[3].nextID++ },
	"stable.sealed":     func(s *State) { s.stables[1].sealed = Capture{} },
	"stable.entry":      func(s *State) { s.stables[1].entry = 2 },
	"tournament.number": func(s *State) { s.tour.number++ },
	"tournament.entrants": func(s *State) {
		s.tour.entrants = slices.Clone(s.tour.entrants)
		s.tour.entrants[1].Sum++
	},
	"tournament.rounds": func(s *State) { s.tour.rounds++ },
	"tournament.seedDice": func(s *State) {
		s.tour.seedDice = append(slices.Clone(s.tour.seedDice), SeedRoll{Of: 9})
	},
	"tournament.slots": func(s *State) { s.tour.slots[0] = 9 },
	"tournament.next":  func(s *State) { s.tour.next = append(s.tour.next, 9) },
	"tournament.round": func(s *State) { s.tour.round++ },
	"tournament.pos":   func(s *State) { s.tour.pos++ },
	"tournament.matches": func(s *State) {
		s.tour.matches = slices.Clone(s.tour.matches)
		s.tour.matches[0].Winner = 1 - s.tour.matches[0].Winner
	},
	"tournament.match": func(s *State) { s.tour.match.contest = 3 },
	"match.side":       func(s *State) { s.tour.match.side[0].Name = monsterName(3, 7) },
	"match.idx":        func(s *State) { s.tour.match.idx[1] = 7 },
	"match.mon":        func(s *State) { s.tour.match.mon[1].Mind++ },
	"match.contest":    func(s *State) { s.tour.match.contest++ },
	"match.used":       func(s *State) { s.tour.match.used[0] ^= abilityBit(Mind) },
	"match.choice": func(s *State) {
		m := &s.tour.match
		x := 0
		if m.choice[0] == NoAbility {
			x = 1
		}
		m.choice[x] = m.choice[x]%3 + 1 // another ability
	},
	"match.view":                    func(s *State) { s.tour.match.view.Round++ },
	"MatchView.Round":               func(s *State) { s.tour.match.view.Round = 5 },
	"MatchView.A":                   func(s *State) { s.tour.match.view.A.Seed = 9 },
	"MatchView.B":                   func(s *State) { s.tour.match.view.B.Bye = true },
	"MatchView.Terrain":             func(s *State) { s.tour.match.view.Terrain = s.tour.match.view.Terrain%3 + 1 },
	"MatchView.Contests":            func(s *State) { s.tour.match.view.Contests = append(s.tour.match.view.Contests, Contest{Number: 9}) },
	"MatchView.DiceOff":             func(s *State) { s.tour.match.view.DiceOff = append(s.tour.match.view.DiceOff, [2]int{1, -1}) },
	"MatchView.Winner":              func(s *State) { s.tour.match.view.Winner = 1 },
	"tournament.matches, one fewer": func(s *State) { s.tour.matches = s.tour.matches[:len(s.tour.matches)-1] },
}

// equalSkipped are the fields Equal does not compare, and why.
var equalSkipped = map[string]string{
	"State.board":          "cache built from the other fields",
	"State.views":          "cache built from the other fields",
	"State.arena":          "memory for what the state hands out",
	"State.spare":          "memory for the next tournament",
	"State.released":       "a released state is never compared (Release)",
	"tournament.contests":  "memory for the matches' contests",
	"State.tourView":       "cache, checked against the tournament before use",
	"State.infos":          "cache, checked against the stables before use",
	"stable.activities":    "cache, checked against the monsters before use",
	"stable.activitiesFor": "cache, checked against the monsters before use",
	"stable.edits":         "counts changes, for the caches",
	"stable.roster":        "counts changes, for the caches",
	"config.names":         "derived from config.seats",
	"config.chosen":        "derived from config.seats",
	"config.possessive":    "derived from config.seats",
	"config.seals":         "derived from config.seats",
}

func TestState_Equal(t *testing.T) {
	s := matchState(t)
	if !s.Equal(s.clone()) || !s.clone().Equal(s) {
		t.Fatal("a clone is not Equal to its original")
	}
	// The caches do not count: a state that has built its views equals one
	// that has not.
	c := s.clone()
	c.changed()
	s.View(engine.Spectator)
	s.View(s.Pending()[0])
	if !s.Equal(c) || !c.Equal(s) {
		t.Error("building the views made a state unequal to its clone")
	}
	for name, mutate := range equalMutations {
		c := s.clone()
		mutate(c)
		if s.Equal(c) || c.Equal(s) {
			t.Errorf("Equal misses a change of %s", name)
		}
		if !s.Equal(s.clone()) {
			t.Fatalf("mutating %s changed the original", name)
		}
	}
	if s.Equal(nil) {
		t.Error("Equal(nil) = true")
	}

	// Every field of these structs must be compared (and mutated above) or
	// be listed as skipped: a new field fails here until Equal knows it.
	for _, typ := range []any{State{}, config{}, stable{}, tournament{}, match{}, MatchView{}} {
		rt := reflect.TypeOf(typ)
		for i := range rt.NumField() {
			name := rt.Name() + "." + rt.Field(i).Name
			if _, ok := equalMutations[name]; !ok && equalSkipped[name] == "" {
				t.Errorf("%s is neither compared by Equal (with a mutation in equalMutations) nor listed in equalSkipped", name)
			}
		}
	}
}
