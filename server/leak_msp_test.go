package server_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine/enginetest"
	"tabletop/games"
	"tabletop/server"
)

// TestLeak_GMSecretsNeverReachPlayersThroughAnyChannel plays the same
// musi supa pona session on two tables with the same seed whose only
// differences are the GM's secrets (a note, a creature's health in the
// book and so an enemy's, a gift to Ann, a check's hidden target), and
// checks that Bo and a spectator receive the same bytes from both through
// every channel (API state, event streams, pages, page streams, errors),
// Bo's legal entries with their explanations included, and that no
// player receives the note. A check's target is revealed with
// its roll, which the server plays as soon as the target is set (rolling
// is the player's only choice); the two targets are both met by any roll,
// and only where the result reveals the target is it read as TARGET, so
// that every line sent before the reveal is compared as it is.
func TestLeak_GMSecretsNeverReachPlayersThroughAnyChannel(t *testing.T) {
	h := mustServer(t, func(c *server.Config) {
		c.Games = games.Registry()
		c.NewSeed = func() dice.Seed { return dice.Seed{9, 9} }
	})
	type world struct {
		c     created
		seen  []string // Ann's, Bo's and the spectator's
		boMid string   // what Bo receives once the note and the gift are made, while he has actions the game explains
		gmGot string
	}
	play := func(note, wolfHP, gift, target string) world {
		c := h.mustCreateMSP()
		say := func(seat int, text string) { h.mustSay(c, seat, text) }
		say(1, "create Ann / elf / ranger / chaotic good / hunter")
		say(2, "create Bo / dwarf / smith / lawful good / smith")
		say(0, "note: "+note)
		say(0, "give "+gift+" to Ann: from the armoury")
		boMid := normalize(h.received(c, 2), c)
		say(0, "check speed of Ann")
		say(0, "target at least "+target) // rolling is Ann's only choice: the server rolls it
		// The roll is the server's, in the background: wait for it, or the
		// GM's next lines would race it into the log in either order.
		h.waitFor(c.ID, c.Seats[0].Token, "the server to roll Ann's check", func(st tableState) bool {
			return strings.Contains(string(st.View), `"last_check"`) && !strings.Contains(string(st.View), `"check":`)
		})
		say(0, "book creature Wolf: hp "+wolfHP+"; bite 3")
		say(0, "battle Wolf")
		w := world{c: c, boMid: boMid}
		for _, seat := range []int{1, 2, -1} {
			w.seen = append(w.seen, revealedTarget.ReplaceAllString(normalize(h.seen(c, seat), c), "${1}TARGET"))
		}
		w.gmGot = h.seen(c, 0)
		return w
	}
	a := play("the innkeeper is the thief", "15", "Rope", "-40")
	b := play("nothing, really nothing at all", "40", "Short sword", "-55")
	if !strings.Contains(a.gmGot, "the innkeeper is the thief") || !strings.Contains(a.gmGot, `"health":{"hp":15,"max":15}`) {
		t.Fatalf("the GM does not receive the note and the wolf's health: the check below would prove nothing")
	}
	// Bo's legal entries carry the game's explanations, written from his
	// own view (engine.Explainer): they must not depend on the GM's secrets.
	if !strings.Contains(a.boMid, `"explain":`) {
		t.Errorf("Bo receives no legal entry the game explains: the check below would prove nothing of explanations")
	}
	if a.boMid != b.boMid {
		t.Errorf("Bo receives different bytes depending on the GM's note and gift:\n%s", enginetest.FirstDiff(a.boMid, b.boMid))
	}
	for i, who := range []string{"Ann", "Bo", "the spectator"} {
		if strings.Contains(a.seen[i], "innkeeper") || strings.Contains(b.seen[i], "nothing, really") {
			t.Errorf("%s receives the GM's note", who)
		}
		if !strings.Contains(a.seen[i], "TARGET") {
			t.Errorf("%s never receives the check's result: the check below would prove nothing", who)
		}

		for _, w := range []struct{ seen, target string }{{a.seen[i], "-40"}, {b.seen[i], "-55"}} {
			if at := strings.Index(w.seen, w.target); at >= 0 {
				t.Errorf("%s receives the check's target other than in its revealed result: …%s…", who, w.seen[max(0, at-120):min(len(w.seen), at+20)])
			}
		}
		if i == 0 {
			continue // Ann sees her own gift
		}
		if a.seen[i] != b.seen[i] {
			t.Errorf("%s receives different bytes depending on the GM's secrets:\n%s", who, enginetest.FirstDiff(a.seen[i], b.seen[i]))
		}
	}
}

// revealedTarget matches the check's target where its result reveals it:
// the log's and the page's words, and the result's roll and goal in the
// view.
var revealedTarget = regexp.MustCompile(`(the target was at least |"goal":\{"at_most":false,"value":|\\u003e=|&gt;=)-(40|55)\b`)

// mustCreateMSP makes a musi supa pona table of Gail (the GM), Ann and Bo.
func (h *harness) mustCreateMSP() created {
	h.t.Helper()
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "msp",
		"seats": []map[string]any{{"name": "Gail", "gm": true}, {"name": "Ann"}, {"name": "Bo"}}})
	if r.status != http.StatusCreated {
		h.t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	decode(h.t, r, &c)
	return c
}

// mustSay plays a musi supa pona action typed in words ("create Ann / elf
// / …", "note: …") for seat of table c, through the API.
func (h *harness) mustSay(c created, seat int, text string) {
	h.t.Helper()
	r := h.do("POST", "/api/tables/"+c.ID+"/actions", c.Seats[seat].Token, map[string]any{"kind": "typed", "action": map[string]string{"text": text}})
	if r.status != http.StatusOK {
		h.t.Fatalf("%s: %d %s", text, r.status, r.body)
	}
}
