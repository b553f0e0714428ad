package pmr

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/engine/enginetest"
)

func TestConformance(t *testing.T) {
	enginetest.Run(t, Game, enginetest.Config{
		Hidden:     true,
		SeatCounts: []int{2, 3, 4, 8},
		Options:    engine.Options{"turns": "9"},
		Playouts:   4,
	})
}

// TestConformance_OtherOptions runs the conformance suite on a table with
// every option away from the standard game: tournaments every other turn,
// early retirement and a dice-off for a tied win.
func TestConformance_OtherOptions(t *testing.T) {
	enginetest.Run(t, Game, enginetest.Config{
		Hidden:     true,
		SeatCounts: []int{2, 5},
		Options:    engine.Options{"turns": "9", "tournament_every": "2", "retire_age": "6", "shared_wins": "false"},
		Playouts:   4,
	})
}

// mustNew returns a fresh game for the named stables. Scenario tests of one
// stable's rules get a state of that one stable, which New refuses for a
// table: a second stable would only add its own dice to the scripted ones.
func mustNew(tb testing.TB, turns int, names ...string) *State {
	tb.Helper()
	seats := make([]engine.SeatInfo, len(names))
	for i, n := range names {
		seats[i].Name = n
	}
	if len(seats) == 1 {
		s := new(State)
		s.reset(newConfig(stdOptions(turns), seats), 1)
		return s
	}
	s, err := New(Options{Turns: turns}, seats)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// stdOptions returns the standard game's options for a game of turns,
// checked as New checks them.
func stdOptions(turns int) Options {
	o := Options{Turns: turns}
	if err := o.check(); err != nil {
		panic(err) // a test's own mistake
	}
	return o
}

// give puts monsters into stable p, numbered from 1 in the given order unless
// they carry a number already.
func give(s *State, p engine.Seat, ms ...Monster) {
	st := &s.stables[p]
	for _, m := range ms {
		st.nextID++
		if m.ID == 0 {
			m.ID = st.nextID
		}
		if m.Name == 0 {
			m.Name = monsterName(p, m.ID)
		}
		st.monsters = append(st.edit(1), m)
	}
	s.changed()
}

// fudgeStream returns a stream whose first Fudge dice show faces (-1, 0, +1),
// found by trying seeds in order: scenario tests script the dice this way.
func fudgeStream(tb testing.TB, faces ...int) *dice.Stream {
	tb.Helper()
	return streamWhere(tb, func(d *dice.Stream) bool {
		for _, f := range faces {
			if d.Fudge() != f {
				return false
			}
		}
		return true
	})
}

// streamWhere returns a fresh stream from the first seed for which ok holds.
func streamWhere(tb testing.TB, ok func(d *dice.Stream) bool) *dice.Stream {
	tb.Helper()
	for i := range 1 << 20 {
		seed := dice.Seed{byte(i), byte(i >> 8), byte(i >> 16), 0xb5}
		if ok(dice.NewStream(seed)) {
			return dice.NewStream(seed)
		}
	}
	tb.Fatal("no seed gives the wanted dice")
	return nil
}

// mustApply applies an action given in its text form.
func mustApply(tb testing.TB, s *State, p engine.Seat, text string, d *dice.Stream) []engine.Event {
	tb.Helper()
	a, err := ParseAction(text)
	if err != nil {
		tb.Fatal(err)
	}
	evs, err := s.Apply(p, a, d)
	if err != nil {
		tb.Fatalf("Apply(%s, %q): %v", p, text, err)
	}
	return evs
}

func texts(evs []engine.Event) string {
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(engine.TextOf(e))
		b.WriteByte('\n')
	}
	return b.String()
}

func monster(s *State, p engine.Seat, id int) Monster {
	st := &s.stables[p]
	if i := st.find(id); i >= 0 {
		return st.monsters[i]
	}
	return Monster{}
}

func TestCapture_AgeFromFudge(t *testing.T) {
	tests := []struct {
		name    string
		ageDie  int
		wantAge int
	}{
		{"minus gives 4", -1, 4},
		{"blank gives 5", 0, 5},
		{"plus gives 6", +1, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustNew(t, 30, "Ann")
			d := fudgeStream(t, +1, 0, -1, tt.ageDie)
			evs := mustApply(t, s, 0, "capture", d)
			got := monster(s, 0, 1)
			want := Monster{ID: 1, Name: monsterName(0, 1), Speed: 1, Brawn: 0, Mind: -1, Age: tt.wantAge}
			if got != want {
				t.Errorf("captured %+v, want %+v", got, want)
			}
			if d.Len() != 4 {
				t.Errorf("capture rolled %d dice, want 4", d.Len())
			}
			if !strings.Contains(texts(evs), "Speed [+] → 1, Brawn [_] → 0, Mind [-] → -1, age "+dice.FudgeSymbol(tt.ageDie)) {
				t.Errorf("event text does not show the faces:\n%s", texts(evs))
			}
		})
	}
}

