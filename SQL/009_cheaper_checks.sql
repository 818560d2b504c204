-- The same syntax rules, written so PostgreSQL checks them in a fraction of the time.
--
-- A bounded repetition such as '^[0-9a-f]{64}$' makes PostgreSQL's regular-expression engine
-- count through every position of the bound: about 7 µs for each 64-hex digest, more than the
-- rest of inserting the row. Every item node, snapshot and head row a write stores carries one,
-- and every account a write updates is checked against '{0,31}' again. Each rule below says
-- exactly what it said before — the allowed characters by an unbounded class, the length by
-- octet_length (every allowed character is one byte, so bytes are characters) — and keeps its
-- name, which the store maps to the field it guards (AccountStoreError+Postgres.swift).
-- CheapCheckTests compares the old and new rules on the same strings.

ALTER TABLE owners
  DROP CONSTRAINT owners_id_syntax,
  ADD CONSTRAINT owners_id_syntax
    CHECK (id ~ '^[a-z0-9][a-z0-9_-]*$' AND octet_length(id) <= 64);

ALTER TABLE accounts
  DROP CONSTRAINT accounts_kind_syntax,
  ADD CONSTRAINT accounts_kind_syntax
    CHECK (kind ~ '^[a-z][a-z0-9_-]*$' AND octet_length(kind) <= 32);

ALTER TABLE feed_snapshots
  DROP CONSTRAINT feed_snapshots_label_syntax,
  ADD CONSTRAINT feed_snapshots_label_syntax
    CHECK (label IS NULL OR (label ~ '^[A-Za-z][A-Za-z0-9._-]*$' AND octet_length(label) <= 64)),
  DROP CONSTRAINT feed_snapshots_digest_syntax,
  ADD CONSTRAINT feed_snapshots_digest_syntax
    CHECK (octet_length(digest) = 64 AND digest !~ '[^0-9a-f]'),
  DROP CONSTRAINT feed_snapshots_screen_syntax,
  ADD CONSTRAINT feed_snapshots_screen_syntax
    CHECK (screen ~ '^[a-z][a-z0-9_-]*$' AND octet_length(screen) <= 64);

ALTER TABLE feed_items
  DROP CONSTRAINT feed_items_digest_syntax,
  ADD CONSTRAINT feed_items_digest_syntax
    CHECK (octet_length(digest) = 64 AND digest !~ '[^0-9a-f]');

ALTER TABLE access_tokens
  DROP CONSTRAINT access_tokens_secret_sha256_syntax,
  ADD CONSTRAINT access_tokens_secret_sha256_syntax
    CHECK (octet_length(secret_sha256) = 64 AND secret_sha256 !~ '[^0-9a-f]');
