package tmd

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"tabletop/engine"
)

// ParseAction reads an action's text form: what its String says, which
// each action type's comment gives, and a few shorter forms ("end turn",
// "point Speed", "dodge 2"). Verbs are in any case; names are matched in
// any case when the action is played. A sheet is brought whole, as "sheet"
// and the sheet's JSON (what tabletop tmd sheet new writes). A fighter's
// action may name its actor first, "Geodude: use Tackle on Ann": the GM
// names the foe or ally it acts for. A reason, where an action takes one,
// is written last in parentheses.
//
// "use NAME" is an item when NAME is an item and no move (Metronome is
// both: "use item Metronome" is the item).
//
// A text that reads as no action is refused with an example of what a
// player types; ParseActionAs gives the GM the GM's.
func ParseAction(text string) (engine.Action, error) { return ParseActionAs(text, false) }

// ParseActionAs is ParseAction for a game master (gm) or a player: a text
// that reads as no action is refused with an example of what that one
// types, a foe's action for the GM, a character's for a player.
func ParseActionAs(text string, gm bool) (engine.Action, error) {
	a, err := parseText(text)
	var u *unreadError
	if errors.As(err, &u) {
		example := `"use Tackle on Geodude"`
		if gm {
			example = `"Rocky: use Tackle on Ann"`
		}
		return nil, fmt.Errorf("tmd: %s: write one as the choices show it, as in %s (the rules summary lists them all)", u.what, example)
	}
	return a, err
}

// unreadError is the refusal of a text that reads as no action at all:
// ParseActionAs adds an example that fits the one who typed it.
type unreadError struct {
	what string // "empty action", `unknown action "fly"`
}

func (u *unreadError) Error() string { return "tmd: " + u.what }

