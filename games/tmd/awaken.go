package tmd

import (
	"fmt"
	"strings"
)

// Awakening kinds, by the awakened's highest stat (HP aside).
const (
	AwakeOffensive = "offensive" // +10 Attack and Special Attack; moves cannot miss and bypass defence
	AwakeDefensive = "defensive" // +10 Defense and Special Defense, +20 HP; immune to opponents' status moves and secondary effects
	AwakeSpeed     = "speed"     // +4 AP; the first move of each turn is free; accuracy rolls under 10 miss
)

// Awakening and Berserk numbers.
const (
	AwakeStat     = 10
	AwakeHP       = 20
	AwakeAP       = 4
	AwakeSpeedMin = 10 // the lowest accuracy face that can land for a speed awakening
	BerserkStep   = 2  // faces of critical failure added each turn from the third
	BerserkMax    = 12
)

// Awakening is an Empowerment Seed's effect on a fighter, for the battle.
type Awakening struct {
	Kind  string `json:"kind"`
	Turns int    `json:"turns"` // of its side's turns ended since it awakened (Berserk counts them; a Break resets them)
}

// awakeKind is f's awakening by its highest stat points: offensive
// (Attack or Special Attack), defensive (Defense or Special Defense) or
// speed; a tie goes in that order.
func awakeKind(f *Fighter) string {
	off, def := max(f.Body.Atk, f.Body.SpA), max(f.Body.Def, f.Body.SpD)
	switch {
	case off >= def && off >= f.Body.Spe:
		return AwakeOffensive
	case def >= f.Body.Spe:
		return AwakeDefensive
	}
	return AwakeSpeed
}

// berserk is how many faces above the 1 also fail for f: none for two
// turns after awakening, then 2 more a turn, up to 12.
func berserk(f *Fighter) int {
	if f.Awake == nil {
		return 0
	}
	return min(BerserkMax, BerserkStep*max(0, f.Awake.Turns-1))
}

// awakenedAs reports whether f is awakened of that kind.
func (f *Fighter) awakenedAs(kind string) bool { return f.Awake != nil && f.Awake.Kind == kind }

// awaken gives f the Awakening, and says how.
func (c *ctx) awaken(f *Fighter) {
	kind := awakeKind(f)
	f.Awake = &Awakening{Kind: kind}
	var what string
	switch kind {
	case AwakeOffensive:
		what = "+10 Attack and Special Attack; its moves cannot miss and bypass defence"
	case AwakeDefensive:
		f.Body.MaxHP += AwakeHP
		f.Body.HP += AwakeHP
		what = "+10 Defense and Special Defense, +20 HP; opponents' status moves and secondary effects cannot touch it"
	case AwakeSpeed:
		what = "+4 AP; its first move each turn is free; accuracy rolls under 10 miss"
		if c.b.Side == f.side() {
			f.Turn.AP += AwakeAP
			f.Turn.Max += AwakeAP
		}
	}
	c.sayHP(f, fmt.Sprintf("%s awakens (%s): %s.", f.Name, kind, what), fmt.Sprintf("%s awakens (%s): %s.", f.Name, kind, strings.Split(what, ";")[0]))
}
