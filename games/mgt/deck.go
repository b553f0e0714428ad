package mgt

import (
	"bufio"
	"embed"
	"fmt"
	"strconv"
	"strings"

	"tabletop/engine"
)

//go:embed data/deck.txt data/natures.txt
var dataFS embed.FS

// Card is one card of the deck: its index in data/deck.txt, in list order.
// It reads and writes as the monster's name in JSON and in action texts.
type Card int16

// NoCard is the zero-like "no card" marker; it is never a deck index.
const NoCard Card = -1

// maxCards bounds the deck so that per-card tables are fixed-size arrays
// (cheap to clone); the loader refuses a bigger deck.
const maxCards = 256

// Nature is a card's nature. The effect natures come first; the names of
// natures without effect (from the nature table) follow them.
type Nature uint8

const (
	NoNature      Nature = iota // "none": no effect on play
	Aggressive                  // when discarded: attack another player with rock-paper-scissors
	Cheerful                    // when discarded: every other cheerful card in hand goes too; cheerful cards form a set
	Mean                        // when discarded: a random card from the hand goes too
	Honest                      // when drawn from the stock: look at its top 3; when claimed: look at the discarder's hand
	Impatient                   // when drawn from the stock: may draw another card at once
	Proud                       // when discarded: every card of its type in hand goes too, and the type is banned
	Loyal                       // cannot be claimed
	Miscellaneous               // rolls 2d20-4 on the nature table when drawn
	firstFlavour                // natures from the table with no effect start here
)

// natureNames holds every nature's name, by value; the loader appends the
// table's natures without effect.
var natureNames = []string{"none", "aggressive", "cheerful", "mean", "honest", "impatient", "proud", "loyal", "miscellaneous"}

// String returns the nature's name: "cheerful".
func (n Nature) String() string {
	if int(n) < len(natureNames) {
		return natureNames[n]
	}
	return "nature(" + strconv.Itoa(int(n)) + ")"
}

// Effect returns the nature whose effect n has: n itself for the effect
// natures and Miscellaneous, NoNature for the natures without effect.
func (n Nature) Effect() Nature {
	if n >= firstFlavour {
		return NoNature
	}
	return n
}

// MarshalText writes the nature's name.
func (n Nature) MarshalText() ([]byte, error) { return []byte(n.String()), nil }

// UnmarshalText reads a nature's name.
func (n *Nature) UnmarshalText(b []byte) error {
	v, ok := parseNature(string(b))
	if !ok {
		return fmt.Errorf("mgt: %s is not a nature", engine.Quote(string(b)))
	}
	*n = v
	return nil
}

func parseNature(s string) (Nature, bool) {
	for i, name := range natureNames {
		if strings.EqualFold(s, name) {
			return Nature(i), true
		}
	}
	return 0, false
}

// SetID is a set cards are collected into: a type, a beastman family, one of
// the two orphan sets, or the cheerful set.
type SetID int8

// SetInfo describes a set.
type SetInfo struct {
	Name   string // "Avian", "Wolf (beastman)", "orphans", "beastman orphans", "cheerful"
	Size   int    // cards in the deck that belong to it: what its scoring looks at
	Orphan bool   // one of the two orphan sets
}

// CardInfo is one card's data.
type CardInfo struct {
	Name   string
	Type   string // the list's top-level heading
	Family string // the list's second-level heading
	Kind   string // what a discard announces: the type, or "Fox beastman" for a type collected by family
	Nature Nature // as the data file assigns it
	Key    int    // the unit a proud card bans: its type, or its family for a type collected by family
	Set    SetID  // the set it is collected into (cheerful cards may also go to the cheerful set)
}

// KeyInfo is a type (or, for a type collected by family, a family): what a
// proud card bans.
type KeyInfo struct {
	Name string // "Avian", "Wolf (beastman)"
	Size int
	Set  SetID
}

// Deck is the game's data: every card, set and key, and the nature table.
type Deck struct {
	Cards []CardInfo
	Sets  []SetInfo
	Keys  []KeyInfo
	// Table maps a 2d20-4 result (index result-TableMin) to a nature;
	// NoNature at an index means "roll again".
	Table    []Nature
	TableMin int
	// Orphans, BeastOrphans and CheerfulSet are the special sets.
	Orphans, BeastOrphans, CheerfulSet SetID
	byName                             map[string]Card
	desc                               []string // "Harpy (Avian, cheerful)", for event texts
	youDraw                            []string // "You draw Harpy (Avian, cheerful)."
}

// deck is the embedded deck, loaded once.
var deck = mustLoadDeck()

