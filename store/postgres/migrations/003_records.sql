-- Write-once records of the games' tools (store.Recorder): a key is
-- claimed once and its value never replaced, so that, say, a character's
-- species roll is the first one made for it.
CREATE TABLE records (
    key     text PRIMARY KEY,
    value   bytea NOT NULL,
    created timestamptz NOT NULL DEFAULT now()
);
