package mgt

import (
	"fmt"
	"math/bits"

	"tabletop/dice"
	"tabletop/engine"
)

// NewBot returns the named bot: "random" or "greedy".
func NewBot(name string) (engine.Bot, error) {
	switch name {
	case BotRandom:
		return randomBot{}, nil
	case BotGreedy:
		return greedyBot{}, nil
	}
	return nil, fmt.Errorf("mgt: no bot %s (want random or greedy)", engine.Quote(name))
}

// randomBot plays a uniformly random legal action.
type randomBot struct{}

func (randomBot) Act(_ engine.Seat, _ engine.View, legal []engine.Action, r *dice.Stream) engine.Action {
	if len(legal) == 1 {
		return legal[0] // most claim windows: pass, with no die rolled
	}
	return legal[r.Roll(len(legal))-1]
}

// greedyBot plays from its own view only. A choice of one (pass, in most
// claim windows) is played at once, without reading the view. Otherwise it
// finds the pattern its cards come closest to (among those the unseen cards
// can still complete) and:
//   - discards the card that pattern uses least, avoiding discards whose
//     nature would cost it cards the pattern needs (cheerful, proud, mean);
//   - takes every impatient draw and melds cards into its exposed sets
//     (cheerful cards stay in hand, where they can serve either set);
//   - claims when the claimed card brings the pattern closer, exposing the
//     three cards preferThree picks (those that serve nothing else);
//   - sends an aggressive card at the opponent with the most exposed cards
//     when that opponent looks closer to winning than itself;
//   - throws rock, paper or scissors uniformly at random, the only throw
//     that cannot be exploited.
type greedyBot struct{}

func (greedyBot) Act(p engine.Seat, view engine.View, legal []engine.Action, r *dice.Stream) engine.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	v, ok := view.(*View)
	if !ok || p < 0 || int(p) >= len(v.Players) {
		return legal[r.Roll(len(legal))-1]
	}
	switch v.Phase {
	case PhaseDiscard:
		return greedyDiscard(v, p, legal, r)
	case PhaseTarget:
		return greedyTarget(v, p, legal)
	case PhaseClaim:
		return greedyClaim(v, p, legal)
	}
	return legal[r.Roll(len(legal))-1]
}

// maxSets bounds the number of sets for the bot's fixed-size tables.
const maxSets = 64

// knowledge is what the bot counts from its view: how many cards of each
// set it has not seen (they may still come), and its banned keys.
type knowledge struct {
	avail  [maxSets]int8
	banned uint64
}

func know(v *View, p engine.Seat) knowledge {
	var k knowledge
	var seen setCounts
	if v.public != nil {
		// The state counted the public cards for its views: the same
		// count as the loops below, without walking the discard pile.
		// The hand is counted on top of a copy (the order of the
		// additions does not matter).
		seen = *v.public
		k.banned = v.banned
	} else {
		for _, cv := range v.Discards {
			seen.add(cv.Card)
		}
		for i := range v.Players {
			pl := &v.Players[i]
			for _, g := range pl.Exposed {
				for _, cv := range g.Cards {
					seen.add(cv.Card)
				}
			}
			for _, c := range pl.Aside {
				seen.add(c)
			}
		}
		for _, name := range v.Players[p].Banned {
			if key, ok := keyByName[name]; ok {
				k.banned |= 1 << uint(key)
			}
		}
	}
	for _, cv := range v.Hand {
		seen.add(cv.Card)
	}
	nsets := len(deck.Sets)
	avail, size, got := k.avail[:nsets], setSize[:nsets], seen[:nsets]
	for i := range avail {
		avail[i] = max(0, size[i]-got[i])
	}
	// Banned keys, in key order (the order of Banned does not matter: each
	// takes from its own set).
	for b := k.banned; b != 0; b &= b - 1 {
		key := bits.TrailingZeros64(b)
		set := deck.Keys[key].Set
		if deck.Sets[set].Orphan {
			k.avail[set] = max(0, k.avail[set]-1)
		} else {
			k.avail[set] = 0
		}
	}
	return k
}

// setSize is every set's size, compact for the bot's loops.
var setSize = func() (out [maxSets]int8) {
	for i, st := range deck.Sets {
		out[i] = int8(min(st.Size, 127))
	}
	return out
}()

// Per-set facts for the bot's plan search, compact so that the pairs it
// tries do not walk the wide SetInfo records: what points a four (or a
// five) and an eight of the set score, and whether it is an orphan set.
var (
	setFourWhat  [maxSets]int8
	setEightWhat [maxSets]int8
	setOrphan    [maxSets]bool
)

