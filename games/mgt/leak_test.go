package mgt

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// hiddenFrom returns the cards seat p may not know about in st: the cards in
// other hands and in the stock, except those p has looked at (honest). If
// reveal is set, that seat's hand is public (a round's winner).
func hiddenFrom(st *State, p engine.Seat, reveal engine.Seat) bitset {
	var seen, out bitset
	if p >= 0 {
		seen = st.seen[p]
	}
	for q := range st.players {
		if engine.Seat(q) == p || engine.Seat(q) == reveal {
			continue
		}
		for _, c := range st.players[q].hand {
			if !seen.has(c) {
				out.add(c)
			}
		}
	}
	for _, c := range st.stock {
		if !seen.has(c) {
			out.add(c)
		}
	}
	return out
}

// cardNames matches any card's name as a whole word, longest names first so
// that "Black Harpy" is read before "Harpy".
var cardNames = func() *regexp.Regexp {
	names := make([]string, len(deck.Cards))
	for i, c := range deck.Cards {
		names[i] = regexp.QuoteMeta(c.Name)
	}
	slices.SortStableFunc(names, func(a, b string) int { return len(b) - len(a) })
	return regexp.MustCompile(`(?:^|[^A-Za-z'-])(` + strings.Join(names, "|") + `)(?:$|[^A-Za-z'-])`)
}()

// typeSlot matches the type in "Harpy (Avian, cheerful)": a type name may be
// a card's name too (Mermaid, Elf, Dwarf).
var typeSlot = regexp.MustCompile(`\([A-Z][A-Za-z' -]*, `)

// ambiguous marks the cards whose names are also the names of types, sets
// or families (Angel, Elf, Dwarf, Mermaid, Orc, ...): in event texts they are
// not told apart, so only the events' JSON data is checked for them.
var ambiguous = func() map[Card]bool {
	other := map[string]bool{}
	for _, c := range deck.Cards {
		other[c.Type] = true
		other[strings.TrimSuffix(deck.Keys[c.Key].Name, " (beastman)")] = true
	}
	for _, st := range deck.Sets {
		other[st.Name] = true
	}
	m := map[Card]bool{}
	for i, c := range deck.Cards {
		if other[c.Name] {
			m[Card(i)] = true
		}
	}
	return m
}()

// nonCards are the JSON fields that hold set and type names.
var nonCards = map[string]bool{"set": true, "sets": true, "banned": true}

// mentioned returns the cards a text names.
func mentioned(text string) []Card {
	text = typeSlot.ReplaceAllString(text, "(")
	var out []Card
	for {
		m := cardNames.FindStringSubmatchIndex(text)
		if m == nil {
			return out
		}
		out = append(out, deck.byName[strings.ToLower(text[m[2]:m[3]])])
		text = text[m[3]:]
	}
}

// leaks returns the forbidden cards that what (a view or event, as JSON and
// text) shows.
func leaks(forbidden *bitset, jsonText, text string) []string {
	// Set and type names are not cards, though some are spelled alike (the
	// Elf set, the Mermaid type): the strings of the fields nonCards are
	// skipped. A string followed by a colon is a key; every other string is
	// a value of the last key read.
	var out []string
	key := ""
	for rest := jsonText; ; {
		i := strings.IndexByte(rest, '"')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i+1:], '"')
		if j < 0 {
			break
		}
		str := rest[i+1 : i+1+j]
		rest = rest[i+j+2:]
		if len(rest) > 0 && rest[0] == ':' {
			key = str
			continue
		}
		if nonCards[key] {
			continue
		}
		if c, ok := deck.byName[strings.ToLower(str)]; ok && str == c.String() && forbidden.has(c) {
			out = append(out, str)
		}
	}
	// Most texts name no hidden card at all: look closer only if one might.
	maybe := false
	for i := range deck.Cards {
		if forbidden.has(Card(i)) && strings.Contains(text, deck.Cards[i].Name) {
			maybe = true
			break
		}
	}
	if maybe {
		for _, c := range mentioned(text) {
			if forbidden.has(c) && !ambiguous[c] {
				out = append(out, c.String())
			}
		}
	}
	return out
}

