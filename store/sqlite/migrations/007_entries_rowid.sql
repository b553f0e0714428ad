-- The tables' logs as one rowid table in the order of folding, found by
-- table through a unique index, instead of a table clustered by
-- (table_id, seq): a fold then adds its rows at the end of one tree, and
-- only the index's small cells go into each table's place (see journal.go).
-- The rows are copied once, in the log's order.
CREATE TABLE entries_by_fold (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seq      INTEGER NOT NULL,              -- 1-based position in the log
    entry    TEXT NOT NULL                  -- JSON engine.Entry
);
INSERT INTO entries_by_fold (table_id, seq, entry) SELECT table_id, seq, entry FROM entries ORDER BY table_id, seq;
DROP TABLE entries;
ALTER TABLE entries_by_fold RENAME TO entries;
CREATE UNIQUE INDEX entries_log ON entries (table_id, seq);
