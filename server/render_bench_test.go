package server_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games/mgt"
	"tabletop/games/pmr"
	"tabletop/server"
)

// midGame returns a live two-seat PMR table (300 turns) after n random
// actions, as the load generator plays it.
func midGame(tb testing.TB, n int) server.Live {
	tb.Helper()
	tab, err := engine.NewTable(pmr.Game, engine.Options{"turns": "300"}, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}, dice.Seed{3})
	if err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range n {
		mustRandomStep(tb, tab, rng, firstPending)
	}
	return server.NewLive("bench", pmr.Game, tab)
}

// mover says which pending seat mustRandomStep moves.
type mover int

const (
	firstPending mover = iota // the first
	anyPending                // one drawn from the random source, as loadgen's clients post
)

// mustRandomStep plays a random legal action of the pending seat who moves.
func mustRandomStep(tb testing.TB, tab *engine.Table, rng *rand.Rand, who mover) {
	tb.Helper()
	st := tab.State()
	pending := st.Pending()
	p := pending[0]
	if who == anyPending {
		p = pending[rng.IntN(len(pending))]
	}
	legal := st.Legal(p)
	if _, err := tab.Act(p, legal[rng.IntN(len(legal))]); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkStreamRender is what a seat's event stream does for one action:
// the new log entry and the state, as JSON events, written out.
func BenchmarkStreamRender(b *testing.B) {
	l := midGame(b, 200)
	from := l.Table().Len() - 1
	var buf []byte
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if buf, err = l.StreamRender(buf[:0], 0, from); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(buf)), "bytes")
}

// TestSeatState_AppendJSONIsMarshal checks the hand-written encoding of a
// state against json.Marshal's, over a whole game seen from every seat and
// a spectator, and over names that need escaping.
func TestSeatState_AppendJSONIsMarshal(t *testing.T) {
	for _, names := range [][]string{{"Ann", "Bo"}, {"a<b", "a>b", "a&b", `"q"`, `back\slash`, "tab\t"}, {"Zoë", "\u2028", "x"}} {
		seats := make([]engine.SeatInfo, len(names))
		for i, n := range names {
			seats[i] = engine.SeatInfo{Name: n}
		}
		seats[len(seats)-1].Bot = "greedy"
		for g, opts := range map[engine.Game]engine.Options{pmr.Game: {"turns": "3"}, mgt.Game: {"rounds": "3"}} {
			tab, err := engine.NewTable(g, opts, seats, dice.Seed{5})
			if err != nil {
				t.Fatal(err)
			}
			l := server.NewLive("t<1", g, tab)
			rng := rand.New(rand.NewPCG(3, 4))
			for steps := 0; ; steps++ {
				_, over := tab.Over()
				if steps%5 == 0 || over {
					for s := engine.Spectator; int(s) < len(seats); s++ {
						if err := l.CheckStateJSON(s); err != nil {
							t.Fatalf("%s, %s: %v", g.Info().ID, s, err)
						}
					}
				}
				if over || steps > 50_000 {
					break
				}
				mustRandomStep(t, tab, rng, firstPending)
			}
			if _, over := tab.Over(); !over {
				t.Fatalf("%s: the game did not end", g.Info().ID)
			}
		}
	}
	if err := server.CheckEmptyStateJSON(); err != nil {
		t.Fatalf("nil slices and maps: %v", err)
	}
	if err := server.CheckFullStateJSON(); err != nil {
		t.Fatalf("every optional field set: %v", err)
	}
}

