package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"tabletop/internal/pgtest"
)

// startCapped starts a server instance on the shared database dsn with the
// table-creation caps perClient and perHour (-1: none).
func startCapped(t *testing.T, dsn string, perClient, perHour int) client {
	t.Helper()
	m := &Main{Addr: "127.0.0.1:0", DB: dsn, Games: registry(), ActionRate: -1, ClientRate: -1,
		TablesPerClient: perClient, TablesPerHour: perHour, Logger: slog.New(slog.DiscardHandler)}
	if err := m.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return client{t: t, url: m.URL()}
}

// createRefused posts a new duel table to c and checks that it is refused
// with status want and error code code.
func createRefused(t *testing.T, c client, want int, code string) {
	t.Helper()
	body := `{"game":"duel","options":{"rounds":"1"},"seats":[{"name":"Ann"},{"name":"Bo"}]}`
	resp, err := http.Post(c.url+"/api/tables", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want || !strings.Contains(string(got), code) {
		t.Fatalf("POST /api/tables = %d %s, want %d %s", resp.StatusCode, got, want, code)
	}
}

// TestInstances_TablesPerClientCapHoldsAcrossInstances has one client
// create tables on two instances of one database in turn: the cap per
// client counts them all, not each instance's alone.
func TestInstances_TablesPerClientCapHoldsAcrossInstances(t *testing.T) {
	dsn := pgtest.DSN(t)
	a, b := startCapped(t, dsn, 3, -1), startCapped(t, dsn, 3, -1)
	a.create("1")
	b.create("1")
	a.create("1")
	createRefused(t, b, http.StatusTooManyRequests, "too_many_tables")
	createRefused(t, a, http.StatusTooManyRequests, "too_many_tables")
}

// TestInstances_TablesPerHourCapHoldsAcrossInstances is the cap in total
// on two instances of one database: once the tables created on both reach
// it, both refuse more.
func TestInstances_TablesPerHourCapHoldsAcrossInstances(t *testing.T) {
	dsn := pgtest.DSN(t)
	a, b := startCapped(t, dsn, -1, 3), startCapped(t, dsn, -1, 3)
	b.create("1")
	a.create("1")
	b.create("1")
	createRefused(t, a, http.StatusServiceUnavailable, "server_full")
	createRefused(t, b, http.StatusServiceUnavailable, "server_full")
}
