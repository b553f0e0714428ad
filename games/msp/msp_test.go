package msp

import (
	"testing"

	"tabletop/engine/enginetest"
)

func TestConformance(t *testing.T) {
	enginetest.Run(t, Game, enginetest.Config{Hidden: true, SeatCounts: []int{2, 4, 7}, Playouts: 20})
}
