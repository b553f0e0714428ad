package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/engine/enginetest"
	"tabletop/games/mgt"
	"tabletop/internal/duel"
	"tabletop/server"
	"tabletop/store"
	"tabletop/store/sqlite"
)

// seen collects everything the server sends one reader of a table (a seat
// or a spectator) through every channel: API state, event streams, pages,
// page streams and error responses.
func (h *harness) seen(c created, seat int) string {
	h.t.Helper()
	var b strings.Builder
	b.WriteString(h.received(c, seat))
	add := func(r response) { b.WriteString(r.body); b.WriteString("\n----\n") }
	token, page := readerPaths(c, seat)
	evs, _ := h.readSSE(page+"/events", "", untilState, "Last-Event-ID", "0")
	for _, e := range evs {
		b.WriteString(e.name + " " + e.id + " " + e.data + "\n")
	}
	// Errors: a refused, a malformed and a stale action, an early export.
	act := "/api/tables/" + c.ID + "/actions"
	add(h.do("POST", act, token, map[string]any{"kind": "stance", "action": map[string]string{"stance": "dance"}}))
	add(h.do("POST", act, token, map[string]any{"kind": "stance", "action": map[string]string{"stance": "guard"}, "seq": 0}))
	add(h.do("POST", act, token, `{"kind":`))
	add(h.do("GET", "/api/tables/"+c.ID+"/export", "", nil))
	add(h.do("GET", "/t/"+c.ID+"/export", "", nil))
	if seat >= 0 {
		add(h.do("POST", page+"/act", "", url.Values{"kind": {"stance"}, "action": {`{"stance":"dance"}`}}.Encode(),
			"Content-Type", "application/x-www-form-urlencoded", "HX-Request", "true"))
	}
	return b.String()
}

// normalize replaces what differs between two tables by chance (ids, tokens,
// commitments) with placeholders.
func normalize(s string, c created) string {
	s = strings.ReplaceAll(s, c.ID, "TABLE")
	for i, st := range c.Seats {
		if st.Token != "" {
			s = strings.ReplaceAll(s, st.Token, "TOKEN"+string(rune('0'+i)))
		}
	}
	return strings.ReplaceAll(s, c.Commitment, "COMMITMENT")
}

// windowLeft matches how long an open answer window has left, as a state
// says it (the API's window_ms, the page's countdown): it depends only on
// when the reader read, never on anyone's answer or hand.
var windowLeft = regexp.MustCompile(`data-ms="\d+"|"window_ms":\d+|<span class="left">[0-9.]+</span>`)

// untimed replaces how long a window has left with a placeholder.
func untimed(s string) string { return windowLeft.ReplaceAllString(s, "WINDOW-LEFT") }

// seedOf reads a table's seed from its export once it is over.
var hex64 = regexp.MustCompile(`[0-9a-f]{64}`)

// TestLeak_SealedChoiceAndSeedNeverReachOthers plays the same position in
// two worlds that differ only in Ann's sealed stance, and checks that Bo and
// the spectator receive exactly the same bytes in both (up to ids and
// tokens), so nothing they get can reveal it; and that neither the seed nor
// Ann's choice appears in what they get or in the server's log.
func TestLeak_SealedChoiceAndSeedNeverReachOthers(t *testing.T) {
	h := mustServer(t)
	worlds := map[string]struct {
		c                created
		bo, spec, annGot string
	}{}
	for _, stance := range []string{duel.Attack, duel.Guard} {
		c := h.mustCreate("3")
		// One resolved round first, so the log has dice, then Ann seals.
		h.mustAct(c.ID, c.Seats[0].Token, duel.Guard)
		h.mustAct(c.ID, c.Seats[1].Token, duel.Guard)
		h.mustAct(c.ID, c.Seats[0].Token, stance)
		w := worlds[stance]
		w.c = c
		w.bo = h.seen(c, 1)
		w.spec = h.seen(c, -1)
		w.annGot = h.seen(c, 0)
		worlds[stance] = w
	}
	a, g := worlds[duel.Attack], worlds[duel.Guard]
	if !strings.Contains(a.annGot, "you chose attack") || !strings.Contains(g.annGot, "you chose guard") {
		t.Fatalf("Ann does not see her own sealed stance: the check below would prove nothing")
	}
	for _, reader := range []struct {
		name          string
		attack, guard string
		bad           []string
	}{
		{"Bo", a.bo, g.bo, []string{"you chose attack", `"mine":"attack"`}},
		{"the spectator", a.spec, g.spec, []string{"you chose", `"mine"`}},
	} {
		na, ng := normalize(reader.attack, a.c), normalize(reader.guard, g.c)
		if na != ng {
			t.Errorf("%s receives different bytes depending on Ann's sealed stance:\n%s", reader.name, enginetest.FirstDiff(na, ng))
		}
		for _, bad := range reader.bad {
			if strings.Contains(reader.attack, bad) {
				t.Errorf("%s receives %q", reader.name, bad)
			}
		}
		if m := hex64.FindAllString(reader.attack, -1); len(m) > 0 {
			for _, x := range m {
				if x != a.c.Commitment {
					t.Errorf("%s receives a 64-hex-digit value that is not the commitment (the seed?): %s", reader.name, x)
				}
			}
		}
	}
	logs := h.logs.String()
	if strings.Contains(logs, "you chose") || strings.Contains(logs, `stance`) || hex64.MatchString(logs) {
		t.Errorf("the server log holds an action, an event or a seed:\n%s", logs)
	}
	for _, w := range worlds {
		for _, s := range w.c.Seats {
			if strings.Contains(logs, s.Token) {
				t.Errorf("the server log holds a seat token")
			}
		}
	}
	// Once the game is over the seed is public.
	c := a.c
	h.mustAct(c.ID, c.Seats[1].Token, duel.Guard)
	for !h.mustState(c.ID, "").Over {
		h.mustAct(c.ID, c.Seats[0].Token, duel.Guard)
		h.mustAct(c.ID, c.Seats[1].Token, duel.Guard)
	}
	if st := h.mustState(c.ID, ""); len(st.Seed) != 64 {
		t.Fatalf("the seed is not revealed at the end: %q", st.Seed)
	}
	if r := h.do("GET", "/t/"+c.ID, "", nil); r.status != http.StatusOK || !strings.Contains(r.body, h.mustState(c.ID, "").Seed) {
		t.Fatalf("the finished table page does not show the seed")
	}
}

