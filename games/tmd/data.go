package tmd

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"tabletop/engine"
)

// The data files are written by tools/tmdgen from @pkmn/dex (MIT, see
// data/LICENSE-pkmn) and the group's pages; Go never runs the generator.
//
//go:embed data/*.json data/LICENSE-pkmn
var dataFS embed.FS

// Stat is one of the six stats a character puts points into.
type Stat int

const (
	HP      Stat = iota // Health Points: +2 max HP a point
	Attack              // physical damage
	Defense             // physical mitigation
	SpAtk               // special damage
	SpDef               // special mitigation
	Speed               // AP at 1, 3, 5 and 10 points
	numStats
)

var statKeys = [numStats]string{"hp", "atk", "def", "spa", "spd", "spe"}
var statNames = [numStats]string{"HP", "Attack", "Defense", "Special Attack", "Special Defense", "Speed"}

// Stats lists every stat in sheet order.
var Stats = [numStats]Stat{HP, Attack, Defense, SpAtk, SpDef, Speed}

// String returns the stat's name as the group writes it.
func (s Stat) String() string {
	if s < 0 || s >= numStats {
		return fmt.Sprintf("Stat(%d)", int(s))
	}
	return statNames[s]
}

// Key returns the stat's short key ("atk").
func (s Stat) Key() string {
	if s < 0 || s >= numStats {
		return ""
	}
	return statKeys[s]
}

// ParseStat reads a stat from its key ("spa") or its name ("Special
// Attack", "Sp. Atk"), case-insensitively.
func ParseStat(text string) (Stat, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	t = strings.NewReplacer("special ", "sp", "sp. ", "sp", "sp.", "sp", " ", "").Replace(t)
	switch t {
	case "hp", "health", "healthpoints":
		return HP, nil
	case "atk", "attack":
		return Attack, nil
	case "def", "defense", "defence":
		return Defense, nil
	case "spa", "spatk", "spattack":
		return SpAtk, nil
	case "spd", "spdef", "spdefense", "spdefence":
		return SpDef, nil
	case "spe", "speed":
		return Speed, nil
	}
	return 0, fmt.Errorf("tmd: %s is not a stat (HP, Attack, Defense, Special Attack, Special Defense or Speed)", engine.Quote(text))
}

// MarshalText writes the stat's key.
func (s Stat) MarshalText() ([]byte, error) {
	if s < 0 || s >= numStats {
		return nil, fmt.Errorf("tmd: no stat %d", int(s))
	}
	return []byte(statKeys[s]), nil
}

