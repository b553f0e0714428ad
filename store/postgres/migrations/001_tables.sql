-- Tables and their append-only logs, as in the SQLite store. The seed is
-- secret until the game is over; the server never sends it out before then.
-- JSON columns are text, not jsonb: they come back byte for byte as written.
CREATE TABLE tables (
    id            text PRIMARY KEY,
    game          text NOT NULL,
    rules_version text NOT NULL,
    options       text NOT NULL,               -- JSON engine.Options
    seats         text NOT NULL,               -- JSON []engine.SeatInfo
    seed          text NOT NULL,               -- hex, secret until the end
    commitment    text NOT NULL,               -- hex sha256(seed), public
    setup_dice    text NOT NULL,               -- JSON []dice.Draw
    token_hashes  bytea[] NOT NULL,            -- per seat: sha256(token), or NULL for a bot's seat
    listed        boolean NOT NULL,            -- shown in the lobby
    seq           integer NOT NULL DEFAULT 0,  -- entries in the log
    outcome       text,                        -- NULL until the game is over
    created       timestamptz NOT NULL,
    updated       timestamptz NOT NULL
);

CREATE INDEX tables_open ON tables (updated) WHERE listed AND outcome IS NULL;

-- The primary key is what makes appends optimistic: two appends at the same
-- sequence number cannot both insert their entry.
CREATE TABLE entries (
    table_id text NOT NULL REFERENCES tables (id),
    seq      integer NOT NULL,                 -- 1-based position in the log
    entry    text NOT NULL,                    -- JSON engine.Entry
    PRIMARY KEY (table_id, seq)
);

-- The latest snapshot of each table (engine.Snapshot). Like the seed, it
-- holds every secret of the game; it never leaves the server.
CREATE TABLE snapshots (
    table_id      text PRIMARY KEY REFERENCES tables (id),
    seq           integer NOT NULL,
    rules_version text NOT NULL,
    state         bytea NOT NULL,
    dice          bytea NOT NULL,
    sum           text NOT NULL
);
