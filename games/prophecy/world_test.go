package prophecy

import (
	"encoding/json"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

func TestWorlds_ThreeOriginalWorldsOf36Catastrophes(t *testing.T) {
	want := map[string]bool{"fantasy": true, "starship": true, "city": true}
	if len(Worlds()) < 3 {
		t.Fatalf("%d worlds, want at least 3", len(Worlds()))
	}
	for _, w := range Worlds() {
		delete(want, w.ID)
		if len(w.Catastrophes) != 36 {
			t.Errorf("world %s: %d catastrophes, want 36", w.ID, len(w.Catastrophes))
		}
		seen := map[string]bool{}
		for _, c := range w.Catastrophes {
			if seen[c] {
				t.Errorf("world %s: catastrophe %q twice", w.ID, c)
			}
			seen[c] = true
		}
		for c := range numCategories {
			if len(w.Suggestions.Category(c)) == 0 {
				t.Errorf("world %s: no suggestions for %s", w.ID, c)
			}
		}
		if len(w.Suggestions.Objects) == 0 || len(w.Suggestions.ObjectAspects) == 0 {
			t.Errorf("world %s: no suggestions for objects or their aspects", w.ID)
		}
	}
	for id := range want {
		t.Errorf("no world %q", id)
	}
}

// worldJSON returns a built-in world as JSON, changed by edit.
func worldJSON(t *testing.T, edit func(m map[string]any)) []byte {
	t.Helper()
	raw, err := json.Marshal(builtin[0])
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	m["id"] = "mine"
	edit(m)
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestParseWorld_ErrorsNameTheField(t *testing.T) {
	sugg := func(m map[string]any) map[string]any { return m["suggestions"].(map[string]any) }
	tests := []struct {
		name  string
		edit  func(m map[string]any)
		field string
	}{
		{"35 catastrophes", func(m map[string]any) { m["catastrophes"] = m["catastrophes"].([]any)[1:] }, "catastrophes: want 36 entries"},
		{"blank catastrophe", func(m map[string]any) { m["catastrophes"].([]any)[8] = "  " }, "catastrophes[8] (d66 23): empty"},
		{"no affiliations", func(m map[string]any) { sugg(m)["affiliation"] = []any{} }, "suggestions.affiliation: the list is empty"},
		{"no object aspects", func(m map[string]any) { delete(sugg(m), "object_aspects") }, "suggestions.object_aspects"},
		{"long occupation", func(m map[string]any) { sugg(m)["occupation"] = []any{strings.Repeat("x", 301)} }, "suggestions.occupation[0]: too long"},
		{"misspelt list", func(m map[string]any) { sugg(m)["ocupation"] = []any{"x"} }, `unknown field "ocupation"`},
		{"no name", func(m map[string]any) { m["name"] = "" }, "name: empty"},
		{"bad id", func(m map[string]any) { m["id"] = "My World" }, "id: want a short lowercase name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseWorld(worldJSON(t, tt.edit))
			if err == nil || !strings.Contains(err.Error(), tt.field) {
				t.Errorf("ParseWorld = %v, want an error containing %q", err, tt.field)
			}
		})
	}
	if _, err := ParseWorld(worldJSON(t, func(map[string]any) {})); err != nil {
		t.Errorf("ParseWorld of a complete world: %v", err)
	}
}

// mustNew returns a table of n players at its start.
func mustNew(tb testing.TB, n int) *State {
	tb.Helper()
	seats := make([]engine.SeatInfo, n)
	for i, name := range []string{"Ann", "Bo", "Cy", "Di", "Ed", "Flo"}[:n] {
		seats[i].Name = name
	}
	s, err := New(Options{Practice: n < 3}, seats)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// mustApply applies an action given in its text form, failing the test if
// it is refused.
func mustApply(tb testing.TB, s *State, seat engine.Seat, text string, d *dice.Stream) []engine.Event {
	tb.Helper()
	a, err := ParseAction(text)
	if err != nil {
		tb.Fatalf("ParseAction(%q): %v", text, err)
	}
	evs, err := s.Apply(seat, a, d)
	if err != nil {
		tb.Fatalf("%s by %s: %v", text, seat, err)
	}
	return evs
}

func TestReceive_RollsD66WithTheFacesShown(t *testing.T) {
	for i := range 20 {
		s := mustNew(t, 3)
		d := dice.NewStream(dice.Seed{byte(i), 66})
		mustApply(t, s, 1, "world city", d)
		evs := mustApply(t, s, 2, "receive", d)
		draws := d.Draws(0)
		if len(draws) != 2 || draws[0].Sides != 6 || draws[1].Sides != 6 {
			t.Fatalf("seed %d: receive drew %v, want two d6", i, draws)
		}
		tens, units := draws[0].Face, draws[1].Face
		p := s.prophecy
		if p.Tens != tens || p.Units != units || p.Roll != 10*tens+units {
			t.Errorf("seed %d: prophecy %+v, dice showed %d and %d", i, p, tens, units)
		}
		w, _ := FindWorld("city")
		if want := w.Catastrophes[(tens-1)*6+units-1]; p.Text != want {
			t.Errorf("seed %d: catastrophe %q, want entry %d%d %q", i, p.Text, tens, units, want)
		}
		if want := "d66 rolled " + string(rune('0'+tens)) + " and " + string(rune('0'+units)); !strings.Contains(evs[0].Text, want) {
			t.Errorf("seed %d: event %q does not show the faces (%q)", i, evs[0].Text, want)
		}
	}
}

func TestWorld_ATableBringsItsOwn(t *testing.T) {
	s := mustNew(t, 3)
	raw := worldJSON(t, func(m map[string]any) { m["name"] = "Our Own" })
	w, err := ParseWorld(raw)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(0, ChooseWorld{Custom: w}, dice.NewStream(dice.Seed{})); err != nil {
		t.Fatal(err)
	}
	if s.world.Name != "Our Own" {
		t.Errorf("world %q, want Our Own", s.world.Name)
	}
	bad := *w
	bad.Catastrophes = bad.Catastrophes[:10]
	_, err = s.Apply(0, ChooseWorld{Custom: &bad}, dice.NewStream(dice.Seed{}))
	if err == nil || !strings.Contains(err.Error(), "catastrophes: want 36 entries") {
		t.Errorf("a world of 10 catastrophes: %v, want an error naming catastrophes", err)
	}
	// The JSON form of the action reads the world back.
	body, _ := json.Marshal(ChooseWorld{Custom: w})
	a, err := Game.Decode(KindWorld, body)
	if err != nil {
		t.Fatal(err)
	}
	if a.(ChooseWorld).Custom.Name != "Our Own" {
		t.Errorf("decoded %v", a)
	}
}