func TestTrain_ChosenSucceedsOnPlusOrBlank(t *testing.T) {
	for _, f := range []int{+1, 0, -1} {
		t.Run(dice.FudgeSymbol(f), func(t *testing.T) {
			s := mustNew(t, 30, "Ann")
			give(s, 0, Monster{Speed: 2})
			mustApply(t, s, 0, "train M1 speed", fudgeStream(t, f))
			want := 3
			if f < 0 {
				want = 2
			}
			if got := monster(s, 0, 1).Speed; got != want {
				t.Errorf("after 1dF %s Speed = %d, want %d", dice.FudgeSymbol(f), got, want)
			}
		})
	}
}

// The chosen-ability training succeeds with probability exactly 2/3 (two of
// the three faces); over many fixed-seed samples the rate is close to that.
func TestTrain_ChosenSuccessRate(t *testing.T) {
	s := mustNew(t, 30, "Ann")
	d := dice.NewUnrecordedStream(dice.Seed{42})
	e := new(eventBuf)
	const n = 30000
	wins := 0
	for range n {
		s.stables[0].monsters = []Monster{{ID: 1, Mind: 0}}
		e.reset(1)
		s.train(0, Train{Monster: 1, Ability: Mind}, d, e)
		wins += s.stables[0].monsters[0].Mind
	}
	rate := float64(wins) / n
	if rate < 0.66-0.01 || rate > 0.67+0.01 {
		t.Errorf("chosen training succeeded %.4f of the time, want 2/3", rate)
	}
}

func TestTrain_RandomAbilityFromFudge(t *testing.T) {
	tests := []struct {
		face int
		want Ability
	}{{+1, Speed}, {0, Brawn}, {-1, Mind}}
	for _, tt := range tests {
		t.Run(tt.want.String(), func(t *testing.T) {
			s := mustNew(t, 30, "Ann")
			give(s, 0, Monster{})
			mustApply(t, s, 0, "train M1 random", fudgeStream(t, tt.face))
			m := monster(s, 0, 1)
			if m.Get(tt.want) != 1 || m.Sum() != 1 {
				t.Errorf("after 1dF %s: %+v, want only %s +1", dice.FudgeSymbol(tt.face), m, tt.want)
			}
		})
	}
}

