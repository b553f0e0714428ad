package mgt

import (
	"strconv"

	"tabletop/engine"
)

// Pattern is a winning pattern: how eight cards make a winning hand.
type Pattern int8

const (
	NoPattern    Pattern = iota // not a winning hand
	Eight                       // eight cards of one set
	FourFour                    // four cards of one set and four of another
	FiveThree                   // five cards of one set and three of another
	SevenOrphans                // seven orphans of one orphan set and any one card
)

var patternNames = [...]string{"none", "8", "4+4", "5+3", "7 orphans + 1"}

// String returns the pattern as players write it: "4+4".
func (p Pattern) String() string {
	if p < 0 || int(p) >= len(patternNames) {
		return "pattern(" + strconv.Itoa(int(p)) + ")"
	}
	return patternNames[p]
}

// MarshalText writes the pattern's name.
func (p Pattern) MarshalText() ([]byte, error) { return []byte(p.String()), nil }

// Win is a winning hand's pattern and score.
type Win struct {
	Pattern Pattern
	A, B    SetID // the sets: the eight, the first four, the five or the orphans; B the second four or the three (-1 if none)
	How     int   // points for how the cards were collected (claims)
	What    int   // points for what was collected (set sizes)
}

// Points is the round's score.
func (w Win) Points() int { return w.How + w.What }

func (w Win) describe() string {
	switch w.Pattern {
	case Eight:
		return "eight " + w.A.String()
	case FourFour:
		return "4+4 (" + w.A.String() + " and " + w.B.String() + ")"
	case FiveThree:
		return "5+3 (five " + w.A.String() + ", three " + w.B.String() + ")"
	case SevenOrphans:
		return "seven " + w.A.String() + " and one more card"
	}
	return "nothing"
}

// howPoints scores how a pattern was collected: by the number of cards
// taken from other players' discards this round.
func howPoints(p Pattern, claims int) int {
	switch p {
	case FourFour:
		switch claims {
		case 0:
			return 3
		case 1:
			return 2
		}
		return 1
	case FiveThree:
		if claims == 0 {
			return 3
		}
		return 2
	case Eight:
		if claims == 0 {
			return 5 // concealed
		}
		return 4 // exposed
	}
	return 0 // the text lists no "how" points for seven orphans and one more
}

// fourWhat scores a four-set (and, in 5+3, the five-set) by its set's size.
func fourWhat(set SetID) int {
	info := &deck.Sets[set]
	switch {
	case info.Orphan:
		return 2
	case info.Size == 4:
		return 3
	case info.Size >= 5 && info.Size <= 7:
		return 2
	}
	return 0
}

// eightWhat scores an eight-set by its set's size.
func eightWhat(set SetID) int {
	switch size := deck.Sets[set].Size; {
	case size == 8:
		return 6
	case size >= 9 && size <= 12:
		return 3
	}
	return 0
}

// member describes one hidden card for pattern matching: the sets it may
// count for (its own set, and the cheerful set if cheerful), none if its type
// is banned for the player.
type member struct {
	own   SetID // -1: dead (banned)
	cheer bool
}

func (m member) in(set SetID) bool {
	return m.own >= 0 && (m.own == set || m.cheer && set == deck.CheerfulSet)
}

// deadSet marks an exposed set that holds a card of a type banned for its
// player: it fits no pattern.
const deadSet SetID = -2

// hold is a player's cards as pattern matching sees them.
type hold struct {
	hidden [16]member
	nh     int
	groups [4]struct {
		set SetID
		n   int
	}
	ng     int
	claims int
}

func (s *State) holdOf(p engine.Seat) hold {
	pl := &s.players[p]
	h := hold{claims: int(pl.claims)}
	for _, c := range pl.hand {
		if h.nh == len(h.hidden) {
			break
		}
		m := member{own: -1}
		if s.usable(p, c) {
			m = member{own: cardSet[c], cheer: s.cheerful(c)}
		}
		h.hidden[h.nh] = m
		h.nh++
	}
	for _, g := range pl.groups {
		if h.ng < len(h.groups) {
			h.groups[h.ng].set, h.groups[h.ng].n = g.set, len(g.cards)
			for _, c := range g.cards {
				if !s.usable(p, c) {
					// A type banned by a proud discard counts in no
					// pattern, exposed before the ban or not.
					h.groups[h.ng].set = deadSet
				}
			}
			h.ng++
		}
	}
	return h
}

// winning reports whether p's cards (hidden and exposed, exactly eight) form
// a winning pattern, and the best-scoring way they do.
func (s *State) winning(p engine.Seat) (Win, bool) {
	if s.total(p) != handSize {
		return Win{}, false
	}
	if !s.couldWin(p) {
		return Win{}, false
	}
	h := s.holdOf(p)
	return h.best()
}

