package pmr

import (
	"tabletop/engine"
	"tabletop/internal/alloc"
)

// arena is where a state gets the memory for what Apply, View and Legal hand
// out: events with their data, dice and texts, views, legal lists and the
// copy-on-write monster lists. A simulated game makes about 500 events and
// 230 boards; taking them from blocks instead of one allocation each takes
// most of the allocator and the garbage collector out of a game's cost.
//
// Everything handed out stays valid and unchanged for as long as anyone
// holds it (see package tabletop/internal/alloc). Each state has its own
// arena, made on first use; a clone starts without one, because two states
// taking from one block would hand out the same memory twice.
type arena struct {
	events       alloc.Block[engine.Event]
	data         alloc.Block[EventData]
	monsterData  alloc.Block[MonsterData]
	matchData    alloc.Block[MatchData]
	contestData  alloc.Block[ContestData]
	sealed       alloc.Block[SealedData]
	dice         alloc.Block[int]
	text         alloc.Text
	actions      alloc.Block[engine.Action]
	monsters     alloc.Block[Monster]
	boards       alloc.Block[boardBlock]
	stables      alloc.Block[StableView] // for tables of more than four
	infos        alloc.Block[StableInfo]
	views        alloc.Block[View]
	tours        alloc.Block[tournamentBlock]
	entrants     alloc.Block[Entrant]
	matches      alloc.Block[MatchView]
	buf          []byte                  // the text buffer of Apply's eventBuf, kept between calls
	faces        []int                   // its dice buffer
	entrantTexts [maxSeats][]entrantText // texts kept by State.entrantText
}

// mem returns the state's arena.
func (s *State) mem() *arena {
	if s.arena == nil {
		s.arena = new(arena)
	}
	return s.arena
}
