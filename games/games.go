// Package games lists every game tabletop runs. The list is explicit (no
// registration by blank import), so what the binary contains is read here.
package games

import "tabletop/engine"

// All returns every game, in the order menus show them.
func All() []engine.Game {
	return []engine.Game{}
}

// Registry returns a registry of All.
func Registry() *engine.Registry {
	return engine.NewRegistry(All()...)
}
