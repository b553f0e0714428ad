package mgt

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// snapSeats returns n named seats.
func snapSeats(n int) []engine.SeatInfo {
	seats := make([]engine.SeatInfo, n)
	for i := range seats {
		seats[i].Name = []string{"Ann", "Bo", "Cy", "Di", "Ed", "Flo"}[i]
	}
	return seats
}

// defaultOpts are the normalized options of a standard game.
var defaultOpts = engine.Options{"rounds": "4"}

// botStep plays one action of st with greedy bots: the first pending seat's
// only legal action, or the bot's choice. It returns the events as JSON.
func botStep(tb testing.TB, st *State, d, r *dice.Stream) []byte {
	tb.Helper()
	p := st.Pending()[0]
	legal := st.Legal(p)
	a := legal[0]
	if len(legal) > 1 {
		a = greedyBot{}.Act(p, st.View(p), legal, r)
	}
	ev, err := st.Apply(p, a, d)
	if err != nil {
		tb.Fatalf("%s plays %q: %v", p, a, err)
	}
	return []byte(mustJSON(tb, ev))
}

// restored writes st's snapshot and reads it back for the same table.
func restored(tb testing.TB, st *State) (*State, []byte) {
	tb.Helper()
	data, err := st.MarshalSnapshot()
	if err != nil {
		tb.Fatalf("MarshalSnapshot: %v", err)
	}
	back, err := Game.(engine.Restorer).RestoreSnapshot(engine.Options{"rounds": fmt.Sprint(st.cfg.rounds)}, snapSeats(len(st.players)), data)
	if err != nil {
		tb.Fatalf("RestoreSnapshot of a fresh snapshot: %v\n%s", err, data)
	}
	return back.(*State), data
}

// snapCoverage counts the kinds of positions a test wrote.
type snapCoverage struct {
	claimAnswered, rpsThrown, target, impatient, looks, exposed, aside, natures, over int
}

func (c *snapCoverage) note(st *State) {
	answered := false
	for i := range st.players {
		answered = answered || st.answer[i] != 0
		c.exposed += len(st.players[i].groups)
		c.aside += len(st.players[i].aside)
		if st.seen[i].any() {
			c.looks++
		}
	}
	switch {
	case st.phase == PhaseClaim && answered:
		c.claimAnswered++
	case st.phase == PhaseRPS && st.throws != [2]Hand{}:
		c.rpsThrown++
	case st.phase == PhaseTarget:
		c.target++
	case st.phase == PhaseDiscard && st.extra > 0:
		c.impatient++
	case st.phase == PhaseOver:
		c.over++
	}
	for _, n := range st.nat {
		if n != NoNature {
			c.natures++
			break
		}
	}
}

