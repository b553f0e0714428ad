package server_test

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/games"
	"tabletop/internal/duel"
	"tabletop/server"
)

const form = "application/x-www-form-urlencoded"

func TestPages_LobbyFormCreatesATableWithInviteLinks(t *testing.T) {
	h := mustServer(t)
	r := h.do("GET", "/", "", nil)
	if r.status != http.StatusOK || !strings.Contains(r.body, `href="/new/duel"`) {
		t.Fatalf("lobby: %d %s", r.status, r.body)
	}
	r = h.do("GET", "/new/duel", "", nil)
	for _, want := range []string{`name="opt.rounds"`, `min="1" max="50"`, `name="seat0.name"`, `value="bot:random"`, `name="listed"`} {
		if !strings.Contains(r.body, want) {
			t.Fatalf("the new-table form has no %s:\n%s", want, r.body)
		}
	}
	body := url.Values{"opt.rounds": {"2"}, "seat0.name": {"Ann"}, "seat0.who": {"person"},
		"seat1.name": {"Bo"}, "seat1.who": {"person"}, "listed": {"true"}}.Encode()
	r = h.follow(h.do("POST", "/new/duel", "", body, "Content-Type", form))
	if r.status != http.StatusOK {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	invites := regexp.MustCompile(`href="(/t/[\w-]{22}/s/[\w-]{43})"`).FindAllStringSubmatch(r.body, -1)
	spectate := regexp.MustCompile(`href="(/t/[\w-]{22})"`).FindStringSubmatch(r.body)
	if len(invites) != 2 || spectate == nil {
		t.Fatalf("the created page has %d invite links and spectator link %v:\n%s", len(invites), spectate, r.body)
	}
	if r := h.do("GET", "/", "", nil); !strings.Contains(r.body, spectate[1]) {
		t.Fatalf("the listed table is not in the lobby")
	}
	ann, bo := invites[0][1], invites[1][1]

	r = h.do("GET", ann, "", nil)
	for _, want := range []string{"You play <strong class=\"you\">Ann</strong>", `sse-connect="` + ann + `/events"`, "<button type=\"submit\">attack</button>", "Commitment", "<dl class=\"tree\">"} {
		if !strings.Contains(r.body, want) {
			t.Fatalf("Ann's page has no %q:\n%s", want, r.body)
		}
	}
	if r := h.do("GET", spectate[1], "", nil); strings.Contains(r.body, "<form") || !strings.Contains(r.body, "spectator") {
		t.Fatalf("the spectator's page offers actions:\n%s", r.body)
	}

	// Without htmx a form post redirects back to the seat's page.
	post := func(page, stance string, hdr ...string) response {
		return h.do("POST", page+"/act", "", url.Values{"kind": {"stance"}, "action": {`{"stance":"` + stance + `"}`}}.Encode(),
			append([]string{"Content-Type", form}, hdr...)...)
	}
	if r := post(ann, duel.Attack); r.status != http.StatusSeeOther || r.header.Get("Location") != ann {
		t.Fatalf("form post: %d, Location %q", r.status, r.header.Get("Location"))
	}
	r = h.do("GET", ann, "", nil)
	if !strings.Contains(r.body, "Waiting for the other players.") || strings.Contains(r.body, `name="action"`) {
		t.Fatalf("after sealing, Ann's page should wait for Bo:\n%s", r.body)
	}
	// With htmx the answer is a fragment for #flash, with the error's status.
	if r := post(ann, duel.Guard, "HX-Request", "true"); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, "already chosen") {
		t.Fatalf("htmx post of an illegal action: %d %q", r.status, r.body)
	}
	// Without htmx the error shows on the page itself.
	if r := post(ann, duel.Guard); r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, `class="error">attack`) && !strings.Contains(r.body, "already chosen") {
		t.Fatalf("form post of an illegal action: %d\n%s", r.status, r.body)
	}
	if r := post(bo, duel.Guard, "HX-Request", "true"); r.status != http.StatusOK || r.body != "" {
		t.Fatalf("htmx post: %d %q", r.status, r.body)
	}
	r = h.do("GET", bo, "", nil)
	if !strings.Contains(r.body, "1d6") {
		t.Fatalf("the log on Bo's page shows no die:\n%s", r.body)
	}
}