// parseText is ParseAction, its refusal of a text that reads as no action
// an *unreadError.
func parseText(text string) (engine.Action, error) {
	text = strings.TrimSpace(text)
	a, err := parsePlain(text)
	if err == nil && !fighterAction(a) {
		return a, nil
	}
	// "NAME: ACTION", at any colon of a name's length: a name may hold one
	// ("Type: Null").
	for i := strings.IndexByte(text, ':'); i >= 0 && i <= MaxName; {
		name, rest := strings.TrimSpace(text[:i]), strings.TrimSpace(text[i+1:])
		if b, ferr := parseFighter(rest); name != "" && ferr == nil {
			return withActor(b, name), nil
		}
		j := strings.IndexByte(text[i+1:], ':')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	if err == nil {
		return a, nil
	}
	if name := longActor(text); name != "" {
		return nil, fmt.Errorf("tmd: %s: a foe's or character's name is at most %d bytes, and the name before the colon has %d", engine.Quote(text), MaxName, len(name))
	}
	if _, known := verbs[verbOf(text)]; !known && strings.Contains(text, ":") {
		return nil, fmt.Errorf("tmd: %s: after a name and a colon write what it does, as in \"Geodude: use Tackle on Ann\"", engine.Quote(text))
	}
	return nil, err
}

// longActor returns the name before a colon of text, too long for any
// fighter's (MaxName), whose action after the colon reads as a fighter's;
// or "".
func longActor(text string) string {
	for i := strings.IndexByte(text, ':'); i >= 0; {
		name := strings.TrimSpace(text[:i])
		if _, err := parseFighter(strings.TrimSpace(text[i+1:])); err == nil && len(name) > MaxName {
			return name
		}
		j := strings.IndexByte(text[i+1:], ':')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return ""
}

// verbs are the first words ParseAction knows.
var verbs = map[string]bool{
	"sheet": true, "bring": true, "place": true, "point": true, "lend": true, "keep": true,
	"learn": true, "do": true, "skip": true, "evolve": true,
	"use": true, "guard": true, "brace": true, "take": true, "break": true, "dodge": true, "clear": true,
	"end": true, "note": true, "add": true, "reveal": true, "hide": true, "start": true,
	"weather": true, "terrain": true, "hazard": true, "apply": true, "remove": true, "set": true,
	"award": true, "make": true, "give": true,
}

// verbOf is text's first word in lower case, a colon after it dropped
// ("note:").
func verbOf(text string) string {
	f := strings.Fields(text)
	if len(f) == 0 {
		return ""
	}
	return strings.TrimSuffix(strings.ToLower(f[0]), ":")
}

// fighterAction reports whether a is one of a fighter's actions in
// battle, which may name their actor.
func fighterAction(a engine.Action) bool {
	switch a.(type) {
	case UseMove, Guard, Brace, Break, Dodge, UseWish, UseAbility, UseItem, ClearHazards, EndTurn:
		return true
	}
	return false
}

// withActor names the actor of a fighter's action.
func withActor(a engine.Action, name string) engine.Action {
	switch a := a.(type) {
	case UseMove:
		a.Actor = name
		return a
	case Guard:
		a.Actor = name
		return a
	case Brace:
		a.Actor = name
		return a
	case Break:
		a.Actor = name
		return a
	case Dodge:
		a.Actor = name
		return a
	case UseWish:
		a.Actor = name
		return a
	case UseAbility:
		a.Actor = name
		return a
	case UseItem:
		a.Actor = name
		return a
	case ClearHazards:
		a.Actor = name
		return a
	case EndTurn:
		a.Actor = name
		return a
	}
	return a
}

// words is a text being read: the original and its ASCII lower case, of
// the same length, so that an index into one is an index into the other.
type words struct {
	s, lower string
}

func newWords(s string) words {
	s = strings.TrimSpace(s)
	return words{s, engine.LowerASCII(s)}
}

// cut splits w at the first (or with last, the last) sep, in any case; a
// sep at the end with nothing after it ("learn Tackle in place of") counts.
func (w words) cut(sep string, last bool) (before, after string, ok bool) {
	lower := w.lower + " "
	i := strings.Index(lower, sep)
	if last {
		i = strings.LastIndex(lower, sep)
	}
	if i < 0 {
		return w.s, "", false
	}
	return strings.TrimSpace(w.s[:i]), strings.TrimSpace(w.s[min(i+len(sep), len(w.s)):]), true
}

// trimPrefix drops a leading prefix, in any case.
func (w words) trimPrefix(prefix string) (words, bool) {
	if !strings.HasPrefix(w.lower, prefix) {
		return w, false
	}
	return newWords(w.s[len(prefix):]), true
}

// trimSuffix drops a trailing suffix, in any case.
func (w words) trimSuffix(suffix string) (words, bool) {
	if !strings.HasSuffix(w.lower, suffix) {
		return w, false
	}
	return newWords(w.s[:len(w.s)-len(suffix)]), true
}

// parenNames are the data's names that end in parentheses ("Paldean
// Tauros (Blaze)", "As One (Glastrier)"), in lower case: a text ending in
// one has no reason in parentheses.
var parenNames = sync.OnceValue(func() []string {
	d, err := LoadData()
	if err != nil {
		return nil
	}
	var out []string
	add := func(name string) {
		if strings.HasSuffix(name, ")") {
			out = append(out, strings.ToLower(name))
		}
	}
	for _, sp := range d.Species {
		add(sp.Name)
	}
	for _, ab := range d.Abilities {
		add(ab.Name)
	}
	for _, m := range d.Moves {
		add(m.Name)
	}
	for _, it := range d.Items {
		add(it.Name)
	}
	return out
})

// cutReason splits "HEAD (REASON)" into HEAD and REASON.
func cutReason(s string) (string, string) {
	s = strings.TrimSpace(s)
	if !strings.HasSuffix(s, ")") {
		return s, ""
	}
	lower := strings.ToLower(s)
	for _, n := range parenNames() {
		if strings.HasSuffix(lower, n) {
			return s, ""
		}
	}
	depth := 0
	for i := len(s) - 1; i >= 0; i-- {
		switch s[i] {
		case ')':
			depth++
		case '(':
			if depth--; depth == 0 {
				return strings.TrimSpace(s[:i]), s[i+1 : len(s)-1]
			}
		}
	}
	return s, ""
}

// isMove, isItem and isAbility report whether the data has a move, an
// item or an ability of that name.
func isMove(name string) bool    { return inData(name, (*Data).MoveNamed) }
func isItem(name string) bool    { return inData(name, (*Data).ItemNamed) }
func isAbility(name string) bool { return inData(name, (*Data).AbilityNamed) }

func inData[T any](name string, find func(*Data, string) (*T, error)) bool {
	d, err := LoadData()
	if err != nil {
		return false
	}
	_, err = find(d, name)
	return err == nil
}

// list splits "A, B, C" into names.
func list(s string) []string {
	var out []string
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// parsePlain reads every action without an actor named first.
func parsePlain(text string) (engine.Action, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return nil, &unreadError{what: "empty action"}
	}
	verb := strings.ToLower(f[0])
	if strings.HasPrefix(verb, "note:") {
		verb = "note"
	} else if v, colon := strings.CutSuffix(verb, ":"); colon {
		// Only a note has a colon after its verb; "Guard: ..." names an actor.
		if v != "note" {
			return nil, &unreadError{what: "unknown action " + engine.Quote(text)}
		}
		verb = v
	}
	rest := newWords(text[len(f[0]):])
	bad := func(want string) (engine.Action, error) { return nil, writeAs(text, want) }
	switch verb {
	case "sheet":
		body := strings.TrimSpace(rest.s)
		if body == "" {
			return bad(`"sheet" and the sheet's JSON, as tabletop tmd sheet new writes it`)
		}
		if file, ok := strings.CutPrefix(body, "@"); ok {
			// tabletop play reads "@FILE" when FILE is a file.
			return nil, fmt.Errorf("tmd: there is no sheet file %s: in the terminal, \"sheet @FILE\" reads a file tabletop tmd sheet new wrote; on a table page, paste the sheet's JSON after \"sheet\"", engine.Quote(file))
		}
		var sh Sheet
		if err := engine.UnmarshalStrict([]byte(body), &sh); err != nil {
			return nil, writeAs(text, fmt.Sprintf("\"sheet\" and the sheet's JSON, as tabletop tmd sheet new writes it (%s)", engine.JSONProblem(err)))
		}
		return BringSheet{Sheet: sh}, nil
	case "bring":
		return bad(`"sheet" and the sheet's JSON, as tabletop tmd sheet new writes it (a sheet is brought whole), or pick one of the sample sheets offered`)
	case "place", "point":
		w := rest
		for _, p := range []string{"a point in ", "a point on ", "point in ", "in "} {
			if v, ok := w.trimPrefix(p); ok {
				w = v
				break
			}
		}
		st, err := ParseStat(w.s)
		if err != nil || w.s == "" {
			return bad(`"place a point in STAT" (HP, Attack, Defense, Special Attack, Special Defense or Speed)`)
		}
		return PlacePoint{Stat: st}, nil
	case "lend", "keep":
		switch rest.lower {
		case "", "bag", "my bag", "my bag to allies", "my bag to myself":
			return LendBag{Lend: verb == "lend"}, nil
		}
		return bad(`"lend my bag to allies" or "keep my bag to myself"`)
	case "learn":
		mv, old, replace := rest.cut(" in place of ", false)
		if mv == "" || replace && old == "" {
			return bad(`"learn MOVE", or with four moves known "learn MOVE in place of MOVE"`)
		}
		return LearnMove{Move: mv, Replace: old}, nil
	case "do", "skip":
		mv := rest
		if verb == "do" {
			var ok bool
			if mv, ok = rest.trimPrefix("not learn "); !ok {
				return bad(`"do not learn MOVE"`)
			}
		}
		if mv.s == "" {
			return bad(`"do not learn MOVE"`)
		}
		return SkipMove{Move: mv.s}, nil
	case "evolve":
		return parseEvolve(text, rest)
	case "use", "guard", "brace", "take", "break", "dodge", "clear":
		return parseFighter(text)
	case "end":
		head, reason := cutReason(rest.s)
		switch strings.ToLower(head) {
		case "the turn", "turn", "my turn", "its turn":
			if reason == "" {
				return EndTurn{}, nil
			}
		case "the battle", "battle":
			return EndBattle{Reason: reason}, nil
		case "the session", "session":
			return End{Reason: reason}, nil
		}
		return bad(`"end the turn", "end the battle (REASON)" or "end the session (REASON)"`)
	case "note":
		body := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(text[len("note"):]), ":"))
		if body == "" {
			return bad(`"note: TEXT"`)
		}
		return Note{Text: body}, nil
	case "add":
		return parseAddFoe(text, rest)
	case "reveal", "hide":
		if verb == "hide" {
			if rest.lower == "a" || rest.lower == "an" {
				return bad(`"hide a TRAP (REASON)"`)
			}
			if t, ok := rest.trimPrefix("a "); ok {
				return parseTrap(text, t)
			}
			if t, ok := rest.trimPrefix("an "); ok {
				return parseTrap(text, t)
			}
		}
		w, _ := rest.trimPrefix("the stats of ")
		if w.s == "" {
			return bad(`"reveal the stats of FOE" or "hide the stats of FOE"`)
		}
		return Reveal{Foe: w.s, Hide: verb == "hide"}, nil
	case "start":
		w, _ := rest.trimPrefix("the battle")
		w = newWords(strings.TrimPrefix(w.s, ","))
		w, _ = w.trimPrefix("the ")
		w, _ = w.trimSuffix(" first")
		switch w.lower {
		case "allies", "team":
			return StartBattle{First: Allies}, nil
		case "foes":
			return StartBattle{First: Foes}, nil
		}
		return bad(`"start the battle, allies first" or "start the battle, foes first"`)
	case "weather":
		w, reason := cutReason(rest.s)
		return SetWeather{Weather: w, Reason: reason}, nil
	case "terrain":
		t, reason := cutReason(rest.s)
		return SetTerrain{Terrain: t, Reason: reason}, nil
	case "hazard":
		return parseHazard(text, rest)
	case "apply", "remove":
		head, reason := cutReason(rest.s)
		w := newWords(head)
		if verb == "remove" {
			cond, who, ok := w.cut(" from ", false)
			if !ok {
				cond, who, ok = w.cut(" to ", false)
			}
			if !ok || cond == "" || who == "" {
				return bad(`"remove CONDITION from NAME (REASON)"`)
			}
			return SetCondition{Who: who, Condition: cond, Remove: true, Reason: reason}, nil
		}
		cond, who, ok := w.cut(" to ", false)
		if !ok || cond == "" || who == "" {
			return bad(`"apply CONDITION to NAME (REASON)", or for one aimed at someone "apply infatuation to NAME from NAME (REASON)"`)
		}
		by := ""
		if wh, b, ok := newWords(who).cut(" from ", true); ok {
			who, by = wh, b
		}
		return SetCondition{Who: who, Condition: cond, By: by, Reason: reason}, nil
	case "set":
		head, reason := cutReason(rest.s)
		w := newWords(head)
		target, n, ok := w.cut(" to ", true)
		v, err := strconv.Atoi(n)
		if !ok || err != nil {
			return bad(`"set FIELD of NAME to N (REASON)" (hp, maxhp, ap, level, atk, def, spa, spd, spe, stage-atk...) or "set gravity to N (REASON)"`)
		}
		field, who, _ := newWords(target).cut(" of ", false)
		return Override{Who: who, Field: field, Value: v, Reason: reason}, nil
	case "award":
		return parseAward(text, rest)
	case "give":
		head, reason := cutReason(rest.s)
		who, ability, ok := newWords(head).cut(" the ability ", true)
		if !ok || who == "" || ability == "" {
			return bad(`"give NAME the ability ABILITY (REASON)"`)
		}
		return SetAbility{Who: who, Ability: ability, Reason: reason}, nil
	case "make":
		w, ok := rest.trimSuffix(" the leader")
		if !ok || w.s == "" {
			return bad(`"make NAME the leader"`)
		}
		return SetLeader{Who: w.s}, nil
	}
	return nil, &unreadError{what: "unknown action " + engine.Quote(text)}
}

