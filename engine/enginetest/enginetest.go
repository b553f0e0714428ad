// Package enginetest is the conformance suite every game runs:
//
//	func TestConformance(t *testing.T) {
//		enginetest.Run(t, pmr.Game, enginetest.Config{Hidden: true})
//	}
//
// It plays seeded random games to the end through engine.Table and checks, at
// every step, the invariants documented on engine.State: who is pending, that
// Legal is stable and non-empty exactly for pending seats, that every legal
// action survives its JSON round trip, that refused actions change nothing
// (not the state, not the dice), that clones are independent (at every
// seventh step: a clone starts equal, and applying to it leaves the
// original unchanged), that views marshal to JSON and do not depend on
// anything hidden from their seat, that the data of the events the chosen
// action makes marshal to JSON, that every view, legal action and event
// data that writes its own JSON (engine.JSONAppender) writes json.Marshal's
// bytes, and that replaying the exported log rebuilds the same state; and,
// at the end, that every log entry writes its own JSON (Entry.AppendJSON, as
// the table store writes it) to json.Marshal's bytes. For games whose
// states implement engine.Releaser it checks that a game set up after
// others were released plays exactly as a fresh one.
package enginetest

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// Config tunes the suite for one game.
type Config struct {
	// SeatCounts are the table sizes to play; default: MinSeats and MaxSeats.
	SeatCounts []int
	// Seats, if set, is called to describe the seats of an n-seat table
	// (for example to put the GM first); default: n people.
	Seats func(n int) []engine.SeatInfo
	// Options for every table; default: the game's defaults.
	Options engine.Options
	// Playouts per seat count; default 10.
	Playouts int
	// MaxSteps bounds one playout; default 20000.
	MaxSteps int
	// Hidden says the game has hidden information, so its states must
	// implement engine.Determinizer.
	Hidden bool
}

// Run runs the conformance suite for g.
func Run(t *testing.T, g engine.Game, cfg Config) {
	t.Helper()
	info := g.Info()
	if cfg.SeatCounts == nil {
		cfg.SeatCounts = []int{info.MinSeats}
		if info.MaxSeats != info.MinSeats {
			cfg.SeatCounts = append(cfg.SeatCounts, info.MaxSeats)
		}
	}
	if cfg.Playouts == 0 {
		cfg.Playouts = 10
	}
	if cfg.MaxSteps == 0 {
		cfg.MaxSteps = 20000
	}
	if cfg.Seats == nil {
		cfg.Seats = func(n int) []engine.SeatInfo {
			seats := make([]engine.SeatInfo, n)
			for i := range seats {
				seats[i].Name = fmt.Sprintf("P%d", i+1)
			}
			return seats
		}
	}
	t.Run("Info", func(t *testing.T) { checkInfo(t, g) })
	for _, n := range cfg.SeatCounts {
		for i := range cfg.Playouts {
			name := fmt.Sprintf("Playout/seats=%d/seed=%d", n, i)
			t.Run(name, func(t *testing.T) {
				playout(t, g, cfg, cfg.Seats(n), seedFor(info.ID, n, i))
			})
		}
	}
	t.Run("RefusesBadSetup", func(t *testing.T) { checkBadSetup(t, g) })
	if releases(t, g, cfg) {
		t.Run("Release", func(t *testing.T) { checkRelease(t, g, cfg) })
	}
}

// releases reports whether g's states implement engine.Releaser.
func releases(t *testing.T, g engine.Game, cfg Config) bool {
	opts, err := g.Info().Normalize(cfg.Options)
	if err != nil {
		t.Fatalf("the options: %v", err)
	}
	st, err := g.Setup(opts, cfg.Seats(cfg.SeatCounts[0]), dice.NewUnrecordedStream(dice.Seed{}))
	if err != nil {
		t.Fatalf("Setup: %v", err)
	}
	_, ok := st.(engine.Releaser)
	return ok
}

