package msp

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"tabletop/engine"
)

// Players' actions. Names in actions are character, enemy, item and book
// names, in any case; text forms separate a reason or free text with ": ".

// Create makes the player's character and rolls its five stats. Text form:
// "create Ann / elf / ranger / chaotic good / hunter" (name, race, class,
// alignment, occupation).
type Create struct {
	Name       string `json:"name"`
	Race       string `json:"race"`
	Class      string `json:"class"`
	Alignment  string `json:"alignment"`
	Occupation string `json:"occupation"`
}

// Reroll rolls all five stats again, using a re-roll the GM granted.
// Text form: "reroll".
type Reroll struct{}

// Keep declines a re-roll the GM granted. Text form: "keep".
type Keep struct{}

// Roll rolls d20 + the stat the GM named against the GM's hidden target.
// Text form: "roll".
type Roll struct{}

// Strike attacks an enemy on the actor's battle turn, with an item (a
// character's equipment) or an attack (a creature's); With "" is a bare
// attack whose damage the GM sets. Text form: "attack Goblin 1 with Short
// sword", "attack Ann with bite", "attack Goblin 1".
type Strike struct {
	Target string `json:"target"`
	With   string `json:"with,omitempty"`
}

// Use gives a portion of a food to a character (the player's own, or a
// friend's). Text form: "use Bread on Bo".
type Use struct {
	Item string `json:"item"`
	On   string `json:"on"`
}

// Rest is a short rest (+5 HP) or a long one (all HP). In battle it takes
// the turn and the next round's turn (short) or the next three (long).
// Text form: "rest short", "rest long".
type Rest struct {
	Long bool `json:"long,omitempty"`
}

// Drop leaves an item behind. Text form: "drop Rope".
type Drop struct {
	Item string `json:"item"`
}

// Pay hands money (in copper) to another character, or, with To "", to
// someone in the world (a merchant, a toll). Change is made automatically.
// Text form: "pay 1 silver, 5 copper", "pay 15 copper to Bo".
type Pay struct {
	Amount int    `json:"amount"`
	To     string `json:"to,omitempty"`
}

// WriteNotes replaces the notes on the player's sheet. Text form:
// "notes: owes the innkeeper".
type WriteNotes struct {
	Text string `json:"text"`
}

// The GM's actions. Every change outside the rules carries a reason.

// Note is a note for the GM alone. Text form: "note: the innkeeper lies".
type Note struct {
	Text string `json:"text"`
}

// Check asks a character for an action with one stat; the GM then sets the
// hidden target (Target). Text form: "check strength of Ann".
type Check struct {
	Stat Stat   `json:"stat"`
	Who  string `json:"who"`
}

// Target sets the hidden target of the open check: the roll must be at
// least (or, with AtMost, at most) Value. Text form: "target at least 12",
// "target at most 8".
type Target struct {
	AtMost bool `json:"at_most,omitempty"`
	Value  int  `json:"value"`
}

// CancelCheck drops the open check. Text form: "cancel check: reason".
type CancelCheck struct {
	Reason string `json:"reason"`
}

// Battle starts a battle against creatures from the GM's book; a name
// listed twice is two enemies. Text form: "battle Goblin, Goblin, Wolf".
type Battle struct {
	Enemies []string `json:"enemies"`
}

// Damage sets the damage of a hit whose weapon does not say (a bare
// attack). Text form: "damage 4".
type Damage struct {
	Points int `json:"points"`
}

// EndBattle ends the battle however it stands (the enemies flee).
// Text form: "end battle: the goblins flee".
type EndBattle struct {
	Reason string `json:"reason"`
}

// End ends the session. Text form: "end session: the heroes rest".
type End struct {
	Reason string `json:"reason"`
}

// Confirm implements engine.Confirmer: ending the session ends the game
// for everyone, so the page and the terminal ask the GM first.
func (End) Confirm() string {
	return "End the session for everyone? No one can act afterwards, and everything hidden (sheets, targets, private changes) is shown to all."
}

