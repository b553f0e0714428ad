package main

import (
	"context"
	"fmt"

	"tabletop/store/postgres"
	"tabletop/store/sqlite"
)

func init() {
	register("backup", "copy a running server's SQLite database consistently: tabletop backup [--db tabletop.db] FILE", runBackup)
}

func runBackup(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "backup", "[--db FILE] NEW-FILE\n\nWrites a consistent, compacted copy of an SQLite database to NEW-FILE\n(SQLite's VACUUM INTO), also while tabletop serve runs on it: the copy is\none moment of the database. NEW-FILE must not exist. For PostgreSQL use\npg_dump (docs/operations.md).")
	db := fs.String("db", defaultDB(), "the SQLite file to copy; default $"+dbEnv+", else tabletop.db")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("backup takes one argument, the new file to write (try -h)")
	}
	if postgres.IsDSN(*db) {
		return usagef("backup copies SQLite files; back up PostgreSQL with pg_dump (docs/operations.md)")
	}
	if err := sqlite.Backup(ctx, *db, pos[0]); err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "tabletop: %s copied to %s\n", *db, pos[0])
	return nil
}
