package tmd

import "tabletop/engine"

// Prompt returns the seat that a table sharing one terminal asks next
// (tabletop play): a player who has no sheet yet, or on the allies' turn
// each ally that can still act, in seat order; else the GM, who leads
// everything else. Players place stat points and learn moves when the GM
// hands them the terminal ("as NAME").
func (s *State) Prompt() engine.Seat {
	if s.Ended {
		return engine.Spectator
	}
	for i := range s.Seats {
		seat := engine.Seat(i)
		m := s.member(seat)
		if s.GM.Is(seat) || m == nil || !s.playerPending(seat) {
			continue
		}
		if m.Sheet == nil || s.Battle != nil && s.Battle.Started {
			return seat
		}
	}
	return s.GM.Seat
}
