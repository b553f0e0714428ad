package server

import (
	"bufio"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/store"
	"tabletop/store/sqlite"
)

// sharedStore is an SQLite store posing as one shared with other instances
// (store.Notifier) whose announcements never come: what another instance
// appends through the store directly reaches this server only through its
// own checks.
type sharedStore struct {
	*sqlite.Store
}

func (f sharedStore) Subscribe(ctx context.Context) <-chan store.Change {
	ch := make(chan store.Change)
	go func() { <-ctx.Done(); close(ch) }()
	return ch
}

func (f sharedStore) Seq(ctx context.Context, id string) (int, error) {
	t, err := f.LoadTable(ctx, id)
	return t.Seq, err
}

func (f sharedStore) Seqs(ctx context.Context, ids []string) (map[string]int, error) {
	out := map[string]int{}
	for _, id := range ids {
		if n, err := f.Seq(ctx, id); err == nil {
			out[id] = n
		}
	}
	return out, nil
}

// mustShared is mustInternal on a sharedStore, returned beside it.
func mustShared(t *testing.T, mod ...func(*Config)) (*Server, sharedStore) {
	t.Helper()
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "shared.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	shared := sharedStore{st}
	return mustInternal(t, append(mod, func(c *Config) { c.Store = shared })...), shared
}

