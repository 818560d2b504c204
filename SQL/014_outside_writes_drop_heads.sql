-- A head is a cache of a large feed's latest snapshot that a write patches in place, drawing
-- only the accounts it changed (see 008). It trusted every account to change through the store:
-- an account changed behind the store's back (psql, another program) kept the item the head had
-- drawn for it, in every patched snapshot after, until that account changed again through the
-- store. Now a statement that changes accounts outside the store drops the heads of the owners
-- it touched, so the next write draws those feeds whole and their history shows the change.
--
-- The store marks its own transactions (`set_config('accountfeed.writer', 'store', true)`); an
-- unmarked write of the store's would only cost the next write a whole drawing, never a wrong
-- snapshot. The touched owners are locked `FOR KEY SHARE` before their heads are dropped. Every
-- transaction of the store that draws a feed holds its owners `FOR UPDATE`, which that lock
-- waits for, so the two take turns: a store transaction that started first commits, and then its
-- head is dropped; one that starts after waits for this statement's transaction to end and reads
-- what it wrote. (Without the lock, a head written from rows read just before an outside write
-- committed would outlive it.)

-- The heads there are now are dropped too: one may hold an item an outside write changed before
-- this migration. Each owner's next write draws its feed whole and writes its head again.
DELETE FROM feed_heads;

CREATE FUNCTION feed_heads_drop_on_outside_write() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text[];
BEGIN
  IF current_setting('accountfeed.writer', true) IS NOT DISTINCT FROM 'store' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT owner_id) INTO touched FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT owner_id) INTO touched FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT owner_id) INTO touched
    FROM (SELECT owner_id FROM new_rows UNION SELECT owner_id FROM old_rows) AS changed;
  END IF;
  IF touched IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM owners WHERE id = ANY (touched) ORDER BY id COLLATE "C" FOR KEY SHARE;
  DELETE FROM feed_heads WHERE owner_id = ANY (touched);
  RETURN NULL;
END
$$;

CREATE TRIGGER accounts_outside_write_insert AFTER INSERT ON accounts
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION feed_heads_drop_on_outside_write();
CREATE TRIGGER accounts_outside_write_update AFTER UPDATE ON accounts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION feed_heads_drop_on_outside_write();
CREATE TRIGGER accounts_outside_write_delete AFTER DELETE ON accounts
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION feed_heads_drop_on_outside_write();
