import AccountModel

/// What became of a write applied under an idempotency key.
public enum IdempotentApply: Sendable {
  /// The key was new: the changes were applied, and the key claimed, in one transaction.
  case applied([StoreChangeResult])
  /// The key was used before, with this fingerprint, and answered with `digest` (nil while the
  /// first request has committed but not yet recorded its answer). Nothing was applied now.
  case replayed(fingerprint: String, digest: String?)
}
