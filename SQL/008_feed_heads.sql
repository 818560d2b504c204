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
-- the statement triggers below in the same transaction as the accounts they add up.
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

-- Adds the rows of one statement (each account once, +1 and its balance, or -1 and minus its
-- balance) to the sums. An owner being removed is left alone: its sums go with it. PL/pgSQL, so
-- its two statements are planned once per session rather than on every call.
CREATE FUNCTION account_sums_add(
  changed_owners text[], changed_currencies text[], changed_hidden boolean[],
  changed_counts bigint[], changed_balances numeric[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_sums AS s (owner_id, currency, hidden, accounts, balance)
  SELECT c.owner_id, c.currency, c.hidden, sum(c.accounts), sum(c.balance)
  FROM unnest(changed_owners, changed_currencies, changed_hidden, changed_counts,
    changed_balances) AS c (owner_id, currency, hidden, accounts, balance)
  WHERE EXISTS (SELECT 1 FROM owners WHERE id = c.owner_id)
  GROUP BY c.owner_id, c.currency, c.hidden
  HAVING sum(c.accounts) <> 0 OR sum(c.balance) <> 0
  ON CONFLICT (owner_id, currency, hidden) DO UPDATE
    SET accounts = s.accounts + excluded.accounts, balance = s.balance + excluded.balance;
  DELETE FROM account_sums s
  USING unnest(changed_owners, changed_currencies, changed_hidden) AS c (owner_id, currency, hidden)
  WHERE s.owner_id = c.owner_id AND s.currency = c.currency AND s.hidden = c.hidden
    AND s.accounts = 0;
END
$$;

CREATE FUNCTION account_sums_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM account_sums_add(array_agg(owner_id), array_agg(currency), array_agg(hidden),
      array_agg(1::bigint), array_agg(balance_minor::numeric))
    FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM account_sums_add(array_agg(owner_id), array_agg(currency), array_agg(hidden),
      array_agg(-1::bigint), array_agg(-balance_minor::numeric))
    FROM old_rows;
  ELSE
    PERFORM account_sums_add(array_agg(owner_id), array_agg(currency), array_agg(hidden),
      array_agg(change), array_agg(balance))
    FROM (
      SELECT owner_id, currency, hidden, 1::bigint AS change, balance_minor::numeric AS balance
      FROM new_rows
      UNION ALL
      SELECT owner_id, currency, hidden, -1, -balance_minor FROM old_rows) AS changes;
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
