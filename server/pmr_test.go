package server_test

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/games/pmr"
	"tabletop/server"
)

// TestPages_PMRTemplateRendersEveryPhase plays a short Pocket Monster
// Rancher game through the API (two people and a bot) and renders every
// seat's page and the spectator's at every step.
func TestPages_PMRTemplateRendersEveryPhase(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = engine.NewRegistry(pmr.Game) })
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "pmr", "options": map[string]string{"turns": "3"},
		"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy", "bot": "greedy"}}})
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	decode(t, r, &c)
	// Whom the game waits for comes from the view's "pending" list.
	var known struct {
		Known   bool `json:"waiting_known"`
		Waiting int  `json:"waiting_for"`
		View    struct {
			Pending []int `json:"pending"`
		} `json:"view"`
	}
	decode(t, h.do("GET", "/api/tables/"+c.ID, c.Seats[1].Token, nil), &known)
	others := 0
	for _, p := range known.View.Pending {
		if p != 1 {
			others++
		}
	}
	if !known.Known || known.Waiting != others {
		t.Fatalf("Bo's waiting_known %v, waiting_for %d; the view's pending list %v", known.Known, known.Waiting, known.View.Pending)
	}
	pages := []string{"/t/" + c.ID, "/t/" + c.ID + "/s/" + c.Seats[0].Token, "/t/" + c.ID + "/s/" + c.Seats[1].Token}
	phases := map[string]bool{}
	for step := 0; step < 200; step++ {
		for _, p := range pages {
			if r := h.do("GET", p, "", nil); r.status != http.StatusOK || !strings.Contains(r.body, "stable of Cy") {
				t.Fatalf("step %d: GET %s = %d\n%s", step, p, r.status, r.body)
			}
		}
		st := h.waitFor(c.ID, "", "a person to act", func(st tableState) bool {
			var b struct {
				Pending []int `json:"pending"`
			}
			json.Unmarshal(st.View, &b)
			return st.Over || len(b.Pending) > 0 && b.Pending[0] != 2
		})
		var v struct {
			Phase string `json:"phase"`
		}
		json.Unmarshal(st.View, &v)
		phases[v.Phase] = true
		if st.Over {
			break
		}
		acted := false
		for _, s := range c.Seats[:2] {
			me := h.mustState(c.ID, s.Token)
			if me.MyTurn {
				a := me.Legal[step%len(me.Legal)]
				h.mustPost(c.ID, s.Token, a)
				acted = true
				break
			}
		}
		if !acted {
			continue
		}
	}
	for _, p := range []string{"activity", "enter", "match", "over"} {
		if !phases[p] {
			t.Errorf("the game never showed phase %s (saw %v)", p, phases)
		}
	}
	r = h.do("GET", pages[0], "", nil)
	if !strings.Contains(r.body, "Game over") || !strings.Contains(r.body, "Download the table export") {
		t.Fatalf("the finished page:\n%s", r.body)
	}
	// Every monster's row on the page shows its name as the view names it.
	var end struct {
		Stables []struct {
			Monsters []struct {
				ID   int    `json:"id"`
				Name string `json:"name"`
			} `json:"monsters"`
		} `json:"stables"`
	}
	json.Unmarshal(h.mustState(c.ID, "").View, &end)
	seen := 0
	for _, st := range end.Stables {
		for _, m := range st.Monsters {
			row := fmt.Sprintf("<td>M%d</td><td>%s</td>", m.ID, m.Name)
			if m.Name == "" || !strings.Contains(r.body, row) {
				t.Errorf("the finished page has no row %q", row)
			}
			seen++
		}
	}
	if seen == 0 {
		t.Errorf("no stable has a monster at the end: %s", h.mustState(c.ID, "").View)
	}
}

