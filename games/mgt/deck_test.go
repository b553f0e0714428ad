package mgt

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The list in the rule text, counted by hand: cards per type, and per family
// for the beastman type (the one type collected by family). The text says
// "200 cards"; its list holds 201 monsters, and the deck is the list.
var wantTypes = map[string]int{
	"Fiend": 13, "Semisolid Life Form": 9, "Demihuman": 5, "Beastman": 41,
	"Plant": 8, "Fungus": 1, "Arthropod": 18, "Avian": 8, "Reptilian": 13,
	"Sprite": 4, "Elf": 2, "Dwarf": 1, "Piscine": 4, "Aquatic Demihuman": 6,
	"Molluskan Demihuman": 4, "Mimetic Demihuman": 3, "Tentacle Monster": 1,
	"Magical Material": 10, "Undead": 15, "Monstrosity": 5, "Mage": 11,
	"Elemental": 9, "Angel": 6, "Crustacean Demihuman": 1,
	"Monocular Demihuman": 1, "Oni Demihuman": 1, "Mermaid": 1,
}

var wantBeastmanFamilies = map[string]int{
	"Wolf": 6, "Cat": 5, "Rabbit": 2, "Sheep": 1, "Bear": 2, "Orc": 1, "Bat": 1,
	"Centaur": 5, "Minotaur": 3, "Ex-Giant": 1, "Mouse": 3, "Fox": 2,
	"Apeman": 1, "Mermaid": 1, "Satyros": 1, "Wendigo": 1, "Tiger": 1,
	"Simian": 1, "Weasel": 2, "Tanuki": 1,
}

// Families of the other types, counted by hand (they do not change how sets
// are collected, but they are data and must be transcribed right).
var wantFamilies = map[string]int{
	"Fiend/Succubus": 11, "Fiend/Imp": 2, "Semisolid Life Form/Slime": 9,
	"Demihuman/Goblin": 2, "Demihuman/Ogre": 2, "Demihuman/Troll": 1,
	"Plant/Alraune": 3, "Plant/Mandragora": 3, "Plant/Dryad": 1, "Plant/Tentacle": 1,
	"Fungus/Matango": 1,
	"Arthropod/Bee":  2, "Arthropod/Arachne": 6, "Arthropod/Ant": 1, "Arthropod/Mantis": 1,
	"Arthropod/Devil Bug": 1, "Arthropod/Fly": 2, "Arthropod/Beetle": 2,
	"Arthropod/Lepidopteran": 1, "Arthropod/Worm": 1, "Arthropod/Centipede": 1,
	"Avian/Harpy":     8,
	"Reptilian/Lamia": 6, "Reptilian/Lizard": 2, "Reptilian/Dragon": 5,
	"Sprite/Succubus": 3, "Sprite/Imp": 1, "Elf/Succubus": 2, "Dwarf/Succubus": 1,
	"Piscine/Mermaid":            4,
	"Aquatic Demihuman/Succubus": 1, "Aquatic Demihuman/Sahagin": 2, "Aquatic Demihuman/Toad": 1,
	"Aquatic Demihuman/Spirit": 1, "Aquatic Demihuman/Turtle": 1,
	"Molluskan Demihuman/Scylla": 3, "Molluskan Demihuman/Shell": 1,
	"Mimetic Demihuman/Mimic": 3, "Tentacle Monster/Roper": 1,
	"Magical Material/Golem": 4, "Magical Material/Doll": 1, "Magical Material/Glaive": 1,
	"Magical Material/Armor": 1, "Magical Material/Tsukumogami": 2, "Magical Material/Ittan Momen": 1,
	"Undead/Zombie": 8, "Undead/Ghost": 3, "Undead/Golem": 1, "Undead/Dullahan": 1,
	"Undead/Succubus": 1, "Undead/Dragon": 1,
	"Monstrosity/Baphomet": 1, "Monstrosity/Chimaera": 3, "Monstrosity/Griffon": 1,
	"Mage/Majin": 6, "Mage/Succubus": 2, "Mage/Matango": 1, "Mage/Akaname": 1, "Mage/Specter": 1,
	"Elemental/Spirit": 9, "Angel/Succubus": 2, "Angel/Angelic Being": 4,
	"Crustacean Demihuman/Cancer": 1, "Monocular Demihuman/Gazer": 1,
	"Oni Demihuman/Ogre": 1, "Mermaid/Dragon": 1,
}

