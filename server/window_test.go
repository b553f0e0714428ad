package server_test

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games/mgt"
	"tabletop/server"
)

// mustCreateMGT creates a Monster Girl Taxonomy table whose claim windows
// stay open hold milliseconds; bots names each seat's bot ("" for a person).
func (h *harness) mustCreateMGT(hold string, bots ...string) created {
	h.t.Helper()
	var seats []map[string]string
	for i, b := range bots {
		seats = append(seats, map[string]string{"name": []string{"Ann", "Bo", "Cy", "Di"}[i], "bot": b})
	}
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "mgt", "options": map[string]string{"rounds": "3", "claim_window": hold}, "seats": seats})
	if r.status != http.StatusCreated {
		h.t.Fatalf("create table: %d %s", r.status, r.body)
	}
	var c created
	decode(h.t, r, &c)
	return c
}

// post sends an action for the seat of token.
func (h *harness) post(id, token string, a legal) response {
	h.t.Helper()
	return h.do("POST", "/api/tables/"+id+"/actions", token, map[string]any{"kind": a.Kind, "action": a.Action})
}

// playToWindow plays the people of an MGT table (every seat a person) until
// a claim window opens: the player whose turn it is discards a card with no
// nature if it has one (else its first), declines to attack and throws rock.
// It returns the spectator's state right after the window opened, and the
// time just before the action that opened it.
func (h *harness) playToWindow(c created) (tableState, time.Time) {
	h.t.Helper()
	var sent time.Time
	for range 50 {
		spec := h.mustState(c.ID, "")
		v := mustMGTView(h.t, spec)
		if spec.Over {
			h.t.Fatalf("the game ended before a claim window opened")
		}
		if v.Phase == "claim" {
			return spec, sent
		}
		acted := false
		for _, s := range c.Seats {
			st := h.mustState(c.ID, s.Token)
			if !st.MyTurn {
				continue
			}
			pick := st.Legal[0]
			for _, a := range st.Legal {
				if a.Text == "no attack" || a.Text == "rock" {
					pick = a
				}
			}
			if pick.Kind == "discard" || pick.Kind == "draw" {
				for _, hc := range mustMGTView(h.t, st).Hand {
					for _, a := range st.Legal {
						if a.Text == "discard "+hc.Card && (hc.Nature == "none" || pick.Kind == "draw") {
							pick = a
						}
					}
				}
			}
			sent = time.Now()
			if r := h.post(c.ID, s.Token, pick); r.status != http.StatusOK {
				h.t.Fatalf("%s plays %s: %d %s", s.Name, pick.Text, r.status, r.body)
			}
			acted = true
			break
		}
		if !acted {
			time.Sleep(10 * time.Millisecond)
		}
	}
	h.t.Fatalf("no claim window opened in 50 actions")
	return tableState{}, time.Time{}
}