// parseFighter reads a fighter's action, its actor not named: "use MOVE
// on TARGET, TARGET", "use item ITEM from NAME's bag on NAME", "use a
// wish", "use its ability", "guard NAME", "brace Defense", "take a break",
// "dodge with N AP", "clear the hazards", "end the turn".
func parseFighter(text string) (engine.Action, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return nil, fmt.Errorf("tmd: empty action")
	}
	verb := strings.ToLower(f[0])
	rest := newWords(text[len(f[0]):])
	bad := func(want string) (engine.Action, error) { return nil, writeAs(text, want) }
	switch verb {
	case "use":
		switch rest.lower {
		case "":
			return bad(`"use MOVE on TARGET"`)
		case "a wish":
			return UseWish{}, nil
		case "its ability", "the ability", "ability", "my ability":
			return UseAbility{}, nil
		}
		name, on, _ := rest.cut(" on ", false)
		w := newWords(name)
		if w.lower == "item" {
			return bad(`"use item ITEM on NAME"`)
		}
		item, explicit := w.trimPrefix("item ")
		bag := ""
		if it, owner, ok := item.cut(" from ", true); ok {
			if o, ok := newWords(owner).trimSuffix("'s bag"); ok {
				item, bag, explicit = newWords(it), o.s, true
			}
		}
		if explicit || isItem(name) && !isMove(name) {
			if item.s == "" {
				return bad(`"use item ITEM on NAME"`)
			}
			return UseItem{Item: item.s, On: on, Bag: bag}, nil
		}
		if name == "" {
			return bad(`"use MOVE on TARGET"`)
		}
		return UseMove{Move: name, Targets: list(on)}, nil
	case "guard":
		if rest.s == "" {
			return bad(`"guard ALLY"`)
		}
		return Guard{Ally: rest.s}, nil
	case "brace":
		st, err := ParseStat(rest.s)
		if err != nil || st != Defense && st != SpDef {
			return bad(`"brace Defense" or "brace Special Defense"`)
		}
		return Brace{Stat: st}, nil
	case "take", "break":
		if verb == "break" && rest.s == "" || verb == "take" && rest.lower == "a break" {
			return Break{}, nil
		}
		return bad(`"take a break"`)
	case "dodge":
		w, _ := rest.trimPrefix("with ")
		w, _ = w.trimSuffix(" ap")
		n, err := strconv.Atoi(w.s)
		if err != nil {
			return bad(`"dodge with N AP"`)
		}
		return Dodge{AP: n}, nil
	case "clear":
		switch rest.lower {
		case "the hazards", "hazards":
			return ClearHazards{}, nil
		}
		return bad(`"clear the hazards"`)
	case "end":
		switch rest.lower {
		case "the turn", "turn", "my turn", "its turn":
			return EndTurn{}, nil
		}
		return bad(`"end the turn"`)
	}
	return nil, writeAs(text, "what the fighter does: use MOVE on TARGET, use item ITEM on NAME, guard NAME, brace Defense, take a break, dodge with N AP, clear the hazards or end the turn")
}

