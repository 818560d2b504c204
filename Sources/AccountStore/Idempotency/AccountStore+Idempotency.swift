import AccountModel
import Postgres

extension AccountStore {
  /// Applies `changes` as `apply(_:in:snapshot:patcher:)` does, once per `claim`: the key is
  /// claimed in the same transaction (an `INSERT … ON CONFLICT DO NOTHING` on the owner and
  /// key, so a racing retry waits for this one to commit and then finds the key), and a key
  /// already claimed applies nothing and says what it was claimed for. A refused write rolls
  /// the claim back with it: a failure is not remembered, and a retry tries again.
  ///
  /// Keys past `IdempotencyClaim.retentionHours` are forgotten first, the claim's own (so a
  /// key may be used again a day later) and a few others (so the table stays about a day's
  /// worth without a separate job).
  public func apply(
    _ changes: [StoreChange], in scope: OwnerScope, claim: IdempotencyClaim,
    snapshot: (@Sendable (FeedRows) throws -> SnapshotContent)? = nil,
    patcher: (any SnapshotPatcher)? = nil
  ) throws(AccountStoreError) -> IdempotentApply {
    try Self.validate(changes)
    return try retryingTransientFailures {
      try connection.transaction { tx in
        let hours = IdempotencyClaim.retentionHours
        try tx.execute(
          """
          DELETE FROM idempotency_keys WHERE ctid IN (
            SELECT ctid FROM idempotency_keys
            WHERE created_at < now() - \(hours) * interval '1 hour'
            ORDER BY created_at LIMIT 100)
            OR (owner_id = \(claim.ownerID) AND key = \(claim.key)
              AND created_at < now() - \(hours) * interval '1 hour')
          """)
        let claimed = try tx.query(
          """
          INSERT INTO idempotency_keys (owner_id, key, fingerprint)
          VALUES (\(claim.ownerID), \(claim.key), \(claim.fingerprint))
          ON CONFLICT DO NOTHING RETURNING key
          """)
        guard claimed.isEmpty else {
          return .applied(
            try Self.apply(changes, in: scope, snapshot: snapshot, patcher: patcher, tx: tx))
        }
        let row = try tx.query(
          """
          SELECT fingerprint, digest FROM idempotency_keys
          WHERE owner_id = \(claim.ownerID) AND key = \(claim.key)
          """
        ).single()
        return .replayed(
          fingerprint: try row.decode("fingerprint"), digest: try row.decode("digest"))
      }
    }
  }

  /// Records the answer of the write `claim` applied: the digest of the document it led to.
  public func recordIdempotentAnswer(_ claim: IdempotencyClaim, digest: String)
    throws(AccountStoreError)
  {
    try mapping {
      _ = try connection.execute(
        """
        UPDATE idempotency_keys SET digest = \(digest)
        WHERE owner_id = \(claim.ownerID) AND key = \(claim.key)
        """)
    }
  }
}
