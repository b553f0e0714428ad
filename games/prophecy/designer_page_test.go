package prophecy_test

import (
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tabletop/dice"
	"tabletop/games"
	"tabletop/games/prophecy"
	"tabletop/server"
	"tabletop/store/sqlite"
)

// get fetches path from a real server with every game, as a browser would.
func get(t *testing.T, base, path string) (int, string) {
	t.Helper()
	client := &http.Client{Timeout: 10 * time.Second}
	resp, err := client.Get(base + path)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// TestDesignerPage_ShowsTheExactOddsOfAnOutlineBeyondAnyTable serves the
// outline designer from a real server: linked from the lobby and the rules
// page, its form empty at first; with an outline, the exact chance of every
// scene and of the averted prophecy (the numbers of sim --outline) and the
// outline drawn; a broken outline says where it is wrong.
func TestDesignerPage_ShowsTheExactOddsOfAnOutlineBeyondAnyTable(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "t.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := server.New(server.Config{Store: st, Games: games.Registry(), ClientRate: -1})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close(); st.Close() })

	for _, page := range []string{"/", "/games/prophecy/rules"} {
		if status, body := get(t, hs.URL, page); status != http.StatusOK || !strings.Contains(body, `<a href="/games/prophecy/tools/designer">Outline designer</a>`) {
			t.Errorf("%s = %d, lacks the link to the designer", page, status)
		}
	}
	status, body := get(t, hs.URL, "/games/prophecy/tools/designer")
	if status != http.StatusOK || !strings.Contains(body, "<h1>Outline designer</h1>") || strings.Contains(body, "pp-averted") {
		t.Errorf("the empty designer = %d, want its form and no result:\n%s", status, body)
	}
	raw, err := os.ReadFile("testdata/outline.json")
	if err != nil {
		t.Fatal(err)
	}
	status, body = get(t, hs.URL, "/games/prophecy/tools/designer?"+url.Values{"outline": {string(raw)}, "pairs": {"3"}}.Encode())
	root, err := prophecy.ParseOutline(raw)
	if err != nil {
		t.Fatal(err)
	}
	odds, err := prophecy.OutlineOdds(root, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := `<b class="pp-averted">` + dice.Percent(odds.Averted) + `</b>`; status != http.StatusOK || !strings.Contains(body, want) {
		t.Errorf("designer = %d, lacks %q:\n%s", status, want, body)
	}
	for id, p := range odds.Scenes {
		d, _ := prophecy.Design(raw, 3)
		obj := ""
		for _, r := range d.Rows {
			if r.ID == id {
				obj = r.Objective
			}
		}
		if want := html.EscapeString(obj) + `</td>`; !strings.Contains(body, want) || !strings.Contains(body, `<td class="pp-p">`+dice.Percent(p)+`</td>`) {
			t.Errorf("scene %d (%s): the page lacks its row or its chance %s", id, obj, dice.Percent(p))
		}
	}
	if !strings.Contains(body, `<svg xmlns="http://www.w3.org/2000/svg" class="outline"`) || !strings.Contains(body, `name="pairs" type="number" min="0" max="12" value="3"`) {
		t.Errorf("the designer does not draw the outline or keep the form's pairs")
	}
	status, body = get(t, hs.URL, "/games/prophecy/tools/designer?"+url.Values{"outline": {`{"objective":"F","precursors":[{"setting":"x"}]}`}}.Encode())
	if status != http.StatusBadRequest || !strings.Contains(body, "finale &gt; precursor 1: objective: empty") {
		t.Errorf("a broken outline = %d, want 400 saying where:\n%s", status, body)
	}
}
