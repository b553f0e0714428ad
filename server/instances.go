package server

import (
	"context"
	"time"

	"tabletop/store"
)

// Several server instances may share one store (PostgreSQL): any of them
// serves any table. Each keeps its own tables in memory, so each must learn
// of the entries the others append, and only one may play a table's bots.
// With a store that is neither a store.Notifier nor a store.Leaser (SQLite,
// one instance) none of this does anything.
//
// Live updates: follow reads the store's changes. A change to a table in
// memory that is ahead of it drops the table (forget): its streams reload
// it from the store and send what they have not sent, by sequence number,
// so nothing is lost or sent twice. The zero Change (the store's listener
// lost its connection and made a new one) drops every table in memory.
//
// Bots: before each bot turn the runner takes or renews the table's lease
// (store.Leaser); without it, it stops, and looks again once the lease may
// have run out, so that the bots of an instance that died are taken over.
// A runner that stops gives its lease back, so that an action on another
// instance has its bots played there at once.

// peers is what a Server knows of the other instances on its store.
type peers struct {
	id       string       // this instance, as bot leases name it
	shared   bool         // the store tells of other instances' appends (store.Notifier)
	leaser   store.Leaser // nil: the store does not lease bots
	botLease time.Duration
}

const defaultBotLease = 15 * time.Second

// startPeers sets up s.peers and starts following the store's changes.
func (s *Server) startPeers(botLease time.Duration) {
	if botLease <= 0 {
		botLease = defaultBotLease
	}
	s.peers = peers{id: newID(9), botLease: botLease}
	s.peers.leaser, _ = s.store.(store.Leaser)
	if n, ok := s.store.(store.Notifier); ok {
		s.peers.shared = true
		s.bg.Add(1)
		go s.follow(n.Subscribe(s.ctx))
	}
}

// follow drops each table in memory that another instance moved ahead,
// until changes is closed (the server closing).
func (s *Server) follow(changes <-chan store.Change) {
	defer s.bg.Done()
	for c := range changes {
		if c.Table == "" {
			s.forgetAll()
			continue
		}
		s.mu.Lock()
		l := s.live[c.Table]
		s.mu.Unlock()
		if l == nil {
			continue
		}
		l.mu.Lock()
		if !l.stale && c.Seq > l.tab.Len() {
			s.forget(l)
		}
		l.mu.Unlock()
	}
}

// forgetAll drops every table in memory.
func (s *Server) forgetAll() {
	s.mu.Lock()
	all := make([]*live, 0, len(s.live))
	for _, l := range s.live {
		all = append(all, l)
	}
	s.mu.Unlock()
	for _, l := range all {
		l.mu.Lock()
		if !l.stale {
			s.forget(l)
		}
		l.mu.Unlock()
	}
}

// leaseBots reports whether this instance may play l's bots now, l's log
// being seq long: always when the store does not lease them, else when it
// holds or takes the table's lease and the store's log is no longer than
// l's. A table in memory that is behind is dropped (the next reader
// reloads it, and its bots with it). Without the lease it looks again
// (afterChange) once the lease may have run out, in case its holder died.
func (s *Server) leaseBots(l *live, seq int) bool {
	if s.peers.leaser == nil {
		return true
	}
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	held, stored, err := s.peers.leaser.LeaseBots(ctx, l.id, s.peers.id, s.peers.botLease)
	cancel()
	if err != nil && s.ctx.Err() == nil {
		s.log.Error("taking the bots' lease", "table", l.id, "err", err)
	}
	if held && stored > seq {
		l.mu.Lock()
		if !l.stale {
			s.forget(l)
		}
		l.mu.Unlock()
		s.releaseBots(l)
		return false
	}
	if held {
		return true
	}
	s.mu.Lock()
	closed := s.closed
	if !closed {
		s.bg.Add(1)
	}
	s.mu.Unlock()
	if !closed {
		go func() {
			defer s.bg.Done()
			t := time.NewTimer(s.peers.botLease)
			defer t.Stop()
			select {
			case <-t.C:
				s.mu.Lock()
				current := s.live[l.id] == l // not dropped or evicted meanwhile
				s.mu.Unlock()
				if current {
					s.afterChange(l)
				}
			case <-s.ctx.Done():
			}
		}()
	}
	return false
}

// releaseBots gives back this instance's lease of l's bots, if it has one.
func (s *Server) releaseBots(l *live) {
	if s.peers.leaser == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(s.ctx), 10*time.Second)
	defer cancel()
	if err := s.peers.leaser.ReleaseBots(ctx, l.id, s.peers.id); err != nil {
		s.log.Warn("giving back the bots' lease (it runs out by itself)", "table", l.id, "err", err)
	}
}