// GrantReroll lets a character roll its stats again. Text form:
// "grant reroll to Ann: reason".
type GrantReroll struct {
	Who    string `json:"who"`
	Reason string `json:"reason"`
}

// GiveXP adds experience points. Text form: "xp 10 to Ann: reason".
type GiveXP struct {
	Who    string `json:"who"`
	Points int    `json:"points"`
	Reason string `json:"reason"`
}

// Give puts a copy of an item from the book in a character's inventory.
// Text form: "give Short sword to Ann: reason".
type Give struct {
	Item   string `json:"item"`
	Who    string `json:"who"`
	Reason string `json:"reason"`
}

// Take removes an item from a character's inventory. Text form:
// "take Rope from Ann: reason".
type Take struct {
	Item   string `json:"item"`
	Who    string `json:"who"`
	Reason string `json:"reason"`
}

// Coins gives (Amount > 0) or takes (Amount < 0) money, in copper. Text
// form: "coins +1 gold to Ann: reason", "coins -5 copper from Ann: reason".
type Coins struct {
	Who    string `json:"who"`
	Amount int    `json:"amount"`
	Reason string `json:"reason"`
}

// Set changes a character's HP or a stat. Field is "hp" or a stat's name.
// Text form: "set hp of Ann to 15: reason", "set strength of Ann to 4: reason".
type Set struct {
	Field  string `json:"field"`
	Who    string `json:"who"`
	Value  int    `json:"value"`
	Reason string `json:"reason"`
}

// Hurt deals damage outside a battle (a trap, a fall): at 0 HP the
// character makes the disaster roll. Text form: "hurt Ann by 4: reason".
type Hurt struct {
	Who    string `json:"who"`
	Points int    `json:"points"`
	Reason string `json:"reason"`
}

// Reveal shows an enemy's HP to the players. Text form: "reveal Goblin 1".
type Reveal struct {
	Who string `json:"who"`
}

// AddCreature writes a creature into the book. Text form:
// "book creature Goblin: hp 12; club 4; kick 2".
type AddCreature struct {
	Creature Creature `json:"creature"`
}

// AddItem writes an item into the book. Text form: "book item Short sword:
// 1200 g; damage 5", "book item Bread: 150 g; heals 3; 4 portions".
type AddItem struct {
	Item Item `json:"item"`
}

// AddPlace writes a place into the book. Text form: "book place Inn: text".
type AddPlace struct {
	Place Place `json:"place"`
}

// ImportBook adds a whole book (an exported file) to the table's book,
// entries of the same name replaced. Text form: "import book {json}".
type ImportBook struct {
	Book Book `json:"book"`
}

// Typed is an action written in its text form, as the table page's
// action line sends it: it plays as the action ParseAction reads from Text.
// Text form: the text itself.
type Typed struct {
	Text string `json:"text"`
}

// The action kinds, as Game.Decode and the log know them.
const (
	KindCreate      = "create"
	KindReroll      = "reroll"
	KindKeep        = "keep"
	KindRoll        = "roll"
	KindStrike      = "attack"
	KindUse         = "use"
	KindRest        = "rest"
	KindDrop        = "drop"
	KindPay         = "pay"
	KindWriteNotes  = "notes"
	KindNote        = "note"
	KindCheck       = "check"
	KindTarget      = "target"
	KindCancelCheck = "cancel-check"
	KindBattle      = "battle"
	KindDamage      = "damage"
	KindEndBattle   = "end-battle"
	KindEnd         = "end"
	KindGrantReroll = "grant-reroll"
	KindGiveXP      = "xp"
	KindGive        = "give"
	KindTake        = "take"
	KindCoins       = "coins"
	KindSet         = "set"
	KindHurt        = "hurt"
	KindReveal      = "reveal"
	KindAddCreature = "book-creature"
	KindAddItem     = "book-item"
	KindAddPlace    = "book-place"
	KindImportBook  = "import-book"
	KindTyped       = "typed"
)