func TestLeakCheck_FindsAPlantedLeak(t *testing.T) {
	s := scene(t, [][]string{{"Mummy", "Roper"}, {"Black Harpy", "Zombie"}}, "Siren")
	forbidden := hiddenFrom(s, 0, -1)
	if got := leaks(&forbidden, `{"card":"Zombie"}`, "Ann saw Black Harpy, not the Harpy"); !slices.Equal(got, []string{"Zombie", "Black Harpy"}) {
		t.Fatalf("leaks = %v, want Zombie (JSON) and Black Harpy (text)", got)
	}
	if got := leaks(&forbidden, `{"set":"Elf","card":"Otohime"}`, "Otohime (Mermaid, none) and Mummy"); len(got) != 0 {
		t.Fatalf("a type name was read as a card: %v", got)
	}
	s.seen[0].add(mustCards(t, "Siren")[0])
	forbidden = hiddenFrom(s, 0, -1)
	if got := leaks(&forbidden, "", "Siren"); len(got) != 0 {
		t.Fatalf("a card the seat looked at counts as hidden: %v", got)
	}
}

// TestLeak_NothingHiddenReachesASeat plays many seeded games with a mix of
// bots and checks, after every action and for every seat and the spectator,
// that nothing the seat may not know (other hands, the stock order, another
// player's honest look) appears in its view or in its filtered events. Who
// may claim a discard is hidden too: every claim window takes one answer
// from each player but the discarder, and Pending is the same in every
// determinization of the state from any seat (hands re-drawn from what the
// seat's view allows), so neither can depend on the hidden hands.
func TestLeak_NothingHiddenReachesASeat(t *testing.T) {
	var snaps []*State
	roundEndHook = func(s *State) { snaps = append(snaps, s.clone()) }
	defer func() { roundEndHook = nil }()
	games := 25
	if testing.Short() {
		games = 8
	}
	checked := 0
	for g := range games {
		n, seats, bots := leakTable(g, 3)
		d := dice.NewUnrecordedStream(dice.Seed{byte(g), 'L'})
		r := dice.NewUnrecordedStream(dice.Seed{byte(g), 'B'})
		rd := dice.NewUnrecordedStream(dice.Seed{byte(g), 'D'})
		snaps = nil
		st, deal, err := newGame(Options{}, seats, d)
		if err != nil {
			t.Fatal(err)
		}
		check := func(step int, evs []engine.Event) {
			t.Helper()
			// Split the events at each deal: the ones before it belong to the
			// round that ended (its state is in snaps, with the winner's hand
			// public), the ones after to the state now.
			for p := engine.Spectator; p < engine.Seat(n); p++ {
				seg := 0
				for _, e := range engine.EventsFor(evs, p) {
					if e.Kind == "deal" {
						seg++
					}
					state, reveal := st, engine.Seat(-1)
					if seg < len(snaps) {
						state, reveal = snaps[seg], lastWinner(snaps[seg])
					}
					forbidden := hiddenFrom(state, p, reveal)
					data, _ := json.Marshal(e.Data)
					if bad := leaks(&forbidden, string(data), e.Text); len(bad) > 0 {
						t.Fatalf("game %d step %d: %s sees hidden %v in event %q", g, step, p, bad, e.Text)
					}
					checked++
				}
				// Results show past winners' hands: public, and from earlier deals.
				v := *st.View(p).(*View)
				v.Results = nil
				forbidden := hiddenFrom(st, p, -1)
				if bad := leaks(&forbidden, mustJSON(t, &v), ""); len(bad) > 0 {
					t.Fatalf("game %d step %d: %s sees hidden %v in its view", g, step, p, bad)
				}
				checked++
			}
			snaps = snaps[:0]
		}
		samePending := func(step int) {
			t.Helper()
			want := fmt.Sprint(st.Pending())
			for p := engine.Spectator; p < engine.Seat(n); p++ {
				for range 2 {
					if got := fmt.Sprint(st.Determinize(p, rd).Pending()); got != want {
						t.Fatalf("game %d step %d: Pending %s in a determinization from %s, %s in the state", g, step, got, p, want)
					}
				}
			}
		}
		check(0, deal)
		answers := 0
		for step := 1; ; step++ {
			if _, over := st.Outcome(); over {
				break
			}
			// Windows are checked all through; other steps now and then.
			if st.phase == PhaseClaim || step%8 == 0 {
				samePending(step)
			}
			claiming, window := st.phase == PhaseClaim, st.card
			p := st.Pending()[0]
			a := bots[p].Act(p, st.View(p), st.Legal(p), r)
			evs, err := st.Apply(p, a, d)
			if err != nil {
				t.Fatalf("game %d step %d: %s: %v", g, step, a, err)
			}
			if claiming {
				answers++
				if st.phase != PhaseClaim || st.card != window {
					if answers != n-1 {
						t.Fatalf("game %d step %d: a claim window took %d answers at a table of %d", g, step, answers, n)
					}
					answers = 0
				}
			}
			check(step, evs)
		}
	}
	t.Logf("%d views and events checked", checked)
}

