package tmd

import (
	"encoding/json"
	"errors"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// FuzzActions: any action kind and body, from any seat, at a table in
// battle, never panics; a refusal is an engine error that changes nothing
// and rolls no dice.
func FuzzActions(f *testing.F) {
	f.Add(KindMove, []byte(`{"move":"Thunder Shock","targets":["Geodude"]}`), uint8(1))
	f.Add(KindMove, []byte(`{"actor":"Geodude","move":"Tackle","targets":["Ann","Bo","Cy","Ann"]}`), uint8(0))
	f.Add(KindItem, []byte(`{"item":"Reviver Seed","on":"Geodude","bag":"Bo"}`), uint8(2))
	f.Add(KindOverride, []byte(`{"who":"Geodude","field":"stage-crit","value":-6,"reason":"x"}`), uint8(0))
	f.Add(KindFoe, []byte(`{"species":"Mewtwo","level":100,"moves":["Psystrike","Recover","Recover"]}`), uint8(0))
	f.Add(KindSheet, []byte(`{"sheet":{"name":"Zed","species":"Eevee","level":0}}`), uint8(3))
	f.Add(KindDodge, []byte(`{"ap":-4}`), uint8(3))
	f.Add(KindAward, []byte(`{"xp":99999,"rp":99999,"reason":"x"}`), uint8(0))
	base := mustBattle(f, Allies, nil, geodude)
	f.Fuzz(func(t *testing.T, kind string, body []byte, seat uint8) {
		a, err := decode(kind, body)
		if err != nil {
			return
		}
		s := base.Clone().(*State)
		before, _ := json.Marshal(s)
		d := dice.NewStream(dice.Seed{1})
		_, err = s.Apply(engine.Seat(seat%6)-1, a, d)
		if err == nil {
			_ = s.View(annSeat)
			_ = s.Legal(gmSeat)
			return
		}
		var ae *engine.ActionError
		if !errors.As(err, &ae) {
			t.Fatalf("%s: refused with a %T, not an engine error: %v", a, err, err)
		}
		after, _ := json.Marshal(s)
		if string(before) != string(after) || d.Len() != 0 {
			t.Fatalf("%s was refused (%v) but changed the state or rolled dice", a, err)
		}
	})
}