func (Create) Kind() string      { return KindCreate }
func (Reroll) Kind() string      { return KindReroll }
func (Keep) Kind() string        { return KindKeep }
func (Roll) Kind() string        { return KindRoll }
func (Strike) Kind() string      { return KindStrike }
func (Use) Kind() string         { return KindUse }
func (Rest) Kind() string        { return KindRest }
func (Drop) Kind() string        { return KindDrop }
func (Pay) Kind() string         { return KindPay }
func (WriteNotes) Kind() string  { return KindWriteNotes }
func (Note) Kind() string        { return KindNote }
func (Check) Kind() string       { return KindCheck }
func (Target) Kind() string      { return KindTarget }
func (CancelCheck) Kind() string { return KindCancelCheck }
func (Battle) Kind() string      { return KindBattle }
func (Damage) Kind() string      { return KindDamage }
func (EndBattle) Kind() string   { return KindEndBattle }
func (End) Kind() string         { return KindEnd }
func (GrantReroll) Kind() string { return KindGrantReroll }
func (GiveXP) Kind() string      { return KindGiveXP }
func (Give) Kind() string        { return KindGive }
func (Take) Kind() string        { return KindTake }
func (Coins) Kind() string       { return KindCoins }
func (Set) Kind() string         { return KindSet }
func (Hurt) Kind() string        { return KindHurt }
func (Reveal) Kind() string      { return KindReveal }
func (AddCreature) Kind() string { return KindAddCreature }
func (AddItem) Kind() string     { return KindAddItem }
func (AddPlace) Kind() string    { return KindAddPlace }
func (ImportBook) Kind() string  { return KindImportBook }
func (Typed) Kind() string       { return KindTyped }
func (a Typed) String() string   { return a.Text }

// Resolve implements engine.Standin: the action the text reads, or its
// refusal in the player's words. (ParseAction reads no Typed.)
func (a Typed) Resolve() (engine.Action, error) { return readTyped(ParseAction(a.Text)) }

// ResolveBy implements engine.SeatStandin: Resolve for seat at st, whose
// refusal of a text that reads as no action gives an example of what
// that seat types, the GM's or a player's (Game's ParseActionBy).
func (a Typed) ResolveBy(st engine.State, seat engine.Seat) (engine.Action, error) {
	return readTyped(game{}.ParseActionBy(st, seat, a.Text))
}

// readTyped is a Typed's reading: the action read, or the parser's refusal
// as the engine's, without the package's name.
func readTyped(inner engine.Action, err error) (engine.Action, error) {
	if err != nil {
		return nil, engine.Illegal(nil, "%s", strings.TrimPrefix(err.Error(), "msp: "))
	}
	return inner, nil
}

// withReason appends ": reason" when there is one.
func withReason(s, reason string) string {
	if reason == "" {
		return s
	}
	return s + ": " + reason
}

