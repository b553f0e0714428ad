package server_test

import (
	"encoding/json"
	"html"
	"math/rand/v2"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/games/mgt"
	"tabletop/server"
)

// mgtView is the part of a Monster Girl Taxonomy view (the API's JSON form)
// the tests read.
type mgtView struct {
	Seat     int          `json:"seat"`
	Round    int          `json:"round"`
	Phase    string       `json:"phase"`
	Turn     int          `json:"turn"`
	Hand     []mgtCardRef `json:"hand"`
	StockTop []mgtCardRef `json:"stock_top"`
	Known    []struct {
		Cards []string `json:"cards"`
	} `json:"known"`
	Players []struct {
		Exposed []struct {
			Cards []mgtCardRef `json:"cards"`
		} `json:"exposed"`
		Aside []string `json:"aside"`
	} `json:"players"`
	Discards []mgtCardRef `json:"discards"`
	Card     *mgtCardRef  `json:"card"`
	Results  []struct {
		Hand []string `json:"hand"`
	} `json:"results"`
}

type mgtCardRef struct {
	Card   string `json:"card"`
	Nature string `json:"nature"`
}

func mustMGTView(tb testing.TB, st tableState) mgtView {
	tb.Helper()
	var v mgtView
	if err := json.Unmarshal(st.View, &v); err != nil {
		tb.Fatalf("the view is not an MGT view: %v\n%s", err, st.View)
	}
	return v
}

// shown returns the cards v lets its reader see besides its own hand:
// everything public (discards, exposed sets, proud cards set aside, the card
// being resolved, past winners' hands) and what honest cards showed it.
func (v mgtView) shown() map[string]bool {
	out := map[string]bool{}
	for _, c := range v.Discards {
		out[c.Card] = true
	}
	for _, p := range v.Players {
		for _, g := range p.Exposed {
			for _, c := range g.Cards {
				out[c.Card] = true
			}
		}
		for _, c := range p.Aside {
			out[c] = true
		}
	}
	if v.Card != nil {
		out[v.Card.Card] = true
	}
	for _, r := range v.Results {
		for _, c := range r.Hand {
			out[c] = true
		}
	}
	for _, c := range v.StockTop {
		out[c.Card] = true
	}
	for _, k := range v.Known {
		for _, c := range k.Cards {
			out[c] = true
		}
	}
	return out
}

var dataCard = regexp.MustCompile(`data-card="([^"]*)"`)

// mgtBoxes returns the cards a page draws as card boxes.
func mgtBoxes(page string) map[string]bool {
	out := map[string]bool{}
	for _, m := range dataCard.FindAllStringSubmatch(page, -1) {
		out[html.UnescapeString(m[1])] = true
	}
	return out
}

// viewSection is the text of a table page's rendering of the view (without
// the log, which may name cards of earlier rounds).
func viewSection(tb testing.TB, page string) string {
	tb.Helper()
	_, rest, ok := strings.Cut(page, `<section class="view"`)
	body, _, ok2 := strings.Cut(rest, `<section class="fair"`)
	if !ok || !ok2 {
		tb.Fatalf("the page has no view section:\n%s", page)
	}
	return html.UnescapeString(body)
}

// mgtWord matches a card's name as a word of its own; names that are also a
// word of another card's, a type's, a family's or a set's name are left
// out, since a page shows those for other reasons.
var mgtWord = func() map[string]*regexp.Regexp {
	d := mgt.Data()
	var names []string
	for _, c := range d.Cards {
		names = append(names, c.Name, c.Type, c.Family, c.Kind)
	}
	for _, s := range d.Sets {
		names = append(names, s.Name)
	}
	for _, k := range d.Keys {
		names = append(names, k.Name)
	}
	word := func(n string) *regexp.Regexp {
		return regexp.MustCompile(`(?:^|[^\p{L}\p{N}'-])` + regexp.QuoteMeta(n) + `(?:$|[^\p{L}\p{N}'-])`)
	}
	out := map[string]*regexp.Regexp{}
	for _, c := range d.Cards {
		re := word(c.Name)
		if !slices.ContainsFunc(names, func(n string) bool { return n != c.Name && re.MatchString(n) }) &&
			c.Name != c.Type && c.Name != c.Family {
			out[c.Name] = re
		}
	}
	return out
}()

