package server_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"tabletop/games"
	"tabletop/server"
)

// TestPages_TMDActionLineTakesTypedActions: a Mystery Dungeons table page
// has an action line for the GM and for each player, with an example and
// the forms to type for that seat; what it posts plays as the action its
// text reads (a foe the GM chose, a sheet a player wrote), a text that
// reads as none is refused with what to write, and the GM's typed note
// stays off the players' pages.
func TestPages_TMDActionLineTakesTypedActions(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	c := h.mustCreateTMD(map[string]any{"name": "Gail", "gm": true}, map[string]any{"name": "Ann"}, map[string]any{"name": "Bo"})
	gmPage, annPage := "/t/"+c.ID+"/s/"+c.Seats[0].Token, "/t/"+c.ID+"/s/"+c.Seats[1].Token
	// The example is the GM's, or a player's before the sheet (the server
	// brings none: the player chooses).
	for _, p := range []struct {
		name, page, example string
		form, not           string
	}{
		{"the GM", gmPage, `placeholder="add foe Geodude level 6 as Rocky`, "Rocky: use Tackle on Ann", "use item Reviver Seed"},
		{"Ann", annPage, `placeholder="sheet {…the JSON of tabletop tmd sheet new…}"`, "use item Reviver Seed from Bo's bag on Bo", "note: your own note"},
	} {
		body := h.do("GET", p.page, "", nil).body
		for _, want := range []string{`name="action.text"`, `value="typed"`, p.form, `under "What to type"`} {
			if !strings.Contains(body, want) {
				t.Errorf("%s's page lacks %q", p.name, want)
			}
		}
		if !strings.Contains(body, p.example) {
			t.Errorf("%s's action line lacks the example %q", p.name, p.example)
		}
		// (The rules summary on the page lists every form.)
		_, line, _ := strings.Cut(body, "tmd-line-card")
		line, _, _ = strings.Cut(line, "</section>")
		if strings.Contains(line, p.not) {
			t.Errorf("%s's action line shows the other side's forms (%q)", p.name, p.not)
		}
	}
	typed := func(page, text string) response {
		t.Helper()
		return h.postForm(page+"/act", url.Values{"kind": {"typed"}, "action": {"{}"}, "action.text": {text}})
	}
	if r := typed(gmPage, "add foe Geodude level 6 as Rocky with Tackle (stats hidden)"); r.status >= 400 {
		t.Fatalf("the GM's typed foe: %d %s", r.status, r.body)
	}
	if r := typed(gmPage, "note: the stairs are trapped"); r.status >= 400 {
		t.Fatalf("the GM's typed note: %d %s", r.status, r.body)
	}
	sheet := `sheet {"name": "Pip", "species": "Charmander", "level": 5, "ability": "Blaze", "bonus": "spe", "points": {"spe": 1}, "moves": ["Ember"], "typeless": "Basic Attack", "rank": "Rookie"}`
	if r := typed(annPage, sheet); r.status >= 400 {
		t.Fatalf("Ann's typed sheet: %d %s", r.status, r.body)
	}
	if r := typed(annPage, "fly"); r.status < 400 || !strings.Contains(r.body, "write one as the choices show it") {
		t.Errorf("Ann's %q = %d %s, want refused with what to write", "fly", r.status, r.body)
	}
	if v := string(h.mustState(c.ID, c.Seats[0].Token).View); !strings.Contains(v, "Rocky") || !strings.Contains(v, "the stairs are trapped") {
		t.Errorf("the GM's view lacks the typed foe or note: %s", v)
	}
	body := h.do("GET", annPage, "", nil).body
	if !strings.Contains(body, "Pip <small>Charmander") || !strings.Contains(body, "Rocky") || strings.Contains(body, "the stairs are trapped") {
		t.Errorf("Ann's page lacks her typed sheet or the foe, or shows the GM's note:\n%s", body)
	}
}