func TestRoundHalf_AwayFromZero(t *testing.T) {
	tests := []struct{ a, b, want int }{
		{6, 5, 6}, {5, 4, 5}, {4, 4, 4}, {1, 0, 1}, {0, 0, 0},
		{-1, 0, -1}, {-1, -2, -2}, {1, -2, -1}, {3, -2, 1}, {-3, 0, -2},
	}
	for _, tt := range tests {
		if got := roundHalf(tt.a + tt.b); got != tt.want {
			t.Errorf("rounded average of %d and %d = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestBreed_AveragesAndRounds(t *testing.T) {
	s := mustNew(t, 30, "Ann")
	give(s, 0, Monster{Speed: 1, Brawn: -2, Mind: 0, Age: 6}, Monster{Speed: 2, Brawn: 1, Mind: 0, Age: 5})
	// Ages 6 and 5 average 6 (5.5 rounds up); 2dF [-] [_] gives 5: offspring.
	// Speed 1 and 2 average 2 (1.5 rounds up), Brawn -2 and 1 average -1
	// (-0.5 rounds away from zero), Mind 0; the ability dice are all [_].
	d := fudgeStream(t, -1, 0, 0, 0, 0)
	evs := mustApply(t, s, 0, "breed M1 M2", d)
	got := monster(s, 0, 3)
	want := Monster{ID: 3, Name: monsterName(0, 3), Speed: 2, Brawn: -1, Mind: 0, Age: 0}
	if got != want {
		t.Errorf("offspring %+v, want %+v\n%s", got, want, texts(evs))
	}
	if !strings.Contains(texts(evs), "ages 6 and 5 average 6, 2dF [-] [_] → 5: offspring M3") {
		t.Errorf("event text:\n%s", texts(evs))
	}
}

func TestBreed_SevenOrMoreFails(t *testing.T) {
	s := mustNew(t, 30, "Ann")
	give(s, 0, Monster{Age: 6}, Monster{Age: 5})
	d := fudgeStream(t, +1, 0)
	evs := mustApply(t, s, 0, "breed M2 M1", d)
	if n := len(s.stables[0].monsters); n != 2 {
		t.Errorf("a failed breeding left %d monsters, want 2", n)
	}
	if s.turn != 2 {
		t.Errorf("turn = %d after a failed breeding, want 2 (the failure uses the turn)", s.turn)
	}
	if d.Len() != 2 {
		t.Errorf("a failed breeding rolled %d dice, want 2", d.Len())
	}
	if !strings.Contains(texts(evs), "ages 5 and 6 average 6, 2dF [+] [_] → 7: no offspring") {
		t.Errorf("event text:\n%s", texts(evs))
	}
}

func TestBreed_BothPositiveParentsNeverLose(t *testing.T) {
	s := mustNew(t, 30, "Ann")
	give(s, 0, Monster{Speed: 1, Brawn: 2, Mind: 3, Age: 0}, Monster{Speed: 2, Brawn: 2, Mind: 1, Age: 0})
	// Every ability die shows [-], and every one is ignored.
	evs := mustApply(t, s, 0, "breed M1 M2", fudgeStream(t, 0, 0, -1, -1, -1))
	got := monster(s, 0, 3)
	if got.Speed != 2 || got.Brawn != 2 || got.Mind != 2 {
		t.Errorf("offspring %+v, want the rounded averages 2/2/2\n%s", got, texts(evs))
	}
	if !strings.Contains(texts(evs), "[-] ignored (both parents above 0)") {
		t.Errorf("event text does not say the [-] was ignored:\n%s", texts(evs))
	}
}

func TestBreed_BothNegativeParentsNeverGain(t *testing.T) {
	s := mustNew(t, 30, "Ann")
	give(s, 0, Monster{Speed: -1, Brawn: -2, Mind: 0, Age: 0}, Monster{Speed: -2, Brawn: -2, Mind: 1, Age: 0})
	evs := mustApply(t, s, 0, "breed M1 M2", fudgeStream(t, 0, 0, +1, +1, +1))
	got := monster(s, 0, 3)
	// Speed and Brawn ignore the [+]; Mind (0 and 1) keeps it: 1 + 1.
	if got.Speed != -2 || got.Brawn != -2 || got.Mind != 2 {
		t.Errorf("offspring %+v, want -2/-2/2\n%s", got, texts(evs))
	}
}

// startEntries puts s into the entry phase of the tournament after turn 3.
func startEntries(s *State) {
	s.turn = 3
	s.startTournament(nil, new(eventBuf))
	s.changed()
}

func TestTournament_ByesGoToHighestSums(t *testing.T) {
	tests := []struct {
		name     string
		sums     []int // Speed of each stable's only monster
		wantByes []engine.Seat
	}{
		{"3 entrants, 1 bye", []int{1, 4, 2}, []engine.Seat{1}},
		{"5 entrants, 3 byes", []int{0, 5, -1, 3, 4}, []engine.Seat{1, 4, 3}},
		{"2 entrants, no bye", []int{0, 5}, nil},
		{"4 entrants, no bye", []int{1, 2, 3, 4}, nil},
		{"6 entrants, 2 byes", []int{1, 2, 3, 4, 5, 6}, []engine.Seat{5, 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			names := make([]string, len(tt.sums))
			for i := range names {
				names[i] = fmt.Sprintf("S%d", i)
			}
			s := mustNew(t, 30, names...)
			for i, sum := range tt.sums {
				give(s, engine.Seat(i), Monster{Speed: sum, Age: 5})
			}
			startEntries(s)
			d := dice.NewStream(dice.Seed{7})
			for i := range tt.sums {
				mustApply(t, s, engine.Seat(i), "enter M1", d)
			}
			var byes []engine.Seat
			for _, x := range s.tour.entrants {
				if x.Bye {
					byes = append(byes, x.Stable)
				}
			}
			if fmt.Sprint(byes) != fmt.Sprint(tt.wantByes) {
				t.Errorf("byes to %v, want %v", byes, tt.wantByes)
			}
		})
	}
}

func TestTournament_ByeTieBrokenByDie(t *testing.T) {
	for face := 1; face <= 2; face++ {
		t.Run(fmt.Sprint("d2=", face), func(t *testing.T) {
			s := mustNew(t, 30, "Ann", "Bob", "Cid")
			give(s, 0, Monster{Speed: 1})
			give(s, 1, Monster{Speed: 2})
			give(s, 2, Monster{Brawn: 2})
			startEntries(s)
			d := streamWhere(t, func(d *dice.Stream) bool { return d.Roll(2) == face })
			mustApply(t, s, 0, "enter M1", d)
			mustApply(t, s, 1, "enter M1", d)
			evs := mustApply(t, s, 2, "enter M1", d)
			// Bob and Cid tie at 2 for the one bye: the d2 picks among them in seat order.
			want := []engine.Seat{1, 2}[face-1]
			if got := s.tour.entrants[0]; !got.Bye || got.Stable != want {
				t.Errorf("bye went to %+v, want stable %d\n%s", got, want, texts(evs))
			}
			if !strings.Contains(texts(evs), fmt.Sprintf("Equal sums seeded by dice: sum 2: d2 → %d", face)) {
				t.Errorf("event text does not show the roll:\n%s", texts(evs))
			}
		})
	}
}

// TestTournament_EqualSumsSeededByDiceNotSeat checks that equal sums are
// put in seed order by dice even where no bye is at stake: four entrants
// with the same sum roll d4, d3 and d2, and over many streams every stable
// is seeded first about a quarter of the time.
func TestTournament_EqualSumsSeededByDiceNotSeat(t *testing.T) {
	const tables = 400
	var first [4]int
	for i := range tables {
		s := mustNew(t, 30, "Ann", "Bob", "Cid", "Dee")
		for p := range 4 {
			give(s, engine.Seat(p), Monster{Speed: 1, Brawn: 1, Age: 5})
		}
		startEntries(s)
		d := dice.NewStream(dice.Seed{byte(i), byte(i >> 8), 3})
		var evs []engine.Event
		for p := range 4 {
			evs = mustApply(t, s, engine.Seat(p), "enter M1", d)
		}
		if i == 0 && !strings.Contains(texts(evs), "Equal sums seeded by dice: sum 2: d4 → ") {
			t.Errorf("the entries do not show the seeding dice:\n%s", texts(evs))
		}
		first[s.tour.entrants[0].Stable]++
	}
	for p, n := range first {
		// A quarter is 100; 60 is over four standard deviations below it.
		if n < 60 {
			t.Errorf("stable %d was seeded first %d times in %d, want about %d", p+1, n, tables, tables/4)
		}
	}
}

func TestEffective_DoublingsStack(t *testing.T) {
	tests := []struct {
		name             string
		a, opp, terrain  Ability
		value, effective int
	}{
		{"Speed on Plains vs Mind: x4", Speed, Mind, Speed, 3, 12},
		{"Brawn in Woods vs Speed: x4", Brawn, Speed, Brawn, 2, 8},
		{"Mind in Urban vs Brawn: x4", Mind, Brawn, Mind, 1, 4},
		{"Speed vs Brawn: Brawn doubled, not Speed", Speed, Brawn, Brawn, 3, 3},
		{"Brawn vs Speed on Plains: matchup only", Brawn, Speed, Speed, 3, 6},
		{"Speed vs Speed: no matchup doubling", Speed, Speed, Brawn, 3, 3},
		{"Speed vs Speed on Plains: terrain only", Speed, Speed, Speed, 3, 6},
		{"negative values double too", Mind, Brawn, Mind, -1, -4},
	}
	for _, tt := range tests {
		if got := Effective(tt.a, tt.opp, tt.terrain, tt.value); got != tt.effective {
			t.Errorf("%s: Effective = %d, want %d", tt.name, got, tt.effective)
		}
	}
}

// twoInAMatch sets up Ann and Bob with one monster each, entered, with the
// match's terrain rolled from d.
func twoInAMatch(t *testing.T, a, b Monster, d *dice.Stream) *State {
	t.Helper()
	s := mustNew(t, 30, "Ann", "Bob")
	give(s, 0, a)
	give(s, 1, b)
	startEntries(s)
	mustApply(t, s, 0, "enter M1", d)
	mustApply(t, s, 1, "enter M1", d)
	if s.phase != PhaseMatch {
		t.Fatalf("phase %s after both entered, want match", s.phase)
	}
	return s
}

func TestMatch_HigherEffectiveValueWins(t *testing.T) {
	// Plains: Ann's Speed 2 x2 terrain x2 against Mind = 8 beats Bob's Mind 5.
	// Bob's monster has the higher sum, so it is seeded first (side A).
	d := fudgeStream(t, +1)
	s := twoInAMatch(t, Monster{Speed: 2, Age: 5}, Monster{Mind: 5, Age: 5}, d)
	mustApply(t, s, 1, "choose mind", d)
	evs := mustApply(t, s, 0, "choose speed", d)
	if s.stables[0].trophies != 1 || s.stables[1].trophies != 0 {
		t.Errorf("trophies %d, %d; want Ann 1\n%s", s.stables[0].trophies, s.stables[1].trophies, texts(evs))
	}
	if !strings.Contains(texts(evs), "Bob's M1 Voltik Mind 5 = 5 vs Ann's M1 Pebblet Speed 2 ×2 Plains ×2 vs Mind = 8: Ann's M1 Pebblet wins") {
		t.Errorf("contest text:\n%s", texts(evs))
	}
}

func TestMatch_TieProcedure(t *testing.T) {
	// Equal monsters on Woods; a dice-off of [+] [+] (tie, re-roll) then [_] [+].
	d := fudgeStream(t, 0, +1, +1, 0, +1)
	twin := Monster{Speed: 2, Brawn: 2, Mind: 2, Age: 5}
	s := twoInAMatch(t, twin, twin, d)

	mustApply(t, s, 0, "choose speed", d)
	evs := mustApply(t, s, 1, "choose speed", d)
	if !strings.Contains(texts(evs), "tie; each now chooses an ability it has not used") {
		t.Fatalf("first contest:\n%s", texts(evs))
	}
	// The second choice must be an ability not used in this match.
	if got := actionTexts(s.Legal(0)); got != "choose brawn, choose mind" {
		t.Errorf("Legal after a tie = %s, want brawn and mind", got)
	}
	if _, err := s.Apply(0, Choose{Ability: Speed}, d); !errors.Is(err, engine.ErrIllegalAction) {
		t.Errorf("choosing speed again: err = %v, want ErrIllegalAction", err)
	}
	mustApply(t, s, 0, "choose brawn", d)
	evs = mustApply(t, s, 1, "choose brawn", d)
	// The third contest needs no choice: Mind against Mind. Then the dice-off.
	want := []string{
		"Contest 2: Ann's M1 Pebblet Brawn 2 ×2 Woods = 4 vs Bob's M1 Voltik Brawn 2 ×2 Woods = 4: tie; the last abilities compete",
		"Contest 3 (last abilities): Ann's M1 Pebblet Mind 2 = 2 vs Bob's M1 Voltik Mind 2 = 2: tie after three contests; dice-off",
		"Dice-off: [+] vs [+] (tie), [_] vs [+]: Bob's M1 Voltik wins",
		"Bob's M1 Voltik wins tournament 1: Bob has 1 trophy",
	}
	got := texts(evs)
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("missing %q in\n%s", w, got)
		}
	}
}

func TestTournament_ImprovementRolls(t *testing.T) {
	// Terrain [+]; Ann wins. Winner: [_] → +2, [-] → Mind. Bob: [_] → -1, [+] → Speed.
	d := fudgeStream(t, +1, 0, -1, 0, +1)
	s := twoInAMatch(t, Monster{Speed: 3, Age: 5}, Monster{Age: 5}, d)
	mustApply(t, s, 0, "choose speed", d)
	mustApply(t, s, 1, "choose speed", d)
	if got := monster(s, 0, 1); got.Mind != 2 || got.Speed != 3 {
		t.Errorf("winner after improvement %+v, want Mind +2", got)
	}
	if got := monster(s, 1, 1); got.Speed != -1 {
		t.Errorf("loser after improvement %+v, want Speed -1", got)
	}
}

func TestAge_RetiresOlderThan10(t *testing.T) {
	s := mustNew(t, 30, "Ann")
	give(s, 0, Monster{Speed: 1, Age: 10}, Monster{Age: 9})
	startEntries(s)
	evs := mustApply(t, s, 0, "enter M2", dice.NewStream(dice.Seed{3}))
	ms := s.stables[0].monsters
	if len(ms) != 1 || ms[0].ID != 2 || ms[0].Age != 10 {
		t.Errorf("after the tournament: %+v, want only M2 at age 10", ms)
	}
	if !strings.Contains(texts(evs), "retiring at 11: Ann's M1 Pebblet") {
		t.Errorf("event text:\n%s", texts(evs))
	}
	if s.stables[0].trophies != 1 {
		t.Errorf("a lone entrant won %d trophies, want 1", s.stables[0].trophies)
	}
}

func TestSchedule_TournamentAfterEveryThirdTurn(t *testing.T) {
	s := mustNew(t, 7, "Ann")
	d := dice.NewStream(dice.Seed{9})
	var tournaments []int
	for s.phase != PhaseOver {
		turn := s.turn
		for _, e := range mustApply(t, s, 0, firstLegal(s, 0), d) {
			if e.Kind == "trophy" {
				tournaments = append(tournaments, turn)
			}
		}
	}
	if fmt.Sprint(tournaments) != "[3 6]" {
		t.Errorf("tournaments after turns %v, want [3 6]", tournaments)
	}
	if s.turn != 7 {
		t.Errorf("game ended on turn %d, want 7", s.turn)
	}
}

func firstLegal(s *State, p engine.Seat) string {
	return s.Legal(p)[0].String()
}

func actionTexts(as []engine.Action) string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.String()
	}
	return strings.Join(out, ", ")
}

