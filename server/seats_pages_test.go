package server_test

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games"
	"tabletop/games/mgt"
	"tabletop/internal/duel"
	"tabletop/server"
	"tabletop/store"
)

// postForm posts a form to path.
func (h *harness) postForm(path string, v url.Values) response {
	h.t.Helper()
	return h.do("POST", path, "", v.Encode(), "Content-Type", form)
}

// finishedDuel plays a one-round duel between Ann and Bo to its end.
func (h *harness) finishedDuel() (c created, ann, bo string) {
	h.t.Helper()
	c = h.mustCreate("1")
	h.mustAct(c.ID, c.Seats[0].Token, duel.Attack)
	h.mustAct(c.ID, c.Seats[1].Token, duel.Guard)
	return c, "/t/" + c.ID + "/s/" + c.Seats[0].Token, "/t/" + c.ID + "/s/" + c.Seats[1].Token
}

func TestPages_ResignAsksForConfirmationAndTheSeatsShowIt(t *testing.T) {
	h := mustServer(t)
	c, ann, _ := h.duelPages()
	page := h.do("GET", ann, "", nil).body
	if !strings.Contains(page, `<details class="resign"><summary>Resign…</summary>`) || !strings.Contains(page, "Yes, resign") {
		t.Fatalf("Ann's page has no resign button behind a confirmation:\n%s", page)
	}
	if spect := h.do("GET", "/t/"+c.ID, "", nil).body; strings.Contains(spect, "Yes, resign") {
		t.Fatal("a spectator is offered to resign")
	}
	if r := h.postForm(ann+"/act", url.Values{"kind": {"resign"}}); r.status != http.StatusSeeOther {
		t.Fatalf("resign form: %d %s", r.status, r.body)
	}
	page = h.do("GET", "/t/"+c.ID, "", nil).body
	if !strings.Contains(page, "Ann <small>(resigned)</small>") || !strings.Contains(page, "Ann resigns") {
		t.Fatalf("the spectator's page does not show Ann resigned:\n%s", page)
	}
	if page = h.do("GET", ann, "", nil).body; !strings.Contains(page, "You resigned") || strings.Contains(page, "Yes, resign") {
		t.Fatalf("Ann's page after resigning:\n%s", page)
	}
}

func TestPages_TakeOverButtonWhileABotPlaysTheSeat(t *testing.T) {
	h := mustServer(t)
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{"rounds": "9", "turn-clock": "1"},
		"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}}})
	var c created
	decode(t, r, &c)
	h.mustAct(c.ID, c.Seats[0].Token, duel.Attack)
	h.waitFor(c.ID, c.Seats[0].Token, "Bo's stand-in", func(st tableState) bool { return st.MyTurn })
	bo := "/t/" + c.ID + "/s/" + c.Seats[1].Token
	page := h.do("GET", bo, "", nil).body
	if !strings.Contains(page, `class="take-over"`) || !strings.Contains(page, "Turn clock: 1 s") {
		t.Fatalf("Bo's page offers no take-over while a bot plays for him:\n%s", page)
	}
	if r := h.postForm(bo+"/act", url.Values{"kind": {"take-over"}}); r.status != http.StatusSeeOther {
		t.Fatalf("take-over form: %d %s", r.status, r.body)
	}
	if page = h.do("GET", bo, "", nil).body; strings.Contains(page, `class="take-over"`) {
		t.Fatal("Bo's page still offers a take-over after he took his seat back")
	}
}

func TestPages_GameOverShowsStandingsSeedRematchAndReplay(t *testing.T) {
	h := mustServer(t)
	c, ann, _ := h.finishedDuel()
	page := h.do("GET", ann, "", nil).body
	for _, want := range []string{"Final standings", `class="seed"`, `action="` + ann + `/rematch"`, "/t/" + c.ID + "/replay?step=0"} {
		if !strings.Contains(page, want) {
			t.Fatalf("the finished table's page lacks %q:\n%s", want, page)
		}
	}
}