// checkRelease checks, for a game whose states implement engine.Releaser
// (the suite runs it for those only),
// that a game set up after others were released (so that it may reuse
// their memory) plays exactly as one set up fresh: the same views for every
// seat and the same events at every step, whatever the tables released
// before it (other seat counts, other seeds).
func checkRelease(t *testing.T, g engine.Game, cfg Config) {
	info := g.Info()
	opts, err := info.Normalize(cfg.Options)
	if err != nil {
		t.Fatal(err)
	}
	type game struct {
		n    int
		seed dice.Seed
	}
	var games []game
	for _, n := range cfg.SeatCounts {
		for i := range 2 {
			games = append(games, game{n, seedFor(info.ID+"/release", n, i)})
		}
	}
	play := func(gm game) (string, engine.State) {
		seats := cfg.Seats(gm.n)
		d := dice.NewUnrecordedStream(gm.seed)
		st, err := g.Setup(opts, seats, d)
		if err != nil {
			t.Fatalf("Setup: %v", err)
		}
		chooser := dice.NewUnrecordedStream(sha256.Sum256(gm.seed[:]))
		var b strings.Builder
		for step := 0; step < cfg.MaxSteps; step++ {
			pending := st.Pending()
			// Every seat's view now and then, the acting seat's always.
			for s := engine.Spectator; int(s) < len(seats); s++ {
				if step%16 == 0 || len(pending) == 0 || s == pending[0] {
					v, _ := json.Marshal(st.View(s))
					b.Write(v)
					b.WriteByte('\n')
				}
			}
			if len(pending) == 0 {
				o, _ := st.Outcome()
				fmt.Fprintf(&b, "over: %s %v\n", o.Text, o.Scores)
				return b.String(), st
			}
			seat := pending[0]
			legal := st.Legal(seat)
			a := legal[chooser.Roll(len(legal))-1]
			evs, err := st.Apply(seat, a, d)
			if err != nil {
				t.Fatalf("step %d: legal action %q by %s refused: %v", step, a, seat, err)
			}
			kept, err := engine.Keep(evs)
			if err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
			e, _ := json.Marshal(kept)
			fmt.Fprintf(&b, "%s %s: %s\n", seat, a, e)
		}
		t.Fatalf("game did not end within %d steps", cfg.MaxSteps)
		return "", nil
	}
	// Every game once with a fresh state (none released yet), then all
	// released, then every game again, the other way round, on states
	// that may reuse their memory.
	want := make([]string, len(games))
	var states []engine.State
	for i, gm := range games {
		var st engine.State
		want[i], st = play(gm)
		states = append(states, st)
	}
	for _, st := range states {
		st.(engine.Releaser).Release()
	}
	for i := len(games) - 1; i >= 0; i-- {
		got, st := play(games[i])
		if got != want[i] {
			gl, wl := strings.Split(got, "\n"), strings.Split(want[i], "\n")
			for k := range min(len(gl), len(wl)) {
				if gl[k] != wl[k] {
					t.Fatalf("%d seats, game %d: after releases, line %d differs:\ngot  %s\nwant %s", games[i].n, i, k+1, gl[k], wl[k])
				}
			}
			t.Fatalf("%d seats, game %d: after releases, %d lines, want %d", games[i].n, i, len(gl), len(wl))
		}
		st.(engine.Releaser).Release()
	}
}

// SeedFor returns the fixed seed the suite uses for a playout, so a failure
// can be reproduced outside it.
func seedFor(id string, n, i int) dice.Seed {
	return sha256.Sum256(fmt.Appendf(nil, "enginetest/%s/%d/%d", id, n, i))
}

func checkInfo(t *testing.T, g engine.Game) {
	info := g.Info()
	if info.ID == "" || info.ID != strings.ToLower(info.ID) || strings.ContainsAny(info.ID, " /") {
		t.Errorf("Info().ID = %q, want a short lowercase id", info.ID)
	}
	if info.Name == "" {
		t.Errorf("Info().Name is empty")
	}
	if info.MinSeats < 1 || info.MaxSeats < info.MinSeats {
		t.Errorf("Info() seats %d..%d, want 1 <= min <= max", info.MinSeats, info.MaxSeats)
	}
	if info.RulesVersion == "" {
		t.Errorf("Info().RulesVersion is empty")
	}
	if _, err := info.Normalize(nil); err != nil {
		t.Errorf("the default options are not valid: %v", err)
	}
	if _, err := g.Decode("no-such-action-kind", json.RawMessage(`{}`)); err == nil {
		t.Errorf("Decode of an unknown kind: no error")
	}
}

