package pmr

import (
	"tabletop/engine"
	"tabletop/internal/alloc"
)

// arena is where a state gets the memory for what Apply, View and Legal hand
// out.
//
// The engine lets a state reuse what it hands out once it is applied to
// again (engine.State), and the arena does, so that a game under way
// allocates little and a simulation gives the garbage collector little to
// do:
//
//   - The events of an Apply, their data and dice come from scratch blocks
//     that the next Apply takes back (resetEvents). Events have no texts
//     of their own: their data writes them when read (events.go).
//   - Views, the board, the stables' public facts and the tournament view
//     live in fixed slots here and are rebuilt in place after a change.
//     Each seat has its own view slot (and its own legal lists), so a view
//     held too long shows that seat's later position, never another seat's
//     secret.
//
// The state's own lists (monsters, the tournament's entrants, bracket and
// matches, the cached activity lists) are changed in place and reused from
// one tournament to the next; clones copy them (State.clone).
//
// Each state has its own arena, made on first use; a clone starts without
// one.
type arena struct {
	// Scratch for Apply's events, reset at the start of each Apply.
	events        alloc.Scratch[engine.Event]
	data          alloc.Scratch[EventData]
	monsterData   alloc.Scratch[MonsterData]
	matchData     alloc.Scratch[MatchData]
	contestData   alloc.Scratch[ContestData]
	sealed        alloc.Scratch[SealedData]
	dice          alloc.Scratch[int]
	entered       alloc.Scratch[entry]
	ties          alloc.Scratch[byeTie]
	eventMonsters alloc.Scratch[Monster]
	retired       alloc.Scratch[Entrant]

	// Fixed slots, rebuilt in place.
	views   [maxSeats + 1]View // the spectator's at 0, seat p's at p+1
	board   Board
	stables [maxSeats]StableView
	infos   [maxSeats]StableInfo
	tour    TournamentView
	match   MatchView
	enter   [maxSeats][]engine.Action // Legal's entry lists, per seat

	faces []int // the dice buffer of Apply's eventBuf, kept between calls
}

// mem returns the state's arena.
func (s *State) mem() *arena {
	if s.arena == nil {
		s.arena = new(arena)
	}
	return s.arena
}

// resetEvents takes back the events the last Apply handed out.
func (a *arena) resetEvents() {
	a.events.Reset()
	a.data.Reset()
	a.monsterData.Reset()
	a.matchData.Reset()
	a.contestData.Reset()
	a.sealed.Reset()
	a.dice.Reset()
	a.entered.Reset()
	a.ties.Reset()
	a.eventMonsters.Reset()
	a.retired.Reset()
}
