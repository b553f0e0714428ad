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
//   - The events of an Apply, their data and dice come from blocks that
//     the next Apply takes back (resetEvents, alloc.Block.Rewind). Events have no texts
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
	// Apply's events, rewound at the start of each Apply.
	events        alloc.Block[engine.Event]
	data          alloc.Block[EventData]
	monsterData   alloc.Block[MonsterData]
	matchData     alloc.Block[MatchData]
	contestData   alloc.Block[ContestData]
	sealed        alloc.Block[SealedData]
	dice          alloc.Block[int]
	entered       alloc.Block[entry]
	eventMonsters alloc.Block[Monster]
	retired       alloc.Block[Entrant]

	// Fixed slots, rebuilt in place.
	views   [maxSeats + 1]View // the spectator's at 0, seat p's at p+1
	board   Board
	stables [maxSeats]StableView
	infos   [maxSeats]StableInfo
	tour    TournamentView
	last    TournamentView // the last tournament played
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
	a.events.Rewind()
	a.data.Rewind()
	a.monsterData.Rewind()
	a.matchData.Rewind()
	a.contestData.Rewind()
	a.sealed.Rewind()
	a.dice.Rewind()
	a.entered.Rewind()
	a.eventMonsters.Rewind()
	a.retired.Rewind()
}