func init() {
	for i, st := range deck.Sets {
		setFourWhat[i], setEightWhat[i], setOrphan[i] = int8(fourWhat(SetID(i))), int8(eightWhat(SetID(i))), st.Orphan
	}
}

var keyByName = func() map[string]int {
	m := make(map[string]int, len(deck.Keys))
	for i, k := range deck.Keys {
		m[k.Name] = i
	}
	return m
}()

// tally is a hand as the bot's evaluation sees it.
type tally struct {
	own    [maxSets]int8 // usable hidden non-cheerful cards by set
	flex   [maxSets]int8 // usable hidden cheerful cards by their own set
	cheer  int8          // usable hidden cheerful cards
	dead   int8          // hidden cards of banned types
	groups [4]struct {
		set SetID
		n   int8
	}
	ng      int
	claims  int
	present [16]SetID // the own sets of the usable hidden cards, each once
	np      int
}

func (t *tally) add(c Card, nat Nature, k *knowledge, delta int8) {
	set := cardSet[c]
	switch {
	case k.banned&(1<<cardKey[c]) != 0:
		t.dead += delta
		return
	case nat.Effect() == Cheerful:
		t.flex[set] += delta
		t.cheer += delta
	default:
		t.own[set] += delta
	}
	if delta > 0 && t.own[set]+t.flex[set] == 1 && t.np < len(t.present) {
		t.present[t.np] = set
		t.np++
	}
}

func tallyOf(v *View, p engine.Seat, k *knowledge) tally {
	var t tally
	for _, cv := range v.Hand {
		t.add(cv.Card, cv.Nature, k, 1)
	}
	for _, g := range v.Players[p].Exposed {
		if t.ng < len(t.groups) {
			t.groups[t.ng].set, t.groups[t.ng].n = g.Set, int8(len(g.Cards))
			t.ng++
		}
	}
	t.claims = len(v.Players[p].Exposed) // every exposed set began with a claim
	return t
}

// in returns the hidden cards that count only for set x, and those that
// could count for x or the cheerful set.
func (t *tally) in(x SetID) (only, flex int) {
	if x == deck.CheerfulSet {
		return 0, int(t.cheer)
	}
	return int(t.own[x]), int(t.flex[x])
}

// count is the cards (hidden and exposed) that could count for set x.
func (t *tally) count(x SetID) int {
	only, flex := t.in(x)
	n := only + flex
	for i := range t.ng {
		if t.groups[i].set == x {
			n += int(t.groups[i].n)
		}
	}
	return n
}

// plan is a pattern the bot aims at: set a with ta cards and set b with tb
// (b -1 for one set).
type plan struct {
	a, b   SetID
	ta, tb int
	orphan bool
	value  int
	fit    int
}

