package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/internal/duel"
)

// lockedBuffer is a bytes.Buffer safe for a command writing while a test reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

var servingRE = regexp.MustCompile(`serving on (http://127\.0\.0\.1:\d+)`)

func TestServe_StartsOnLocalhostAndStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut lockedBuffer
	done := make(chan int, 1)
	db := filepath.Join(t.TempDir(), "t.db")
	go func() {
		done <- Run(ctx, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut}, []string{"serve", "--addr", "127.0.0.1:0", "--db", db})
	}()
	var url string
	for i := 0; i < 500 && url == ""; i++ {
		if m := servingRE.FindStringSubmatch(out.String()); m != nil {
			url = m[1]
		}
		time.Sleep(10 * time.Millisecond)
	}
	if url == "" {
		t.Fatalf("serve did not print its address; stdout %q stderr %q", out.String(), errOut.String())
	}
	resp, err := http.Get(url + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "Lobby") {
		t.Fatalf("GET / = %d %q", resp.StatusCode, body)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 || !strings.Contains(out.String(), "stopped") {
			t.Fatalf("serve exited %d; stdout %q stderr %q", code, out.String(), errOut.String())
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve did not stop after its context was cancelled")
	}
	if _, err := os.Stat(db); err != nil {
		t.Fatalf("no database file: %v", err)
	}
}

func TestServe_RefusesBadFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"stray argument", []string{"serve", "now"}, "takes no arguments"},
		{"bad sync mode", []string{"serve", "--sync", "sometimes"}, "--sync must be normal or full"},
		{"unknown flag", []string{"serve", "--port", "80"}, "flag provided but not defined"},
		{"no tables in memory", []string{"serve", "--cache-tables", "0"}, "--cache-tables must be 1 or more"},
		{"no journal rows", []string{"serve", "--fold-rows", "0"}, "--fold-rows must be from 1 to 1000000"},
		{"folds too often", []string{"serve", "--fold-every", "1ms"}, "--fold-every must be from 10ms to 1h"},
		{"negative group wait", []string{"serve", "--group-wait", "-1ms"}, "--group-wait must be from 0 (never wait) to 100ms"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errOut := run(t, "", tt.args...)
			if code != 2 || !strings.Contains(errOut, tt.want) {
				t.Fatalf("%v = %d, stderr %q; want 2 saying %q", tt.args, code, errOut, tt.want)
			}
		})
	}
}

func TestMain_ServesTheDuelInProcess(t *testing.T) {
	m := &Main{Addr: "127.0.0.1:0", DB: filepath.Join(t.TempDir(), "t.db"), Games: registry()}
	c := mustRun(t, m)
	tab := c.create("2")
	c.act(tab, 0, duel.Attack)
	c.act(tab, 1, duel.Attack)
	if st := c.state(tab.ID, ""); st.Seq != 2 {
		t.Fatalf("seq %d after two actions, want 2", st.Seq)
	}
	if err := m.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
}

// mustRun runs m, closes it when the test ends, and returns a client of it.
func mustRun(t *testing.T, m *Main) client {
	t.Helper()
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return client{t: t, url: m.URL()}
}

// The restart test: a real tabletop binary is killed with SIGKILL in the
// middle of a game and started again on the same database; every action it
// acknowledged is still there and the game plays on to the end.
func TestServe_KilledServerLosesNoAcknowledgedAction(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "tabletop")
	build := exec.Command("go", "build", "-tags", "tabletop_duel", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	db := filepath.Join(dir, "tables.db")

	p := startServe(t, bin, db)
	c := client{t: t, url: p.url}
	tab := c.create("4")
	// Two whole rounds, then Ann seals her third stance: 5 acknowledged actions.
	for range 2 {
		c.act(tab, 0, duel.Attack)
		c.act(tab, 1, duel.Guard)
	}
	c.act(tab, 0, duel.Guard)
	before := c.state(tab.ID, "")
	p.kill()

	p = startServe(t, bin, db)
	c.url = p.url
	after := c.state(tab.ID, "")
	if after.Seq != 5 || after.Commitment != before.Commitment {
		t.Fatalf("after the restart: seq %d, commitment %s; want 5, %s", after.Seq, after.Commitment, before.Commitment)
	}
	if len(after.Log) != len(before.Log) {
		t.Fatalf("after the restart the spectator's log has %d lines, before %d", len(after.Log), len(before.Log))
	}
	ann := c.state(tab.ID, tab.Seats[0].Token)
	var v struct {
		Mine string `json:"mine"`
	}
	json.Unmarshal(ann.View, &v)
	if v.Mine != duel.Guard || ann.MyTurn {
		t.Fatalf("Ann's sealed stance after the restart: %q (my turn %v), want %q", v.Mine, ann.MyTurn, duel.Guard)
	}
	c.act(tab, 1, duel.Attack)
	c.act(tab, 0, duel.Attack)
	c.act(tab, 1, duel.Attack)
	end := c.state(tab.ID, "")
	if !end.Over || end.Seq != 8 || end.Seed == "" {
		t.Fatalf("the game did not finish: %+v", end)
	}
	resp, err := http.Get(p.url + "/api/tables/" + tab.ID + "/export")
	if err != nil {
		t.Fatal(err)
	}
	var x engine.Export
	err = json.NewDecoder(resp.Body).Decode(&x)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Replay(duel.Game, x); err != nil {
		t.Fatalf("the export after the restart does not verify: %v", err)
	}
	if code := p.stop(); code != 0 {
		t.Fatalf("serve exited %d after SIGTERM, want 0; stderr:\n%s", code, p.stderr.String())
	}
}

