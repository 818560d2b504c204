-- Writes that cost what they changed. The latest feed of a large screen is kept as rows, so a
-- write that changes a few items of a long feed updates a few rows and lets the database hash
-- the rest, instead of rebuilding the whole feed from its snapshot chain; and every owner's
-- balances are kept added up, so a total is read, not summed (see AccountStore+FeedHeads.swift).
--
-- A head is a cache of the screen's latest snapshot: it is used only while its sequence is the
-- screen's latest and it was drawn by the same layout (`renderer`), and the next write that
-- draws the whole feed rebuilds it otherwise. Nothing is lost by deleting it.

CREATE TABLE feed_heads (
  owner_id text NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  screen text NOT NULL,
  -- The snapshot this head is the feed of.
  sequence bigint NOT NULL,
  -- A fingerprint of the layout and formatting that drew it.
  renderer text NOT NULL,
  -- The document's own fields (JSON text) and its sections in order, without their items:
  -- [{"id", "shell", "digest"}].
  top text NOT NULL,
  sections jsonb NOT NULL,
  -- Bytes of the body of the chain's checkpoint, which decides when the chain is long enough
  -- for the next snapshot to be a checkpoint again.
  checkpoint_bytes integer NOT NULL,
  PRIMARY KEY (owner_id, screen)
);

-- Every item of a head: its section, the chunk it is written in, and its digest.
CREATE TABLE feed_head_items (
  owner_id text NOT NULL,
  screen text NOT NULL,
  item_id text NOT NULL,
  section_id text NOT NULL,
  chunk integer NOT NULL,
  digest text NOT NULL,
  PRIMARY KEY (owner_id, screen, item_id),
  FOREIGN KEY (owner_id, screen) REFERENCES feed_heads (owner_id, screen) ON DELETE CASCADE
);

CREATE INDEX feed_head_items_section ON feed_head_items (owner_id, screen, section_id);

-- A head's sections as their digests list them, in chunks of consecutive items: each chunk's
-- `["id","digest"]` pairs joined by commas, so a long section is hashed from a few rows and a
-- changed item rewrites one chunk.
CREATE TABLE feed_head_chunks (
  owner_id text NOT NULL,
  screen text NOT NULL,
  section_id text NOT NULL,
  chunk integer NOT NULL,
  refs text NOT NULL,
  PRIMARY KEY (owner_id, screen, section_id, chunk),
  FOREIGN KEY (owner_id, screen) REFERENCES feed_heads (owner_id, screen) ON DELETE CASCADE
);

-- Every owner's balances added up per currency, hidden accounts apart from shown ones, kept by
-- the statement triggers below in the same transaction as the accounts they add up. A row with
-- `accounts = 0` stands for no account.
CREATE TABLE account_sums (
  owner_id text NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  currency text NOT NULL,
  hidden boolean NOT NULL,
  accounts bigint NOT NULL,
  balance numeric NOT NULL,
  PRIMARY KEY (owner_id, currency, hidden)
);

INSERT INTO account_sums (owner_id, currency, hidden, accounts, balance)
SELECT owner_id, currency, hidden, count(*), sum(balance_minor)
FROM accounts GROUP BY owner_id, currency, hidden;

-- Follows one statement on accounts: each new row adds itself (+1 and its balance) to its
-- owner's sum for its currency and visibility, and each old row takes itself away. A sum left
-- with no account stays, at zero (readers skip it), so a write never pays for deleting it; an
-- owner being removed takes its sums with it. Written out
-- per operation (a transition table exists only for the operations that have it), so a
-- one-account write costs one upsert.
CREATE FUNCTION account_sums_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO account_sums AS s (owner_id, currency, hidden, accounts, balance)
    SELECT owner_id, currency, hidden, count(*), sum(balance_minor) FROM new_rows
    GROUP BY owner_id, currency, hidden
    ON CONFLICT (owner_id, currency, hidden) DO UPDATE
      SET accounts = s.accounts + excluded.accounts, balance = s.balance + excluded.balance;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE account_sums s SET accounts = s.accounts - c.accounts, balance = s.balance - c.balance
    FROM (SELECT owner_id, currency, hidden, count(*) AS accounts, sum(balance_minor) AS balance
      FROM old_rows GROUP BY owner_id, currency, hidden) c
    WHERE s.owner_id = c.owner_id AND s.currency = c.currency AND s.hidden = c.hidden;
  ELSE
    INSERT INTO account_sums AS s (owner_id, currency, hidden, accounts, balance)
    SELECT owner_id, currency, hidden, sum(change), sum(balance)
    FROM (
      SELECT owner_id, currency, hidden, 1 AS change, balance_minor::numeric AS balance
      FROM new_rows
      UNION ALL
      SELECT owner_id, currency, hidden, -1, -balance_minor FROM old_rows) AS changes
    GROUP BY owner_id, currency, hidden
    HAVING sum(change) <> 0 OR sum(balance) <> 0
    ON CONFLICT (owner_id, currency, hidden) DO UPDATE
      SET accounts = s.accounts + excluded.accounts, balance = s.balance + excluded.balance;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER account_sums_insert AFTER INSERT ON accounts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION account_sums_follow();
CREATE TRIGGER account_sums_update AFTER UPDATE ON accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION account_sums_follow();
CREATE TRIGGER account_sums_delete AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION account_sums_follow();

-- Snapshot bodies and item nodes are read and written only whole, by this program, as compact
-- JSON text: stored as text they take the bytes the program wrote (jsonb's binary form took
-- about a third more, and returned its own spacing).
ALTER TABLE feed_snapshots ALTER COLUMN body TYPE text USING body::text;
ALTER TABLE feed_items ALTER COLUMN node TYPE text USING node::text;
