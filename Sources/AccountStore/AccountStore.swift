import AccountModel
import Foundation
import Postgres

/// Owners, their accounts and notices, and snapshots of their feeds, kept in PostgreSQL.
///
/// Every write is one transaction. A write first locks the owners it touches (in id order, so
/// two writers never deadlock), so all writes of one owner's data are serialised and a snapshot
/// recorded inside a write sees exactly that write's result. Balance deltas are applied by the
/// database (`balance = balance + delta`), so concurrent deltas never lose one another.
///
/// The store knows nothing about how feeds are drawn: snapshots are produced by a closure the
/// caller passes, from rows the store reads inside the same transaction.
///
/// A write that changes nothing changes nothing: no row, version or `updated_at` moves (see
/// `ChangeStatement`), no snapshot is recorded, and the result says `.unchanged`.
public final class AccountStore: Sendable {
  public let connection: PostgresConnection

  public init(connection: PostgresConnection) {
    self.connection = connection
  }

  /// Connects to the database (see `PostgresConfiguration` for the accepted forms).
  public convenience init(_ configuration: PostgresConfiguration) throws(AccountStoreError) {
    do {
      self.init(connection: try PostgresConnection(configuration))
    } catch {
      throw AccountStoreError(error)
    }
  }

  /// Brings the schema up to date with the migrations this program carries.
  @discardableResult
  public func migrate() throws(AccountStoreError) -> [Migration] {
    try Migrator(connection: connection).migrate()
  }

  // MARK: Reading

  /// Every owner, by id: an operator's listing, not scoped to one owner.
  public func owners() throws(AccountStoreError) -> [Owner] {
    try mapping {
      try connection.query("SELECT \(unsafe: Columns.owner) FROM owners ORDER BY id").map {
        try Owner(row: $0)
      }
    }
  }

  /// The owner with `id`; a malformed id is refused by its rule before any query.
  public func owner(_ id: String) throws(AccountStoreError) -> Owner {
    try checked { () throws(FieldError) in try FieldRules.ownerID(id) }
    let rows = try mapping {
      try connection.query("SELECT \(unsafe: Columns.owner) FROM owners WHERE id = \(id)")
    }
    guard let row = rows.first else { throw .notFound("owner '\(id)'") }
    return try mapping { try Owner(row: row) }
  }

  /// The account, when it exists inside `scope`.
  public func account(_ id: Int64, in scope: OwnerScope) throws(AccountStoreError) -> Account {
    let rows = try mapping {
      try connection.query(
        """
        SELECT \(unsafe: Columns.account) FROM accounts
        WHERE id = \(id) AND (\(scope.ownerID)::text IS NULL OR owner_id = \(scope.ownerID))
        """)
    }
    guard let row = rows.first else { throw .notFound(ChangeApplier.name(.account(id), in: scope)) }
    return try mapping { try Account(row: row) }
  }

  /// The notice, when it exists inside `scope`.
  public func notice(_ id: Int64, in scope: OwnerScope) throws(AccountStoreError) -> Notice {
    let rows = try mapping {
      try connection.query(
        """
        SELECT \(unsafe: Columns.notice) FROM notices
        WHERE id = \(id) AND (\(scope.ownerID)::text IS NULL OR owner_id = \(scope.ownerID))
        """)
    }
    guard let row = rows.first else { throw .notFound(ChangeApplier.name(.notice(id), in: scope)) }
    return try mapping { try Notice(row: row) }
  }

  /// Everything one owner's feed needs, from a single snapshot of the database: it is read by
  /// one statement, which sees one snapshot by itself, so it needs no transaction around it and
  /// costs one round trip.
  public func feedRows(owner id: String) throws(AccountStoreError) -> FeedRows {
    try checked { () throws(FieldError) in try FieldRules.ownerID(id) }
    return try mapping { try Self.readFeedRows(owner: id, in: connection) }
  }

  // MARK: Writing

  /// Applies `changes` in one transaction — all of them or, if any is refused, none — and
  /// returns what each produced. A change that names a row outside `scope` is refused as if the
  /// row did not exist. When `snapshot` is given, the feed of every owner whose rows the
  /// changes really changed (and who was not removed) is rendered inside the transaction and
  /// stored as a snapshot when it differs from that owner's latest one, so history has no holes
  /// even if the process dies right after (see the private `apply(_:in:snapshot:tx:)`).
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

