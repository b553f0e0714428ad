package server_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/server"
)

// seatsOf reads the seats part of a table's state.
type seatsOf struct {
	StandIn bool `json:"stand_in"`
	Seats   []struct {
		Name     string `json:"name"`
		StandIn  bool   `json:"stand_in"`
		Resigned bool   `json:"resigned"`
	} `json:"seats"`
}

func (h *harness) seats(id, token string) seatsOf {
	h.t.Helper()
	var s seatsOf
	decode(h.t, h.do("GET", "/api/tables/"+id, token, nil), &s)
	return s
}

// mustSeatAction posts a table-level seat action (resign, take-over).
func (h *harness) mustSeatAction(id, token, kind string) {
	h.t.Helper()
	r := h.do("POST", "/api/tables/"+id+"/actions", token, map[string]any{"kind": kind, "action": map[string]any{}})
	if r.status != http.StatusOK {
		h.t.Fatalf("%s: %d %s", kind, r.status, r.body)
	}
}

// logTexts is every event text of a table's log as token's seat sees it.
func logTexts(st tableState) []string {
	var out []string
	for _, ln := range st.Log {
		for _, e := range ln.Events {
			out = append(out, e.Text)
		}
	}
	return out
}

func containsText(texts []string, sub string) bool {
	return slices.ContainsFunc(texts, func(t string) bool { return strings.Contains(t, sub) })
}

func TestAPI_ResignedSeatIsPlayedByABotToTheEndAndMarkedInTheOutcome(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreate("3")
	ann, bo := c.Seats[0].Token, c.Seats[1].Token
	h.mustSeatAction(c.ID, bo, "resign")
	if s := h.seats(c.ID, bo); !s.StandIn || !s.Seats[1].Resigned || !s.Seats[1].StandIn {
		t.Fatalf("Bo after resigning: %+v, want his seat resigned and played by a bot", s)
	}
	r := h.do("POST", "/api/tables/"+c.ID+"/actions", bo, map[string]any{"kind": "stance", "action": map[string]string{"stance": duel.Guard}})
	if r.status == http.StatusOK || !strings.Contains(r.body, "resigned") {
		t.Fatalf("a resigned player's move: %d %s, want a refusal that says he resigned", r.status, r.body)
	}
	r = h.do("POST", "/api/tables/"+c.ID+"/actions", bo, map[string]any{"kind": "take-over", "action": map[string]any{}})
	if r.status == http.StatusOK {
		t.Fatalf("taking back a resigned seat: %d %s, want a refusal", r.status, r.body)
	}
	for range 3 {
		h.waitFor(c.ID, ann, "Ann's turn", func(st tableState) bool { return st.MyTurn || st.Over })
		h.mustAct(c.ID, ann, duel.Attack)
	}
	st := h.waitFor(c.ID, "", "the end", func(st tableState) bool { return st.Over })
	if !slices.Contains(st.Outcome.Resigned, 1) || !strings.Contains(st.Outcome.Text, "Bo resigned") {
		t.Fatalf("outcome %+v, want Bo marked resigned", st.Outcome)
	}
	if !containsText(logTexts(st), "Bo resigns") {
		t.Fatalf("the log does not say Bo resigned: %v", logTexts(st))
	}
}

func TestAPI_NoClientHandsASeatOver(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreate("3")
	r := h.do("POST", "/api/tables/"+c.ID+"/actions", c.Seats[0].Token, map[string]any{"kind": "hand-over", "action": map[string]any{}})
	if r.status != http.StatusBadRequest || !strings.Contains(r.body, "turn clock") {
		t.Fatalf("hand-over from a client: %d %s, want 400 saying only the clock hands over", r.status, r.body)
	}
	if st := h.mustState(c.ID, ""); st.Seq != 0 {
		t.Fatalf("the log grew to %d", st.Seq)
	}
}

