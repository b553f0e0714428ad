package tmd

import (
	"encoding/json"
	"errors"
	"html"
	"io/fs"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// textOf is a's text form: its String, but for a sheet, brought whole as
// its JSON.
func textOf(tb testing.TB, a engine.Action) string {
	tb.Helper()
	if b, ok := a.(BringSheet); ok {
		raw, err := json.Marshal(b.Sheet)
		if err != nil {
			tb.Fatal(err)
		}
		return "sheet " + string(raw)
	}
	return a.String()
}

// mustReadBack checks that ParseAction reads a's text form back as a.
func mustReadBack(tb testing.TB, a engine.Action) {
	tb.Helper()
	text := textOf(tb, a)
	back, err := ParseAction(text)
	if err != nil {
		tb.Errorf("ParseAction(%q): %v", text, err)
		return
	}
	if !reflect.DeepEqual(back, a) {
		tb.Errorf("ParseAction(%q) = %#v, want %#v", text, back, a)
	}
}

// TestParseAction_ReadsBackEveryKind: every kind of action but Typed
// (whose text is another action's) reads back from its text form, with
// names that hold the words the forms use ("Type: Null", "Paldean Tauros
// (Blaze)", "Good as Gold").
func TestParseAction_ReadsBackEveryKind(t *testing.T) {
	d := mustData(t)
	samples := []engine.Action{
		BringSheet{Sheet: *SampleSheet(d, "Ann", 0)},
		PlacePoint{Stat: SpAtk},
		LendBag{Lend: true}, LendBag{},
		LearnMove{Move: "Thunderbolt"}, LearnMove{Move: "Thunderbolt", Replace: "Growl"},
		SkipMove{Move: "Double Team"},
		Evolve{Into: "Raichu"},
		Evolve{Who: "Ann", Into: "Paldean Tauros (Blaze)", Ability: "Intimidate", Bonus: "Speed", Reason: "a Fire Stone"},
		Evolve{Into: "Paldean Tauros (Blaze)"},
		UseMove{Move: "Growl"}, UseMove{Move: "Growl", Targets: []string{"Geodude", "Oddish 2"}},
		UseMove{Actor: "Type: Null", Move: "Tackle", Targets: []string{"Ann"}},
		UseMove{Actor: "Geodude", Move: "Tackle", Targets: []string{"Type: Null"}},
		UseMove{Move: "Metronome"},
		Guard{Ally: "Bo"}, Guard{Actor: "Guard", Ally: "Bo"},
		Brace{Stat: Defense}, Brace{Actor: "Oddish", Stat: SpDef},
		Break{}, Break{Actor: "Geodude"},
		Dodge{AP: 2}, Dodge{Actor: "Geodude", AP: 1},
		UseWish{}, UseWish{Actor: "Togepi"},
		UseAbility{}, UseAbility{Actor: "Pelipper"},
		UseItem{Item: "Oran Berry"}, UseItem{Item: "Metronome", On: "Ann"},
		UseItem{Item: "Reviver Seed", On: "Bo", Bag: "Bo"},
		ClearHazards{}, ClearHazards{Actor: "Geodude"},
		EndTurn{}, EndTurn{Actor: "End Boss"},
		Note{Text: "the cave floods next (round 3): use the ledge"},
		AddFoe{Species: "Geodude", Level: 5},
		AddFoe{Species: "Geodude", Level: 6, Name: "Rocky", Moves: []string{"Tackle", "Rock Throw"}, Ability: "Sturdy", Hidden: true},
		AddFoe{Species: "Gholdengo", Level: 40, Name: "Gold and Glory", Ability: "Good as Gold"},
		AddFoe{Species: "Type: Null", Level: 30, Name: "Null with Hat", Moves: []string{"Tackle"}},
		AddFoe{Species: "Bulbasaur", Level: 5, Ally: true},
		Reveal{Foe: "Geodude"}, Reveal{Foe: "Paldean Tauros (Blaze)", Hide: true},
		StartBattle{First: Allies}, StartBattle{First: Foes},
		SetWeather{Weather: WeatherRain, Reason: "a storm"}, SetWeather{Reason: "the sky clears"},
		SetTerrain{Terrain: TerrainGrassy, Reason: "a meadow (in spring)"},
		SetHazard{Side: Foes, Hazard: HazardSpikes, Layers: 2, Reason: "a trap"},
		SetHazard{Side: Allies, Hazard: HazardStickyWeb, Reason: "swept"},
		SetCondition{Who: "Ann", Condition: CondPoison, Reason: "a trap"},
		SetCondition{Who: "Ann", Condition: CondInfatuated, By: "Bo", Reason: "a charm"},
		SetCondition{Who: "Paldean Tauros (Blaze)", Condition: CondToxic, Remove: true, Reason: "a cure"},
		SetCondition{Who: "Paldean Tauros (Blaze)", Condition: CondBurn},
		Override{Who: "Ann", Field: "hp", Value: 12, Reason: "a fall"},
		Override{Who: "Geodude", Field: "stage-atk", Value: -2, Reason: "scared"},
		Override{Field: "gravity", Value: 3, Reason: "a storm"},
		EndBattle{Reason: "the foes flee"}, EndBattle{},
		Award{XP: 50, RP: 100, Reason: "a quest done"},
		Award{Who: "Ann", XP: 20, Reason: "a clever plan"},
		SetLeader{Who: "Bo"},
		SetTrap{Trap: TrapSpiked, Reason: "a pit"}, SetTrap{Trap: TrapPoison, At: 8, Reason: "a pit (deep)"},
		SetAbility{Who: "Geodude", Ability: "Levitate", Reason: "Skill Swap"},
		SetAbility{Who: "Paldean Tauros (Blaze)", Ability: "As One (Glastrier)"},
		End{Reason: "the team rests"}, End{},
	}
	kinds := map[string]bool{}
	for _, a := range samples {
		kinds[a.Kind()] = true
		mustReadBack(t, a)
	}
	for kind := range decoders {
		if !kinds[kind] && kind != KindTyped {
			t.Errorf("no sample of %q: its text form is not tested", kind)
		}
	}
}

// TestParseAction_ReadsBackLegalChoices: every choice Legal offers, to
// every seat in the states of a session (sheets to bring, a battle set up,
// the allies' turn, the foes' turn, a level-up after it), reads back from
// its text form, and the log's actions of a whole battle do too.
func TestParseAction_ReadsBackLegalChoices(t *testing.T) {
	tab, err := engine.NewTable(Game, nil, testSeats, dice.Seed{3})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	check := func() {
		t.Helper()
		for seat := range testSeats {
			for _, a := range tab.State().Legal(engine.Seat(seat)) {
				seen[a.Kind()] = true
				mustReadBack(t, a)
			}
		}
	}
	check()
	d := mustData(t)
	for i, seat := range testPlayers {
		sh := SampleSheet(d, testSeats[seat].Name, i)
		sh.Inventory = append(sh.Inventory, "Reviver Seed", "Metronome")
		mustAct(t, tab, seat, BringSheet{Sheet: *sh})
	}
	mustAct(t, tab, boSeat, LendBag{Lend: true})
	check()
	mustAct(t, tab, gmSeat, geodude)
	mustAct(t, tab, gmSeat, AddFoe{Species: "Pelipper", Level: 20, Moves: []string{"Water Gun"}, Ability: "Drizzle", Hidden: true})
	check()
	mustAct(t, tab, gmSeat, StartBattle{First: Allies})
	mustAct(t, tab, gmSeat, Override{Who: "Bo", Field: "hp", Value: 0, Reason: "a trap"})
	check()
	for _, seat := range tab.State().Pending() {
		if seat != gmSeat {
			mustAct(t, tab, seat, EndTurn{})
		}
	}
	check()
	mustAct(t, tab, gmSeat, EndBattle{Reason: "they flee"})
	mustAct(t, tab, gmSeat, Award{Who: "Ann", XP: 400, Reason: "a quest done"})
	check()
	for _, kind := range []string{KindSheet, KindPoint, KindMove, KindItem, KindGuard, KindAbility, KindFoe, KindStart, KindCondition, KindEndTurn} {
		if !seen[kind] {
			t.Errorf("no state offers a %q: the test reads none back", kind)
		}
	}
	for _, e := range tab.Log(0) {
		a, err := Game.Decode(e.Kind, e.Action)
		if err != nil {
			t.Fatal(err)
		}
		mustReadBack(t, a)
	}
}

// TestParseAction_ShortForms: the shorter forms a person may type read
// as the full ones.
func TestParseAction_ShortForms(t *testing.T) {
	for _, tc := range []struct {
		text string
		want engine.Action
	}{
		{"point spa", PlacePoint{Stat: SpAtk}},
		{"LEND", LendBag{Lend: true}},
		{"skip Growl", SkipMove{Move: "Growl"}},
		{"use Oran Berry on Ann", UseItem{Item: "Oran Berry", On: "Ann"}},
		{"use Reviver Seed from Bo's bag on Bo", UseItem{Item: "Reviver Seed", On: "Bo", Bag: "Bo"}},
		{"use Wish", UseMove{Move: "Wish"}},
		{"Geodude: end turn", EndTurn{Actor: "Geodude"}},
		{"break", Break{}},
		{"dodge 2", Dodge{AP: 2}},
		{"clear hazards", ClearHazards{}},
		{"note:no space", Note{Text: "no space"}},
		{"reveal Geodude", Reveal{Foe: "Geodude"}},
		{"start foes first", StartBattle{First: Foes}},
		{"hazard spikes x3 on the allies side (a trap)", SetHazard{Side: Allies, Hazard: "spikes", Layers: 3, Reason: "a trap"}},
		{"remove poison to Ann (a cure)", SetCondition{Who: "Ann", Condition: "poison", Remove: true, Reason: "a cure"}},
		{"award 30 RP to the team (a rescue)", Award{RP: 30, Reason: "a rescue"}},
		{"end battle", EndBattle{}},
		{"  End   the session  ", End{}},
	} {
		got, err := ParseAction(tc.text)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseAction(%q) = %#v, %v; want %#v", tc.text, got, err, tc.want)
		}
	}
}