// couldWin is a quick necessary condition for a winning hand, so that most
// hands skip the full search: apart from seven orphans and one more, every
// card counts for one of two sets, and the cheerful set takes only cheerful
// cards, so the cards that are not cheerful (and the exposed sets) span at
// most two sets, and no card may be dead. It reads p's cards directly, so
// that the hands rejected (nearly all) cost no hold; with exactly eight
// cards they are all within a hold's limits.
func (s *State) couldWin(p engine.Seat) bool {
	pl := &s.players[p]
	var sets [2]SetID
	n := 0
	orphans := [2]int{}
	ok := true
	note := func(x SetID) {
		if n > 0 && sets[0] == x || n > 1 && sets[1] == x {
			return
		}
		if n == 2 {
			ok = false
			return
		}
		sets[n] = x
		n++
	}
	for _, g := range pl.groups {
		if g.set != deck.CheerfulSet {
			note(g.set)
		}
		if g.set == deck.Orphans {
			orphans[0] += len(g.cards)
		} else if g.set == deck.BeastOrphans {
			orphans[1] += len(g.cards)
		}
	}
	for _, c := range pl.hand {
		if !s.usable(p, c) {
			ok = false // a dead card (it counts as no set, and for no orphans)
			continue
		}
		own := cardSet[c]
		if !s.cheerful(c) {
			note(own)
		}
		if own == deck.Orphans {
			orphans[0]++
		} else if own == deck.BeastOrphans {
			orphans[1]++
		}
	}
	return ok || orphans[0] >= 7 || orphans[1] >= 7
}

// candidates lists the sets the cards could count for.
func (h *hold) candidates() ([16]SetID, int) {
	var out [16]SetID
	n := 0
	add := func(x SetID) {
		for i := range n {
			if out[i] == x {
				return
			}
		}
		if n < len(out) {
			out[n] = x
			n++
		}
	}
	for i := range h.ng {
		if h.groups[i].set != deadSet {
			add(h.groups[i].set)
		}
	}
	for i := range h.nh {
		m := h.hidden[i]
		if m.own >= 0 {
			add(m.own)
			if m.cheer {
				add(deck.CheerfulSet)
			}
		}
	}
	return out, n
}

// fits reports whether the eight cards split into ta cards of set a and tb
// of set b (b -1 and tb 0 for a single set): exposed sets must fall inside
// one of them whole, and every hidden card must count for one.
func (h *hold) fits(a SetID, ta int, b SetID, tb int) bool {
	ea, eb := 0, 0
	for i := range h.ng {
		switch g := h.groups[i]; g.set {
		case a:
			ea += g.n
		case b:
			eb += g.n
		default:
			return false
		}
	}
	needA, needB := ta-ea, tb-eb
	if needA < 0 || needB < 0 {
		return false
	}
	onlyA, onlyB, both := 0, 0, 0
	for i := range h.nh {
		inA, inB := h.hidden[i].in(a), b >= 0 && h.hidden[i].in(b)
		switch {
		case inA && inB:
			both++
		case inA:
			onlyA++
		case inB:
			onlyB++
		default:
			return false
		}
	}
	return onlyA <= needA && onlyB <= needB && onlyA+onlyB+both == needA+needB
}

// best finds the best-scoring winning pattern of eight cards.
func (h *hold) best() (Win, bool) {
	sets, n := h.candidates()
	var best Win
	found := false
	try := func(w Win) {
		w.How = howPoints(w.Pattern, h.claims)
		if !found || w.Points() > best.Points() {
			best, found = w, true
		}
	}
	for i := range n {
		a := sets[i]
		if !deck.Sets[a].Orphan && h.fits(a, 8, -1, 0) {
			try(Win{Pattern: Eight, A: a, B: -1, What: eightWhat(a)})
		}
		for j := range n {
			b := sets[j]
			if a == b {
				continue
			}
			if j > i && h.fits(a, 4, b, 4) {
				try(Win{Pattern: FourFour, A: a, B: b, What: fourWhat(a) + fourWhat(b)})
			}
			if h.fits(a, 5, b, 3) {
				// The five-set scores as a four-set; the three-set scores nothing.
				try(Win{Pattern: FiveThree, A: a, B: b, What: fourWhat(a)})
			}
		}
	}
	for _, o := range [2]SetID{deck.Orphans, deck.BeastOrphans} {
		in := 0
		ok := true
		for i := range h.ng {
			if h.groups[i].set == o {
				in += h.groups[i].n
			} else {
				ok = false
			}
		}
		for i := range h.nh {
			switch h.hidden[i].own {
			case o:
				in++
			case -1:
				ok = false // the one more card may be any card but a banned one
			}
		}
		if ok && in >= 7 {
			try(Win{Pattern: SevenOrphans, A: o, B: -1, What: 12})
		}
	}
	return best, found
}
