package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/games"
	"tabletop/server"
)

// typedGame is claimGame with a typed action (an engine.Standin, like a
// game's action line): {"text": "claim"} stands for the claim, "pass" for
// the pass, and "hand over" for the table's hand-over to a bot. With the
// option window=false its answers are plain turns, not an answer window.
type typedGame struct{ claimGame }

func (typedGame) Info() engine.Info {
	info := claimGame{}.Info()
	info.Options = []engine.OptionSpec{{Name: "window", Kind: engine.OptionBool, Default: "true", Help: "the answers are an answer window"}}
	return info
}

func (typedGame) Setup(opts engine.Options, _ []engine.SeatInfo, _ *dice.Stream) (engine.State, error) {
	return &claimState{noWindow: !opts.Bool("window")}, nil
}

func (g typedGame) Decode(kind string, raw json.RawMessage) (engine.Action, error) {
	if kind != "typed" {
		return g.claimGame.Decode(kind, raw)
	}
	var a typedClaim
	if err := engine.DecodeStrict("claim", kind, raw, &a); err != nil {
		return nil, err
	}
	return a, nil
}

type typedClaim struct {
	Text string `json:"text"`
}

func (typedClaim) Kind() string     { return "typed" }
func (a typedClaim) String() string { return a.Text }

func (a typedClaim) Resolve() (engine.Action, error) {
	switch a.Text {
	case "claim", "pass":
		return claimAct{a.Text}, nil
	case "hand over":
		return engine.HandOver{}, nil
	}
	return nil, engine.Illegal(nil, "no action %q", a.Text)
}

// TestTyped_AnAnswerWindowTriesTheActionTheTextNames: a typed answer to an
// answer window is tried and recorded as the action its text names (a
// game's Apply refuses the text itself), and the window plays that action
// when it closes.
func TestTyped_AnAnswerWindowTriesTheActionTheTextNames(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = engine.NewRegistry(typedGame{}) })
	c := h.mustCreateAnnBo("claim", map[string]string{"window": "true"})
	r := h.do("POST", "/api/tables/"+c.ID+"/actions", c.Seats[0].Token, map[string]any{"kind": "typed", "action": map[string]string{"text": "claim"}})
	if r.status != http.StatusOK || !strings.Contains(r.body, "Answer recorded: claim") {
		t.Fatalf("Ann types claim into the window: %d %s, want it recorded as the claim", r.status, r.body)
	}
	r = h.do("POST", "/api/tables/"+c.ID+"/actions", c.Seats[1].Token, map[string]any{"kind": "typed", "action": map[string]string{"text": "grab"}})
	if r.status == http.StatusOK || !strings.Contains(r.body, `no action \"grab\"`) {
		t.Fatalf("Bo types a text that names no action: %d %s, want the game's refusal", r.status, r.body)
	}
	st := h.waitFor(c.ID, "", "the window to close", func(st tableState) bool { return st.Over })
	if texts := logTexts(st); !containsText(texts, "answers claim") {
		t.Fatalf("the window closed with %v, want Ann's claim played", texts)
	}
}

// TestSeatGate_JudgesTheActionATypedTextNames: what a seat may not send
// (a hand-over: only the turn clock hands a seat to a bot) is refused when
// it is typed too, and nothing is played.
func TestSeatGate_JudgesTheActionATypedTextNames(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = engine.NewRegistry(typedGame{}) })
	c := h.mustCreateAnnBo("claim", map[string]string{"window": "false"})
	r := h.do("POST", "/api/tables/"+c.ID+"/actions", c.Seats[0].Token, map[string]any{"kind": "typed", "action": map[string]string{"text": "hand over"}})
	if r.status != http.StatusBadRequest || !strings.Contains(r.body, "only when its turn clock runs out") {
		t.Fatalf("Ann types hand over: %d %s, want the hand-over refused", r.status, r.body)
	}
	if texts := logTexts(h.mustState(c.ID, "")); containsText(texts, "bot plays") {
		t.Fatalf("the log holds a hand-over: %v", texts)
	}
	if s := h.seats(c.ID, ""); s.Seats[0].StandIn {
		t.Fatal("Ann's seat was handed to a bot")
	}
}

// TestTyped_AnUnreadableTextGetsTheExampleOfTheSeatThatSentIt: the server
// reads a typed text as the seat that sent it (engine.ResolveBy), so a text
// that reads as no action is refused with the example that seat may type:
// in The Mystery Dungeons a foe's action for the game master, a
// character's for a player.
func TestTyped_AnUnreadableTextGetsTheExampleOfTheSeatThatSentIt(t *testing.T) {
	h := mustServer(t, func(c *server.Config) { c.Games = games.Registry() })
	c := h.mustCreateTMD(map[string]any{"name": "Gail", "gm": true}, map[string]any{"name": "Ann"}, map[string]any{"name": "Bo"})
	for _, tc := range []struct {
		who, token, example string
	}{
		{"the GM", c.Seats[0].Token, `Rocky: use Tackle on Ann`},
		{"a player", c.Seats[1].Token, `use Tackle on Geodude`},
	} {
		r := h.do("POST", "/api/tables/"+c.ID+"/actions", tc.token, map[string]any{"kind": "typed", "action": map[string]string{"text": "fly to the moon"}})
		if r.status != http.StatusUnprocessableEntity || !strings.Contains(r.body, tc.example) {
			t.Errorf("%s typing %q: %d %s; want 422 with the example %q", tc.who, "fly to the moon", r.status, r.body, tc.example)
		}
	}
}
