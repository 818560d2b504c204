-- A one-item write costs what it changes in WAL too. A replica receives every byte of WAL, and a
-- write to one account of a long feed wrote about 27 KB of it: the item's chunk
-- (`feed_head_chunks.refs`, 256 `["id","digest"]` pairs, about 22 KB out of line) was written
-- whole again, into new TOAST rows, for its one changed pair. The pairs are already rows — one
-- per item in `feed_head_items`, with its digest — so a chunk now keeps only its digest, which a
-- write computes from its items' rows (an ordered aggregate over at most 256 rows, found through
-- the index below): a one-item write updates one item row and one small chunk row, both in
-- place (HOT: no indexed column changes), and its WAL stays under 4 KB at any feed size.
--
-- Each item row gets its place in its section (`position`), which orders a chunk's pairs; its
-- chunk is `position / 256`. The heads there are converted, not dropped: each item's place is
-- read from its chunk's pairs, and every chunk digest is computed again from the rows and
-- compared, so a head kept is exactly one the new writes keep. A head whose rows and chunks
-- disagree (none should) is dropped: a head is a cache the next write of its owner draws again.

ALTER TABLE feed_head_items ADD COLUMN position integer;

UPDATE feed_head_items i SET position = c.chunk * 256 + pair.n - 1
FROM feed_head_chunks c
CROSS JOIN LATERAL jsonb_array_elements(('[' || c.refs || ']')::jsonb) WITH ORDINALITY
  AS pair (value, n)
WHERE i.owner_id = c.owner_id AND i.screen = c.screen AND i.section_id = c.section_id
  AND i.chunk = c.chunk AND i.item_id = pair.value ->> 0 AND i.digest = pair.value ->> 1;

DELETE FROM feed_heads h WHERE EXISTS (
  SELECT FROM feed_head_items i
  WHERE i.owner_id = h.owner_id AND i.screen = h.screen AND i.position IS NULL);

ALTER TABLE feed_head_items ALTER COLUMN position SET NOT NULL,
  ADD CONSTRAINT feed_head_items_chunk CHECK (position >= 0 AND chunk = position / 256);

-- A chunk's items, for its digest and for a small section read whole. Many items share a key, so
-- the index keeps one entry per chunk with the list of its rows (B-tree deduplication): a few
-- kilobytes for a 100,000-item head. It is led by the section, not the owner: an index whose
-- first columns are the owner and screen serves a lookup of one item by its key (SQL/011) as
-- well as the primary key does as far as the planner can tell while the table's statistics are
-- those of an empty one, and being smaller, this one was chosen, reading every row of the head.
CREATE INDEX feed_head_items_chunk ON feed_head_items (section_id, chunk, owner_id, screen);

-- Both tables are updated in place by every patched write: a row whose page has room for its new
-- version is updated there (HOT), with no index entry, and a page filled to the brim has none.
-- The rows written from now on leave that room (the chunks written below too); the items of a
-- head kept here get it when their head is next written whole.
ALTER TABLE feed_head_items SET (fillfactor = 90);
ALTER TABLE feed_head_chunks SET (fillfactor = 50);

-- Every chunk's digest computed from its rows, and a head any of whose chunks has another drops
-- (none should). The chunks are then written anew from those digests: the table is emptied
-- rather than its `refs` dropped in place, which would leave each chunk's 22 KB of TOAST for its
-- first update to delete.
CREATE TEMPORARY TABLE computed_chunks ON COMMIT DROP AS
SELECT owner_id, screen, section_id, chunk,
  encode(sha256(textsend(
    '[' || string_agg('["' || item_id || '","' || digest || '"]', ',' ORDER BY position) || ']')),
    'hex') AS digest
FROM feed_head_items GROUP BY owner_id, screen, section_id, chunk;

DELETE FROM feed_heads h USING (
  SELECT owner_id, screen FROM feed_head_chunks c
  FULL JOIN computed_chunks computed USING (owner_id, screen, section_id, chunk)
  WHERE computed.digest IS DISTINCT FROM c.digest) AS disagreeing
WHERE h.owner_id = disagreeing.owner_id AND h.screen = disagreeing.screen;

DROP TRIGGER feed_head_chunk_digest ON feed_head_chunks;
DROP FUNCTION feed_head_chunk_digest();
TRUNCATE feed_head_chunks;
ALTER TABLE feed_head_chunks DROP COLUMN refs;
INSERT INTO feed_head_chunks (owner_id, screen, section_id, chunk, digest)
SELECT computed.owner_id, computed.screen, computed.section_id, computed.chunk, computed.digest
FROM computed_chunks computed JOIN feed_heads h USING (owner_id, screen);
