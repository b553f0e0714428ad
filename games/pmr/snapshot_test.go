package pmr

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// tableOptions returns the normalized options of s's table.
func tableOptions(s *State) engine.Options {
	c := s.cfg
	return engine.Options{
		"turns":            strconv.Itoa(c.Turns),
		"tournament_every": strconv.Itoa(c.Every),
		"retire_age":       strconv.Itoa(c.RetireAge),
		"shared_wins":      strconv.FormatBool(!c.SoleWinner),
	}
}

// mustMarshal writes s's snapshot.
func mustMarshal(tb testing.TB, s *State) []byte {
	tb.Helper()
	data, err := s.MarshalSnapshot()
	if err != nil {
		tb.Fatalf("MarshalSnapshot: %v", err)
	}
	return data
}

// mustRestore reads a snapshot back for s's table.
func mustRestore(tb testing.TB, s *State, data []byte) *State {
	tb.Helper()
	st, err := Game.(engine.Restorer).RestoreSnapshot(tableOptions(s), s.cfg.seats, data)
	if err != nil {
		tb.Fatalf("RestoreSnapshot: %v\n%s", err, data)
	}
	return st.(*State)
}

// viewsJSON is every seat's view of s, and the spectator's, as JSON.
func viewsJSON(tb testing.TB, s *State) []string {
	tb.Helper()
	var out []string
	for p := engine.Spectator; int(p) < len(s.stables); p++ {
		j, err := json.Marshal(s.View(p))
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, string(j)+" "+actionTexts(s.Legal(p)))
	}
	return out
}

// checkRoundTrip restores s from its snapshot and checks that the copy is
// Equal, writes the same bytes, shows every seat the same view (and legal
// actions), and that writing changed nothing s had handed out.
func checkRoundTrip(tb testing.TB, s *State) *State {
	tb.Helper()
	views := viewsJSON(tb, s)
	spectator := s.View(engine.Spectator)
	data := mustMarshal(tb, s)
	if s.View(engine.Spectator) != spectator || !slices.Equal(viewsJSON(tb, s), views) {
		tb.Fatal("MarshalSnapshot changed the state's views")
	}
	back := mustRestore(tb, s, data)
	if !back.Equal(s) || !s.Equal(back) {
		tb.Fatalf("the restored state differs from the original\n%s", data)
	}
	if again := mustMarshal(tb, back); !bytes.Equal(again, data) {
		tb.Fatalf("the restored state writes another snapshot:\n%s\n%s", data, again)
	}
	if got := viewsJSON(tb, back); !slices.Equal(got, views) {
		tb.Fatalf("the restored state shows other views:\n%s\n%s", strings.Join(got, "\n"), strings.Join(views, "\n"))
	}
	return back
}

// checkPlaysOnTheSame plays a and b to the end with the same bot actions
// (chosen on a) and identically seeded dice, and checks that they produce
// the same events, pending seats and legal actions all the way.
func checkPlaysOnTheSame(tb testing.TB, a, b *State, bots []engine.Bot, seed dice.Seed) {
	tb.Helper()
	da, db := dice.NewUnrecordedStream(seed), dice.NewUnrecordedStream(seed)
	r := dice.NewUnrecordedStream(dice.Seed{seed[0], seed[1], seed[2], 0xb0})
	for i := 0; ; i++ {
		pending := a.Pending()
		if !slices.Equal(pending, b.Pending()) {
			tb.Fatalf("action %d on: pending %v and %v", i, pending, b.Pending())
		}
		if len(pending) == 0 {
			break
		}
		p := pending[i%len(pending)]
		legal := a.Legal(p)
		if got, want := actionTexts(b.Legal(p)), actionTexts(legal); got != want {
			tb.Fatalf("action %d on: %s may %s, and on the original %s", i, p, got, want)
		}
		act := bots[p].Act(p, a.View(p), legal, r)
		ea, err := a.Apply(p, act, da)
		if err != nil {
			tb.Fatalf("action %d on: %q by %s: %v", i, act, p, err)
		}
		eb, err := b.Apply(p, act, db)
		if err != nil {
			tb.Fatalf("action %d on: %q by %s refused by the restored state: %v", i, act, p, err)
		}
		ja, _ := json.Marshal(ea)
		jb, _ := json.Marshal(eb)
		if !bytes.Equal(ja, jb) {
			tb.Fatalf("action %d on: %q by %s: events differ:\n%s\n%s", i, act, p, ja, jb)
		}
	}
	if !a.Equal(b) {
		tb.Fatal("the games ended in different positions")
	}
}