// appendElsewhere plays seat's guard on the stored table id and appends it
// to the store directly, as another instance would, unannounced.
func appendElsewhere(t *testing.T, st store.Store, id string, seat engine.Seat) {
	t.Helper()
	ctx := context.Background()
	rec, err := st.LoadTable(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := engine.Replay(duel.Game, rec.Export)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tab.Act(seat, duel.Stance{Stance: duel.Guard}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Append(ctx, id, rec.Seq, tab.Log(rec.Seq)...); err != nil {
		t.Fatal(err)
	}
}

func TestSweep_CatchesUpAWatchedTableWhoseChangeWasNeverAnnounced(t *testing.T) {
	s, st := mustShared(t)
	l, _ := mustDuel(t, s, 3, "", "")
	idle, _ := mustDuel(t, s, 3, "", "")
	l.mu.Lock()
	l.watchers++ // a stream follows it
	l.mu.Unlock()
	appendElsewhere(t, st, l.id, 0)
	appendElsewhere(t, st, idle.id, 0)
	s.sweep()
	l.mu.Lock()
	stale := l.stale
	l.mu.Unlock()
	if !stale {
		t.Fatal("after the sweep the watched table is still the one behind the store")
	}
	if fresh, err := s.table(context.Background(), l.id); err != nil || fresh.tab.Len() != 1 {
		t.Fatalf("reloaded: %v", err)
	}
	idle.mu.Lock()
	defer idle.mu.Unlock()
	if idle.stale {
		t.Error("the sweep checked a table nobody watches") // it is reloaded when next used
	}
}

func TestBehindStore_AnActionRefusedOnATableBehindIsTriedOnTheFreshOne(t *testing.T) {
	s, st := mustShared(t)
	l, _ := mustDuel(t, s, 3, "", "")
	ctx := context.Background()
	if _, _, err := s.act(ctx, l, 0, "stance", guard, -1); err != nil {
		t.Fatal(err)
	}
	appendElsewhere(t, st, l.id, 1) // the round ends elsewhere
	// In memory seat 0 has chosen this round; in the store a new round
	// has begun, where its guard is legal.
	seq, _, err := s.act(ctx, l, 0, "stance", guard, -1)
	if err != nil || seq != 3 {
		t.Fatalf("seat 0's guard in the next round: seq %d, err %v; want 3, nil", seq, err)
	}
	// A refusal on a table that is not behind stays a refusal.
	l, err = s.table(ctx, l.id)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.act(ctx, l, 0, "stance", guard, -1); !errors.Is(err, engine.ErrIllegalAction) && !errors.Is(err, engine.ErrNotYourTurn) {
		t.Fatalf("seat 0 again in the same round: err %v, want a refusal", err)
	}
}

func TestCaughtUp_AChangeHeardWhileLoadingReloads(t *testing.T) {
	s, st := mustShared(t)
	l, _ := mustDuel(t, s, 3, "", "")
	id := l.id
	s.mu.Lock()
	delete(s.live, id) // not in memory, as if evicted
	s.mu.Unlock()
	epoch := s.peers.epoch.Load()
	rec, err := st.LoadTable(context.Background(), id) // a load begins
	if err != nil {
		t.Fatal(err)
	}
	appendElsewhere(t, st, id, 0)
	s.heardChange(store.Change{Table: id, Seq: 1}) // heard while it loads
	tab, err := engine.Replay(duel.Game, rec.Export)
	if err != nil {
		t.Fatal(err)
	}
	loaded := &live{id: id, game: duel.Game, tab: tab}
	s.mu.Lock()
	s.live[id] = loaded
	s.mu.Unlock()
	if s.caughtUp(loaded, epoch) {
		t.Fatal("a table loaded at seq 0 passed as caught up after a change to seq 1 was heard")
	}
	if fresh, err := s.table(context.Background(), id); err != nil || fresh.tab.Len() != 1 {
		t.Fatalf("after caughtUp dropped it, the table reloads at seq 1: %v", err)
	}
	s.heardChange(store.Change{}) // the listener reconnected
	if again, _ := s.table(context.Background(), id); s.caughtUp(again, epoch) {
		t.Fatal("a table loaded before the listener reconnected passed as caught up")
	}
}

// mustEvents opens, with client, the API event stream of seat token at
// table id of the server at url; it ends with ctx.
func mustEvents(ctx context.Context, t *testing.T, client *http.Client, url, id, token string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, "GET", url+"/api/tables/"+id+"/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return resp
}

// TestWatchedTableStaysInMemoryWithOtherInstances: with other instances on
// the store, a table a stream follows is not dropped however idle, since
// the sweep that catches appends nobody announced checks only the tables
// in memory.
func TestWatchedTableStaysInMemoryWithOtherInstances(t *testing.T) {
	s, _ := mustShared(t, func(c *Config) { c.IdleEvict = 20 * time.Millisecond })
	l, tokens := mustDuel(t, s, 3, "", "")
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	resp := mustEvents(ctx, t, http.DefaultClient, hs.URL, l.id, tokens[0])
	defer resp.Body.Close()
	if _, err := bufio.NewReader(resp.Body).ReadString('\n'); err != nil {
		t.Fatalf("the stream did not start: %v", err)
	}
	time.Sleep(200 * time.Millisecond) // ten idle times
	s.mu.Lock()
	kept := s.live[l.id] == l
	s.mu.Unlock()
	if !kept {
		t.Fatal("a watched table left memory though other instances share the store")
	}
}

// TestStreamInItsHandler_FollowsItsTableReloadedFromTheStore: with other
// instances on the store, a stream that waits in its handler (HTTP/2)
// pins its table; when the sweep finds the table behind the store and
// drops it, the stream sends what the table reloaded holds, and the next
// change to that table wakes it too.
func TestStreamInItsHandler_FollowsItsTableReloadedFromTheStore(t *testing.T) {
	s, st := mustShared(t)
	l, tokens := mustDuel(t, s, 3, "", "")
	hs := httptest.NewUnstartedServer(s.Handler())
	hs.EnableHTTP2 = true
	hs.StartTLS()
	defer hs.Close()
	defer hs.CloseClientConnections()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	resp := mustEvents(ctx, t, hs.Client(), hs.URL, l.id, tokens[0])
	defer resp.Body.Close()
	if resp.ProtoMajor != 2 {
		t.Fatalf("the stream is served over HTTP/%d, want 2", resp.ProtoMajor)
	}
	// The id of each state event the stream sends.
	states := make(chan string, 8)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for inState := false; sc.Scan(); {
			line := sc.Text()
			if id, ok := strings.CutPrefix(line, "id: "); ok && inState {
				states <- id
			}
			inState = line == "event: state"
		}
	}()
	wantState := func(seq string) {
		t.Helper()
		select {
		case id := <-states:
			if id != seq {
				t.Fatalf("the stream sent the state at %s, want %s", id, seq)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("no state at %s within 5 s", seq)
		}
	}
	wantState("0")

	appendElsewhere(t, st, l.id, 1)
	s.sweep()
	wantState("1")
	fresh, err := s.table(ctx, l.id)
	if err != nil {
		t.Fatal(err)
	}
	if fresh == l {
		t.Fatal("the sweep did not drop the table behind the store: the test tests nothing")
	}
	if _, _, err := s.act(ctx, fresh, 0, "stance", guard, -1); err != nil {
		t.Fatal(err)
	}
	wantState("2")
}
