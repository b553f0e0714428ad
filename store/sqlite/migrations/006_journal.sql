-- The append journal: appends add their entries here, in the order they
-- commit, and the writer moves them into entries in bulk (a fold), so that
-- a commit dirties the few last pages of one table instead of a page of
-- each table's log and its tables row (see journal.go). A table's log is
-- its rows in entries followed by its rows here, and tables.seq and
-- tables.updated count only the folded ones. There is no index on
-- table_id: one would put each append back on a page of its own table;
-- the journal is scanned instead, and it holds Options.FoldRows rows and
-- one batch's more at most (unless folds fail).
CREATE TABLE journal (
    n        INTEGER PRIMARY KEY,   -- the order of appending
    table_id TEXT NOT NULL,
    seq      INTEGER NOT NULL,      -- 1-based position in the table's log
    entry    TEXT NOT NULL,         -- JSON engine.Entry
    at       INTEGER NOT NULL       -- unix milliseconds of the append
);