// evaluate finds the best plan for the tally: the pattern with the most
// cards already in place, then the most room left among the unseen cards,
// then the most points.
func (t *tally) evaluate(k *knowledge) plan {
	// Candidate sets: the exposed ones, the cheerful set, and the sets the
	// hand holds most of (a plan built on a set with fewer cards rarely wins
	// the comparison, and this keeps the pairs few).
	const top = 5
	var sets [top + 6]SetID
	n := 0
	add := func(x SetID) {
		for i := range n {
			if sets[i] == x {
				return
			}
		}
		if n < len(sets) {
			sets[n] = x
			n++
		}
	}
	for i := range t.ng {
		add(t.groups[i].set)
	}
	if t.cheer > 0 {
		add(deck.CheerfulSet)
	}
	var best5 [top]SetID
	var cnt5 [top]int8
	m := 0
	for _, x := range t.present[:t.np] {
		c := t.own[x] + t.flex[x]
		if c == 0 || setSize[x] < 3 {
			continue
		}
		i := m
		if m < top {
			m++
		} else if c <= cnt5[top-1] {
			continue
		} else {
			i = top - 1
		}
		for i > 0 && cnt5[i-1] < c {
			best5[i], cnt5[i] = best5[i-1], cnt5[i-1]
			i--
		}
		best5[i], cnt5[i] = x, c
	}
	for i := range m {
		add(best5[i])
	}
	best := plan{value: -1 << 30, a: -1, b: -1}
	// try scores "ta of a, tb of b" and keeps it if it beats the best so
	// far; the plan itself is built only then (this runs for every pair).
	try := func(a SetID, ta int, b SetID, tb int) {
		if value, fit := t.score(k, a, ta, b, tb); value > best.value {
			best = plan{a: a, b: b, ta: ta, tb: tb, value: value, fit: fit}
		}
	}
	// A plan's value is 100 a card in place plus at most maxBonus (room 24
	// a set, 8 for a single set, 3 a point), so a plan whose cards in place
	// cannot beat the best so far is skipped; the sets are tried in order of
	// the cards held, so the best plan comes early.
	const maxBonus = 80
	var cnt [len(sets)]int
	for i := range n {
		c, x := t.count(sets[i]), sets[i]
		j := i
		for j > 0 && cnt[j-1] < c {
			cnt[j], sets[j] = cnt[j-1], sets[j-1]
			j--
		}
		cnt[j], sets[j] = c, x
	}
	beats := func(ub int) bool { return ub*100+maxBonus > best.value }
	// A plan must hold every exposed set: g1 and g2 are the exposed sets
	// (-1 for none), and a pair that leaves one out is impossible (score
	// says so too), so it is not scored at all.
	g1, g2, fits := SetID(-1), SetID(-1), true
	for i := range t.ng {
		switch x := t.groups[i].set; {
		case x == g1 || x == g2:
		case g1 < 0:
			g1 = x
		case g2 < 0:
			g2 = x
		default:
			fits = false // three exposed sets: no two-set plan holds them
		}
	}
	holds := func(a, b SetID) bool { return (g1 < 0 || g1 == a || g1 == b) && (g2 < 0 || g2 == a || g2 == b) }
	for i := range n {
		if !fits {
			break
		}
		a := sets[i]
		if !beats(min(8, cnt[i]+cnt[0])) {
			break // no plan with a (or a later set) first can win
		}
		if setSize[a] >= 8 && !setOrphan[a] && g2 < 0 && (g1 < 0 || g1 == a) && beats(min(8, cnt[i])) {
			try(a, 8, -1, 0)
		}
		for j := range n {
			b := sets[j]
			if a == b || !holds(a, b) {
				continue
			}
			if j > i && setSize[a] >= 4 && setSize[b] >= 4 && beats(min(4, cnt[i])+min(4, cnt[j])) {
				try(a, 4, b, 4)
			}
			if setSize[a] >= 5 && setSize[b] >= 3 && beats(min(5, cnt[i])+min(3, cnt[j])) {
				try(a, 5, b, 3)
			}
		}
	}
	for _, o := range [2]SetID{deck.Orphans, deck.BeastOrphans} {
		if t.own[o]+t.flex[o] > 0 {
			if pl := t.orphanScore(k, o); pl.value > best.value {
				best = pl
			}
		}
	}
	return best
}

// score values the plan "ta of a, tb of b": its value, and its fit (the
// cards in place). An impossible plan is worth -1 << 30.
func (t *tally) score(k *knowledge, a SetID, ta int, b SetID, tb int) (value, fit int) {
	const impossible = -1 << 30
	ea, eb := 0, 0
	for i := range t.ng {
		switch g := t.groups[i]; g.set {
		case a:
			ea += int(g.n)
		case b:
			eb += int(g.n)
		default:
			return impossible, 0
		}
	}
	if ea > ta || eb > tb {
		return impossible, 0
	}
	// A cheerful card counts for its own set or for the cheerful set: when
	// one of the two sets is the cheerful set, the cheerful cards of the
	// other set may go to either.
	var onlyA, onlyB, both int
	C := deck.CheerfulSet
	switch {
	case a == C:
		onlyA = int(t.cheer)
		if b >= 0 {
			onlyA -= int(t.flex[b])
			onlyB, both = int(t.own[b]), int(t.flex[b])
		}
	case b == C:
		onlyA, onlyB, both = int(t.own[a]), int(t.cheer-t.flex[a]), int(t.flex[a])
	default:
		onlyA = int(t.own[a] + t.flex[a])
		if b >= 0 {
			onlyB = int(t.own[b] + t.flex[b])
		}
	}
	placedA := min(ta-ea, onlyA)
	placedB := min(tb-eb, onlyB)
	missA, missB := ta-ea-placedA, tb-eb-placedB
	// Flexible cards go where the unseen cards are scarcer.
	for range both {
		if missA > 0 && (missB == 0 || k.avail[a]-int8(missA) <= availOf(k, b)-int8(missB)) {
			missA--
		} else if missB > 0 {
			missB--
		}
	}
	fit = ta + tb - missA - missB
	value = fit * 100
	value += room(int(k.avail[a]), missA)
	if b >= 0 {
		value += room(int(k.avail[b]), missB)
	}
	var what int
	switch {
	case ta == 8:
		what = int(setEightWhat[a])
		value += 8 // one set: a single thing to wait for
	case ta == 4:
		what = int(setFourWhat[a] + setFourWhat[b])
	default:
		what = int(setFourWhat[a])
	}
	pat := Eight
	if tb == 4 {
		pat = FourFour
	} else if tb == 3 {
		pat = FiveThree
	}
	value += 3 * (what + howPoints(pat, t.claims))
	return value, fit
}