func (h *harness) mustPost(id, token string, a legal) {
	h.t.Helper()
	r := h.do("POST", "/api/tables/"+id+"/actions", token, map[string]any{"kind": a.Kind, "action": a.Action})
	if r.status != http.StatusOK {
		h.t.Fatalf("act %s: %d %s", a.Text, r.status, r.body)
	}
}

// mustCreatePMR creates a Pocket Monster Rancher table of turns turns for
// two people, Ann and Bo.
func (h *harness) mustCreatePMR(turns string) created {
	h.t.Helper()
	return h.mustCreateAnnBo("pmr", map[string]string{"turns": turns})
}

// mustCreateAnnBo creates a table of game with opts for two people, Ann
// and Bo.
func (h *harness) mustCreateAnnBo(game string, opts map[string]string) created {
	h.t.Helper()
	r := h.do("POST", "/api/tables", "", map[string]any{"game": game, "options": opts,
		"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}}})
	if r.status != http.StatusCreated {
		h.t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	decode(h.t, r, &c)
	return c
}

// TestServer_PlaysAPersonsOnlyChoice checks that a seat with a single legal
// action has it played by the server (a choice of one is no choice): on
// Pocket Monster Rancher's first turn both people can only capture, so the
// table is at turn 2 before anyone acts.
func TestServer_PlaysAPersonsOnlyChoice(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = engine.NewRegistry(pmr.Game) })
	c := h.mustCreatePMR("3")
	st := h.waitFor(c.ID, c.Seats[0].Token, "turn 2", func(st tableState) bool {
		var v struct {
			Turn int `json:"turn"`
		}
		json.Unmarshal(st.View, &v)
		return v.Turn == 2
	})
	if !st.MyTurn || len(st.Legal) < 2 {
		t.Fatalf("at turn 2 Ann should have a real choice, has my_turn %v and %d legal actions", st.MyTurn, len(st.Legal))
	}
}

// TestAPI_LegalEntriesCarryTheExplanationThePageShows: where the game
// explains an action (engine.Explainer: Pocket Monster Rancher says what
// training does to which ability, with the odds), the API's legal entry
// carries it as "explain", as the seat's page shows it, when the client
// asks for it (?explain=1: writing it costs more than the rest of the
// state); unasked, and in the events of a stream unasked, it is left out.
func TestAPI_LegalEntriesCarryTheExplanationThePageShows(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = engine.NewRegistry(pmr.Game) })
	c := h.mustCreatePMR("3")
	ann := c.Seats[0].Token
	h.waitFor(c.ID, ann, "Ann's choice", func(st tableState) bool { return st.MyTurn })
	if r := h.do("GET", "/api/tables/"+c.ID, ann, nil); strings.Contains(r.body, `"explain":`) {
		t.Errorf("the state unasked carries explanations: %s", r.body)
	}
	evs, _ := h.readSSE("/api/tables/"+c.ID+"/events", ann, untilState)
	for _, e := range evs {
		if strings.Contains(e.data, `"explain":`) {
			t.Errorf("the stream unasked carries explanations: %s", e.data)
		}
	}
	if r := h.do("GET", "/api/tables/"+c.ID+"?explain=maybe", ann, nil); r.status != http.StatusBadRequest || !strings.Contains(r.body, "explain must be 1 or 0") {
		t.Errorf("explain=maybe: %d %s, want 400 saying what explain takes", r.status, r.body)
	}
	r := h.do("GET", "/api/tables/"+c.ID+"?explain=1", ann, nil)
	var st tableState
	decode(t, r, &st)
	page := html.UnescapeString(h.do("GET", "/t/"+c.ID+"/s/"+ann, "", nil).body)
	explained := 0
	for _, a := range st.Legal {
		if a.Explain == "" {
			continue
		}
		explained++
		if !strings.Contains(page, a.Explain) {
			t.Errorf("%s: explained as %q, which the page does not show", a.Text, a.Explain)
		}
	}
	if explained == 0 {
		t.Fatalf("none of Ann's %d legal entries is explained: %+v", len(st.Legal), st.Legal)
	}
}