// TestLogLine_AppendJSONIsMarshal checks the hand-written encoding of log
// lines against json.Marshal's, over whole games of PMR and MGT (whose
// events are partly private) seen from every seat and a spectator, with
// names that need escaping.
func TestLogLine_AppendJSONIsMarshal(t *testing.T) {
	seats := []engine.SeatInfo{{Name: "Zoë"}, {Name: "a<b&c"}, {Name: `"q"`, Bot: "greedy"}}
	for g, opts := range map[engine.Game]engine.Options{pmr.Game: {"turns": "6"}, mgt.Game: {"rounds": "3"}} {
		tab, err := engine.NewTable(g, opts, seats, dice.Seed{6})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(7, 8))
		for steps := 0; steps < 50_000; steps++ {
			if _, over := tab.Over(); over {
				break
			}
			mustRandomStep(t, tab, rng, firstPending)
		}
		if _, over := tab.Over(); !over {
			t.Fatalf("%s: the game did not end", g.Info().ID)
		}
		l := server.NewLive("t", g, tab)
		for s := engine.Spectator; int(s) < len(seats); s++ {
			if err := l.CheckLogJSON(s); err != nil {
				t.Fatalf("%s, %s: %v", g.Info().ID, s, err)
			}
		}
	}
}

// TestOffer_ALegalListThatChangesIsOfferedAnew: a seat's list of legal
// actions is kept from one state to the next while it stays the same; over
// whole games of PMR and MGT, seen from every seat at every step, what is
// offered is always what the state allows now.
func TestOffer_ALegalListThatChangesIsOfferedAnew(t *testing.T) {
	for g, opts := range map[engine.Game]engine.Options{pmr.Game: {"turns": "6"}, mgt.Game: {"rounds": "3"}} {
		tab, err := engine.NewTable(g, opts, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}, {Name: "Cy"}}, dice.Seed{8})
		if err != nil {
			t.Fatal(err)
		}
		l := server.NewLive("t", g, tab)
		rng := rand.New(rand.NewPCG(5, 6))
		for steps := 0; steps < 50_000; steps++ {
			for s := range engine.Seat(3) {
				if err := l.OfferedIsFresh(s); err != nil {
					t.Fatalf("%s, step %d, seat %d: %v", g.Info().ID, steps, s, err)
				}
			}
			if _, over := tab.Over(); over {
				break
			}
			mustRandomStep(t, tab, rng, firstPending)
		}
	}
}

// TestOffer_AListThatComesBackIsTheOneKept: a list offered to a seat a few
// lists ago (PMR's activities, after a tournament's entries and choices) is
// offered as it was kept, not made again; a seat's lists kept are few.
func TestOffer_AListThatComesBackIsTheOneKept(t *testing.T) {
	l := midGame(t, 0)
	activities := []engine.Action{pmr.Capture{}, pmr.Train{Monster: 1, Ability: pmr.Speed}, pmr.Train{Monster: 1, Ability: pmr.Brawn}}
	entries := []engine.Action{pmr.Enter{Monster: 1}, pmr.Enter{Monster: 2}}
	choices := []engine.Action{pmr.Choose{Ability: pmr.Speed}, pmr.Choose{Ability: pmr.Brawn}, pmr.Choose{Ability: pmr.Mind}}
	at := l.OfferedAt(0, activities)
	l.OfferedAt(1, entries) // another seat's lists are its own
	l.OfferedAt(0, entries)
	l.OfferedAt(0, choices)
	l.OfferedAt(0, choices[1:])
	if got := l.OfferedAt(0, slices.Clone(activities)); got != at {
		t.Errorf("the activities offered after entries and choices were made again")
	}
	for i := range 4 {
		l.OfferedAt(0, []engine.Action{pmr.Enter{Monster: 1}, pmr.Enter{Monster: 3 + i}})
	}
	if got := l.OfferedAt(0, activities); got == at {
		t.Errorf("the activities were kept after four other lists")
	}
}