func TestDeck_CountsPerTypeAndFamily(t *testing.T) {
	d := Data()
	if got := len(d.Cards); got != 201 {
		t.Errorf("deck has %d cards, want 201 (the monsters in the list)", got)
	}
	types := map[string]int{}
	beast := map[string]int{}
	fams := map[string]int{}
	for _, c := range d.Cards {
		types[c.Type]++
		if c.Type == "Beastman" {
			beast[c.Family]++
		} else {
			fams[c.Type+"/"+c.Family]++
		}
	}
	compare := func(what string, got, want map[string]int) {
		t.Helper()
		for k, n := range want {
			if got[k] != n {
				t.Errorf("%s %q: %d cards, want %d", what, k, got[k], n)
			}
		}
		for k, n := range got {
			if _, ok := want[k]; !ok {
				t.Errorf("%s %q (%d cards) is not in the rule text's list", what, k, n)
			}
		}
	}
	compare("type", types, wantTypes)
	compare("beastman family", beast, wantBeastmanFamilies)
	compare("family", fams, wantFamilies)
}

func TestDeck_SetsAreTypesBeastmanFamiliesAndOrphans(t *testing.T) {
	d := Data()
	sizes := map[string]int{}
	for _, s := range d.Sets {
		sizes[s.Name] = s.Size
	}
	want := map[string]int{
		// A type is a set; so is a beastman family with two or more cards.
		"Avian": 8, "Fiend": 13, "Arthropod": 18, "Sprite": 4, "Elf": 2,
		"Wolf (beastman)": 6, "Cat (beastman)": 5, "Minotaur (beastman)": 3,
		// Types with one monster: Fungus, Dwarf, Tentacle Monster, Crustacean,
		// Monocular and Oni Demihuman, Mermaid.
		"orphans": 7,
		// Beastman families with one monster: Sheep, Orc, Bat, Ex-Giant,
		// Apeman, Mermaid, Satyros, Wendigo, Tiger, Simian, Tanuki.
		"beastman orphans": 11,
	}
	for name, n := range want {
		if sizes[name] != n {
			t.Errorf("set %q has size %d, want %d", name, sizes[name], n)
		}
	}
	if _, ok := sizes["Beastman"]; ok {
		t.Errorf("the beastman type is a set; beastmen are collected by family")
	}
	if _, ok := sizes["Fungus"]; ok {
		t.Errorf("Fungus (one monster) is a set; it belongs to the orphans")
	}
	cheerful := 0
	for _, c := range d.Cards {
		if c.Nature == Cheerful {
			cheerful++
		}
	}
	if got := sizes["cheerful"]; got != cheerful {
		t.Errorf("cheerful set size %d, want the %d cards the data calls cheerful", got, cheerful)
	}
}

func TestDeck_NaturesAboutHalfWithoutEffect(t *testing.T) {
	none := 0
	for _, c := range Data().Cards {
		if c.Nature == NoNature {
			none++
		}
	}
	if n := len(Data().Cards); none < n*2/5 || none > n*3/5 {
		t.Errorf("%d of %d cards have no nature effect, want about half", none, n)
	}
}