// TestParseAction_BadTextSaysWhatToWrite: a text that reads as no action
// is refused with the form to write, in the player's words, never a panic.
func TestParseAction_BadTextSaysWhatToWrite(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "empty action"},
		{"   ", "empty action"},
		{"fly to the moon", `unknown action "fly to the moon"`},
		{"use", `write "use MOVE on TARGET"`},
		{"use item", `write "use item ITEM on NAME"`},
		{"bring the sheet of Ann", `write "sheet" and the sheet's JSON`},
		{"sheet", `write "sheet" and the sheet's JSON`},
		{`sheet {"name": "Ann", "colour": "red"}`, `unknown field "colour"`},
		{"sheet {" + strings.Repeat("x", 500), "…"},
		{"sheet @pip.json", `there is no sheet file "pip.json"`},
		{`sheet {"name": 5}`, `(malformed JSON: "name" must be text, not a number)`},
		{"bring the sheet of Ann, a level 5 Pikachu", "or pick one of the sample sheets offered"},
		{"place a point in luck", `write "place a point in STAT"`},
		{"lend my bag to Bo", `write "lend my bag to allies"`},
		{"learn", `write "learn MOVE"`},
		{"learn Thunderbolt in place of", `"learn MOVE in place of MOVE"`},
		{"do it", `write "do not learn MOVE"`},
		{"evolve", `write "evolve into SPECIES"`},
		{"brace Attack", `write "brace Defense" or "brace Special Defense"`},
		{"take five", `write "take a break"`},
		{"dodge lots", `write "dodge with N AP"`},
		{"clear the table", `write "clear the hazards"`},
		{"end", `write "end the turn", "end the battle (REASON)"`},
		{"end the turn (tired)", `write "end the turn"`},
		{"note:", `write "note: TEXT"`},
		{"add Geodude", `write "add foe SPECIES level N"`},
		{"add foe Geodude", `write "add foe SPECIES level N"`},
		{"add foe Geodude level five", `write "add foe SPECIES level N"`},
		{"add foe Geodude level 5 with Hat", `"add foe SPECIES level N"`},
		{"reveal", `write "reveal the stats of FOE"`},
		{"start the battle", `write "start the battle, allies first"`},
		{"hazard spikes on the foes' side", `write "hazard spikes ×2 on the foes' side (REASON)"`},
		{"hazard spikes ×2 on the moon", `write "hazard spikes ×2`},
		{"apply poison", `write "apply CONDITION to NAME (REASON)"`},
		{"remove poison", `write "remove CONDITION from NAME (REASON)"`},
		{"set hp of Ann to lots", `write "set FIELD of NAME to N (REASON)"`},
		{"award lots to Ann", `write "award N XP and N RP to NAME (REASON)"`},
		{"award 5 XP", `write "award N XP and N RP to NAME (REASON)"`},
		{"make Bo", `write "make NAME the leader"`},
		{"Geodude: fly", `after a name and a colon write what it does`},
		{"Geodude: use", `after a name and a colon write what it does`},
		{"hide a", `write "hide a TRAP (REASON)"`},
		{"hide a spiked trap (springs on lots) (a pit)", `"hide a TRAP (springs on N or less) (REASON)"`},
		{"give Geodude Levitate", `write "give NAME the ability ABILITY (REASON)"`},
	} {
		a, err := ParseAction(tc.text)
		if err == nil {
			t.Errorf("ParseAction(%q) = %#v, want an error", tc.text, a)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "tmd: ") || !strings.Contains(msg, tc.want) {
			t.Errorf("ParseAction(%q) = %q, want it to say %q", tc.text, msg, tc.want)
		}
	}
}