// snapshot is everything observable about a state: every seat's view (with
// its own sealed choices), legal actions and the outcome.
func snapshot(tb testing.TB, s *State) string {
	tb.Helper()
	var b strings.Builder
	for p := engine.Spectator; p < engine.Seat(len(s.stables)); p++ {
		j, err := json.Marshal(s.View(p))
		if err != nil {
			tb.Fatal(err)
		}
		fmt.Fprintf(&b, "%s %s %s\n", p, j, actionTexts(s.Legal(p)))
	}
	o, over := s.Outcome()
	fmt.Fprintln(&b, o, over)
	return b.String()
}

func TestApply_IllegalChangesNothing(t *testing.T) {
	s := mustNew(t, 30, "Ann", "Bob")
	d := dice.NewStream(dice.Seed{5})
	give(s, 0, Monster{Speed: 1, Age: 5})
	mustApply(t, s, 1, "capture", d)
	tests := []struct {
		name string
		p    engine.Seat
		a    engine.Action
		want error
	}{
		{"train a monster you do not have", 0, Train{Monster: 9, Ability: Speed}, engine.ErrIllegalAction},
		{"train without an ability", 0, Train{Monster: 1}, engine.ErrIllegalAction},
		{"breed with one monster", 0, Breed{A: 1, B: 2}, engine.ErrIllegalAction},
		{"enter outside a tournament", 0, Enter{Monster: 1}, engine.ErrIllegalAction},
		{"choose outside a match", 0, Choose{Ability: Speed}, engine.ErrIllegalAction},
		{"no action", 0, nil, engine.ErrIllegalAction},
		{"act for a seat that does not exist", 5, Capture{}, engine.ErrNotYourTurn},
		{"spectator acts", engine.Spectator, Capture{}, engine.ErrNotYourTurn},
		{"change a sealed choice", 1, Train{Monster: 1, Ability: Speed}, engine.ErrNotYourTurn},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := snapshot(t, s)
			n := d.Len()
			_, err := s.Apply(tt.p, tt.a, d)
			if !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
			if d.Len() != n {
				t.Errorf("a refused action rolled %d dice", d.Len()-n)
			}
			if after := snapshot(t, s); after != before {
				t.Errorf("a refused action changed the state:\n%s\n%s", before, after)
			}
		})
	}
}

