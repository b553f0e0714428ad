package mgt

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"tabletop/dice"
	"tabletop/engine"
)

// mustCards reads card names.
func mustCards(tb testing.TB, names ...string) []Card {
	tb.Helper()
	out := make([]Card, len(names))
	for i, n := range names {
		c, err := ParseCard(n)
		if err != nil {
			tb.Fatal(err)
		}
		out[i] = c
	}
	return out
}

// scene is a hand-built table: seat 0 is to discard, holding hands[0]; the
// other seats hold hands[i]; the stock holds stock (top first). Cards not
// named are out of play.
func scene(tb testing.TB, hands [][]string, stock ...string) *State {
	tb.Helper()
	seats := make([]engine.SeatInfo, len(hands))
	for i := range seats {
		seats[i].Name = []string{"Ann", "Bo", "Cy", "Di", "Ed", "Flo"}[i]
	}
	s, err := New(Options{}, seats, dice.NewUnrecordedStream(dice.Seed{1}))
	if err != nil {
		tb.Fatal(err)
	}
	s.nat = [maxCards]Nature{}
	s.seen = [maxSeats]bitset{}
	s.discards = nil
	s.phase, s.turn, s.extra, s.card, s.target = PhaseDiscard, 0, 0, NoCard, NoTarget
	for i := range s.players {
		s.players[i] = player{}
		s.players[i].hand = mustCards(tb, hands[i]...)
		slices.Sort(s.players[i].hand)
	}
	cs := mustCards(tb, stock...)
	slices.Reverse(cs)
	s.stock = cs
	return s
}

// expose gives seat p an exposed set of the named cards, the last one claimed.
func expose(tb testing.TB, s *State, p engine.Seat, set SetID, names ...string) {
	tb.Helper()
	cs := mustCards(tb, names...)
	s.players[p].groups = append(s.players[p].groups, group{set: set, cards: cs, claimed: cs[len(cs)-1]})
	s.players[p].claims++
}

func setID(tb testing.TB, name string) SetID {
	tb.Helper()
	for i, st := range deck.Sets {
		if st.Name == name {
			return SetID(i)
		}
	}
	tb.Fatalf("no set %q", name)
	return -1
}

// act applies a text action and fails the test on error.
func act(tb testing.TB, s *State, p engine.Seat, text string, d *dice.Stream) []engine.Event {
	tb.Helper()
	a, err := ParseAction(text)
	if err != nil {
		tb.Fatal(err)
	}
	if d == nil {
		d = dice.NewUnrecordedStream(dice.Seed{2})
	}
	ev, err := s.Apply(p, a, d)
	if err != nil {
		tb.Fatalf("%s plays %q: %v", s.name(p), text, err)
	}
	return ev
}

// passAll answers "pass" for every seat a claim window waits for and returns
// the events (those of the last pass, which closes the window).
func passAll(tb testing.TB, s *State, d *dice.Stream) []engine.Event {
	tb.Helper()
	if s.phase != PhaseClaim {
		tb.Fatalf("phase %s, want a claim window", s.phase)
	}
	var ev []engine.Event
	for _, p := range s.Pending() {
		ev = append(ev, act(tb, s, p, "pass", d)...)
	}
	return ev
}

func eventTexts(evs []engine.Event, p engine.Seat) string {
	var out []string
	for _, e := range engine.EventsFor(evs, p) {
		out = append(out, e.Text)
	}
	return strings.Join(out, "\n")
}

func names(cs []Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

func legalTexts(s *State, p engine.Seat) []string {
	var out []string
	for _, a := range s.Legal(p) {
		out = append(out, a.String())
	}
	return out
}

var avian = []string{"Harpy", "Black Harpy", "Cockatrice", "Siren", "Karasu-Tengu", "Thunderbird", "Gandharva", "Jubjub"}

func TestDeal_EightEachAndTheDealerDrawsFirst(t *testing.T) {
	s, err := New(Options{}, make([]engine.SeatInfo, 4), dice.NewUnrecordedStream(dice.Seed{3}))
	if err != nil {
		t.Fatal(err)
	}
	if s.turn != 0 || s.phase != PhaseDiscard {
		t.Fatalf("after the deal: turn %d phase %s, want the dealer (0) discarding", s.turn, s.phase)
	}
	for p := range s.players {
		want := 8
		if p == 0 {
			want = 9
		}
		if got := len(s.players[p].hand); got != want {
			t.Errorf("seat %d holds %d cards, want %d", p, got, want)
		}
	}
	if got, want := len(s.stock), len(deck.Cards)-33; got != want {
		t.Errorf("stock holds %d cards, want %d", got, want)
	}
}

func TestWin_Patterns(t *testing.T) {
	orphans := []string{"Matango", "Dwarf", "Roper", "Cancer", "Gazer", "Ao-Oni", "Otohime"}
	beastOrphans := []string{"Weresheep", "Orc", "Werebat", "Cyclops", "Yeti", "Selkie", "Satyros", "Wendigo"}
	tests := []struct {
		name    string
		hand    []string
		pattern Pattern
	}{
		{"eight of one type", avian, Eight},
		{"four and four of two types", []string{"Harpy", "Siren", "Jubjub", "Gandharva", "Mermaid", "Merrow", "Sea Bishop", "Unagi Joro"}, FourFour},
		{"five and three of two types", []string{"Black Harpy", "Siren", "Jubjub", "Gandharva", "Cockatrice", "Mimic", "Charybdis", "Jinn of the Jar"}, FiveThree},
		{"seven orphans and one more", append(slices.Clone(orphans), "Harpy"), SevenOrphans},
		{"seven beastman orphans and one more", append(beastOrphans[:7:7], "Harpy"), SevenOrphans},
		{"eight beastman orphans count as seven and one", beastOrphans, SevenOrphans},
		{"four orphans and four beastman orphans are two sets", []string{"Matango", "Dwarf", "Roper", "Cancer", "Weresheep", "Orc", "Werebat", "Cyclops"}, FourFour},
		{"beastmen are collected by family", []string{"Werewolf", "Anubis", "Kobold", "Hellhound", "Werecat", "Sphinx", "Cheshire Cat", "Cait Sith"}, FourFour},
		{"cheerful cards form a set across types", []string{"Succubus", "Alice", "Slime", "Goblin", "Siren", "Jubjub", "Gandharva", "Black Harpy"}, FourFour},
		{"a cheerful card may count for its own type", []string{"Harpy", "Siren", "Jubjub", "Gandharva", "Mermaid", "Merrow", "Sea Bishop", "Unagi Joro"}, FourFour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := scene(t, [][]string{tt.hand, nil})
			w, ok := s.winning(0)
			if !ok || w.Pattern != tt.pattern {
				t.Fatalf("winning(%v) = %v %v, want %v", tt.hand, w.Pattern, ok, tt.pattern)
			}
		})
	}
	notWinning := []struct {
		name string
		hand []string
	}{
		{"orphans of both kinds do not mix in one set", []string{"Matango", "Dwarf", "Roper", "Cancer", "Weresheep", "Orc", "Werebat", "Harpy"}},
		{"the beastman type is not a set", []string{"Werewolf", "Anubis", "Werecat", "Sphinx", "Grizzly", "Centaur", "Minotaur", "Youko"}},
		{"four and four of one type is not two sets", []string{"Harpy", "Siren", "Jubjub", "Gandharva", "Black Harpy", "Cockatrice", "Thunderbird", "Mermaid"}},
		{"six and two", []string{"Harpy", "Siren", "Jubjub", "Gandharva", "Black Harpy", "Cockatrice", "Mermaid", "Merrow"}},
		{"three sets", []string{"Harpy", "Siren", "Jubjub", "Mermaid", "Merrow", "Sea Bishop", "Mimic", "Charybdis"}},
	}
	for _, tt := range notWinning {
		t.Run(tt.name, func(t *testing.T) {
			s := scene(t, [][]string{tt.hand, nil})
			if w, ok := s.winning(0); ok {
				t.Fatalf("winning(%v) = %v, want no win", tt.hand, w.describe())
			}
		})
	}
}

func TestWin_HandPlusExposedMakesEight(t *testing.T) {
	s := scene(t, [][]string{{"Mermaid", "Merrow", "Sea Bishop", "Unagi Joro"}, nil})
	expose(t, s, 0, setID(t, "Avian"), "Harpy", "Siren", "Jubjub", "Gandharva")
	w, ok := s.winning(0)
	if !ok || w.Pattern != FourFour {
		t.Fatalf("hidden Piscine four and exposed Avian four: %v %v, want 4+4", w.Pattern, ok)
	}
	s.players[0].hand = s.players[0].hand[:3]
	if _, ok := s.winning(0); ok {
		t.Fatalf("seven cards win")
	}
}

