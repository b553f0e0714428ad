package server

import (
	"net"
	"testing"
)

// TestCacheDropsTablesNoStreamFollowsFirst: past the cache's bound of
// tables, the least recently used table no stream follows is dropped
// before an older one a stream follows (on a connection taken over, which
// does not pin it): a followed table is likelier to be played again soon.
func TestCacheDropsTablesNoStreamFollowsFirst(t *testing.T) {
	s := mustInternal(t, func(c *Config) { c.MaxLive = 2 })
	followed, _ := mustDuel(t, s, 3, "", "")
	conn, other := net.Pipe()
	defer conn.Close()
	defer other.Close()
	c := &connStream{conn: conn}
	s.addWatcher(followed.id, c)
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
