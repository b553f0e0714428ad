// Package pgtest starts a throwaway PostgreSQL cluster for tests: initdb and
// pg_ctl (Debian's postgresql package) in a temporary directory, listening
// on a free port on 127.0.0.1 only, with its unix socket in that directory
// too. Running as root, it runs them as the unprivileged postgres account,
// since initdb refuses root.
//
// A test package that uses it runs its tests through Main, which stops the
// cluster and removes its directory once they are done:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
//
// and each test asks for a database of its own with DSN. The cluster starts
// on the first call, once per test binary. Without the binaries the test is
// skipped, or fails when TABLETOP_REQUIRE_POSTGRES=1 (as CI sets it).
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// RequireEnv is the environment variable that makes missing PostgreSQL
// binaries a failure instead of a skip.
const RequireEnv = "TABLETOP_REQUIRE_POSTGRES"

// stepTimeout bounds each of initdb, start and stop.
const stepTimeout = 60 * time.Second

// binGlob is where Start looks for the binaries first (Debian's layout);
// a variable for the tests.
var binGlob = "/usr/lib/postgresql/*/bin"

// ErrNoBinaries is returned by Start when initdb and pg_ctl are not found.
var ErrNoBinaries = errors.New("pgtest: PostgreSQL's initdb and pg_ctl are not installed (apt-get install postgresql)")

// Cluster is a running throwaway PostgreSQL server.
type Cluster struct {
	bin  string // the directory holding initdb, pg_ctl
	dir  string // the temporary directory: data/, the socket, the log
	port int
	as   string // the account the server runs as, "" for the current one
	dbs  atomic.Int64
}

// Start initializes a cluster in a new temporary directory and starts it.
// Stop stops it and removes the directory.
func Start(ctx context.Context) (*Cluster, error) {
	bin, err := findBinaries(binGlob)
	if err != nil {
		return nil, err
	}
	c := &Cluster{bin: bin}
	if os.Geteuid() == 0 {
		c.as = "postgres"
	}
	c.dir, err = os.MkdirTemp("", "tabletop-pg-")
	if err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	if err := c.chown(); err != nil {
		os.RemoveAll(c.dir)
		return nil, err
	}
	if err := c.run(ctx, "initdb", "-D", c.data(), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"); err != nil {
		os.RemoveAll(c.dir)
		return nil, err
	}
	// Another process may take the free port between our probe and the
	// server's bind: try a few.
	for range 3 {
		if c.port, err = freePort(); err != nil {
			break
		}
		opts := strings.Join([]string{
			"-c listen_addresses=127.0.0.1", "-p " + strconv.Itoa(c.port), "-k " + c.dir,
			// A throwaway cluster need not survive a crash: skip the fsyncs.
			"-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off",
			"-c max_connections=200",
		}, " ")
		if err = c.run(ctx, "pg_ctl", "-D", c.data(), "-l", filepath.Join(c.dir, "log"), "-o", opts, "-w", "-t", "30", "start"); err == nil {
			return c, nil
		}
	}
	os.RemoveAll(c.dir)
	return nil, err
}

// Stop stops the server (immediately: nothing in it is kept) and removes its
// directory.
func (c *Cluster) Stop() error {
	ctx, cancel := context.WithTimeout(context.Background(), stepTimeout)
	defer cancel()
	err := c.run(ctx, "pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "-t", "30", "stop")
	return errors.Join(err, os.RemoveAll(c.dir))
}

// URL returns the connection string of database db.
func (c *Cluster) URL(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.port, db)
}

