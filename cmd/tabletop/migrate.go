package main

import (
	"context"
	"fmt"

	"tabletop/engine"
	"tabletop/store/postgres"
	"tabletop/store/sqlite"
)

func init() {
	register("migrate", "bring a database's schema up to date: tabletop migrate [--db tabletop.db|postgres://…]", runMigrate)
}

func runMigrate(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "migrate", "[--db FILE|URL]\n\nApplies the schema migrations the database lacks and says which. serve\napplies them too when it starts; migrate lets an operator do it first, for\ninstance before starting several instances on a new PostgreSQL database.")
	db := fs.String("db", defaultDB(), dbUsage)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 0 {
		return usagef("migrate takes no arguments, got %q (try -h)", pos[0])
	}
	var applied []string
	if postgres.IsDSN(*db) {
		if applied, err = postgres.Migrate(ctx, *db); err != nil {
			return err
		}
	} else {
		// The SQLite store migrates when it opens.
		st, err := sqlite.Open(*db, sqlite.Options{})
		if err != nil {
			return err
		}
		applied = st.Migrated()
		if err := st.Close(); err != nil {
			return err
		}
	}
	for _, name := range applied {
		fmt.Fprintf(env.Stdout, "applied %s\n", name)
	}
	fmt.Fprintf(env.Stdout, "tabletop: %s is up to date (%s applied now)\n", showDB(*db), engine.Count(len(applied), "migration", "migrations"))
	return nil
}