// checkMGTPage fails if who's page shows a card of another person's hidden
// hand (hands, by person) that who's own view does not show: as a card box,
// or by name in the view unless the spectator's view (public) names it too.
// The table moves on while the test reads (bots play in the background), so
// readers are who's views from before and after the page was fetched: a card
// either showed is allowed.
func checkMGTPage(t *testing.T, who, page, public string, readers []mgtView, hands map[string]mgtView) {
	t.Helper()
	boxes, text, allowed := mgtBoxes(page), viewSection(t, page), map[string]bool{}
	for _, r := range readers {
		for c := range r.shown() {
			allowed[c] = true
		}
	}
	for owner, v := range hands {
		if owner == who {
			continue
		}
		for _, c := range v.Hand {
			if allowed[c.Card] {
				continue // public, or seen through an honest card
			}
			if boxes[c.Card] {
				t.Fatalf("%s's page draws %s, a card of %s's hidden hand:\n%s", who, c.Card, owner, text)
			}
			if re := mgtWord[c.Card]; re != nil && strings.Contains(text, c.Card) && re.MatchString(text) && !re.MatchString(public) {
				t.Fatalf("%s's page names %s, a card of %s's hidden hand:\n%s", who, c.Card, owner, text)
			}
		}
	}
}

// TestPages_MGTTemplateRendersEveryPhase plays Monster Girl Taxonomy through
// the API (two people and two greedy bots) and renders every person's page
// and the spectator's at every step: no template fails, and no page shows a
// card of another person's hidden hand.
func TestPages_MGTTemplateRendersEveryPhase(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = engine.NewRegistry(mgt.Game) })
	chooser := rand.New(rand.NewPCG(4, 4)) // fixed: the same choices every run
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "mgt", "options": map[string]string{"rounds": "3", "claim_window": "30"},
		"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}, {"name": "Cy", "bot": "greedy"}, {"name": "Di", "bot": "greedy"}}})
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var c created
	decode(t, r, &c)
	people := map[string]string{"Ann": c.Seats[0].Token, "Bo": c.Seats[1].Token}
	phases := map[string]bool{}
	var cardViews, results int
	for step := 0; step < 600; step++ {
		st := h.waitFor(c.ID, "", "a person to act", func(st tableState) bool {
			if st.Over {
				return true
			}
			for _, tok := range people {
				if h.mustState(c.ID, tok).MyTurn {
					return true
				}
			}
			return false
		})
		states, hands := map[string]tableState{}, map[string]mgtView{}
		for name, tok := range people {
			states[name] = h.mustState(c.ID, tok)
			hands[name] = mustMGTView(t, states[name])
		}
		spec := h.do("GET", "/t/"+c.ID, "", nil)
		if spec.status != http.StatusOK || !strings.Contains(spec.body, "mgt-players") {
			t.Fatalf("step %d: the spectator's page: %d\n%s", step, spec.status, spec.body)
		}
		public := viewSection(t, spec.body)

		after := mustMGTView(t, h.mustState(c.ID, ""))
		checkMGTPage(t, "the spectator", spec.body, public, []mgtView{mustMGTView(t, st), after}, hands)
		for name, tok := range people {
			page := h.do("GET", "/t/"+c.ID+"/s/"+tok, "", nil)
			if page.status != http.StatusOK || !strings.Contains(page.body, "Your hand") {
				t.Fatalf("step %d: %s's page: %d\n%s", step, name, page.status, page.body)
			}
			v := hands[name]
			checkMGTPage(t, name, page.body, public, []mgtView{v, mustMGTView(t, h.mustState(c.ID, tok))}, hands)
			boxes := mgtBoxes(page.body)
			for _, card := range v.Hand {
				if !boxes[card.Card] {
					t.Fatalf("step %d: %s's page does not show %s from their hand", step, name, card.Card)
				}
			}
			cardViews += len(v.Hand)
		}
		v := mustMGTView(t, st)
		phases[v.Phase] = true
		results = len(v.Results)
		if st.Over {
			break
		}
		// With seq, an action on a table that moved on (a bot, or the
		// server playing a person's only choice) is refused with 409.
		for _, name := range []string{"Ann", "Bo"} {
			if me := states[name]; me.MyTurn {
				a := me.Legal[chooser.IntN(len(me.Legal))]
				if r := h.do("POST", "/api/tables/"+c.ID+"/actions", people[name], map[string]any{"kind": a.Kind, "action": a.Action, "seq": me.Seq}); r.status != http.StatusOK && r.status != http.StatusConflict {
					t.Fatalf("step %d: %s acts %s: %d %s", step, name, a.Text, r.status, r.body)
				}
			}
		}
	}
	for _, p := range []string{"discard", "target", "rps", "claim", "over"} {
		if !phases[p] {
			t.Errorf("the pages never showed phase %s (saw %v)", p, phases)
		}
	}
	if results == 0 {
		t.Errorf("no round ended in the steps played (phases %v)", phases)
	}
	t.Logf("phases %v, rounds ended %d, %d hand cards checked", phases, results, cardViews)
}