  private static func validate(_ changes: [StoreChange]) throws(AccountStoreError) {
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
  /// the screen's head when it can be (`AccountStore+FeedHeads.swift`): the same snapshot,
  /// at the cost of what changed.
  private static func apply(
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
      if owners.count == 1, let patcher, changes.allSatisfy(keepsPlaces),
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

  /// Stores the owner's current feed as a new snapshot, produced by `render` from rows read in
  /// the same transaction.
  ///
  /// It is recorded even when the feed equals the owner's latest snapshot: an explicit snapshot
  /// is the caller's request (often to put a label on the screen as it is now), so it is not
  /// the store's to refuse. Only the snapshots writes record on their own are skipped when
  /// nothing on the screen changed.
  @discardableResult
  public func takeSnapshot(
    owner id: String, render: (FeedRows) throws -> SnapshotContent
  ) throws(AccountStoreError) -> SnapshotInfo {
    try checked { () throws(FieldError) in try FieldRules.ownerID(id) }
    return try retryingTransientFailures {
      try connection.transaction { tx in
        try Self.lockOwners([id], in: tx)
        return try Self.storeSnapshot(
          owner: id, content: try Self.renderNextSnapshot(owner: id, render: render, in: tx), in: tx
        )
      }
    }
  }

  // MARK: Shared steps

  /// Reads the owner's rows in one statement (see `Columns.feedOwner`): the owner's row first,
  /// with the accounts as arrays (`FeedAccountArrays`), then the notices, each in display
  /// order. Inside a transaction it sees what the transaction sees, and `readAt` is the
  /// transaction's clock.
  ///
  /// The owner's id is one parameter the parts compare with. Where owners are alike,
  /// PostgreSQL soon keeps one generic plan for the prepared statement, so a small feed costs no
  /// planning (planning the three parts took longer than running them); where one owner holds
  /// most of the table, it plans each read for the owner asked for, and a small owner's rows are
  /// still read through the index. (Hiding the id from the planner, as `(SELECT $1)` did, made
  /// every read a read for the average owner: 10 ms and a scan of the whole table for a
  /// 10-account owner beside one of 100,000.)
  static func readFeedRows(owner id: String, in database: some PostgresQueryable) throws -> FeedRows
  {
    var bindings = PostgresBindings()
    bindings.append(id)
    let rows = try database.query(PostgresQuery(unsafeSQL: feedRowsSQL, bindings: bindings))
    let part = try rows.index(ofColumn: "part")
    guard let ownerRow = rows.first, try ownerRow.decode(at: part, as: Int32.self) == 0 else {
      throw AccountStoreError.notFound("owner '\(id)'")
    }
    let noticeColumns = try NoticeColumns(rows)
    let notices = try rows.dropFirst().map { try Notice(row: $0, columns: noticeColumns) }
    let ownerColumns = try FeedOwnerColumns(rows)
    let owner = try Owner(feedRow: ownerRow, columns: ownerColumns)
    return FeedRows(
      owner: owner,
      accounts: try FeedAccountArrays(rows).accounts(in: ownerRow, owner: owner.id),
      notices: notices, readAt: try ownerRow.decode(at: ownerColumns.readAt))
  }

  /// The statement `readFeedRows(owner:in:)` runs, its owner id bound as `$1`: written once, so
  /// a read neither builds its text nor binds the id once per part (`SkewedOwnerTests` checks
  /// its plan).
  static let feedRowsSQL = """
    SELECT \(Columns.feedOwner) FROM owners CROSS JOIN LATERAL (
      SELECT \(Columns.accountArrays) FROM (
        SELECT \(Columns.accountWithPlacement)
        FROM accounts WHERE owner_id = $1 ORDER BY \(Columns.displayOrder)
      ) AS shown
    ) AS listed WHERE owners.id = $1
    UNION ALL SELECT \(Columns.feedNotice) FROM notices WHERE owner_id = $1
    ORDER BY part, \(Columns.displayOrder)
    """

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
    return try tx.query(
      """
      SELECT id FROM owners WHERE id IN (SELECT jsonb_array_elements_text(\(jsonList(wanted))))
      ORDER BY id COLLATE "C" FOR UPDATE
      """
    ).map { try $0.decode("id", as: String.self) }
  }

  /// `texts` in byte order as a JSON array, for a query to unpack with
  /// `jsonb_array_elements_text`.
  static func jsonList(_ texts: some Sequence<String>) -> PostgresJSONB {
    PostgresJSONB("[" + texts.sorted().map(SnapshotBody.quoted).joined(separator: ",") + "]")
  }

  /// Renders the owner's rows as they are inside `tx`. The rows' `lastSnapshotSequence` is
  /// already the number the snapshot will get, for a renderer that wants to name it (the feed
  /// assembler does not: a document's version is its digest).
  static func renderNextSnapshot(
    owner id: String, render: (FeedRows) throws -> SnapshotContent, in tx: PostgresTransaction
  ) throws -> SnapshotContent {
    try renderNext(try readFeedRows(owner: id, in: tx), render: render)
  }

  /// Renders `rows` as the owner's next snapshot, numbered as `renderNextSnapshot` says.
  static func renderNext(
    _ rows: FeedRows, render: (FeedRows) throws -> SnapshotContent
  ) throws -> SnapshotContent {
    var rows = rows
    rows.owner.lastSnapshotSequence += 1
    let content = try render(rows)
    if let label = content.label { try FieldRules.label(label) }
    return content
  }

  /// Runs `body` again when the database reports what a retry of the whole transaction
  /// resolves: a serialization failure or a deadlock (`PostgresError.isTransient`).
  func retryingTransientFailures<T>(_ body: () throws -> T) throws(AccountStoreError) -> T {
    var attempt = 1
    while true {
      do {
        return try body()
      } catch let error as PostgresError where error.isTransient && attempt < 5 {
        attempt += 1
      } catch let error as AccountStoreError where error.isTransient && attempt < 5 {
        attempt += 1
      } catch {
        throw AccountStoreError(error)
      }
    }
  }

  func mapping<T>(_ body: () throws -> T) throws(AccountStoreError) -> T {
    do {
      return try body()
    } catch {
      throw AccountStoreError(error)
    }
  }

  func checked<T>(_ body: () throws(FieldError) -> T) throws(AccountStoreError) -> T {
    do {
      return try body()
    } catch {
      throw AccountStoreError(error)
    }
  }
}
