-- The latest feed of a large screen kept as rows, one per item, so a write that changes a few
-- items of a long feed updates a few rows and hashes the rest inside the database instead of
-- rebuilding the whole feed from its snapshot chain (see AccountStore+FeedHeads.swift).
--
-- A head is a cache of the screen's latest snapshot: it is used only while its sequence is the
-- screen's latest and it was drawn by the same layout (`renderer`), and it is rebuilt by the
-- next write that renders the whole feed otherwise. Nothing is lost by deleting it.

CREATE TABLE feed_heads (
  owner_id text NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  screen text NOT NULL,
  -- The snapshot this head is the feed of.
  sequence bigint NOT NULL,
  -- A fingerprint of the layout and formatting that drew it.
  renderer text NOT NULL,
  -- The document's own fields (JSON text) and its sections in order:
  -- [{"id", "shell", "digest"}], their items in feed_head_items.
  top text NOT NULL,
  sections jsonb NOT NULL,
  -- Bytes of the body of the chain's checkpoint, which decides when a delta chain is long
  -- enough for the next snapshot to be a checkpoint again.
  checkpoint_bytes integer NOT NULL,
  PRIMARY KEY (owner_id, screen)
);

CREATE TABLE feed_head_items (
  owner_id text NOT NULL,
  screen text NOT NULL,
  section_id text NOT NULL,
  -- Where the item stands in its section, from 0.
  ord integer NOT NULL,
  item_id text NOT NULL,
  digest text NOT NULL,
  PRIMARY KEY (owner_id, screen, item_id),
  FOREIGN KEY (owner_id, screen) REFERENCES feed_heads (owner_id, screen) ON DELETE CASCADE
);

CREATE INDEX feed_head_items_order ON feed_head_items (owner_id, screen, section_id, ord);