func TestPages_StreamSendsTheWholeLogThenResumesFromLastEventID(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreate("3")
	h.mustAct(c.ID, c.Seats[0].Token, duel.Attack)
	h.mustAct(c.ID, c.Seats[1].Token, duel.Guard) // at most 3 damage: the duel goes on
	page := "/t/" + c.ID + "/s/" + c.Seats[0].Token
	evs, _ := h.readSSE(page+"/events", "", untilState)
	if len(evs) != 2 || evs[0].name != "logall" || evs[1].name != "state" || evs[1].id != "2" ||
		!strings.Contains(evs[0].data, `<ol id="log"`) || !strings.Contains(evs[0].data, "1d6") {
		t.Fatalf("a fresh page stream: %+v", evs)
	}
	h.mustAct(c.ID, c.Seats[1].Token, duel.Guard)
	evs, _ = h.readSSE(page+"/events", "", untilState, "Last-Event-ID", "2")
	if len(evs) != 2 || evs[0].name != "log" || evs[0].id != "3" || !strings.HasPrefix(evs[0].data, `<li>`) || evs[1].name != "state" {
		t.Fatalf("a resumed page stream: %+v", evs)
	}
	if !strings.Contains(evs[1].data, "<button") {
		t.Fatalf("Ann's state fragment has no actions:\n%s", evs[1].data)
	}
}

func TestPages_ErrorsArePagesWithTheRightStatus(t *testing.T) {
	h := mustServer(t)
	c := h.mustCreate("3")
	tests := []struct {
		name   string
		method string
		path   string
		body   string
		status int
		say    string
	}{
		{"unknown game", "GET", "/new/chess", "", 404, `no game &#34;chess&#34;`},
		{"unknown table", "GET", "/t/AAAAAAAAAAAAAAAAAAAAAA", "", 404, "no such table"},
		{"bad token", "GET", "/t/" + c.ID + "/s/AAAA", "", 403, "not valid"},
		{"bad token acts", "POST", "/t/" + c.ID + "/s/AAAA/act", "kind=stance", 403, "not valid"},
		{"export before the end", "GET", "/t/" + c.ID + "/export", "", 409, "when the game is over"},
		{"bad option", "POST", "/new/duel", "opt.rounds=0&seat0.who=person&seat1.who=person", 400, "out of range"},
		{"bad seat", "POST", "/new/duel", "seat0.who=alien&seat1.who=person", 400, "not a person, a bot or nobody"},
		{"no such page", "GET", "/nothing/here", "", 404, "no page here"},
		{"oversized form", "POST", "/t/" + c.ID + "/s/" + c.Seats[0].Token + "/act", "action=" + strings.Repeat("x", 1<<20), 413, "too large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := h.do(tt.method, tt.path, "", tt.body, "Content-Type", form)
			if r.status != tt.status || !strings.Contains(r.body, tt.say) {
				t.Fatalf("%s %s = %d, want %d saying %q:\n%s", tt.method, tt.path, r.status, tt.status, tt.say, r.body)
			}
			if !strings.Contains(r.header.Get("Content-Type"), "text/html") {
				t.Fatalf("Content-Type %q, want a page", r.header.Get("Content-Type"))
			}
		})
	}
	if st := h.mustState(c.ID, ""); st.Seq != 0 {
		t.Fatalf("refused requests changed the table: seq %d", st.Seq)
	}
}

func TestPages_StaticAssetsAndSecurityHeaders(t *testing.T) {
	h := mustServer(t)
	for _, p := range []string{"/static/htmx.min.js", "/static/sse.min.js", "/static/style.css"} {
		if r := h.do("GET", p, "", nil); r.status != http.StatusOK || len(r.body) < 100 {
			t.Fatalf("GET %s = %d (%d bytes)", p, r.status, len(r.body))
		}
	}
	r := h.do("GET", "/", "", nil)
	for name, want := range map[string]string{"Referrer-Policy": "no-referrer", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"} {
		if got := r.header.Get(name); got != want {
			t.Fatalf("%s = %q, want %q", name, got, want)
		}
	}
	if !strings.Contains(r.header.Get("Content-Security-Policy"), "script-src 'self'") {
		t.Fatalf("no CSP: %q", r.header.Get("Content-Security-Policy"))
	}
}