// TestSnapshot_RoundTripsAtEveryActionAndPlaysOnTheSame plays seeded games
// with greedy bots at two, four and six players. Before every action (claim
// windows with answers sealed, rock-paper-scissors with a throw sealed,
// after honest looks, impatient draws, proud bans...) the state read back
// from its snapshot is Equal to it, writes the same bytes and shows every
// seat the same view. The game is played twice in step with the same bots
// and identically seeded dice: once on, and once from a state restored
// before every action; their events are the same to the end. Every
// playOnEvery positions, a restored state also plays on by itself to the
// end of the game (its arena filling as it goes) with the same events as
// the original.
func TestSnapshot_RoundTripsAtEveryActionAndPlaysOnTheSame(t *testing.T) {
	const playOnEvery = 8
	var cov snapCoverage
	positions := 0
	for _, n := range []int{2, 4, 6} {
		for game := range 2 {
			seed := dice.Seed{'s', byte(n), byte(game)}
			botSeed := dice.Seed{'r', byte(n), byte(game)}
			d, r := dice.NewUnrecordedStream(seed), dice.NewUnrecordedStream(botSeed)
			st, err := New(Options{}, snapSeats(n), d)
			if err != nil {
				t.Fatal(err)
			}
			// The twin plays the same game, restored before every action.
			dTwin, rTwin := dice.NewUnrecordedStream(seed), dice.NewUnrecordedStream(botSeed)
			twin, err := New(Options{}, snapSeats(n), dTwin)
			if err != nil {
				t.Fatal(err)
			}
			for step := 0; ; step++ {
				cov.note(st)
				positions++
				back, data := restored(t, st)
				fail := func(format string, args ...any) {
					t.Helper()
					t.Fatalf("%d players, game %d, step %d (round %d, %s): %s\n%s", n, game, step, st.round, st.phase, fmt.Sprintf(format, args...), data)
				}
				if !st.Equal(back) || !back.Equal(st) {
					fail("the restored state differs")
				}
				if again, err := back.MarshalSnapshot(); err != nil || string(again) != string(data) {
					fail("the restored state writes %s (err %v)", again, err)
				}
				for p := engine.Spectator; int(p) < n; p++ {
					if a, b := mustJSON(t, st.View(p)), mustJSON(t, back.View(p)); a != b {
						fail("%s sees\n%s\nof the restored state, not\n%s", p, b, a)
					}
				}
				if !twin.Equal(st) {
					fail("the twin, restored before every action, has drifted")
				}
				if st.phase == PhaseOver {
					break
				}
				if step%playOnEvery == 0 {
					orig := st.clone()
					other, _ := restored(t, st)
					seed := dice.Seed{'p', byte(n), byte(game), byte(step), byte(step >> 8)}
					d1, d2 := dice.NewUnrecordedStream(seed), dice.NewUnrecordedStream(seed)
					seed[0] = 'b'
					r1, r2 := dice.NewUnrecordedStream(seed), dice.NewUnrecordedStream(seed)
					for k := 0; orig.phase != PhaseOver; k++ {
						if e1, e2 := botStep(t, orig, d1, r1), botStep(t, other, d2, r2); string(e1) != string(e2) {
							fail("%d actions on, the restored state's events are\n%s\nnot\n%s", k+1, e2, e1)
						}
					}
					if !orig.Equal(other) || other.phase != PhaseOver {
						fail("the restored state ends the game differently")
					}
				}
				twin, _ = restored(t, twin)
				if e1, e2 := botStep(t, st, d, r), botStep(t, twin, dTwin, rTwin); string(e1) != string(e2) {
					fail("the twin's events are\n%s\nnot\n%s", e2, e1)
				}
			}
		}
	}
	t.Logf("%d positions; coverage %+v", positions, cov)
	for name, got := range map[string]int{
		"claim windows with an answer sealed": cov.claimAnswered, "rock-paper-scissors with a throw sealed": cov.rpsThrown,
		"targets to choose": cov.target, "impatient draws open": cov.impatient, "honest looks": cov.looks,
		"exposed sets": cov.exposed, "proud cards set aside": cov.aside, "rolled natures": cov.natures, "ends of game": cov.over,
	} {
		if got == 0 {
			t.Errorf("no position had %s: the test no longer covers them", name)
		}
	}
}

// midRound4 is a four-player position in the middle of round 2, after a
// claim, and its snapshot.
func midRound4(tb testing.TB) (*State, []byte) {
	tb.Helper()
	d := dice.NewUnrecordedStream(dice.Seed{'m', 4})
	r := dice.NewUnrecordedStream(dice.Seed{'m', 'r'})
	st, err := New(Options{}, snapSeats(4), d)
	if err != nil {
		tb.Fatal(err)
	}
	for st.round < 2 {
		botStep(tb, st, d, r)
	}
	for k := 0; k < 120 || st.phase != PhaseDiscard; k++ {
		botStep(tb, st, d, r)
	}
	data, err := st.MarshalSnapshot()
	if err != nil {
		tb.Fatal(err)
	}
	return st, data
}