func TestApply_ErrorsSayWhy(t *testing.T) {
	s := mustNew(t, 30, "Ann", "Bob")
	give(s, 0, Monster{}, Monster{}, Monster{})
	d := dice.NewStream(dice.Seed{5})
	mustApply(t, s, 1, "capture", d)
	tests := []struct {
		p    engine.Seat
		text string
		want string
	}{
		{0, "train M7 speed", "you have no monster M7 (your monsters: M1, M2, M3)"},
		{0, "breed M2 M2", "a monster cannot breed with itself"},
		{1, "train M1 speed", "sealed and final; waiting for Ann"},
		{0, "enter M1", "capture, train or breed"},
	}
	for _, tt := range tests {
		a, err := ParseAction(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Apply(tt.p, a, d)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %q: err = %v, want it to say %q", engine.Seat(tt.p), tt.text, err, tt.want)
		}
	}
}

func TestApply_CannotActForAnotherStable(t *testing.T) {
	d := fudgeStream(t, 0)
	s := twoInAMatch(t, Monster{Speed: 1}, Monster{Speed: 1}, d)
	s3 := mustNew(t, 30, "Ann", "Bob", "Cid")
	give(s3, 0, Monster{Speed: 1})
	give(s3, 1, Monster{Speed: 2})
	give(s3, 2, Monster{Speed: 3})
	startEntries(s3)
	for _, p := range []engine.Seat{0, 1, 2} {
		mustApply(t, s3, p, "enter M1", d)
	}
	// Cid has the bye: Ann and Bob play; Cid may not choose for them.
	if _, err := s3.Apply(2, Choose{Ability: Speed}, d); !errors.Is(err, engine.ErrNotYourTurn) ||
		!strings.Contains(err.Error(), "the match is between") {
		t.Errorf("Cid choosing in Ann and Bob's match: err = %v, want ErrNotYourTurn", err)
	}
	mustApply(t, s, 0, "choose speed", d)
	if _, err := s.Apply(0, Choose{Ability: Brawn}, d); !errors.Is(err, engine.ErrNotYourTurn) {
		t.Errorf("Ann changing her sealed ability: err = %v, want ErrNotYourTurn", err)
	}
}

