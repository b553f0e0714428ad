package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"tabletop/engine"
	"tabletop/internal/duel"
	"tabletop/internal/pgtest"
	"tabletop/store/postgres"
)

// The tests of several instances on one PostgreSQL database (issue 20):
// live updates cross instances, racing actions have one winner, bots play
// once and are taken over.

// instance is a server of this test on a shared database, with its log.
type instance struct {
	client
	log *lockedBuffer
}

func startInstance(t *testing.T, dsn string, botLease time.Duration) instance {
	t.Helper()
	log := &lockedBuffer{}
	m := &Main{Addr: "127.0.0.1:0", DB: dsn, Games: registry(), BotLease: botLease, ActionRate: -1, ClientRate: -1,
		Logger: slog.New(slog.NewTextHandler(log, &slog.HandlerOptions{Level: slog.LevelWarn}))}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return instance{client: client{t: t, url: m.URL()}, log: log}
}

// sseMsg is one Server-Sent Event.
type sseMsg struct {
	name, data string
	id         int
}

// openStream reads table id's event stream as a spectator until the test
// ends; the channel closes when the stream does.
func openStream(t *testing.T, url, id string) <-chan sseMsg {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, err := http.NewRequestWithContext(ctx, "GET", url+"/api/tables/"+id+"/events", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET events = %d", resp.StatusCode)
	}
	ch := make(chan sseMsg, 256)
	go func() {
		defer close(ch)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		var m sseMsg
		for sc.Scan() {
			line := sc.Text()
			switch k, v, _ := strings.Cut(line, ": "); {
			case line == "":
				if m.name != "" {
					ch <- m
				}
				m = sseMsg{}
			case k == "event":
				m.name = v
			case k == "id":
				m.id, _ = strconv.Atoi(v)
			case k == "data":
				m.data += v
			}
		}
	}()
	return ch
}

// entriesUntilOver collects the ids of a stream's entry events until a state
// event says the game is over, failing after a time limit.
func entriesUntilOver(t *testing.T, ch <-chan sseMsg) []int {
	t.Helper()
	var ids []int
	deadline := time.After(30 * time.Second)
	for {
		select {
		case m, ok := <-ch:
			if !ok {
				t.Fatalf("the stream ended; entries so far %v", ids)
			}
			if m.name == "entry" {
				ids = append(ids, m.id)
			}
			var st struct {
				Over bool `json:"over"`
			}
			if m.name == "state" && json.Unmarshal([]byte(m.data), &st) == nil && st.Over {
				return ids
			}
		case <-deadline:
			t.Fatalf("the game did not end on the stream within 30s; entries so far %v", ids)
		}
	}
}