func TestRematch_SameSeatsNewSeedAndEachLinkLeadsToItsNewSeat(t *testing.T) {
	h, st := mustServerWrapping(t, func(s store.Store) *countingLoads { return &countingLoads{Store: s} })
	open := h.mustCreate("3")
	if r := h.do("POST", "/t/"+open.ID+"/s/"+open.Seats[0].Token+"/rematch", "", nil); r.status != http.StatusConflict {
		t.Fatalf("rematch before the end: %d, want 409", r.status)
	}
	c, ann, bo := h.finishedDuel()
	r := h.do("POST", ann+"/rematch", "", nil)
	loc := r.header.Get("Location")
	m := regexp.MustCompile(`^/t/([A-Za-z0-9_-]{22})/s/` + regexp.QuoteMeta(c.Seats[0].Token) + `$`).FindStringSubmatch(loc)
	if r.status != http.StatusSeeOther || m == nil || m[1] == c.ID {
		t.Fatalf("Ann's rematch: %d to %q, want a new table at Ann's seat", r.status, loc)
	}
	id := m[1]
	r = h.do("POST", bo+"/rematch", "", nil)
	if want := "/t/" + id + "/s/" + c.Seats[1].Token; r.header.Get("Location") != want {
		t.Fatalf("Bo's rematch goes to %q, want the same new table at his seat %q", r.header.Get("Location"), want)
	}
	bos := h.mustState(id, c.Seats[1].Token)
	if bos.Seat != 1 || bos.Over || bos.Seq != 0 || bos.Commitment == c.Commitment {
		t.Fatalf("the rematch as Bo sees it: seat %d, over %v, seq %d, same commitment %v", bos.Seat, bos.Over, bos.Seq, bos.Commitment == c.Commitment)
	}
	// The rematch went into memory as it was made, as a new table does.
	if n := st.loads.Load(); n != 0 {
		t.Errorf("the server read tables back from the store %d times, want 0", n)
	}
	if r := h.do("GET", "/t/"+c.ID+"/rematch", "", nil); r.header.Get("Location") != "/t/"+id {
		t.Fatalf("spectators' rematch link: %d to %q, want /t/%s", r.status, r.header.Get("Location"), id)
	}
	r = h.do("POST", "/api/tables/"+c.ID+"/rematch", c.Seats[0].Token, nil)
	if r.status != http.StatusOK || !strings.Contains(r.body, id) {
		t.Fatalf("API rematch: %d %s, want the same table %s", r.status, r.body, id)
	}
}

func TestReplay_StepByStepOnlyOnceTheGameIsOver(t *testing.T) {
	h := mustServer(t)
	open := h.mustCreate("3")
	if r := h.do("GET", "/t/"+open.ID+"/replay?step=1", "", nil); r.status != http.StatusConflict {
		t.Fatalf("replay of a game in progress: %d, want 409", r.status)
	}
	c, _, _ := h.finishedDuel()
	r := h.do("GET", "/t/"+c.ID+"/replay?step=0", "", nil)
	if r.status != http.StatusOK || !strings.Contains(r.body, `step <strong class="step">0</strong> of 2`) || !strings.Contains(r.body, "replay?step=1") {
		t.Fatalf("replay step 0: %d\n%s", r.status, r.body)
	}
	r = h.do("GET", "/t/"+c.ID+"/replay?step=1", "", nil)
	// After step 1 Ann's sealed stance is shown: the game is over.
	if !strings.Contains(r.body, "Ann: attack") || !strings.Contains(r.body, "replay?step=0") || !strings.Contains(r.body, "replay?step=2") {
		t.Fatalf("replay step 1:\n%s", r.body)
	}
	r = h.do("GET", "/t/"+c.ID+"/replay?step=99", "", nil)
	if !strings.Contains(r.body, `step <strong class="step">2</strong> of 2`) || !strings.Contains(r.body, "Game over") {
		t.Fatalf("replay past the end should show the end:\n%s", r.body)
	}
	if r := h.do("GET", "/t/"+c.ID+"/replay?step=-1", "", nil); r.status != http.StatusBadRequest {
		t.Fatalf("step -1: %d, want 400", r.status)
	}
}

func TestPages_GameOverRevealsWhatTheGameHid(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = engine.NewRegistry(mgt.Game) })
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "mgt", "options": map[string]string{"rounds": "3"},
		"seats": []map[string]string{{"name": "Ann", "bot": "random"}, {"name": "Bo", "bot": "random"}}})
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	decode(t, r, &c)
	h.waitFor(c.ID, "", "the end", func(st tableState) bool { return st.Over })
	page := h.do("GET", "/t/"+c.ID, "", nil).body
	if !strings.Contains(page, "Everything that was hidden") || !strings.Contains(page, "Ann held ") || !strings.Contains(page, "The stock held ") {
		t.Fatalf("the finished table does not reveal the hands and the stock:\n%s", page)
	}
}