func TestSealed_ChoiceIsFinalAndHidden(t *testing.T) {
	s := mustNew(t, 30, "Ann", "Bob")
	d := dice.NewStream(dice.Seed{1})
	evs := mustApply(t, s, 0, "capture", d)
	if len(evs) != 1 || evs[0].Kind != "sealed" {
		t.Fatalf("events %v, want one sealed event", evs)
	}
	if e, _ := evs[0].For(1); e.Text != "Ann has chosen" || e.Data != nil {
		t.Errorf("Bob sees %+v, want only \"Ann has chosen\"", e)
	}
	if e, _ := evs[0].For(0); e.Text != "Ann seals: capture" {
		t.Errorf("Ann sees %q", e.Text)
	}
	if _, err := s.Apply(0, Capture{}, d); !errors.Is(err, engine.ErrNotYourTurn) {
		t.Errorf("sealing twice: err = %v, want ErrNotYourTurn", err)
	}
	own := s.View(0).(*View)
	other := s.View(1).(*View)
	if own.Sealed != "capture" || other.Sealed != "" || !other.Stables[0].Chosen {
		t.Errorf("Ann's view sealed=%q, Bob's view sealed=%q chosen=%v", own.Sealed, other.Sealed, other.Stables[0].Chosen)
	}
	if d.Len() != 0 {
		t.Errorf("sealing rolled %d dice before everyone had chosen", d.Len())
	}
}

func TestOutcome_MostTrophiesShare(t *testing.T) {
	tests := []struct {
		trophies []int
		winners  string
		text     string
	}{
		{[]int{2, 3, 1}, "[1]", "Bob wins with 3 trophies"},
		{[]int{3, 3, 1}, "[0 1]", "Ann and Bob share the win with 3 trophies each"},
		{[]int{0, 0, 0}, "[0 1 2]", "nobody won a trophy: Ann, Bob and Cid share the win"},
	}
	for _, tt := range tests {
		s := mustNew(t, 30, "Ann", "Bob", "Cid")
		for i, n := range tt.trophies {
			s.stables[i].trophies = n
		}
		s.phase = PhaseOver
		o, over := s.Outcome()
		var winners []int
		for _, w := range o.Winners {
			winners = append(winners, int(w))
		}
		if !over || fmt.Sprint(winners) != tt.winners || o.Text != tt.text {
			t.Errorf("trophies %v: outcome %+v, want winners %s, %q", tt.trophies, o, tt.winners, tt.text)
		}
	}
}

func TestState_Metrics(t *testing.T) {
	s := mustNew(t, 30, "Ann", "Bob", "Cid")
	give(s, 0, Monster{}, Monster{Age: 10})
	give(s, 2, Monster{})
	s.ageAll(new(eventBuf)) // Ann's M2 retires at 11
	ms := s.Metrics()
	if len(ms) != 1 || ms[0].Name != "monsters" || fmt.Sprint(ms[0].Seats) != "[1 0 1]" {
		t.Errorf("Metrics() = %+v, want monsters [1 0 1]", ms)
	}
	if Info.ScoreName != "trophies" {
		t.Errorf("Info.ScoreName = %q, want trophies", Info.ScoreName)
	}
}