func TestScore_HowPoints(t *testing.T) {
	tests := []struct {
		name    string
		pattern Pattern
		claims  int
		want    int
	}{
		{"4+4, two cards taken", FourFour, 2, 1},
		{"4+4, one card taken", FourFour, 1, 2},
		{"4+4, none taken", FourFour, 0, 3},
		{"5+3, one card taken", FiveThree, 1, 2},
		{"5+3, two cards taken", FiveThree, 2, 2},
		{"5+3, none taken", FiveThree, 0, 3},
		{"8, exposed", Eight, 1, 4},
		{"8, concealed", Eight, 0, 5},
		{"7 orphans + 1: the text lists none", SevenOrphans, 0, 0},
	}
	for _, tt := range tests {
		if got := howPoints(tt.pattern, tt.claims); got != tt.want {
			t.Errorf("%s: howPoints(%v, %d) = %d, want %d", tt.name, tt.pattern, tt.claims, got, tt.want)
		}
	}
}

func TestScore_WhatPoints(t *testing.T) {
	tests := []struct {
		name string
		hand []string
		want int // what points of the best reading
	}{
		{"4+4 of types with only 4 monsters: 3 each", []string{"Mermaid", "Merrow", "Sea Bishop", "Unagi Joro", "Scylla", "Kraken", "Mindflayer", "Giant Slug"}, 6},
		{"a four of a type of 5-7: 2; of 8 or more: 0", []string{"Angel", "Dark Angel", "Cupid", "Valkyrie", "Harpy", "Siren", "Jubjub", "Gandharva"}, 2},
		{"a four of orphans: 2", []string{"Matango", "Dwarf", "Roper", "Cancer", "Mermaid", "Merrow", "Sea Bishop", "Unagi Joro"}, 5},
		{"eight of a type of only 8: 6", avian, 6},
		{"eight of a type of 9-12: 3", []string{"Golem", "Gargoyle", "Lava Golem", "Automaton", "Living Doll", "Cursed Sword", "Living Armor", "Chochin Obake"}, 3},
		{"eight of a type of 13 or more: 0", []string{"Mummy", "Zombie", "Ghoul", "Pharaoh", "Lich", "Wight", "Jiangshi", "Ochimusha"}, 0},
		{"seven orphans and one more: 12", []string{"Matango", "Dwarf", "Roper", "Cancer", "Gazer", "Ao-Oni", "Otohime", "Siren"}, 12},
		{"5+3: the five scores as a four of its type, the three nothing", []string{"Mermaid", "Merrow", "Sea Bishop", "Unagi Joro", "Mermaid", "Mimic", "Charybdis", "Jinn of the Jar"}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.want < 0 {
				return // covered below with a legal five
			}
			s := scene(t, [][]string{tt.hand, nil})
			w, ok := s.winning(0)
			if !ok || w.What != tt.want {
				t.Fatalf("%v: what = %d (%v, win %v), want %d", tt.hand, w.What, w.describe(), ok, tt.want)
			}
		})
	}
	t.Run("5+3 five scores as a four", func(t *testing.T) {
		// Wolf (beastman family of 6): a four scores 2; Mimetic three: nothing.
		s := scene(t, [][]string{{"Werewolf", "Anubis", "Kobold", "Hellhound", "Kikimora", "Mimic", "Charybdis", "Jinn of the Jar"}, nil})
		w, ok := s.winning(0)
		if !ok || w.Pattern != FiveThree || w.What != 2 || w.How != 3 {
			t.Fatalf("five Wolf + three Mimetic: %v how %d what %d, want 5+3 how 3 what 2", w.describe(), w.How, w.What)
		}
	})
}

func TestScore_BestReadingIsTaken(t *testing.T) {
	// Four Piscine (Merrow is cheerful) and four other cheerful cards: 4+4
	// Piscine and cheerful (3 how + 3 what), or five cheerful and three
	// Piscine (3 how + 0 what). The better reading counts.
	s := scene(t, [][]string{{"Mermaid", "Merrow", "Sea Bishop", "Unagi Joro", "Succubus", "Alice", "Slime", "Goblin"}, nil})
	w, ok := s.winning(0)
	if !ok || w.Pattern != FourFour || w.Points() != 6 {
		t.Fatalf("got %s for %d points, want 4+4 for 6", w.describe(), w.Points())
	}
}

func TestRound_WinnerScoresAndTheDealerRotates(t *testing.T) {
	s := scene(t, [][]string{append(slices.Clone(avian), "Charybdis"), {"Mummy"}, {"Zombie"}}, "Ghoul", "Lich")
	ev := act(t, s, 0, "discard Charybdis", nil)
	if s.players[0].score != 11 || len(s.results) != 1 || s.results[0].Winner != 0 {
		t.Fatalf("after a concealed eight Avian: score %d results %+v, want 11 (5 how + 6 what)\n%s", s.players[0].score, s.results, eventTexts(ev, 0))
	}
	if s.round != 2 || s.dealer != 1 || s.turn != 1 {
		t.Fatalf("round %d dealer %d turn %d, want round 2 dealt by seat 1 who plays first", s.round, s.dealer, s.turn)
	}
	if !strings.Contains(eventTexts(ev, 2), "Ann wins round 1 with eight Avian: how 5 + what 6 = 11 points") {
		t.Fatalf("round result not announced:\n%s", eventTexts(ev, 2))
	}
}

func TestRound_EmptyStockEndsWithNoScore(t *testing.T) {
	s := scene(t, [][]string{{"Mummy", "Zombie", "Ghoul", "Lich", "Harpy", "Mermaid", "Mimic", "Golem", "Roper"}, {"Scylla"}})
	act(t, s, 0, "discard Roper", nil)
	passAll(t, s, nil)
	if len(s.results) != 1 || s.results[0].Winner != -1 || s.players[0].score != 0 {
		t.Fatalf("results %+v: want round 1 ended with no score when seat 1 must draw from an empty stock", s.results)
	}
	if s.round != 2 {
		t.Fatalf("round %d, want 2", s.round)
	}
}

func TestGame_RoundsOptionAndTiesShare(t *testing.T) {
	for _, rounds := range []int{3, 4} {
		s, err := New(Options{Rounds: rounds}, make([]engine.SeatInfo, 2), dice.NewUnrecordedStream(dice.Seed{5}))
		if err != nil {
			t.Fatal(err)
		}
		for r := 1; r <= rounds; r++ {
			if _, over := s.Outcome(); over {
				t.Fatalf("rounds=%d: over after %d rounds", rounds, r-1)
			}
			s.endRound(-1, Win{}, dice.NewUnrecordedStream(dice.Seed{6}), new(events))
		}
		out, over := s.Outcome()
		if !over || len(out.Winners) != 2 || !strings.Contains(out.Text, "share the win with 0 points") {
			t.Fatalf("rounds=%d: after %d rounds with no score: over %v %+v, want over and both sharing", rounds, rounds, over, out)
		}
	}
	s := scene(t, [][]string{nil, nil, nil})
	s.players[1].score, s.players[2].score = 7, 7
	s.round = s.cfg.rounds
	s.endRound(-1, Win{}, dice.NewUnrecordedStream(dice.Seed{6}), new(events))
	if out, _ := s.Outcome(); !slices.Equal(out.Winners, []engine.Seat{1, 2}) {
		t.Fatalf("winners %v, want Bo and Cy sharing", out.Winners)
	}
	if _, err := New(Options{Rounds: 5}, make([]engine.SeatInfo, 2), dice.NewUnrecordedStream(dice.Seed{5})); err == nil {
		t.Fatalf("5 rounds accepted")
	}
}