func (a Create) String() string {
	return "create " + strings.Join([]string{a.Name, a.Race, a.Class, a.Alignment, a.Occupation}, " / ")
}
func (Reroll) String() string { return "reroll" }
func (Keep) String() string   { return "keep" }
func (Roll) String() string   { return "roll" }
func (a Strike) String() string {
	if a.With == "" {
		return "attack " + a.Target
	}
	return "attack " + a.Target + " with " + a.With
}
func (a Use) String() string { return "use " + a.Item + " on " + a.On }
func (a Rest) String() string {
	if a.Long {
		return "rest long"
	}
	return "rest short"
}
func (a Drop) String() string { return "drop " + a.Item }
func (a Pay) String() string {
	s := "pay " + Money(a.Amount)
	if a.To != "" {
		s += " to " + a.To
	}
	return s
}
func (a WriteNotes) String() string { return "notes: " + a.Text }
func (a Note) String() string       { return "note: " + a.Text }
func (a Check) String() string      { return "check " + a.Stat.String() + " of " + a.Who }
func (a Target) String() string {
	if a.AtMost {
		return "target at most " + strconv.Itoa(a.Value)
	}
	return "target at least " + strconv.Itoa(a.Value)
}
func (a CancelCheck) String() string { return withReason("cancel check", a.Reason) }
func (a Battle) String() string      { return "battle " + strings.Join(a.Enemies, ", ") }
func (a Damage) String() string      { return "damage " + strconv.Itoa(a.Points) }
func (a EndBattle) String() string   { return withReason("end battle", a.Reason) }
func (a End) String() string         { return withReason("end session", a.Reason) }
func (a GrantReroll) String() string { return withReason("grant reroll to "+a.Who, a.Reason) }
func (a GiveXP) String() string {
	return withReason("xp "+strconv.Itoa(a.Points)+" to "+a.Who, a.Reason)
}
func (a Give) String() string { return withReason("give "+a.Item+" to "+a.Who, a.Reason) }
func (a Take) String() string { return withReason("take "+a.Item+" from "+a.Who, a.Reason) }
func (a Coins) String() string {
	if a.Amount < 0 {
		return withReason("coins -"+Money(-a.Amount)+" from "+a.Who, a.Reason)
	}
	return withReason("coins +"+Money(a.Amount)+" to "+a.Who, a.Reason)
}
func (a Set) String() string {
	return withReason("set "+a.Field+" of "+a.Who+" to "+strconv.Itoa(a.Value), a.Reason)
}
func (a Hurt) String() string {
	return withReason("hurt "+a.Who+" by "+strconv.Itoa(a.Points), a.Reason)
}
func (a Reveal) String() string { return "reveal " + a.Who }
func (a AddCreature) String() string {
	parts := []string{"hp " + strconv.Itoa(a.Creature.HP)}
	for _, at := range a.Creature.Attacks {
		parts = append(parts, at.Name+" "+strconv.Itoa(at.Damage))
	}
	return "book creature " + a.Creature.Name + ": " + strings.Join(parts, "; ")
}
func (a AddItem) String() string {
	it := a.Item
	parts := []string{strconv.Itoa(it.Grams) + " g"}
	if it.Damage > 0 {
		parts = append(parts, "damage "+strconv.Itoa(it.Damage))
	}
	if it.Heal > 0 {
		parts = append(parts, "heals "+strconv.Itoa(it.Heal), strconv.Itoa(it.Portions)+" portions")
	}
	return "book item " + it.Name + ": " + strings.Join(parts, "; ")
}
func (a AddPlace) String() string { return "book place " + a.Place.Name + ": " + a.Place.Text }
func (a ImportBook) String() string {
	b, _ := json.Marshal(a.Book)
	return "import book " + string(b)
}

// ParseAction reads an action's text form (see each action type). Verbs
// are in any case; names are matched in any case when the action is played.
//
// A text that reads as no action is refused with an example of what a
// player types; ParseActionAs gives the GM the GM's.
func ParseAction(text string) (engine.Action, error) { return ParseActionAs(text, false) }

// ParseActionAs is ParseAction for the game master (gm) or a player: a text
// that reads as no action is refused with an example of what that one
// types, a check for the GM, an attack for a player.
func ParseActionAs(text string, gm bool) (engine.Action, error) {
	a, err := parseText(text)
	var u *unreadError
	if errors.As(err, &u) {
		example := `"attack Wolf with Short sword"`
		if gm {
			example = `"check strength of Ann"`
		}
		return nil, fmt.Errorf("msp: %s: write one as the choices show it, as in %s (the rules summary lists them all)", u.what, example)
	}
	return a, err
}

// unreadError is the refusal of a text that reads as no action at all:
// ParseActionAs adds an example that fits the one who typed it.
type unreadError struct {
	what string // "empty action", `unknown action "fly"`
}

func (u *unreadError) Error() string { return "msp: " + u.what }