// killListeners ends every tabletop listening connection on the database
// of dsn, as a network fault or a database restart would.
func killListeners(t *testing.T, dsn string) {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE application_name = 'tabletop-listener' AND datname = current_database()`).Scan(&n); err != nil || n == 0 {
		t.Fatalf("terminated %d listeners (%v), want some", n, err)
	}
}

// TestInstances_StreamGetsEveryActionOfTheOtherInstanceOnce plays a duel
// (both guarding: it lasts its rounds) through two instances while a
// spectator watches on one of them; midway
// that instance loses its listening connection and the last actions are
// made on the other one meanwhile. The stream shows every entry exactly
// once, in order.
func TestInstances_StreamGetsEveryActionOfTheOtherInstanceOnce(t *testing.T) {
	dsn := pgtest.DSN(t)
	a, b := startInstance(t, dsn, 0), startInstance(t, dsn, 0)
	tab := a.create("4")
	stream := openStream(t, b.url, tab.ID)
	on := []instance{a, b}
	for round := range 4 {
		if round == 3 {
			killListeners(t, dsn)
		}
		for seat := range 2 {
			c := on[(round+seat)%2]
			if round == 3 {
				c = a // while b reconnects
			}
			c.act(tab, seat, duel.Guard)
		}
	}
	ids := entriesUntilOver(t, stream)
	want := []int{1, 2, 3, 4, 5, 6, 7, 8}
	if fmt.Sprint(ids) != fmt.Sprint(want) {
		t.Fatalf("the stream on the other instance sent entries %v, want %v", ids, want)
	}
}

// TestInstances_RacingActionsHaveExactlyOneWinner sends both seats' guards
// at the same log position to different instances at once, round after
// round: both are legal, and exactly one is taken.
func TestInstances_RacingActionsHaveExactlyOneWinner(t *testing.T) {
	dsn := pgtest.DSN(t)
	a, b := startInstance(t, dsn, 0), startInstance(t, dsn, 0)
	tab := a.create("9")
	b.state(tab.ID, "") // both have the table in memory
	for round := range 8 {
		seq := a.state(tab.ID, "").Seq
		codes := make([]int, 2)
		var wg sync.WaitGroup
		for seat, c := range []instance{a, b} {
			wg.Go(func() {
				codes[seat] = post(t, c.url, tab, seat, seq)
			})
		}
		wg.Wait()
		if !(codes[0] == 200 && codes[1] == 409 || codes[0] == 409 && codes[1] == 200) {
			t.Fatalf("round %d: racing actions at seq %d answered %v, want one 200 and one 409", round, seq, codes)
		}
		loser := 0
		if codes[0] == 200 {
			loser = 1
		}
		on(a, b, loser).act(tab, loser, duel.Guard) // the round ends
		for _, c := range []instance{a, b} {        // each learns of it (soon, not at once)
			if st := c.waitSeq(tab.ID, seq+2); st.Seq != seq+2 {
				t.Fatalf("round %d: seq %d, want %d", round, st.Seq, seq+2)
			}
		}
	}
}

// playOut has Ann guard, on each client in turn, and waits for Bo's
// answer, until the game is over (random bots make its length vary).
func playOut(c, d client, tab tableCreated) {
	for turn := 0; ; turn++ {
		st := c.state(tab.ID, "")
		if st.Over {
			return
		}
		if turn > 100 {
			c.t.Fatalf("the game is not over after %d turns", turn)
		}
		[]client{c, d}[turn%2].act(tab, 0, duel.Guard)
		c.waitSeq(tab.ID, st.Seq+2)
	}
}

func on(a, b instance, i int) instance {
	if i == 0 {
		return a
	}
	return b
}

// post sends seat's guard at log position seq and returns the status.
func post(t *testing.T, url string, tab tableCreated, seat, seq int) int {
	body := fmt.Sprintf(`{"kind":"stance","action":{"stance":%q},"seq":%d}`, duel.Guard, seq)
	req, err := http.NewRequest("POST", url+"/api/tables/"+tab.ID+"/actions", strings.NewReader(body))
	if err != nil {
		t.Error(err)
		return 0
	}
	req.Header.Set("Authorization", "Bearer "+tab.Seats[seat].Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Error(err)
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

// createWithBot creates a duel of Ann (a person) and Bo (a bot).
func (c client) createWithBot(rounds string) tableCreated {
	var tab tableCreated
	c.do("POST", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{"rounds": rounds},
		"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo", "bot": "random"}}}, http.StatusCreated, &tab)
	return tab
}

// waitSeq waits until table id's log holds n entries or its game is over.
func (c client) waitSeq(id string, n int) tableState {
	c.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		st := c.state(id, "")
		if st.Seq >= n || st.Over {
			return st
		}
		if time.Now().After(deadline) {
			c.t.Fatalf("table %s stayed at seq %d, want %d", id, st.Seq, n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestInstances_BotsPlayOnOneInstanceOnly plays duels against a bot with
// each table watched on both instances and Ann acting on each in turn: every
// bot turn is played by one instance, so neither ever has a bot's choice
// refused for a conflict. (Without the lease the two instances' runners
// race for a bot turn only now and then: a few games, so that this would
// show.)
func TestInstances_BotsPlayOnOneInstanceOnly(t *testing.T) {
	dsn := pgtest.DSN(t)
	a, b := startInstance(t, dsn, 0), startInstance(t, dsn, 0)
	for range 4 {
		tab := a.createWithBot("30")
		openStream(t, a.url, tab.ID)
		openStream(t, b.url, tab.ID)
		a.waitSeq(tab.ID, 1) // Bo seals first
		playOut(on(a, b, 0).client, on(a, b, 1).client, tab)
	}
	for i, in := range []instance{a, b} {
		if log := in.log.String(); strings.Contains(log, "bot turn failed") {
			t.Errorf("instance %d played a bot turn another had played:\n%s", i, log)
		}
	}
}

// TestInstances_BotsAreTakenOverWhenTheirLeaseRunsOut has a dead instance
// hold a table's bot lease: the live instance waits for it to run out, then
// plays the bot.
func TestInstances_BotsAreTakenOverWhenTheirLeaseRunsOut(t *testing.T) {
	dsn := pgtest.DSN(t)
	a := startInstance(t, dsn, 200*time.Millisecond)
	tab := a.createWithBot("3")
	a.waitSeq(tab.ID, 1) // Bo seals first
	st, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	const dead = 1500 * time.Millisecond
	var start time.Time
	for try := 0; ; try++ { // once the instance has given back the lease of Bo's first turn
		start = time.Now()
		held, _, err := st.LeaseBots(context.Background(), tab.ID, "a dead instance", dead)
		if err != nil || try == 100 {
			t.Fatalf("LeaseBots = %v, %v after %d tries", held, err, try)
		}
		if held {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	a.act(tab, 0, duel.Guard) // Bo is due again
	time.Sleep(dead / 2)
	if s := a.state(tab.ID, ""); s.Seq != 2 {
		t.Fatalf("the bot played at %v, while another instance held its lease", time.Since(start))
	}
	a.waitSeq(tab.ID, 3)
	if took := time.Since(start); took < dead {
		t.Fatalf("the bot played after %v, before the lease of %v ran out", took, dead)
	}
}

// TestInstances_KilledInstanceLosesNothingAndTheOtherFinishes runs two real
// tabletop binaries on one database, plays on both, SIGKILLs one mid-game:
// everything it acknowledged is there, its player goes on at the other,
// and the bots keep playing there. A table of bots alone, watched on the
// killed instance, is killed with its bots' lease held (the instance was
// pacing their moves): once the lease runs out, the other instance, where
// its spectator reconnects, takes the bots over and plays to the end.
func TestInstances_KilledInstanceLosesNothingAndTheOtherFinishes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dsn := pgtest.DSN(t)
	bin := filepath.Join(t.TempDir(), "tabletop")
	if out, err := exec.Command("go", "build", "-tags", "tabletop_duel", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	pa, pb := startServe(t, bin, dsn, "--bot-lease", "1s", "--rate", "0"), startServe(t, bin, dsn, "--bot-lease", "1s", "--rate", "0")
	ca, cb := client{t: t, url: pa.url}, client{t: t, url: pb.url}
	duo, solo := ca.create("4"), ca.createWithBot("4")
	ca.act(duo, 0, duel.Guard)
	cb.act(duo, 1, duel.Guard)
	ca.waitSeq(solo.ID, 1)
	ca.act(solo, 0, duel.Guard) // acknowledged by A, which then dies
	ca.act(duo, 0, duel.Guard)
	// A table of bots alone, watched on A alone: A paces its bots' moves,
	// holding their lease. Until its stream is open nobody watches it and
	// its bots play unpaced, a whole duel in milliseconds, so a table whose
	// game ran out before the stream opened (seen on a loaded machine) is
	// set up again.
	var bots tableCreated
	var botsAt int
	for try := 1; ; try++ {
		ca.do("POST", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{"rounds": "6", "bot-pace": "300"},
			"seats": []map[string]string{{"name": "Cy", "bot": "random"}, {"name": "Di", "bot": "random"}}}, http.StatusCreated, &bots)
		openStream(t, pa.url, bots.ID)
		// Once paced, after one move the round is half played: the duel
		// cannot be over before the next move, 300ms on.
		st := ca.waitSeq(bots.ID, 1)
		botsAt = st.Seq
		if !st.Over && botLeaseHeld(t, dsn, bots.ID) {
			break
		}
		if !st.Over || try == 5 {
			t.Fatalf("A plays the bots' table (at %d, over: %v) but holds no lease on it", st.Seq, st.Over)
		}
		t.Logf("the bots' table was over (at %d) before its stream opened: set up again", st.Seq)
	}
	pa.kill()
	openStream(t, pb.url, bots.ID) // its spectator reconnects to B, while A's lease still runs

	if st := cb.waitSeq(solo.ID, 3); st.Seq < 2 {
		t.Fatalf("after the kill the bot table is at %d, want Ann's acknowledged action", st.Seq)
	}
	if st := cb.waitSeq(duo.ID, 3); st.Seq != 3 { // B was told of A's last action before A acknowledged it
		t.Fatalf("after the kill the duel is at %d, want its 3 acknowledged actions", st.Seq)
	}
	cb.act(duo, 1, duel.Guard)
	for range 2 {
		cb.act(duo, 0, duel.Guard)
		cb.act(duo, 1, duel.Guard)
	}
	playOut(cb, cb, solo) // the bot plays on B now
	deadline := time.Now().Add(30 * time.Second)
	for !cb.state(bots.ID, "").Over {
		if time.Now().After(deadline) {
			t.Fatalf("B did not take the killed instance's bots over: the table stays at %d (%d when A died)", cb.state(bots.ID, "").Seq, botsAt)
		}
		time.Sleep(50 * time.Millisecond)
	}
	for _, id := range []string{duo.ID, solo.ID, bots.ID} {
		if st := cb.state(id, ""); !st.Over {
			t.Fatalf("table %s is not over at %d", id, st.Seq)
		}
		var x engine.Export
		cb.do("GET", "/api/tables/"+id+"/export", "", nil, http.StatusOK, &x)
		if _, err := engine.Replay(duel.Game, x); err != nil {
			t.Fatalf("table %s does not verify: %v", id, err)
		}
	}
}

// botLeaseHeld reports whether some instance holds table id's bot lease now.
func botLeaseHeld(t *testing.T, dsn, id string) bool {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var held bool
	if err := conn.QueryRow(ctx, "SELECT count(*) > 0 FROM bot_leases WHERE table_id = $1 AND expires > now()", id).Scan(&held); err != nil {
		t.Fatal(err)
	}
	return held
}