// TestTable_APlayerWithoutACharacterChoosesASampleTheServerBringsNone: at
// a Mystery Dungeons table the server brings no player a sheet: each is
// offered the sample characters, one button a species, and the table
// waits for them; Ann picks hers from her page's buttons, the one she
// chose is hers, and Bo, who has not chosen, still has none. A
// spectator is asked nothing.
func TestTable_APlayerWithoutACharacterChoosesASampleTheServerBringsNone(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	c := h.mustCreateTMD(map[string]any{"name": "Gail", "gm": true}, map[string]any{"name": "Ann"}, map[string]any{"name": "Bo"})
	gail, ann, bo := c.Seats[0].Token, c.Seats[1].Token, c.Seats[2].Token
	annPage := "/t/" + c.ID + "/s/" + ann
	// offers are the sheets a seat is offered, if it may act.
	offers := func(st tableState) int {
		n := 0
		for _, a := range st.Legal {
			if a.Kind == "sheet" && st.MyTurn {
				n++
			}
		}
		return n
	}
	st := h.mustState(c.ID, ann)
	if offers(st) < 2 {
		t.Fatalf("Ann, without a sheet, has my_turn %v and the choices %q, want a choice of samples", st.MyTurn, st.Legal)
	}
	body := h.do("GET", annPage, "", nil).body
	for _, want := range []string{"Choose a sample character under Actions, or bring your own sheet in the action line.", "bring the sheet of Ann, a level 5 Pikachu", "bring the sheet of Ann, a level 5 Bulbasaur", "Thunder Shock, Growl"} {
		if !strings.Contains(body, want) {
			t.Errorf("Ann's page lacks %q", want)
		}
	}
	if body := h.do("GET", "/t/"+c.ID, "", nil).body; strings.Contains(body, "Choose a sample character") {
		t.Errorf("the spectator's page asks the spectator to choose a character")
	}
	// The GM acts meanwhile; the server still brings nobody a sheet.
	if r := h.do("POST", "/api/tables/"+c.ID+"/actions", gail, map[string]any{"kind": "note", "action": map[string]any{"text": "the guild hall"}}); r.status != http.StatusOK {
		t.Fatalf("the GM's note: %d %s", r.status, r.body)
	}
	i := slices.IndexFunc(st.Legal, func(a legal) bool { return strings.Contains(string(a.Action), `"Bulbasaur"`) })
	if i < 0 {
		t.Fatalf("Ann is not offered a Bulbasaur: %+v", st.Legal)
	}
	h.mustPost(c.ID, ann, st.Legal[i])
	body = h.do("GET", annPage, "", nil).body
	if !strings.Contains(body, "Ann <small>Bulbasaur, level 5") || strings.Count(body, "Ann brings Ann") != 1 {
		t.Errorf("Ann's page does not show her the Bulbasaur she chose, brought once:\n%s", body)
	}
	if !strings.Contains(body, "<h3>Bo</h3><p class=\"help\">No sheet yet.</p>") {
		t.Errorf("Bo, who has not chosen, has a sheet on Ann's page:\n%s", body)
	}
	if st := h.mustState(c.ID, bo); offers(st) < 2 {
		t.Errorf("Bo has my_turn %v and the choices %q, want a choice of samples", st.MyTurn, st.Legal)
	}
}

// mustCreateTMD makes a Mystery Dungeons table of the seats given.
func (h *harness) mustCreateTMD(seats ...map[string]any) created {
	h.t.Helper()
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "tmd", "seats": seats})
	if r.status != http.StatusCreated {
		h.t.Fatalf("create a tmd table: %d %s", r.status, r.body)
	}
	var c created
	decode(h.t, r, &c)
	return c
}

// TestAPI_OffersThatShareATextAreToldApartByTheirLabels: the JSON API
// gives each legal action the label the page shows (engine.Labeler) where
// it says more than the text: a player's four sample sheets share the
// text "bring the sheet of Ann" and have a label each, naming its species.
func TestAPI_OffersThatShareATextAreToldApartByTheirLabels(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	c := h.mustCreateTMD(map[string]any{"name": "Gail", "gm": true}, map[string]any{"name": "Ann"}, map[string]any{"name": "Bo"})
	labels := map[string]bool{}
	for _, a := range h.mustState(c.ID, c.Seats[1].Token).Legal {
		if a.Kind == "sheet" {
			if a.Text != "bring the sheet of Ann" || !strings.HasPrefix(a.Label, "bring the sheet of Ann, a level 5 ") {
				t.Errorf("a sample sheet offered as %q, labelled %q", a.Text, a.Label)
			}
			labels[a.Label] = true
		}
	}
	if len(labels) != 4 {
		t.Errorf("Ann's sample sheets have the labels %v, want four different ones", labels)
	}
	for _, a := range h.mustState(c.ID, c.Seats[0].Token).Legal {
		if a.Label != "" && a.Label == a.Text {
			t.Errorf("the GM's %q has a label that only repeats its text", a.Text)
		}
	}
}
