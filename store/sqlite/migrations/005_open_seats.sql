-- The seats anyone may join from the lobby (store.Table.Open): a JSON array
-- of seat indexes, emptied as people join.
ALTER TABLE tables ADD COLUMN open_seats TEXT NOT NULL DEFAULT '[]';
