import AccountModel
import AccountStore
import FeedAssembler
import FeedComponents
import FeedDiff
import FeedWire
import Foundation

/// Every use case of AccountFeed, once: what `feedctl`, the HTTP server and the preview page
/// call, so a rule or a guard exists in exactly one place.
///
/// The service holds no state of its own beyond the layout, a pool of stores it opens on first
/// use (so a use case that needs no database — diffing two files — never starts one), and the
/// cache of served feeds and tokens that a connected `FeedEvents` keeps true (`ServedCache`).
/// Every use case borrows one store for its duration, so the service is safe to call from many
/// threads at once (see `StorePool`). Owner scoping is not the service's to forget: every
/// write goes through the store with an `OwnerScope`, and a front end's reads and actions take
/// one too (`servedDocument(in:)`, `changes(since:in:)`, `perform(_:in:)`).
public final class FeedService: Sendable {
  public let assembler: FeedAssembler
  /// The home assembler's fingerprint, kept with every home snapshot's head so a write patches
  /// only a feed this layout drew (see `AccountStore+FeedHeads.swift`).
  let fingerprint: String
  /// The screens the service builds; `home` is always `layout`.
  public let screens: ScreenCatalog
  let pool: StorePool
  /// The streaming replica feed reads go to, when one is configured; writes, tokens and
  /// `LISTEN` stay on the primary (`pool`).
  let replica: ReadReplica?
  let cache: ServedCache
  /// Catch-ups shared by the followers of one owner holding one document.
  let catchUps: SharedCatchUps

  /// The default bound of the cache of served feeds and tokens, in bytes (256 MiB).
  public static let defaultCacheBytes = ServedCache.defaultCapacity

  /// - Parameters:
  ///   - layout: how rows become a feed (`FeedLayout.default` draws seed 000's screen).
  ///   - screens: the other screens (`FeedService+Screens.swift`).
  ///   - pool: how many connections to keep; one unless many threads call at once.
  ///   - store: opens a store; called when a use case needs the database and no opened store
  ///     is free, at most `pool.connections` times over (again when one was dropped).
  ///   - replica: how to use the read replica, when `replicaStore` opens one.
  ///   - replicaStore: opens a store on a streaming replica of `store`'s database, for feed
  ///     reads (see `ReadReplica`); nil sends every read to the primary.
  ///   - cacheBytes: the most bytes the cache of served feeds and tokens holds (`ServedCache`);
  ///     past it the least recently read are forgotten. 0 keeps nothing.
  public init(
    layout: FeedLayout = .default, screens: ScreenCatalog = .builtIn,
    pool: ConnectionPoolOptions = ConnectionPoolOptions(),
    replica: ReplicaOptions = ReplicaOptions(),
    store: @escaping @Sendable () throws -> AccountStore,
    replicaStore: (@Sendable () throws -> AccountStore)? = nil,
    cacheBytes: Int = FeedService.defaultCacheBytes
  ) {
    self.cache = ServedCache(capacity: cacheBytes)
    self.catchUps = SharedCatchUps(cache: cache)
    self.assembler = FeedAssembler(layout: layout)
    self.fingerprint = assembler.fingerprint()
    self.screens = screens.replacing(ScreenCatalog.home, with: layout)
    self.pool = StorePool(options: pool, open: store)
    self.replica = replicaStore.map { ReadReplica(options: replica, open: $0) }
  }

  /// One of the pool's stores, for a caller that needs the store's own API. It is shared, not
  /// reserved: its connection serialises every caller. Use cases borrow one with `withStore`.
  public func store() throws -> AccountStore {
    try pool.withStore { $0 }
  }

  /// Runs `body` with a store no other use case holds meanwhile.
  func withStore<Result>(_ body: (AccountStore) throws -> Result) throws -> Result {
    try pool.withStore(body)
  }

  /// How many database connections are open and how many are in use now (for `/metrics`).
  public var connectionUsage: (open: Int, inUse: Int) {
    let usage = pool.usage
    return (usage.open, usage.lent)
  }

  /// What sharing catch-ups among an owner's followers has done (for `/metrics`).
  public var catchUpStatistics: CatchUpStatistics {
    catchUps.statistics
  }

  /// What the cache of served feeds and tokens has done and holds (for `/metrics`).
  public var cacheStatistics: CacheStatistics {
    cache.statistics
  }

  /// Brings the schema up to date with the migrations this program carries.
  @discardableResult
  public func migrate() throws -> [Migration] {
    try withStore { try $0.migrate() }
  }

  // MARK: Reading

  /// The owner's feed assembled now, from one consistent read of the database.
  public func liveDocument(owner: String) throws -> FeedDocument {
    try assembler.assemble(try withStore { try $0.feedRows(owner: owner) })
  }