func TestClaim_PriorityGoesToTheNextInTurnOrder(t *testing.T) {
	s := scene(t, [][]string{
		{"Siren", "Lich"},
		{"Harpy", "Jubjub", "Gandharva", "Zombie"},
		{"Black Harpy", "Cockatrice", "Thunderbird", "Ghoul"},
		{"Gazer"},
	}, "Dryad", "Troll", "Hobgoblin")
	act(t, s, 0, "discard Siren", nil)
	if s.phase != PhaseClaim || !slices.Equal(s.Pending(), []engine.Seat{1, 2, 3}) {
		t.Fatalf("phase %s pending %v, want a claim window for everyone but Ann", s.phase, s.Pending())
	}
	if got := legalTexts(s, 1); !slices.Equal(got, []string{"claim Siren with Harpy, Gandharva, Jubjub", "pass"}) {
		t.Fatalf("Legal(1) = %v", got)
	}
	if got := legalTexts(s, 3); !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("Legal(3) = %v, want pass only (Di holds no Avian)", got)
	}
	act(t, s, 2, "claim Siren", nil)
	act(t, s, 3, "pass", nil)
	if s.phase != PhaseClaim || !slices.Equal(s.Pending(), []engine.Seat{1}) {
		t.Fatalf("phase %s pending %v, want the window open for Bo", s.phase, s.Pending())
	}
	ev := act(t, s, 1, "claim Siren", nil)
	if s.turn != 1 || s.phase != PhaseDiscard || len(s.players[1].groups) != 1 {
		t.Fatalf("turn %d phase %s: want seat 1 (first after the discarder) to take Siren and discard", s.turn, s.phase)
	}
	if got := names(s.players[1].groups[0].cards); !slices.Equal(got, []string{"Harpy", "Gandharva", "Jubjub", "Siren"}) {
		t.Fatalf("exposed %v, want the three Avians and Siren", got)
	}
	if got := names(s.players[1].hand); !slices.Equal(got, []string{"Zombie"}) || s.players[1].claims != 1 {
		t.Fatalf("seat 1 keeps %v (claims %d), want Zombie", got, s.players[1].claims)
	}
	if !strings.Contains(eventTexts(ev, 2), "goes to Bo") || strings.Contains(eventTexts(ev, 3), "goes to Bo") {
		t.Fatalf("the losing claimer is told privately:\n%s", eventTexts(ev, 2))
	}
	if !strings.Contains(eventTexts(ev, 3), "Bo claims Siren (Avian, none) and exposes a set of Avian: Harpy, Gandharva, Jubjub, Siren") {
		t.Fatalf("the claim is public:\n%s", eventTexts(ev, 3))
	}
	// Play continues from the claimer: after Bo's discard, Cy draws.
	act(t, s, 1, "discard Zombie", nil)
	passAll(t, s, nil)
	if s.turn != 2 {
		t.Fatalf("after the claimer's discard, turn %d, want 2", s.turn)
	}

	// Priority wraps around from the discarder: seat 2 discards, 3 and 1 claim, 3 wins.
	s = scene(t, [][]string{{"Mummy"}, {"Harpy", "Jubjub", "Gandharva"}, {"Siren", "Lich", "Wight"}, {"Black Harpy", "Cockatrice", "Thunderbird"}}, "Dryad")
	s.turn = 2
	act(t, s, 2, "discard Siren", nil)
	act(t, s, 1, "claim Siren", nil)
	act(t, s, 0, "pass", nil)
	act(t, s, 3, "claim Siren", nil)
	if s.turn != 3 {
		t.Fatalf("claims by seats 1 and 3 after seat 2's discard went to %d, want 3", s.turn)
	}
}

// TestClaim_WindowTellsNothingOfWhoCanClaim: two tables that differ only in
// Cy's hidden hand (three Avians, or none) look the same to everyone else
// through a whole claim window on a Siren: the same Pending after the
// discard, the same number of actions (one sealed answer from each player
// but the discarder), and the same views and events after every answer.
//
// The players answer in seat order, and then as a table takes them: first
// every seat whose only choice is to pass (engine.Only), then the others, so
// that Cy answers last when she can claim. In that order Bo's and Di's own
// answers come at different times, and so their views (which show their own
// answer) are compared only once the window has closed; the spectator's view
// and everyone's events are compared after every answer.
func TestClaim_WindowTellsNothingOfWhoCanClaim(t *testing.T) {
	play := func(cy []string, tableOrder bool) (transcript []string, cyLegal []string) {
		s := scene(t, [][]string{{"Siren", "Lich"}, {"Zombie", "Ghoul"}, cy, {"Gazer", "Troll"}}, "Dryad", "Hobgoblin")
		ev := act(t, s, 0, "discard Siren", nil)
		cyLegal = legalTexts(s, 2)
		record := func(what string, ev []engine.Event) {
			line := what + ":"
			if !tableOrder {
				line += fmt.Sprintf(" pending %v", s.Pending())
			}
			for _, p := range []engine.Seat{engine.Spectator, 1, 3} {
				line += fmt.Sprintf("\n  %s: events %s", p, mustJSON(t, engine.EventsFor(ev, p)))
				if p == engine.Spectator || !tableOrder || s.phase != PhaseClaim {
					line += fmt.Sprintf(" legal %v view %s", legalTexts(s, p), mustJSON(t, s.View(p)))
				}
			}
			transcript = append(transcript, line)
		}
		record(fmt.Sprintf("discard (pending %v)", s.Pending()), ev)
		for n := 1; s.phase == PhaseClaim; n++ {
			if n > 3 {
				t.Fatalf("the claim window takes more than one answer from each of the three other players")
			}
			pending := s.Pending()
			p := pending[0]
			for _, q := range pending {
				if _, only := engine.Only(s, q); only && tableOrder {
					p = q
					break
				}
			}
			record(fmt.Sprintf("answer %d", n), act(t, s, p, "pass", nil))
		}
		return transcript, cyLegal
	}
	for _, order := range []struct {
		name       string
		tableOrder bool
	}{{"seat order", false}, {"single choices first", true}} {
		t.Run(order.name, func(t *testing.T) {
			able, ableLegal := play([]string{"Harpy", "Jubjub", "Gandharva"}, order.tableOrder)
			unable, unableLegal := play([]string{"Mummy", "Wight", "Roper"}, order.tableOrder)
			if !slices.Equal(ableLegal, []string{"claim Siren with Harpy, Gandharva, Jubjub", "pass"}) || !slices.Equal(unableLegal, []string{"pass"}) {
				t.Fatalf("Cy's choices: %v with three Avians, %v without; the scenes do not differ as meant", ableLegal, unableLegal)
			}
			if len(able) != 4 || len(unable) != 4 {
				t.Fatalf("the window took %d actions when Cy could claim, %d when not; want 3 (Bo, Cy and Di answer)", len(able)-1, len(unable)-1)
			}
			if !strings.HasPrefix(able[0], "discard (pending [seat 2 seat 3 seat 4]):") {
				t.Fatalf("after the discard: %.60s; want everyone but Ann pending", able[0])
			}
			for i := range able {
				if able[i] != unable[i] {
					t.Fatalf("step %d differs when Cy could claim:\n%s\nwhen not:\n%s", i, able[i], unable[i])
				}
			}
		})
	}
}

// TestClaim_PassIsFree: a pass that does not close the window makes no
// event and allocates nothing, and Pending and Legal in a claim window
// allocate nothing.
func TestClaim_PassIsFree(t *testing.T) {
	s := scene(t, [][]string{{"Siren", "Lich"}, {"Harpy", "Jubjub", "Gandharva"}, {"Zombie"}, {"Gazer"}, {"Mummy"}, {"Ghoul"}}, "Dryad")
	act(t, s, 0, "discard Siren", nil)
	d := dice.NewUnrecordedStream(dice.Seed{})
	if ev, err := s.Apply(3, boxedPass, d); err != nil || ev != nil {
		t.Fatalf("pass = %v, %v; want no events", ev, err)
	}
	allocs := testing.AllocsPerRun(100, func() {
		s.answer[3] = 0
		if _, err := s.Apply(3, boxedPass, d); err != nil {
			t.Fatal(err)
		}
		_ = s.Pending()
		_ = s.Legal(1)
		_ = s.Legal(2)
	})
	if allocs != 0 {
		t.Fatalf("a pass with Pending and Legal allocates %v times, want 0", allocs)
	}
}

func TestClaim_NeedsThreeOfTheSet(t *testing.T) {
	s := scene(t, [][]string{{"Siren", "Mummy"}, {"Harpy", "Jubjub", "Mummy"}}, "Dryad")
	act(t, s, 0, "discard Siren", nil)
	if got := legalTexts(s, 1); s.phase != PhaseClaim || !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("phase %s, Legal(1) = %v: want a claim window where Bo, with two Avians, may only pass", s.phase, got)
	}
	if _, err := s.Apply(1, Claim{Card: mustCards(t, "Siren")[0]}, dice.NewUnrecordedStream(dice.Seed{})); !errors.Is(err, engine.ErrIllegalAction) || !strings.Contains(err.Error(), "you need three Avian cards") {
		t.Fatalf("a claim with two Avians: %v, want illegal", err)
	}
	act(t, s, 1, "pass", nil)
	if s.phase != PhaseDiscard || s.turn != 1 {
		t.Fatalf("phase %s turn %d after the pass, want Bo's turn", s.phase, s.turn)
	}
}

func TestNature_LoyalCannotBeClaimed(t *testing.T) {
	s := scene(t, [][]string{{"Valkyrie", "Mummy"}, {"Angel", "Dark Angel", "Cupid"}}, "Dryad")
	act(t, s, 0, "discard Valkyrie", nil)
	if s.phase == PhaseClaim || s.turn != 1 {
		t.Fatalf("phase %s turn %d: the loyal Valkyrie opened a claim window", s.phase, s.turn)
	}
	c := mustCards(t, "Valkyrie")[0]
	if _, err := s.Apply(1, Claim{Card: c}, dice.NewUnrecordedStream(dice.Seed{})); !errors.Is(err, engine.ErrIllegalAction) {
		t.Fatalf("claiming the loyal card: %v, want illegal", err)
	}
}

func TestClaim_ExposedSetGrowsByMeld(t *testing.T) {
	s := scene(t, [][]string{{"Cockatrice", "Mummy", "Zombie", "Ghoul", "Lich"}, nil}, "Dryad")
	expose(t, s, 0, setID(t, "Avian"), "Harpy", "Siren", "Jubjub", "Gandharva")
	if got := legalTexts(s, 0); !slices.Contains(got, "meld Cockatrice") || slices.Contains(got, "meld Mummy") {
		t.Fatalf("Legal = %v, want meld Cockatrice only", got)
	}
	act(t, s, 0, "meld Cockatrice", nil)
	if n := len(s.players[0].groups[0].cards); n != 5 {
		t.Fatalf("exposed set has %d cards after a meld, want 5", n)
	}
}