// TestWindow_AnswersAreHeldThenAppliedTogetherInSeatOrder: at a table of
// people, a claim window takes every answer without applying it (the
// sender alone hears "answer recorded"; the log does not move), refuses a
// bad answer at once to its sender, and when its hold has passed since it
// opened applies all three answers, the missing ones as passes, in seat
// order, as one step: every reader's stream goes from the discard straight
// to the window's end, with no sequence number in between.
func TestWindow_AnswersAreHeldThenAppliedTogetherInSeatOrder(t *testing.T) {
	h := mustServer(t, func(c *server.Config) {
		c.Games = engine.NewRegistry(mgt.Game)
		// A game in which a person can claim in its sixth window.
		c.NewSeed = func() dice.Seed { return dice.Derive(dice.Seed{}, "window", 1) }
	})
	const hold = 600 * time.Millisecond
	c := h.mustCreateMGT(strconv.Itoa(int(hold/time.Millisecond)), "", "", "", "")
	checked := 0
	for windows := 0; windows < 3 || checked == 0 && windows < 30; windows++ {
		spec, opened := h.playToWindow(c)
		seq := spec.Seq
		turn := mustMGTView(t, spec).Turn
		// A reader's stream from now on: its first state after the window
		// must be the window's end.
		type got struct {
			evs []sseEvent
		}
		streamed := make(chan got, 1)
		go func() {
			evs, _ := h.readSSE(fmt.Sprintf("/api/tables/%s/events?after=%d", c.ID, seq), c.Seats[(turn+1)%4].Token, func(evs []sseEvent) bool {
				last := evs[len(evs)-1]
				return last.name == "state" && last.id != strconv.Itoa(seq)
			})
			streamed <- got{evs}
		}()
		for i, s := range c.Seats {
			if i == turn {
				continue
			}
			st := h.mustState(c.ID, s.Token)
			if st.Seq != seq {
				t.Fatalf("window %d: %s's state is at %d right after the discard at %d: an answer was applied before the window closed", windows, s.Name, st.Seq, seq)
			}
			// The claimer chooses the cards it exposes: its page offers
			// every choice as a button of its own.
			page := h.do("GET", "/t/"+c.ID+"/s/"+s.Token, "", nil)
			pass := legal{Kind: "pass", Action: json.RawMessage(`{}`)}
			r := h.post(c.ID, s.Token, pass)
			if !st.MyTurn {
				// The server answers a choice of one (engine.Only): the
				// person's own pass is recorded if it came first, else
				// refused as a second answer.
				if (r.status != http.StatusOK || !strings.Contains(r.body, "Answer recorded: pass")) &&
					(r.status != http.StatusConflict || !strings.Contains(r.body, "recorded already")) {
					t.Fatalf("window %d: %s answers twice: %d %s", windows, s.Name, r.status, r.body)
				}
				continue
			}
			var claim legal
			for _, a := range st.Legal {
				if a.Kind == "claim" {
					claim = a
					if !strings.Contains(page.body, html.EscapeString(a.Text)) {
						t.Fatalf("window %d: %s's page does not offer %q", windows, s.Name, a.Text)
					}
				}
			}
			if claim.Kind == "" {
				t.Fatalf("window %d: %s has a choice but no claim: %v", windows, s.Name, st.Legal)
			}
			if r.status != http.StatusOK || !strings.Contains(r.body, "Answer recorded: pass") || !strings.Contains(r.body, fmt.Sprintf(`"seq":%d`, seq)) {
				t.Fatalf("window %d: %s passes: %d %s; want it recorded, the log still at %d", windows, s.Name, r.status, r.body, seq)
			}
			if again := h.mustState(c.ID, s.Token); again.MyTurn || again.Seq != seq {
				t.Fatalf("window %d: after answering, %s's state: my_turn %v seq %d", windows, s.Name, again.MyTurn, again.Seq)
			}
			if r := h.post(c.ID, s.Token, claim); r.status != http.StatusConflict {
				t.Fatalf("window %d: %s changes its answer: %d %s", windows, s.Name, r.status, r.body)
			}
			checked++
		}
		// A bad answer: the discarder may not answer its own discard.
		if r := h.post(c.ID, c.Seats[turn].Token, legal{Kind: "pass", Action: json.RawMessage(`{}`)}); r.status != http.StatusConflict || !strings.Contains(r.body, "waiting for the others") {
			t.Fatalf("window %d: the discarder answers: %d %s", windows, r.status, r.body)
		}
		st := h.waitFor(c.ID, "", "the window to close", func(st tableState) bool { return st.Seq != seq })
		if took := time.Since(opened); took < hold {
			t.Fatalf("window %d closed after %v, before its hold of %v", windows, took, hold)
		}
		if st.Seq != seq+3 {
			t.Fatalf("window %d: the log went from %d to %d; want the three answers at once", windows, seq, st.Seq)
		}
		g := <-streamed
		for _, e := range g.evs {
			if id, _ := strconv.Atoi(e.id); id > seq && id < seq+3 {
				t.Fatalf("window %d: the stream sent %s %s, from inside the window (%d..%d)", windows, e.name, e.id, seq, seq+3)
			}
		}
	}
	if checked == 0 {
		t.Fatalf("no person had a choice in any window: the recorded answer was never checked")
	}
}

