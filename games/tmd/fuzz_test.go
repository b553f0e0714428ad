package tmd

import (
	"encoding/json"
	"math/big"
	"os"
	"reflect"
	"strings"
	"testing"
)

// FuzzSheet: any JSON read as a sheet derives, validates and renders
// without panicking; a sheet that validates derives without error.
func FuzzSheet(f *testing.F) {
	for _, name := range []string{"sparks.json", "raboot.json"} {
		raw, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Add([]byte(`{"species":"Eevee","level":0,"rank":"Gold","points":{"hp":-3}}`))
	f.Add([]byte(`{"species":"Mewtwo","level":100,"rank":"Grand Master","moves":["Psystrike","Psystrike","", "Basic Attack", "Recover"]}`))
	d := mustData(f)
	f.Fuzz(func(t *testing.T, raw []byte) {
		var s Sheet
		if json.Unmarshal(raw, &s) != nil {
			return
		}
		_, derr := s.Derive(d)
		verr := s.Validate(d)
		_, _ = s.Text(d)
		if verr == nil && derr != nil {
			t.Errorf("a valid sheet fails to derive: %v", derr)
		}
	})
}

// FuzzDamageDist: for any move and any attacker and defender numbers the
// distribution sums to exactly 1.
func FuzzDamageDist(f *testing.F) {
	f.Add(uint16(0), 5, 3, 2, 0, 0, 0, 0, 8, false, false, false, 1, false)
	f.Add(uint16(400), 12, 10, 3, -3, 2, 4, -2, 4, true, false, true, 3, true)
	d := mustData(f)
	f.Fuzz(func(t *testing.T, mi uint16, effect, points, mit, acc, crit, eva, speed, ap int, par, conf, burn bool, opp int, pages bool) {
		m := &d.Moves[int(mi)%len(d.Moves)]
		a := Attacker{CombatEffect: effect % 100, StatPoints: points % 30, AccuracyStg: acc, CritStg: crit, AP: ap % 20,
			Paralyzed: par, Confused: conf, Burned: burn, Opponents: opp % 30}
		if pages {
			a.Rules = PageRules
		}
		dist, err := d.DamageDist(m, a, Defender{Types: []string{"Normal"}, Mitigation: mit % 100, EvasionStg: eva, SpeedStg: speed, AP: 4})
		if err != nil {
			t.Fatalf("%s: %v", m.Name, err)
		}
		if dist.Total().Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%s: total %s", m.Name, dist.Total().RatString())
		}
		for _, o := range dist {
			if o.Damage < 0 {
				t.Errorf("%s: negative damage %d", m.Name, o.Damage)
			}
		}
	})
}

// FuzzParseAction: any text reads as an action or as an error that says
// so in the game's name, never a panic; an action read (a sheet aside)
// reads back from its own text form as itself.
func FuzzParseAction(f *testing.F) {
	for _, text := range []string{
		"use Thunder Shock on Geodude, Oddish", "Type: Null: use Tackle on Ann", "use item Reviver Seed from Bo's bag on Bo",
		"add foe Geodude level 6 as Rocky with Tackle, Rock Throw and Sturdy (stats hidden)", "note: the cave floods",
		"apply infatuation to Ann from Bo (a charm)", "hazard spikes ×2 on the foes' side (a trap)", "set gravity to 3 (x)",
		"evolve Ann into Paldean Tauros (Blaze) with Intimidate, species bonus in Speed (a stone)", "award 5 XP and 0 RP to the team (x)",
		"hide a poison trap (springs on 8 or less) (a pit)", `sheet {"name":"Ann","species":"Pikachu"}`, "end the session ((a) b)",
		"start the battle, foes first", "give Geodude the ability As One (Glastrier)", "Guard: guard Bo", "dodge with -1 AP", "(", "a: b: c:",
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		a, err := ParseAction(text)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "tmd: ") {
				t.Errorf("ParseAction(%q): %q does not start with the game's name", text, err)
			}
			return
		}
		if _, sheet := a.(BringSheet); sheet {
			return
		}
		back, err := ParseAction(a.String())
		if err != nil || !reflect.DeepEqual(back, a) {
			t.Errorf("ParseAction(%q) = %#v, whose text %q reads as %#v, %v", text, a, a.String(), back, err)
		}
	})
}