func TestNature_CheerfulTakesTheOtherCheerfulCardsAndRefills(t *testing.T) {
	s := scene(t, [][]string{{"Harpy", "Succubus", "Alice", "Mummy", "Zombie", "Ghoul", "Lich", "Wight", "Roper"}, {"Gazer"}},
		"Jubjub", "Siren", "Troll", "Dryad")
	ev := act(t, s, 0, "discard Harpy", nil)
	if got := names(s.players[0].hand); slices.Contains(got, "Succubus") || slices.Contains(got, "Alice") || !slices.Contains(got, "Jubjub") || !slices.Contains(got, "Siren") {
		t.Fatalf("hand after a cheerful discard: %v, want Succubus and Alice gone and Jubjub, Siren drawn", got)
	}
	if s.total(0) != 8 {
		t.Fatalf("hand of %d after the refill, want 8", s.total(0))
	}
	if !strings.Contains(eventTexts(ev, 1), "every other cheerful card leaves Ann too: Succubus, Alice") {
		t.Fatalf("events:\n%s", eventTexts(ev, 1))
	}
	if strings.Contains(eventTexts(ev, 1), "Jubjub") {
		t.Fatalf("the refill's cards leaked to another seat:\n%s", eventTexts(ev, 1))
	}
}

func TestNature_MeanDiscardsARandomCard(t *testing.T) {
	for seed := range byte(6) {
		s := scene(t, [][]string{{"Imp", "Mummy", "Zombie", "Ghoul", "Lich", "Wight", "Jiangshi", "Roper", "Gazer"}, {"Cancer"}}, "Troll", "Dryad")
		ev := act(t, s, 0, "discard Imp", dice.NewUnrecordedStream(dice.Seed{seed}))
		if len(s.discards) != 2 || s.total(0) != 8 || !slices.Contains(names(s.players[0].hand), "Troll") {
			t.Fatalf("after a mean discard: pile %d, hand %v; want Imp and one random card discarded and Troll drawn", len(s.discards), names(s.players[0].hand))
		}
		lost := cardsOf(s.discards)[1]
		want := "Mean Imp takes revenge: Ann loses a random card: " + s.describe(lost) + "."
		if !strings.Contains(eventTexts(ev, 1), want) {
			t.Fatalf("events:\n%s\nwant %q", eventTexts(ev, 1), want)
		}
	}
}

// TestNature_MeanTellsOnlyTheCardLost: the public text and data of a mean
// discard say which card was lost and nothing else: no die, and so no
// position in the hand (hands are kept in deck order, so the face of a die
// over the hand would tell how many of the hand's cards come before the
// lost one). Two hands that differ in every other card, losing the same
// card, give everyone else the same bytes.
func TestNature_MeanTellsOnlyTheCardLost(t *testing.T) {
	seen := map[string]string{}
	for seed := range byte(40) {
		for _, rest := range [][]string{
			{"Mummy", "Zombie", "Ghoul", "Lich", "Wight", "Jiangshi", "Roper", "Gazer"},
			{"Alice", "Dryad", "Mummy", "Alraune", "Mandragora", "Roper", "Kraken", "Yeti"},
		} {
			s := scene(t, [][]string{append([]string{"Imp"}, rest...), {"Cancer"}}, "Troll", "Dryad")
			ev := act(t, s, 0, "discard Imp", dice.NewUnrecordedStream(dice.Seed{seed}))
			var mean []string
			for _, e := range engine.EventsFor(ev, 1) {
				if e.Kind == "mean" {
					mean = append(mean, e.Text+" "+mustJSON(t, e.Data))
				}
			}
			if len(mean) != 1 {
				t.Fatalf("seed %d: %d mean events, want 1", seed, len(mean))
			}
			if regexp.MustCompile(`\bd[0-9]|= [0-9]`).MatchString(mean[0]) {
				t.Fatalf("seed %d: the mean event shows a die: %s", seed, mean[0])
			}
			lost := cardsOf(s.discards)[1].String()
			if other, ok := seen[lost]; ok && other != mean[0] {
				t.Fatalf("losing %s reads differently with other cards in the hand:\n%s\n%s", lost, other, mean[0])
			}
			seen[lost] = mean[0]
		}
	}
	if len(seen) < 4 {
		t.Fatalf("only %d different cards were lost in 80 mean discards: the test compares too little", len(seen))
	}
}

func TestNature_ForcedDiscardsDoNotChain(t *testing.T) {
	// Every other card is mean, cheerful or proud: the random one has no effect.
	s := scene(t, [][]string{{"Imp", "Demon", "Devil", "Bubble Slime", "Girtablilu", "Medusa", "Apophis", "Pixie", "Dark Elf"}, {"Cancer"}}, "Troll", "Dryad")
	act(t, s, 0, "discard Imp", nil)
	if len(s.discards) != 2 || s.total(0) != 8 {
		t.Fatalf("pile %v after one mean discard, want two cards", s.discards)
	}
	s = scene(t, [][]string{{"Harpy", "Imp", "Succubus", "Lilim", "Mummy", "Zombie", "Ghoul", "Lich", "Wight"}, {"Cancer"}}, "Troll", "Dryad")
	act(t, s, 0, "discard Harpy", nil)
	// Succubus (cheerful) is discarded by force: neither its cheerfulness nor
	// anything else acts again, and Imp (mean) and Lilim (proud) stay.
	if got := names(s.players[0].hand); !slices.Contains(got, "Imp") || !slices.Contains(got, "Lilim") || len(s.discards) != 2 {
		t.Fatalf("hand %v pile %d after a cheerful discard", got, len(s.discards))
	}
}

func TestNature_ProudBansTheTypeForTheGame(t *testing.T) {
	s := scene(t, [][]string{{"Lilim", "Imp", "Succubus", "Mummy", "Zombie", "Ghoul", "Lich", "Wight", "Roper"}, {"Demon", "Devil", "Alp", "Gazer"}},
		"Troll", "Dryad", "Hobgoblin", "Alice")
	ev := act(t, s, 0, "discard Lilim", nil)
	if got := names(s.players[0].hand); slices.Contains(got, "Imp") || slices.Contains(got, "Succubus") || s.total(0) != 8 {
		t.Fatalf("hand %v after a proud Fiend: want every Fiend gone and 8 cards", got)
	}
	if !slices.Equal(names(s.players[0].aside), []string{"Lilim"}) || slices.Contains(names(cardsOf(s.discards)), "Lilim") {
		t.Fatalf("Lilim should be set aside, not on the pile: aside %v", names(s.players[0].aside))
	}
	// The Fiends forced out may be claimed, one window each; Lilim, set
	// aside, may not.
	for _, want := range []string{"Succubus", "Imp"} { // in the order they reach the pile (the hand's)
		if s.phase != PhaseClaim || s.card.String() != want {
			t.Fatalf("phase %s on %s; want a claim window on the forced %s", s.phase, s.card, want)
		}
		passAll(t, s, nil)
	}
	if s.phase == PhaseClaim {
		t.Fatalf("a claim window on %s after the forced discards", s.card)
	}
	if !strings.Contains(eventTexts(ev, 1), "Fiend is banned for Ann for the rest of the game") {
		t.Fatalf("events:\n%s", eventTexts(ev, 1))
	}
	// Banned cards are dead for Ann: they cannot be claimed or count in a pattern.
	s.players[0].hand = mustCards(t, "Alp", "Arch-Imp", "Kunoichi", "Mummy", "Zombie", "Ghoul", "Lich", "Wight")
	slices.Sort(s.players[0].hand)
	if e := s.eligibility(0, mustCards(t, "Demon")[0]); e != 0 {
		t.Fatalf("Ann may claim a banned Fiend")
	}
	s.players[0].hand = mustCards(t, "Alp", "Arch-Imp", "Kunoichi", "Gremlin", "Mummy", "Zombie", "Ghoul", "Lich")
	slices.Sort(s.players[0].hand)
	if _, ok := s.winning(0); ok {
		t.Fatalf("four banned Fiends and four Undead win")
	}
	// The ban lasts into the next round.
	s.round = 1
	s.endRound(-1, Win{}, dice.NewUnrecordedStream(dice.Seed{}), new(events))
	if s.round != 2 || s.players[0].banned == 0 {
		t.Fatalf("the ban did not last into round 2")
	}
}

func cardsOf(cvs []CardView) []Card {
	out := make([]Card, len(cvs))
	for i, cv := range cvs {
		out[i] = cv.Card
	}
	return out
}

