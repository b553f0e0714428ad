-- Each snapshot's checksum (engine.Snapshot.Sum), so that a snapshot damaged
-- in storage is refused instead of played on from. Snapshots saved before
-- have none: the server replays those tables' whole logs once, and the next
-- snapshot it takes has one.
ALTER TABLE snapshots ADD COLUMN sum TEXT NOT NULL DEFAULT '';
