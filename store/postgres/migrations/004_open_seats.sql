-- The seats anyone may join from the lobby (store.Table.Open), emptied as
-- people join.
ALTER TABLE tables ADD COLUMN open_seats integer[] NOT NULL DEFAULT '{}';
