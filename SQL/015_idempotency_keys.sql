-- Idempotency keys of phone actions (POST /v1/actions with an `Idempotency-Key` header; see
-- docs/http.md and the IETF draft "The Idempotency-Key HTTP Header Field"). A retried action —
-- the same owner and key — is applied once: the key is claimed in the transaction that applies
-- the action, so a retry on any server instance, before or after a restart, finds it, and two
-- racing retries take turns on the primary key. `fingerprint` is the SHA-256 of the action as
-- the server read it: the same key with another action is refused, never answered with the
-- first one's outcome. `digest` is the answer (the document the action led to), written once the
-- action has committed. Rows older than 24 hours are pruned as keys are used
-- (AccountStore+Idempotency.swift), so the table holds about a day of keyed actions.
CREATE TABLE idempotency_keys (
  owner_id text NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  key text NOT NULL
    CONSTRAINT idempotency_keys_key_syntax CHECK (key ~ '^[!-~]{1,255}$'),
  fingerprint text NOT NULL
    CONSTRAINT idempotency_keys_fingerprint_syntax CHECK (fingerprint ~ '^[0-9a-f]{64}$'),
  digest text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_id, key)
);

CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);