// parseText is ParseAction, its refusal of a text that reads as no action
// an *unreadError.
func parseText(text string) (engine.Action, error) {
	text = strings.TrimSpace(text)
	head, reason, _ := strings.Cut(text, ":")
	head, reason = strings.TrimSpace(head), strings.TrimSpace(reason)
	f := strings.Fields(head)
	if len(f) == 0 {
		return nil, &unreadError{what: "empty action"}
	}
	verb := strings.ToLower(f[0])
	rest := strings.TrimSpace(head[len(f[0]):])
	lower := engine.LowerASCII(rest) // the same length as rest, so indexes carry over
	bad := func(want string) (engine.Action, error) {
		return nil, fmt.Errorf("msp: %s: write %s", engine.Quote(text), want)
	}
	// split cuts rest at the word sep (" to ", " of "...), in any case.
	split := func(sep string) (string, string, bool) {
		i := strings.Index(lower, sep)
		if i < 0 {
			return "", "", false
		}
		return strings.TrimSpace(rest[:i]), strings.TrimSpace(rest[i+len(sep):]), true
	}
	number := func(s string) (int, bool) {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		return n, err == nil
	}
	switch verb {
	case "create":
		p := strings.Split(strings.TrimSpace(text[len(f[0]):]), "/")
		if len(p) != 5 {
			return bad(`"create name / race / class / alignment / occupation"`)
		}
		for i := range p {
			p[i] = strings.TrimSpace(p[i])
		}
		return Create{Name: p[0], Race: p[1], Class: p[2], Alignment: p[3], Occupation: p[4]}, nil
	case "reroll", "keep", "roll":
		if rest != "" || reason != "" {
			return bad(`"` + verb + `" alone`)
		}
		switch verb {
		case "reroll":
			return Reroll{}, nil
		case "keep":
			return Keep{}, nil
		}
		return Roll{}, nil
	case "attack":
		if t, w, ok := split(" with "); ok {
			return Strike{Target: t, With: w}, nil
		}
		if rest == "" {
			return bad(`"attack ENEMY with ITEM" or "attack ENEMY"`)
		}
		return Strike{Target: rest}, nil
	case "use":
		it, on, ok := split(" on ")
		if !ok {
			return bad(`"use ITEM on CHARACTER"`)
		}
		return Use{Item: it, On: on}, nil
	case "rest":
		switch lower {
		case "short", "":
			return Rest{}, nil
		case "long":
			return Rest{Long: true}, nil
		}
		return bad(`"rest short" or "rest long"`)
	case "drop":
		if rest == "" {
			return bad(`"drop ITEM"`)
		}
		return Drop{Item: rest}, nil
	case "pay":
		amount, to := rest, ""
		if a, t, ok := split(" to "); ok {
			amount, to = a, t
		}
		n, err := ParseMoney(amount)
		if err != nil {
			return nil, err
		}
		return Pay{Amount: n, To: to}, nil
	case "notes":
		return WriteNotes{Text: reason}, nil
	case "note":
		return Note{Text: reason}, nil
	case "check":
		st, who, ok := split(" of ")
		if !ok {
			return bad(`"check STAT of CHARACTER"`)
		}
		s, err := ParseStat(st)
		if err != nil {
			return nil, err
		}
		return Check{Stat: s, Who: who}, nil
	case "target":
		atMost := false
		switch {
		case strings.HasPrefix(lower, "at least "):
		case strings.HasPrefix(lower, "at most "):
			atMost = true
		default:
			return bad(`"target at least N" or "target at most N"`)
		}
		n, ok := number(f[len(f)-1])
		if !ok || len(f) != 4 {
			return bad(`"target at least N" or "target at most N"`)
		}
		return Target{AtMost: atMost, Value: n}, nil
	case "cancel":
		if lower != "check" {
			return bad(`"cancel check: REASON"`)
		}
		return CancelCheck{Reason: reason}, nil
	case "battle":
		var enemies []string
		for _, e := range strings.Split(rest, ",") {
			if e = strings.TrimSpace(e); e != "" {
				enemies = append(enemies, e)
			}
		}
		if len(enemies) == 0 {
			return bad(`"battle CREATURE, CREATURE..." with creatures from the book`)
		}
		return Battle{Enemies: enemies}, nil
	case "damage":
		n, ok := number(rest)
		if !ok {
			return bad(`"damage N"`)
		}
		return Damage{Points: n}, nil
	case "end":
		switch lower {
		case "battle":
			return EndBattle{Reason: reason}, nil
		case "session", "":
			return End{Reason: reason}, nil
		}
		return bad(`"end battle: REASON" or "end session: REASON"`)
	case "grant":
		if !strings.HasPrefix(lower, "reroll to ") {
			return bad(`"grant reroll to CHARACTER: REASON"`)
		}
		return GrantReroll{Who: strings.TrimSpace(rest[len("reroll to "):]), Reason: reason}, nil
	case "xp":
		p, who, ok := split(" to ")
		n, isNum := number(p)
		if !ok || !isNum {
			return bad(`"xp N to CHARACTER: REASON"`)
		}
		return GiveXP{Who: who, Points: n, Reason: reason}, nil
	case "give":
		it, who, ok := split(" to ")
		if !ok {
			return bad(`"give ITEM to CHARACTER: REASON"`)
		}
		return Give{Item: it, Who: who, Reason: reason}, nil
	case "take":
		it, who, ok := split(" from ")
		if !ok {
			return bad(`"take ITEM from CHARACTER: REASON"`)
		}
		return Take{Item: it, Who: who, Reason: reason}, nil
	case "coins":
		sign, sep := 1, " to "
		switch {
		case strings.HasPrefix(rest, "+"):
		case strings.HasPrefix(rest, "-"):
			sign, sep = -1, " from "
		default:
			return bad(`"coins +AMOUNT to CHARACTER: REASON" or "coins -AMOUNT from CHARACTER: REASON"`)
		}
		rest, lower = rest[1:], lower[1:]
		amount, who, ok := split(sep)
		if !ok {
			return bad(`"coins +AMOUNT to CHARACTER: REASON" or "coins -AMOUNT from CHARACTER: REASON"`)
		}
		n, err := ParseMoney(amount)
		if err != nil {
			return nil, err
		}
		return Coins{Who: who, Amount: sign * n, Reason: reason}, nil
	case "set":
		field, more, ok := split(" of ")
		if !ok {
			return bad(`"set FIELD of CHARACTER to N: REASON"`)
		}
		rest, lower = more, engine.LowerASCII(more)
		who, v, ok := split(" to ")
		n, isNum := number(v)
		if !ok || !isNum {
			return bad(`"set FIELD of CHARACTER to N: REASON"`)
		}
		return Set{Field: strings.ToLower(field), Who: who, Value: n, Reason: reason}, nil
	case "hurt":
		who, p, ok := split(" by ")
		n, isNum := number(p)
		if !ok || !isNum {
			return bad(`"hurt CHARACTER by N: REASON"`)
		}
		return Hurt{Who: who, Points: n, Reason: reason}, nil
	case "reveal":
		if rest == "" {
			return bad(`"reveal ENEMY"`)
		}
		return Reveal{Who: rest}, nil
	case "book":
		return parseBookEntry(text, f, reason)
	case "import":
		if !strings.HasPrefix(lower, "book ") {
			return bad(`"import book {...}" with a book's JSON`)
		}
		body := strings.TrimSpace(text[strings.Index(engine.LowerASCII(text), "book")+len("book"):])
		b, err := ParseBook([]byte(body))
		if err != nil {
			return nil, err
		}
		return ImportBook{Book: b}, nil
	}
	return nil, &unreadError{what: "unknown action " + engine.Quote(text)}
}

