-- A head's chunks (`feed_head_chunks.refs`, about 21 KB each: 256 `["id","digest"]` pairs) are
-- kept out of line but uncompressed. Hex digests hardly compress, yet every patched write
-- rewrote a compressed chunk and hashed its section by decompressing every chunk of it; without
-- compression a 10,000-item section hashes in about 2.3 ms instead of 2.9 ms. Chunks written
-- before stay compressed until a write rewrites them; the values read are the same.

ALTER TABLE feed_head_chunks ALTER COLUMN refs SET STORAGE EXTERNAL;
