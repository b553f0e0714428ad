package server

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"tabletop/engine"
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
// lost its connection and made a new one) drops every table in memory. A
// change that comes while its table loads is checked once it has loaded
// (caughtUp); an action refused on a table that is behind is tried again
// on the table reloaded (behindStore); and every sweepEvery the watched
// tables are checked against the store in one query (sweep), for a change
// that was never announced.
//
// Bots: before each bot turn the runner takes or renews the table's lease
// (store.Leaser); without it, it stops, and looks again once the lease may
// have run out, so that the bots of an instance that died are taken over.
// A runner that stops gives its lease back, so that an action on another
// instance has its bots played there at once.

// peers is what a Server knows of the other instances on its store.
type peers struct {
	id       string         // this instance, as bot leases name it
	notifier store.Notifier // nil: no other instance appends to the store
	leaser   store.Leaser   // nil: the store does not lease bots
	botLease time.Duration

	// A table being loaded is not in memory yet, so a change to it that
	// comes meanwhile finds nothing to drop: heard keeps the latest
	// change of each table for a while, and epoch counts the zero
	// Changes, for caughtUp to check a table it has just loaded against.
	epoch atomic.Int64
	mu    sync.Mutex
	heard map[string]heard
}

// heard is the latest change heard of a table.
type heard struct {
	seq int
	at  time.Time
}

// heardFor is how long a change is kept in peers.heard: longer than a
// table takes to load.
const heardFor = time.Minute

const defaultBotLease = 15 * time.Second

// startPeers sets up s.peers and starts following the store's changes.
func (s *Server) startPeers(botLease time.Duration) {
	if botLease <= 0 {
		botLease = defaultBotLease
	}
	s.peers = peers{id: newID(9), botLease: botLease, heard: make(map[string]heard)}
	s.peers.leaser, _ = s.store.(store.Leaser)
	if n, ok := s.store.(store.Notifier); ok {
		s.peers.notifier = n
		s.bg.Add(1)
		go s.follow(n.Subscribe(s.ctx))
	}
}

// follow drops each table in memory that another instance moved ahead,
// until changes is closed (the server closing), and every sweepEvery
// sweeps the watched tables.
func (s *Server) follow(changes <-chan store.Change) {
	defer s.bg.Done()
	tick := time.NewTicker(sweepEvery)
	defer tick.Stop()
	for {
		select {
		case c, ok := <-changes:
			if !ok {
				return
			}
			s.heardChange(c)
		case <-tick.C:
			s.sweep()
		}
	}
}

// sweepEvery is how often the tables being watched are checked against the
// store (sweep).
const sweepEvery = 10 * time.Second

// heardChange drops the table c is about if it is in memory and behind.
func (s *Server) heardChange(c store.Change) {
	if c.Table == "" {
		s.peers.epoch.Add(1)
		s.forgetAll()
		return
	}
	s.peers.hear(c, s.now())
	s.mu.Lock()
	l := s.live[c.Table]
	s.mu.Unlock()
	if l == nil {
		return
	}
	l.mu.Lock()
	if !l.stale && c.Seq > l.tab.Len() {
		s.forget(l)
	}
	l.mu.Unlock()
}

// sweep checks the tables that streams are watching against the store, in
// one query, and drops those that are behind. It catches what no
// notification announced: an instance that died after committing an
// append but before announcing it (and so before acknowledging it).
func (s *Server) sweep() {
	s.mu.Lock()
	watched := make(map[string]*live)
	for id, l := range s.live {
		if l.mu.TryLock() {
			if l.watchers > 0 && !l.stale {
				watched[id] = l
			}
			l.mu.Unlock()
		}
	}
	s.mu.Unlock()
	if len(watched) == 0 {
		return
	}
	ids := make([]string, 0, len(watched))
	for id := range watched {
		ids = append(ids, id)
	}
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	seqs, err := s.peers.notifier.Seqs(ctx, ids)
	cancel()
	if err != nil {
		if s.ctx.Err() == nil {
			s.log.Warn("checking the watched tables against the store", "err", err)
		}
		return
	}
	for id, l := range watched {
		l.mu.Lock()
		if seq, ok := seqs[id]; ok && !l.stale && seq > l.tab.Len() {
			s.forget(l)
		}
		l.mu.Unlock()
	}
}

// hear records c in p.heard, dropping what is older than heardFor once
// the map grows.
func (p *peers) hear(c store.Change, now time.Time) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if h, ok := p.heard[c.Table]; !ok || c.Seq >= h.seq {
		p.heard[c.Table] = heard{seq: c.Seq, at: now}
	}
	if len(p.heard) >= 4096 {
		for id, h := range p.heard {
			if now.Sub(h.at) > heardFor {
				delete(p.heard, id)
			}
		}
	}
}

// reloaded marks the context of a second load of a table that caughtUp
// found behind: the second is not checked again, so that a busy table
// cannot keep a reader loading (should it be behind again, it is dropped
// and reloads on its next use).
type reloaded struct{}

// caughtUp checks l, just loaded and put in memory, against what was heard
// while it loaded: the zero Change since epoch, or a change ahead of it.
// If it is behind, it drops it and reports false: the caller loads it
// again. Without a shared store it reports true.
func (s *Server) caughtUp(l *live, epoch int64) bool {
	if s.peers.notifier == nil {
		return true
	}
	s.peers.mu.Lock()
	h, ok := s.peers.heard[l.id]
	s.peers.mu.Unlock()
	l.mu.Lock()
	defer l.mu.Unlock()
	if s.peers.epoch.Load() == epoch && (!ok || h.seq <= l.tab.Len()) {
		return true
	}
	if !l.stale {
		s.forget(l)
	}
	return false
}

// behindStore reports whether the action refused with err on l may have
// been refused because l is behind the store, another instance having
// appended since: l was dropped for that already, or the store's log is
// longer than l's (asked only of a shared store, and only after a refusal
// or a conflict, so that accepted actions pay nothing). It drops l if so;
// the caller tries the action again on the table reloaded.
func (s *Server) behindStore(ctx context.Context, l *live, err error) bool {
	conflict := errors.Is(err, store.ErrVersionConflict)
	l.mu.Lock()
	stale, n := l.stale, l.tab.Len()
	l.mu.Unlock()
	if stale && conflict {
		return true
	}
	if s.peers.notifier == nil || !(conflict || engine.IsRefusal(err)) {
		return false
	}
	seq, serr := s.peers.notifier.Seq(ctx, l.id)
	if serr != nil || seq <= n {
		return false
	}
	l.mu.Lock()
	if !l.stale {
		s.forget(l)
	}
	l.mu.Unlock()
	return true
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