// TestRestoreSnapshot_RefusesAnotherTable: a snapshot is read only for a
// table with its number of players and its rounds option.
func TestRestoreSnapshot_RefusesAnotherTable(t *testing.T) {
	st, data := midRound4(t)
	if st.round != 2 || st.phase != PhaseDiscard {
		t.Fatalf("the position is in round %d, %s phase", st.round, st.phase)
	}
	r := Game.(engine.Restorer)
	if _, err := r.RestoreSnapshot(defaultOpts, snapSeats(4), data); err != nil {
		t.Fatalf("the snapshot's own table: %v", err)
	}
	tests := []struct {
		name  string
		opts  engine.Options
		seats int
		want  string
	}{
		{"fewer players", defaultOpts, 3, "written for 4 players, the table has 3"},
		{"more players", defaultOpts, 5, "written for 4 players, the table has 5"},
		{"two players", defaultOpts, 2, "written for 4 players, the table has 2"},
		{"another rounds option", engine.Options{"rounds": "3"}, 4, "written for a game of 4 rounds, the table plays 3"},
		{"a rounds option out of range", engine.Options{"rounds": "9"}, 4, "out of range"},
		{"too many seats", defaultOpts, 7, "2 to 6 players"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := r.RestoreSnapshot(tt.opts, snapSeats(min(tt.seats, 6))[:min(tt.seats, 6)], data)
			if tt.seats > 6 {
				_, err = r.RestoreSnapshot(tt.opts, make([]engine.SeatInfo, tt.seats), data)
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one that says %q", err, tt.want)
			}
		})
	}
}