// position names the kind of position s is in, for checking that the
// tests meet every kind.
func position(s *State) string {
	kind := s.phase.String()
	if s.chosenSet() != 0 {
		kind += ", sealed"
	}
	if s.phase == PhaseMatch && s.tour.match.contest > 1 {
		kind += ", after a tie"
	}
	if s.phase == PhaseMatch && len(s.tour.matches) > 0 {
		kind += ", after a match"
	}
	return kind
}

func TestSnapshot_RoundTripsAtEveryAction(t *testing.T) {
	tests := []struct {
		name string
		bots []string
		seed byte
		want []string // kinds of position the game must meet
	}{
		{"4stables-a", []string{"nash", "greedy", "random", "greedy"}, 1,
			[]string{"activity, sealed", "enter, sealed", "match, sealed", "match, sealed, after a match", "over"}},
		{"4stables-b", []string{"random", "random", "nash", "nash"}, 2,
			[]string{"activity, sealed", "enter, sealed", "match, sealed", "match, sealed, after a match", "over"}},
		{"4stables-c", []string{"greedy", "greedy", "greedy", "greedy"}, 3,
			[]string{"activity, sealed", "enter, sealed", "match, sealed", "match, sealed, after a match", "over"}},
		{"2stables", []string{"nash", "random"}, 4, []string{"activity, sealed", "enter, sealed", "match, sealed", "over"}},
		{"8stables", []string{"nash", "greedy", "random", "nash", "greedy", "random", "nash", "greedy"}, 5,
			[]string{"activity, sealed", "enter, sealed", "match, sealed", "match, sealed, after a match", "over"}},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bots, seats := mustBots(t, tt.bots...)
			s, err := New(Options{}, seats)
			if err != nil {
				t.Fatal(err)
			}
			d := dice.NewUnrecordedStream(dice.Seed{tt.seed, 1})
			r := dice.NewUnrecordedStream(dice.Seed{tt.seed, 2})
			kinds := map[string]bool{}
			for step := 0; ; step++ {
				kinds[position(s)], seen[position(s)] = true, true
				back := checkRoundTrip(t, s)
				orig := s.clone()
				checkPlaysOnTheSame(t, orig, back, bots, dice.Seed{tt.seed, byte(step), byte(step >> 8)})
				// Playing on the restored state changed nothing of the
				// original: it owns its data.
				if !orig.Equal(back) || !checkRoundTrip(t, s).Equal(s) {
					t.Fatal("the restored state shares data with the original")
				}
				pending := s.Pending()
				if len(pending) == 0 {
					break
				}
				p := pending[step%len(pending)]
				if _, err := s.Apply(p, bots[p].Act(p, s.View(p), s.Legal(p), r), d); err != nil {
					t.Fatal(err)
				}
			}
			for _, k := range tt.want {
				if !kinds[k] {
					t.Errorf("the game never met a position of kind %q (met %v)", k, kinds)
				}
			}
		})
	}
	tie := false
	for k := range seen {
		tie = tie || strings.Contains(k, "after a tie")
	}
	if !tie {
		t.Errorf("no game met a match after a tie (met %v)", seen)
	}
}

// TestSnapshot_TieAndDiceOff restores the positions of a three-stable
// tournament whose first match goes through both ties and a dice-off that
// ties once, up to the final that follows it.
func TestSnapshot_TieAndDiceOff(t *testing.T) {
	s := mustNew(t, 30, "Ann", "Bob", "Cid")
	twin := Monster{Speed: 2, Brawn: 2, Mind: 2, Age: 5}
	for p := range engine.Seat(3) {
		give(s, p, twin)
	}
	startEntries(s)
	checkRoundTrip(t, s)
	// The bye among the tied sums, the terrain, then a tied dice-off roll.
	d := streamWhere(t, func(d *dice.Stream) bool {
		d.Roll(3)
		d.Fudge()
		return d.Fudge() == d.Fudge()
	})
	for p := range engine.Seat(3) {
		mustApply(t, s, p, "enter M1", d)
		checkRoundTrip(t, s)
	}
	for _, text := range []string{"choose speed", "choose brawn"} {
		for _, p := range s.Pending() {
			mustApply(t, s, p, text, d)
			checkRoundTrip(t, s)
		}
	}
	if s.phase != PhaseMatch || len(s.tour.matches) != 1 || len(s.tour.matches[0].DiceOff) < 2 {
		t.Fatalf("not in the final after a dice-off with a tie (phase %s)", s.phase)
	}
}