func checkBadSetup(t *testing.T, g engine.Game) {
	info := g.Info()
	seed := seedFor(info.ID, 0, 0)
	if _, err := engine.NewTable(g, nil, make([]engine.SeatInfo, info.MaxSeats+1), seed); err == nil {
		t.Errorf("NewTable with %d seats: no error", info.MaxSeats+1)
	}
	if _, err := engine.NewTable(g, engine.Options{"no-such-option": "1"}, make([]engine.SeatInfo, info.MinSeats), seed); err == nil {
		t.Errorf("NewTable with an unknown option: no error")
	}
}

// bogus is an action no game knows.
type bogus struct{}

func (bogus) Kind() string   { return "bogus" }
func (bogus) String() string { return "bogus" }

func playout(t *testing.T, g engine.Game, cfg Config, seats []engine.SeatInfo, seed dice.Seed) {
	tab, err := engine.NewTable(g, cfg.Options, seats, seed)
	if err != nil {
		t.Fatalf("NewTable: %v", err)
	}
	chooser := dice.NewUnrecordedStream(sha256.Sum256(seed[:]))
	var mid *engine.Snapshot // a snapshot from early in the game, for checkResume
	if cfg.Hidden {
		if _, ok := tab.State().(engine.Determinizer); !ok {
			t.Fatalf("%T has hidden information but does not implement engine.Determinizer", tab.State())
		}
	}
	for step := 0; ; step++ {
		st := tab.State()
		pending := st.Pending()
		_, over := st.Outcome()
		if over != (len(pending) == 0) {
			t.Fatalf("step %d: Outcome over=%v but Pending=%v", step, over, pending)
		}
		checkViews(t, step, st, len(seats), chooser)
		if over {
			break
		}
		if step >= cfg.MaxSteps {
			t.Fatalf("game did not end within %d steps", cfg.MaxSteps)
		}
		checkLegal(t, step, g, st, len(seats), pending)
		checkRefusals(t, step, tab, pending, len(seats))

		seat := pending[chooser.Roll(len(pending))-1]
		legal := st.Legal(seat)
		a := legal[chooser.Roll(len(legal))-1]
		checkEventData(t, step, st, seat, a)
		if step%7 == 0 {
			checkClone(t, step, st, seat, a)
		}
		if step%5 == 0 {
			checkSnapshot(t, step, g, tab, seat, a)
		}
		if step == 12 {
			if snap, err := tab.Snapshot(); err == nil {
				mid = &snap
			}
		}
		evs, err := tab.Act(seat, a)
		if err != nil {
			t.Fatalf("step %d: legal action %q by %s refused: %v", step, a, seat, err)
		}
		for _, ev := range evs {
			if ev.Text == "" {
				t.Fatalf("step %d: %q by %s made a %q event without a text for people (neither Text nor a Texter's)", step, a, seat, ev.Kind)
			}
		}
	}
	out, _ := tab.State().Outcome()
	for _, w := range out.Winners {
		if w < 0 || int(w) >= len(seats) {
			t.Errorf("Outcome winner %d is not a seat", w)
		}
	}
	if _, err := tab.Act(0, bogus{}); err == nil {
		t.Errorf("an action after the end was accepted")
	}
	checkReplay(t, g, tab)
	if mid != nil {
		checkResume(t, g, tab, *mid)
	}
}

// checkResume resumes the finished table from a snapshot taken early in the
// game, replaying the rest of its log, and compares.
func checkResume(t *testing.T, g engine.Game, tab *engine.Table, snap engine.Snapshot) {
	t.Helper()
	back, err := engine.Resume(g, tab.Export(true), snap)
	if err != nil {
		t.Fatalf("Resume from the snapshot after entry %d: %v", snap.Seq, err)
	}
	if !equalStates(back.State(), tab.State()) || back.Len() != tab.Len() {
		t.Fatalf("the table resumed from the snapshot after entry %d differs from the table", snap.Seq)
	}
	later := snap
	later.Seq = tab.Len() + 1
	if _, err := engine.Resume(g, tab.Export(true), later); err == nil {
		t.Errorf("Resume accepted a snapshot after entry %d of a log of %d", later.Seq, tab.Len())
	}
}

