package msp

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"

	"tabletop/engine"
)

// Attack is one way a creature fights, and the damage it deals.
type Attack struct {
	Name   string `json:"name"`
	Damage int    `json:"damage"`
}

// Creature is a creature or NPC in the GM's book: what a battle's enemies
// are made from.
type Creature struct {
	Name    string   `json:"name"`
	HP      int      `json:"hp"`
	Attacks []Attack `json:"attacks"`
}

// Place is a place in the game's world, described for the GM.
type Place struct {
	Name string `json:"name"`
	Text string `json:"text"`
}

// Book is the GM's prepared content: creatures and NPCs, items and places.
// The GM keeps it from table to table by exporting it as a JSON file
// (ExportBook) and importing it at the next table (the import-book action).
type Book struct {
	Creatures []Creature `json:"creatures"`
	Items     []Item     `json:"items"`
	Places    []Place    `json:"places"`
}

//go:embed data/starter.json
var starterJSON []byte

// StarterBook returns the project's own small book, which a table starts
// with unless its starter-book option is off.
func StarterBook() Book {
	b, err := ParseBook(starterJSON)
	if err != nil {
		panic("msp: data/starter.json: " + err.Error()) // a test reads it
	}
	return b
}

// ParseBook reads a book exported by ExportBook, checking every entry.
func ParseBook(data []byte) (Book, error) {
	var b Book
	if err := engine.UnmarshalStrict(data, &b); err != nil {
		return Book{}, fmt.Errorf("msp: not a GM's book: %v", err)
	}
	if err := b.check(nil); err != nil {
		return Book{}, fmt.Errorf("msp: GM's book: %v", strings.TrimPrefix(err.Error(), "engine: "))
	}
	return b, nil
}

// ExportBook writes the book as indented JSON, for a file.
func ExportBook(b Book) ([]byte, error) {
	return json.MarshalIndent(b, "", " ")
}

// check refuses a book with an entry that makes no sense.
func (b *Book) check(a engine.Action) error {
	if len(b.Creatures) > maxItems || len(b.Items) > maxItems || len(b.Places) > maxItems {
		return engine.Illegal(a, "a book holds at most %d creatures, %d items and %d places", maxItems, maxItems, maxItems)
	}
	for i := range b.Creatures {
		if err := b.Creatures[i].check(a); err != nil {
			return err
		}
	}
	for i := range b.Items {
		if err := b.Items[i].check(a); err != nil {
			return err
		}
	}
	for i := range b.Places {
		if err := b.Places[i].check(a); err != nil {
			return err
		}
	}
	return nil
}

func (c *Creature) check(a engine.Action) error {
	c.Name = strings.TrimSpace(c.Name)
	switch {
	case c.Name == "" || len(c.Name) > maxName:
		return engine.Illegal(a, "a creature needs a name of 1 to %d bytes", maxName)
	case c.HP < 1 || c.HP > maxPoints:
		return engine.Illegal(a, "%s: HP is 1 to %d", c.Name, maxPoints)
	case len(c.Attacks) == 0 || len(c.Attacks) > 10:
		return engine.Illegal(a, "%s: a creature has 1 to 10 attacks", c.Name)
	}
	for i := range c.Attacks {
		at := &c.Attacks[i]
		at.Name = strings.TrimSpace(at.Name)
		if at.Name == "" || len(at.Name) > maxName {
			return engine.Illegal(a, "%s: an attack needs a name of 1 to %d bytes", c.Name, maxName)
		}
		if at.Damage < 0 || at.Damage > maxPoints {
			return engine.Illegal(a, "%s: %s: damage is 0 (the GM sets it) to %d", c.Name, at.Name, maxPoints)
		}
	}
	return nil
}

func (p *Place) check(a engine.Action) error {
	p.Name = strings.TrimSpace(p.Name)
	if p.Name == "" || len(p.Name) > maxName {
		return engine.Illegal(a, "a place needs a name of 1 to %d bytes", maxName)
	}
	if len(p.Text) > maxText {
		return engine.Illegal(a, "%s: a description is at most %d bytes", p.Name, maxText)
	}
	return nil
}

// creature returns the book's creature with that name (any case), or nil.
func (b *Book) creature(name string) *Creature {
	for i := range b.Creatures {
		if strings.EqualFold(b.Creatures[i].Name, name) {
			return &b.Creatures[i]
		}
	}
	return nil
}

// item returns the book's item with that name (any case), or nil.
func (b *Book) item(name string) *Item {
	for i := range b.Items {
		if strings.EqualFold(b.Items[i].Name, name) {
			return &b.Items[i]
		}
	}
	return nil
}

// upsert puts v in list, replacing the entry of the same name (any case).
func upsert[T any](list []T, v T, name func(T) string) []T {
	for i := range list {
		if strings.EqualFold(name(list[i]), name(v)) {
			list[i] = v
			return list
		}
	}
	return append(list, v)
}

func (b *Book) addCreature(c Creature) {
	b.Creatures = upsert(b.Creatures, c, func(c Creature) string { return c.Name })
}

func (b *Book) addItem(it Item) {
	b.Items = upsert(b.Items, it, func(it Item) string { return it.Name })
}

func (b *Book) addPlace(p Place) {
	b.Places = upsert(b.Places, p, func(p Place) string { return p.Name })
}

func (b *Book) clone() Book {
	c := Book{Items: append([]Item(nil), b.Items...), Places: append([]Place(nil), b.Places...)}
	c.Creatures = make([]Creature, len(b.Creatures))
	for i, cr := range b.Creatures {
		cr.Attacks = append([]Attack(nil), cr.Attacks...)
		c.Creatures[i] = cr
	}
	return c
}
