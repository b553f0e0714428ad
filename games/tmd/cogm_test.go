package tmd

import (
	"slices"
	"strings"
	"testing"

	"tabletop/dice"
	"tabletop/engine"
)

// TestNew_SeatsOneOrTwoGMsAndATeamOfTwoToFour: a campaign table seats a
// lead GM and at most one co-GM (the seats marked GM), and a team of 2 to
// 4 players; anything else is refused in words.
func TestNew_SeatsOneOrTwoGMsAndATeamOfTwoToFour(t *testing.T) {
	seats := func(marks ...bool) []engine.SeatInfo {
		out := make([]engine.SeatInfo, len(marks))
		for i, gm := range marks {
			out[i] = engine.SeatInfo{Name: string(rune('A' + i)), GM: gm}
		}
		return out
	}
	const gm, player = true, false
	for _, tc := range []struct {
		name   string
		seats  []engine.SeatInfo
		gms    []engine.Seat
		errHas string // "" for a table
	}{
		{"one GM, two players", seats(gm, player, player), []engine.Seat{0}, ""},
		{"none marked: the first is the GM", seats(player, player, player, player, player), []engine.Seat{0}, ""},
		{"two GMs, two players", seats(player, gm, player, gm), []engine.Seat{1, 3}, ""},
		{"two GMs, four players", seats(gm, gm, player, player, player, player), []engine.Seat{0, 1}, ""},
		{"two GMs, one player", seats(gm, gm, player), nil, "a team has 2 to 4 players, not 1 (2 GMs)"},
		{"three GMs", seats(gm, gm, gm, player, player), nil, "3 seats are marked as game masters: this game has at most 2"},
		{"one GM, five players", seats(gm, player, player, player, player, player), nil, "a team has 2 to 4 players, not 5"},
		{"seven seats", seats(gm, gm, player, player, player, player, player), nil, "not 7 seats"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(Options{}, tc.seats)
			if tc.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), tc.errHas) || !strings.HasPrefix(err.Error(), "tmd: ") || strings.Contains(err.Error(), "engine:") {
					t.Fatalf("New(%v) = %v, want an error saying %q", tc.seats, err, tc.errHas)
				}
				return
			}
			if err != nil {
				t.Fatalf("New(%v): %v", tc.seats, err)
			}
			if got := s.GM.Seats(); !slices.Equal(got, tc.gms) {
				t.Errorf("GM seats = %v, want %v", got, tc.gms)
			}
			if len(s.Team) != len(tc.seats)-len(tc.gms) {
				t.Errorf("the team has %d members, want every other seat (%d)", len(s.Team), len(tc.seats)-len(tc.gms))
			}
		})
	}
}

// TestCoGM_AddsAHiddenFoeAndActsForItInBattle: at a table of two GMs the
// co-GM does all the lead does: adds a hidden foe, sees its stats (the
// players do not), acts for it in battle and reads the numbers of its
// blows, writes notes the lead reads too, ends the battle and the
// session; a player may do none of it.
func TestCoGM_AddsAHiddenFoeAndActsForItInBattle(t *testing.T) {
	s, err := New(Options{}, coGMSeats)
	if err != nil {
		t.Fatal(err)
	}
	d := mustData(t)
	for i, seat := range testPlayers {
		mustApply(t, s, seat, BringSheet{Sheet: *SampleSheet(d, testSeats[seat].Name, i)}, nil)
	}
	gms := []engine.Seat{gmSeat, halSeat}
	if p := s.Pending(); !slices.Contains(p, halSeat) || !slices.Contains(p, gmSeat) {
		t.Errorf("Pending = %v, want both GMs", p)
	}
	if len(s.Legal(halSeat)) == 0 {
		t.Errorf("the co-GM is offered nothing")
	}
	mustRefuse(t, s, annSeat, AddFoe{Species: "Zubat", Level: 5, Hidden: true}, "only the game master")
	mustApply(t, s, halSeat, AddFoe{Species: "Zubat", Level: 7, Moves: []string{"Bite"}, Hidden: true}, nil)
	mustApply(t, s, halSeat, Override{Who: "Zubat", Field: "hp", Value: 17, Reason: "a boss"}, nil)
	note := mustApply(t, s, halSeat, Note{Text: "the Zubat guards the stairs"}, nil)
	for _, gm := range gms {
		if got := strings.Join(eventTexts(note, gm), "\n"); !strings.Contains(got, "guards the stairs") {
			t.Errorf("GM %s does not read the co-GM's note: %q", gm, got)
		}
		if v := s.View(gm).(*View); !slices.Contains(v.GM.Notes, "the Zubat guards the stairs") || !v.IsGM {
			t.Errorf("GM %s's view: IsGM %v, notes %q", gm, v.IsGM, v.GM.Notes)
		}
	}
	for _, seat := range []engine.Seat{engine.Spectator, annSeat} {
		if got := strings.Join(eventTexts(note, seat), "\n"); strings.Contains(got, "stairs") {
			t.Errorf("%s reads the note: %q", seat, got)
		}
	}
	zubat := func(seat engine.Seat) FighterView {
		for _, f := range s.View(seat).(*View).Battle.Fighters {
			if f.Name == "Zubat" {
				return f
			}
		}
		t.Fatalf("%s does not see the Zubat", seat)
		return FighterView{}
	}
	for _, gm := range gms {
		if f := zubat(gm); f.Body == nil || f.Body.HP != 17 || f.Body.Level != 7 {
			t.Errorf("GM %s does not see the hidden Zubat's stats: %+v", gm, f.Body)
		}
	}
	if f := zubat(annSeat); f.Body != nil || f.Ability != "" {
		t.Errorf("a player sees the hidden Zubat's stats: %+v, ability %q", f.Body, f.Ability)
	}
	if c := s.Determinize(halSeat, dice.NewStream(dice.Seed{1})).(*State); bf(t, c, "Zubat").Body.HP != 17 || len(c.GM.Notes) != 1 || c.GM.Notes[0] != "the Zubat guards the stairs" {
		t.Errorf("the co-GM's Determinize draws again what the co-GM knows")
	}
	mustApply(t, s, halSeat, StartBattle{First: Foes}, nil)
	mustRefuse(t, s, annSeat, UseMove{Actor: "Zubat", Move: "Bite", Targets: []string{"Ann"}}, "")
	bite := mustApply(t, s, halSeat, UseMove{Actor: "Zubat", Move: "Bite", Targets: []string{"Ann"}}, nil)
	lead, co, ann := strings.Join(eventTexts(bite, gmSeat), "\n"), strings.Join(eventTexts(bite, halSeat), "\n"), strings.Join(eventTexts(bite, annSeat), "\n")
	if !strings.Contains(co, "Zubat") || co != lead {
		t.Errorf("the co-GM reads the Zubat's bite as\n%s\nthe lead as\n%s", co, lead)
	}
	if co == ann {
		t.Errorf("the players read the hidden Zubat's bite as the GMs do:\n%s", ann)
	}
	mustApply(t, s, halSeat, EndBattle{Reason: "the Zubat flees"}, nil)
	if s.Battle != nil {
		t.Fatalf("the co-GM's EndBattle left the battle on")
	}
	mustRefuse(t, s, annSeat, End{Reason: "bedtime"}, "only the game master")
	mustApply(t, s, halSeat, End{Reason: "bedtime"}, nil)
	if _, over := s.Outcome(); !over {
		t.Errorf("the co-GM's End did not end the session")
	}
}
