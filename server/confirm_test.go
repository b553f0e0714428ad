package server_test

import (
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"tabletop/games"
	"tabletop/server"
)

// TestPages_AnActionThatEndsTheGameForEveryoneAsksFirst: on the table
// page an action that asks to be confirmed (engine.Confirmer: a GM's "end
// the session") is no button of its own but a disclosure that says what
// it does and holds a "Yes, …" button, which works without JavaScript:
// its form, posted as a browser posts it, ends the session.
func TestPages_AnActionThatEndsTheGameForEveryoneAsksFirst(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	confirm := regexp.MustCompile(`(?s)<details class="confirm"><summary>([^<]*)</summary><p>([^<]*)</p>(<form.*?</form>)</details>`)
	for _, tc := range []struct{ game, end string }{
		{"msp", "end session"},
		{"tmd", "end the session"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			gm := h.mustGMPage(tc.game)
			page := h.do("GET", gm, "", nil).body
			actions := page[strings.Index(page, `<section class="actions"`):]
			actions = actions[:strings.Index(actions, "</section>")]
			if strings.Contains(actions, ">"+tc.end+"</button>") {
				t.Fatalf("the GM's page offers %q as a button of its own:\n%s", tc.end, actions)
			}
			m := confirm.FindStringSubmatch(actions)
			if m == nil || html.UnescapeString(m[1]) != tc.end+"…" || !strings.HasPrefix(html.UnescapeString(m[2]), "End the session for everyone?") ||
				!strings.Contains(m[3], ">Yes, "+tc.end+"</button>") {
				t.Fatalf("the GM's page does not ask before %q:\n%s", tc.end, actions)
			}
			form := url.Values{}
			for _, f := range hiddenField.FindAllStringSubmatch(m[3], -1) {
				form.Set(f[1], html.UnescapeString(f[2]))
			}
			if r := h.postForm(gm+"/act", form); r.status != http.StatusSeeOther {
				t.Fatalf("posting the confirm's form %v = %d, want 303:\n%s", form, r.status, r.body)
			}
			if page := h.do("GET", gm, "", nil).body; !strings.Contains(page, "Game over:") {
				t.Fatalf("after the confirm's yes the session goes on")
			}
		})
	}
}

// hiddenField is a form's hidden field, its name and its value.
var hiddenField = regexp.MustCompile(`<input type="hidden" name="([^"]+)" value="([^"]*)">`)

// typedEnds are, per game, a GM's "end the session" as the page's action
// line sends it, and the log's line when it is played.
var typedEnds = []struct{ game, text, ends string }{
	{"msp", "end session: the inn closes", "The session ends (the inn closes)"},
	{"tmd", "end the session (the team rests)", "The session ends (the team rests)"},
}

// TestPages_TypingAnActionThatAsksFirstAsksToo: the page's action line
// does not skip the question: a typed "end the session" answers with the
// question and a "Yes" form in the flash (htmx), which sends the action
// again, confirmed, and only then is the session over. (The JSON API
// takes it: a client asks its own questions.)
func TestPages_TypingAnActionThatAsksFirstAsksToo(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	for _, tc := range typedEnds {
		t.Run(tc.game, func(t *testing.T) {
			gm := h.mustGMPage(tc.game)
			typed := url.Values{"kind": {"typed"}, "action": {"{}"}, "action.text": {tc.text}}.Encode()
			r := h.do("POST", gm+"/act", "", typed, "Content-Type", form, "HX-Request", "true")
			body := html.UnescapeString(r.body)
			if r.status != http.StatusOK || !strings.Contains(body, "End the session for everyone?") || !strings.Contains(body, `name="confirmed" value="yes"`) {
				t.Fatalf("typing %q = %d, want the question and a confirmed form:\n%s", tc.text, r.status, r.body)
			}
			if page := h.do("GET", gm, "", nil).body; strings.Contains(page, "Game over:") {
				t.Fatalf("typing %q on the page ended the session before the question was answered", tc.text)
			}
			yes := url.Values{}
			for _, f := range hiddenField.FindAllStringSubmatch(r.body, -1) {
				yes.Set(f[1], html.UnescapeString(f[2]))
			}
			if r := h.do("POST", gm+"/act", "", yes.Encode(), "Content-Type", form, "HX-Request", "true"); r.status != http.StatusOK {
				t.Fatalf("the question's yes %v = %d %s", yes, r.status, r.body)
			}
			if page := h.do("GET", gm, "", nil).body; !strings.Contains(page, "Game over:") || !strings.Contains(page, tc.ends) {
				t.Fatalf("after the question's yes the session goes on, or ends otherwise than %q", tc.ends)
			}
		})
	}
}