  /// The feed a reference names: live, a snapshot of `owner`, or a feed file (which needs
  /// neither an owner nor a database).
  public func document(_ reference: FeedReference, owner: String?) throws -> FeedDocument {
    switch (reference, owner) {
    case (.file(let path), _):
      return try FeedFile.read(path)
    case (_, nil):
      throw FeedServiceError.ownerRequired
    case (.live, let owner?):
      return try liveDocument(owner: owner)
    case (.sequence(let sequence), let owner?):
      return try Self.decode(try withStore { try $0.snapshot(owner: owner, sequence: sequence) })
    case (.label(let label), let owner?):
      return try Self.decode(try withStore { try $0.snapshot(owner: owner, label: label) })
    case (.latest(let back), let owner?):
      return try withStore { store in
        let history = try store.snapshots(
          owner: owner, screen: Snapshot.homeScreen, limit: back + 1)
        guard back < history.count else {
          let count = try store.snapshots(owner: owner, screen: Snapshot.homeScreen).count
          throw FeedServiceError.notFound(
            count == 0
              ? "owner '\(owner)' has no snapshots yet; take one with 'feedctl snapshot'"
              : "ref '\(reference)' goes back further than the history of owner '\(owner)' (\(count) snapshot\(count == 1 ? "" : "s"))"
          )
        }
        return try Self.decode(try store.snapshot(owner: owner, sequence: history[0].sequence))
      }
    }
  }

  /// Every owner: an operator's listing.
  public func owners() throws -> [Owner] {
    try withStore { try $0.owners() }
  }

  /// The owner's accounts in display order, hidden ones included.
  public func accounts(owner: String) throws -> [Account] {
    try withStore { try $0.feedRows(owner: owner).accounts }
  }

  /// The owner's rows as one consistent read, with the database's clock at that read (which
  /// notice windows are judged against).
  public func feedRows(owner: String) throws -> FeedRows {
    try withStore { try $0.feedRows(owner: owner) }
  }

  /// Compares the feeds two references name; two files need no owner and no database.
  public func compare(_ from: FeedReference, _ to: FeedReference, owner: String?) throws
    -> FeedComparison
  {
    let source = try document(from, owner: owner)
    let target = try document(to, owner: owner)
    try Self.requireAlike(source, from, target, to)
    return try FeedComparison(source: source, target: target)
  }

  /// The owner's snapshots, oldest first, each with what changed since the screen's snapshot
  /// before it (the first against an empty feed); only the newest `limit` when one is given.
  ///
  /// It reads the summaries the store kept with each snapshot, never a document, so the newest
  /// twenty cost the same however long the history is. Only a snapshot taken before the store
  /// kept summaries is compared with its predecessor here.
  public func history(owner: String, limit: Int? = nil) throws -> [HistoryEntry] {
    try withStore { store in
      try store.snapshots(owner: owner, limit: limit).map { info in
        if let summary = info.summary {
          return HistoryEntry(info: info, summary: summary)
        }
        let previous = try store.snapshots(owner: owner, screen: info.screen).last {
          $0.sequence < info.sequence
        }
        let summary = StoredFeedSection.summary(
          from: try previous.map { try store.snapshot(owner: owner, sequence: $0.sequence).feed },
          to: try store.snapshot(owner: owner, sequence: info.sequence).feed)
        return HistoryEntry(info: info, summary: summary)
      }
    }
  }

  // MARK: Writing

  /// Applies `changes` in one transaction — all or none — inside `scope`, and records the
  /// resulting feed of every owner they touched, so history has no holes.
  @discardableResult
  public func apply(_ changes: [StoreChange], in scope: OwnerScope, reason: String) throws
    -> [AppliedChange]
  {
    let (assembler, fingerprint) = (self.assembler, self.fingerprint)
    defer { invalidate(scope, removingOwners: changes.contains(where: \.removesOwner)) }
    let results = try withStore { store in
      let results = try store.apply(
        changes, in: scope,
        snapshot: { rows in
          try assembler.snapshotContent(for: rows, reason: reason, renderer: fingerprint)
        },
        patcher: FeedPatcher(assembler: assembler, fingerprint: fingerprint, reason: reason))
      fenceReplica(scope, on: store)
      return results
    }
    return zip(changes, results).map(AppliedChange.init)
  }

  /// Applies a checked batch: like `apply(_:in:reason:)`, and a refusal names the change by its
  /// number and op, the way the batch's own checks do.
  @discardableResult
  public func apply(_ batch: ChangeBatch, in scope: OwnerScope) throws -> [AppliedChange] {
    let count = batch.entries.count
    do {
      return try apply(
        batch.entries.map(\.change), in: scope,
        reason: "apply (\(count) change\(count == 1 ? "" : "s"))")
    } catch let error as AccountStoreError {
      // A database that failed is no change's fault: say so without naming one.
      if case .database = error.reason { throw error.reason }
      switch error {
      case .change(let number, _, let reason):
        throw BatchChangeError(number: number, op: batch.entries[number - 1].op, reason: reason)
      case _ where count == 1:
        throw BatchChangeError(number: 1, op: batch.entries[0].op, reason: error)
      default:
        throw error
      }
    }
  }

