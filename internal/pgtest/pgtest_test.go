package pgtest

import (
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

func TestFindBinariesWithoutPostgreSQLIsErrNoBinaries(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	if dir, err := findBinaries(filepath.Join(t.TempDir(), "*", "bin")); !errors.Is(err, ErrNoBinaries) {
		t.Fatalf("findBinaries in an empty directory = %q, %v; want ErrNoBinaries", dir, err)
	}
}

func TestFindBinariesPicksTheNewestVersion(t *testing.T) {
	root := t.TempDir()
	t.Setenv("PATH", t.TempDir())
	for _, v := range []string{"9", "15", "13"} {
		bin := filepath.Join(root, v, "bin")
		if err := os.MkdirAll(bin, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{"initdb", "pg_ctl"} {
			if err := os.WriteFile(filepath.Join(bin, p), nil, 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	os.Remove(filepath.Join(root, "15", "bin", "pg_ctl")) // 15 is incomplete
	dir, err := findBinaries(filepath.Join(root, "*", "bin"))
	if want := filepath.Join(root, "13", "bin"); err != nil || dir != want {
		t.Fatalf("findBinaries = %q, %v; want %q", dir, err, want)
	}
}

// TestMissingPostgreSQLSkipsUnlessRequired runs a test that asks for the
// shared cluster on a machine without PostgreSQL (in a child process, whose
// shared cluster is its own): it is skipped, or, with
// TABLETOP_REQUIRE_POSTGRES=1 as CI sets it, it fails saying what to install.
func TestMissingPostgreSQLSkipsUnlessRequired(t *testing.T) {
	if os.Getenv("PGTEST_CHILD") == "1" {
		binGlob = filepath.Join(t.TempDir(), "*", "bin")
		t.Setenv("PATH", t.TempDir())
		Shared(t)
		t.Log("got a cluster without PostgreSQL")
		return
	}
	for _, tt := range []struct {
		require  string
		wantFail bool
		want     string
	}{
		{"", false, "--- SKIP"},
		{"1", true, "--- FAIL"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMissingPostgreSQLSkipsUnlessRequired$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), "PGTEST_CHILD=1", RequireEnv+"="+tt.require)
		out, err := cmd.CombinedOutput()
		if failed := err != nil; failed != tt.wantFail || !strings.Contains(string(out), tt.want) || !strings.Contains(string(out), "apt-get install postgresql") {
			t.Errorf("%s=%q without PostgreSQL: err %v, output:\n%s\nwant %s naming the package", RequireEnv, tt.require, err, out, tt.want)
		}
	}
}

// TestClusterListensOnLoopbackOnlyAndStopRemovesIt starts a cluster of its
// own (not the shared one), checks what it serves, and stops it.
func TestClusterListensOnLoopbackOnlyAndStopRemovesIt(t *testing.T) {
	Shared(t) // skips (or fails) without the binaries
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := Start(ctx)
	if err != nil {
		t.Fatal(err)
	}
	dsn, err := c.CreateDB(ctx)
	if err != nil {
		c.Stop()
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		c.Stop()
		t.Fatal(err)
	}
	var listen, db string
	err = conn.QueryRow(ctx, "SELECT current_setting('listen_addresses'), current_database()").Scan(&listen, &db)
	conn.Close(ctx)
	if err != nil || listen != "127.0.0.1" || db != "t1" {
		c.Stop()
		t.Fatalf("listen_addresses %q, database %q, err %v; want 127.0.0.1, t1", listen, db, err)
	}
	if _, err := os.Stat(filepath.Join(c.dir, ".s.PGSQL."+strconv.Itoa(c.port))); err != nil {
		c.Stop()
		t.Fatalf("the unix socket is not in the cluster's directory: %v", err)
	}
	if err := c.Stop(); err != nil {
		t.Fatalf("Stop: %v", err)
	}
	if _, err := os.Stat(c.dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("after Stop the directory %s is still there (%v)", c.dir, err)
	}
	if conn, err := net.DialTimeout("tcp", "127.0.0.1:"+strconv.Itoa(c.port), time.Second); err == nil {
		conn.Close()
		t.Errorf("after Stop something still listens on port %d", c.port)
	}
}

func TestDSNGivesEachTestItsOwnDatabase(t *testing.T) {
	ctx := context.Background()
	a, b := DSN(t), DSN(t)
	if a == b {
		t.Fatalf("two DSN calls gave the same database %s", a)
	}
	for _, dsn := range []string{a, b} {
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		_, err = conn.Exec(ctx, "CREATE TABLE x (n int)") // fails if the other made it here
		conn.Close(ctx)
		if err != nil {
			t.Fatalf("%s: %v", dsn, err)
		}
	}
}
