package server

import "testing"

// TestCacheDropsTablesNoStreamFollowsFirst: past the cache's bound of
// tables, the least recently used table no stream follows is dropped
// before an older one a stream follows (without other instances on the
// store no stream pins its table): a followed table is likelier to be
// played again soon.
func TestCacheDropsTablesNoStreamFollowsFirst(t *testing.T) {
	s := mustInternal(t, func(c *Config) { c.MaxLive = 2 })
	followed, _ := mustDuel(t, s, 3, "", "")
	s.addWatcher(followed.id)
	defer s.removeWatcher(followed.id)
	unfollowed, _ := mustDuel(t, s, 3, "", "")
	third, _ := mustDuel(t, s, 3, "", "") // past the bound: one goes
	s.mu.Lock()
	defer s.mu.Unlock()
	_, keptFollowed := s.live[followed.id]
	_, keptUnfollowed := s.live[unfollowed.id]
	_, keptThird := s.live[third.id]
	if !keptFollowed || keptUnfollowed || !keptThird {
		t.Fatalf("in memory: followed %v, not followed %v, newest %v; want the table no stream follows dropped", keptFollowed, keptUnfollowed, keptThird)
	}
}