// TestRestoreSnapshot_RefusesDamagedData: data that is not a snapshot, or a
// snapshot changed so that it breaks a rule of the game, is refused with an
// error that says what is wrong.
func TestRestoreSnapshot_RefusesDamagedData(t *testing.T) {
	st, data := midRound4(t)
	r := Game.(engine.Restorer)
	for n := range len(data) {
		if _, err := r.RestoreSnapshot(defaultOpts, snapSeats(4), data[:n]); err == nil {
			t.Fatalf("the first %d of %d bytes were accepted", n, len(data))
		}
	}
	raw := func(s string) func(*snapshot) []byte { return func(*snapshot) []byte { return []byte(s) } }
	edit := func(f func(*snapshot)) func(*snapshot) []byte {
		return func(s *snapshot) []byte { f(s); return []byte(mustJSON(t, s)) }
	}
	// other is a player whose turn it is not, with cards in hand.
	other := slices.IndexFunc(st.players, func(pl player) bool { return len(pl.hand) >= 2 && len(pl.groups) == 0 })
	if other == int(st.turn) {
		other = slices.IndexFunc(st.players[other+1:], func(pl player) bool { return len(pl.hand) >= 2 && len(pl.groups) == 0 }) + other + 1
	}
	hand := func(s *snapshot) *[]int16 { return &s.Players[other].Hand }
	who := fmt.Sprintf("player %d", other+1)
	stockMisc := st.stock[slices.IndexFunc(st.stock, func(c Card) bool { return cardNature[c] == Miscellaneous })]
	plain := slices.IndexFunc(deck.Cards, func(c CardInfo) bool { return c.Nature == NoNature })
	tests := []struct {
		name   string
		damage func(*snapshot) []byte
		want   string
	}{
		{"not JSON", raw("mgt"), "invalid character"},
		{"JSON null", raw("null"), "format version 0"},
		{"trailing data", func(*snapshot) []byte { return append(slices.Clone(data), " {}"...) }, "data after the snapshot"},
		{"unknown field", func(*snapshot) []byte { return append([]byte(`{"bogus":1,`), data[1:]...) }, "unknown field"},
		{"another version", edit(func(s *snapshot) { s.V = 2 }), "format version 2"},
		{"card twice", edit(func(s *snapshot) { s.Stock[0] = (*hand(s))[0] }), "is in two places: the stock and " + who + "'s hand"},
		{"card missing", edit(func(s *snapshot) { s.Stock = s.Stock[1:] }), "is nowhere"},
		{"card out of the deck", edit(func(s *snapshot) { s.Stock[0] = int16(len(deck.Cards)) }), "is not a card of the deck"},
		{"negative card", edit(func(s *snapshot) { s.Stock[0] = -1 }), "card -1 is not a card of the deck"},
		{"card number overflow", func(*snapshot) []byte {
			return []byte(strings.Replace(string(data), `"stock":[`, `"stock":[70000,`, 1))
		}, "cannot unmarshal"},
		{"hand out of order", edit(func(s *snapshot) { h := *hand(s); h[0], h[1] = h[1], h[0] }), "not in deck order"},
		{"round 0", edit(func(s *snapshot) { s.Round = 0 }), "round 0 is not one of rounds 1..4"},
		{"round 5", edit(func(s *snapshot) { s.Round = 5 }), "round 5 is not one of rounds 1..4"},
		{"wrong dealer", edit(func(s *snapshot) { s.Dealer = 3 }), "player 4 deals round 2"},
		{"no such phase", edit(func(s *snapshot) { s.Phase = 5 }), "phase 5 is not a phase"},
		{"no such turn", edit(func(s *snapshot) { s.Turn = 4 }), "turn: seat 4 is not one of this 4-player table's (0..3)"},
		{"two impatient draws", edit(func(s *snapshot) { s.Extra = 2 }), "2 impatient draws open"},
		{"negative skip", edit(func(s *snapshot) { s.Players[2].Skip = -1 }), "player 3 has -1 turns to lose"},
		{"nature of a plain card", edit(func(s *snapshot) {
			s.Natures = []natureSnap{{Card: int16(plain), Nature: int(Cheerful)}}
		}), "is not miscellaneous"},
		{"nature not on the table", edit(func(s *snapshot) { s.Natures[0].Nature = int(Miscellaneous) }), "not on the nature table"},
		{"nature not rolled", edit(func(s *snapshot) { s.Natures = s.Natures[1:] }), "but rolled no nature"},
		{"nature of a card in the stock", edit(func(s *snapshot) {
			s.Natures = append(s.Natures, natureSnap{Card: int16(stockMisc), Nature: int(Cheerful)})
			slices.SortFunc(s.Natures, func(a, b natureSnap) int { return int(a.Card) - int(b.Card) })
		}), "rolled a nature but has not been drawn"},
		{"results missing", edit(func(s *snapshot) { s.Results = nil }), "0 round results in round 2"},
		{"result points", edit(func(s *snapshot) {
			s.Results[0] = resultSnap{Round: 1, Winner: 0, Pattern: int(Eight), Sets: []int{0}, Hand: s.Stock[:8], How: 5, What: eightWhat(0), Points: 5 + eightWhat(0) + 1}
		}), "round 1's points"},
		{"result with no winner but a hand", edit(func(s *snapshot) {
			s.Results[0] = resultSnap{Round: 1, Winner: -1, Pattern: int(Eight)}
		}), "round 1 has no winner but a winning hand"},
		{"result of another round", edit(func(s *snapshot) { s.Results[0].Round = 2 }), "result 1 is for round 2"},
		{"banned twice", edit(func(s *snapshot) { s.Players[0].Bans = []int{1, 1} }), "banned twice"},
		{"bad key", edit(func(s *snapshot) { s.Players[0].Bans = []int{len(deck.Keys)} }), "not a type of the deck"},
		{"throws outside rock-paper-scissors", edit(func(s *snapshot) { s.Throws[0] = int(Rock) }), "sealed throws in the"},
		{"answer outside a claim window", edit(func(s *snapshot) { s.Players[0].Answer = answerPass }), "claim answers in the"},
		{"answer of no kind", edit(func(s *snapshot) { s.Players[0].Answer = 3 }), "claim answer 3 is not pass or a claim"},
		{"too few cards", edit(func(s *snapshot) {
			h := hand(s)
			s.Discards = append(s.Discards, (*h)[0])
			*h = (*h)[1:]
		}), who + " holds 7 cards, not 8"},
		{"seen card out of the deck", edit(func(s *snapshot) { s.Players[0].Seen = []int16{-5} }), "card -5 is not a card of the deck"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s snapshot
			if err := json.Unmarshal(data, &s); err != nil {
				t.Fatal(err)
			}
			bad := tt.damage(&s)
			back, err := r.RestoreSnapshot(defaultOpts, snapSeats(4), bad)
			if err == nil {
				t.Fatalf("accepted:\n%s\n%s", bad, renderText(back.View(0), 0))
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "mgt: snapshot: ") {
				t.Fatalf("error %q, want one that says %q", err, tt.want)
			}
		})
	}
}

