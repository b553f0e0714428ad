package tmd

import (
	"encoding/json"
	"math/big"
	"os"
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
