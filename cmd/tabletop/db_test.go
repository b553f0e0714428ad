package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tabletop/internal/duel"
	"tabletop/internal/pgtest"
	"tabletop/store/postgres"
)

// TestMain_TwoInstancesOnPostgresServeOneTable is two servers on one
// PostgreSQL database: a table made and played on one is served by the
// other.
func TestMain_TwoInstancesOnPostgresServeOneTable(t *testing.T) {
	dsn := pgtest.DSN(t)
	var c [2]client
	for i := range c {
		m := &Main{Addr: "127.0.0.1:0", DB: dsn, Games: registry()}
		if err := m.Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { m.Close() })
		c[i] = client{t: t, url: m.URL()}
	}
	tab := c[0].create("2")
	c[0].act(tab, 0, duel.Attack)
	c[0].act(tab, 1, duel.Guard)
	if st := c[1].state(tab.ID, ""); st.Seq != 2 {
		t.Fatalf("the second instance: seq %d after two actions on the first, want 2", st.Seq)
	}
}

func TestServe_TakesTheDatabaseFromTABLETOP_DB(t *testing.T) {
	db := filepath.Join(t.TempDir(), "from-env.db")
	t.Setenv(dbEnv, db)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- Run(ctx, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut}, []string{"serve", "--addr", "127.0.0.1:0"})
	}()
	for i := 0; i < 500 && !strings.Contains(out.String(), "serving on"); i++ {
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	if code := <-done; code != 0 || !strings.Contains(out.String(), "(database "+db+")") {
		t.Fatalf("serve = %d, stdout %q, stderr %q; want it on %s", code, out.String(), errOut.String(), db)
	}
	if _, err := os.Stat(db); err != nil {
		t.Fatalf("no database at $%s: %v", dbEnv, err)
	}
}

// TestTABLETOP_DBMayNameAPostgresDatabase: with $TABLETOP_DB a postgres://
// URL and no --db, migrate applies the schema there and serve keeps its
// tables there.
func TestTABLETOP_DBMayNameAPostgresDatabase(t *testing.T) {
	dsn := pgtest.DSN(t)
	t.Setenv(dbEnv, dsn)
	if code, out, errOut := run(t, "", "migrate"); code != 0 || !strings.Contains(out, "applied 001_tables.sql") {
		t.Fatalf("migrate = %d, stdout %q, stderr %q; want the migrations applied to $%s", code, out, errOut, dbEnv)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errOut lockedBuffer
	done := make(chan int, 1)
	go func() {
		done <- Run(ctx, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut}, []string{"serve", "--addr", "127.0.0.1:0"})
	}()
	var url string
	for i := 0; i < 500 && url == ""; i++ {
		if m := servingRE.FindStringSubmatch(out.String()); m != nil {
			url = m[1]
		}
		time.Sleep(10 * time.Millisecond)
	}
	if url == "" || !strings.Contains(out.String(), "(database "+dsn+")") {
		cancel()
		t.Fatalf("serve: stdout %q, stderr %q; want it serving on $%s", out.String(), errOut.String(), dbEnv)
	}
	tab := client{t: t, url: url}.create("2")
	cancel()
	if code := <-done; code != 0 {
		t.Fatalf("serve = %d, stderr %q", code, errOut.String())
	}
	st, err := postgres.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := st.LoadTable(context.Background(), tab.ID); err != nil {
		t.Fatalf("the table made on serve is not in $%s: %v", dbEnv, err)
	}
}

func TestShowDBMasksThePassword(t *testing.T) {
	for _, tt := range []struct{ db, want string }{
		{"postgres://tt:secret@db.example:5432/tabletop?sslmode=require", "postgres://tt:xxxxx@db.example:5432/tabletop?sslmode=require"},
		{"postgresql://tt@db/tabletop", "postgresql://tt@db/tabletop"},
		{"tables.db", "tables.db"},
	} {
		if got := showDB(tt.db); got != tt.want || strings.Contains(got, "secret") {
			t.Errorf("showDB(%q) = %q, want %q", tt.db, got, tt.want)
		}
	}
}

func TestMigrate_AppliesThenFindsNothingToDo(t *testing.T) {
	dsn := pgtest.DSN(t)
	code, out, errOut := run(t, "", "migrate", "--db", dsn)
	if code != 0 || !strings.Contains(out, "applied 001_tables.sql") {
		t.Fatalf("migrate = %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, out, _ = run(t, "", "migrate", "--db", dsn)
	if code != 0 || strings.Contains(out, "applied 0") || !strings.Contains(out, "(0 migrations applied now)") {
		t.Fatalf("migrate again = %d, stdout %q; want nothing applied", code, out)
	}
	sqliteDB := filepath.Join(t.TempDir(), "t.db")
	if code, out, _ := run(t, "", "migrate", "--db", sqliteDB); code != 0 || !strings.Contains(out, "applied 001_tables.sql") || !strings.Contains(out, "is up to date") {
		t.Fatalf("migrate of a new SQLite file = %d, %q; want the migrations it applied", code, out)
	}
	if code, out, _ := run(t, "", "migrate", "--db", sqliteDB); code != 0 || strings.Contains(out, "applied 0") || !strings.Contains(out, "(0 migrations applied now)") {
		t.Fatalf("migrate of the SQLite file again = %d, %q; want nothing applied", code, out)
	}
}