// TestWindow_TablesOfBotsOnlyApplyAtOnce: with no person at the table
// nobody reads timing, so a table of bots plays its claim windows without
// holding them (a game has hundreds of windows: held for the default two
// seconds each, it would take many minutes).
func TestWindow_TablesOfBotsOnlyApplyAtOnce(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = engine.NewRegistry(mgt.Game) })
	c := h.mustCreateMGT("2000", "greedy", "random", "greedy")
	start := time.Now()
	deadline := start.Add(20 * time.Second)
	for !h.mustState(c.ID, "").Over {
		if time.Now().After(deadline) {
			t.Fatalf("a table of bots did not finish in 20 s (at seq %d)", h.mustState(c.ID, "").Seq)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("a three-round game of bots in %v", time.Since(start).Round(time.Millisecond))
}

// TestWindow_FreeRollWaitsForAnOpenWindow: a free roll while a claim window
// is being collected would move the log under the window and drop the
// answers recorded so far; it is refused until the window closes, and the
// recorded answer still counts.
func TestWindow_FreeRollWaitsForAnOpenWindow(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = engine.NewRegistry(mgt.Game) })
	c := h.mustCreateMGT("800", "", "", "", "")
	spec, _ := h.playToWindow(c)
	seq, turn := spec.Seq, mustMGTView(t, spec).Turn
	answerer := c.Seats[(turn+1)%4]
	if r := h.post(c.ID, answerer.Token, legal{Kind: "pass", Action: json.RawMessage(`{}`)}); r.status != http.StatusOK && r.status != http.StatusConflict {
		t.Fatalf("%s passes: %d %s", answerer.Name, r.status, r.body)
	}
	roll := legal{Kind: engine.KindFreeRoll, Action: json.RawMessage(`{"expr":"d20"}`)}
	if r := h.post(c.ID, c.Seats[turn].Token, roll); r.status != http.StatusConflict || !strings.Contains(r.body, "window closes") {
		t.Fatalf("a free roll inside the window: %d %s; want it refused until the window closes", r.status, r.body)
	}
	st := h.waitFor(c.ID, "", "the window to close", func(st tableState) bool { return st.Seq != seq })
	if st.Seq != seq+3 {
		t.Fatalf("the log went from %d to %d; want the window's three answers", seq, st.Seq)
	}
	if r := h.post(c.ID, c.Seats[turn].Token, roll); r.status != http.StatusOK {
		t.Fatalf("a free roll after the window: %d %s", r.status, r.body)
	}
}

// TestWindow_EveryReaderIsToldHowLongTheWindowStaysOpen checks that while
// a claim window is open every reader's state (each seat's and the
// spectator's, in the API and on the page) says how many milliseconds are
// left, within the table's hold, and that nothing says so once it closed.
func TestWindow_EveryReaderIsToldHowLongTheWindowStaysOpen(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = engine.NewRegistry(mgt.Game) })
	const hold = 1500
	c := h.mustCreateMGT(strconv.Itoa(hold), "", "", "", "")
	spec, _ := h.playToWindow(c)
	type left struct {
		Seq      int `json:"seq"`
		WindowMS int `json:"window_ms"`
	}
	read := func(token string) left {
		var l left
		decode(t, h.do("GET", "/api/tables/"+c.ID, token, nil), &l)
		return l
	}
	tokens := []string{""}
	for _, s := range c.Seats {
		tokens = append(tokens, s.Token)
	}
	for _, token := range tokens {
		if l := read(token); l.Seq == spec.Seq && (l.WindowMS <= 0 || l.WindowMS > hold) {
			t.Errorf("a reader's state at seq %d says the window has %d ms left, want 1 to %d", spec.Seq, l.WindowMS, hold)
		}
	}
	page := h.do("GET", "/t/"+c.ID+"/s/"+c.Seats[1].Token, "", nil)
	if read("").Seq == spec.Seq && !strings.Contains(page.body, `<p class="window-clock" data-ms="`) {
		t.Errorf("the table page does not count the open window down")
	}
	closed := h.waitFor(c.ID, "", "the window to close", func(st tableState) bool { return st.Seq > spec.Seq })
	if l := read(""); l.Seq == closed.Seq && l.WindowMS != 0 && mustMGTView(t, closed).Phase != "claim" {
		t.Errorf("after the window closed the state still says %d ms are left", l.WindowMS)
	}
}
