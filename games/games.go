// Package games lists every game this program hosts.
package games

import (
	"tabletop/engine"
	"tabletop/games/mgt"
	"tabletop/games/msp"
	"tabletop/games/pmr"
	"tabletop/games/prophecy"
	"tabletop/games/tmd"
)

// All returns every game, in a fixed order. The list is explicit: adding a
// game means adding it here.
func All() []engine.Game {
	return []engine.Game{
		pmr.Game,
		mgt.Game,
		prophecy.Game,
		msp.Game,
		tmd.Game,
	}
}

// Registry returns a registry of All.
func Registry() *engine.Registry {
	return engine.NewRegistry(All()...)
}