  /// Changes an account's fields and adjusts its balance in one transaction — the person asked
  /// for one change — and returns the row as it ends, reported as unchanged only when neither
  /// part changed it. `update.expectedVersion` is checked against the account before either
  /// part (each part that changes the row moves its version), and a refusal is reported without
  /// naming a part. A new balance and a delta together are refused: which would win is a guess.
  @discardableResult
  public func updateAccount(
    _ id: Int64, _ update: AccountUpdate, delta: Int64?, in scope: OwnerScope
  ) throws -> AppliedChange {
    if update.balance != nil, delta != nil {
      throw FieldError(
        field: "balance", reason: "a new balance and a delta cannot be combined; give one of them")
    }
    if delta == nil { try update.requireChange() }
    var changes: [StoreChange] = []
    if !update.isEmpty { changes.append(.updateAccount(id: id, update)) }
    if let delta {
      changes.append(
        .adjustBalance(
          id: id, delta: delta, expectedVersion: changes.isEmpty ? update.expectedVersion : nil))
    }
    let applied: [AppliedChange]
    do {
      applied = try apply(changes, in: scope, reason: "account update \(id)")
    } catch let error as AccountStoreError {
      throw error.reason
    }
    let last = applied[applied.count - 1]
    let changing = applied.first {
      if case .unchanged = $0.result { return false }
      return true
    }
    guard let changing, case .unchanged(let row) = last.result else { return last }
    return AppliedChange(change: changing.change, result: row)
  }

  /// Stores the owner's current feed as a snapshot, optionally under a label.
  public func takeSnapshot(owner: String, label: String?) throws -> SnapshotInfo {
    let (assembler, fingerprint) = (self.assembler, self.fingerprint)
    return try withStore { store in
      try store.takeSnapshot(owner: owner) { rows in
        try assembler.snapshotContent(
          for: rows, label: label, reason: "snapshot", renderer: fingerprint)
      }
    }
  }

  /// Creates the demo owner with seed 000's rows, adding only what is missing, and returns its
  /// live feed.
  public func seedDemo() throws -> FeedDocument {
    let (assembler, fingerprint) = (self.assembler, self.fingerprint)
    defer { cache.invalidate(owner: DemoSeed.owner) }
    _ = try withStore { store in
      let results = try store.apply(
        owner: DemoSeed.owner, in: .owner(DemoSeed.owner), planning: DemoSeed.missingChanges
      ) { rows in
        try assembler.snapshotContent(for: rows, reason: "demo", renderer: fingerprint)
      }
      fenceReplica(.owner(DemoSeed.owner), on: store)
      return results
    }
    return try liveDocument(owner: DemoSeed.owner)
  }

  /// Keeps reads of what a write inside `scope` changed off the replica until it has replayed
  /// the write (`ReadReplica`): the writer's next read never goes back in time. `store` is
  /// the primary's, just after the commit. The write has committed, so a failure to ask here is
  /// not the write's: its notification fences the owners when the listener hears it.
  func fenceReplica(_ scope: OwnerScope, on store: AccountStore) {
    guard let replica, let position = try? store.flushedWALPosition() else { return }
    if let owner = scope.ownerID {
      replica.fence(owners: [owner], at: position)
    } else {
      replica.fenceAll(at: position)
    }
  }

  /// Forgets the cached feeds a write inside `scope` may have changed, once it has committed
  /// (or failed), before it returns: the writer's next read goes to the database. Removing an
  /// owner removes its tokens, so the remembered ones are forgotten too.
  func invalidate(_ scope: OwnerScope, removingOwners: Bool = false) {
    if removingOwners { cache.invalidateTokens() }
    if let owner = scope.ownerID {
      cache.invalidate(owner: owner)
    } else {
      cache.invalidateAll()
    }
  }

  /// The document a snapshot stored. Stored text that does not read as a feed is damage
  /// (`AccountStoreError.damaged`): this program wrote it, so no caller's input is at fault.
  static func decode(_ snapshot: Snapshot) throws -> FeedDocument {
    do {
      return try FeedDocument(snapshot: snapshot)
    } catch let error as FeedDocumentError {
      throw AccountStoreError.damaged(Self.place(of: snapshot) + ": \(error)")
    } catch let error as JSONParseError {
      throw AccountStoreError.damaged(Self.place(of: snapshot) + ": \(error)")
    }
  }

  private static func place(of snapshot: Snapshot) -> String {
    "snapshot \(snapshot.info.sequence) of owner '\(snapshot.info.ownerID)'"
  }
}