// proc is a tabletop serve subprocess.
type proc struct {
	t      *testing.T
	cmd    *exec.Cmd
	url    string
	stderr *lockedBuffer
	done   chan struct{}
}

func startServe(t *testing.T, bin, db string, flags ...string) *proc {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0", "--db", db}, flags...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p := &proc{t: t, cmd: cmd, stderr: &lockedBuffer{}, done: make(chan struct{})}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.kill() })
	// Buffered, so that the "serving on" line waits for the loop below even
	// if it comes before the loop is ready; later lines (nobody reads them)
	// are dropped once the buffer is full, so the scanner never blocks.
	lines := make(chan string, 64)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			default:
			}
		}
		close(lines)
	}()
	go func() { cmd.Wait(); close(p.done) }()
	timeout := time.After(20 * time.Second)
	for p.url == "" {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatalf("serve exited before serving; stderr:\n%s", p.stderr.String())
			}
			if m := servingRE.FindStringSubmatch(line); m != nil {
				p.url = m[1]
			}
		case <-timeout:
			t.Fatalf("serve did not start in 20s; stderr:\n%s", p.stderr.String())
		}
	}
	return p
}

// kill sends SIGKILL and waits for the process to be gone.
func (p *proc) kill() {
	select {
	case <-p.done:
		return
	default:
	}
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

// stop sends SIGTERM and returns the exit status.
func (p *proc) stop() int {
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(15 * time.Second):
		p.t.Fatal("serve did not stop within 15s of SIGTERM")
	}
	return p.cmd.ProcessState.ExitCode()
}

// client speaks the JSON API.
type client struct {
	t   *testing.T
	url string
}

type tableCreated struct {
	ID    string `json:"id"`
	Seats []struct {
		Token string `json:"token"`
	} `json:"seats"`
}

type tableState struct {
	Seq        int             `json:"seq"`
	View       json.RawMessage `json:"view"`
	MyTurn     bool            `json:"my_turn"`
	Over       bool            `json:"over"`
	Commitment string          `json:"commitment"`
	Seed       string          `json:"seed"`
	Log        []any           `json:"log"`
}

func (c client) do(method, path, token string, body any, want int, v any) {
	c.t.Helper()
	raw, _ := json.Marshal(body)
	req, err := http.NewRequest(method, c.url+path, bytes.NewReader(raw))
	if err != nil {
		c.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := (&http.Client{Timeout: 10 * time.Second}).Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	got, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		c.t.Fatalf("%s %s = %d %s, want %d", method, path, resp.StatusCode, got, want)
	}
	if v != nil {
		if err := json.Unmarshal(got, v); err != nil {
			c.t.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

func (c client) create(rounds string) tableCreated {
	var tab tableCreated
	c.do("POST", "/api/tables", "", map[string]any{"game": "duel", "options": map[string]string{"rounds": rounds},
		"seats": []map[string]string{{"name": "Ann"}, {"name": "Bo"}}}, http.StatusCreated, &tab)
	return tab
}

func (c client) act(tab tableCreated, seat int, stance string) {
	c.t.Helper()
	c.do("POST", "/api/tables/"+tab.ID+"/actions", tab.Seats[seat].Token,
		map[string]any{"kind": "stance", "action": map[string]string{"stance": stance}}, http.StatusOK, nil)
}

func (c client) state(id, token string) tableState {
	c.t.Helper()
	var st tableState
	c.do("GET", "/api/tables/"+id, token, nil, http.StatusOK, &st)
	return st
}
