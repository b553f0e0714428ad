package engine

import (
	"fmt"
	"sort"
	"strings"
)

// Registry maps game ids to games.
type Registry struct {
	games map[string]Game
}

// NewRegistry returns a registry of the given games. Duplicate ids panic: the
// list is fixed in code (games.All), so a duplicate is a programming error.
func NewRegistry(games ...Game) *Registry {
	r := &Registry{games: make(map[string]Game, len(games))}
	for _, g := range games {
		id := g.Info().ID
		if _, dup := r.games[id]; dup {
			panic("engine: duplicate game id " + id)
		}
		r.games[id] = g
	}
	return r
}

// Game returns the game with the given id, or an error that lists the known ids.
func (r *Registry) Game(id string) (Game, error) {
	if g, ok := r.games[strings.ToLower(strings.TrimSpace(id))]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("engine: unknown game %s (known: %s)", Quote(id), strings.Join(r.IDs(), ", "))
}

// IDs returns the registered game ids, sorted.
func (r *Registry) IDs() []string {
	ids := make([]string, 0, len(r.games))
	for id := range r.games {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Infos returns every game's Info, sorted by id.
func (r *Registry) Infos() []Info {
	out := make([]Info, 0, len(r.games))
	for _, id := range r.IDs() {
		out = append(out, r.games[id].Info())
	}
	return out
}
