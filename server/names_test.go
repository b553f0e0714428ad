package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestSeats_TwoSeatsNeverShareAName: every line of a table's log names a
// seat, so two seats called Ann would make it unreadable. Joining an open
// seat under a name already at the table is refused, as is creating a table
// with two seats of one name (whatever their case and spaces); the seat
// stays open for a name of its own.
func TestSeats_TwoSeatsNeverShareAName(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreateOpen()
	for _, name := range []string{"Ann", " ann "} {
		r := h.do("POST", "/api/tables/"+c.ID+"/seats/1/join", "", map[string]string{"name": name})
		var e apiErr
		decode(t, r, &e)
		if r.status != http.StatusConflict || e.Error.Code != "name_taken" || !strings.Contains(e.Error.Message, "Ann already sits at this table") {
			t.Errorf("joining as %q beside Ann = %d %s, want 409 name_taken", name, r.status, r.body)
		}
	}
	if r := h.do("POST", "/api/tables/"+c.ID+"/seats/1/join", "", map[string]string{"name": "Bo"}); r.status != http.StatusOK {
		t.Errorf("joining as Bo after the refusals = %d %s, want the seat", r.status, r.body)
	}
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "seats": []map[string]any{{"name": "Ann"}, {"name": "ANN "}}})
	var e apiErr
	decode(t, r, &e)
	if r.status != http.StatusBadRequest || e.Error.Code != "bad_seats" || !strings.Contains(e.Error.Message, "seats 1 and 2 are called Ann and ANN, one name but for case") {
		t.Errorf("a table of Ann and ANN = %d %s, want 400 bad_seats", r.status, r.body)
	}
}
