-- A head's items are found by their key (owner, screen, item id), or all of a head's by the
-- key's prefix; no statement looks them up by section. The index on their section served none,
-- cost every head row written, and misled the planner: while the table's statistics were still
-- those of an empty table, as they are until autovacuum first analyses it after a long feed's
-- head is written, a write looked its changed items up through that index and read every row
-- of the head (1.7 ms at 10,000 items, against 0.05 ms by key).

DROP INDEX feed_head_items_section;
