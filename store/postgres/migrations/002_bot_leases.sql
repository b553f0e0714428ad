-- Which server instance plays each table's bots, and until when: an
-- instance renews its lease at every bot turn; once it runs out (the
-- instance died) another takes it over.
CREATE TABLE bot_leases (
    table_id text PRIMARY KEY REFERENCES tables (id),
    holder   text NOT NULL,
    expires  timestamptz NOT NULL
);