func TestNature_HonestLooksAtTheTopThreePrivately(t *testing.T) {
	s := scene(t, [][]string{{"Mummy"}, {"Zombie"}, {"Ghoul"}}, "Karasu-Tengu", "Harpy", "Siren", "Jubjub", "Troll")
	s.players[0].hand = mustCards(t, "Mummy", "Lich")
	act(t, s, 0, "discard Lich", nil)
	ev := passAll(t, s, nil) // Bo draws the honest Karasu-Tengu
	mine, theirs := eventTexts(ev, 1), eventTexts(ev, 2)
	if !strings.Contains(mine, "the top of the stock is Harpy, Siren, Jubjub (top first)") {
		t.Fatalf("Bo's events:\n%s", mine)
	}
	if !strings.Contains(theirs, "Bo looks at the top 3 cards of the stock") || strings.Contains(theirs, "Harpy") {
		t.Fatalf("Cy's events:\n%s", theirs)
	}
	v := s.View(1).(*View)
	if len(v.StockTop) != 3 || v.StockTop[0].Card.String() != "Harpy" || v.StockTop[2].Depth != 2 {
		t.Fatalf("Bo's view of the stock: %+v", v.StockTop)
	}
	if len(s.View(2).(*View).StockTop) != 0 {
		t.Fatalf("Cy sees what Bo saw")
	}
}

func TestNature_HonestClaimShowsTheDiscardersHand(t *testing.T) {
	s := scene(t, [][]string{{"Karasu-Tengu", "Mummy", "Zombie"}, {"Harpy", "Jubjub", "Siren"}, {"Ghoul"}}, "Troll")
	ev := act(t, s, 0, "discard Karasu-Tengu", nil)
	ev = append(ev, act(t, s, 1, "claim Karasu-Tengu", nil)...)
	ev = append(ev, act(t, s, 2, "pass", nil)...)
	if !strings.Contains(eventTexts(ev, 1), "Ann holds Mummy, Zombie") {
		t.Fatalf("Bo's events:\n%s", eventTexts(ev, 1))
	}
	if got := eventTexts(ev, 2); !strings.Contains(got, "Bo looks at Ann's hand") || strings.Contains(got, "Zombie") {
		t.Fatalf("Cy's events:\n%s", got)
	}
	if v := s.View(1).(*View); len(v.Known) != 1 || v.Known[0].Seat != 0 || len(v.Known[0].Cards) != 2 {
		t.Fatalf("Bo's view of Ann's hand: %+v", v.Known)
	}
}

func TestNature_ImpatientMayDrawAgainThenDiscardsDownToEight(t *testing.T) {
	s := scene(t, [][]string{{"Mummy", "Roper"}, {"Zombie", "Ghoul", "Wight", "Jiangshi", "Ochimusha", "Pharaoh", "Ghost"}}, "Cockatrice", "Harpy", "Troll", "Dryad")
	act(t, s, 0, "discard Roper", nil)
	passAll(t, s, nil) // Bo draws the impatient Cockatrice
	if got := legalTexts(s, 1); got[0] != "draw" {
		t.Fatalf("Legal(1) = %v, want draw first", got)
	}
	act(t, s, 1, "draw", nil)
	if s.total(1) != 9 || s.extra != 0 {
		t.Fatalf("after the extra draw: %d cards, extra %d", s.total(1), s.extra)
	}
	// With ten cards (Bo started this scene with seven, so add one) the first
	// discard is an excess discard, the second the turn's discard.
	s.players[1].hand = append(s.players[1].hand, mustCards(t, "Dullahan")...)
	slices.Sort(s.players[1].hand)
	ev := act(t, s, 1, "discard Dullahan", nil)
	if !strings.Contains(eventTexts(ev, 0), "to get back to 8 cards") || s.turn != 1 || s.phase != PhaseDiscard {
		t.Fatalf("the first of two discards is an excess discard (no claim window):\n%s", eventTexts(ev, 0))
	}
	act(t, s, 1, "discard Harpy", nil)
	passAll(t, s, nil)
	if s.turn != 0 || s.total(1) != 8 {
		t.Fatalf("turn %d, Bo holds %d", s.turn, s.total(1))
	}
	// The extra draw must be taken at once: after a discard it is gone.
	s = scene(t, [][]string{{"Mummy", "Roper"}, {"Zombie"}}, "Cockatrice", "Harpy", "Troll")
	act(t, s, 0, "discard Roper", nil)
	passAll(t, s, nil)
	act(t, s, 1, "discard Zombie", nil)
	passAll(t, s, nil)
	if s.extra != 0 || s.turn != 0 {
		t.Fatalf("the impatient draw is still open after a discard (extra %d, turn %d)", s.extra, s.turn)
	}
}

func TestNature_AggressiveRockPaperScissors(t *testing.T) {
	s := scene(t, [][]string{{"Ogre", "Mummy"}, {"Zombie"}, {"Ghoul"}}, "Troll", "Dryad", "Hobgoblin")
	act(t, s, 0, "discard Ogre", nil)
	if s.phase != PhaseTarget || !slices.Equal(legalTexts(s, 0), []string{"attack 2", "attack 3", "no attack"}) {
		t.Fatalf("phase %s legal %v", s.phase, legalTexts(s, 0))
	}
	act(t, s, 0, "attack 3", nil)
	if !slices.Equal(s.Pending(), []engine.Seat{0, 2}) {
		t.Fatalf("pending %v, want the two players", s.Pending())
	}
	ev := act(t, s, 2, "rock", nil)
	if strings.Contains(eventTexts(ev, 0), "rock") || !strings.Contains(eventTexts(ev, 0), "Cy has thrown") {
		t.Fatalf("a sealed throw leaked: %s", eventTexts(ev, 0))
	}
	if v := s.View(0).(*View); v.Throw != NoHand || strings.Contains(mustJSON(t, v), "rock") {
		t.Fatalf("Ann's view shows Cy's throw")
	}
	act(t, s, 0, "rock", nil) // a tie: throw again
	if !slices.Equal(s.Pending(), []engine.Seat{0, 2}) {
		t.Fatalf("after a tie pending %v, want both again", s.Pending())
	}
	act(t, s, 0, "paper", nil)
	act(t, s, 2, "scissors", nil)
	passAll(t, s, nil) // the aggressive card may be claimed after the contest
	if s.players[0].skip != 1 {
		t.Fatalf("Ann lost with paper against scissors but does not lose a turn")
	}
	// Bo plays, then Cy, then Ann's turn is lost and Bo plays again.
	if s.turn != 1 {
		t.Fatalf("turn %d, want Bo", s.turn)
	}
	act(t, s, 1, "discard Zombie", nil)
	passAll(t, s, nil)
	act(t, s, 2, "discard Ghoul", nil)
	passAll(t, s, nil)
	if s.turn != 1 || s.players[0].skip != 0 {
		t.Fatalf("turn %d, want Ann's turn skipped", s.turn)
	}
}

func TestNature_MiscellaneousRollsWhenDrawnAndKeepsIt(t *testing.T) {
	s := scene(t, [][]string{{"Mummy", "Lich"}, {"Zombie"}}, "Shoggoth", "Troll")
	act(t, s, 0, "discard Lich", nil)
	ev := passAll(t, s, nil)
	c := mustCards(t, "Shoggoth")[0]
	n := s.nature(c)
	if n == Miscellaneous || n == NoNature {
		t.Fatalf("Shoggoth drawn but its nature is %s", n)
	}
	if !strings.Contains(eventTexts(ev, 1), "[2d20-4: ") || strings.Contains(eventTexts(ev, 0), "2d20") {
		t.Fatalf("the roll is shown to the drawer only:\n%s", eventTexts(ev, 1))
	}
	ev = act(t, s, 1, "discard Shoggoth", nil)
	if !strings.Contains(eventTexts(ev, 0), "Bo discards Shoggoth (Semisolid Life Form, miscellaneous: "+n.String()+")") {
		t.Fatalf("the discard does not announce the rolled nature %s:\n%s", n, eventTexts(ev, 0))
	}
}

func TestRefill_BackToEightAfterAForcedLoss(t *testing.T) {
	s := scene(t, [][]string{{"Lilim", "Imp", "Succubus", "Demon", "Devil", "Mummy", "Zombie", "Ghoul", "Lich"}, {"Gazer"}},
		"Troll", "Dryad", "Hobgoblin", "Alice", "Roper")
	ev := act(t, s, 0, "discard Lilim", nil)
	if s.total(0) != 8 || len(s.players[0].hand) != 8 {
		t.Fatalf("after losing four Fiends: %d cards, want 8", s.total(0))
	}
	if !strings.Contains(eventTexts(ev, 1), "Ann draws 4 cards to refill to 8") {
		t.Fatalf("events:\n%s", eventTexts(ev, 1))
	}
}