// parseBookEntry reads "book creature NAME: hp N; ATTACK N...", "book item
// NAME: N g; damage N; heals N; N portions" and "book place NAME: TEXT".
func parseBookEntry(text string, f []string, body string) (engine.Action, error) {
	head, _, _ := strings.Cut(text, ":")
	if len(f) < 3 {
		return nil, fmt.Errorf("msp: %s: write \"book creature|item|place NAME: ...\"", engine.Quote(text))
	}
	name := strings.TrimSpace(strings.Join(strings.Fields(head)[2:], " "))
	parts := strings.Split(body, ";")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	num := func(s, suffix, prefix string) (int, bool) {
		s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSuffix(strings.ToLower(s), suffix), prefix))
		n, err := strconv.Atoi(s)
		return n, err == nil
	}
	switch strings.ToLower(f[1]) {
	case "creature":
		c := Creature{Name: name}
		for _, p := range parts {
			if hp, ok := num(p, "", "hp "); ok && strings.HasPrefix(strings.ToLower(p), "hp ") {
				c.HP = hp
				continue
			}
			i := strings.LastIndex(p, " ")
			d, ok := num(p[i+1:], "", "")
			if i < 0 || !ok {
				return nil, fmt.Errorf("msp: %s: write \"book creature NAME: hp N; ATTACK DAMAGE; ...\"", engine.Quote(text))
			}
			c.Attacks = append(c.Attacks, Attack{Name: strings.TrimSpace(p[:i]), Damage: d})
		}
		return AddCreature{Creature: c}, nil
	case "item":
		it := Item{Name: name}
		for _, p := range parts {
			lp := strings.ToLower(p)
			var ok bool
			switch {
			case strings.HasSuffix(lp, " g"):
				it.Grams, ok = num(p, " g", "")
			case strings.HasPrefix(lp, "damage "):
				it.Damage, ok = num(p, "", "damage ")
			case strings.HasPrefix(lp, "heals "):
				it.Heal, ok = num(p, "", "heals ")
			case strings.HasSuffix(lp, " portions"), strings.HasSuffix(lp, " portion"):
				it.Portions, ok = num(strings.TrimSuffix(lp, "s"), " portion", "")
			}
			if !ok {
				return nil, fmt.Errorf("msp: %s: write \"book item NAME: GRAMS g; damage N; heals N; N portions\"", engine.Quote(text))
			}
		}
		if it.Heal > 0 && it.Portions == 0 {
			it.Portions = 1
		}
		return AddItem{Item: it}, nil
	case "place":
		return AddPlace{Place: Place{Name: name, Text: body}}, nil
	}
	return nil, fmt.Errorf("msp: %s: write \"book creature|item|place NAME: ...\"", engine.Quote(text))
}