func availOf(k *knowledge, x SetID) int8 {
	if x < 0 {
		return 0
	}
	return k.avail[x]
}

// room scores how many unseen cards could still fill miss places: a plan
// that needs more than are left is nearly worthless.
func room(avail, miss int) int {
	if miss <= 0 {
		return 24
	}
	if avail < miss {
		return -400 * (miss - avail)
	}
	return 4 * min(avail-miss, 6)
}

// orphanScore values "seven orphans of o and one more".
func (t *tally) orphanScore(k *knowledge, o SetID) plan {
	pl := plan{a: o, b: -1, ta: 7, orphan: true, value: -1 << 30}
	have := int(t.own[o] + t.flex[o])
	for i := range t.ng {
		if t.groups[i].set != o {
			return pl
		}
		have += int(t.groups[i].n)
	}
	miss := max(0, 7-have)
	pl.fit = 8 - miss
	pl.value = pl.fit*100 + room(int(k.avail[o]), miss) + 3*12
	return pl
}

// need returns how many cards the plan wants of the set a hidden card (own
// set x, cheerful or not) would count for, and how many the tally holds.
func (pl plan) need(t *tally, x SetID, cheer bool) (target, have int) {
	set, target := x, 0
	switch {
	case x == pl.a:
		target = pl.ta
	case x == pl.b:
		target = pl.tb
	case cheer && pl.a == deck.CheerfulSet:
		set, target = pl.a, pl.ta
	case cheer && pl.b == deck.CheerfulSet:
		set, target = pl.b, pl.tb
	}
	only, flex := t.in(set)
	have = only + flex
	for i := range t.ng {
		if t.groups[i].set == set {
			have += int(t.groups[i].n)
		}
	}
	return target, have
}

// wants reports whether the plan has a place for a hidden card of own set x
// (cheerful or not).
func (pl plan) wants(x SetID, cheer bool) bool {
	if pl.orphan {
		return x == pl.a
	}
	return x == pl.a || x == pl.b || cheer && (pl.a == deck.CheerfulSet || pl.b == deck.CheerfulSet)
}

func greedyDiscard(v *View, p engine.Seat, legal []engine.Action, r *dice.Stream) engine.Action {
	// Take every impatient draw, then meld what fits an exposed set.
	for _, a := range legal {
		if _, ok := a.(Draw); ok {
			return a
		}
	}
	for _, a := range legal {
		if m, ok := a.(Meld); ok && !isCheerful(v, m.Card) {
			return a
		}
	}
	kv := know(v, p)
	k := &kv
	t := tallyOf(v, p, k)
	best := t.evaluate(k)
	total := len(v.Hand)
	for _, g := range v.Players[p].Exposed {
		total += len(g.Cards)
	}
	excess := total > handSize+1
	otherCheerWanted := 0
	for _, o := range v.Hand {
		if o.Nature.Effect() == Cheerful && best.wants(cardSet[o.Card], true) {
			otherCheerWanted++
		}
	}
	bestCard, bestKeep := NoCard, 1<<30
	for _, cv := range v.Hand {
		set, key := cardSet[cv.Card], cardKey[cv.Card]
		cheer := cv.Nature.Effect() == Cheerful
		keep := 0
		switch {
		case k.banned&(1<<key) != 0:
			keep = -1000
		case best.wants(set, cheer):
			tgt, have := best.need(&t, set, cheer)
			keep = 500 + 10*have
			if have > tgt {
				keep = 300 + 10*tgt // a surplus card
			}
		default:
			only, flex := t.in(set)
			keep = 20*(only+flex) + int(k.avail[set])
			if setSize[set] < 3 {
				keep -= 50 // a set too small to use
			}
			if cheer {
				keep += 10 * int(t.cheer)
			}
		}
		if !excess {
			switch cv.Nature.Effect() {
			case Mean:
				keep += 60 // it would cost a random card
			case Cheerful:
				// every other cheerful card would go too
				n := otherCheerWanted
				if best.wants(set, true) {
					n--
				}
				keep += 300 * n
			case Proud:
				for _, o := range v.Hand {
					if o.Card != cv.Card && cardKey[o.Card] == key {
						keep += 40
						if best.wants(set, false) {
							keep += 300
						}
					}
				}
			case Loyal:
				keep -= 5 // nobody can claim it
			case Aggressive:
				keep -= 5 // a free attack
			}
		}
		if keep < bestKeep {
			bestKeep, bestCard = keep, cv.Card
		}
	}
	if bestCard == NoCard {
		return legal[r.Roll(len(legal))-1]
	}
	return boxedDiscard[bestCard] // every card in hand may be discarded
}

