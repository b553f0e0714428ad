package tmd_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
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

// proofCodes matches the commitment and the seed a species roll's page
// shows, in that order.
var proofCodes = regexp.MustCompile(`<code>([0-9a-f]{64})</code>`)

// sha256Hex is hex(sha256(the bytes a seed's hex spells)), worked out here
// apart from dice.Seed.Commitment.
func sha256Hex(t *testing.T, seedHex string) string {
	t.Helper()
	b, err := hex.DecodeString(seedHex)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// rollAction is who with action=roll: the second step's form.
func rollAction(who url.Values) url.Values {
	f := url.Values{"action": {"roll"}}
	for k, v := range who {
		f[k] = v
	}
	return f
}

// TestSpeciesRollPage_CommitmentIsShownBeforeAnyFaceAndIsTheSeedsSha256
// checks the two steps: a first POST commits a seed and shows only its
// commitment (no face, no seed, no download), with a link to share and
// the offer to roll now; the roll then reveals a seed whose sha256 is that
// commitment, and faces that roll-species --check accepts.
func TestSpeciesRollPage_CommitmentIsShownBeforeAnyFaceAndIsTheSeedsSha256(t *testing.T) {
	s := mustToolServer(t)
	const page = "/games/tmd/tools/species-roll"
	who := url.Values{"campaign": {"Thursday Guild"}, "character": {"Sparks"}}
	status, committed := s.do("POST", page, who)
	codes := proofCodes.FindAllStringSubmatch(committed, -1)
	if status != http.StatusOK || !strings.Contains(committed, "Committed just now.") || len(codes) != 1 ||
		strings.Contains(committed, "tmd-roll-faces") || strings.Contains(committed, "Rolled just now") || strings.Contains(committed, "Seed, revealed") {
		t.Fatalf("the commit = %d, want the commitment alone (no face, no seed):\n%s", status, committed)
	}
	commitment := codes[0][1]
	if !strings.Contains(committed, `name="action" value="roll"`) || !strings.Contains(committed, ">Roll now</button>") ||
		!strings.Contains(committed, `<a href="/games/tmd/tools/species-roll?campaign=Thursday%20Guild&amp;character=Sparks">this page</a>`) {
		t.Errorf("the commit does not offer to roll now and to share its page:\n%s", committed)
	}
	if status, raw := s.do("GET", page+"?"+who.Encode()+"&format=json", nil); status != http.StatusBadRequest || !strings.Contains(raw, "not rolled yet") || strings.Contains(raw, `"seed"`) {
		t.Errorf("the download before the roll = %d, want 400 and no seed:\n%s", status, raw)
	}

	status, rolled := s.do("POST", page, rollAction(who))
	codes = proofCodes.FindAllStringSubmatch(rolled, -1)
	if status != http.StatusOK || !strings.Contains(rolled, "Rolled just now.") || !strings.Contains(rolled, "tmd-roll-faces") || len(codes) != 2 {
		t.Fatalf("the roll = %d, want the faces, the commitment and the seed:\n%s", status, rolled)
	}
	if codes[0][1] != commitment || sha256Hex(t, codes[1][1]) != commitment {
		t.Fatalf("the roll shows the commitment %s and the seed %s (sha256 %s), committed was %s", codes[0][1], codes[1][1], sha256Hex(t, codes[1][1]), commitment)
	}
	status, raw := s.do("GET", page+"?"+who.Encode()+"&format=json", nil)
	if status != http.StatusOK {
		t.Fatalf("the download = %d: %s", status, raw)
	}
	if out, err := checkRoll(t, raw); err != nil || !strings.HasPrefix(out, "ok: ") || !strings.Contains(out, commitment[:16]) {
		t.Fatalf("roll-species --check of the download: %v\n%s", err, out)
	}
}

// TestSpeciesRollPage_ASecondCommitShowsTheFirstCommitment checks that
// asking to commit again, with any spelling of the names, draws no new
// seed: the page shows the first commitment, and so does a GET, which
// offers the roll.
func TestSpeciesRollPage_ASecondCommitShowsTheFirstCommitment(t *testing.T) {
	s := mustToolServer(t)
	const page = "/games/tmd/tools/species-roll"
	who := url.Values{"campaign": {"Thursday Guild"}, "character": {"Sparks"}}
	_, first := s.do("POST", page, who)
	status, again := s.do("POST", page, url.Values{"campaign": {"thursday  GUILD"}, "character": {" sparks "}})
	c1, c2 := proofCodes.FindAllStringSubmatch(first, -1), proofCodes.FindAllStringSubmatch(again, -1)
	if status != http.StatusOK || len(c1) != 1 || len(c2) != 1 || c1[0][1] != c2[0][1] ||
		!strings.Contains(again, "already has a committed seed") || strings.Contains(again, "Committed just now") || strings.Contains(again, "tmd-roll-faces") {
		t.Fatalf("a second commit = %d, want the first commitment again (%v, %v):\n%s", status, c1, c2, again)
	}
	status, shown := s.do("GET", page+"?"+who.Encode(), nil)
	c3 := proofCodes.FindAllStringSubmatch(shown, -1)
	if status != http.StatusOK || len(c3) != 1 || c3[0][1] != c1[0][1] || !strings.Contains(shown, ">Roll now</button>") ||
		strings.Contains(shown, "Committed just now") || strings.Contains(shown, "already has") {
		t.Errorf("the page of a committed character = %d, want its commitment and the offer to roll:\n%s", status, shown)
	}
}

// TestSpeciesRollPage_RollWithoutACommitmentIsRefused checks that the
// second step cannot come first: a roll for a character with no committed
// seed is a 400 that says so, and keeps nothing.
func TestSpeciesRollPage_RollWithoutACommitmentIsRefused(t *testing.T) {
	s := mustToolServer(t)
	const page = "/games/tmd/tools/species-roll"
	who := url.Values{"campaign": {"Thursday Guild"}, "character": {"Sparks"}}
	if status, body := s.do("POST", page, rollAction(who)); status != http.StatusBadRequest || !strings.Contains(body, "no seed is committed for Sparks") {
		t.Errorf("a roll before the commit = %d, want 400:\n%s", status, body)
	}
	if status, body := s.do("GET", page+"?"+who.Encode(), nil); status != http.StatusOK || !strings.Contains(body, "No species has been rolled for <b>Sparks</b>") {
		t.Errorf("after a refused roll the page = %d, want the offer to commit:\n%s", status, body)
	}
}

// checkRoll runs tabletop tmd roll-species --check on a roll's JSON.
func checkRoll(t *testing.T, body string) (string, error) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "species-roll.json")
	if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	err := tmd.Command(context.Background(), []string{"roll-species", "--check", file}, &out, &errOut)
	return out.String(), err
}

