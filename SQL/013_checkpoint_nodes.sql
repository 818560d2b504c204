-- A short feed's checkpoint carries its item nodes. Storing each node as a row of feed_items
-- cost a bulk snapshot most of its time: 1.1 million rows for 100,000 ten-account owners, each
-- an insert into a primary key of random digests after a lookup in it (about 12 of 30 seconds
-- of `snapshot --all`). A checkpoint of a feed too short to keep a head (fewer than 200 items,
-- see 008) now holds its nodes in `nodes` — a line per node in digest order: the digest, a
-- space, the node's compact JSON text — and stores no row in feed_items: a few kilobytes more
-- for that one row, compressed with lz4 where the server has it once the row is over 4 KB
-- (see below; 100,000 such rows copied in 8.7 s with pglz, the default, 4.9 s with lz4, and
-- 2.2 s without nodes; both compress them to the same size). Every other node is in
-- feed_items as before: those of deltas (a one-item change still adds one row), those of long
-- feeds, and every node of snapshots taken before this migration, which keep their NULL.
--
-- A snapshot's item nodes are therefore found in its chain: the nodes its checkpoint carries,
-- and feed_items for the rest. Only a checkpoint carries nodes, so `nodes` is NULL wherever
-- `base_sequence` is not (NOT VALID: every row written before has no nodes, so there is nothing
-- to check in them, and a large history is not read through under the table's lock).

ALTER TABLE feed_snapshots
  ADD COLUMN nodes text,
  ADD CONSTRAINT feed_snapshots_nodes_checkpoint CHECK (nodes IS NULL OR base_sequence IS NULL)
    NOT VALID;

-- Rows are left whole up to 4 KB. Past the default threshold of 2 KB, a ten-account
-- checkpoint's row (about 4 KB with its nodes) had its nodes compressed and then moved out of
-- line all the same: an insert into the TOAST table and its index per snapshot. Now a row
-- under 4 KB stays in its page uncompressed, and a longer one is compressed first, which
-- mostly keeps it in its page (the benchmark's 100,000 checkpoints copied in 3.5 s instead of
-- 4.5 s, at 2.7 KB a row instead of 2.4 KB).
ALTER TABLE feed_snapshots SET (toast_tuple_target = 4080);

-- A server built without lz4 keeps its default compression: the same values, stored more slowly.
DO $$
BEGIN
  ALTER TABLE feed_snapshots
    ALTER COLUMN nodes SET COMPRESSION lz4,
    ALTER COLUMN body SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