func TestRestoreSnapshot_RefusesAnotherTable(t *testing.T) {
	s := matchState(t)
	data := mustMarshal(t, s)
	r := Game.(engine.Restorer)
	seats := s.cfg.seats
	tests := []struct {
		name  string
		opts  engine.Options
		seats []engine.SeatInfo
	}{
		{"fewer stables", tableOptions(s), seats[:3]},
		{"more stables", tableOptions(s), append(slices.Clone(seats), engine.SeatInfo{Name: "Eve"})},
		{"one stable", tableOptions(s), seats[:1]},
		{"no stables", tableOptions(s), nil},
		{"more turns", engine.Options{"turns": "33"}, seats},
		{"fewer turns", engine.Options{"turns": "12"}, seats},
		{"turns out of range", engine.Options{"turns": "1000"}, seats},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := r.RestoreSnapshot(tt.opts, tt.seats, data)
			if err == nil || st != nil {
				t.Fatalf("RestoreSnapshot = %v, %v; want an error", st, err)
			}
			if !strings.HasPrefix(err.Error(), "pmr: snapshot: ") {
				t.Errorf("error %q does not say it is about a snapshot", err)
			}
		})
	}
	// Other names and bots are the same position at another table.
	other := slices.Clone(seats)
	other[0] = engine.SeatInfo{Name: "Zed"}
	if _, err := r.RestoreSnapshot(tableOptions(s), other, data); err != nil {
		t.Errorf("RestoreSnapshot with other names: %v", err)
	}
}