// parseEvolve reads "evolve [NAME ]into SPECIES[ with ABILITY][, species
// bonus in STAT][ (REASON)]".
func parseEvolve(text string, rest words) (engine.Action, error) {
	head, reason := cutReason(rest.s)
	w := newWords(head)
	a := Evolve{Reason: reason}
	if h, bonus, ok := w.cut(", species bonus in ", true); ok {
		w, a.Bonus = newWords(h), bonus
	}
	if v, ok := w.trimPrefix("into "); ok {
		w = v
	} else {
		who, into, ok := w.cut(" into ", false)
		if !ok || who == "" {
			return nil, writeAs(text, "\"evolve into SPECIES\", or the GM \"evolve NAME into SPECIES (REASON)\"")
		}
		a.Who, w = who, newWords(into)
	}
	a.Into = w.s
	if into, ability, ok := w.cut(" with ", true); ok {
		a.Into, a.Ability = into, ability
	}
	if a.Into == "" {
		return nil, writeAs(text, "\"evolve into SPECIES\"")
	}
	return a, nil
}

// parseAddFoe reads "add foe SPECIES level N[ as NAME][ with MOVE,
// MOVE][ and ABILITY][ (stats hidden)][ on the team's side]".
func parseAddFoe(text string, rest words) (engine.Action, error) {
	bad := func() (engine.Action, error) {
		return nil, writeAs(text, "\"add foe SPECIES level N\", then if wanted \"as NAME\", \"with MOVE, MOVE\", \"and ABILITY\", \"(stats hidden)\" or \"on the team's side\"")
	}
	w, ok := rest.trimPrefix("foe ")
	if !ok {
		return bad()
	}
	var a AddFoe
	w, a.Ally = w.trimSuffix(" on the team's side")
	w, a.Hidden = w.trimSuffix(" (stats hidden)")
	species, after, ok := w.cut(" level ", false)
	if !ok || species == "" {
		return bad()
	}
	a.Species = species
	f := strings.Fields(after)
	if len(f) == 0 {
		return bad()
	}
	level, err := strconv.Atoi(f[0])
	if err != nil {
		return bad()
	}
	a.Level = level
	// From the end: the ability, the moves, the name, each only if the data
	// knows it (a name may hold " and " or " with ").
	tail := " " + strings.TrimSpace(after[len(f[0]):])
	if i := strings.LastIndex(engine.LowerASCII(tail), " and "); i >= 0 {
		if ab := strings.TrimSpace(tail[i+len(" and "):]); isAbility(ab) {
			a.Ability, tail = ab, tail[:i]
		}
	}
	if i := strings.LastIndex(engine.LowerASCII(tail), " with "); i >= 0 {
		moves := list(tail[i+len(" with "):])
		known := len(moves) > 0
		for _, m := range moves {
			known = known && isMove(m)
		}
		if known {
			a.Moves, tail = moves, tail[:i]
		}
	}
	if w := newWords(tail); w.s != "" {
		name, ok := w.trimPrefix("as ")
		if !ok || name.s == "" {
			return bad()
		}
		a.Name = name.s
	}
	return a, nil
}