// TestNewTableForm_OptionsReadAsWordsNotFieldNames: the new-table form
// labels every option, the game's and the table's, in words
// ("Tournament every", "Turn clock") beside its help, never by its raw
// field name ("tournament_every"), which stays the field's name.
func TestNewTableForm_OptionsReadAsWordsNotFieldNames(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	for _, id := range games.Registry().IDs() {
		g, _ := games.Registry().Game(id)
		page := h.do("GET", "/new/"+id, "", nil).body
		// The text a person reads: the page without its tags.
		text := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(page, " ")
		for _, o := range append(g.Info().Options, engine.TableOptions...) {
			if !strings.Contains(page, `name="opt.`+o.Name+`"`) {
				t.Errorf("%s: the form has no field opt.%s", id, o.Name)
			}
			if strings.Contains(o.Name, "_") || strings.Contains(o.Name, "-") {
				if strings.Contains(text, o.Name) {
					t.Errorf("%s: the form shows the raw option name %q", id, o.Name)
				}
			}
			if !strings.Contains(text, html.EscapeString(o.Help)) {
				t.Errorf("%s: the form lacks the help of %s: %q", id, o.Name, o.Help)
			}
		}
	}
	page := h.do("GET", "/new/pmr", "", nil).body
	for _, want := range []string{"Tournament every", "Retire age", "Shared wins", "Turns", "Turn clock", "Bot pace"} {
		if !strings.Contains(page, want) {
			t.Errorf("the PMR form lacks the label %q", want)
		}
	}
}

// TestPages_EveryNewTableFormMakesATableAsItComes: the new-table form of
// every game, sent as it comes (its default options and seats, as a
// browser sends them), makes a table. Prophecy's form filled one seat (its
// fewest with the practice option) and was refused for want of players.
func TestPages_EveryNewTableFormMakesATableAsItComes(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	input := regexp.MustCompile(`<input[^>]*>`)
	attr := func(tag, name string) (string, bool) {
		m := regexp.MustCompile(` ` + name + `(?:="([^"]*)")?`).FindStringSubmatch(tag)
		if m == nil {
			return "", false
		}
		return html.UnescapeString(m[1]), true
	}
	sel := regexp.MustCompile(`(?s)<select name="([^"]+)"[^>]*>(.*?)</select>`)
	option := regexp.MustCompile(`<option(?: value="([^"]*)")?([^>]*)>([^<]*)</option>`)
	for _, info := range games.Registry().Infos() {
		page := h.do("GET", "/new/"+info.ID, "", nil).body
		form := url.Values{}
		for _, tag := range input.FindAllString(page, -1) {
			name, ok := attr(tag, "name")
			if !ok {
				continue
			}
			value, _ := attr(tag, "value")
			if typ, _ := attr(tag, "type"); typ == "checkbox" {
				if _, checked := attr(tag, "checked"); !checked {
					continue
				}
			}
			form.Add(name, value)
		}
		for _, s := range sel.FindAllStringSubmatch(page, -1) {
			opts := option.FindAllStringSubmatch(s[2], -1)
			if len(opts) == 0 {
				t.Fatalf("%s: the form's %s offers nothing", info.ID, s[1])
			}
			chosen := opts[0]
			for _, o := range opts {
				if strings.Contains(o[2], "selected") {
					chosen = o
				}
			}
			value := chosen[1]
			if !strings.Contains(chosen[0], `value="`) {
				value = chosen[3]
			}
			form.Set(s[1], html.UnescapeString(value))
		}
		if r := h.do("POST", "/new/"+info.ID, "", form.Encode(), "Content-Type", "application/x-www-form-urlencoded"); r.status != http.StatusSeeOther {
			t.Errorf("%s: the new-table form as it comes (%v) = %d, want a table (303):\n%s", info.ID, form, r.status, r.body)
		}
	}
}