// numbers collects every number of v (a snapshot, or part of one) as
// settable values: the int16 (card numbers) and the int ones.
func numbers(v reflect.Value, cards, ints *[]reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		numbers(v.Elem(), cards, ints)
	case reflect.Struct:
		for i := range v.NumField() {
			numbers(v.Field(i), cards, ints)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			numbers(v.Index(i), cards, ints)
		}
	case reflect.Int16:
		*cards = append(*cards, v)
	case reflect.Int:
		*ints = append(*ints, v)
	}
}

// playOn plays up to steps random legal actions of st, checking what a
// table relies on: every seat gets a view (every eighth step), someone is waited for until the
// game is over, whoever is waited for has legal actions, and they are
// accepted. It says what went wrong, or "".
func playOn(st *State, steps int, d *dice.Stream) (msg string) {
	defer func() {
		if p := recover(); p != nil {
			msg = fmt.Sprintf("panic: %v", p)
		}
	}()
	n := len(st.players)
	for step := range steps {
		for p := engine.Spectator; int(p) < n && step%8 == 0; p++ {
			if _, err := json.Marshal(st.View(p)); err != nil {
				return fmt.Sprintf("step %d: %s's view: %v", step, p, err)
			}
			renderText(st.View(p), p)
		}
		pending := st.Pending()
		if _, over := st.Outcome(); over != (len(pending) == 0) {
			return fmt.Sprintf("step %d: game over %v, waiting for %v", step, over, pending)
		}
		if len(pending) == 0 {
			return ""
		}
		p := pending[d.Roll(len(pending))-1]
		legal := st.Legal(p)
		if len(legal) == 0 {
			return fmt.Sprintf("step %d: %s is waited for but has no legal action", step, p)
		}
		a := legal[d.Roll(len(legal))-1]
		if _, err := st.Apply(p, a, d); err != nil {
			return fmt.Sprintf("step %d: legal %q by %s refused: %v", step, a, p, err)
		}
	}
	return ""
}

// TestRestoreSnapshot_WhatItAcceptsPlaysOn changes real snapshots of every
// phase at random (two card numbers swapped, so that every card is still in
// one place; a number shifted or replaced) and reads them back: many are
// refused, and every position accepted (a swap of cards between hands and
// the stock is one the game could have reached) reads back equal from its
// own snapshot and plays on without breaking.
func TestRestoreSnapshot_WhatItAcceptsPlaysOn(t *testing.T) {
	type base struct {
		n    int
		data []byte
	}
	var bases []base
	for _, n := range []int{2, 3, 4, 6} {
		d := dice.NewUnrecordedStream(dice.Seed{'w', byte(n)})
		r := dice.NewUnrecordedStream(dice.Seed{'w', 'r', byte(n)})
		st, err := New(Options{}, snapSeats(n), d)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; ; step++ {
			if step%29 == 0 || st.phase != PhaseDiscard && step%3 == 0 || st.phase == PhaseOver {
				data, err := st.MarshalSnapshot()
				if err != nil {
					t.Fatal(err)
				}
				bases = append(bases, base{n, data})
			}
			if st.phase == PhaseOver {
				break
			}
			botStep(t, st, d, r)
		}
	}
	rng := dice.NewUnrecordedStream(dice.Seed{'w'})
	opts := defaultOpts
	accepted, refused := 0, 0
	for try := range 2000 {
		b := bases[rng.Roll(len(bases))-1]
		var s snapshot
		if err := json.Unmarshal(b.data, &s); err != nil {
			t.Fatal(err)
		}
		var cards, ints []reflect.Value
		numbers(reflect.ValueOf(&s), &cards, &ints)
		switch rng.Roll(3) {
		case 1:
			x, y := cards[rng.Roll(len(cards))-1], cards[rng.Roll(len(cards))-1]
			cx, cy := x.Int(), y.Int()
			x.SetInt(cy)
			y.SetInt(cx)
		case 2:
			f := ints[rng.Roll(len(ints))-1]
			f.SetInt(f.Int() + int64(rng.Roll(7)) - 4)
		case 3:
			ints[rng.Roll(len(ints))-1].SetInt(int64(rng.Roll(12)) - 3)
		}
		for i := range s.Players {
			slices.Sort(s.Players[i].Hand)
			slices.Sort(s.Players[i].Seen)
		}
		data := []byte(mustJSON(t, &s))
		got, err := Game.(engine.Restorer).RestoreSnapshot(opts, snapSeats(b.n), data)
		if err != nil {
			refused++
			continue
		}
		accepted++
		st := got.(*State)
		again, err := st.MarshalSnapshot()
		if err != nil {
			t.Fatalf("try %d: an accepted state cannot be written: %v\n%s", try, err, data)
		}
		if back, err := Game.(engine.Restorer).RestoreSnapshot(opts, snapSeats(b.n), again); err != nil || !back.(*State).Equal(st) {
			t.Fatalf("try %d: an accepted state does not read back from its own snapshot (err %v)\n%s", try, err, data)
		}
		if msg := playOn(st, 40, dice.NewUnrecordedStream(dice.Seed{byte(try), byte(try >> 8)})); msg != "" {
			t.Fatalf("try %d: an accepted state breaks: %s\n%s", try, msg, data)
		}
	}
	t.Logf("%d snapshots changed: %d accepted, %d refused", accepted+refused, accepted, refused)
	if accepted == 0 || refused == 0 {
		t.Fatalf("%d accepted, %d refused: the test no longer tries both", accepted, refused)
	}
}