// parseHazard reads "hazard NAME ×N on the SIDE' side (REASON)".
func parseHazard(text string, rest words) (engine.Action, error) {
	bad := func() (engine.Action, error) {
		return nil, writeAs(text, "\"hazard spikes ×2 on the foes' side (REASON)\" (×0 removes it; x for ×)")
	}
	head, reason := cutReason(rest.s)
	hz, side, ok := newWords(head).cut(" on ", true)
	if !ok {
		return bad()
	}
	s, _ := newWords(side).trimPrefix("the ")
	for _, suffix := range []string{"' side", "'s side", " side"} {
		if v, ok := s.trimSuffix(suffix); ok {
			s = v
			break
		}
	}
	var a SetHazard
	switch s.lower {
	case "allies", "team":
		a.Side = Allies
	case "foes":
		a.Side = Foes
	default:
		return bad()
	}
	i := strings.LastIndex(hz, " ")
	if i < 0 {
		return bad()
	}
	n := strings.TrimLeft(strings.TrimPrefix(hz[i+1:], "×"), "xX")
	layers, err := strconv.Atoi(n)
	if err != nil {
		return bad()
	}
	a.Hazard, a.Layers, a.Reason = strings.TrimSpace(hz[:i]), layers, reason
	return a, nil
}

// parseTrap reads the rest of "hide a TRAP[ (springs on N or less)]
// (REASON)".
func parseTrap(text string, rest words) (engine.Action, error) {
	head, reason := cutReason(rest.s)
	a := SetTrap{Trap: head, Reason: reason}
	if h, at := cutReason(head); at != "" {
		w := newWords(at)
		w, ok1 := w.trimPrefix("springs on ")
		w, ok2 := w.trimSuffix(" or less")
		n, err := strconv.Atoi(w.s)
		if !ok1 || !ok2 || err != nil {
			return nil, writeAs(text, "\"hide a TRAP (REASON)\" or \"hide a TRAP (springs on N or less) (REASON)\"")
		}
		a.Trap, a.At = h, n
	}
	if a.Trap == "" {
		return nil, writeAs(text, "\"hide a TRAP (REASON)\"")
	}
	return a, nil
}

