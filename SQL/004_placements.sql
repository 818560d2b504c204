-- When each account and notice was last given its position, so that a position means what the
-- documentation says: a row placed at P comes after the owner's rows below P and before every
-- row at P or above, including the rows that were at P already. Display order is
-- (position, placement DESC): among rows at the same position, the most recently placed first.
--
-- The alternative, shifting the owner's rows at P or above down by one, would rewrite rows the
-- caller never named (their versions would move, stale-version conflicts would appear out of
-- nowhere, and a row at the highest position could not move at all). A placement number keeps
-- every write to the one row it names.
--
-- One sequence serves both tables: only the order of placements within one owner's rows of one
-- table matters. Rows that exist already get -id, which keeps today's order (ties by id,
-- oldest first) and sorts every placement made from now on before them.

CREATE SEQUENCE placements AS bigint;

ALTER TABLE accounts ADD COLUMN placement bigint;
UPDATE accounts SET placement = -id;
ALTER TABLE accounts
  ALTER COLUMN placement SET DEFAULT nextval('placements'),
  ALTER COLUMN placement SET NOT NULL;

ALTER TABLE notices ADD COLUMN placement bigint;
UPDATE notices SET placement = -id;
ALTER TABLE notices
  ALTER COLUMN placement SET DEFAULT nextval('placements'),
  ALTER COLUMN placement SET NOT NULL;

-- "All of one owner's rows in display order."
DROP INDEX accounts_owner_display_order;
CREATE INDEX accounts_owner_display_order ON accounts (owner_id, position, placement DESC);
DROP INDEX notices_owner_display_order;
CREATE INDEX notices_owner_display_order ON notices (owner_id, position, placement DESC);
