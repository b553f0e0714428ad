package msp

import (
	"fmt"
	"strconv"
	"strings"

	"tabletop/dice"
	"tabletop/engine"
)

// Stat is one of the five statistics on a character sheet.
type Stat int8

const (
	Strength     Stat = iota // physical capabilities; sets how much a character carries
	Intelligence             // observing, interpreting, complex ideas
	Speed                    // agility; breaks initiative ties
	Defence                  // dealing with injury; HP = 20 + Defence
	Charisma                 // convincing others
	numStats
)

var statNames = [numStats]string{"strength", "intelligence", "speed", "defence", "charisma"}

// String returns the stat's name in lower case: "strength".
func (s Stat) String() string {
	if s < 0 || s >= numStats {
		return fmt.Sprintf("stat(%d)", int(s))
	}
	return statNames[s]
}

// Title returns the stat's name as a sheet writes it: "Strength".
func (s Stat) Title() string {
	n := s.String()
	return strings.ToUpper(n[:1]) + n[1:]
}

// MarshalText writes the stat's name.
func (s Stat) MarshalText() ([]byte, error) {
	if s < 0 || s >= numStats {
		return nil, fmt.Errorf("msp: no stat %d", int(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText reads a stat's name or its first three letters, in any case.
func (s *Stat) UnmarshalText(b []byte) error {
	v, err := ParseStat(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// ParseStat reads a stat's name ("strength") or its first three letters
// ("str"), in any case.
func ParseStat(text string) (Stat, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	for i, n := range statNames {
		if t == n || (len(t) >= 3 && strings.HasPrefix(n, t)) {
			return Stat(i), nil
		}
	}
	return 0, fmt.Errorf("msp: %s is not a stat (strength, intelligence, speed, defence, charisma)", engine.Quote(text))
}

// The stat roll: d20 - 2d6, so -11 to 18.
const (
	StatMin          = 1 - 12 // a d20 of 1 less two sixes
	StatMax          = 20 - 2 // a d20 of 20 less two ones
	BaseHP           = 20     // HP = BaseHP + Defence
	gramsPerStrength = 750    // capacity: (20 + Strength) x 1.5 x 500 g
)

// statExpr is the roll of one stat.
var statExpr = dice.MustParse("d20-2d6")

// StatRoll is how one stat was rolled: the d20, the two d6 taken from it,
// and the stat.
type StatRoll struct {
	D20   int    `json:"d20"`
	D6    [2]int `json:"d6"`
	Value int    `json:"value"`
}

// String shows the faces: "d20 14 - 2d6 (3+5) = 6".
func (r StatRoll) String() string {
	return fmt.Sprintf("d20 %d - 2d6 (%d+%d) = %d", r.D20, r.D6[0], r.D6[1], r.Value)
}

// rollStats rolls the five stats, in sheet order, from d.
func rollStats(d *dice.Stream) ([numStats]StatRoll, error) {
	var out [numStats]StatRoll
	for i := range out {
		r, err := statExpr.Roll(d)
		if err != nil {
			return out, err
		}
		out[i] = StatRoll{D20: r.Dice[0].Face, D6: [2]int{r.Dice[1].Face, r.Dice[2].Face}, Value: r.Total}
	}
	return out, nil
}

// Level returns the experience level of xp points: level x takes 10^x
// points, so 0-9 points are level 0, 10-99 level 1, 100-999 level 2.
func Level(xp int) int {
	level := 0
	for need := 10; xp >= need; need *= 10 {
		level++
		if need > (1<<62)/10 {
			break
		}
	}
	return level
}

// NextLevel returns the points level+1 takes: 10^(level+1).
func NextLevel(level int) int {
	n := 10
	for range level {
		n *= 10
	}
	return n
}

// Item is something a character carries or the GM's book lists. Equipment
// deals Damage; food heals Heal HP a portion and has Portions left; anything
// else is just carried. Grams is the weight of the item, or of one portion.
type Item struct {
	Name     string `json:"name"`
	Grams    int    `json:"grams"`
	Damage   int    `json:"damage,omitempty"`
	Heal     int    `json:"heal,omitempty"`
	Portions int    `json:"portions,omitempty"`
}

// Food reports whether the item heals when eaten.
func (it Item) Food() bool { return it.Heal > 0 }

// Weight is what the item weighs in grams: every portion left of a food.
func (it Item) Weight() int {
	if it.Food() {
		return it.Grams * it.Portions
	}
	return it.Grams
}

// String describes the item: "sword (1200 g, 4 damage)", "bread (2 portions
// of 100 g, heals 3)".
func (it Item) String() string {
	switch {
	case it.Food() && it.Portions == 1:
		return fmt.Sprintf("%s (%d g, heals %d)", it.Name, it.Grams, it.Heal)
	case it.Food():
		return fmt.Sprintf("%s (%d portions of %d g, heals %d each)", it.Name, it.Portions, it.Grams, it.Heal)
	case it.Damage > 0:
		return fmt.Sprintf("%s (%d g, %d damage)", it.Name, it.Grams, it.Damage)
	}
	return fmt.Sprintf("%s (%d g)", it.Name, it.Grams)
}

// Limits on what a table holds, so that logs and views stay small.
const (
	maxName      = 40      // bytes of a name or background field
	maxText      = 2000    // bytes of notes or a place's description
	maxGrams     = 1000000 // one item: a tonne
	maxPoints    = 1000    // damage or healing
	maxPortions  = 100     // of one food
	maxItems     = 100     // carried by one character; in the book
	maxXP        = 1000000000
	maxStatValue = 99 // what the GM may set a stat to, either way
)

// check refuses an item that makes no sense, in words for the GM.
func (it *Item) check(a engine.Action) error {
	it.Name = strings.TrimSpace(it.Name)
	switch {
	case it.Name == "" || len(it.Name) > maxName:
		return engine.Illegal(a, "an item needs a name of 1 to %d bytes", maxName)
	case it.Grams < 0 || it.Grams > maxGrams:
		return engine.Illegal(a, "%s: a weight is 0 to %d grams", it.Name, maxGrams)
	case it.Damage < 0 || it.Damage > maxPoints:
		return engine.Illegal(a, "%s: damage is 0 to %d", it.Name, maxPoints)
	case it.Heal < 0 || it.Heal > maxPoints:
		return engine.Illegal(a, "%s: healing is 0 to %d", it.Name, maxPoints)
	case it.Food() && (it.Portions < 1 || it.Portions > maxPortions):
		return engine.Illegal(a, "%s: food has 1 to %d portions", it.Name, maxPortions)
	case !it.Food() && it.Portions != 0:
		return engine.Illegal(a, "%s: only food (something that heals) has portions", it.Name)
	}
	return nil
}

// The nine alignments: lawful, neutral or chaotic, and good, neutral or
// evil; neutral and neutral is written "neutral".
var alignments = []string{
	"lawful good", "neutral good", "chaotic good",
	"lawful neutral", "neutral", "chaotic neutral",
	"lawful evil", "neutral evil", "chaotic evil",
}

// parseAlignment reads one of the nine alignments ("true neutral" and
// "neutral neutral" are "neutral").
func parseAlignment(text string) (string, bool) {
	t := strings.Join(strings.Fields(strings.ToLower(text)), " ")
	if t == "true neutral" || t == "neutral neutral" {
		t = "neutral"
	}
	for _, a := range alignments {
		if t == a {
			return a, true
		}
	}
	return "", false
}

// Character is a player's character sheet.
type Character struct {
	Seat       engine.Seat        `json:"seat"`
	Name       string             `json:"name"`
	Race       string             `json:"race"`
	Class      string             `json:"class"`
	Alignment  string             `json:"alignment"`
	Occupation string             `json:"occupation"`
	Stats      [numStats]int      `json:"stats"`
	Rolls      [numStats]StatRoll `json:"rolls"` // how the stats were rolled
	HP         int                `json:"hp"`
	XP         int                `json:"xp"`
	Notes      string             `json:"notes"`
	Items      []Item             `json:"items"`
	Purse      Purse              `json:"purse"`
	Rerolls    int                `json:"rerolls"` // re-rolls the GM granted and not yet used
	Downed     bool               `json:"downed"`  // survived a disaster roll: cannot attack or defend until healed
	Dead       bool               `json:"dead"`    // for the rest of the session
	RestTurns  int                `json:"rest_turns"`
}

// MaxHP is 20 + Defence.
func (c *Character) MaxHP() int { return BaseHP + c.Stats[Defence] }

// Level is the character's experience level.
func (c *Character) Level() int { return Level(c.XP) }

// Capacity is the most the character may carry, in grams:
// (20 + Strength) x 1.5 x 500, and never below 0.
func (c *Character) Capacity() int { return max(0, (20+c.Stats[Strength])*gramsPerStrength) }

// Weight is what the character carries, in grams: the items, the coin bag
// and every coin, in the bag or loose.
func (c *Character) Weight() int {
	w := c.Purse.Weight()
	for _, it := range c.Items {
		w += it.Weight()
	}
	return w
}

// item returns the index of the character's first item with that name (in
// any case), or -1.
func (c *Character) item(name string) int {
	for i, it := range c.Items {
		if strings.EqualFold(it.Name, name) {
			return i
		}
	}
	return -1
}

// heal adds hp, up to MaxHP; any gain ends being downed.
func (c *Character) heal(hp int) (gained int) {
	to := min(c.MaxHP(), c.HP+hp)
	if to <= c.HP {
		return 0
	}
	gained, c.HP = to-c.HP, to
	c.Downed = false
	return gained
}

func (c *Character) clone() Character {
	d := *c
	d.Items = append([]Item(nil), c.Items...)
	return d
}

func itoa(n int) string { return strconv.Itoa(n) }