func TestApply_IllegalChangesNothing(t *testing.T) {
	s := scene(t, [][]string{{"Mummy", "Lich"}, {"Zombie"}}, "Troll")
	tests := []struct {
		name string
		seat engine.Seat
		a    engine.Action
		want error
		says string
	}{
		{"a card not in hand", 0, Discard{Card: mustCards(t, "Harpy")[0]}, engine.ErrIllegalAction, "Harpy is not in your hand"},
		{"not your turn", 1, Discard{Card: mustCards(t, "Zombie")[0]}, engine.ErrNotYourTurn, "it is Ann's turn"},
		{"no impatient draw", 0, Draw{}, engine.ErrIllegalAction, "impatient"},
		{"no claim window", 0, Pass{}, engine.ErrIllegalAction, "discard a card"},
		{"no such seat", 7, Pass{}, engine.ErrNotYourTurn, "no place"},
		{"meld without an exposed set", 0, Meld{Card: mustCards(t, "Lich")[0]}, engine.ErrIllegalAction, "fits none"},
		{"bad card index", 0, Discard{Card: 999}, engine.ErrIllegalAction, "not in your hand"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := s.clone()
			d := dice.NewStream(dice.Seed{1})
			_, err := s.Apply(tt.seat, tt.a, d)
			if !errors.Is(err, tt.want) || !strings.Contains(err.Error(), tt.says) {
				t.Fatalf("Apply(%v) = %v, want %v saying %q", tt.a, err, tt.want, tt.says)
			}
			if d.Len() != 0 || mustJSON(t, s.View(0)) != mustJSON(t, before.View(0)) {
				t.Fatalf("a refused action changed the state or rolled dice")
			}
		})
	}
}

func TestParseAction_RoundTrip(t *testing.T) {
	for _, text := range []string{"draw", "discard Harpy", "discard Will-o'-The-Wisp", "meld Jinn of the Jar", "attack 3", "no attack", "rock", "paper", "scissors", "claim Harpy", "claim Harpy as cheerful", "claim Harpy with Siren, Jubjub, Gandharva", "claim Harpy as cheerful with Slime, Alice, Satyros", "pass"} {
		a, err := ParseAction(text)
		if err != nil || a.String() != text {
			t.Errorf("ParseAction(%q) = %v, %v", text, a, err)
			continue
		}
		raw := mustJSON(t, a)
		back, err := Game.Decode(a.Kind(), []byte(raw))
		if err != nil || back.String() != text {
			t.Errorf("Decode(%s) = %v, %v; want %q", raw, back, err, text)
		}
	}
	for _, bad := range []string{"", "discard", "discard Nobody", "attack", "attack 0", "jump", "rock hard"} {
		if _, err := ParseAction(bad); err == nil {
			t.Errorf("ParseAction(%q): no error", bad)
		}
	}
}

func TestDecode_RejectsBadInput(t *testing.T) {
	for _, tt := range []struct{ kind, body string }{
		{"discard", `{}`}, {"discard", `{"card":"Nobody"}`}, {"discard", `{"card":"Harpy","x":1}`},
		{"throw", `{"hand":"lizard"}`}, {"throw", `{}`}, {"attack", `{"target":-5}`}, {"claim", `{}`},
		{"dance", `{}`}, {"draw", `{"x":1}`},
	} {
		if _, err := Game.Decode(tt.kind, []byte(tt.body)); err == nil {
			t.Errorf("Decode(%s, %s): no error", tt.kind, tt.body)
		}
	}
}