// UnmarshalText reads a stat key or name.
func (s *Stat) UnmarshalText(b []byte) error {
	v, err := ParseStat(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Species is one entry of the group's roll list joined with its mainline data.
type Species struct {
	Roll      int      `json:"roll"` // number on the d1012 roll; 0 when banned
	Name      string   `json:"name"` // as the group's list writes it ("Alolan Rattata")
	Dex       string   `json:"dex"`  // the mainline name ("Rattata-Alola")
	Types     []string `json:"types"`
	Abilities []string `json:"abilities"`
	Hidden    string   `json:"hidden,omitempty"` // hidden ability, also allowed at creation
	Prevo     string   `json:"prevo,omitempty"`
	Evos      []string `json:"evos,omitempty"`
	EvoLevel  int      `json:"evoLevel,omitempty"` // level of evolution, when the group's list gives one
	Bonus     []Stat   `json:"bonus"`              // the species bonus: one of these stats gets +1
	Banned    bool     `json:"banned,omitempty"`
	Gimmick   bool     `json:"gimmick,omitempty"` // hard to play away from water or its gimmick: a free reroll is offered
}

// Secondary is what a move's secondary effect does (mainline data).
type Secondary struct {
	Status     string         `json:"status,omitempty"`   // brn, par, psn, tox, slp, frz
	Volatile   string         `json:"volatile,omitempty"` // flinch, confusion, ...
	Boosts     map[string]int `json:"boosts,omitempty"`   // stage changes to the target
	SelfBoosts map[string]int `json:"selfBoosts,omitempty"`
}

// Targeting of a move.
const (
	TargetSingle = "single" // one opponent
	TargetMulti  = "multi"  // a multi-target move: up to 3 opponents, -3 damage for each after the first
	TargetRoom   = "room"   // a room-hitter: every opponent present
	TargetAlly   = "ally"   // the user or its side
)

// Move is a move in tabletop numbers.
type Move struct {
	Name       string     `json:"name"`
	Type       string     `json:"type"`     // "Typeless" for the Attack Arts
	Category   string     `json:"category"` // Physical, Special, Status; "Best" for the Basic Attack
	BP         int        `json:"bp"`
	AP         int        `json:"ap"`
	APCut      int        `json:"apCut,omitempty"` // priority: AP cost lowered by this, and +this damage on a fresh opponent
	Hit        int        `json:"hit"`             // lowest d20 face that hits; 0: never misses
	Crit       int        `json:"crit"`            // lowest d20 face that crits
	Priority   int        `json:"priority"`        // mainline priority
	Target     string     `json:"target"`
	HitsAllies bool       `json:"hitsAllies,omitempty"`
	Hits       string     `json:"hits,omitempty"`     // multi-hit: dice ("1d8"), a count ("2") or "table" (the d20 multi-hit table)
	MainHits   string     `json:"mainHits,omitempty"` // mainline hits: "2-5", or a fixed "2" or "3"
	Recoil     bool       `json:"recoil,omitempty"`
	Drain      bool       `json:"drain,omitempty"`
	Heal       int        `json:"heal,omitempty"`   // HP healed
	Effect     int        `json:"effect,omitempty"` // lowest d20 face that triggers the secondary effect; 0: always
	Secondary  *Secondary `json:"secondary,omitempty"`
	Desc       string     `json:"desc,omitempty"` // mainline short description (MIT)
	PP         int        `json:"pp"`             // mainline PP
	Power      int        `json:"power"`          // mainline base power
	Acc        int        `json:"acc"`            // mainline accuracy in percent; 0: never misses
}

// Item is an item of the mainline games or of the group's list.
type Item struct {
	Name     string `json:"name"`
	Section  string `json:"section"`      // berry, seed, wand, orb, worn, consumable, equipped, tm, evolution, ...
	AP       int    `json:"ap,omitempty"` // AP to use it in battle, from its category
	Price    int    `json:"price,omitempty"`
	Move     string `json:"move,omitempty"` // a TM's move
	MD       bool   `json:"md,omitempty"`   // on the group's list
	Mainline bool   `json:"mainline,omitempty"`
	Desc     string `json:"desc,omitempty"`
}

// Ability is a mainline ability.
type Ability struct {
	Name string `json:"name"`
	Desc string `json:"desc"`
}

// IQSkill is one IQ skill of the group's list.
type IQSkill struct {
	Tier int    `json:"tier"` // 0: granted by an origin, not bought
	Roll int    `json:"roll"` // number on the tier's discounted vendor roll; 0: not on it
	Name string `json:"name"`
	IQ   int    `json:"iq"` // IQ to buy it
	IP   int    `json:"ip"` // IP to equip it
}

// Level is one row of the level table.
type Level struct {
	Level  int `json:"level"`
	HP     int `json:"hp"`     // base max HP
	Points int `json:"points"` // stat points, the free point included, the species bonus not
	Bonus  int `json:"bonus"`  // level damage bonus
	Exp    int `json:"exp"`    // experience to the next level
}

// Reward is an item a rank promotion gives.
type Reward struct {
	Item   string `json:"item"`
	Count  int    `json:"count"`
	Choice bool   `json:"choice,omitempty"` // of the player's choice ("Type-Gem ×4 of choice")
}

// Rank is a team badge rank.
type Rank struct {
	Name      string   `json:"name"`
	Next      int      `json:"next"` // rank points to the next rank; 0 at the top
	Inventory int      `json:"inventory"`
	Storage   int      `json:"storage"`
	Rewards   []Reward `json:"rewards"`
	Unlocks   []string `json:"unlocks,omitempty"`
}

// Data is everything the game knows about Pokémon, moves and the group's
// tables.
type Data struct {
	Species   []Species
	Moves     []Move
	Items     []Item
	Abilities []Ability
	IQSkills  []IQSkill
	Levels    []Level
	Ranks     []Rank
	Types     []string
	chart     map[string]map[string]float64

	learnsets map[string][]int         // species (mainline name) -> indexes into Moves, sorted
	levelups  map[string]map[int][]int // species (mainline name) -> level (0: on evolution) -> indexes into Moves
	moveIndex map[string]int           // lower-case move name -> index into Moves

	species   map[string]*Species
	byRoll    map[int]*Species
	moves     map[string]*Move
	items     map[string]*Item
	abilities map[string]*Ability
	iq        map[string]*IQSkill
}

var loadData = sync.OnceValues(func() (*Data, error) { return parseData(dataFS) })

// LoadData returns the embedded data, parsed once.
func LoadData() (*Data, error) { return loadData() }

func key(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

func parseData(fsys fs.FS) (*Data, error) {
	d := &Data{}
	var types struct {
		Types []string                      `json:"types"`
		Chart map[string]map[string]float64 `json:"chart"`
	}
	for _, f := range []struct {
		name string
		into any
	}{
		{"species.json", &d.Species}, {"moves.json", &d.Moves}, {"items.json", &d.Items},
		{"abilities.json", &d.Abilities}, {"iq.json", &d.IQSkills}, {"levels.json", &d.Levels},
		{"ranks.json", &d.Ranks}, {"types.json", &types}, {"learnsets.json", &d.learnsets},
		{"levelups.json", &d.levelups},
	} {
		b, err := fs.ReadFile(fsys, "data/"+f.name)
		if err != nil {
			return nil, fmt.Errorf("tmd: data: %w", err)
		}
		if err := json.Unmarshal(b, f.into); err != nil {
			return nil, fmt.Errorf("tmd: data/%s: %w", f.name, err)
		}
	}
	d.Types, d.chart = types.Types, types.Chart
	d.species = make(map[string]*Species, 2*len(d.Species))
	d.byRoll = make(map[int]*Species, len(d.Species))
	for i := range d.Species {
		s := &d.Species[i]
		d.species[key(s.Name)] = s
		if _, ok := d.species[key(s.Dex)]; !ok {
			d.species[key(s.Dex)] = s
		}
		if s.Roll > 0 {
			d.byRoll[s.Roll] = s
		}
	}
	d.moves = index(d.Moves, func(m *Move) string { return m.Name })
	d.moveIndex = make(map[string]int, len(d.Moves))
	for i, m := range d.Moves {
		d.moveIndex[key(m.Name)] = i
	}
	for sp, list := range d.learnsets {
		for _, i := range list {
			if i < 0 || i >= len(d.Moves) {
				return nil, fmt.Errorf("tmd: data/learnsets.json: %s learns move %d of %d", sp, i, len(d.Moves))
			}
		}
	}
	for sp, byLevel := range d.levelups {
		for lv, list := range byLevel {
			if lv < 0 || lv > 100 {
				return nil, fmt.Errorf("tmd: data/levelups.json: %s learns moves at level %d (0 to 100)", sp, lv)
			}
			for _, i := range list {
				if i < 0 || i >= len(d.Moves) {
					return nil, fmt.Errorf("tmd: data/levelups.json: %s learns move %d of %d", sp, i, len(d.Moves))
				}
			}
		}
	}
	d.items = index(d.Items, func(it *Item) string { return it.Name })
	d.abilities = index(d.Abilities, func(a *Ability) string { return a.Name })
	d.iq = index(d.IQSkills, func(s *IQSkill) string { return s.Name })
	sort.Slice(d.Levels, func(i, j int) bool { return d.Levels[i].Level < d.Levels[j].Level })
	return d, nil
}

// index maps each element's lower-case name to the element.
func index[T any](list []T, name func(*T) string) map[string]*T {
	m := make(map[string]*T, len(list))
	for i := range list {
		m[key(name(&list[i]))] = &list[i]
	}
	return m
}

// lookup finds name in m, or says that there is no such thing.
func lookup[T any](m map[string]*T, name, what string) (*T, error) {
	if v, ok := m[key(name)]; ok {
		return v, nil
	}
	return nil, fmt.Errorf("tmd: no %s called %s", what, engine.Quote(name))
}

// SpeciesNamed finds a species by the group's name or the mainline name.
func (d *Data) SpeciesNamed(name string) (*Species, error) {
	if s, ok := d.species[key(name)]; ok {
		return s, nil
	}
	return nil, fmt.Errorf("tmd: no Pokémon called %s on the species list", engine.Quote(name))
}

// SpeciesRolled returns the species with roll number n.
func (d *Data) SpeciesRolled(n int) (*Species, error) {
	if s, ok := d.byRoll[n]; ok {
		return s, nil
	}
	return nil, fmt.Errorf("tmd: no Pokémon has roll number %d on the species list", n)
}

// Rollable returns how many species the species roll chooses from.
func (d *Data) Rollable() int { return len(d.byRoll) }

// MoveNamed finds a move by name.
func (d *Data) MoveNamed(name string) (*Move, error) {
	return lookup(d.moves, name, "move")
}

// ItemNamed finds an item by name.
func (d *Data) ItemNamed(name string) (*Item, error) {
	return lookup(d.items, name, "item")
}

// AbilityNamed finds an ability by name.
func (d *Data) AbilityNamed(name string) (*Ability, error) {
	return lookup(d.abilities, name, "ability")
}

// IQSkillNamed finds an IQ skill by name.
func (d *Data) IQSkillNamed(name string) (*IQSkill, error) {
	return lookup(d.iq, name, "IQ skill")
}

// LevelRow returns the level table's row for level n (5 to 100).
func (d *Data) LevelRow(n int) (Level, error) {
	if len(d.Levels) == 0 || n < d.Levels[0].Level || n > d.Levels[len(d.Levels)-1].Level {
		return Level{}, fmt.Errorf("tmd: level %d is off the level table (5 to 100)", n)
	}
	return d.Levels[n-d.Levels[0].Level], nil
}

// RankNamed finds a badge rank by name, with or without the word "Rank".
func (d *Data) RankNamed(name string) (Rank, error) {
	k := strings.TrimSuffix(key(name), " rank")
	for _, r := range d.Ranks {
		if key(r.Name) == k {
			return r, nil
		}
	}
	return Rank{}, fmt.Errorf("tmd: no badge rank called %s", engine.Quote(name))
}

// Learns reports whether a species (by its mainline name) can learn a move
// by any means: level, TM, egg or tutor, in any generation.
func (d *Data) Learns(species, move string) bool {
	i, ok := d.moveIndex[key(move)]
	if !ok {
		return false
	}
	list := d.learnsets[species]
	j := sort.SearchInts(list, i)
	return j < len(list) && list[j] == i
}

// LevelMove is a move a species learns on reaching a level; level 0 is
// "on evolution".
type LevelMove struct {
	Level int    `json:"level"`
	Move  string `json:"move"`
}

// LevelMoves returns the moves a species (by the group's or the mainline
// name) learns by levelling up at levels from to to, both included, in
// level order and by name within a level. The list is the species' newest
// generation's (data/levelups.json; doc.go). An unknown species learns
// nothing.
func (d *Data) LevelMoves(species string, from, to int) []LevelMove {
	sp, err := d.SpeciesNamed(species)
	if err != nil {
		return nil
	}
	var out []LevelMove
	for lv, list := range d.levelups[sp.Dex] {
		if lv < from || lv > to {
			continue
		}
		for _, i := range list {
			out = append(out, LevelMove{Level: lv, Move: d.Moves[i].Name})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Level != out[j].Level {
			return out[i].Level < out[j].Level
		}
		return out[i].Move < out[j].Move
	})
	return out
}

// Effectiveness returns the type multiplier of an attack of type atk on a
// defender of the given types (0, 1/4, 1/2, 1, 2 or 4). A typeless attack is
// always neutral.
func (d *Data) Effectiveness(atk string, def ...string) float64 {
	m := 1.0
	row := d.chart[atk]
	for _, t := range def {
		if v, ok := row[t]; ok {
			m *= v
		}
	}
	return m
}