// decoders read each kind of action from its JSON body.
var decoders = map[string]func(kind string, raw json.RawMessage) (engine.Action, error){
	KindCreate:      decodeAs[Create],
	KindReroll:      decodeAs[Reroll],
	KindKeep:        decodeAs[Keep],
	KindRoll:        decodeAs[Roll],
	KindStrike:      decodeAs[Strike],
	KindUse:         decodeAs[Use],
	KindRest:        decodeAs[Rest],
	KindDrop:        decodeAs[Drop],
	KindPay:         decodeAs[Pay],
	KindWriteNotes:  decodeAs[WriteNotes],
	KindNote:        decodeAs[Note],
	KindCheck:       decodeAs[Check],
	KindTarget:      decodeAs[Target],
	KindCancelCheck: decodeAs[CancelCheck],
	KindBattle:      decodeAs[Battle],
	KindDamage:      decodeAs[Damage],
	KindEndBattle:   decodeAs[EndBattle],
	KindEnd:         decodeAs[End],
	KindGrantReroll: decodeAs[GrantReroll],
	KindGiveXP:      decodeAs[GiveXP],
	KindGive:        decodeAs[Give],
	KindTake:        decodeAs[Take],
	KindCoins:       decodeAs[Coins],
	KindSet:         decodeAs[Set],
	KindHurt:        decodeAs[Hurt],
	KindReveal:      decodeAs[Reveal],
	KindAddCreature: decodeAs[AddCreature],
	KindAddItem:     decodeAs[AddItem],
	KindAddPlace:    decodeAs[AddPlace],
	KindImportBook:  decodeAs[ImportBook],
	KindTyped:       decodeAs[Typed],
}

// decodeAs reads an action of type T from its JSON body.
func decodeAs[T engine.Action](kind string, raw json.RawMessage) (engine.Action, error) {
	var a T
	if err := engine.DecodeStrict("msp", kind, raw, &a); err != nil {
		return nil, err
	}
	return a, nil
}

// decode reads an action's JSON body; see Game.Decode.
func decode(kind string, raw json.RawMessage) (engine.Action, error) {
	dec, ok := decoders[kind]
	if !ok {
		return nil, fmt.Errorf("msp: unknown action kind %s (the kinds are those of the seat's legal actions, and \"typed\" for an action's text)", engine.Quote(kind))
	}
	return dec(kind, raw)
}