// activityState is a four-stable game in turn 5 with sealed activities.
func activityState(tb testing.TB) *State {
	tb.Helper()
	bots, seats := mustBots(tb, "nash", "greedy", "random", "greedy")
	s, err := New(Options{}, seats)
	if err != nil {
		tb.Fatal(err)
	}
	d, r := dice.NewUnrecordedStream(dice.Seed{5}), dice.NewUnrecordedStream(dice.Seed{6})
	for s.turn < 5 || len(s.Pending()) > 2 {
		p := s.Pending()[0]
		if _, err := s.Apply(p, bots[p].Act(p, s.View(p), s.Legal(p), r), d); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

// enterState is the four-stable game of activityState at its first
// tournament's entries, with one sealed.
func enterState(tb testing.TB) *State {
	tb.Helper()
	bots, seats := mustBots(tb, "nash", "greedy", "random", "greedy")
	s, err := New(Options{}, seats)
	if err != nil {
		tb.Fatal(err)
	}
	d, r := dice.NewUnrecordedStream(dice.Seed{5}), dice.NewUnrecordedStream(dice.Seed{6})
	for s.phase != PhaseEnter || s.chosenSet() == 0 {
		p := s.Pending()[0]
		if _, err := s.Apply(p, bots[p].Act(p, s.View(p), s.Legal(p), r), d); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

func TestRestoreSnapshot_RefusesDamagedData(t *testing.T) {
	activity, enter, match := activityState(t), enterState(t), matchState(t)
	ab := func(a Ability) *Ability { return &a }
	tests := []struct {
		name   string
		s      *State
		damage func(in *snapState)
		want   string // in the error
	}{
		{"a dice-off winner without a dice-off", activity, func(in *snapState) { in.Tiebreak = 1 }, "no dice-off"},
		{"last tournament during one", match, func(in *snapState) {
			in.Last = &snapLast{Number: 1, Entrants: []snapLastEntry{{Stable: 0, Monster: 1}}}
		}, "under way"},
		{"last tournament not yet held", activity, func(in *snapState) { in.Last.Number = 2 }, "number 2"},
		{"last tournament a match short", activity, func(in *snapState) { in.Last.Matches = in.Last.Matches[1:] }, "matches"},
		{"last tournament seeded against its sums", activity, func(in *snapState) {
			e := in.Last.Entrants
			e[0], e[len(e)-1] = e[len(e)-1], e[0]
			e[0].Sum = e[len(e)-1].Sum - 1
		}, "seeded after"},
		{"last tournament's contest values out of range", activity, func(in *snapState) {
			in.Last.Matches[0].Base[0][0] = maxAbility + 1
		}, "an ability of"},
		{"last tournament's final undecided", activity, func(in *snapState) {
			m := &in.Last.Matches[len(in.Last.Matches)-1]
			m.Base = m.Base[:1]
			m.Contests = m.Contests[:1]
			m.DiceOff = nil
			m.Base[0] = [2]int{1, 1}
			m.Contests[0] = [2]Ability{Speed, Speed}
		}, "no winner"},
		{"another version", activity, func(in *snapState) { in.Version = 1 }, "format version 1"},
		{"no version", activity, func(in *snapState) { in.Version = 0 }, "format version 0"},
		{"unknown phase", activity, func(in *snapState) { in.Phase = "lunch" }, `"lunch" is not a phase`},
		{"turn 0", activity, func(in *snapState) { in.Turn = 0 }, "turn 0"},
		{"turn after the last", activity, func(in *snapState) { in.Turn = 31 }, "turn 31"},
		{"tournament after turn 5", enter, func(in *snapState) { in.Turn = 5 }, "not a multiple of 3"},
		{"over too early", activity, func(in *snapState) { in.Phase = "over" }, "over at turn 5"},
		{"monster twice", activity, func(in *snapState) {
			in.Stables[1].Monsters = append(in.Stables[1].Monsters, in.Stables[1].Monsters[0])
		}, "seat 2 has monster M1 after M"},
		{"monster 0", activity, func(in *snapState) { in.Stables[0].Monsters[0].ID = 0 }, "monster M0"},
		{"monster not yet had", activity, func(in *snapState) { in.Stables[0].NextID = 0 }, "has had 0"},
		{"more monsters than turns", activity, func(in *snapState) { in.Stables[0].NextID = 9 }, "has had 9 monsters after 4 turns"},
		{"monster too old", activity, func(in *snapState) { in.Stables[0].Monsters[0].Age = 11 }, "11 years old"},
		{"negative age", activity, func(in *snapState) { in.Stables[0].Monsters[0].Age = -1 }, "-1 years old"},
		{"huge ability", activity, func(in *snapState) { in.Stables[0].Monsters[0].Mind = 1 << 40 }, "ability of"},
		{"too many trophies", activity, func(in *snapState) { in.Stables[2].Trophies = 2 }, "2 trophies after 1 tournaments"},
		{"trophies in total", activity, func(in *snapState) {
			for i := range in.Stables {
				in.Stables[i].Trophies = 1
			}
		}, "4 trophies have been won in 1 tournaments"},
		{"sealed nonsense", activity, func(in *snapState) { in.Stables[0].Sealed = "dance" }, "sealed activity"},
		{"sealed entry as activity", activity, func(in *snapState) { in.Stables[0].Sealed = "enter M1" }, "sealed activity"},
		{"sealed training of a missing monster", activity, func(in *snapState) { in.Stables[0].Sealed = "train M99 speed" }, "no monster M99"},
		{"sealed breeding with itself", activity, func(in *snapState) { in.Stables[0].Sealed = "breed M1 M1" }, "sealed activity"},
		{"all sealed", activity, func(in *snapState) {
			for i := range in.Stables {
				in.Stables[i].Sealed = "capture"
			}
		}, "nobody is left to act"},
		{"entry between tournaments", activity, func(in *snapState) { in.Stables[0].Entry = 1 }, "entry 1 between tournaments"},
		{"tournament between tournaments", activity, func(in *snapState) { in.Tour = &snapTour{Match: snapMatchInPlay{snapMatch: snapMatch{Terrain: Speed}}} }, "a tournament in phase activity"},
		{"sealed activity at the entries", enter, func(in *snapState) { in.Stables[0].Sealed = "capture" }, "in phase enter"},
		{"entry of a missing monster", enter, func(in *snapState) { in.Stables[0].Entry = 42 }, "entered M42"},
		{"not entering with monsters", enter, func(in *snapState) { in.Stables[0].Entry = -1 }, "has monsters but its entry is -1"},
		{"entry without monsters", enter, func(in *snapState) {
			in.Stables[3].Monsters, in.Stables[3].Entry = nil, 0
		}, "no monster to enter"},
		{"all entered", enter, func(in *snapState) {
			for i := range in.Stables {
				in.Stables[i].Entry = in.Stables[i].Monsters[0].ID
			}
		}, "nobody is left to act"},
		{"match without tournament", match, func(in *snapState) { in.Tour = nil }, "there is no tournament"},
		{"entry during a match", match, func(in *snapState) { in.Stables[0].Entry = 1 }, "during a match"},
		{"lone entrant", match, func(in *snapState) { in.Tour.Entrants = in.Tour.Entrants[:1] }, "1 entrants"},
		{"entrant of no stable", match, func(in *snapState) { in.Tour.Entrants[1].Stable = 8 }, "stable 8"},
		{"entrant of a negative stable", match, func(in *snapState) { in.Tour.Entrants[1].Stable = -1 }, "stable -1"},
		{"stable entering twice", match, func(in *snapState) { in.Tour.Entrants[1].Stable = in.Tour.Entrants[0].Stable }, "entered twice"},
		{"entrant of a missing monster", match, func(in *snapState) { in.Tour.Entrants[0].Monster = 77 }, "entered M77"},
		{"entrants out of seed order", match, func(in *snapState) {
			e := in.Tour.Entrants
			e[0], e[len(e)-1] = e[len(e)-1], e[0]
		}, "seeded after"},
		{"stable missing from the tournament", match, func(in *snapState) {
			in.Tour.Entrants = in.Tour.Entrants[:len(in.Tour.Entrants)-1]
		}, "no entrant"},
		{"too many matches", match, func(in *snapState) {
			in.Tour.Matches = append(in.Tour.Matches, in.Tour.Matches[0], in.Tour.Matches[0], in.Tour.Matches[0])
		}, "finished matches"},
		{"terrain random", match, func(in *snapState) { in.Tour.Match.Terrain = Random }, "terrain random"},
		{"finished match undecided", match, func(in *snapState) {
			in.Tour.Matches[0].Contests, in.Tour.Matches[0].DiceOff = nil, nil
		}, "no winner"},
		{"ability used twice", match, func(in *snapState) {
			m := &in.Tour.Matches[0]
			m.Contests = [][2]Ability{{Speed, Speed}, {Speed, Brawn}}
		}, "again"},
		{"no ability", match, func(in *snapState) { in.Tour.Matches[0].Contests[0][1] = NoAbility }, `"none" is not an ability`},
		{"contest after a win", match, func(in *snapState) {
			m := &in.Tour.Matches[0]
			m.Contests = append(m.Contests[:len(m.Contests):len(m.Contests)], [2]Ability{Mind, Mind})
		}, ""},
		{"dice-off without ties", match, func(in *snapState) { in.Tour.Matches[0].DiceOff = [][2]int{{1, -1}} }, "dice-off"},
		{"match being played decided", match, func(in *snapState) {
			m := &in.Tour.Match
			m.Contests, m.Sealed = [][2]Ability{{Brawn, Speed}}, [2]*Ability{}
		}, "is over"},
		{"sealed random", match, func(in *snapState) { in.Tour.Match.Sealed = [2]*Ability{ab(Random), nil} }, "sealed random"},
		{"both sealed", match, func(in *snapState) { in.Tour.Match.Sealed = [2]*Ability{ab(Speed), ab(Mind)} }, "both sides"},
	}
	r := Game.(engine.Restorer)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var in snapState
			if err := json.Unmarshal(mustMarshal(t, tt.s), &in); err != nil {
				t.Fatal(err)
			}
			tt.damage(&in)
			data, err := json.Marshal(&in)
			if err != nil {
				t.Fatal(err)
			}
			st, err := r.RestoreSnapshot(tableOptions(tt.s), tt.s.cfg.seats, data)
			if err == nil || st != nil {
				t.Fatalf("RestoreSnapshot accepted %s", data)
			}
			if !strings.HasPrefix(err.Error(), "pmr: snapshot: ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("RestoreSnapshot: %v; want an error that says %q", err, tt.want)
			}
		})
	}

	// Damage to the bytes themselves.
	good := mustMarshal(t, match)
	for _, bad := range []struct{ name, data string }{
		{"empty", ""},
		{"null", "null"},
		{"not json", "pmr snapshot"},
		{"truncated", string(good[:len(good)-1])},
		{"trailing data", string(good) + " {}"},
		{"unknown field", `{"v":2,"turns":30,"turn":1,"phase":"activity","stables":[],"cheat":true}`},
		{"later version", `{"v":3,"turns":30,"turn":1,"phase":"activity","stables":[],"cheat":true}`},
	} {
		t.Run(bad.name, func(t *testing.T) {
			if st, err := r.RestoreSnapshot(tableOptions(match), match.cfg.seats, []byte(bad.data)); err == nil || st != nil {
				t.Fatalf("RestoreSnapshot accepted %q", bad.data)
			}
		})
	}
}

// TestSnapshot_Readable pins the format's outline: the version comes first,
// and names, caches and derived facts are not saved.
func TestSnapshot_Readable(t *testing.T) {
	data := string(mustMarshal(t, matchState(t)))
	if !strings.HasPrefix(data, `{"v":2,"turns":30,"turn":`) {
		t.Errorf("snapshot does not start with its version and the table's turns: %.40s", data)
	}
	for _, derived := range []string{`"name"`, `"sum"`, `"seed"`, `"values"`, `"winner"`, `"slots"`} {
		if strings.Contains(data, derived) {
			t.Errorf("snapshot saves %s, which is derived", derived)
		}
	}
}

// fuzzSnapshots are real snapshots to seed FuzzRestoreSnapshot: positions of
// a four-stable game of 30 turns in every phase.
func fuzzSnapshots(tb testing.TB) [][]byte {
	out := [][]byte{mustMarshal(tb, matchState(tb)), mustMarshal(tb, enterState(tb)), mustMarshal(tb, activityState(tb))}
	bots, seats := mustBots(tb, "nash", "greedy", "random", "nash")
	s, err := New(Options{}, seats)
	if err != nil {
		tb.Fatal(err)
	}
	d, r := dice.NewUnrecordedStream(dice.Seed{8}), dice.NewUnrecordedStream(dice.Seed{9})
	for step := 0; len(s.Pending()) > 0; step++ {
		if step%23 == 0 || s.phase == PhaseMatch && step%3 == 0 {
			out = append(out, mustMarshal(tb, s))
		}
		p := s.Pending()[0]
		if _, err := s.Apply(p, bots[p].Act(p, s.View(p), s.Legal(p), r), d); err != nil {
			tb.Fatal(err)
		}
	}
	return append(out, mustMarshal(tb, s))
}

// FuzzRestoreSnapshot feeds damaged snapshots to RestoreSnapshot: it must
// never panic, and a state it accepts must write a snapshot that restores to
// an Equal state, show every view, answer Pending and Legal consistently
// (somebody can act until the game is over) and play on, with legal actions
// and the bots', without panicking.
func FuzzRestoreSnapshot(f *testing.F) {
	for _, data := range fuzzSnapshots(f) {
		f.Add(data)
	}
	bots, seats := mustBots(f, "random", "greedy", "nash", "nash")
	opts := engine.Options{"turns": "30"}
	r := Game.(engine.Restorer)
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := r.RestoreSnapshot(opts, seats, data)
		if err != nil {
			if st != nil {
				t.Fatalf("RestoreSnapshot returned a state with its error %v", err)
			}
			return
		}
		s := st.(*State)
		again, err := s.MarshalSnapshot()
		if err != nil {
			t.Fatalf("an accepted snapshot cannot be written again: %v", err)
		}
		back, err := r.RestoreSnapshot(opts, seats, again)
		if err != nil || !s.Equal(back) {
			t.Fatalf("the snapshot of an accepted state does not restore to it: %v", err)
		}
		d := dice.NewUnrecordedStream(dice.Seed{1})
		for step := 0; step < 60; step++ {
			viewsJSON(t, s)
			pending := s.Pending()
			if _, over := s.Outcome(); over != (len(pending) == 0) {
				t.Fatalf("step %d: over=%v with pending %v", step, over, pending)
			}
			if len(pending) == 0 {
				break
			}
			p := pending[step%len(pending)]
			legal := s.Legal(p)
			if len(legal) == 0 {
				t.Fatalf("step %d: %s must act but has no legal action", step, p)
			}
			a := legal[step%len(legal)]
			if step%2 == 1 {
				a = bots[p].Act(p, s.View(p), legal, d)
			}
			if _, err := s.Apply(p, a, d); err != nil {
				t.Fatalf("step %d: legal %q by %s refused: %v", step, a, p, err)
			}
			if step%5 == 0 {
				s.Determinize(p, d).View(p)
			}
		}
	})
}

