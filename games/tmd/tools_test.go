package tmd_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"tabletop/dice"
	"tabletop/games"
	"tabletop/games/tmd"
	"tabletop/server"
	"tabletop/store/sqlite"
)

// toolServer is a server with tmd's tools, its seeds drawn from a fixed
// sequence; url is its address.
type toolServer struct {
	t   *testing.T
	url string
}

func mustToolServer(t *testing.T) toolServer {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "t.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var seeds uint64
	srv, err := server.New(server.Config{
		Store: st, Games: games.Registry(), ClientRate: -1,
		NewSeed: func() dice.Seed { seeds++; return dice.Derive(dice.Seed{}, t.Name(), seeds) },
	})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { hs.Close(); srv.Close(); st.Close() })
	return toolServer{t, hs.URL}
}

// do sends a GET (form nil) or a form POST and returns the status and body.
func (s toolServer) do(method, path string, form url.Values) (int, string) {
	s.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, s.url+path, body)
	if err != nil {
		s.t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	client := &http.Client{Timeout: 10 * time.Second}
	resp, err := client.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		s.t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

var (
	pageRow = regexp.MustCompile(`<tr class="outcome"><td>(\w+)</td><td>([-\d]+)</td><td>([\d/]+)</td><td>([\d.]+%)</td></tr>`)
	cliRow  = regexp.MustCompile(`(?m)^(miss|hit|crit|ally|self)\s+([-\d]+)\s+([\d/]+)\s+([\d.]+%)$`)
	pageExp = regexp.MustCompile(`Expected damage <b>([^<]+)</b>`)
	cliExp  = regexp.MustCompile(`expected damage (.+)$`)
)

// TestDamagePage_SameNumbersAsTheDamageCommand checks the calculator's
// page against tabletop tmd damage for the same inputs: the same rows
// (result, damage, exact probability, percent) in the same order, the
// same expected damage, and a bar per row in its SVG chart.
func TestDamagePage_SameNumbersAsTheDamageCommand(t *testing.T) {
	s := mustToolServer(t)
	sparks, err := os.ReadFile("testdata/sparks.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		form url.Values
		args []string
	}{
		{"sheet on a species at a level",
			url.Values{"attacker-sheet": {string(sparks)}, "move": {"Thunderbolt"}, "defender": {"Vaporeon"}, "defender-level": {"30"}},
			[]string{"--attacker", "testdata/sparks.json", "--move", "Thunderbolt", "--defender", "Vaporeon@30"}},
		{"dice move, burned, accuracy down",
			url.Values{"attacker": {"Machop"}, "attacker-level": {"20"}, "move": {"Double Kick"}, "defender": {"Eevee"}, "accuracy": {"-2"}, "burned": {"on"}},
			[]string{"--attacker", "Machop@20", "--move", "Double Kick", "--defender", "Eevee", "--accuracy", "-2", "--burned"}},
		{"confused, stages, the group's rules",
			url.Values{"attacker": {"Pikachu"}, "move": {"Thunderbolt"}, "defender": {"Gyarados"}, "confused": {"on"}, "crit": {"2"}, "attack-stage": {"-1"}, "defense-stage": {"1"}, "rules": {"pages"}},
			[]string{"--attacker", "Pikachu", "--move", "Thunderbolt", "--defender", "Gyarados", "--confused", "--crit", "2", "--attack-stage", "-1", "--defense-stage", "1", "--rules", "pages"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, body := s.do("GET", "/games/tmd/tools/damage?"+c.form.Encode(), nil)
			if status != http.StatusOK {
				t.Fatalf("the page = %d:\n%s", status, body)
			}
			var out, errOut bytes.Buffer
			if err := tmd.Command(context.Background(), append([]string{"damage"}, c.args...), &out, &errOut); err != nil {
				t.Fatalf("tabletop tmd damage: %v\n%s", err, errOut.String())
			}
			page, cli := pageRow.FindAllStringSubmatch(html.UnescapeString(body), -1), cliRow.FindAllStringSubmatch(out.String(), -1)
			if len(cli) == 0 || len(page) != len(cli) {
				t.Fatalf("the page has %d rows, the command %d:\n%s\n%s", len(page), len(cli), body, out.String())
			}
			for i := range cli {
				if strings.Join(page[i][1:], " ") != strings.Join(cli[i][1:], " ") {
					t.Errorf("row %d: the page says %v, the command %v", i, page[i][1:], cli[i][1:])
				}
			}
			pe, ce := pageExp.FindStringSubmatch(body), cliExp.FindStringSubmatch(strings.TrimSpace(out.String()))
			if pe == nil || ce == nil || pe[1] != ce[1] {
				t.Errorf("expected damage: the page says %v, the command %v", pe, ce)
			}
			if n := strings.Count(body, "<rect "); n != len(cli) {
				t.Errorf("the chart has %d bars, want one per row (%d)", n, len(cli))
			}
		})
	}
}

// TestDamagePage_SaysWhatIsWrong checks that bad input is a 400 page
// saying what was wrong, and the empty form a page with no result.
func TestDamagePage_SaysWhatIsWrong(t *testing.T) {
	s := mustToolServer(t)
	status, body := s.do("GET", "/games/tmd/tools/damage", nil)
	if status != http.StatusOK || !strings.Contains(body, `name="move"`) || strings.Contains(body, "Expected damage") {
		t.Errorf("the empty calculator = %d, want the form and no result:\n%s", status, body)
	}
	for _, c := range []struct{ query, want string }{
		{"move=Gigavolt&attacker=Pikachu&defender=Eevee", `no move called &#34;Gigavolt&#34;`},
		{"move=Tackle&attacker=Agumon&defender=Eevee", `the attacker: no Pokémon called &#34;Agumon&#34;`},
		{"move=Tackle&attacker=Pikachu", `say who the defender is`},
		{"move=Tackle&attacker=Pikachu&defender=Eevee&attacker-level=300", `the attacker&#39;s level: 300 is not between 1 and 100`},
		{"move=Tackle&attacker=Pikachu&defender=Eevee&defender-def=x", `the defender&#39;s Defense points: &#34;x&#34; is not a whole number`},
		{"move=Tackle&attacker=Pikachu&defender=Eevee&evasion=9", `evasion stage: 9 is not between -6 and 6`},
		{"move=Growl&attacker=Pikachu&defender=Eevee", `Growl is a status move`},
		{"move=Tackle&attacker-sheet=%7Bnope&defender=Eevee", `the attacker&#39;s sheet is not a sheet`},
		{"move=Tackle&attacker=Pikachu&defender=Eevee&rules=latest", `want text (the rule text) or pages`},
		{"attacker=Pikachu", `say which move is used`},
	} {
		status, body := s.do("GET", "/games/tmd/tools/damage?"+c.query, nil)
		if status != http.StatusBadRequest || !strings.Contains(body, c.want) {
			t.Errorf("?%s = %d, want 400 saying %s:\n%s", c.query, status, c.want, body)
		}
	}
}

// TestSpeciesRollPage_FirstRollIsKeptAndVerifies checks the species
// roll's public page end to end: before a roll the page offers one; a POST
// rolls from a fresh seed kept under (campaign, character); a second POST
// (another seed, the name spelt otherwise) shows the first roll and says
// the second was refused; the page shows the commitment, faces, species
// and seed, and links to the roll's own page, which shows it again; its
// download passes tabletop tmd roll-species --check, and fails it once
// tampered with; another campaign rolls apart.
func TestSpeciesRollPage_FirstRollIsKeptAndVerifies(t *testing.T) {
	s := mustToolServer(t)
	const page = "/games/tmd/tools/species-roll"
	who := url.Values{"campaign": {"Thursday Guild"}, "character": {"Sparks"}}
	status, body := s.do("GET", page+"?"+who.Encode(), nil)
	if status != http.StatusOK || !strings.Contains(body, "No species has been rolled for <b>Sparks</b>") || !strings.Contains(body, `method="post"`) {
		t.Fatalf("before the roll = %d, want the offer to roll:\n%s", status, body)
	}
	status, first := s.do("POST", page, who)
	if status != http.StatusOK || !strings.Contains(first, "Rolled just now.") {
		t.Fatalf("the roll = %d:\n%s", status, first)
	}
	status, again := s.do("POST", page, url.Values{"campaign": {"thursday  GUILD"}, "character": {" sparks "}})
	if status != http.StatusOK || !strings.Contains(again, "a second roll was refused, and here is the first") {
		t.Fatalf("a second roll = %d, want the first shown and the second refused:\n%s", status, again)
	}
	proof := regexp.MustCompile(`<code>([0-9a-f]{64})</code>`)
	p1, p2 := proof.FindAllStringSubmatch(first, -1), proof.FindAllStringSubmatch(again, -1)
	if len(p1) != 2 || len(p2) != 2 || p1[0][1] != p2[0][1] || p1[1][1] != p2[1][1] {
		t.Fatalf("the second request shows another commitment or seed: %v, %v", p1, p2)
	}

	// The roll's own page, as the roll links to it, shows it again.
	link := regexp.MustCompile(`<a href="([^"]+)">This roll's page</a>`).FindStringSubmatch(first)
	if link == nil {
		t.Fatalf("the roll does not link to its page:\n%s", first)
	}
	status, shown := s.do("GET", html.UnescapeString(link[1]), nil)
	if ps := proof.FindAllStringSubmatch(shown, -1); status != http.StatusOK || len(ps) != 2 || ps[1][1] != p1[1][1] || strings.Contains(shown, "Rolled just now") {
		t.Errorf("the roll's page %s = %d, want the roll shown again:\n%s", link[1], status, shown)
	}

	status, raw := s.do("GET", page+"?"+who.Encode()+"&format=json", nil)
	if status != http.StatusOK {
		t.Fatalf("the download = %d: %s", status, raw)
	}
	var roll tmd.PublicRoll
	if err := jsonUnmarshal(raw, &roll); err != nil {
		t.Fatal(err)
	}
	if roll.Campaign != "Thursday Guild" || roll.Character != "Sparks" || roll.Commitment != p1[0][1] || roll.Seed != p1[1][1] || len(roll.Species) != tmd.SpeciesChoices {
		t.Fatalf("the download %+v does not match the page", roll)
	}
	for _, sp := range roll.Species {
		if !strings.Contains(first, "<b>"+sp+"</b>") {
			t.Errorf("the page does not show the species %s", sp)
		}
	}
	check := func(body string) (string, error) {
		file := filepath.Join(t.TempDir(), "species-roll.json")
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		err := tmd.Command(context.Background(), []string{"roll-species", "--check", file}, &out, &errOut)
		return out.String(), err
	}
	if out, err := check(raw); err != nil || !strings.HasPrefix(out, "ok: ") {
		t.Fatalf("roll-species --check of the download: %v\n%s", err, out)
	}
	tampered := strings.Replace(raw, `"Sparks"`, `"Sparky"`, 1)
	if out, err := check(tampered); !errors.Is(err, tmd.ErrInvalid) || !strings.Contains(out, "FAILED") {
		t.Errorf("roll-species --check passed a roll whose character was changed: %v\n%s", err, out)
	}

	// Long names of wide letters still make a key the store takes.
	long := url.Values{"campaign": {strings.Repeat("ポ", 100)}, "character": {strings.Repeat("ケ", 100)}}
	if status, body := s.do("POST", page, long); status != http.StatusOK || !strings.Contains(body, "Rolled just now.") {
		t.Errorf("a roll for names of 100 wide letters = %d:\n%s", status, body)
	}

	status, other := s.do("POST", page, url.Values{"campaign": {"Monday Guild"}, "character": {"Sparks"}})
	if po := proof.FindAllStringSubmatch(other, -1); status != http.StatusOK || !strings.Contains(other, "Rolled just now.") || len(po) != 2 || po[0][1] == p1[0][1] {
		t.Errorf("Sparks of another campaign = %d, want a roll of its own:\n%s", status, other)
	}
}

// TestSpeciesRollPage_SaysWhatIsWrong checks bad names: a 400 that says
// what was wrong, and nothing rolled.
func TestSpeciesRollPage_SaysWhatIsWrong(t *testing.T) {
	s := mustToolServer(t)
	for _, c := range []struct {
		form url.Values
		want string
	}{
		{url.Values{"campaign": {"Guild"}}, "give the character&#39;s name"},
		{url.Values{"campaign": {" "}, "character": {"Sparks"}}, "give the campaign&#39;s name"},
		{url.Values{"campaign": {"Guild"}, "character": {strings.Repeat("x", 101)}}, "longer than 100 characters"},
		{url.Values{"campaign": {"Guild"}, "character": {"Spa\x07rks"}}, "cannot be printed"},
		{url.Values{"campaign": {"Guild"}, "character": {"Spa\x00rks"}}, "cannot be printed"},
	} {
		status, body := s.do("POST", "/games/tmd/tools/species-roll", c.form)
		if status != http.StatusBadRequest || !strings.Contains(body, c.want) || strings.Contains(body, "Rolled just now") {
			t.Errorf("%v = %d, want 400 saying %s:\n%s", c.form, status, c.want, body)
		}
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// TestTools_TheGameOffersItsToolsInTheLobbyAndOnItsRulesPage checks that
// the registered game offers both tools (engine.Tooler), and that the
// lobby and the game's rules page link to them.
func TestTools_TheGameOffersItsToolsInTheLobbyAndOnItsRulesPage(t *testing.T) {
	s := mustToolServer(t)
	for _, page := range []string{"/", "/games/tmd/rules"} {
		status, body := s.do("GET", page, nil)
		for _, want := range []string{`<a href="/games/tmd/tools/damage">Damage calculator</a>`, `<a href="/games/tmd/tools/species-roll">Species roll</a>`} {
			if status != http.StatusOK || !strings.Contains(body, want) {
				t.Errorf("%s = %d, lacks the link %s", page, status, want)
			}
		}
	}
}
