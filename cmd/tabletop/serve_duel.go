//go:build tabletop_duel

package main

import (
	"tabletop/engine"
	"tabletop/games"
	"tabletop/internal/duel"
)

// Built with -tags tabletop_duel (only by serve_test.go), the binary also
// serves the duel test game, so the restart test can play a real binary.
func init() {
	registry = func() *engine.Registry {
		return engine.NewRegistry(append(games.All(), duel.Game)...)
	}
}
