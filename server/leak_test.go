package server_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"tabletop/engine/enginetest"
	"testing"

	"tabletop/internal/duel"
)

// seen collects everything the server sends one reader of a table (a seat
// or a spectator) through every channel: API state, event streams, pages,
// page streams and error responses.
func (h *harness) seen(c created, seat int) string {
	h.t.Helper()
	token, page := "", "/t/"+c.ID
	if seat >= 0 {
		token = c.Seats[seat].Token
		page += "/s/" + token
	}
	var b strings.Builder
	add := func(r response) { b.WriteString(r.body); b.WriteString("\n----\n") }
	add(h.do("GET", "/api/tables/"+c.ID, token, nil))
	evs, _ := h.readSSE("/api/tables/"+c.ID+"/events", token, untilState)
	for _, e := range evs {
		b.WriteString(e.name + " " + e.id + " " + e.data + "\n")
	}
	add(h.do("GET", page, "", nil))
	evs, _ = h.readSSE(page+"/events", "", untilState)
	for _, e := range evs {
		b.WriteString(e.name + " " + e.id + " " + e.data + "\n")
	}
	evs, _ = h.readSSE(page+"/events", "", untilState, "Last-Event-ID", "0")
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
