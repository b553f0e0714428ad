package server_test

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tabletop/games"
	"tabletop/server"
)

// TestPages_ABigStableIsAHandfulOfControlsAndEveryActionIsReachable grows
// a Pocket Monster Rancher stable to 14 monsters (a capture every turn, no
// tournament yet), then checks its table page: a handful of top-level
// controls (buttons and lists to pick from), not a button per action; every
// legal action is offered exactly once, in a list or as a button; and
// posting an action picked from a list applies that action.
func TestPages_ABigStableIsAHandfulOfControlsAndEveryActionIsReachable(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "pmr",
		"options": map[string]string{"turns": "40", "tournament_every": "10", "retire_age": "50"},
		"seats":   []map[string]any{{"name": "Ann"}, {"name": "Bo", "bot": "random"}}})
	var c created
	decode(t, r, &c)
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	ann := c.Seats[0].Token
	for turn := 0; ; turn++ {
		st := h.waitFor(c.ID, ann, "Ann's turn", func(st tableState) bool { return st.MyTurn })
		if len(st.Legal) >= 140 {
			break
		}
		if turn > 40 {
			t.Fatalf("after %d turns only %d legal actions", turn, len(st.Legal))
		}
		a := st.Legal[0] // an entry, in a tournament
		for _, l := range st.Legal {
			if l.Kind == "capture" {
				a = l
			}
		}
		r := h.do("POST", "/api/tables/"+c.ID+"/actions", ann, map[string]any{"kind": a.Kind, "action": a.Action})
		if r.status != http.StatusOK {
			t.Fatalf("capture: %d %s", r.status, r.body)
		}
	}
	st := h.waitFor(c.ID, ann, "Ann's turn", func(st tableState) bool { return st.MyTurn })
	page := h.do("GET", "/t/"+c.ID+"/s/"+ann, "", nil).body
	actions := page[strings.Index(page, `<section class="actions"`):]
	actions = actions[:strings.Index(actions, "</section>")]
	buttons := strings.Count(actions, "<button")
	selects := strings.Count(actions, "<select")
	if buttons > 8 || buttons == 0 {
		t.Fatalf("%d legal actions are offered with %d buttons and %d lists: want a handful", len(st.Legal), buttons, selects)
	}
	offered := map[string]int{}
	for _, m := range regexp.MustCompile(`name="kind" value="([^"]+)">(?:<select[^>]*>((?:<option[^>]*>[^<]*</option>)+)</select>|<input type="hidden" name="action" value="([^"]*)">)`).FindAllStringSubmatch(actions, -1) {
		if m[3] != "" || m[2] == "" {
			offered[m[1]+" "+html.UnescapeString(m[3])]++
			continue
		}
		for _, o := range regexp.MustCompile(`value="([^"]*)"`).FindAllStringSubmatch(m[2], -1) {
			offered[m[1]+" "+html.UnescapeString(o[1])]++
		}
	}
	for _, a := range st.Legal {
		if n := offered[a.Kind+" "+string(a.Action)]; n != 1 {
			t.Errorf("%s %s (%s) is offered %d times, want once", a.Kind, a.Action, a.Text, n)
		}
	}
	if len(offered) != len(st.Legal) {
		t.Errorf("the page offers %d actions, the seat has %d legal", len(offered), len(st.Legal))
	}
	// Pick the last breeding from its list and post the form.
	var pick legal
	for _, a := range st.Legal {
		if a.Kind == "breed" {
			pick = a
		}
	}
	form := url.Values{"seq": {strconv.Itoa(st.Seq)}, "kind": {pick.Kind}, "action": {string(pick.Action)}}.Encode()
	if r := h.do("POST", "/t/"+c.ID+"/s/"+ann+"/act", "", form, "Content-Type", "application/x-www-form-urlencoded"); r.status != http.StatusSeeOther {
		t.Fatalf("posting %s: %d %s", pick.Text, r.status, r.body)
	}
	after := h.waitFor(c.ID, ann, "the turn to resolve", func(s tableState) bool { return s.Seq > st.Seq+1 })
	var told []string
	for _, e := range after.Log {
		if e.Seq > st.Seq {
			for _, ev := range e.Events {
				told = append(told, ev.Text)
			}
		}
	}
	if want := "Ann seals: " + pick.Text; !slices.Contains(told, want) {
		t.Fatalf("after posting %q from the list the log says %q, want %q", pick.Text, told, want)
	}
}
