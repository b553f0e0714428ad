package msp

import (
	"fmt"
	"strconv"
	"strings"

	"tabletop/engine"
)

// Coin is a kind of coin.
type Coin int8

const (
	Copper   Coin = iota // the base unit
	Silver               // 10 copper
	Gold                 // 50 silver, 500 copper
	Platinum             // 100 gold, 50,000 copper
	numCoins
)

// coinValue is each coin's worth in copper.
var coinValue = [numCoins]int{1, 10, 500, 50000}

var coinNames = [numCoins]string{"copper", "silver", "gold", "platinum"}

// String returns the coin's name: "gold".
func (c Coin) String() string { return coinNames[c] }

// The coin bag.
const (
	BagGrams  = 50 // the empty bag
	BagLimit  = 15 // coins of each kind the bag holds
	CoinGrams = 8  // one coin
	// maxMoney bounds a purse (and so any payment) at a million platinum,
	// so that sums never overflow.
	maxMoney = 1000000 * 50000
)

// Purse is a character's money: the coins in the bag (at most BagLimit of
// each kind) and the loose coins that did not fit, which are carried too.
// A purse always holds its value in the fewest coins (see PurseOf).
type Purse struct {
	Bag   [numCoins]int `json:"bag"`
	Loose [numCoins]int `json:"loose"`
}

// PurseOf returns value copper held in the fewest coins, as change is made:
// as many platinum as it takes, then gold, silver and copper (each coin is
// worth a whole number of the one below, so taking the largest coin first
// gives the fewest coins). The bag takes up to BagLimit of each kind and the
// rest are loose.
func PurseOf(value int) Purse {
	var p Purse
	for c := numCoins - 1; c >= 0; c-- {
		n := value / coinValue[c]
		value -= n * coinValue[c]
		p.Bag[c] = min(n, BagLimit)
		p.Loose[c] = n - p.Bag[c]
	}
	return p
}

// Value is the purse's worth in copper.
func (p Purse) Value() int {
	v := 0
	for c := range numCoins {
		v += (p.Bag[c] + p.Loose[c]) * coinValue[c]
	}
	return v
}

// Coins counts every coin, in the bag or loose.
func (p Purse) Coins() int {
	n := 0
	for c := range numCoins {
		n += p.Bag[c] + p.Loose[c]
	}
	return n
}

// Weight is the bag and every coin, in grams: a full bag (15 of each kind)
// weighs 50 + 60 x 8 = 530 g.
func (p Purse) Weight() int { return BagGrams + CoinGrams*p.Coins() }

// String lists the coins: "2 gold, 3 silver (bag); 1 silver loose", or
// "no coins".
func (p Purse) String() string {
	list := func(n [numCoins]int) string {
		var parts []string
		for c := numCoins - 1; c >= 0; c-- {
			if n[c] > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", n[c], c))
			}
		}
		return strings.Join(parts, ", ")
	}
	bag, loose := list(p.Bag), list(p.Loose)
	switch {
	case bag == "":
		return "no coins"
	case loose == "":
		return bag
	}
	return bag + "; loose: " + loose
}

// Money writes an amount of copper in the fewest coins: "1 gold, 2 silver,
// 5 copper" ("0 copper" for none).
func Money(copper int) string {
	if copper <= 0 {
		return strconv.Itoa(copper) + " copper"
	}
	p := PurseOf(copper)
	var parts []string
	for c := numCoins - 1; c >= 0; c-- {
		if n := p.Bag[c] + p.Loose[c]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, c))
		}
	}
	return strings.Join(parts, ", ")
}

// ParseMoney reads an amount: a number of copper ("125"), or numbers with
// coin names or their first letters ("1 gold 2 silver", "1g 2s 5c", "3 p").
func ParseMoney(text string) (int, error) {
	f := strings.Fields(strings.ToLower(strings.NewReplacer(",", " ").Replace(text)))
	if len(f) == 0 {
		return 0, fmt.Errorf("msp: no amount given")
	}
	bad := fmt.Errorf("msp: %s is not an amount (write 125, or 1 gold 2 silver 5 copper, or 1g 2s 5c)", engine.Quote(text))
	total := 0
	for i := 0; i < len(f); i++ {
		w := f[i]
		digits := len(w) - len(strings.TrimLeft(w, "0123456789"))
		if digits == 0 || digits > 12 {
			return 0, bad
		}
		n := 0
		for _, ch := range w[:digits] {
			n = n*10 + int(ch-'0')
		}
		unit := w[digits:]
		if unit == "" && i+1 < len(f) && f[i+1][0] >= 'a' && f[i+1][0] <= 'z' {
			i++
			unit = f[i]
		}
		coin := Copper
		if unit != "" {
			found := false
			for c, name := range coinNames {
				if unit == name || unit == name[:1] {
					coin, found = Coin(c), true
				}
			}
			if !found {
				return 0, bad
			}
		}
		if n > maxMoney/coinValue[coin] {
			return 0, fmt.Errorf("msp: %s is more money than a table handles", engine.Quote(text))
		}
		total += n * coinValue[coin]
		if total > maxMoney {
			return 0, fmt.Errorf("msp: %s is more money than a table handles", engine.Quote(text))
		}
	}
	return total, nil
}