// parseAward reads "award N XP and N RP to NAME (REASON)", "to the team"
// for every member; either amount alone may be written.
func parseAward(text string, rest words) (engine.Action, error) {
	bad := func() (engine.Action, error) {
		return nil, writeAs(text, "\"award N XP and N RP to NAME (REASON)\", or \"to the team\"")
	}
	head, reason := cutReason(rest.s)
	amounts, who, ok := newWords(head).cut(" to ", false)
	if !ok || who == "" {
		return bad()
	}
	a := Award{Who: who, Reason: reason}
	if strings.EqualFold(who, "the team") {
		a.Who = ""
	}
	f := strings.Fields(strings.ToLower(amounts))
	if len(f) != 2 && len(f) != 5 || len(f) == 5 && f[2] != "and" {
		return bad()
	}
	for i := 0; i < len(f); i += 3 {
		n, err := strconv.Atoi(f[i])
		if err != nil {
			return bad()
		}
		switch f[i+1] {
		case "xp":
			a.XP = n
		case "rp":
			a.RP = n
		default:
			return bad()
		}
	}
	return a, nil
}

// writeAs is the refusal of text, which reads as no action of its form:
// it says what to write.
func writeAs(text, want string) error {
	return fmt.Errorf("tmd: %s: write %s", engine.Quote(text), want)
}
