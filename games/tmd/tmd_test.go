package tmd

import (
	"testing"

	"tabletop/engine/enginetest"
)

func TestConformance(t *testing.T) {
	enginetest.Run(t, Game, enginetest.Config{Hidden: true, SeatCounts: []int{3, 5}, Playouts: 6})
}