// BenchmarkOffer is making the offers of two-seat PMR games' states, each
// seat's after the other, as streams do: lists that stay the same while the
// other seat moves, change by a few actions after a seat's own, and come
// back after a tournament. The tables have seen every action before, as
// ones that have been played a while have. "first-300" is the first 300
// states of a game with the first pending seat moving; "random-1000" the
// first 1,000 with a random pending seat moving, as loadgen's clients post
// (longer lists, and a stable's monsters come and go); "random-1000-x50"
// that at 50 tables at once, a state of each in turn, as a server under
// load makes them: little of a table is in the CPU's caches when its turn
// comes. An op is one pass over every table's states.
func BenchmarkOffer(b *testing.B) {
	for _, c := range []struct {
		name           string
		states, tables int
		who            mover
	}{{"first-300", 300, 1, firstPending}, {"random-1000", 1000, 1, anyPending}, {"random-1000-x50", 1000, 50, anyPending}} {
		b.Run(c.name, func(b *testing.B) {
			type offer struct {
				seat  engine.Seat
				legal []engine.Action
			}
			lives := make([]server.Live, c.tables)
			offers := make([][][]offer, c.tables) // [table][state]
			n := 0
			for i := range lives {
				tab, err := engine.NewTable(pmr.Game, engine.Options{"turns": "300"}, []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}, dice.Seed{3, byte(i)})
				if err != nil {
					b.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(1, uint64(i)))
				for range c.states {
					st := tab.State()
					var now []offer
					for s := range engine.Seat(2) {
						if legal := st.Legal(s); len(legal) > 1 {
							now = append(now, offer{s, append([]engine.Action(nil), legal...)})
						}
					}
					offers[i] = append(offers[i], now)
					n += len(now)
					if _, over := tab.Over(); over {
						break
					}
					mustRandomStep(b, tab, rng, c.who)
				}
				lives[i] = server.NewLive("bench", pmr.Game, tab)
				for _, now := range offers[i] { // the table's cache of encoded actions is warm
					for _, o := range now {
						lives[i].Offer(o.seat, o.legal)
					}
				}
			}
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lives {
					l.ForgetOffers()
				}
				for k := range c.states {
					for i, l := range lives {
						if k < len(offers[i]) {
							for _, o := range offers[i][k] {
								l.Offer(o.seat, o.legal)
							}
						}
					}
				}
			}
			b.ReportMetric(float64(n), "offers")
		})
	}
}

// TestPlainValue_OnlyValuesComparedAllTheWayDown checks which actions the
// server may cache by value: never one holding a pointer, slice or map.
func TestPlainValue_OnlyValuesComparedAllTheWayDown(t *testing.T) {
	type inner struct {
		N int
		S string
	}
	for _, c := range []struct {
		v    any
		want bool
	}{
		{pmr.Capture{}, true},
		{pmr.Train{Monster: 1}, true},
		{struct{ A [2]inner }{}, true},
		{&pmr.Capture{}, false},
		{struct{ P *int }{}, false},
		{struct{ S []int }{}, false},
		{struct{ M map[string]int }{}, false},
		{struct{ I any }{}, false},
		{struct{ A [1]*int }{}, false},
	} {
		if got := server.PlainValue(reflect.TypeOf(c.v)); got != c.want {
			t.Errorf("plainValue(%T) = %v, want %v", c.v, got, c.want)
		}
	}
}

// BenchmarkReplay is what loading a table from the store costs the server
// (tables are rebuilt by replaying their log, checked die by die): a PMR
// table of 300 turns, 600 log entries in.
func BenchmarkReplay(b *testing.B) {
	x := midGame(b, 600).Table().Export(true)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := engine.Replay(pmr.Game, x); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(x.Log)), "entries")
}

// BenchmarkResume is loading the same table as BenchmarkReplay from a
// snapshot: "at-end" when the snapshot was taken after the last entry,
// "200-after" when the 200 entries after it are replayed (the most a table
// replays when snapshots are taken every 200 entries).
func BenchmarkResume(b *testing.B) {
	for _, tail := range []int{0, 200} {
		name := "at-end"
		if tail > 0 {
			name = "200-after"
		}
		b.Run(name, func(b *testing.B) {
			snap, err := midGame(b, 600-tail).Table().Snapshot()
			if err != nil {
				b.Fatal(err)
			}
			x := midGame(b, 600).Table().Export(true)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := engine.Resume(pmr.Game, x, snap); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(snap.State)), "snapshot-bytes")
		})
	}
}
