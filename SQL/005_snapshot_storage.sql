-- Snapshots that grow with what changed: every item node is stored once by content, and a
-- snapshot is a body of references — a checkpoint (the whole tree of sections → item digests)
-- or a delta against the owner's previous snapshot of the same screen — with a change summary
-- so history is listed without rebuilding a document.

CREATE TABLE feed_items (
  -- The item's content digest: it covers everything but the item's id, which the snapshot keeps.
  digest text PRIMARY KEY
    CONSTRAINT feed_items_digest_syntax CHECK (digest ~ '^[0-9a-f]{64}$'),
  -- The item node without "id" and "digest".
  node jsonb NOT NULL
);

ALTER TABLE feed_snapshots
  ADD COLUMN screen text NOT NULL DEFAULT 'home'
    CONSTRAINT feed_snapshots_screen_syntax CHECK (screen ~ '^[a-z][a-z0-9_-]{0,63}$'),
  -- NULL for a checkpoint; otherwise the sequence of the owner's previous snapshot of the same
  -- screen, which `body` describes the changes against.
  ADD COLUMN base_sequence bigint,
  ADD COLUMN body jsonb,
  -- Bytes of the deltas since the last checkpoint, this one included (0 for a checkpoint).
  ADD COLUMN chain_bytes integer NOT NULL DEFAULT 0,
  ADD COLUMN chain_length integer NOT NULL DEFAULT 0,
  -- What changed against the previous snapshot of the screen; NULL for snapshots taken before
  -- this migration, whose summary is worked out when history is read.
  ADD COLUMN added integer,
  ADD COLUMN changed integer,
  ADD COLUMN removed integer,
  ADD COLUMN moved integer;

-- Existing snapshots become checkpoints, their items moving to feed_items.
INSERT INTO feed_items (digest, node)
SELECT DISTINCT ON (item ->> 'digest') item ->> 'digest', item - 'id' - 'digest'
FROM feed_snapshots,
  jsonb_array_elements(CASE jsonb_typeof(document -> 'sections')
    WHEN 'array' THEN document -> 'sections' ELSE '[]' END) AS section,
  jsonb_array_elements(CASE jsonb_typeof(section -> 'items')
    WHEN 'array' THEN section -> 'items' ELSE '[]' END) AS item
WHERE item ->> 'digest' ~ '^[0-9a-f]{64}$'
ON CONFLICT (digest) DO NOTHING;

UPDATE feed_snapshots SET body = jsonb_build_object(
  'top', (document - 'sections' - 'digest')::text,
  'sections', (
    SELECT coalesce(jsonb_agg(jsonb_build_object(
      'id', section ->> 'id',
      'digest', section ->> 'digest',
      'shell', (section - 'items' - 'digest')::text,
      'items', (
        SELECT coalesce(jsonb_agg(jsonb_build_array(item ->> 'id', item ->> 'digest')
          ORDER BY position), '[]')
        FROM jsonb_array_elements(section -> 'items') WITH ORDINALITY AS items (item, position)))
      ORDER BY position), '[]')
    FROM jsonb_array_elements(CASE jsonb_typeof(document -> 'sections')
      WHEN 'array' THEN document -> 'sections' ELSE '[]' END)
      WITH ORDINALITY AS sections (section, position)));

ALTER TABLE feed_snapshots DROP COLUMN document, ALTER COLUMN body SET NOT NULL;

-- History of one screen, and a client's catch-up from the digest it holds.
CREATE INDEX feed_snapshots_screen ON feed_snapshots (owner_id, screen, sequence);
CREATE INDEX feed_snapshots_digest ON feed_snapshots (owner_id, digest);