// leakTable is the g-th table of a leak test: 2 to 6 players, greedy bots
// but every random-th seat (counted with g) a random one.
func leakTable(g, random int) (int, []engine.SeatInfo, []engine.Bot) {
	n := 2 + g%5
	seats := make([]engine.SeatInfo, n)
	bots := make([]engine.Bot, n)
	for i := range seats {
		seats[i].Name = fmt.Sprintf("P%d", i+1)
		bots[i] = greedyBot{}
		if (i+g)%random == 0 {
			bots[i] = randomBot{}
		}
	}
	return n, seats, bots
}

// lastWinner is the winner of the round st has just ended (its hand is
// shown to everyone), or -1. The hook runs before the result is recorded,
// so it is the seat whose cards make a winning hand.
func lastWinner(st *State) engine.Seat {
	for q := range st.players {
		if _, ok := st.winning(engine.Seat(q)); ok {
			return engine.Seat(q)
		}
	}
	return -1
}

func TestLeakCheck_AmbiguousNamesAreFew(t *testing.T) {
	var got []string
	for c := range ambiguous {
		got = append(got, c.String())
	}
	slices.Sort(got)
	if len(got) > 10 {
		t.Fatalf("%d cards share a name with a type or set: %v", len(got), got)
	}
	t.Logf("checked in event data only: %v", got)
}

// closeWindow answers an open claim window as engine.Window says a table
// with people does: every seat pending when it opened answers, in seat
// order, with its answer in answers or else WindowDefault; it returns the
// events of each answer.
func closeWindow(tb testing.TB, st *State, answers map[engine.Seat]string, d *dice.Stream) [][]engine.Event {
	tb.Helper()
	var w engine.Window = st
	if !w.WindowOpen() {
		tb.Fatalf("phase %s: no window is open", st.phase)
	}
	var out [][]engine.Event
	for _, p := range slices.Clone(st.Pending()) {
		a := w.WindowDefault(p)
		if text, ok := answers[p]; ok {
			var err error
			if a, err = ParseAction(text); err != nil {
				tb.Fatal(err)
			}
		}
		ev, err := st.Apply(p, a, d)
		if err != nil {
			tb.Fatalf("%s answers %s: %v", p, a, err)
		}
		out = append(out, ev)
	}
	return out
}