func checkLegal(t *testing.T, step int, g engine.Game, st engine.State, n int, pending []engine.Seat) {
	t.Helper()
	if got := st.Legal(engine.Spectator); len(got) != 0 {
		t.Fatalf("step %d: Legal(spectator) = %v, want none", step, got)
	}
	for s := range engine.Seat(n) {
		legal := st.Legal(s)
		if !slices.Contains(pending, s) {
			if len(legal) != 0 {
				t.Fatalf("step %d: %s is not pending but has legal actions %v", step, s, legal)
			}
			continue
		}
		if len(legal) == 0 {
			t.Fatalf("step %d: %s is pending but has no legal action", step, s)
		}
		if a, b := texts(legal), texts(st.Legal(s)); !slices.Equal(a, b) {
			t.Fatalf("step %d: Legal(%s) is not stable: %v then %v", step, s, a, b)
		}
		for _, a := range legal {
			raw, err := json.Marshal(a)
			if err != nil {
				t.Fatalf("step %d: json.Marshal(%q): %v", step, a, err)
			}
			if err := ownJSONIs(a, raw); err != nil {
				t.Fatalf("step %d: action %q: %v", step, a, err)
			}
			back, err := g.Decode(a.Kind(), raw)
			if err != nil {
				t.Fatalf("step %d: Decode(%q, %s): %v", step, a.Kind(), raw, err)
			}
			if back.String() != a.String() {
				t.Fatalf("step %d: JSON round trip of %q gave %q", step, a, back)
			}
		}
	}
}

// checkRefusals tries actions that must be refused and checks they change
// nothing: an unknown action type, and a pending seat's action played by a
// seat that is not pending.
func checkRefusals(t *testing.T, step int, tab *engine.Table, pending []engine.Seat, n int) {
	t.Helper()
	st := tab.State()
	before := st.Clone()
	logLen := tab.Len()
	try := func(s engine.Seat, a engine.Action) {
		_, err := tab.Act(s, a)
		if err == nil {
			t.Fatalf("step %d: %s playing %q was accepted, want a refusal", step, s, a)
		}
		if !engine.IsRefusal(err) {
			t.Fatalf("step %d: %s playing %q: error %v does not wrap ErrIllegalAction, ErrNotYourTurn or ErrGameOver", step, s, a, err)
		}
		if tab.Len() != logLen || !equalStates(tab.State(), before) {
			t.Fatalf("step %d: refused action %q by %s changed the state", step, a, s)
		}
	}
	try(pending[0], bogus{})
	legal := st.Legal(pending[0])
	for s := range engine.Seat(n) {
		if !slices.Contains(pending, s) {
			try(s, legal[0])
			break
		}
	}
	if strings.TrimSpace(fmt.Sprint(tab.State().Pending())) != strings.TrimSpace(fmt.Sprint(pending)) {
		t.Fatalf("step %d: refusals changed who is pending", step)
	}
}

// checkClone checks that a clone of st starts equal to it and that
// applying seat's action a to the clone leaves st unchanged.
func checkClone(t *testing.T, step int, st engine.State, seat engine.Seat, a engine.Action) {
	t.Helper()
	snapshot := st.Clone()
	c := st.Clone()
	if !equalStates(c, st) {
		t.Fatalf("step %d: a fresh clone differs from its original", step)
	}
	if _, err := c.Apply(seat, a, dice.NewUnrecordedStream(dice.Seed{byte(step)})); err != nil {
		t.Fatalf("step %d: legal action %q refused on a clone: %v", step, a, err)
	}
	if !equalStates(st, snapshot) {
		t.Fatalf("step %d: applying %q to a clone changed the original", step, a)
	}
}