// midGameState plays a seeded four-stable game of 30 turns to the middle of
// the fifth tournament's second match (turn 15), with a sealed choice.
func midGameState(tb testing.TB) *State {
	tb.Helper()
	bots, seats := mustBots(tb, "nash", "greedy", "random", "greedy")
	s, err := New(Options{}, seats)
	if err != nil {
		tb.Fatal(err)
	}
	d, r := dice.NewUnrecordedStream(dice.Seed{3}), dice.NewUnrecordedStream(dice.Seed{4})
	for s.turn < 15 || s.phase != PhaseMatch || len(s.tour.matches) == 0 || len(s.Pending()) != 1 {
		p := s.Pending()[0]
		if _, err := s.Apply(p, bots[p].Act(p, s.View(p), s.Legal(p), r), d); err != nil {
			tb.Fatal(err)
		}
	}
	return s
}

// BenchmarkSnapshot writes and reads back the snapshot of a four-stable
// game in the middle of a match at turn 15; "bytes" is the snapshot's size.
func BenchmarkSnapshot(b *testing.B) {
	s := midGameState(b)
	data := mustMarshal(b, s)
	b.Run("Marshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := s.MarshalSnapshot(); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(data)), "bytes")
	})
	b.Run("Restore", func(b *testing.B) {
		r := Game.(engine.Restorer)
		opts := tableOptions(s)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := r.RestoreSnapshot(opts, s.cfg.seats, data); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(data)), "bytes")
	})
}