// TestClaimWindow_LooksTheSameWhetherNobodyOneOrThreeCanClaim: Ann discards
// a Mummy at a table of four, and each of Bo, Cy and Di holds either three
// Undead (and may claim) or three cards that cannot. Every reader whose own
// cards are the same (the spectator, Ann, and each of the others with its
// own hand fixed) sees the same bytes whoever else can claim, when the
// window is answered as engine.Window says (everyone answers, in seat
// order, here with a pass): the same pending seats, the same number of
// answers, the same events and views after every answer, its own legal
// choices, and the window's hold.
func TestClaimWindow_LooksTheSameWhetherNobodyOneOrThreeCanClaim(t *testing.T) {
	undead := [][]string{nil, {"Zombie", "Wight", "Jiangshi"}, {"Ghost", "Will-o'-The-Wisp", "Skeleton"}, {"Dragon Zombie", "Lich", "Ghoul"}}
	plain := [][]string{nil, {"Gazer", "Troll", "Roper"}, {"Harpy", "Siren", "Jubjub"}, {"Dryad", "Alraune", "Kraken"}}
	// world's bit q-1 says seat q holds three Undead.
	play := func(world int, reader engine.Seat) (string, []string) {
		hands := [][]string{{"Mummy", "Lamia", "Medusa", "Basilisk", "Salamander", "Wurm", "Yeti", "Kobold", "Cyclops"}}
		for q := 1; q <= 3; q++ {
			h := plain[q]
			if world&(1<<(q-1)) != 0 {
				h = undead[q]
			}
			hands = append(hands, h)
		}
		st := scene(t, hands, "Alice", "Imp", "Gremlin")
		var b strings.Builder
		record := func(what string, ev []engine.Event) {
			fmt.Fprintf(&b, "%s: pending %v open %v hold %v\n  events %s\n  legal %v\n  view %s\n", what, st.Pending(), st.WindowOpen(), st.WindowHold(),
				mustJSON(t, engine.EventsFor(ev, reader)), legalTexts(st, reader), mustJSON(t, st.View(reader)))
		}
		record("discard", act(t, st, 0, "discard Mummy", nil))
		var able []string
		for q := engine.Seat(1); q <= 3; q++ {
			if len(st.Legal(q)) > 1 {
				able = append(able, st.name(q))
			}
		}
		for i, ev := range closeWindow(t, st, nil, dice.NewUnrecordedStream(dice.Seed{3})) {
			record(fmt.Sprintf("answer %d", i+1), ev)
		}
		if st.WindowOpen() {
			t.Fatalf("the window is still open after every seat answered")
		}
		return b.String(), able
	}
	readers := []engine.Seat{engine.Spectator, 0, 1, 2, 3}
	ables := map[int]bool{}
	for _, reader := range readers {
		want := map[int]string{} // by the reader's own hand: with Undead or not
		for world := range 8 {
			own := 0
			if reader > 0 {
				own = world & (1 << (reader - 1))
			}
			got, able := play(world, reader)
			ables[len(able)] = true
			if w, ok := want[own]; !ok {
				want[own] = got
			} else if got != w {
				t.Fatalf("%s sees a different window when %v can claim (world %03b):\n%s", reader, able, world, enginetest.FirstDiff(w, got))
			}
		}
	}
	for _, n := range []int{0, 1, 3} {
		if !ables[n] {
			t.Fatalf("no world in which %d players can claim: the scenes do not differ as meant (%v)", n, ables)
		}
	}
}

// swapHidden returns a copy of st in which the cards of the hands of every
// seat but p and keep are dealt among those hands again at random (each
// hand keeps its size), except cards p has looked at (honest): a position
// p cannot tell from st, in which other seats may be able to claim where
// they could not. keep's hand stays (an honest card claimed by p shows it).
func swapHidden(st *State, p, keep engine.Seat, r *dice.Stream) *State {
	c := st.clone()
	var seen bitset
	if p >= 0 {
		seen = c.seen[p]
	}
	type slot struct{ q, i int }
	var slots []slot
	var pool []Card
	for q := range c.players {
		if engine.Seat(q) == p || engine.Seat(q) == keep {
			continue
		}
		for i, x := range c.players[q].hand {
			if !seen.has(x) {
				slots = append(slots, slot{q, i})
				pool = append(pool, x)
			}
		}
	}
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for k, sl := range slots {
		c.players[sl.q].hand[sl.i] = pool[k]
	}
	for q := range c.players {
		slices.Sort(c.players[q].hand)
		if c.phase == PhaseClaim && engine.Seat(q) != c.turn {
			c.elig[q] = c.eligibility(engine.Seat(q), c.card) // what the new hands allow
		}
	}
	return c
}

