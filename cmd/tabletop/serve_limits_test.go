package main

import (
	"bytes"
	"context"
	"net"
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