func TestParseAction_RoundTrip(t *testing.T) {
	for _, text := range []string{"capture", "train M2 speed", "train M12 random", "breed M1 M3", "enter M2", "choose brawn"} {
		a, err := ParseAction(text)
		if err != nil {
			t.Errorf("ParseAction(%q): %v", text, err)
			continue
		}
		if a.String() != text {
			t.Errorf("ParseAction(%q).String() = %q", text, a)
		}
		raw, _ := json.Marshal(a)
		back, err := Game.Decode(a.Kind(), raw)
		if err != nil || back != a {
			t.Errorf("Decode(%q, %s) = %v, %v; want %v", a.Kind(), raw, back, err, a)
		}
	}
	for _, bad := range []string{"", "fly", "train", "train M0 speed", "train M1 fast", "breed M1", "choose random", "enter X"} {
		if a, err := ParseAction(bad); err == nil {
			t.Errorf("ParseAction(%q) = %v, want an error", bad, a)
		}
	}
}

func TestDecode_RejectsBadInput(t *testing.T) {
	tests := []struct{ kind, raw string }{
		{"fly", `{}`},
		{"train", `{"monster":1}`},
		{"train", `{"monster":1,"ability":"fast"}`},
		{"train", `{"monster":"M1","ability":"speed"}`},
		{"train", `{"monster":1,"ability":"speed","extra":1}`},
		{"train", `{"monster":1,"ability":"speed"} {}`},
		{"breed", `{"a":1}`},
		{"enter", `[1]`},
		{"choose", `{"ability":"random"}`},
		{"capture", `{`},
	}
	for _, tt := range tests {
		if a, err := Game.Decode(tt.kind, json.RawMessage(tt.raw)); err == nil || !strings.HasPrefix(err.Error(), "pmr: ") {
			t.Errorf("Decode(%q, %s) = %v, %v; want a pmr: error", tt.kind, tt.raw, a, err)
		}
	}
	if a, err := Game.Decode("capture", nil); err != nil || a != (Capture{}) {
		t.Errorf("Decode(capture, empty) = %v, %v", a, err)
	}
}

func TestView_SpectatorSeesNoSealedChoice(t *testing.T) {
	s := mustNew(t, 30, "Ann", "Bob")
	mustApply(t, s, 0, "capture", dice.NewStream(dice.Seed{1}))
	v := s.View(engine.Spectator).(*View)
	if v.Sealed != "" || !v.Stables[0].Chosen || v.Stables[1].Chosen {
		t.Errorf("spectator view: sealed %q, chosen %v %v", v.Sealed, v.Stables[0].Chosen, v.Stables[1].Chosen)
	}
	j, _ := json.Marshal(v)
	if strings.Contains(string(j), "capture") {
		t.Errorf("spectator view leaks the sealed choice: %s", j)
	}
}

// Views, Pending and Legal are cached and shared, so a view or list handed
// out must never change afterwards, whatever happens to the state or to
// clones of it.
// TestView_ValidUntilApplyAndNeverAnotherSeats checks the engine's rule for
// what a state hands out: cached until the state changes, unchanged by a
// refused action or by a clone's play, reused in place by the next Apply
// (engine.State), and never reused for another seat's view.
func TestView_ValidUntilApplyAndNeverAnotherSeats(t *testing.T) {
	s := mustNew(t, 30, "Ann", "Bob")
	d := dice.NewStream(dice.Seed{1})
	give(s, 0, Monster{ID: 1, Name: 1, Age: 3}, Monster{ID: 2, Name: 2, Age: 4})
	give(s, 1, Monster{ID: 1, Name: 3, Age: 3}, Monster{ID: 2, Name: 4, Age: 4})
	v0 := s.View(0)
	if s.View(0) != v0 {
		t.Errorf("View(0) twice: two views, want the cached one")
	}
	before, _ := json.Marshal(v0)
	legalBefore := fmt.Sprint(s.Legal(0))
	if _, err := s.Apply(0, Choose{Ability: Speed}, d); err == nil {
		t.Fatalf("choosing an ability in the activity phase was accepted")
	}
	if after, _ := json.Marshal(v0); string(after) != string(before) || fmt.Sprint(s.Legal(0)) != legalBefore {
		t.Errorf("a refused action changed what the state had handed out:\n%s\n%s", before, after)
	}

	mustApply(t, s, 1, "train M2 mind", d)
	c := s.clone()
	if c.View(1) == s.View(1) {
		t.Errorf("a clone shares the original's view")
	}
	cv, _ := json.Marshal(c.View(1))
	mustApply(t, s, 0, "capture", d)
	if after, _ := json.Marshal(c.View(1)); string(after) != string(cv) {
		t.Errorf("the original's Apply changed its clone's view:\n%s\n%s", cv, after)
	}

	// Seat 1 sealed "train M2 mind"; whatever seat 0's view memory holds
	// after any number of Applies, it never shows that.
	for _, cmd := range []struct {
		seat engine.Seat
		text string
	}{{1, "breed M1 M2"}, {0, "train M1 speed"}} {
		_ = s.View(1) // seat 1's own view, with its sealed choice
		if raw, _ := json.Marshal(v0); strings.Contains(string(raw), `"sealed"`) || v0.(*View).Seat != 0 {
			t.Fatalf("seat 1's view memory shows through seat 0's view: %s", raw)
		}
		mustApply(t, s, cmd.seat, cmd.text, d)
	}
	if v := s.View(0).(*View); v.Turn != 3 || len(v.Stables[0].Monsters) != 3 {
		t.Errorf("after two turns, View(0) shows turn %d with %d monsters, want turn 3 with 3", v.Turn, len(v.Stables[0].Monsters))
	}
}

