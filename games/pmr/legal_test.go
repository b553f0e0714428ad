package pmr

import (
	"slices"
	"testing"

	"tabletop/engine"
)

// TestState_Legal_AllocatesNothingForLateMonsterNumbers lists the
// activities of a stable whose monsters have the numbers of late in a
// 300-turn game: once the process has boxed those numbers' actions, a list
// rebuilt after the stable's monsters change allocates nothing (every
// breeding of numbers above 32 used to allocate).
func TestState_Legal_AllocatesNothingForLateMonsterNumbers(t *testing.T) {
	s := mustNew(t, MaxTurns, "Ann", "Bob")
	var ms []Monster
	for id := 270; id <= MaxTurns; id += 2 { // 16 monsters, 120 breedings
		ms = append(ms, Monster{ID: id})
	}
	give(s, 0, ms...)
	_ = s.Legal(0) // boxes the numbers' actions and sizes the list
	st := &s.stables[0]
	if n := testing.AllocsPerRun(20, func() {
		st.roster++ // as a capture, birth or retirement would
		_ = s.Legal(0)
	}); n != 0 {
		t.Errorf("Legal after a change of monsters: %v allocations, want 0", n)
	}
}

// TestState_Legal_ListsEveryActionBeyondTheBoxedOnes checks the activity
// list of monsters whose actions are not boxed in advance (numbers beyond
// MaxTurns, breedings of numbers far apart) against the actions written out.
func TestState_Legal_ListsEveryActionBeyondTheBoxedOnes(t *testing.T) {
	s := mustNew(t, 30, "Ann", "Bob")
	ids := []int{1, 2, 34, 35, MaxTurns + 1}
	var ms []Monster
	for _, id := range ids {
		ms = append(ms, Monster{ID: id})
	}
	give(s, 0, ms...)
	want := []engine.Action{Capture{}}
	for _, id := range ids {
		for ab := Speed; ab <= Random; ab++ {
			want = append(want, Train{Monster: id, Ability: ab})
		}
	}
	for i, a := range ids {
		for _, b := range ids[i+1:] {
			want = append(want, Breed{A: a, B: b})
		}
	}
	if got := s.Legal(0); !slices.Equal(got, want) {
		t.Errorf("Legal(0) = %v\nwant %v", got, want)
	}
}