// commitAndRoll commits a seed for who and rolls it; it returns the roll's
// page.
func (s toolServer) commitAndRoll(who url.Values) (int, string) {
	s.t.Helper()
	if status, body := s.do("POST", "/games/tmd/tools/species-roll", who); status != http.StatusOK || !strings.Contains(body, "Committed just now.") {
		return status, body
	}
	return s.do("POST", "/games/tmd/tools/species-roll", rollAction(who))
}

// TestSpeciesRollPage_FirstRollIsKeptAndVerifies checks the species
// roll's public page end to end: before a roll the page offers to commit;
// a commit and a roll roll from a fresh seed kept under (campaign,
// character); a second roll and a second commit (the name spelt
// otherwise) show the first roll and say the second was refused; the page
// shows the commitment, faces, species and seed, and links to the roll's
// own page, which shows it again; its download passes tabletop tmd
// roll-species --check, and fails it once tampered with; another campaign
// rolls apart.
func TestSpeciesRollPage_FirstRollIsKeptAndVerifies(t *testing.T) {
	s := mustToolServer(t)
	const page = "/games/tmd/tools/species-roll"
	who := url.Values{"campaign": {"Thursday Guild"}, "character": {"Sparks"}}
	status, body := s.do("GET", page+"?"+who.Encode(), nil)
	if status != http.StatusOK || !strings.Contains(body, "No species has been rolled for <b>Sparks</b>") || !strings.Contains(body, `method="post"`) {
		t.Fatalf("before the roll = %d, want the offer to commit:\n%s", status, body)
	}
	status, first := s.commitAndRoll(who)
	if status != http.StatusOK || !strings.Contains(first, "Rolled just now.") {
		t.Fatalf("the roll = %d:\n%s", status, first)
	}
	other := url.Values{"campaign": {"thursday  GUILD"}, "character": {" sparks "}}
	p1 := proofCodes.FindAllStringSubmatch(first, -1)
	for _, form := range []url.Values{rollAction(other), other} {
		status, again := s.do("POST", page, form)
		if status != http.StatusOK || !strings.Contains(again, "a second roll was refused, and here is the first") || strings.Contains(again, "Rolled just now") {
			t.Fatalf("%v after the roll = %d, want the first shown and the second refused:\n%s", form, status, again)
		}
		p2 := proofCodes.FindAllStringSubmatch(again, -1)
		if len(p1) != 2 || len(p2) != 2 || p1[0][1] != p2[0][1] || p1[1][1] != p2[1][1] {
			t.Fatalf("%v after the roll shows another commitment or seed: %v, %v", form, p1, p2)
		}
	}

	// The roll's own page, as the roll links to it, shows it again.
	link := regexp.MustCompile(`<a href="([^"]+)">This roll's page</a>`).FindStringSubmatch(first)
	if link == nil {
		t.Fatalf("the roll does not link to its page:\n%s", first)
	}
	status, shown := s.do("GET", html.UnescapeString(link[1]), nil)
	if ps := proofCodes.FindAllStringSubmatch(shown, -1); status != http.StatusOK || len(ps) != 2 || ps[1][1] != p1[1][1] || strings.Contains(shown, "Rolled just now") {
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
	if out, err := checkRoll(t, raw); err != nil || !strings.HasPrefix(out, "ok: ") {
		t.Fatalf("roll-species --check of the download: %v\n%s", err, out)
	}
	tampered := strings.Replace(raw, `"Sparks"`, `"Sparky"`, 1)
	if out, err := checkRoll(t, tampered); !errors.Is(err, tmd.ErrInvalid) || !strings.Contains(out, "FAILED") {
		t.Errorf("roll-species --check passed a roll whose character was changed: %v\n%s", err, out)
	}

	// Long names of wide letters still make keys the store takes.
	long := url.Values{"campaign": {strings.Repeat("ポ", 100)}, "character": {strings.Repeat("ケ", 100)}}
	if status, body := s.commitAndRoll(long); status != http.StatusOK || !strings.Contains(body, "Rolled just now.") {
		t.Errorf("a roll for names of 100 wide letters = %d:\n%s", status, body)
	}

	status, monday := s.commitAndRoll(url.Values{"campaign": {"Monday Guild"}, "character": {"Sparks"}})
	if po := proofCodes.FindAllStringSubmatch(monday, -1); status != http.StatusOK || !strings.Contains(monday, "Rolled just now.") || len(po) != 2 || po[0][1] == p1[0][1] {
		t.Errorf("Sparks of another campaign = %d, want a roll of its own:\n%s", status, monday)
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
		if status != http.StatusBadRequest || !strings.Contains(body, c.want) || strings.Contains(body, "Rolled just now") || strings.Contains(body, "Committed just now") {
			t.Errorf("%v = %d, want 400 saying %s:\n%s", c.form, status, c.want, body)
		}
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// TestTools_TheGameOffersItsToolsInTheLobbyAndOnItsRulesPage checks that
// the registered game offers its tools (engine.Tooler), and that the
// lobby and the game's rules page link to them.
func TestTools_TheGameOffersItsToolsInTheLobbyAndOnItsRulesPage(t *testing.T) {
	s := mustToolServer(t)
	for _, page := range []string{"/", "/games/tmd/rules"} {
		status, body := s.do("GET", page, nil)
		for _, want := range []string{`<a href="/games/tmd/tools/damage">Damage calculator</a>`, `<a href="/games/tmd/tools/species-roll">Species roll</a>`,
			`<a href="/games/tmd/tools/iq-roll">IQ skill vendor&#39;s discounted roll</a>`} {
			if status != http.StatusOK || !strings.Contains(body, want) {
				t.Errorf("%s = %d, lacks the link %s", page, status, want)
			}
		}
	}
}

// commitAndRollIQ commits the next discounted roll for form's character
// and rolls it; it returns the roll's page.
func (s toolServer) commitAndRollIQ(form url.Values) string {
	s.t.Helper()
	const page = "/games/tmd/tools/iq-roll"
	status, body := s.do("POST", page, form)
	m := regexp.MustCompile(`Committed just now: roll (\d+)\.`).FindStringSubmatch(body)
	if status != http.StatusOK || m == nil {
		s.t.Fatalf("a commit %v = %d:\n%s", form, status, body)
	}
	status, body = s.do("POST", page, iqRollAction(form, m[1]))
	if status != http.StatusOK || !strings.Contains(body, "Rolled just now: roll "+m[1]+".") {
		s.t.Fatalf("roll %s of %v = %d:\n%s", m[1], form, status, body)
	}
	return body
}

// iqRollAction is the form that rolls number, committed for form's
// character.
func iqRollAction(form url.Values, number string) url.Values {
	f := rollAction(form)
	f.Set("number", number)
	f.Del("tier")
	return f
}

// TestIQVendorRollPage_CommitmentIsShownBeforeTheFaceAndIsTheSeedsSha256
// checks the vendor's two steps: a commit shows roll 1's commitment alone
// (no face, no seed, no download) and offers to roll it now; asking for a
// commitment again shows the same one, not a second roll; the roll
// reveals a seed whose sha256 is the commitment, and verifies; rolling it
// again shows the first roll and says so.
func TestIQVendorRollPage_CommitmentIsShownBeforeTheFaceAndIsTheSeedsSha256(t *testing.T) {
	s := mustToolServer(t)
	const page = "/games/tmd/tools/iq-roll"
	who := url.Values{"campaign": {"Thursday Guild"}, "character": {"Sparks"}, "tier": {"2"}}
	status, committed := s.do("POST", page, who)
	codes := proofCodes.FindAllStringSubmatch(committed, -1)
	if status != http.StatusOK || !strings.Contains(committed, "Committed just now: roll 1.") || len(codes) != 1 ||
		strings.Contains(committed, "Seed, revealed") || strings.Contains(committed, "Rolled just now") || !strings.Contains(committed, "committed, not rolled yet") {
		t.Fatalf("the commit = %d, want roll 1's commitment alone:\n%s", status, committed)
	}
	commitment := codes[0][1]
	if !strings.Contains(committed, `name="action" value="roll"`) || !strings.Contains(committed, "Roll now: Sparks's roll 1") ||
		!strings.Contains(committed, `<a href="/games/tmd/tools/iq-roll?campaign=Thursday%20Guild&amp;character=Sparks&amp;number=1">this roll's page</a>`) {
		t.Errorf("the commit does not offer to roll now and to share its page:\n%s", committed)
	}
	q := url.Values{"campaign": {"Thursday Guild"}, "character": {"Sparks"}, "number": {"1"}}
	if status, raw := s.do("GET", page+"?"+q.Encode()+"&format=json", nil); status != http.StatusBadRequest || !strings.Contains(raw, "not rolled yet") || strings.Contains(raw, `"seed"`) {
		t.Errorf("the download before the roll = %d, want 400 and no seed:\n%s", status, raw)
	}
	status, again := s.do("POST", page, url.Values{"campaign": {"thursday guild"}, "character": {"SPARKS"}, "tier": {"3"}})
	if c := proofCodes.FindAllStringSubmatch(again, -1); status != http.StatusOK || len(c) != 1 || c[0][1] != commitment ||
		!strings.Contains(again, "here is its commitment, not a new one") || strings.Contains(again, "roll 2") {
		t.Fatalf("a second commit = %d, want roll 1's commitment again:\n%s", status, again)
	}

	status, rolled := s.do("POST", page, iqRollAction(who, "1"))
	codes = proofCodes.FindAllStringSubmatch(rolled, -1)
	if status != http.StatusOK || !strings.Contains(rolled, "Rolled just now: roll 1.") || len(codes) != 2 || codes[0][1] != commitment || sha256Hex(t, codes[1][1]) != commitment {
		t.Fatalf("the roll = %d, want the seed of the commitment %s revealed (%v):\n%s", status, commitment, codes, rolled)
	}
	if !strings.Contains(rolled, "Roll 1: tier 2, d33") {
		t.Errorf("the roll is not the committed tier 2:\n%s", rolled)
	}
	status, twice := s.do("POST", page, iqRollAction(who, "1"))
	if c := proofCodes.FindAllStringSubmatch(twice, -1); status != http.StatusOK || !strings.Contains(twice, "a second roll was refused, and here is the first") ||
		strings.Contains(twice, "Rolled just now") || len(c) != 2 || c[1][1] != codes[1][1] {
		t.Errorf("rolling roll 1 again = %d, want the first roll:\n%s", status, twice)
	}
	status, raw := s.do("GET", page+"?"+q.Encode()+"&format=json", nil)
	if out, err := tmd.CheckRoll([]byte(raw)); status != http.StatusOK || err != nil || !strings.Contains(out, commitment[:16]) {
		t.Errorf("the download = %d does not check: %v\n%s", status, err, raw)
	}
	if status, body := s.do("POST", page, iqRollAction(who, "2")); status != http.StatusBadRequest || !strings.Contains(body, "no committed roll 2") {
		t.Errorf("rolling an uncommitted roll 2 = %d, want 400:\n%s", status, body)
	}
}

// TestIQVendorRollPage_EveryRollIsNumberedKeptAndVerifies checks the IQ
// skill vendor's discounted rolls end to end: before a roll the page lists
// none and offers the first; each POST rolls from a fresh seed kept under
// (campaign, character, number), so a second roll is number 2 and the
// first stays listed; a roll's own page shows it again with the list; its
// download passes tabletop tmd roll-species --check (as tabletop verify
// reads it) and fails once tampered with.
func TestIQVendorRollPage_EveryRollIsNumberedKeptAndVerifies(t *testing.T) {
	s := mustToolServer(t)
	const page = "/games/tmd/tools/iq-roll"
	status, body := s.do("GET", page, nil)
	if status != http.StatusOK || !strings.Contains(body, "tier 1 d27 at 20 IQ, tier 2 d33 at 70 IQ, tier 3 d12 at 140 IQ") {
		t.Fatalf("the empty form = %d, want the tiers' dice and prices:\n%s", status, body)
	}
	who := url.Values{"campaign": {"Thursday Guild"}, "character": {"Sparks"}}
	status, body = s.do("GET", page+"?"+who.Encode(), nil)
	if status != http.StatusOK || !strings.Contains(body, "No discounted roll has been made for <b>Sparks</b>") || !strings.Contains(body, "Commit a seed for Sparks's roll 1") {
		t.Fatalf("before any roll = %d:\n%s", status, body)
	}
	roll := func(tier string) string {
		t.Helper()
		return s.commitAndRollIQ(url.Values{"campaign": {"thursday  GUILD"}, "character": {" sparks "}, "tier": {tier}})
	}
	first, second := roll("2"), roll("3")
	proof := regexp.MustCompile(`<code>([0-9a-f]{64})</code>`)
	p1, p2 := proof.FindAllStringSubmatch(first, -1), proof.FindAllStringSubmatch(second, -1)
	if len(p1) != 2 || len(p2) != 2 || p1[0][1] == p2[0][1] {
		t.Fatalf("two rolls share a commitment or show none: %v, %v", p1, p2)
	}
	if !strings.Contains(first, "Rolled just now: roll 1.") || !strings.Contains(second, "Rolled just now: roll 2.") ||
		!strings.Contains(second, "2 discounted rolls") || !strings.Contains(second, "Commit a seed for sparks's roll 3") {
		t.Errorf("the second roll is not roll 2 with the first listed:\n%s", second)
	}
	download := func(number string) (tmd.PublicIQRoll, string) {
		t.Helper()
		q := url.Values{"campaign": {"Thursday Guild"}, "character": {"Sparks"}, "number": {number}, "format": {"json"}}
		status, raw := s.do("GET", page+"?"+q.Encode(), nil)
		if status != http.StatusOK {
			t.Fatalf("the download of roll %s = %d: %s", number, status, raw)
		}
		var r tmd.PublicIQRoll
		if err := jsonUnmarshal(raw, &r); err != nil {
			t.Fatal(err)
		}
		return r, raw
	}
	r1, raw1 := download("1")
	r2, _ := download("2")
	if r1.Number != 1 || r1.Tier != 2 || r1.Cost != 70 || r1.Die != 33 || r1.Commitment != p1[0][1] || r1.Seed != p1[1][1] || r1.Campaign != "thursday GUILD" {
		t.Errorf("roll 1 = %+v, want tier 2 at 70 IQ on a d33 with the first page's proof", r1)
	}
	if r2.Number != 2 || r2.Tier != 3 || r2.Cost != 140 || r2.Die != 12 || r2.Seed != p2[1][1] {
		t.Errorf("roll 2 = %+v, want tier 3 at 140 IQ on a d12", r2)
	}
	for _, r := range []tmd.PublicIQRoll{r1, r2} {
		if !strings.Contains(second, "<td>"+r.Skill+"</td>") {
			t.Errorf("the list lacks roll %d's %s:\n%s", r.Number, r.Skill, second)
		}
	}
	// Roll 1's own page shows it, with both rolls listed.
	status, shown := s.do("GET", page+"?"+url.Values{"campaign": {"Thursday Guild"}, "character": {"Sparks"}, "number": {"1"}}.Encode(), nil)
	if ps := proof.FindAllStringSubmatch(shown, -1); status != http.StatusOK || len(ps) != 2 || ps[1][1] != r1.Seed || strings.Contains(shown, "Rolled just now") || !strings.Contains(shown, "2 discounted rolls") {
		t.Errorf("roll 1's page = %d, want it shown with both rolls listed:\n%s", status, shown)
	}
	if status, body := s.do("GET", page+"?"+url.Values{"campaign": {"Thursday Guild"}, "character": {"Sparks"}, "number": {"3"}}.Encode(), nil); status != http.StatusBadRequest || !strings.Contains(body, "there is no roll 3") {
		t.Errorf("roll 3 = %d, want 400: there is none:\n%s", status, body)
	}
	if !tmd.IsRoll([]byte(raw1)) {
		t.Fatalf("tabletop verify would not take the download as a roll")
	}
	if out, err := tmd.CheckRoll([]byte(raw1)); err != nil || !strings.HasPrefix(out, "ok: ") || !strings.Contains(out, "discounted roll 1 of tier 2 (70 IQ)") {
		t.Errorf("the download does not check: %v\n%s", err, out)
	}
	for name, bad := range map[string]string{
		"another character": strings.Replace(raw1, `"sparks"`, `"sparky"`, 1),
		"another number":    strings.Replace(raw1, `"number": 1`, `"number": 2`, 1),
		"a lower price":     strings.Replace(raw1, `"cost": 70`, `"cost": 20`, 1),
	} {
		if bad == raw1 {
			t.Fatalf("%s: the roll was not changed", name)
		}
		if _, err := tmd.CheckRoll([]byte(bad)); !errors.Is(err, tmd.ErrInvalid) {
			t.Errorf("a roll with %s checks: %v", name, err)
		}
	}
	// Another campaign's Sparks rolls apart.
	status, other := s.do("GET", page+"?"+url.Values{"campaign": {"Monday Guild"}, "character": {"Sparks"}}.Encode(), nil)
	if status != http.StatusOK || !strings.Contains(other, "No discounted roll has been made") {
		t.Errorf("Sparks of another campaign = %d, want no rolls:\n%s", status, other)
	}
	for _, c := range []struct {
		form url.Values
		want string
	}{
		{url.Values{"campaign": {"Guild"}, "character": {"Sparks"}, "tier": {"4"}}, "tier: 4 is not between 1 and 3"},
		{url.Values{"campaign": {"Guild"}}, "give the character&#39;s name"},
	} {
		if status, body := s.do("POST", page, c.form); status != http.StatusBadRequest || !strings.Contains(body, c.want) || strings.Contains(body, "Rolled just now") || strings.Contains(body, "Committed just now") {
			t.Errorf("%v = %d, want 400 saying %s:\n%s", c.form, status, c.want, body)
		}
	}
}
