package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// serveOnce runs "tabletop serve" with args, expecting it to fail at once,
// and returns its exit status and what it printed on stderr. If it serves
// instead, it is stopped after 15 seconds and the test fails.
func serveOnce(t *testing.T, args ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut bytes.Buffer
	done := make(chan int, 1)
	go func() {
		done <- Run(ctx, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut}, append([]string{"serve"}, args...))
	}()
	select {
	case code := <-done:
		return code, errOut.String()
	case <-time.After(15 * time.Second):
		cancel()
		<-done
		t.Fatalf("serve %v did not fail but served: %s", args, out.String())
		return 0, ""
	}
}

// TestOneServerPerDatabase_BusyPortFailsBeforeAnyFile checks that serve on a
// port already taken fails with a clear message and creates no file: it
// listens before it opens the database.
func TestOneServerPerDatabase_BusyPortFailsBeforeAnyFile(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	dir := t.TempDir()
	code, stderr := serveOnce(t, "--addr", ln.Addr().String(), "--db", filepath.Join(dir, "t.db"))
	if code == 0 || !strings.Contains(stderr, "listen on "+ln.Addr().String()) {
		t.Fatalf("serve on a busy port: exit %d, stderr %q; want a failure saying it cannot listen", code, stderr)
	}
	if files, _ := os.ReadDir(dir); len(files) != 0 {
		t.Fatalf("serve on a busy port left files behind: %v", files)
	}
}

// TestOneServerPerDatabase_SecondServeRefuses checks that a second serve on
// a database that a running server has open refuses to start, saying why.
func TestOneServerPerDatabase_SecondServeRefuses(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	first := &Main{Addr: "127.0.0.1:0", DB: db, Games: registry()}
	if err := first.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	code, stderr := serveOnce(t, "--addr", "127.0.0.1:0", "--db", db)
	if code == 0 || !strings.Contains(stderr, "another tabletop serve") {
		t.Fatalf("a second serve on the same database: exit %d, stderr %q; want a refusal naming another tabletop serve", code, stderr)
	}
}

// TestWebHygiene_ServeLinksToItsListenAddressNotTheHostHeader checks that
// serve's invite links start with the address it listens on when no
// --public-url is given, whatever Host the request names, and with
// --public-url when it is.
func TestWebHygiene_ServeLinksToItsListenAddressNotTheHostHeader(t *testing.T) {
	for _, public := range []string{"", "https://games.example.org"} {
		m := &Main{Addr: "127.0.0.1:0", DB: filepath.Join(t.TempDir(), "t.db"), Games: registry(), PublicURL: public}
		if err := m.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		want := public
		if want == "" {
			want = m.URL()
		}
		req, _ := http.NewRequest("POST", m.URL()+"/new/duel", strings.NewReader("seat0.who=person&seat1.who=person"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Host = "evil.example"
		// The form redirects to the invite links (post/redirect/get): get
		// them with the same Host.
		noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := noFollow.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusSeeOther {
			t.Fatalf("public URL %q: new table = %d, want a 303 to its invite links", public, resp.StatusCode)
		}
		req, _ = http.NewRequest("GET", m.URL()+resp.Header.Get("Location"), nil)
		req.Host = "evil.example"
		if resp, err = noFollow.Do(req); err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		m.Close()
		if resp.StatusCode != http.StatusOK || strings.Contains(string(body), "evil.example") || !strings.Contains(string(body), ">"+want+"/t/") {
			t.Fatalf("public URL %q: new table = %d; want links at %s and no evil.example:\n%s", public, resp.StatusCode, want, body)
		}
	}
}