func TestDeck_NatureTableRerollsOutsideTheTable(t *testing.T) {
	d := Data()
	// 2d20-4 runs from -2 to 36; the table covers 1..30.
	if d.TableMin != 1 || len(d.Table) != 30 {
		t.Fatalf("table covers %d..%d, want 1..30", d.TableMin, d.TableMin+len(d.Table)-1)
	}
	faces := []int{1, 1, 20, 20, 3, 2} // -2 (outside), 36 (outside), then 1: "shy"
	i := 0
	got := d.rollNature(func(int) int { i++; return faces[i-1] })
	if got.String() != "shy" || i != 6 {
		t.Errorf("rollNature after two results outside the table = %s after %d dice, want shy after 6", got, i)
	}
	for _, n := range d.Table {
		if n == Miscellaneous || n == NoNature {
			t.Errorf("the nature table holds %s", n)
		}
	}
}

func TestParseCard_AnyCaseAndUnique(t *testing.T) {
	for i, c := range Data().Cards {
		got, err := ParseCard(" " + c.Name + " ")
		if err != nil || int(got) != i {
			t.Errorf("ParseCard(%q) = %d, %v; want %d", c.Name, got, err, i)
		}
	}
	if c, err := ParseCard("imp"); err != nil || c.String() != "Imp" {
		t.Errorf("ParseCard(imp) = %v, %v", c, err)
	}
	if _, err := ParseCard("Imp 79"); err == nil {
		t.Errorf("ParseCard(Imp 79): the stray number was not cleaned from the data")
	}
}

// TestDeck_CommentsSayWhatTheDataHolds: the numbers the data files' comments
// give (natures per card in deck.txt, and the chances of each nature on the
// 2d20-4 table in natures.txt) are the numbers the data holds.
func TestDeck_CommentsSayWhatTheDataHolds(t *testing.T) {
	header := func(name string) string {
		raw, err := dataFS.ReadFile("data/" + name)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for line := range strings.Lines(string(raw)) {
			if rest, ok := strings.CutPrefix(line, "#"); ok {
				b.WriteString(strings.TrimSpace(rest) + " ")
			}
		}
		return b.String()
	}
	claims := func(text string, name string) int {
		t.Helper()
		m := regexp.MustCompile(`\b` + name + ` (\d+)\b`).FindStringSubmatch(text)
		if m == nil {
			t.Fatalf("the comment gives no number for %s:\n%s", name, text)
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	effects := []string{"aggressive", "cheerful", "mean", "honest", "impatient", "proud", "loyal"}

	deckText := header("deck.txt")
	perNature := map[string]int{}
	for _, c := range Data().Cards {
		perNature[c.Nature.String()]++
	}
	m := regexp.MustCompile(`Of the (\d+) cards, (\d+) have "none"`).FindStringSubmatch(deckText)
	if m == nil || m[1] != strconv.Itoa(len(Data().Cards)) || m[2] != strconv.Itoa(perNature["none"]) {
		t.Errorf("deck.txt says %v; the data holds %d cards, %d with none", m, len(Data().Cards), perNature["none"])
	}
	for _, n := range append(effects, "miscellaneous") {
		if got := claims(deckText, n); got != perNature[n] {
			t.Errorf("deck.txt says %d %s cards; the data holds %d", got, n, perNature[n])
		}
	}

	// Ways two d20 make each result of 2d20-4 that is on the table.
	tableText := header("natures.txt")
	ways := map[string]int{}
	kept := 0
	for a := 1; a <= 20; a++ {
		for b := 1; b <= 20; b++ {
			r := a + b - 4 - Data().TableMin
			if r >= 0 && r < len(Data().Table) && Data().Table[r] != NoNature {
				ways[Data().Table[r].String()]++
				kept++
			}
		}
	}
	if got := claims(tableText, "other"); got != kept {
		t.Errorf("natures.txt says %d of 400 rolls are kept; %d are", got, kept)
	}
	if got := claims(tableText, "400 equally likely rolls of two d20,"); got != 400-kept {
		t.Errorf("natures.txt says %d rolls are rolled again; %d are", got, 400-kept)
	}
	for _, n := range effects {
		if got := claims(tableText, n); got != ways[n] {
			t.Errorf("natures.txt says %s takes %d rolls; it takes %d", n, got, ways[n])
		}
	}
}
