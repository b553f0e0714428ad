package server_test

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

// TestPages_FreeRollAtEveryTable checks that a seat can roll any dice at its
// table, out of turn, that everyone reads the roll with its faces in the
// log, and that the roll spends none of the seat's action forms.
func TestPages_FreeRollAtEveryTable(t *testing.T) {
	h := mustServer(t)
	c, ann, bo := h.duelPages()
	spectator := "/t/" + c.ID
	page := h.do("GET", ann, "", nil).body
	if !strings.Contains(page, `<input type="hidden" name="kind" value="free-roll">`) {
		t.Fatalf("Ann's page has no free roll:\n%s", page)
	}
	if strings.Contains(h.do("GET", spectator, "", nil).body, `value="free-roll"`) {
		t.Errorf("the spectator's page offers a free roll")
	}
	formAt := regexp.MustCompile(`name="seq" value="(\d+)"`).FindStringSubmatch(page)[1]
	roll := func(page, expr string) response {
		return h.do("POST", page+"/act", "", url.Values{"kind": {"free-roll"}, "action.expr": {expr}}.Encode(), "Content-Type", "application/x-www-form-urlencoded")
	}
	if r := roll(ann, "3d6+1"); r.status != http.StatusSeeOther {
		t.Fatalf("Ann's free roll: %d %s", r.status, r.body)
	}
	for _, reader := range []string{ann, bo, spectator} {
		if body := html.UnescapeString(h.do("GET", reader, "", nil).body); !strings.Contains(body, "Ann rolls 3d6+1: 3d6{") {
			t.Errorf("%s's page does not show Ann's free roll:\n%s", reader, body)
		}
	}
	if r := roll(ann, "3d6+)"); r.status != http.StatusBadRequest || !strings.Contains(r.body, "col 5: unexpected") {
		t.Errorf("a bad free roll: %d, want 400 with the parser's words", r.status)
	}
	// The free roll spent no form: Ann's stance, drawn before it, goes in.
	r := h.do("POST", ann+"/act", "", url.Values{"seq": {formAt}, "kind": {"stance"}, "action": {`{"stance":"attack"}`}}.Encode(), "Content-Type", "application/x-www-form-urlencoded")
	if r.status != http.StatusSeeOther {
		t.Fatalf("Ann's stance after her free roll: %d %s", r.status, r.body)
	}
	// Out of turn (Ann has sealed, Bo has not), and through the API.
	r = h.do("POST", "/api/tables/"+c.ID+"/actions", c.Seats[0].Token, map[string]any{"kind": "free-roll", "action": map[string]string{"expr": "d20"}})
	if r.status != http.StatusOK || !strings.Contains(r.body, "Ann rolls d20: ") {
		t.Fatalf("Ann's free roll through the API, out of turn: %d %s", r.status, r.body)
	}
}
