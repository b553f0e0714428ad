-- The tables created in the last hour, by client address
-- (store.CreationCounter): the caps on table creation count here, so that
-- they hold across all the instances. Rows older than an hour are deleted
-- as creations are counted.
CREATE TABLE creations (
    client text NOT NULL,
    at     timestamptz NOT NULL
);
CREATE INDEX creations_at ON creations (at);
CREATE INDEX creations_client ON creations (client, at);
