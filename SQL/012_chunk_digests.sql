-- A section of more than 256 items is digested a chunk at a time (see `SectionNode.digest`): its
-- digest covers the list of its chunks' digests, each chunk's the list of its 256 items'
-- `["id","digest"]`, so a write that changes one item of a long section hashes that item's
-- chunk and the chunk digests — 22 KB and 2.5 KB at 10,000 items — instead of the section's
-- whole list (850 KB, 1 to 3 ms). A section of up to 256 items is digested as before.
--
-- Every chunk of a head keeps its digest, computed here whenever its pairs are written, by
-- `COPY` as by `INSERT` or `UPDATE`. The heads are emptied first: they are caches of the latest
-- snapshots (see SQL/008), and the next write to each owner draws its feed whole and writes the
-- head again, its long sections digested the new way. Stored snapshots keep the digests they were
-- stored with.

DELETE FROM feed_heads;

ALTER TABLE feed_head_chunks ADD COLUMN digest text NOT NULL;

-- `textsend` gives the text's bytes as they are: on a UTF-8 database, the only kind whose heads
-- a write patches (it checks), the canonical JSON the chunk digest covers.
CREATE FUNCTION feed_head_chunk_digest() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.digest := encode(sha256(textsend('[' || NEW.refs || ']')), 'hex');
  RETURN NEW;
END
$$;

CREATE TRIGGER feed_head_chunk_digest BEFORE INSERT OR UPDATE OF refs ON feed_head_chunks
  FOR EACH ROW EXECUTE FUNCTION feed_head_chunk_digest();
