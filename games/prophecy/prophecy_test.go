package prophecy

import (
	"testing"

	"tabletop/engine/enginetest"
)

func TestConformance(t *testing.T) {
	enginetest.Run(t, Game, enginetest.Config{SeatCounts: []int{3, 6}})
}

func TestConformance_Practice(t *testing.T) {
	enginetest.Run(t, Game, enginetest.Config{SeatCounts: []int{1}, Options: map[string]string{"practice": "true"}, Playouts: 3})
}
