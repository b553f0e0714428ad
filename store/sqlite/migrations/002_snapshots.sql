-- The latest snapshot of each table: its position after the first seq
-- entries of its log (engine.Snapshot), so that a long log is rebuilt from
-- there instead of from the start. Like the seed, it holds every secret of
-- the game; it never leaves the server.
CREATE TABLE snapshots (
    table_id      TEXT PRIMARY KEY REFERENCES tables (id),
    seq           INTEGER NOT NULL,
    rules_version TEXT NOT NULL,
    state         BLOB NOT NULL,
    dice          BLOB NOT NULL
) WITHOUT ROWID;
