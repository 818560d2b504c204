-- A notification when a token stops being valid, so a server that remembers the tokens it has
-- seen forgets them at once, whichever program revoked it (feedctl, the server, psql).
--
-- Revoking sets revoked_at; removing an owner removes its tokens (ON DELETE CASCADE fires this
-- trigger too). The payload is the owner's id; a listener forgets every token it remembers.
-- Making a token notifies no one: a token nobody has used yet is remembered by no one.

CREATE FUNCTION notify_token_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('accountfeed_tokens', OLD.owner_id);
  RETURN NULL;
END
$$;

CREATE TRIGGER access_tokens_notify_revoked
  AFTER UPDATE ON access_tokens
  FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.secret_sha256 IS DISTINCT FROM NEW.secret_sha256
    OR OLD.owner_id IS DISTINCT FROM NEW.owner_id)
  EXECUTE FUNCTION notify_token_change();

CREATE TRIGGER access_tokens_notify_removed
  AFTER DELETE ON access_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_token_change();