func TestTurnClock_RunsOutABotPlaysTheSeatUntilThePlayerTakesItBack(t *testing.T) {
	h := mustServer(t)
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "duel",
		"options": map[string]string{"rounds": "5", "turn-clock": "1"},
		"seats":   []map[string]string{{"name": "Ann"}, {"name": "Bo"}}})
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	decode(t, r, &c)
	ann, bo := c.Seats[0].Token, c.Seats[1].Token
	h.mustAct(c.ID, ann, duel.Attack)
	// Bo does nothing: after a second his clock runs out and a bot plays
	// his stance, which ends the round.
	st := h.waitFor(c.ID, ann, "the bot to play Bo's stance", func(st tableState) bool { return st.MyTurn })
	if !containsText(logTexts(st), "Bo's turn clock ran out") {
		t.Fatalf("no hand-over in the log: %v", logTexts(st))
	}
	if s := h.seats(c.ID, bo); !s.StandIn || !s.Seats[1].StandIn || s.Seats[1].Resigned {
		t.Fatalf("Bo's seat after the clock ran out: %+v, want a bot standing in", s)
	}
	if st := h.mustState(c.ID, bo); st.MyTurn || len(st.Legal) != 0 {
		t.Fatalf("Bo is offered moves while a bot plays for him: %+v", st.Legal)
	}
	h.mustSeatAction(c.ID, bo, "take-over")
	h.mustAct(c.ID, ann, duel.Guard)
	st = h.waitFor(c.ID, bo, "Bo's own turn", func(st tableState) bool { return st.MyTurn })
	h.mustAct(c.ID, bo, duel.Attack)
	texts := logTexts(h.mustState(c.ID, ""))
	if !containsText(texts, "Bo takes the seat back") {
		t.Fatalf("no take-over in the log: %v", texts)
	}
	if s := h.seats(c.ID, bo); s.StandIn {
		t.Fatal("a bot still stands in for Bo after he took his seat back")
	}
}

// storyDuel is the duel as if only people could play it: no bot may stand
// in for a seat.
type storyDuel struct{ engine.Game }

func (storyDuel) PeopleOnly() {}

func TestNoStandIns_AGameOnlyPeoplePlayTakesNoClockAndNoResignation(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = engine.NewRegistry(storyDuel{duel.Game}) })
	seats := []map[string]string{{"name": "Ann"}, {"name": "Bo"}}
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{"turn-clock": "30"}, "seats": seats})
	if r.status != http.StatusBadRequest || !strings.Contains(r.body, "no turn clock") {
		t.Fatalf("a clock for a game only people play: %d %s, want 400", r.status, r.body)
	}
	r = h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "listed": true, "seats": seats})
	var c created
	decode(t, r, &c)
	var st struct {
		TurnClock int `json:"turn_clock"`
	}
	decode(t, h.do("GET", "/api/tables/"+c.ID, "", nil), &st)
	if st.TurnClock != 0 {
		t.Fatalf("a listed table of a game only people play got a %d s clock", st.TurnClock)
	}
	r = h.do("POST", "/api/tables/"+c.ID+"/actions", c.Seats[0].Token, map[string]any{"kind": "resign", "action": map[string]any{}})
	if r.status == http.StatusOK || !strings.Contains(r.body, "no bot") {
		t.Fatalf("resigning where no bot can play on: %d %s, want a refusal", r.status, r.body)
	}
}

// The game starts once every open seat is taken (join.go): until then no
// clock runs, for the open seat or the others.
func TestTurnClock_DoesNotRunWhileASeatIsOpen(t *testing.T) {
	h := mustServer(t)
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{"rounds": "3", "turn-clock": "1"},
		"seats": []map[string]any{{"name": "Ann"}, {"name": "", "open": true}}, "listed": true})
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	decode(t, r, &c)
	time.Sleep(1500 * time.Millisecond) // past the clock
	if st := h.mustState(c.ID, ""); st.Seq != 0 || containsText(logTexts(st), "turn clock") {
		t.Fatalf("a clock ran out before every seat was taken: %v", logTexts(st))
	}
}
