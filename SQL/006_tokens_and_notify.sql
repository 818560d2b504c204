-- Bearer tokens for the phone API, and a notification on every change to a feed.
--
-- A token is stored only as the SHA-256 of its secret (64 hex digits): the secret is printed
-- once when the token is made and never kept, so a copy of this table opens no feed. A token
-- acts for exactly one owner and goes with it.

CREATE TABLE access_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner_id text NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  label text
    CONSTRAINT access_tokens_label_length CHECK (label IS NULL OR char_length(label) BETWEEN 1 AND 100),
  secret_sha256 text NOT NULL
    CONSTRAINT access_tokens_secret_sha256_syntax CHECK (secret_sha256 ~ '^[0-9a-f]{64}$')
    CONSTRAINT access_tokens_secret_sha256_unique UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

-- "All of one owner's tokens in the order they were made."
CREATE INDEX access_tokens_owner ON access_tokens (owner_id, id);

-- Every commit that changes what an owner's feed is made of sends the owner's id on the
-- channel 'accountfeed_feed', whichever program wrote it (feedctl, the server, psql). NOTIFY
-- is delivered at commit and folds repeats within one transaction, so a batch of a hundred
-- rows sends each owner once. An owner row notifies only when its name changes (or it comes or
-- goes): recording a snapshot moves its last_snapshot_sequence, which changes no feed.

CREATE FUNCTION notify_feed_row_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('accountfeed_feed', OLD.owner_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('accountfeed_feed', NEW.owner_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION notify_feed_owner_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('accountfeed_feed', OLD.id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('accountfeed_feed', NEW.id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER accounts_notify_feed_change
  AFTER INSERT OR UPDATE OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION notify_feed_row_change();

CREATE TRIGGER notices_notify_feed_change
  AFTER INSERT OR UPDATE OR DELETE ON notices
  FOR EACH ROW EXECUTE FUNCTION notify_feed_row_change();

CREATE TRIGGER owners_notify_feed_change_added_or_removed
  AFTER INSERT OR DELETE ON owners
  FOR EACH ROW EXECUTE FUNCTION notify_feed_owner_change();

CREATE TRIGGER owners_notify_feed_change_renamed
  AFTER UPDATE OF display_name ON owners
  FOR EACH ROW WHEN (OLD.display_name IS DISTINCT FROM NEW.display_name)
  EXECUTE FUNCTION notify_feed_owner_change();