// TestView_KeptUpToDateInPlaceEqualsBuiltAfresh checks the views a state
// keeps up to date in place (a seal patches the board; other changes rebuild
// it in the same memory) against views a fresh copy builds from scratch,
// for every seat and the spectator after every action of many games.
func TestView_KeptUpToDateInPlaceEqualsBuiltAfresh(t *testing.T) {
	for i, mix := range [][]string{{"nash", "nash"}, {"greedy", "random"}, {"random", "greedy", "nash", "random"}, {"nash", "greedy", "random", "nash", "greedy", "random", "nash", "greedy"}} {
		bots, seats := mustBots(t, mix...)
		s := mustNew(t, 12, names(seats)...)
		d := dice.NewUnrecordedStream(dice.Seed{byte(i), 3})
		r := dice.NewUnrecordedStream(dice.Seed{byte(i), 4})
		for step := 0; len(s.Pending()) > 0; step++ {
			// Views asked for before the action, so that there are cached
			// ones to keep up to date.
			for p := engine.Spectator; int(p) < len(seats); p++ {
				s.View(p)
			}
			p := s.Pending()[0]
			a := bots[p].Act(p, s.View(p), s.Legal(p), r)
			if _, err := s.Apply(p, a, d); err != nil {
				t.Fatal(err)
			}
			fresh := s.clone() // a clone builds its views from scratch
			for q := engine.Spectator; int(q) < len(seats); q++ {
				got, _ := json.Marshal(s.View(q))
				want, _ := json.Marshal(fresh.View(q))
				if string(got) != string(want) {
					t.Fatalf("%v, step %d (%s played %s): %s's view kept up to date\n%s\nbuilt afresh\n%s", mix, step, p, a, q, got, want)
				}
			}
		}
	}
}

func names(seats []engine.SeatInfo) []string {
	out := make([]string, len(seats))
	for i, si := range seats {
		out[i] = si.Name
	}
	return out
}

func TestNew_RejectsBadSetup(t *testing.T) {
	if _, err := New(Options{Turns: 2}, make([]engine.SeatInfo, 2)); err == nil {
		t.Errorf("2 turns accepted")
	}
	if _, err := New(Options{}, make([]engine.SeatInfo, 9)); err == nil {
		t.Errorf("9 stables accepted")
	}
	if _, err := New(Options{}, nil); err == nil {
		t.Errorf("no stables accepted")
	}
}

// TestTable_NeedsAtLeastTwoStables checks that a table of one stable is
// refused, by New and by the engine's table alike, with an error that says
// how to play alone.
func TestTable_NeedsAtLeastTwoStables(t *testing.T) {
	if Info.MinSeats != 2 {
		t.Errorf("Info.MinSeats = %d, want 2", Info.MinSeats)
	}
	_, err := New(Options{}, []engine.SeatInfo{{Name: "Ann"}})
	if err == nil || !strings.Contains(err.Error(), "at least 2 stables") || !strings.Contains(err.Error(), "bots") {
		t.Errorf("New with one stable: %v, want an error asking for at least 2 stables and bots", err)
	}
	if _, err := engine.NewTable(Game, nil, []engine.SeatInfo{{Name: "Ann"}}, dice.Seed{1}); err == nil {
		t.Errorf("a table of one stable was set up")
	}
	if _, err := engine.NewTable(Game, nil, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bot", Bot: BotNash}}, dice.Seed{1}); err != nil {
		t.Errorf("a person and a bot: %v", err)
	}
}

func TestMonsterName_MarshalsAsTheName(t *testing.T) {
	m := Monster{ID: 3, Name: monsterName(1, 3), Speed: 1}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":3,"name":"` + monsterNames[(3-1+11)%len(monsterNames)] + `","speed":1,"brawn":0,"mind":0,"age":0}`
	if string(b) != want {
		t.Fatalf("json.Marshal(%+v) = %s, want %s", m, b, want)
	}
	var back Monster
	if err := json.Unmarshal(b, &back); err != nil || back != m {
		t.Fatalf("json.Unmarshal(%s) = %+v, %v; want %+v", b, back, err, m)
	}
	if err := json.Unmarshal([]byte(`{"id":1,"name":"Godzilla"}`), &back); err == nil || !strings.Contains(err.Error(), `"Godzilla" is not a monster name`) {
		t.Fatalf("a name not in the list: %v", err)
	}
	if got := fmt.Sprint(MonsterName(0), "|", MonsterName(len(monsterNames)+1)); got != "|" {
		t.Fatalf("no name and a name past the list print %q, want both empty", got)
	}
}
