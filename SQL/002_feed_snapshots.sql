-- What an owner was shown: the rendered FeedDocument, numbered per owner.

CREATE TABLE feed_snapshots (
  owner_id text NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  sequence bigint NOT NULL
    CONSTRAINT feed_snapshots_sequence_positive CHECK (sequence >= 1),
  taken_at timestamptz NOT NULL DEFAULT now(),
  label text
    CONSTRAINT feed_snapshots_label_syntax
      CHECK (label IS NULL OR label ~ '^[A-Za-z][A-Za-z0-9._-]{0,63}$'),
  -- What produced it, e.g. "account update 3" or "snapshot".
  reason text NOT NULL DEFAULT 'snapshot'
    CONSTRAINT feed_snapshots_reason_length CHECK (char_length(reason) BETWEEN 1 AND 200),
  document jsonb NOT NULL,
  digest text NOT NULL
    CONSTRAINT feed_snapshots_digest_syntax CHECK (digest ~ '^[0-9a-f]{64}$'),
  -- Also the index for "snapshots of one owner by sequence".
  PRIMARY KEY (owner_id, sequence),
  CONSTRAINT feed_snapshots_label_unique UNIQUE (owner_id, label)
);