// TestLeak_ClaimWindowsLookTheSameWhateverTheOtherHandsHold plays whole
// seeded games (two to six players, greedy and random bots) and at every
// claim window, for the spectator and every seat p, deals the other
// players' hidden cards among them again (swapHidden) and answers the
// window in both positions as a table with people does (engine.Window):
// every player in seat order, p as it would, everyone else with the
// default pass. Everything p receives must be the same bytes in both:
// the events of every answer, its view and its legal choices after every
// answer, and who is pending. The positions differ in who could have
// claimed (checked: often), and the windows cover every nature.
func TestLeak_ClaimWindowsLookTheSameWhateverTheOtherHandsHold(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 4
	}
	windows, differing := 0, 0
	natures := map[Nature]int{}
	for g := range games {
		n, seats, bots := leakTable(g, 2)
		d := dice.NewUnrecordedStream(dice.Seed{byte(g), 'W'})
		r := dice.NewUnrecordedStream(dice.Seed{byte(g), 'B'})
		sw := dice.NewUnrecordedStream(dice.Seed{byte(g), 'S'})
		st, _, err := newGame(Options{}, seats, d)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; st.phase != PhaseOver; step++ {
			if st.WindowOpen() && len(st.Pending()) == n-1 {
				windows++
				natures[cardNature[st.card].Effect()]++
				for p := engine.Spectator; p < engine.Seat(n); p++ {
					var mine string // p's own answer: its first choice
					if p >= 0 && p != st.turn {
						mine = st.Legal(p)[0].String()
					}
					keep := st.turn
					a, b := st.clone(), swapHidden(st, p, keep, sw)
					if a.elig != b.elig {
						differing++
					}
					seed := dice.Seed{byte(g), byte(step), byte(step >> 8), 'A'}
					da, db := dice.NewUnrecordedStream(seed), dice.NewUnrecordedStream(seed)
					ta := windowTranscript(t, a, p, mine, da)
					tb := windowTranscript(t, b, p, mine, db)
					if ta != tb {
						t.Fatalf("game %d step %d: %s receives different bytes when the other hands are dealt again:\n%s", g, step, p, enginetest.FirstDiff(ta, tb))
					}
				}
			}
			p := st.Pending()[0]
			act := bots[p].Act(p, st.View(p), st.Legal(p), r)
			if _, err := st.Apply(p, act, d); err != nil {
				t.Fatalf("game %d step %d: %s: %v", g, step, act, err)
			}
		}
	}
	t.Logf("%d claim windows in %d games, %d compared with a position where who could claim differs; natures %v", windows, games, differing, natures)
	if windows < 500 || differing < 20 {
		t.Fatalf("%d windows, %d with a different claimer: too few to prove anything", windows, differing)
	}
	for _, nat := range []Nature{NoNature, Aggressive, Cheerful, Mean, Honest, Impatient, Proud, Miscellaneous} {
		if natures[nat] == 0 {
			t.Fatalf("no claim window on a %s card (%v)", nat, natures)
		}
	}
}

// windowTranscript answers st's open claim window in seat order (p with
// mine, everyone else with the window's default) and writes down all that
// p receives: after each answer the pending seats, p's events, p's view and
// p's legal choices.
func windowTranscript(tb testing.TB, st *State, p engine.Seat, mine string, d *dice.Stream) string {
	tb.Helper()
	var b strings.Builder
	for _, q := range slices.Clone(st.Pending()) {
		a := st.WindowDefault(q)
		if q == p && mine != "" {
			var err error
			if a, err = ParseAction(mine); err != nil {
				tb.Fatal(err)
			}
		}
		ev, err := st.Apply(q, a, d)
		if err != nil {
			tb.Fatalf("%s answers %s: %v", q, a, err)
		}
		fmt.Fprintf(&b, "%s answers: pending %v\n  events %s\n  view %s\n  legal %v\n", q, st.Pending(),
			mustJSON(tb, engine.EventsFor(ev, p)), mustJSON(tb, st.View(p)), legalTexts(st, p))
	}
	return b.String()
}
