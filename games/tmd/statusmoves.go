package tmd

import (
	"fmt"
	"slices"
	"strings"
)

// Status moves of the group's list whose effect is neither a condition
// nor a plain stage change (field.go's statusEffects): each runs on the
// target it landed on, t, used by f.
var specialStatus = map[string]func(c *ctx, f, t *Fighter){
	"Haze":         func(c *ctx, f, t *Fighter) { c.haze() },
	"Belly Drum":   bellyDrum,
	"Topsy Turvy":  func(c *ctx, f, t *Fighter) { c.setStages(t, mapStages(t.Stages, func(v int) int { return -v })) },
	"Psych Up":     func(c *ctx, f, t *Fighter) { c.setStages(f, mapStages(t.Stages, func(v int) int { return v })) },
	"Heart Swap":   func(c *ctx, f, t *Fighter) { c.swapStages(f, t, stageKeys...) },
	"Power Swap":   func(c *ctx, f, t *Fighter) { c.swapStages(f, t, "atk", "spa") },
	"Guard Swap":   func(c *ctx, f, t *Fighter) { c.swapStages(f, t, "def", "spd") },
	"Soak":         soak,
	"Heal Bell":    func(c *ctx, f, t *Fighter) { c.cureMajor(t, nil) },
	"Aromatherapy": func(c *ctx, f, t *Fighter) { c.cureMajor(t, nil) },
	"Refresh":      func(c *ctx, f, t *Fighter) { c.cureMajor(t, []string{CondPoison, CondToxic, CondBurn, CondParalysis}) },
	"Rest":         rest,
	"Laser Focus":  func(c *ctx, f, t *Fighter) { c.inflict(f, CondLaserFocus) },
	"Lock-On":      func(c *ctx, f, t *Fighter) { c.lockOn(f, t, "Lock-On") },
	"Heal Pulse":   func(c *ctx, f, t *Fighter) { c.heal(t, 4, "Heal Pulse") },
	"Acupressure":  acupressure,
	"Dragon Cheer": dragonCheer,
	"Stockpile":    stockpile,
	"Swallow":      swallow,
	"Life Dew":     func(c *ctx, f, t *Fighter) { c.heal(t, 2, "Life Dew") },
	"Jungle Healing": func(c *ctx, f, t *Fighter) {
		c.heal(t, 2, "Jungle Healing")
		if t.Major != nil {
			c.cureMajor(t, nil)
		}
	},
	"Floral Healing": func(c *ctx, f, t *Fighter) {
		n := 4
		if c.b.terrainOn(t) == TerrainGrassy {
			n = 6
		}
		c.heal(t, n, "Floral Healing")
	},
	"Purify": func(c *ctx, f, t *Fighter) {
		if t.Major != nil {
			c.cureMajor(t, nil)
			c.heal(f, 4, "Purify")
		} else {
			c.say("%s has nothing to purify.", t.Name)
		}
	},
	"Lunar Dance":  func(c *ctx, f, t *Fighter) { c.sacrifice(f, t, false) },
	"Healing Wish": func(c *ctx, f, t *Fighter) { c.sacrifice(f, t, true) },
	"Mind Reader":  func(c *ctx, f, t *Fighter) { c.lockOn(f, t, "Mind Reader") },
}

// onUser are the special status moves used on the user itself (or, for
// Heal Bell and Aromatherapy, on allies it names).
var onUser = map[string]bool{"Haze": true, "Belly Drum": true, "Heal Bell": true, "Aromatherapy": true,
	"Refresh": true, "Rest": true, "Laser Focus": true}

// sacrifice: f faints to heal t to full (Lunar Dance: and +1 Speed when
// the next round starts; Healing Wish: and cure its major condition).
func (c *ctx) sacrifice(f, t *Fighter, wish bool) {
	c.heal(t, t.Body.MaxHP, "the sacrifice of "+f.Name)
	if wish && t.Major != nil {
		c.cureMajor(t, nil)
	}
	if !wish {
		t.Next = append(t.Next, StageLater{By: f.Name, Stage: "spe", Delta: 1})
	}
	c.damage(f, f.Body.HP, "its sacrifice")
}

// haze resets every fighter's stages.
func (c *ctx) haze() {
	for _, g := range c.b.Fighters {
		g.Stages = nil
	}
	c.say("Every stat change in the battle is reset.")
}

// bellyDrum: the user's Attack stage goes to +6 for half its max HP
// (rounded down); it fails with that much HP or less.
func bellyDrum(c *ctx, f, _ *Fighter) {
	cost := f.Body.MaxHP / 2
	if f.Body.HP <= cost {
		c.say("%s has too little HP to drum its belly.", f.Name)
		return
	}
	c.damage(f, cost, "half its max HP for Belly Drum")
	c.changeStage(f, "atk", 6-f.stage("atk"))
}

// soak makes t a pure Water type.
func soak(c *ctx, _, t *Fighter) {
	t.Types = []string{"Water"}
	c.say("%s is now a Water type.", t.Name)
}

// rest: the user heals to full and cannot act for 2 rounds.
func rest(c *ctx, f, _ *Fighter) {
	if c.inflict(f, CondResting) {
		c.heal(f, f.Body.MaxHP, "Rest")
	}
}

