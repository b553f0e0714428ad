package enginetest_test

import (
	"testing"

	"tabletop/engine/enginetest"
	"tabletop/internal/duel"
)

func TestConformance_Duel(t *testing.T) {
	enginetest.Run(t, duel.Game, enginetest.Config{Hidden: true, Playouts: 20})
}