// Compact per-card tables for the hot paths (rules and bots), so that they do
// not walk the wide CardInfo records.
var (
	cardSet    [maxCards]SetID
	cardKey    [maxCards]uint8
	cardNature [maxCards]Nature
)

func init() {
	if len(deck.Keys) > 64 {
		panic("mgt: more than 64 types and families: banned types no longer fit a uint64")
	}
	for i, c := range deck.Cards {
		cardSet[i], cardKey[i], cardNature[i] = c.Set, uint8(c.Key), c.Nature
	}
}

func mustLoadDeck() *Deck {
	d, err := loadDeck()
	if err != nil {
		// The data is embedded in the binary: a bad file is a build error,
		// which TestDeck_Loads reports.
		panic(err)
	}
	return d
}

func loadDeck() (*Deck, error) {
	raw, err := dataFS.ReadFile("data/natures.txt")
	if err != nil {
		return nil, err
	}
	d := &Deck{byName: map[string]Card{}}
	if err := d.loadTable(string(raw)); err != nil {
		return nil, err
	}
	raw, err = dataFS.ReadFile("data/deck.txt")
	if err != nil {
		return nil, err
	}
	if err := d.loadCards(string(raw)); err != nil {
		return nil, err
	}
	return d, nil
}

func (d *Deck) loadTable(text string) error {
	type entry struct {
		n      int
		nature Nature
	}
	var entries []entry
	sc := bufio.NewScanner(strings.NewReader(text))
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		num, name, ok := strings.Cut(s, ":")
		n, err := strconv.Atoi(strings.TrimSpace(num))
		if !ok || err != nil {
			return fmt.Errorf("mgt: natures.txt:%d: want \"RESULT: NATURE\", got %q", line, s)
		}
		name = strings.ToLower(strings.TrimSpace(name))
		nat, known := parseNature(name)
		if !known {
			natureNames = append(natureNames, name)
			nat = Nature(len(natureNames) - 1)
		}
		if nat == Miscellaneous || nat == NoNature {
			return fmt.Errorf("mgt: natures.txt:%d: the table cannot hold %q", line, name)
		}
		if n < -2 || n > 36 {
			return fmt.Errorf("mgt: natures.txt:%d: %d is not a 2d20-4 result (-2..36)", line, n)
		}
		entries = append(entries, entry{n, nat})
	}
	if len(entries) == 0 {
		return fmt.Errorf("mgt: natures.txt: the table is empty")
	}
	lo, hi := entries[0].n, entries[0].n
	for _, e := range entries {
		lo, hi = min(lo, e.n), max(hi, e.n)
	}
	d.TableMin = lo
	d.Table = make([]Nature, hi-lo+1)
	for _, e := range entries {
		if d.Table[e.n-lo] != NoNature {
			return fmt.Errorf("mgt: natures.txt: result %d is listed twice", e.n)
		}
		d.Table[e.n-lo] = e.nature
	}
	return nil
}