// cureMajor removes t's major condition if it is one of kinds (any, with
// kinds nil).
func (c *ctx) cureMajor(t *Fighter, kinds []string) {
	if t.Major == nil || (kinds != nil && !slices.Contains(kinds, t.Major.Kind)) {
		c.say("%s has nothing to cure.", t.Name)
		return
	}
	kind := t.Major.Kind
	cure(t, kind)
	c.say("%s is no longer %s.", t.Name, condText(kind))
}

// lockOn makes f's moves sure to hit t: its next move (Lock-On), or until
// the end of the next round (Mind Reader).
func (c *ctx) lockOn(f, t *Fighter, move string) {
	cure(f, CondLockedOn)
	if c.inflictFrom(f, CondLockedOn, t) {
		lock := f.cond(CondLockedOn)
		lock.Move = move
		if move == "Mind Reader" {
			lock.Left = 2 // used in its own turn: through its next one
		}
	}
}

// mapStages returns stages with each value mapped by fn.
func mapStages(stages map[string]int, fn func(int) int) map[string]int {
	out := map[string]int{}
	for k, v := range stages {
		if fn(v) != 0 {
			out[k] = fn(v)
		}
	}
	return out
}

// setStages gives f the stages st and says so.
func (c *ctx) setStages(f *Fighter, st map[string]int) {
	f.Stages = st
	if len(st) == 0 {
		f.Stages = nil
	}
	c.say("%s's stat changes are now %s.", f.Name, stagesText(f.Stages))
}

// swapStages swaps the stages keys of f and t.
func (c *ctx) swapStages(f, t *Fighter, keys ...string) {
	a, b := mapStages(f.Stages, func(v int) int { return v }), mapStages(t.Stages, func(v int) int { return v })
	for _, k := range keys {
		a[k], b[k] = t.stage(k), f.stage(k)
	}
	c.setStages(f, mapStages(a, func(v int) int { return v }))
	c.setStages(t, mapStages(b, func(v int) int { return v }))
}

// stagesText writes stages short: "atk +2, spe -1", or "none".
func stagesText(st map[string]int) string {
	var parts []string
	for _, k := range stageKeys {
		if v := st[k]; v != 0 {
			parts = append(parts, fmt.Sprintf("%s %+d", k, v))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// acupressureStats are the stats Acupressure's d6 picks, face 1 to 6.
var acupressureStats = [6]string{"atk", "def", "spa", "spd", "spe", "eva"}

// acupressure raises one of t's stats, picked with a d6, by 2 stages.
func acupressure(c *ctx, f, t *Fighter) {
	face := c.d.Roll(6)
	k := acupressureStats[face-1]
	c.say("%s's Acupressure: d6 %d, %s.", f.Name, face, k)
	c.changeStage(t, k, 2)
}

// dragonCheer raises t's crit stage by 1; a Dragon-type user's own by 2.
func dragonCheer(c *ctx, f, t *Fighter) {
	n := 1
	if t == f && f.hasType("Dragon") {
		n = 2
	}
	c.changeStage(t, "crit", n)
}

// MaxStockpile is how many times Stockpile can be used before it fails.
const MaxStockpile = 3

// stockpile adds a stockpile to f (Defense and Special Defense +1); a
// fourth fails.
func stockpile(c *ctx, f, _ *Fighter) {
	st := f.cond(CondStockpile)
	if st != nil && st.HP >= MaxStockpile {
		c.say("%s's Stockpile fails: it holds %d already.", f.Name, MaxStockpile)
		return
	}
	if st == nil {
		f.Minor = append(f.Minor, Cond{Kind: CondStockpile})
		st = &f.Minor[len(f.Minor)-1]
	}
	st.HP++
	c.say("%s stockpiles (%d).", f.Name, st.HP)
	c.changeStage(f, "def", 1)
	c.changeStage(f, "spd", 1)
}

// stockpiled is how many stockpiles f holds.
func stockpiled(f *Fighter) int {
	if st := f.cond(CondStockpile); st != nil {
		return st.HP
	}
	return 0
}

// SwallowHeal and SpitUpBP are what each stockpile gives Swallow and Spit
// Up.
const (
	SwallowHeal = 4
	SpitUpBP    = 8
)

// swallow heals f 4 HP a stockpile and releases them; it fails with none.
func swallow(c *ctx, f, _ *Fighter) {
	n := stockpiled(f)
	if n == 0 {
		c.say("%s's Swallow fails: nothing is stockpiled.", f.Name)
		return
	}
	c.heal(f, SwallowHeal*n, "Swallow")
	c.releaseStockpile(f)
}

// releaseStockpile takes f's stockpiles away, and the Defense and Special
// Defense increases they gave (not more than what is left of them).
func (c *ctx) releaseStockpile(f *Fighter) {
	n := stockpiled(f)
	cure(f, CondStockpile)
	for _, k := range []string{"def", "spd"} {
		if drop := min(n, max(0, f.stage(k))); drop > 0 {
			c.changeStage(f, k, -drop)
		}
	}
	c.say("%s's stockpile is spent.", f.Name)
}

// thrash follows Thrash: using it (again) has its user thrashing for 3
// rounds; using another move meanwhile ends that and disables the other
// move (Disabled holds the move used last).
func (c *ctx) thrash(f *Fighter, m *Move) {
	switch {
	case f.Fainted:
	case m.Name == "Thrash":
		cure(f, CondThrashing)
		c.inflict(f, CondThrashing)
	case cure(f, CondThrashing):
		c.say("%s breaks off its thrashing for %s.", f.Name, m.Name)
		c.inflict(f, CondDisabled)
	}
}