// checkEventData applies seat's action a to a clone of st and checks that
// the events' data marshal to JSON, and that data that write their own
// (engine.JSONAppender) write json.Marshal's bytes: the table keeps only
// their JSON (engine.Keep), so this is where the data themselves are seen.
func checkEventData(t *testing.T, step int, st engine.State, seat engine.Seat, a engine.Action) {
	t.Helper()
	evs, err := st.Clone().Apply(seat, a, dice.NewUnrecordedStream(dice.Seed{byte(step)}))
	if err != nil {
		t.Fatalf("step %d: legal action %q refused on a clone: %v", step, a, err)
	}
	for _, e := range evs {
		if e.Data == nil {
			continue
		}
		want, err := json.Marshal(e.Data)
		if err != nil {
			t.Fatalf("step %d: the data of a %q event of %q do not marshal: %v", step, e.Kind, a, err)
		}
		if err := ownJSONIs(e.Data, want); err != nil {
			t.Fatalf("step %d: the data of a %q event of %q: %v", step, e.Kind, a, err)
		}
	}
}

// ownJSONIs checks that v, if it writes its own JSON (engine.JSONAppender:
// a view, an action, an event's data), writes want, json.Marshal's bytes.
func ownJSONIs(v any, want []byte) error {
	a, ok := v.(engine.JSONAppender)
	if !ok {
		return nil
	}
	own, err := a.AppendJSON(nil)
	if err != nil || string(own) != string(want) {
		return fmt.Errorf("AppendJSON differs from json.Marshal (err %v):\n got %s\nwant %s", err, own, want)
	}
	return nil
}

func checkViews(t *testing.T, step int, st engine.State, n int, r *dice.Stream) {
	t.Helper()
	det, hidden := st.(engine.Determinizer)
	for s := engine.Spectator; s < engine.Seat(n); s++ {
		view := st.View(s)
		v, err := json.Marshal(view)
		if err != nil {
			t.Fatalf("step %d: View(%s) does not marshal: %v", step, s, err)
		}
		if err := ownJSONIs(view, v); err != nil {
			t.Fatalf("step %d: View(%s): %v", step, s, err)
		}
		if !hidden {
			continue
		}
		for range 2 {
			other := det.Determinize(s, r)
			w, err := json.Marshal(other.View(s))
			if err != nil {
				t.Fatalf("step %d: View(%s) of a determinized state does not marshal: %v", step, s, err)
			}
			if string(v) != string(w) {
				t.Fatalf("step %d: View(%s) changed when only information hidden from it was re-drawn:\n%s\n%s", step, s, v, w)
			}
			if a, b := texts(st.Legal(s)), texts(other.Legal(s)); !slices.Equal(a, b) {
				t.Fatalf("step %d: Legal(%s) changed when only information hidden from it was re-drawn: %v, %v", step, s, a, b)
			}
		}
	}
}