// TestPages_WithoutScriptATypedActionThatAsksFirstAsksOnTheTablePage: a
// typed "end the session" posted as a browser without script posts it
// answers with the table page, the question and its "Yes" form in the
// page's message area; that form, posted the same way, ends the session
// and leads back to the table.
func TestPages_WithoutScriptATypedActionThatAsksFirstAsksOnTheTablePage(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	flash := regexp.MustCompile(`(?s)<div id="flash" role="alert"><div class="confirm-typed"><p>([^<]*)</p>(<form.*?</form>)</div></div>`)
	for _, tc := range typedEnds {
		t.Run(tc.game, func(t *testing.T) {
			gm := h.mustGMPage(tc.game)
			r := h.postForm(gm+"/act", url.Values{"seq": {"0"}, "kind": {"typed"}, "action": {"{}"}, "action.text": {tc.text}})
			m := flash.FindStringSubmatch(r.body)
			if r.status != http.StatusOK || m == nil || !strings.HasPrefix(html.UnescapeString(m[1]), "End the session for everyone?") ||
				!strings.Contains(m[2], `name="confirmed" value="yes"`) || !strings.Contains(r.body, `<section class="actions"`) {
				t.Fatalf("typing %q without script = %d, want the table page with the question and a confirmed form in its flash:\n%s", tc.text, r.status, r.body)
			}
			if page := h.do("GET", gm, "", nil).body; strings.Contains(page, "Game over:") {
				t.Fatalf("typing %q without script ended the session before the question was answered", tc.text)
			}
			yes := url.Values{}
			for _, f := range hiddenField.FindAllStringSubmatch(m[2], -1) {
				yes.Set(f[1], html.UnescapeString(f[2]))
			}
			if yes.Get("seq") != "0" || yes.Get("action") == "" {
				t.Fatalf("the question's form %v does not send the typed action again with its seq", yes)
			}
			if r := h.postForm(gm+"/act", yes); r.status != http.StatusSeeOther || r.header.Get("Location") != gm {
				t.Fatalf("the question's yes %v = %d to %q, want 303 to the table:\n%s", yes, r.status, r.header.Get("Location"), r.body)
			}
			if page := h.do("GET", gm, "", nil).body; !strings.Contains(page, "Game over:") || !strings.Contains(page, tc.ends) {
				t.Fatalf("after the question's yes the session goes on, or ends otherwise than %q", tc.ends)
			}
		})
	}
}

// mustGMPage creates a table of game with Gail as its game master and Ann
// and Bo as players, and returns the address of Gail's page.
func (h *harness) mustGMPage(game string) string {
	h.t.Helper()
	r := h.do("POST", "/api/tables", "", map[string]any{"game": game,
		"seats": []map[string]any{{"name": "Gail", "gm": true}, {"name": "Ann"}, {"name": "Bo"}}})
	var c created
	decode(h.t, r, &c)
	if r.status != http.StatusCreated {
		h.t.Fatalf("create: %d %s", r.status, r.body)
	}
	return "/t/" + c.ID + "/s/" + c.Seats[0].Token
}

// TestPages_APlayerWhoMayNotEndTheSessionIsNotAskedWhetherTo: a typed
// action that asks first is asked about only where the game would take
// it: a player's typed "end session" gets the game's refusal at once.
func TestPages_APlayerWhoMayNotEndTheSessionIsNotAskedWhetherTo(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	r := h.do("POST", "/api/tables", "", map[string]any{"game": "msp",
		"seats": []map[string]any{{"name": "Gail", "gm": true}, {"name": "Ann"}, {"name": "Bo"}}})
	var c created
	decode(t, r, &c)
	ann := "/t/" + c.ID + "/s/" + c.Seats[1].Token
	typed := url.Values{"kind": {"typed"}, "action": {"{}"}, "action.text": {"end session: bored"}}.Encode()
	r = h.do("POST", ann+"/act", "", typed, "Content-Type", form, "HX-Request", "true")
	if body := html.UnescapeString(r.body); strings.Contains(body, "End the session for everyone?") || !strings.Contains(body, `class="error"`) {
		t.Fatalf("Ann's typed end = %d, want the game's refusal, no question:\n%s", r.status, r.body)
	}
}