func (d *Deck) loadCards(text string) error {
	type keyAcc struct {
		name    string
		byFam   bool
		members []Card
	}
	var (
		typ, fam  string
		byFamily  bool
		keys      []keyAcc
		keyIndex  = map[string]int{}
		isBeast   []bool // per key: its type is collected by family
		cardLines []int
	)
	sc := bufio.NewScanner(strings.NewReader(text))
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if s == "" || s[0] == '#' {
			continue
		}
		if rest, ok := strings.CutPrefix(s, "type "); ok {
			typ, fam = strings.TrimSpace(rest), ""
			byFamily = false
			if t, ok := strings.CutSuffix(typ, " by family"); ok {
				typ, byFamily = strings.TrimSpace(t), true
			}
			continue
		}
		if rest, ok := strings.CutPrefix(s, "family "); ok {
			fam = strings.TrimSpace(rest)
			continue
		}
		name, nat, ok := strings.Cut(s, ":")
		name, nat = strings.TrimSpace(name), strings.TrimSpace(nat)
		if !ok || name == "" {
			return fmt.Errorf("mgt: deck.txt:%d: want \"type NAME\", \"family NAME\" or \"CARD: NATURE\", got %q", line, s)
		}
		if typ == "" || fam == "" {
			return fmt.Errorf("mgt: deck.txt:%d: card %q before its type and family", line, name)
		}
		n, known := parseNature(nat)
		if !known || n >= firstFlavour {
			return fmt.Errorf("mgt: deck.txt:%d: %q is not a nature (want none, aggressive, cheerful, mean, honest, impatient, proud, loyal or miscellaneous)", line, nat)
		}
		lower := strings.ToLower(name)
		if _, dup := d.byName[lower]; dup {
			return fmt.Errorf("mgt: deck.txt:%d: card %q is listed twice", line, name)
		}
		if len(d.Cards) >= maxCards {
			return fmt.Errorf("mgt: deck.txt:%d: more than %d cards", line, maxCards)
		}
		keyName := typ
		if byFamily {
			keyName = fam + " (" + strings.ToLower(typ) + ")"
		}
		k, ok := keyIndex[keyName]
		if !ok {
			k = len(keys)
			keyIndex[keyName] = k
			keys = append(keys, keyAcc{name: keyName, byFam: byFamily})
			isBeast = append(isBeast, byFamily)
		}
		c := Card(len(d.Cards))
		keys[k].members = append(keys[k].members, c)
		d.byName[lower] = c
		kind := typ
		if byFamily {
			kind = fam + " " + strings.ToLower(typ)
		}
		d.Cards = append(d.Cards, CardInfo{Name: name, Type: typ, Family: fam, Kind: kind, Nature: n, Key: k})
		cardLines = append(cardLines, line)
	}
	if len(d.Cards) == 0 {
		return fmt.Errorf("mgt: deck.txt: no cards")
	}
	// Sets: every key with two or more cards is a set of its own; the keys
	// with a single card are orphans, collected into one of two orphan sets
	// (by-family types apart from the rest); cheerful cards form one more.
	d.Keys = make([]KeyInfo, len(keys))
	for k, acc := range keys {
		d.Keys[k] = KeyInfo{Name: acc.name, Size: len(acc.members), Set: -1}
		if len(acc.members) >= 2 {
			d.Keys[k].Set = SetID(len(d.Sets))
			d.Sets = append(d.Sets, SetInfo{Name: acc.name, Size: len(acc.members)})
		}
	}
	d.Orphans = SetID(len(d.Sets))
	d.Sets = append(d.Sets, SetInfo{Name: "orphans", Orphan: true})
	d.BeastOrphans = SetID(len(d.Sets))
	d.Sets = append(d.Sets, SetInfo{Name: "beastman orphans", Orphan: true})
	d.CheerfulSet = SetID(len(d.Sets))
	d.Sets = append(d.Sets, SetInfo{Name: "cheerful"})
	for k := range d.Keys {
		if d.Keys[k].Set >= 0 {
			continue
		}
		if isBeast[k] {
			d.Keys[k].Set = d.BeastOrphans
		} else {
			d.Keys[k].Set = d.Orphans
		}
		d.Sets[d.Keys[k].Set].Size++
	}
	for i := range d.Cards {
		c := &d.Cards[i]
		c.Set = d.Keys[c.Key].Set
		if c.Nature == Cheerful {
			d.Sets[d.CheerfulSet].Size++
		}
		d.desc = append(d.desc, c.Name+" ("+c.Kind+", "+c.Nature.String()+")")
		d.youDraw = append(d.youDraw, "You draw "+d.desc[i]+".")
	}
	return nil
}

// Info returns the card's data.
func (c Card) Info() *CardInfo { return &deck.Cards[c] }

// String returns the card's name.
func (c Card) String() string {
	if c < 0 || int(c) >= len(deck.Cards) {
		return "card(" + strconv.Itoa(int(c)) + ")"
	}
	return deck.Cards[c].Name
}

// MarshalText writes the card's name.
func (c Card) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText reads a card's name (any case).
func (c *Card) UnmarshalText(b []byte) error {
	v, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// ParseCard finds a card by its name, in any case.
func ParseCard(name string) (Card, error) {
	if c, ok := deck.byName[strings.ToLower(strings.Join(strings.Fields(name), " "))]; ok {
		return c, nil
	}
	return NoCard, fmt.Errorf("mgt: %s is not a card of the deck", engine.Quote(name))
}

// String returns the set's name.
func (s SetID) String() string {
	if s < 0 || int(s) >= len(deck.Sets) {
		return "set(" + strconv.Itoa(int(s)) + ")"
	}
	return deck.Sets[s].Name
}

// MarshalText writes the set's name.
func (s SetID) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Data returns the embedded deck (read only).
func Data() *Deck { return deck }

// rollNature rolls 2d20-4 on the nature table until it lands on an entry;
// faces come from roll (the table's dice stream).
func (d *Deck) rollNature(roll func(int) int) Nature {
	for {
		r := roll(20) + roll(20) - 4 - d.TableMin
		if r >= 0 && r < len(d.Table) && d.Table[r] != NoNature {
			return d.Table[r]
		}
	}
}