// checkSnapshot checks a game that supports snapshots (engine.Restorer):
// the state read back from its snapshot is Equal to it, writes the same
// bytes, shows every seat the same view and plays on the same (seat's
// action a, with the same dice); damaged snapshots are refused, never
// panicked on; and a table resumed from a snapshot equals the table.
func checkSnapshot(t *testing.T, step int, g engine.Game, tab *engine.Table, seat engine.Seat, a engine.Action) {
	t.Helper()
	r, restores := g.(engine.Restorer)
	st, snaps := tab.State().(engine.Snapshotter)
	if restores != snaps {
		t.Fatalf("%T implements engine.Restorer but its state %T does not implement engine.Snapshotter, or the other way round", g, tab.State())
	}
	if !restores {
		return
	}
	data, err := st.MarshalSnapshot()
	if err != nil {
		t.Fatalf("step %d: MarshalSnapshot: %v", step, err)
	}
	back, err := r.RestoreSnapshot(tab.Options(), tab.Seats(), data)
	if err != nil {
		t.Fatalf("step %d: RestoreSnapshot of a fresh snapshot: %v", step, err)
	}
	if !equalStates(back, st) || !equalStates(st, back) {
		t.Fatalf("step %d: the state read back from its snapshot differs from it", step)
	}
	again, err := back.(engine.Snapshotter).MarshalSnapshot()
	if err != nil || !slices.Equal(again, data) {
		t.Fatalf("step %d: the restored state writes a different snapshot (err %v)", step, err)
	}
	for s := engine.Spectator; int(s) < len(tab.Seats()); s++ {
		v1, _ := json.Marshal(st.View(s))
		v2, _ := json.Marshal(back.View(s))
		if !slices.Equal(v1, v2) {
			t.Fatalf("step %d: %s sees a different view of the restored state", step, s)
		}
	}
	orig := st.Clone()
	seed := dice.Seed{byte(step), 7}
	e1, err1 := orig.Apply(seat, a, dice.NewUnrecordedStream(seed))
	e2, err2 := back.Apply(seat, a, dice.NewUnrecordedStream(seed))
	j1, _ := json.Marshal(e1)
	j2, _ := json.Marshal(e2)
	if (err1 == nil) != (err2 == nil) || !slices.Equal(j1, j2) || !equalStates(orig, back) {
		t.Fatalf("step %d: %q by %s plays differently on the restored state", step, a, seat)
	}
	for _, n := range []int{0, 1, len(data) / 2, len(data) - 1} {
		if n >= len(data) {
			continue
		}
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("step %d: RestoreSnapshot of the first %d of %d bytes panicked: %v", step, n, len(data), p)
				}
			}()
			if _, err := r.RestoreSnapshot(tab.Options(), tab.Seats(), data[:n]); err == nil {
				t.Fatalf("step %d: RestoreSnapshot accepted the first %d of %d bytes of a snapshot", step, n, len(data))
			}
		}()
	}
	snap, err := tab.Snapshot()
	if err != nil {
		t.Fatalf("step %d: Table.Snapshot: %v", step, err)
	}
	resumed, err := engine.Resume(g, tab.Export(true), snap)
	if err != nil {
		t.Fatalf("step %d: Resume from a snapshot of the whole log: %v", step, err)
	}
	if !equalStates(resumed.State(), tab.State()) || resumed.Len() != tab.Len() {
		t.Fatalf("step %d: the table resumed from its snapshot differs from it", step)
	}
}

func checkReplay(t *testing.T, g engine.Game, tab *engine.Table) {
	t.Helper()
	raw, err := json.Marshal(tab.Export(true))
	if err != nil {
		t.Fatalf("export does not marshal: %v", err)
	}
	var x engine.Export
	if err := json.Unmarshal(raw, &x); err != nil {
		t.Fatalf("export does not unmarshal: %v", err)
	}
	checkEntries(t, "", tab.Log(0))
	checkEntries(t, " read back from the export", x.Log)
	back, err := engine.Replay(g, x)
	if err != nil {
		t.Fatalf("replay of the exported log: %v", err)
	}
	if !equalStates(back.State(), tab.State()) {
		t.Fatalf("replay of the exported log gave a different state")
	}
	again, _ := json.Marshal(back.Export(true))
	if !sameJSON(again, raw) {
		t.Fatalf("replayed table exports differently")
	}
}

// checkEntries checks that every entry of a log writes its own JSON
// (Entry.AppendJSON, as the table store writes it) to json.Marshal's bytes.
func checkEntries(t *testing.T, where string, log []engine.Entry) {
	t.Helper()
	for i, e := range log {
		want, err := json.Marshal(e)
		if err != nil {
			t.Fatalf("log entry %d%s does not marshal: %v", i+1, where, err)
		}
		if err := ownJSONIs(e, want); err != nil {
			t.Fatalf("log entry %d%s: %v", i+1, where, err)
		}
	}
}

func texts(as []engine.Action) []string {
	out := make([]string, len(as))
	for i, a := range as {
		out[i] = a.String()
	}
	return out
}

// sameJSON compares two JSON documents by value, so that key order (a struct's
// fields against a map read back from JSON) does not matter.
func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// equalStates compares two states with their own Equal method if they have
// one (engine.Equaler: a state that keeps caches compares what matters), and
// with reflect.DeepEqual otherwise.
func equalStates(a, b engine.State) bool {
	if e, ok := a.(engine.Equaler); ok {
		return e.Equal(b)
	}
	return reflect.DeepEqual(a, b)
}

// FirstDiff shows where two texts (transcripts, pages, streams) first
// differ, with some context on each side, for a test's failure message.
func FirstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(0, i-200)
	return "…" + a[lo:min(len(a), i+200)] + "\n  vs\n…" + b[lo:min(len(b), i+200)]
}