// TestSnapshot_KeepsTheSeedingDice checks that the dice that put equal sums
// in seed order survive a snapshot, during the tournament and after it (the
// views show them), and that saved faces that do not give the saved order,
// or are missing, are refused.
func TestSnapshot_KeepsTheSeedingDice(t *testing.T) {
	s := mustNew(t, 30, "Ann", "Bob", "Cid", "Dee")
	for p := range 4 {
		give(s, engine.Seat(p), Monster{Speed: 1, Brawn: 1, Age: 5})
	}
	startEntries(s)
	d := dice.NewStream(dice.Seed{7, 7})
	for p := range 4 {
		mustApply(t, s, engine.Seat(p), "enter M1", d)
	}
	if len(s.tour.seedDice) != 3 {
		t.Fatalf("four equal sums rolled %d seeding dice, want 3", len(s.tour.seedDice))
	}
	if back := checkRoundTrip(t, s); !back.Equal(s) {
		t.Fatal("the seeding dice were lost during the tournament")
	}
	var in snapState
	if err := json.Unmarshal(mustMarshal(t, s), &in); err != nil {
		t.Fatal(err)
	}
	r := Game.(engine.Restorer)
	for name, damage := range map[string]func(){
		"another face":    func() { in.Tour.SeedDice[0] = in.Tour.SeedDice[0]%4 + 1 },
		"no dice":         func() { in.Tour.SeedDice = nil },
		"a face too high": func() { in.Tour.SeedDice[2] = 3 },
	} {
		saved := slices.Clone(in.Tour.SeedDice)
		damage()
		data, _ := json.Marshal(&in)
		if st, err := r.RestoreSnapshot(tableOptions(s), s.cfg.seats, data); err == nil || st != nil || !strings.Contains(err.Error(), "seeding dice") {
			t.Errorf("%s: RestoreSnapshot = %v, want an error about the seeding dice", name, err)
		}
		in.Tour.SeedDice = saved
	}
	// Play the tournament out: the last tournament keeps its dice.
	for len(s.Pending()) > 0 && s.phase == PhaseMatch {
		p := s.Pending()[0]
		mustApply(t, s, p, firstLegal(s, p), d)
	}
	if s.last == nil || len(s.last.seedDice) != 3 || len(s.View(0).(*View).LastTournament.SeedDice) != 3 {
		t.Fatalf("the last tournament does not show its seeding dice: %+v", s.last)
	}
	if back := checkRoundTrip(t, s); !back.Equal(s) {
		t.Fatal("the seeding dice of the last tournament were lost")
	}
}
