package tmd

import (
	"fmt"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// TestConformance plays tables of one GM (3 and 5 seats) and of two, a
// lead first and a co-GM last (4 and 6 seats).
func TestConformance(t *testing.T) {
	seats := func(n int) []engine.SeatInfo {
		out := make([]engine.SeatInfo, n)
		for i := range out {
			out[i].Name = fmt.Sprintf("P%d", i+1)
		}
		out[0].GM = true
		out[n-1].GM = n%2 == 0
		return out
	}
	enginetest.Run(t, Game, enginetest.Config{Hidden: true, SeatCounts: []int{3, 4, 5, 6}, Seats: seats, Playouts: 6})
}