func cardIn(v *View, c Card) CardView {
	for _, cv := range v.Hand {
		if cv.Card == c {
			return cv
		}
	}
	return CardView{Card: c, Nature: cardNature[c]}
}

func isCheerful(v *View, c Card) bool { return cardIn(v, c).Nature.Effect() == Cheerful }

// greedyClaim claims when the claimed card brings its plan closer.
func greedyClaim(v *View, p engine.Seat, legal []engine.Action) engine.Action {
	if v.Card == nil {
		return boxedPass
	}
	kv := know(v, p)
	k := &kv
	t := tallyOf(v, p, k)
	now := t.evaluate(k)
	var pick engine.Action = boxedPass
	bestFit, bestValue := now.fit, now.value
	hand := make([]Card, len(v.Hand))
	for i, cv := range v.Hand {
		hand[i] = cv.Card
	}
	cheerful := func(c Card) bool { return isCheerful(v, c) }
	var prefer [2][3]Card // by Cheerful: the three to show, once worked out
	var known [2]bool
	for _, a := range legal {
		cl, ok := a.(Claim)
		if !ok {
			continue
		}
		ki := 0
		if cl.Cheerful {
			ki = 1
		}
		if !known[ki] {
			set := cardSet[cl.Card]
			if cl.Cheerful {
				set = deck.CheerfulSet
			}
			var cs []Card
			for _, x := range hand {
				if v.banned&(1<<cardKey[x]) == 0 && (cl.Cheerful && cheerful(x) || !cl.Cheerful && cardSet[x] == cardSet[cl.Card]) {
					cs = append(cs, x)
				}
			}
			prefer[ki], known[ki] = preferThree(cs, hand, set, cheerful), true
		}
		if cl.With != prefer[ki] {
			continue // the same claim showing other cards: one is weighed
		}
		u := t
		set := cardSet[cl.Card]
		if cl.Cheerful {
			set = deck.CheerfulSet
		}
		// Three hidden cards of the set join the claimed card in an exposed set.
		left := 3
		if set == deck.CheerfulSet {
			u.cheer -= 3
			for x := range deck.Sets {
				for u.flex[x] > 0 && left > 0 {
					u.flex[x]--
					left--
				}
			}
		} else {
			for u.own[set] > 0 && left > 0 {
				u.own[set]--
				left--
			}
			for u.flex[set] > 0 && left > 0 {
				u.flex[set]--
				u.cheer--
				left--
			}
		}
		if u.ng < len(u.groups) {
			u.groups[u.ng].set, u.groups[u.ng].n = set, 4
			u.ng++
		}
		u.claims++
		after := u.evaluate(k)
		if after.fit > bestFit || after.fit == bestFit && after.value > bestValue+50 {
			bestFit, bestValue, pick = after.fit, after.value, a
		}
	}
	return pick
}

// greedyTarget attacks the opponent with the most exposed cards if they
// have more than the bot; otherwise it does not attack (a lost
// rock-paper-scissors would cost its own turn).
func greedyTarget(v *View, p engine.Seat, legal []engine.Action) engine.Action {
	exposed := func(q int) int {
		n := 0
		for _, g := range v.Players[q].Exposed {
			n += len(g.Cards)
		}
		return n
	}
	mine := exposed(int(p))
	target, most := NoTarget, mine
	for q := range v.Players {
		if engine.Seat(q) != p && exposed(q) > most {
			target, most = engine.Seat(q), exposed(q)
		}
	}
	if target == NoTarget {
		return boxedNoAttack
	}
	for _, a := range legal {
		if at, ok := a.(Attack); ok && at.Target == target {
			return a
		}
	}
	return boxedNoAttack
}
