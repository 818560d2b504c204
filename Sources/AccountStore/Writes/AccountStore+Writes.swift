import AccountModel
import Postgres

extension AccountStore {
  /// Applies `changes` in one transaction — all of them or, if any is refused, none — and
  /// returns what each produced. A change that names a row outside `scope` is refused as if the
  /// row did not exist. When `snapshot` is given, the feed of every owner whose rows the
  /// changes really changed (and who was not removed) is rendered inside the transaction and
  /// stored as a snapshot when it differs from that owner's latest one, so history has no holes
  /// even if the process dies right after (see the static `apply(_:in:snapshot:patcher:tx:)`).
  @discardableResult
  public func apply(
    _ changes: [StoreChange],
    in scope: OwnerScope,
    snapshot: (@Sendable (FeedRows) throws -> SnapshotContent)? = nil,
    patcher: (any SnapshotPatcher)? = nil
  ) throws(AccountStoreError) -> [StoreChangeResult] {
    try Self.validate(changes)
    return try retryingTransientFailures {
      try connection.transaction { tx in
        try Self.apply(changes, in: scope, snapshot: snapshot, patcher: patcher, tx: tx)
      }
    }
  }

  /// Reads the owner's rows (nil when the owner does not exist yet) and applies the changes
  /// `plan` makes of them, in one transaction and under a lock on the owner's id that holds
  /// even before the owner exists: two callers completing the same owner at once never both add
  /// a row, because the second plans from what the first committed.
  @discardableResult
  public func apply(
    owner id: String, in scope: OwnerScope,
    planning plan: (FeedRows?) throws -> [StoreChange],
    snapshot: (@Sendable (FeedRows) throws -> SnapshotContent)? = nil
  ) throws(AccountStoreError) -> [StoreChangeResult] {
    try checked { () throws(FieldError) in try FieldRules.ownerID(id) }
    guard scope.contains(id) else { throw .notFound(ChangeApplier.name(.owner(id), in: scope)) }
    return try retryingTransientFailures {
      try connection.transaction { tx in
        _ = try tx.query(
          "SELECT pg_advisory_xact_lock(hashtextextended('accountfeed.owner:' || \(id), 0))")
        let rows: FeedRows?
        do {
          rows = try Self.readFeedRows(owner: id, in: tx)
        } catch AccountStoreError.notFound {
          rows = nil
        }
        let changes = try plan(rows)
        if changes.isEmpty { return [] }
        try Self.validate(changes)
        return try Self.apply(changes, in: scope, snapshot: snapshot, patcher: nil, tx: tx)
      }
    }
  }

  static func validate(_ changes: [StoreChange]) throws(AccountStoreError) {
    for (index, change) in changes.enumerated() {
      do {
        try change.validate()
      } catch {
        throw AccountStoreError(error).inChange(index, of: changes.count)
      }
    }
  }

  /// The write itself, inside `tx`: the changes, then a snapshot of every owner whose rows they
  /// really changed (and who was not removed), so history has no holes even if the process dies
  /// right after.
  ///
  /// Two tests decide, and both must pass. An owner whose every change came back `.unchanged`
  /// is not even rendered: a write that changes nothing records nothing, even when the feed
  /// differs from the latest snapshot for reasons of its own (a notice's window opened since).
  /// And an owner whose rows did change gets a snapshot only when the rendered document's
  /// digest differs from their latest snapshot's: history is what the owner was shown, and the
  /// digest covers exactly that and nothing else, so a
  /// change the screen does not show, such as renaming a hidden account, adds no snapshot.
  ///
  /// A write to one owner that leaves every account in its place is drawn by `patcher` over
  /// the screen's head when it can be (`AccountStore+HeadPatch.swift`): the same snapshot,
  /// at the cost of what changed.
  static func apply(
    _ changes: [StoreChange], in scope: OwnerScope,
    snapshot: (@Sendable (FeedRows) throws -> SnapshotContent)?, patcher: (any SnapshotPatcher)?,
    tx: PostgresTransaction
  ) throws -> [StoreChangeResult] {
    let results = try ChangeApplier(transaction: tx, changes: changes, scope: scope).run()
    if let snapshot {
      var changed = Set<String>()
      var removed = Set<String>()
      for result in results {
        switch result {
        case .unchanged: break
        case .removedOwner(let owner): removed.insert(owner.id)
        default: changed.insert(result.ownerID)
        }
      }
      let owners = changed.subtracting(removed).sorted()
      if owners.count > 1 {
        // Many owners: rendered and stored in batches (AccountStore+SnapshotBatch.swift).
        _ = try storeSnapshots(of: owners, recordingUnchanged: false, in: tx, render: snapshot)
        return results
      }
      if owners.count == 1, let patcher, changes.allSatisfy(patcher.keepsPlaces),
        try patchSnapshot(owner: owners[0], results: results, patcher: patcher, in: tx)
      {
        return results
      }
      for ownerID in owners {
        let content = try renderNextSnapshot(owner: ownerID, render: snapshot, in: tx)
        if try latestDigest(owner: ownerID, screen: content.screen, in: tx) != content.digest {
          try storeSnapshot(owner: ownerID, content: content, in: tx)
        }
      }
    }
    return results
  }

  /// Locks the owners' rows for the rest of the transaction, in id order (byte order, as every
  /// writer sorts them, so two writers never deadlock), in one statement however many there are.
  static func lockOwners(_ ids: [String], in tx: PostgresTransaction) throws {
    let wanted = Set(ids)
    let locked = Set(try lockExistingOwners(ids, in: tx))
    if let missing = wanted.sorted().first(where: { !locked.contains($0) }) {
      throw AccountStoreError.notFound("owner '\(missing)'")
    }
  }

  /// Locks those of the owners that exist, as `lockOwners` does, and returns their ids in byte
  /// order.
  static func lockExistingOwners(_ ids: [String], in tx: PostgresTransaction) throws -> [String] {
    let wanted = Set(ids)
    if wanted.isEmpty { return [] }
    return try tx.query(lockingOwners(wanted)).map { try $0.decode("id", as: String.self) }
  }

  /// The statement that locks the owners with these ids, found through the owners' key
  /// (`= ANY` of a `text[]`) whatever their number. Written as `IN (SELECT
  /// jsonb_array_elements_text(…))`, the plan a prepared statement settled on after five runs
  /// read every owner (the function's rows are unknown to the planner): 4 ms per one-owner
  /// lock at 20,000 owners, the most of a phone's first read (`OwnerLockTests`).
  static func lockingOwners(_ ids: Set<String>) -> PostgresQuery {
    """
    SELECT id FROM owners WHERE id = ANY(\(PostgresArray(ids.sorted())))
    ORDER BY id COLLATE "C" FOR UPDATE
    """
  }
}