// TestPages_GameOverRevealsWhatTheGMHid: when a musi supa pona session
// ends, a player's page shows the other character's secret sheet, which it
// never showed before, and still not the GM's note (the GM's notebook stays
// the GM's).
func TestPages_GameOverRevealsWhatTheGMHid(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	c := h.mustCreateMSP()
	say := func(seat int, text string) { h.mustSay(c, seat, text) }
	say(1, "create Ann / elf / ranger / chaotic good / hunter")
	say(2, "create Bo / dwarf / smith / lawful good / smith")
	say(0, "note: the innkeeper is the thief")
	ann := "/t/" + c.ID + "/s/" + c.Seats[1].Token
	if page := h.do("GET", ann, "", nil).body; strings.Contains(page, "innkeeper") || strings.Contains(page, "Bo&#39;s sheet") {
		t.Fatalf("Ann's page shows the GM's note or Bo's sheet before the end")
	}
	say(0, "end")
	page := html.UnescapeString(h.do("GET", ann, "", nil).body)
	for _, want := range []string{"Everything that was hidden", "Bo's sheet: Strength "} {
		if !strings.Contains(page, want) {
			t.Errorf("Ann's page at the end lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "innkeeper") {
		t.Errorf("Ann's page at the end shows the GM's note:\n%s", page)
	}
}

func TestPages_NewTableFormOffersTheTurnClockForEveryGame(t *testing.T) {
	h := mustServer(t)
	if page := h.do("GET", "/new/duel", "", nil).body; !strings.Contains(page, `name="opt.turn-clock"`) || !strings.Contains(page, `name="opt.bot-pace"`) {
		t.Fatalf("the new-table form does not offer the table options:\n%s", page)
	}
	r := h.postForm("/new/duel", url.Values{"seat0.who": {"person"}, "seat0.name": {"Ann"}, "seat1.who": {"person"}, "seat1.name": {"Bo"},
		"opt.turn-clock": {"45"}, "opt.bot-pace": {""}})
	if r.status >= 400 {
		t.Fatalf("create with a clock: %d %s", r.status, r.body)
	}
	id := regexp.MustCompile(`/t/([A-Za-z0-9_-]{22})`).FindStringSubmatch(r.header.Get("Location") + r.body)
	if id == nil {
		t.Fatalf("no table in the answer: %d %s", r.status, r.body)
	}
	var st struct{ Options map[string]string }
	decode(t, h.do("GET", "/api/tables/"+id[1], "", nil), &st)
	if st.Options["turn-clock"] != "45" {
		t.Fatalf("options %v, want turn-clock 45", st.Options)
	}
}

func TestCreate_AListedTableGetsATurnClockAPrivateOneNone(t *testing.T) {
	h := mustServer(t)
	for _, tc := range []struct {
		name   string
		listed bool
		clock  string
		want   string
	}{
		{"listed", true, "", "120"},
		{"listed with its own clock", true, "30", "30"},
		{"listed without a clock", true, "0", ""},
		{"private", false, "", ""},
	} {
		opts := map[string]string{}
		if tc.clock != "" {
			opts["turn-clock"] = tc.clock
		}
		r := h.do("POST", "/api/tables", "", map[string]any{"game": "duel", "options": opts, "listed": tc.listed,
			"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}}})
		var c created
		decode(t, r, &c)
		var st struct {
			TurnClock int `json:"turn_clock"`
		}
		decode(t, h.do("GET", "/api/tables/"+c.ID, "", nil), &st)
		if got := st.TurnClock; (tc.want == "" && got != 0) || (tc.want != "" && tc.want != strconv.Itoa(got)) {
			t.Errorf("%s: turn clock %d, want %q", tc.name, got, tc.want)
		}
	}
}

func TestPages_ButtonsNameSeatsByName(t *testing.T) {
	seats := []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}, {Name: "Cy"}}
	st, err := mgt.New(mgt.Options{}, seats, dice.NewStream(dice.Seed{1}))
	if err != nil {
		t.Fatal(err)
	}
	got := server.ButtonTexts(mgt.Game, st.View(0), mgt.Attack{Target: 2}, mgt.Attack{Target: mgt.NoTarget})
	if len(got) != 2 || got[0] != "attack Cy" || got[1] != "no attack" {
		t.Fatalf("buttons %q, want \"attack Cy\", \"no attack\"", got)
	}
}