// readerPaths returns the token and the page of reader seat (-1: the
// spectator) of table c.
func readerPaths(c created, seat int) (token, page string) {
	page = "/t/" + c.ID
	if seat >= 0 {
		token = c.Seats[seat].Token
		page += "/s/" + token
	}
	return token, page
}

// received is everything reader seat (-1: the spectator) receives of a
// table now by reading it: its API state (without and with the legal
// actions' explanations), its event stream (with them) and its page, with
// the page's own stream, each up to the state.
func (h *harness) received(c created, seat int) string {
	h.t.Helper()
	token, page := readerPaths(c, seat)
	var b strings.Builder
	b.WriteString(h.do("GET", "/api/tables/"+c.ID, token, nil).body)
	b.WriteString("\n----\n")
	b.WriteString(h.do("GET", "/api/tables/"+c.ID+"?explain=1", token, nil).body)
	b.WriteString("\n----\n")
	evs, _ := h.readSSE("/api/tables/"+c.ID+"/events?explain=1", token, untilState)
	for _, e := range evs {
		b.WriteString(e.name + " " + e.id + " " + e.data + "\n")
	}
	b.WriteString(h.do("GET", page, "", nil).body)
	b.WriteString("\n----\n")
	evs, _ = h.readSSE(page+"/events", "", untilState)
	for _, e := range evs {
		b.WriteString(e.name + " " + e.id + " " + e.data + "\n")
	}
	return b.String()
}

// worldServer serves a copy of table rec (its log, and snap as its
// snapshot, from which the server rebuilds it) from a store of its own.
func worldServer(t *testing.T, rec store.Table, snap engine.Snapshot) *harness {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "world.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	log := rec.Export.Log
	rec.Export.Log, rec.Seq = nil, 0
	if err := st.CreateTable(ctx, rec); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Append(ctx, rec.ID, 0, log...); err != nil {
		t.Fatal(err)
	}
	snap.Sum = snap.Checksum()
	if err := st.SaveSnapshot(ctx, rec.ID, snap); err != nil {
		t.Fatal(err)
	}
	return mustServer(t, func(c *server.Config) { c.Store, c.Games = st, engine.NewRegistry(mgt.Game) })
}