// TestView_SeenStockCardsAreOnTop holds the invariant View relies on to look
// only at the top of the stock for cards a seat has seen: over seeded games
// (and determinizations of them), no seen card lies deeper than lookSize.
func TestView_SeenStockCardsAreOnTop(t *testing.T) {
	d := dice.NewUnrecordedStream(dice.Seed{12})
	r := dice.NewUnrecordedStream(dice.Seed{13})
	bots := []engine.Bot{greedyBot{}, randomBot{}, greedyBot{}, randomBot{}}
	check := func(g, step int, st *State) {
		for p := range st.players {
			for i, c := range st.stock {
				if depth := len(st.stock) - 1 - i; depth >= lookSize && st.seen[p].has(c) {
					t.Fatalf("game %d step %d: seat %d has seen %s at depth %d of the stock", g, step, p, c, depth)
				}
			}
		}
	}
	for g := range 20 {
		st, err := New(Options{}, make([]engine.SeatInfo, 2+g%3), d)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; st.phase != PhaseOver; step++ {
			check(g, step, st)
			p := st.Pending()[0]
			if step%5 == 0 {
				check(g, step, st.Determinize(p, r).(*State))
			}
			if _, err := st.Apply(p, bots[p].Act(p, st.View(p), st.Legal(p), r), d); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestClaimWindow_HoldIsATableOption: claim_window sets how long a claim
// window stays open where people play (engine.Window), 2 s by default and 0
// if asked; WindowOpen is true exactly in a claim window, whose default
// answer is a pass that is always legal.
func TestClaimWindow_HoldIsATableOption(t *testing.T) {
	seats := []engine.SeatInfo{{Name: "Ann"}, {Name: "Bo"}}
	for _, tc := range []struct {
		opts engine.Options
		want time.Duration
	}{
		{engine.Options{}, 2 * time.Second},
		{engine.Options{"claim_window": "350"}, 350 * time.Millisecond},
		{engine.Options{"claim_window": "0"}, 0},
	} {
		tab, err := engine.NewTable(Game, tc.opts, seats, dice.Seed{9})
		if err != nil {
			t.Fatal(err)
		}
		w, ok := tab.State().(engine.Window)
		if !ok {
			t.Fatalf("the state does not implement engine.Window")
		}
		if got := w.WindowHold(); got != tc.want {
			t.Errorf("options %v: hold %v, want %v", tc.opts, got, tc.want)
		}
	}
	if _, err := engine.NewTable(Game, engine.Options{"claim_window": "-1"}, seats, dice.Seed{9}); err == nil {
		t.Errorf("a negative claim window was accepted")
	}
	s := scene(t, [][]string{{"Siren", "Lich"}, {"Harpy", "Jubjub", "Gandharva"}, {"Zombie"}}, "Dryad")
	if s.WindowOpen() {
		t.Fatalf("a window is open before the discard")
	}
	act(t, s, 0, "discard Siren", nil)
	if !s.WindowOpen() {
		t.Fatalf("no window is open after a discard anyone may claim")
	}
	for _, p := range s.Pending() {
		if a := s.WindowDefault(p); !slices.Contains(s.Legal(p), a) {
			t.Fatalf("%s's default answer %v is not among its legal answers %v", p, a, s.Legal(p))
		}
	}
	passAll(t, s, nil)
	if s.WindowOpen() {
		t.Fatalf("the window is still open after everyone passed")
	}
}

// TestWin_BannedTypeCountsInNoPatternHiddenOrExposed: a type banned by a
// proud discard is no part of a winning hand or a score, whether its cards
// are hidden or were exposed before the ban, and seven orphans and one
// more do not win when the one more is banned.
func TestWin_BannedTypeCountsInNoPatternHiddenOrExposed(t *testing.T) {
	banFiend := func(s *State, p engine.Seat) {
		key := cardKey[mustCards(t, "Imp")[0]]
		s.players[p].banned |= 1 << key
		s.players[p].bans = []string{deck.Keys[key].Name}
	}
	// Four Fiends exposed before the ban, four Undead hidden.
	s := scene(t, [][]string{{"Mummy", "Zombie", "Ghoul", "Lich"}, {"Troll"}})
	expose(t, s, 0, setID(t, "Fiend"), "Alp", "Arch-Imp", "Gremlin", "Imp")
	if _, ok := s.winning(0); !ok {
		t.Fatalf("four Fiends exposed and four Undead hidden do not win before the ban: the scene is wrong")
	}
	banFiend(s, 0)
	if w, ok := s.winning(0); ok {
		t.Fatalf("an exposed set of a banned type wins: %s for %d points", w.describe(), w.Points())
	}
	// A cheerful set exposed with a banned Fiend in it is dead too.
	s = scene(t, [][]string{{"Mummy", "Zombie", "Ghoul", "Lich"}, {"Troll"}})
	expose(t, s, 0, deck.CheerfulSet, "Harpy", "Slime", "Satyros", "Succubus")
	if _, ok := s.winning(0); !ok {
		t.Fatalf("a cheerful set and four Undead do not win before the ban: the scene is wrong")
	}
	banFiend(s, 0)
	if _, ok := s.winning(0); ok {
		t.Fatalf("a cheerful set holding a banned Fiend wins")
	}
	// Seven orphans and a banned Fiend as the one more card.
	var orphans []string
	for i, c := range deck.Cards {
		if cardSet[i] == deck.Orphans && len(orphans) < 7 {
			orphans = append(orphans, c.Name)
		}
	}
	s = scene(t, [][]string{append(orphans, "Imp"), {"Troll"}})
	if _, ok := s.winning(0); !ok {
		t.Fatalf("seven orphans and an Imp do not win before the ban: the scene is wrong")
	}
	banFiend(s, 0)
	if _, ok := s.winning(0); ok {
		t.Fatalf("seven orphans and a banned Fiend win")
	}
}

// TestNature_ProudCardsStayAsideForTheRestOfTheGame: a proud card set aside
// stays aside, shown in every view, through the following rounds, and is
// never shuffled into a later round's deck; a miscellaneous card that
// rolled proud keeps that nature while aside.
func TestNature_ProudCardsStayAsideForTheRestOfTheGame(t *testing.T) {
	s := scene(t, [][]string{{"Lilim", "Mummy", "Zombie", "Ghoul", "Lich", "Wight", "Jiangshi", "Roper", "Gazer"}, {"Troll"}}, "Dryad", "Alice")
	act(t, s, 0, "discard Lilim", nil)
	lilim := mustCards(t, "Lilim")[0]
	d := dice.NewUnrecordedStream(dice.Seed{5})
	for round := 2; round <= 4; round++ {
		s.endRound(-1, Win{}, d, new(events))
		if s.round != round {
			t.Fatalf("round %d, want %d", s.round, round)
		}
		if !slices.Equal(names(s.players[0].aside), []string{"Lilim"}) {
			t.Fatalf("round %d: Ann's proud cards aside: %v, want Lilim", round, names(s.players[0].aside))
		}
		if slices.Contains(s.stock, lilim) || slices.Contains(s.players[0].hand, lilim) || slices.Contains(s.players[1].hand, lilim) {
			t.Fatalf("round %d: Lilim went back into the deck", round)
		}
		if n := len(s.stock) + s.total(0) + s.total(1); n != len(deck.Cards)-1 && s.phase == PhaseDiscard {
			t.Fatalf("round %d: %d cards in play, want the deck less Lilim", round, n)
		}
		for _, p := range []engine.Seat{engine.Spectator, 0, 1} {
			if v := s.View(p).(*View); !slices.Equal(v.Players[0].Aside, []Card{lilim}) {
				t.Fatalf("round %d: %s's view shows %v aside for Ann", round, p, v.Players[0].Aside)
			}
		}
	}
}

// TestRPS_ThreeTiesInARowTheAttackFails: ties are thrown again, and after
// the third tie in a row the attack fails, nobody loses a turn and the
// claim window on the aggressive card opens; a win after two ties still
// counts, and the count starts again with every attack.
func TestRPS_ThreeTiesInARowTheAttackFails(t *testing.T) {
	s := scene(t, [][]string{{"Ogre", "Mummy"}, {"Zombie"}, {"Ghoul"}}, "Troll", "Dryad", "Hobgoblin")
	act(t, s, 0, "discard Ogre", nil)
	act(t, s, 0, "attack 2", nil)
	var ev []engine.Event
	for tie := 1; tie <= 3; tie++ {
		if s.phase != PhaseRPS {
			t.Fatalf("after %d ties the phase is %s, want rock-paper-scissors", tie-1, s.phase)
		}
		act(t, s, 0, "rock", nil)
		ev = act(t, s, 1, "rock", nil)
	}
	if s.phase != PhaseClaim || s.players[0].skip != 0 || s.players[1].skip != 0 {
		t.Fatalf("after three ties: phase %s, turns to lose %d and %d; want the claim window and nobody losing a turn", s.phase, s.players[0].skip, s.players[1].skip)
	}
	if got := eventTexts(ev, 2); !strings.Contains(got, "the attack fails and nobody loses a turn") {
		t.Fatalf("Cy reads:\n%s", got)
	}
	// Two ties, then a win: the loser loses a turn.
	s = scene(t, [][]string{{"Ogre", "Mummy"}, {"Zombie"}, {"Ghoul"}}, "Troll", "Dryad", "Hobgoblin")
	act(t, s, 0, "discard Ogre", nil)
	act(t, s, 0, "attack 2", nil)
	for _, throws := range [][2]string{{"rock", "rock"}, {"paper", "paper"}, {"paper", "rock"}} {
		act(t, s, 0, throws[0], nil)
		act(t, s, 1, throws[1], nil)
	}
	if s.players[1].skip != 1 {
		t.Fatalf("Bo lost the third throw after two ties but loses no turn")
	}
}

// TestRPS_BotsThrowFromTheSeededStream: a bot's throw comes from the
// stream it is given: the same stream gives the same throw, and streams
// from other seeds give every throw.
func TestRPS_BotsThrowFromTheSeededStream(t *testing.T) {
	s := scene(t, [][]string{{"Ogre", "Mummy"}, {"Zombie"}, {"Ghoul"}}, "Troll", "Dryad", "Hobgoblin")
	act(t, s, 0, "discard Ogre", nil)
	act(t, s, 0, "attack 2", nil)
	for _, bot := range []engine.Bot{greedyBot{}, randomBot{}} {
		seen := map[string]bool{}
		for seed := range byte(30) {
			a := bot.Act(1, s.View(1), s.Legal(1), dice.NewUnrecordedStream(dice.Seed{seed}))
			b := bot.Act(1, s.View(1), s.Legal(1), dice.NewUnrecordedStream(dice.Seed{seed}))
			if a != b {
				t.Fatalf("%T throws %s and %s from the same stream", bot, a, b)
			}
			seen[a.String()] = true
		}
		if len(seen) != 3 {
			t.Fatalf("%T threw only %v from 30 streams", bot, seen)
		}
	}
}

// TestLegal_EveryMeldIsListedHoweverLongTheHand: a hand grown long by
// impatient draws lists a meld for every card that fits an exposed set,
// wherever it sits in the hand (once capped at the first 16 cards).
func TestLegal_EveryMeldIsListedHoweverLongTheHand(t *testing.T) {
	hand := []string{"Succubus", "Lesser Succubus", "Amazoness", "Alice", "Alp", "Dark Priest", "Lilim", "Demon", "Devil",
		"Arch-Imp", "Kunoichi", "Imp", "Gremlin", "Harpy", "Black Harpy", "Siren", "Mummy", "Jiangshi"}
	s := scene(t, [][]string{hand, {"Gazer"}})
	expose(t, s, 0, setID(t, "Undead"), "Zombie", "Ghoul", "Lich", "Wight")
	// Mummy and Jiangshi sort after sixteen other cards of the hand.
	var want []string
	for _, c := range s.players[0].hand {
		if s.meldGroup(0, c) >= 0 {
			want = append(want, "meld "+c.String())
		}
	}
	if len(want) == 0 || slices.Index(s.players[0].hand, mustCards(t, want[len(want)-1][len("meld "):])[0]) < 16 {
		t.Fatalf("no card past the sixteenth fits the exposed set (%v): the scene is wrong", want)
	}
	var got []string
	for _, txt := range legalTexts(s, 0) {
		if strings.HasPrefix(txt, "meld ") {
			got = append(got, txt)
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("melds listed %v, want %v", got, want)
	}
}

// TestMeld_KeepsTheCardsStillToDiscard: a meld may not empty the hand of
// cards the player must still discard to get back to eight, or the player
// would be left to discard with nothing in hand.
func TestMeld_KeepsTheCardsStillToDiscard(t *testing.T) {
	s := scene(t, [][]string{{"Mummy"}, {"Gazer"}})
	expose(t, s, 0, setID(t, "Undead"), "Zombie", "Ghoul", "Lich", "Wight")
	expose(t, s, 0, setID(t, "Avian"), "Harpy", "Siren", "Jubjub", "Gandharva")
	if slices.Contains(legalTexts(s, 0), "meld Mummy") {
		t.Fatalf("Legal offers to meld the last card in hand: %v", legalTexts(s, 0))
	}
	a, _ := ParseAction("meld Mummy")
	if _, err := s.Apply(0, a, dice.NewUnrecordedStream(dice.Seed{})); err == nil || !strings.Contains(err.Error(), "discard down to 8") {
		t.Fatalf("melding the last card: %v", err)
	}
}

// TestClaim_TheClaimerChoosesWhichCardsItExposes: with four Avians in hand
// Bo may claim a Siren with any three of them, and Legal lists each choice;
// the set exposed is the three Bo named (what the others learn of Bo's hand
// is Bo's choice, not a fixed rule's). A claim that names no cards, or
// cards that cannot join the Siren, is refused with a reason; the greedy
// bot claims with the three that serve nothing else (not the cheerful
// Harpy).
func TestClaim_TheClaimerChoosesWhichCardsItExposes(t *testing.T) {
	deal := func() *State {
		s := scene(t, [][]string{{"Siren", "Lich"}, {"Harpy", "Black Harpy", "Jubjub", "Gandharva", "Zombie"}, {"Gazer"}}, "Dryad", "Troll")
		act(t, s, 0, "discard Siren", nil)
		return s
	}
	s := deal()
	want := []string{
		"claim Siren with Harpy, Black Harpy, Gandharva", "claim Siren with Harpy, Black Harpy, Jubjub",
		"claim Siren with Harpy, Gandharva, Jubjub", "claim Siren with Black Harpy, Gandharva, Jubjub", "pass",
	}
	if got := legalTexts(s, 1); !slices.Equal(got, want) {
		t.Fatalf("Legal(Bo) = %q\nwant %q", got, want)
	}
	for _, bad := range []struct{ text, why string }{
		{"claim Siren", "choose the three cards to expose"},
		{"claim Siren with Harpy, Harpy, Jubjub", "not three different Avian"},
		{"claim Siren with Harpy, Zombie, Jubjub", "not three different Avian"},
		{"claim Siren with Harpy, Cockatrice, Jubjub", "not three different Avian"},
	} {
		a, err := ParseAction(bad.text)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Apply(1, a, dice.NewUnrecordedStream(dice.Seed{})); err == nil || !strings.Contains(err.Error(), bad.why) {
			t.Fatalf("%q: %v, want a refusal saying %q", bad.text, err, bad.why)
		}
	}
	act(t, s, 1, "claim Siren with Jubjub, Harpy, Black Harpy", nil)
	ev := act(t, s, 2, "pass", nil)
	if got := names(s.players[1].groups[0].cards); !slices.Equal(got, []string{"Harpy", "Black Harpy", "Jubjub", "Siren"}) {
		t.Fatalf("Bo exposed %v", got)
	}
	if got := names(s.players[1].hand); !slices.Equal(got, []string{"Gandharva", "Zombie"}) {
		t.Fatalf("Bo keeps %v", got)
	}
	if got := eventTexts(ev, 2); !strings.Contains(got, "exposes a set of Avian: Harpy, Black Harpy, Jubjub, Siren") {
		t.Fatalf("Cy reads:\n%s", got)
	}
	// The greedy bot keeps the cheerful Harpy, which could also serve a
	// cheerful set.
	s = deal()
	a := greedyBot{}.Act(1, s.View(1), s.Legal(1), dice.NewUnrecordedStream(dice.Seed{}))
	if cl, ok := a.(Claim); !ok || slices.Contains(cl.With[:], mustCards(t, "Harpy")[0]) {
		t.Fatalf("the greedy bot plays %s; want a claim that keeps the cheerful Harpy", a)
	}
}

// TestClaim_EveryDiscardMayBeClaimedForcedAndExcessIncluded: the cards a
// cheerful or mean discard forces out, and an excess discard after an
// impatient draw, each open a claim window of their own after the turn's
// discard, in the order they reached the pile, and may be claimed; a
// claim ends the turn's windows (play goes on from the claimer). Loyal
// cards never open one.
func TestClaim_EveryDiscardMayBeClaimedForcedAndExcessIncluded(t *testing.T) {
	windows := func(s *State, claim map[string]string) []string {
		var out []string
		for s.phase == PhaseClaim {
			out = append(out, s.card.String())
			ans := map[engine.Seat]string{}
			if text, ok := claim[s.card.String()]; ok {
				ans[1] = text
			}
			closeWindow(t, s, ans, nil)
		}
		return out
	}
	// Cheerful: Harpy takes Succubus and Alice along; Bo claims Alice.
	s := scene(t, [][]string{{"Harpy", "Succubus", "Alice", "Mummy", "Zombie", "Ghoul", "Lich", "Wight", "Roper"}, {"Alp", "Arch-Imp", "Gremlin", "Gazer"}},
		"Troll", "Dryad", "Hobgoblin", "Yeti")
	act(t, s, 0, "discard Harpy", nil)
	if got := windows(s, map[string]string{"Alice": "claim Alice"}); !slices.Equal(got, []string{"Harpy", "Succubus", "Alice"}) {
		t.Fatalf("windows on %v, want Harpy then the forced Succubus and Alice", got)
	}
	if len(s.players[1].groups) != 1 || s.players[1].groups[0].claimed.String() != "Alice" || s.turn != 1 {
		t.Fatalf("Bo did not take the forced Alice (groups %v, turn %d)", s.players[1].groups, s.turn)
	}
	// A claim on the first forced card ends the turn's windows.
	s = scene(t, [][]string{{"Harpy", "Succubus", "Alice", "Mummy", "Zombie", "Ghoul", "Lich", "Wight", "Roper"}, {"Alp", "Arch-Imp", "Gremlin", "Gazer"}},
		"Troll", "Dryad", "Hobgoblin", "Yeti")
	act(t, s, 0, "discard Harpy", nil)
	if got := windows(s, map[string]string{"Succubus": "claim Succubus"}); !slices.Equal(got, []string{"Harpy", "Succubus"}) || s.turn != 1 {
		t.Fatalf("windows on %v (turn %d), want none after Bo's claim of Succubus", got, s.turn)
	}
	// Mean: the random card lost may be claimed.
	s = scene(t, [][]string{{"Imp", "Mummy", "Zombie", "Ghoul", "Lich", "Wight", "Jiangshi", "Ghost", "Skeleton"}, {"Pharaoh", "Vampire", "Dragon Zombie", "Gazer"}},
		"Troll", "Dryad")
	act(t, s, 0, "discard Imp", nil)
	lost := cardsOf(s.discards)[1].String()
	if got := windows(s, map[string]string{lost: "claim " + lost}); !slices.Equal(got, []string{"Imp", lost}) || s.players[1].claims != 1 {
		t.Fatalf("windows on %v, Bo's claims %d; want Imp then the lost %s, claimed", got, s.players[1].claims, lost)
	}
	// Impatient: the excess discard may be claimed, after the turn's.
	s = scene(t, [][]string{{"Mummy", "Roper"}, {"Zombie", "Ghoul", "Wight", "Jiangshi", "Ochimusha", "Pharaoh", "Ghost", "Yeti"}, {"Gazer", "Troll", "Ogre"}}, "Cockatrice", "Cyclops", "Lamia", "Dryad")
	act(t, s, 0, "discard Roper", nil)
	windows(s, nil) // Bo draws the impatient Cockatrice
	act(t, s, 1, "draw", nil)
	act(t, s, 1, "discard Cyclops", nil) // the excess discard (ten cards)
	act(t, s, 1, "discard Cockatrice", nil)
	if got := windows(s, nil); !slices.Equal(got, []string{"Cyclops", "Cockatrice"}) {
		t.Fatalf("windows on %v, want the excess Cyclops then Cockatrice", got)
	}
	// Loyal cards open no window, forced or not.
	s = scene(t, [][]string{{"Harpy", "Satyros", "Mummy", "Zombie", "Ghoul", "Lich", "Wight", "Roper", "Kobold"}, {"Gazer"}}, "Troll", "Dryad", "Hobgoblin")
	act(t, s, 0, "discard Kobold", nil)
	if s.phase == PhaseClaim {
		t.Fatalf("a loyal discard opened a window")
	}
}

// TestRefill_HonestAndImpatientActOnEveryDraw: the cards drawn in a refill
// after a forced loss act like any draw from the stock: an honest one shows
// its drawer the top of the stock (the others read only that a look
// happened), an impatient one lets the drawer draw once more ("draw" or
// "pass") and then discard down to eight, before the turn's discard
// resolves (its claim windows open after that, the excess discard's too).
func TestRefill_HonestAndImpatientActOnEveryDraw(t *testing.T) {
	deal := func() (*State, []engine.Event) {
		s := scene(t, [][]string{{"Harpy", "Succubus", "Alice", "Zombie", "Wight", "Jiangshi", "Roper", "Gazer", "Troll"}, {"Ogre"}},
			"Lich", "Ghoul", "Mummy", "Dryad", "Yeti", "Kraken")
		return s, act(t, s, 0, "discard Harpy", nil) // Succubus and Alice go too: Ann refills with Lich and Ghoul
	}
	s, ev := deal()
	if got := eventTexts(ev, 0); !strings.Contains(got, "Honest Lich tells you what she saw: the top of the stock is Ghoul, Mummy, Dryad") {
		t.Fatalf("Ann's events after a refill with an honest Lich:\n%s", got)
	}
	if got := eventTexts(ev, 1); !strings.Contains(got, "Ann looks at the top 3 cards of the stock.") || strings.Contains(got, "Mummy") {
		t.Fatalf("Bo's events:\n%s", got)
	}
	if got := legalTexts(s, 0); s.phase != PhaseDiscard || !slices.Equal(got, []string{"draw", "pass"}) {
		t.Fatalf("after a refill with an impatient Ghoul: phase %s, Ann may %v; want draw or pass", s.phase, got)
	}
	act(t, s, 0, "draw", nil) // Mummy: nine cards
	if got := legalTexts(s, 0); len(got) != 9 || !strings.HasPrefix(got[0], "discard ") {
		t.Fatalf("with nine cards after the extra draw Ann may %v; want to discard one", got)
	}
	act(t, s, 0, "discard Roper", nil)
	var windows []string
	for s.phase == PhaseClaim {
		windows = append(windows, s.card.String())
		passAll(t, s, nil)
	}
	if !slices.Equal(windows, []string{"Harpy", "Succubus", "Alice", "Roper"}) || s.turn != 1 {
		t.Fatalf("claim windows on %v then turn %d; want Harpy, the forced Succubus and Alice, the excess Roper, then Bo", windows, s.turn)
	}
	// Passing on the extra draw resolves the discard at once.
	s, _ = deal()
	act(t, s, 0, "pass", nil)
	if s.phase != PhaseClaim || s.card.String() != "Harpy" || s.total(0) != 8 {
		t.Fatalf("after passing on the draw: phase %s on %s, Ann holds %d", s.phase, s.card, s.total(0))
	}
}
