package server_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tabletop/internal/duel"
)

// duelPages creates a duel of two people, Ann and Bo, and returns it with
// their pages.
func (h *harness) duelPages() (c created, ann, bo string) {
	h.t.Helper()
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}}})
	decode(h.t, r, &c)
	return c, "/t/" + c.ID + "/s/" + c.Seats[0].Token, "/t/" + c.ID + "/s/" + c.Seats[1].Token
}

// TestPages_OneClickOneAction checks that every action form carries the
// sequence number its page was drawn at, and that the same form sent again
// after the seat has acted changes nothing and says the move was already
// made, even when the action would be legal again; while a form drawn before
// another seat's move still works.
func TestPages_OneClickOneAction(t *testing.T) {
	h := mustServer(t)
	c, ann, bo := h.duelPages()
	var r response
	seqOf := func(page string) string {
		t.Helper()
		body := h.do("GET", page, "", nil).body
		forms := regexp.MustCompile(`<input type="hidden" name="action"`).FindAllString(body, -1) // the action forms
		seqs := regexp.MustCompile(`<input type="hidden" name="seq" value="(\d+)">`).FindAllStringSubmatch(body, -1)
		if len(forms) == 0 || len(seqs) != len(forms) {
			t.Fatalf("%d action forms, %d with a seq:\n%s", len(forms), len(seqs), body)
		}
		return seqs[0][1]
	}
	post := func(page, seq, stance string, hdr ...string) response {
		return h.do("POST", page+"/act", "", url.Values{"seq": {seq}, "kind": {"stance"}, "action": {`{"stance":"` + stance + `"}`}}.Encode(),
			append([]string{"Content-Type", form}, hdr...)...)
	}
	logLen := func() int {
		var st struct{ Seq int }
		decode(t, h.do("GET", "/api/tables/"+c.ID, "", nil), &st)
		return st.Seq
	}

	annAt, boAt := seqOf(ann), seqOf(bo)
	if want := logLen(); annAt != boAt || annAt != strconv.Itoa(want) {
		t.Fatalf("the forms carry seq %s and %s, the log is at %d", annAt, boAt, want)
	}
	// Ann's click goes in; Bo's form, drawn before it, still works.
	if r := post(ann, annAt, duel.Attack); r.status != http.StatusSeeOther {
		t.Fatalf("Ann's attack: %d %s", r.status, r.body)
	}
	if r := post(bo, boAt, duel.Guard); r.status != http.StatusSeeOther {
		t.Fatalf("Bo's guard, drawn before Ann's move: %d %s", r.status, r.body)
	}
	// Round 2: attack is legal again, but Ann's old form is the same click.
	before := logLen()
	r = post(ann, annAt, duel.Attack)
	if r.status != http.StatusConflict || !strings.Contains(r.body, "already made") {
		t.Fatalf("Ann's form sent again: %d, want 409 saying the move was already made:\n%s", r.status, r.body)
	}
	if !strings.Contains(r.body, "<button") {
		t.Fatalf("the refusal does not show the table as it is now:\n%s", r.body)
	}
	r = post(ann, annAt, duel.Attack, "HX-Request", "true")
	if r.status != http.StatusConflict || !strings.Contains(r.body, "already made") {
		t.Fatalf("Ann's form sent again with htmx: %d %q", r.status, r.body)
	}
	if after := logLen(); after != before {
		t.Fatalf("the repeated form changed the log: %d entries, was %d", after, before)
	}
	// The form of the page as it is now works.
	if r := post(ann, seqOf(ann), duel.Attack); r.status != http.StatusSeeOther {
		t.Fatalf("Ann's attack in round 2 from a fresh page: %d %s", r.status, r.body)
	}
	// The API, given the same stale seq, says so too.
	r = h.do("POST", "/api/tables/"+c.ID+"/actions", c.Seats[0].Token, map[string]any{"kind": "stance", "action": map[string]string{"stance": "guard"}, "seq": before})
	if r.status != http.StatusConflict || !strings.Contains(r.body, "already_made") {
		t.Fatalf("API action with a seq Ann has acted after: %d %s", r.status, r.body)
	}
}