// CreateDB creates a new, empty database and returns its connection string.
func (c *Cluster) CreateDB(ctx context.Context) (string, error) {
	name := fmt.Sprintf("t%d", c.dbs.Add(1))
	conn, err := pgx.Connect(ctx, c.URL("postgres"))
	if err != nil {
		return "", fmt.Errorf("pgtest: %w", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		return "", fmt.Errorf("pgtest: create database %s: %w", name, err)
	}
	return c.URL(name), nil
}

func (c *Cluster) data() string { return filepath.Join(c.dir, "data") }

// chown gives the temporary directory to the account the server runs as.
func (c *Cluster) chown() error {
	if c.as == "" {
		return nil
	}
	u, err := user.Lookup(c.as)
	if err != nil {
		return fmt.Errorf("pgtest: running as root, and initdb refuses root: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := os.Chown(c.dir, uid, gid); err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	return nil
}

// run runs one of the cluster's programs (as c.as when set), bounded by
// stepTimeout, and returns its output with the error.
func (c *Cluster) run(ctx context.Context, prog string, args ...string) error {
	ctx, cancel := context.WithTimeout(ctx, stepTimeout)
	defer cancel()
	path := filepath.Join(c.bin, prog)
	var cmd *exec.Cmd
	if c.as != "" {
		cmd = exec.CommandContext(ctx, "runuser", append([]string{"-u", c.as, "--", path}, args...)...)
	} else {
		cmd = exec.CommandContext(ctx, path, args...)
	}
	cmd.Dir = c.dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		log, _ := os.ReadFile(filepath.Join(c.dir, "log"))
		return fmt.Errorf("pgtest: %s: %w\n%s%s", prog, err, out, log)
	}
	return nil
}

// findBinaries returns the directory holding both initdb and pg_ctl: the
// newest of those matching glob (Debian's /usr/lib/postgresql/N/bin), else
// that of initdb on PATH.
func findBinaries(glob string) (string, error) {
	dirs, _ := filepath.Glob(glob)
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	if p, err := exec.LookPath("initdb"); err == nil {
		dirs = append(dirs, filepath.Dir(p))
	}
	for _, d := range dirs {
		if isFile(filepath.Join(d, "initdb")) && isFile(filepath.Join(d, "pg_ctl")) {
			return d, nil
		}
	}
	return "", ErrNoBinaries
}

// version is the major version in /usr/lib/postgresql/N/bin.
func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("pgtest: %w", err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// The cluster shared by the tests of one test binary.
var shared struct {
	sync.Mutex
	main    bool // Main is running the tests
	started bool
	c       *Cluster
	err     error
}

// Main runs the tests of a package (m.Run) and then stops the shared
// cluster, if a test started it. Call it from TestMain.
func Main(m *testing.M) int {
	shared.Lock()
	shared.main = true
	shared.Unlock()
	code := m.Run()
	shared.Lock()
	defer shared.Unlock()
	if shared.c != nil {
		if err := shared.c.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			if code == 0 {
				code = 1
			}
		}
		shared.c = nil
	}
	return code
}

// Shared returns the test binary's cluster, starting it on first use. It
// skips tb when PostgreSQL is not installed, unless TABLETOP_REQUIRE_POSTGRES=1.
func Shared(tb testing.TB) *Cluster {
	tb.Helper()
	shared.Lock()
	defer shared.Unlock()
	if !shared.main {
		tb.Fatal("pgtest: the package's TestMain must run its tests through pgtest.Main, which stops the cluster")
	}
	if !shared.started {
		shared.started = true
		ctx, cancel := context.WithTimeout(context.Background(), 3*stepTimeout)
		shared.c, shared.err = Start(ctx)
		cancel()
	}
	switch {
	case errors.Is(shared.err, ErrNoBinaries) && os.Getenv(RequireEnv) != "1":
		tb.Skipf("%v; set %s=1 to fail instead", shared.err, RequireEnv)
	case shared.err != nil:
		tb.Fatal(shared.err)
	}
	return shared.c
}

// DSN returns the connection string of a new, empty database in the shared
// cluster (see Shared).
func DSN(tb testing.TB) string {
	tb.Helper()
	c := Shared(tb)
	ctx, cancel := context.WithTimeout(context.Background(), stepTimeout)
	defer cancel()
	dsn, err := c.CreateDB(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	return dsn
}