// swapHands returns an MGT snapshot's state with the hidden cards of seats
// a and b dealt between them again (each hand keeps its size and stays in
// deck order): first every card of set the two hold to a, as far as it
// fits, so that a may claim where it could not, or b where it could.
func swapHands(t *testing.T, state []byte, a, b int, set string) []byte {
	t.Helper()
	var s map[string]json.RawMessage
	if err := json.Unmarshal(state, &s); err != nil {
		t.Fatal(err)
	}
	var players []map[string]json.RawMessage
	if err := json.Unmarshal(s["players"], &players); err != nil {
		t.Fatal(err)
	}
	var ha, hb []int
	if json.Unmarshal(players[a]["hand"], &ha) != nil || json.Unmarshal(players[b]["hand"], &hb) != nil {
		t.Fatalf("the snapshot's hands do not read")
	}
	d := mgt.Data()
	pool := append(slices.Clone(ha), hb...)
	slices.SortStableFunc(pool, func(x, y int) int {
		in := func(c int) int {
			if d.Sets[d.Cards[c].Set].Name == set {
				return 0
			}
			return 1
		}
		return in(x) - in(y)
	})
	na, nb := slices.Clone(pool[:len(ha)]), slices.Clone(pool[len(ha):])
	if slices.Equal(slices.Sorted(slices.Values(na)), ha) {
		na, nb = slices.Clone(pool[len(pool)-len(ha):]), slices.Clone(pool[:len(pool)-len(ha)]) // the other way round
	}
	slices.Sort(na)
	slices.Sort(nb)
	players[a]["hand"], _ = json.Marshal(na)
	players[b]["hand"], _ = json.Marshal(nb)
	s["players"], _ = json.Marshal(players)
	out, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLeak_MGTClaimWindowSendsTheSameBytesWhoeverCanClaim takes a table of
// four people in a claim window and serves it again in worlds that differ
// only in how two other players' hidden cards lie between them (so that
// who may claim differs), and checks that a reader (the spectator, and
// each seated player whose own cards are the same) receives exactly the
// same bytes from every channel (API state, event stream, page, page
// stream, sequence numbers included; legal entries with the game's
// explanations) while the window is open and after the server has closed
// it.
func TestLeak_MGTClaimWindowSendsTheSameBytesWhoeverCanClaim(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "source.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	h := mustServer(t, func(c *server.Config) {
		c.Store, c.Games = st, engine.NewRegistry(mgt.Game)
		c.NewSeed = func() dice.Seed { return dice.Derive(dice.Seed{}, "window", 1) } // Cy may claim in the sixth window
	})
	c := h.mustCreateMGT("300", "", "", "", "")
	var spec tableState
	for w := 0; ; w++ {
		spec, _ = h.playToWindow(c)
		if w == 5 {
			break
		}
		h.waitFor(c.ID, "", "the window to close", func(s tableState) bool { return s.Seq != spec.Seq })
	}
	v := mustMGTView(t, spec)
	rec, err := st.LoadTable(context.Background(), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	// The copies hold their windows long enough to read every channel
	// while open, however loaded the machine (the option changes nothing
	// else: the log replays the same).
	rec.Export.Options = maps.Clone(rec.Export.Options)
	rec.Export.Options["claim_window"] = "2500"
	tab, err := engine.Replay(mgt.Game, rec.Export)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := tab.Snapshot()
	if err != nil || snap.Seq != spec.Seq {
		t.Fatalf("snapshot at %d: %v (the window opened at %d)", snap.Seq, err, spec.Seq)
	}
	set := mgt.Data().Sets[mgt.Data().Cards[slices.IndexFunc(mgt.Data().Cards, func(ci mgt.CardInfo) bool { return ci.Name == v.Card.Card })].Set].Name
	differs, explained := 0, 0
	for _, reader := range []int{-1, 0, 1, 2, 3} {
		if reader == v.Turn {
			continue
		}
		var others []int
		for q := range 4 {
			if q != v.Turn && q != reader {
				others = append(others, q)
			}
		}
		worlds := map[string]*harness{}
		open, after, choices := map[string]string{}, map[string]string{}, map[string]string{}
		for _, world := range []string{"as dealt", "dealt again"} {
			ws := snap
			if world == "dealt again" {
				ws.State = swapHands(t, snap.State, others[0], others[1], set)
			}
			wh := worldServer(t, rec, ws)
			worlds[world] = wh
			open[world] = wh.received(c, reader)
			for _, q := range others {
				choices[world] += fmt.Sprint(len(wh.mustState(c.ID, c.Seats[q].Token).Legal), " ")
			}
		}
		if choices["as dealt"] != choices["dealt again"] {
			differs++
		}
		if strings.Contains(open["as dealt"], `"explain":`) {
			explained++
		}
		check := func(when string, got map[string]string) {
			if a, b := untimed(got["as dealt"]), untimed(got["dealt again"]); a != b {
				t.Fatalf("reader %d receives different bytes %s when seats %v hold their cards the other way round (choices %q vs %q):\n%s",
					reader, when, others, choices["as dealt"], choices["dealt again"], enginetest.FirstDiff(a, b))
			}
		}
		check("while the window is open", open)
		for world, wh := range worlds {
			wh.waitFor(c.ID, "", "the window to close", func(s tableState) bool { return s.Seq != spec.Seq })
			after[world] = wh.received(c, reader)
		}
		check("after it closed", after)
	}
	if differs == 0 {
		t.Fatalf("in no world did the other players' choices differ: the test proves nothing")
	}
	if explained == 0 {
		t.Fatalf("no reader was offered an action the game explains: the test proves nothing of explanations")
	}
}