// FuzzRestoreSnapshot: RestoreSnapshot never panics, and a state it accepts
// reads back equal from its own snapshot, shows every seat a view, waits
// for someone (who has legal actions) until the game is over, and plays
// legal actions without breaking.
func FuzzRestoreSnapshot(f *testing.F) {
	for _, n := range []int{2, 4, 6} {
		d := dice.NewUnrecordedStream(dice.Seed{'f', byte(n)})
		r := dice.NewUnrecordedStream(dice.Seed{'f', 'r', byte(n)})
		st, err := New(Options{Rounds: 3}, snapSeats(n), d)
		if err != nil {
			f.Fatal(err)
		}
		// One position of each phase, and the end.
		var done [PhaseOver + 1]bool
		for {
			if !done[st.phase] {
				done[st.phase] = true
				data, err := st.MarshalSnapshot()
				if err != nil {
					f.Fatal(err)
				}
				f.Add(uint8(n-minSeats), uint8(3-MinRounds), data)
			}
			if st.phase == PhaseOver {
				break
			}
			botStep(f, st, d, r)
		}
	}
	f.Fuzz(func(t *testing.T, seats, rounds uint8, data []byte) {
		n := int(seats)%(maxSeats-minSeats+1) + minSeats
		opts := engine.Options{"rounds": fmt.Sprint(int(rounds)%(MaxRounds-MinRounds+1) + MinRounds)}
		got, err := Game.(engine.Restorer).RestoreSnapshot(opts, snapSeats(n), data)
		if err != nil {
			if got != nil {
				t.Fatalf("RestoreSnapshot returned a state and the error %v", err)
			}
			return
		}
		st := got.(*State)
		again, err := st.MarshalSnapshot()
		if err != nil {
			t.Fatalf("an accepted state cannot be written: %v", err)
		}
		back, err := Game.(engine.Restorer).RestoreSnapshot(opts, snapSeats(n), again)
		if err != nil || !back.(*State).Equal(st) {
			t.Fatalf("an accepted state does not read back from its own snapshot (err %v)", err)
		}
		if msg := playOn(st, 12, dice.NewUnrecordedStream(dice.Seed{'d'})); msg != "" {
			t.Fatalf("an accepted state breaks: %s", msg)
		}
	})
}

// BenchmarkSnapshot writes and reads back a four-player position in the
// middle of a round.
func BenchmarkSnapshot(b *testing.B) {
	st, data := midRound4(b)
	r := Game.(engine.Restorer)
	seats := snapSeats(4)
	b.Run("marshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := st.MarshalSnapshot(); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(len(data)), "bytes")
	})
	b.Run("restore", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := r.RestoreSnapshot(defaultOpts, seats, data); err != nil {
				b.Fatal(err)
			}
		}
	})
}
