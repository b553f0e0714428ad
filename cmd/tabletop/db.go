package main

import (
	"context"
	"net/url"
	"os"

	"tabletop/store"
	"tabletop/store/postgres"
	"tabletop/store/sqlite"
)

// dbEnv names the environment variable that gives --db its default.
const dbEnv = "TABLETOP_DB"

// dbUsage is the help text of every --db flag.
const dbUsage = "the database: an SQLite file (created if missing) or a postgres://user:password@host/db URL; default $" + dbEnv + ", else tabletop.db"

// defaultDB is $TABLETOP_DB, else the SQLite file tabletop.db.
func defaultDB() string {
	if db := os.Getenv(dbEnv); db != "" {
		return db
	}
	return "tabletop.db"
}

// openStore opens the store db names: a PostgreSQL database for a
// postgres:// URL (its migrations applied), else an SQLite file (syncFull
// and walLimit apply to SQLite alone; walLimit 0 is its default).
func openStore(ctx context.Context, db string, syncFull bool, walLimit int64) (store.Store, error) {
	return openStoreWith(ctx, db, sqlite.Options{SyncFull: syncFull, WALLimit: walLimit})
}

// openStoreWith is openStore with every SQLite option (which a PostgreSQL
// database ignores).
func openStoreWith(ctx context.Context, db string, opts sqlite.Options) (store.Store, error) {
	if postgres.IsDSN(db) {
		return postgres.Open(ctx, db)
	}
	return sqlite.Open(db, opts)
}

// showDB is db as it may be printed: a URL's password is masked.
func showDB(db string) string {
	if !postgres.IsDSN(db) {
		return db
	}
	u, err := url.Parse(db)
	if err != nil {
		return "postgres://…" // unparsable: print nothing of it
	}
	return u.Redacted()
}
