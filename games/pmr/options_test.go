package pmr

import (
	"fmt"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// mustNewWith returns a fresh game with options opts for the named stables.
func mustNewWith(tb testing.TB, opts Options, names ...string) *State {
	tb.Helper()
	seats := make([]engine.SeatInfo, len(names))
	for i, n := range names {
		seats[i].Name = n
	}
	s, err := New(opts, seats)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// TestOptions_MattersOfTasteWithTodaysDefaults checks that the rulings
// doc.go calls matters of taste are table options, declared in Info (which
// the lobby's form and help list), whose defaults are the standard game.
func TestOptions_MattersOfTasteWithTodaysDefaults(t *testing.T) {
	want := map[string]string{"turns": "30", "tournament_every": "3", "retire_age": "10", "shared_wins": "true"}
	got := map[string]string{}
	for _, o := range Info.Options {
		got[o.Name] = o.Default
		if o.Help == "" {
			t.Errorf("option %s has no help text for the lobby", o.Name)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("options %v, want %v", got, want)
	}
	opts, err := Info.Normalize(nil)
	if err != nil {
		t.Fatal(err)
	}
	std := Options{}
	if err := std.check(); err != nil {
		t.Fatal(err)
	}
	if got := optionsOf(opts); got != std {
		t.Errorf("the defaults read as %+v, the standard game is %+v", got, std)
	}
	if std != (Options{Turns: 30, Every: 3, RetireAge: 10}) {
		t.Errorf("the standard game is %+v", std)
	}
}

// TestOptions_BadValuesRefusedWithClearErrors checks that every option is
// validated, alone and together, with an error naming what it accepts.
func TestOptions_BadValuesRefusedWithClearErrors(t *testing.T) {
	tests := []struct {
		name string
		opts engine.Options
		want string
	}{
		{"tournaments never", engine.Options{"tournament_every": "0"}, "option tournament_every: 0 is out of range 1..10"},
		{"tournaments too rare", engine.Options{"tournament_every": "11"}, "out of range 1..10"},
		{"fewer turns than between tournaments", engine.Options{"turns": "4", "tournament_every": "5"}, "a game of 4 turns with a tournament every 5 turns would have no tournament"},
		{"retiring before the first tournament", engine.Options{"retire_age": "5"}, "option retire_age: 5 is out of range 6..50"},
		{"retire age not a number", engine.Options{"retire_age": "old"}, `"old" is not a whole number`},
		{"shared wins not a boolean", engine.Options{"shared_wins": "sometimes"}, `"sometimes" is not true or false`},
	}
	seats := []engine.SeatInfo{{Name: "Ann"}, {Name: "Bot", Bot: BotGreedy}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := engine.NewTable(Game, tt.opts, seats, dice.Seed{1})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("NewTable(%v) = %v, want an error with %q", tt.opts, err, tt.want)
			}
		})
	}
	// New checks what it is given directly too.
	for _, o := range []Options{{Every: 11}, {Every: -1}, {RetireAge: 3}, {Turns: 4, Every: 5}} {
		if _, err := New(o, seats); err == nil {
			t.Errorf("New(%+v) accepted", o)
		}
	}
}

// TestOption_TournamentEvery checks that a tournament follows every
// tournament_every turns: after turns 2, 4 and 6 of a six-turn game with 2.
func TestOption_TournamentEvery(t *testing.T) {
	s := mustNewWith(t, Options{Turns: 6, Every: 2}, "Ann", "Bob")
	d := dice.NewStream(dice.Seed{9})
	var tournaments []int
	for s.phase != PhaseOver {
		turn := s.turn
		if s.View(0).(*View).NextTournament != (turn+1)/2*2 {
			t.Fatalf("turn %d: the view says the next tournament follows turn %d", turn, s.View(0).(*View).NextTournament)
		}
		for _, p := range s.Pending() {
			for _, e := range mustApply(t, s, p, firstLegal(s, p), d) {
				if e.Kind == "trophy" {
					tournaments = append(tournaments, turn)
				}
			}
		}
	}
	if fmt.Sprint(tournaments) != "[2 4 6]" {
		t.Errorf("tournaments after turns %v, want [2 4 6]", tournaments)
	}
}

// TestOption_RetireAge checks that with retire_age 7 a monster of 7 retires
// when the monsters age after a tournament, and one of 6 stays.
func TestOption_RetireAge(t *testing.T) {
	s := mustNewWith(t, Options{RetireAge: 7}, "Ann", "Bob")
	give(s, 0, Monster{Speed: 1, Age: 7}, Monster{Age: 6})
	startEntries(s)
	d := dice.NewStream(dice.Seed{3})
	evs := mustApply(t, s, 0, "enter M2", d)
	ms := s.stables[0].monsters
	if len(ms) != 1 || ms[0].ID != 2 || ms[0].Age != 7 {
		t.Errorf("after the tournament: %+v, want only M2 at age 7", ms)
	}
	if !strings.Contains(texts(evs), "retiring at 8: Ann's M1 Pebblet") {
		t.Errorf("event text:\n%s", texts(evs))
	}
}

// lastTurnTied sets up the last turn of a seven-turn game (no tournament
// after it) in which Ann and Bob have one trophy each and Cid none, and
// every stable has sealed its activity but Cid.
func lastTurnTied(t *testing.T, opts Options, d *dice.Stream) *State {
	t.Helper()
	opts.Turns = 7
	s := mustNewWith(t, opts, "Ann", "Bob", "Cid")
	s.turn = 7
	s.stables[0].trophies, s.stables[1].trophies = 1, 1
	s.changed()
	mustApply(t, s, 0, "capture", d)
	mustApply(t, s, 1, "capture", d)
	return s
}

// TestOption_SharedWins checks both rulings for a tie for the most
// trophies: shared by default; with shared_wins false, a dice-off among the
// tied stables (and only them) picks one winner, each about as often, and
// the last event shows the dice.
func TestOption_SharedWins(t *testing.T) {
	d := dice.NewStream(dice.Seed{4})
	s := lastTurnTied(t, Options{}, d)
	mustApply(t, s, 2, "capture", d)
	o, over := s.Outcome()
	if !over || len(o.Winners) != 2 || o.Winners[0] != 0 || o.Winners[1] != 1 || !strings.Contains(o.Text, "share the win") {
		t.Fatalf("shared wins: %+v, want Ann and Bob sharing", o)
	}

	var wins [3]int
	for i := range 200 {
		d := dice.NewStream(dice.Seed{byte(i), 5})
		s := lastTurnTied(t, Options{SoleWinner: true}, d)
		evs := mustApply(t, s, 2, "capture", d)
		o, over := s.Outcome()
		if !over || len(o.Winners) != 1 {
			t.Fatalf("without shared wins: %+v, want one winner", o)
		}
		w := o.Winners[0]
		wins[w]++
		last := evs[len(evs)-1]
		if text := engine.TextOf(last); last.Kind != "over" || !strings.Contains(text, "dice-off Ann ") || !strings.Contains(text, s.cfg.names[w]+" wins the dice-off of Ann and Bob (1 trophy each)") {
			t.Fatalf("the last event does not show the dice-off: %s %s", last.Kind, text)
		}
		// The state is what a snapshot and the outcome are built from.
		if back := mustRestore(t, s, mustMarshal(t, s)); !back.Equal(s) {
			t.Fatal("a snapshot loses the dice-off's winner")
		}
	}
	if wins[2] != 0 || wins[0] < 70 || wins[1] < 70 {
		t.Errorf("dice-off wins %v in 200 games, want Ann and Bob about 100 each and Cid none", wins)
	}
}
