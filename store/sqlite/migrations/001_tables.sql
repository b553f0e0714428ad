-- Tables and their append-only logs. The seed is secret until the game is
-- over; the server never sends it out before then.
CREATE TABLE tables (
    id            TEXT PRIMARY KEY,
    game          TEXT NOT NULL,
    rules_version TEXT NOT NULL,
    options       TEXT NOT NULL,            -- JSON engine.Options
    seats         TEXT NOT NULL,            -- JSON []engine.SeatInfo
    seed          TEXT NOT NULL,            -- hex, secret until the end
    commitment    TEXT NOT NULL,            -- hex sha256(seed), public
    setup_dice    TEXT NOT NULL,            -- JSON []dice.Draw
    token_hashes  TEXT NOT NULL,            -- JSON, per seat: hex sha256(token) or null
    listed        INTEGER NOT NULL,         -- 1: shown in the lobby
    seq           INTEGER NOT NULL DEFAULT 0, -- entries in the log
    outcome       TEXT,                     -- NULL until the game is over
    created       INTEGER NOT NULL,         -- unix milliseconds
    updated       INTEGER NOT NULL
);

CREATE INDEX tables_open ON tables (listed, updated) WHERE outcome IS NULL;

CREATE TABLE entries (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seq      INTEGER NOT NULL,              -- 1-based position in the log
    entry    TEXT NOT NULL,                 -- JSON engine.Entry
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