// TestTypedAction_PlaysAsTheActionItReads: a Typed action decodes from
// its JSON and resolves (engine.Resolve, as the table does) to the action
// its text reads, which plays; a text that reads as no action, or as one
// the seat may not take, is refused in the player's words, and nothing
// changes.
func TestTypedAction_PlaysAsTheActionItReads(t *testing.T) {
	if a, err := Game.Decode(KindTyped, []byte(`{"text":"end the turn"}`)); err != nil || a != (Typed{Text: "end the turn"}) {
		t.Fatalf("Decode(typed) = %#v, %v", a, err)
	}
	s := mustBattle(t, Allies, nil, geodude)
	for _, tc := range []struct {
		seat engine.Seat
		text string
	}{
		{annSeat, "use Thunder Shock on Geodude"},
		{gmSeat, "note: the Geodude is tired"},
		{gmSeat, "apply poison to Bo (a trap)"},
		{boSeat, "dodge with 1 AP"},
	} {
		parsed, err := ParseAction(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		got, err := engine.Resolve(Typed{Text: tc.text})
		if err != nil || !reflect.DeepEqual(got, parsed) {
			t.Fatalf("typed %q resolves to %#v, %v, want %#v", tc.text, got, err, parsed)
		}
		if _, err := s.Apply(tc.seat, got, dice.NewUnrecordedStream(dice.Seed{7})); err != nil {
			t.Fatalf("typed %q: %v", tc.text, err)
		}
	}
	for _, tc := range []struct {
		seat       engine.Seat
		text, want string
	}{
		{annSeat, "fly to the moon", `unknown action "fly to the moon"`},
		{annSeat, `typed end the turn`, `unknown action`},
		{annSeat, `typed {"text":"end the turn"}`, `after a name and a colon`},
		{annSeat, "use", `"use": write "use MOVE on TARGET"`},
		{annSeat, "award 10 XP and 0 RP to Ann (me)", "only the game master"},
	} {
		before := s.Clone()
		a, err := engine.Resolve(Typed{Text: tc.text})
		if err == nil {
			_, err = s.Apply(tc.seat, a, dice.NewUnrecordedStream(dice.Seed{}))
		}
		if err == nil {
			t.Fatalf("typed %q accepted", tc.text)
		}
		ae, ok := err.(*engine.ActionError)
		if !ok || !strings.Contains(ae.Refusal(), tc.want) || strings.Contains(ae.Refusal(), "tmd:") {
			t.Errorf("typed %q refused with %q, want it to say %q", tc.text, err, tc.want)
		}
		if !s.Equal(before) {
			t.Errorf("typed %q was refused but changed the state", tc.text)
		}
	}
}

// TestApply_TypedTextIsReadBeforeItPlays: Apply takes no Typed action:
// it refuses one, in words that say the text is read first, and changes
// nothing, however well the text reads; the table reads it
// (engine.Resolve) and plays what it reads.
func TestApply_TypedTextIsReadBeforeItPlays(t *testing.T) {
	s := mustBattle(t, Allies, nil, geodude)
	for _, tc := range []struct {
		seat engine.Seat
		text string
	}{{annSeat, "use Thunder Shock on Geodude"}, {gmSeat, "note: the Geodude is tired"}} {
		before := s.Clone()
		_, err := s.Apply(tc.seat, Typed{Text: tc.text}, dice.NewUnrecordedStream(dice.Seed{7}))
		if !errors.Is(err, engine.ErrIllegalAction) || !strings.Contains(err.Error(), "typed text is read as the action it names before it is played") {
			t.Errorf("typed %q given to Apply: %v, want it refused as text not yet read", tc.text, err)
		}
		if !s.Equal(before) {
			t.Errorf("typed %q was refused but changed the state", tc.text)
		}
	}
}

// TestWhatToType_EveryExampleReads: every action the rules summary's
// "What to type" and the table page's help show (a code span that starts
// with a verb, or names an actor) reads as an action; "sheet {…}" and
// "sheet @FILE" stand for a sheet and are left out.
func TestWhatToType_EveryExampleReads(t *testing.T) {
	rules, err := fs.ReadFile(pages, "pages/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(rules), "## What to type")
	if !ok {
		t.Fatal(`rules.md has no "What to type"`)
	}
	view, err := fs.ReadFile(pages, "pages/view.html")
	if err != nil {
		t.Fatal(err)
	}
	spans := regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(section, -1)
	spans = append(spans, regexp.MustCompile(`<code>([^<]+)</code>`).FindAllStringSubmatch(string(view), -1)...)
	n := 0
	for _, m := range spans {
		text := strings.Join(strings.Fields(html.UnescapeString(m[1])), " ")
		if strings.ContainsAny(text, "…@") || !verbs[verbOf(text)] && !strings.Contains(text, ": ") {
			continue
		}
		n++
		if _, err := ParseAction(text); err != nil {
			t.Errorf("the example %q reads as nothing: %v", text, err)
		}
	}
	if n < 40 {
		t.Errorf("only %d examples read: the test finds too few", n)
	}
}

// TestUnknownAction_TheExampleFitsWhoTyped: a text that reads as no action
// is refused with an example of what the one who typed it writes: the
// GM's a foe's action, a player's a character's. At the table a typed
// line is read as its seat's (engine.SeatStandin), and ParseAction, which
// knows no seat, gives a player's.
func TestUnknownAction_TheExampleFitsWhoTyped(t *testing.T) {
	const gmEx, playerEx = `as in "Rocky: use Tackle on Ann"`, `as in "use Tackle on Geodude"`
	for _, tc := range []struct {
		name      string
		gm        bool
		want, not string
	}{{"the GM", true, gmEx, playerEx}, {"a player", false, playerEx, gmEx}} {
		for _, text := range []string{"fly to the moon", "", "Guard: me"} {
			_, err := ParseActionAs(text, tc.gm)
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), tc.not) {
				t.Errorf("ParseActionAs(%q) for %s = %v, want %s", text, tc.name, err, tc.want)
			}
		}
	}
	if _, err := ParseAction("fly"); err == nil || !strings.Contains(err.Error(), playerEx) {
		t.Errorf("ParseAction(%q) = %v, want a player's example", "fly", err)
	}
	tab := mustTable(t, 1)
	for _, tc := range []struct {
		seat engine.Seat
		want string
	}{{gmSeat, gmEx}, {annSeat, playerEx}} {
		_, err := tab.Act(tc.seat, Typed{Text: "fly"})
		var ae *engine.ActionError
		if !errors.As(err, &ae) || !strings.Contains(ae.Refusal(), tc.want) {
			t.Errorf("typed \"fly\" by %s refused with %v, want %s", tc.seat, err, tc.want)
		}
	}
}

// TestParseAction_ANameTooLongForAFighterSaysSo: an actor's name before a
// colon longer than any fighter's (MaxName) is refused as too long, not
// as a text that says nothing after its colon; one of MaxName bytes reads.
func TestParseAction_ANameTooLongForAFighterSaysSo(t *testing.T) {
	name := strings.Repeat("x", MaxName)
	a, err := ParseAction(name + ": use Tackle on Ann")
	if want := (UseMove{Actor: name, Move: "Tackle", Targets: []string{"Ann"}}); err != nil || !reflect.DeepEqual(a, want) {
		t.Errorf("a name of %d bytes: %#v, %v; want %#v", MaxName, a, err, want)
	}
	for _, text := range []string{name + "y: use Tackle on Ann", name + "y: end the turn", "Type: " + name + ": guard Ann"} {
		_, err := ParseAction(text)
		if err == nil || !strings.Contains(err.Error(), "name is at most 40 bytes") || strings.Contains(err.Error(), "after a name and a colon") {
			t.Errorf("ParseAction(%q) = %v, want the name refused as too long", text, err)
		}
	}
}
