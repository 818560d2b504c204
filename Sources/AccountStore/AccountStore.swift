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

  public func owners() throws(AccountStoreError) -> [Owner] {
    try mapping {
      try connection.query("SELECT \(unsafe: Columns.owner) FROM owners ORDER BY id").map(
        Owner.init)
    }
  }

  public func owner(_ id: String) throws(AccountStoreError) -> Owner {
    try FieldRules.ownerID(id)
    let rows = try mapping {
      try connection.query("SELECT \(unsafe: Columns.owner) FROM owners WHERE id = \(id)")
    }
    guard let row = rows.first else { throw .notFound("owner '\(id)'") }
    return try mapping { try Owner(row: row) }
  }

  public func account(_ id: Int64) throws(AccountStoreError) -> Account {
    let rows = try mapping {
      try connection.query("SELECT \(unsafe: Columns.account) FROM accounts WHERE id = \(id)")
    }
    guard let row = rows.first else { throw .notFound("account \(id)") }
    return try mapping { try Account(row: row) }
  }

  public func notice(_ id: Int64) throws(AccountStoreError) -> Notice {
    let rows = try mapping {
      try connection.query("SELECT \(unsafe: Columns.notice) FROM notices WHERE id = \(id)")
    }
    guard let row = rows.first else { throw .notFound("notice \(id)") }
    return try mapping { try Notice(row: row) }
  }

  /// Everything one owner's feed needs, from a single snapshot of the database.
  public func feedRows(owner id: String) throws(AccountStoreError) -> FeedRows {
    try FieldRules.ownerID(id)
    return try mapping {
      try connection.transaction(isolation: .repeatableRead, readOnly: true) { tx in
        try Self.readFeedRows(owner: id, in: tx)
      }
    }
  }

  // MARK: Writing

  /// Applies `changes` in one transaction — all of them or, if any is refused, none — and
  /// returns what each produced. When `snapshot` is given, the feed of every owner the changes
  /// touched (and did not remove) is read again inside the transaction and stored as a
  /// snapshot, so history has no holes even if the process dies right after.
  @discardableResult
  public func apply(
    _ changes: [StoreChange],
    snapshot: ((FeedRows) throws -> SnapshotContent)? = nil
  ) throws(AccountStoreError) -> [StoreChangeResult] {
    for (index, change) in changes.enumerated() {
      do {
        try Self.validate(change)
      } catch {
        throw error.inChange(index, of: changes.count)
      }
    }
    return try retryingTransientFailures {
      try connection.transaction { tx in
        let results = try ChangeApplier(transaction: tx, changes: changes).run()
        if let snapshot {
          let removed = Set(
            results.compactMap { result -> String? in
              if case .removedOwner(let owner) = result { return owner.id }
              return nil
            })
          for ownerID in Set(results.map(\.ownerID)).subtracting(removed).sorted() {
            try Self.recordSnapshot(owner: ownerID, render: snapshot, in: tx)
          }
        }
        return results
      }
    }
  }

  /// Stores the owner's current feed as a new snapshot, produced by `render` from rows read in
  /// the same transaction.
  @discardableResult
  public func takeSnapshot(
    owner id: String, render: (FeedRows) throws -> SnapshotContent
  ) throws(AccountStoreError) -> SnapshotInfo {
    try FieldRules.ownerID(id)
    return try retryingTransientFailures {
      try connection.transaction { tx in
        try Self.lockOwners([id], in: tx)
        return try Self.recordSnapshot(owner: id, render: render, in: tx)
      }
    }
  }

  // MARK: Snapshots

  /// The owner's snapshots, oldest first.
  public func snapshots(owner id: String) throws(AccountStoreError) -> [SnapshotInfo] {
    _ = try owner(id)
    return try mapping {
      try connection.query(
        "SELECT \(unsafe: Columns.snapshotInfo) FROM feed_snapshots WHERE owner_id = \(id) ORDER BY sequence"
      ).map(SnapshotInfo.init)
    }
  }

  public func snapshot(owner id: String, sequence: Int64) throws(AccountStoreError) -> Snapshot {
    try loadSnapshot(
      "SELECT \(unsafe: Columns.snapshotInfo), document FROM feed_snapshots WHERE owner_id = \(id) AND sequence = \(sequence)",
      missing: "snapshot \(sequence) of owner '\(id)'")
  }

  public func snapshot(owner id: String, label: String) throws(AccountStoreError) -> Snapshot {
    try loadSnapshot(
      "SELECT \(unsafe: Columns.snapshotInfo), document FROM feed_snapshots WHERE owner_id = \(id) AND label = \(label)",
      missing: "snapshot labelled '\(label)' of owner '\(id)'")
  }

  /// The newest snapshot, or nil when the owner has none.
  public func latestSnapshot(owner id: String) throws(AccountStoreError) -> Snapshot? {
    do {
      return try loadSnapshot(
        """
        SELECT \(unsafe: Columns.snapshotInfo), document FROM feed_snapshots
        WHERE owner_id = \(id) ORDER BY sequence DESC LIMIT 1
        """,
        missing: "")
    } catch .notFound {
      return nil
    }
  }

  private func loadSnapshot(_ query: PostgresQuery, missing: String) throws(AccountStoreError)
    -> Snapshot
  {
    let rows = try mapping { try connection.query(query) }
    guard let row = rows.first else { throw .notFound(missing) }
    return try mapping {
      Snapshot(
        info: try SnapshotInfo(row: row),
        document: try row.decode("document", as: PostgresJSONB.self).text)
    }
  }

  // MARK: Shared steps

  static func readFeedRows(owner id: String, in tx: PostgresTransaction) throws -> FeedRows {
    guard
      let ownerRow = try tx.query(
        "SELECT \(unsafe: Columns.owner), now() AS read_at FROM owners WHERE id = \(id)"
      ).first
    else { throw AccountStoreError.notFound("owner '\(id)'") }
    let accounts = try tx.query(
      "SELECT \(unsafe: Columns.account) FROM accounts WHERE owner_id = \(id) ORDER BY position, id"
    )
    let notices = try tx.query(
      "SELECT \(unsafe: Columns.notice) FROM notices WHERE owner_id = \(id) ORDER BY position, id")
    return FeedRows(
      owner: try Owner(row: ownerRow), accounts: try accounts.map(Account.init),
      notices: try notices.map(Notice.init), readAt: try ownerRow.decode("read_at"))
  }

  /// Locks the owners' rows for the rest of the transaction, in id order.
  static func lockOwners(_ ids: [String], in tx: PostgresTransaction) throws {
    let sorted = Array(Set(ids)).sorted()
    let results = try tx.pipeline(
      sorted.map { "SELECT id FROM owners WHERE id = \($0) FOR UPDATE" })
    for (id, rows) in zip(sorted, results) where rows.isEmpty {
      throw AccountStoreError.notFound("owner '\(id)'")
    }
  }

  /// Takes the owner's next snapshot sequence, renders rows read after taking it (so the rows
  /// carry that sequence), and stores the result.
  @discardableResult
  static func recordSnapshot(
    owner id: String, render: (FeedRows) throws -> SnapshotContent, in tx: PostgresTransaction
  ) throws -> SnapshotInfo {
    let sequence = try tx.query(
      """
      UPDATE owners SET last_snapshot_sequence = last_snapshot_sequence + 1 WHERE id = \(id)
      RETURNING last_snapshot_sequence
      """
    ).single().decode("last_snapshot_sequence", as: Int64.self)
    let content = try render(try readFeedRows(owner: id, in: tx))
    if let label = content.label { try FieldRules.label(label) }
    return try SnapshotInfo(
      row: try tx.query(
        """
        INSERT INTO feed_snapshots (owner_id, sequence, label, reason, document, digest)
        VALUES (\(id), \(sequence), \(content.label), \(content.reason),
          \(PostgresJSONB(content.document)), \(content.digest))
        RETURNING \(unsafe: Columns.snapshotInfo)
        """
      ).single())
  }

  static func validate(_ change: StoreChange) throws(AccountStoreError) {
    switch change {
    case .addOwner(let id, let displayName), .renameOwner(let id, let displayName):
      try FieldRules.ownerID(id)
      try FieldRules.text(displayName, field: "display name", maximum: 100)
    case .removeOwner(let id):
      try FieldRules.ownerID(id)
    case .addAccount(let ownerID, let new):
      try FieldRules.ownerID(ownerID)
      try FieldRules.text(new.name, field: "name", maximum: 100)
      try FieldRules.kind(new.kind)
      if let position = new.position { try FieldRules.position(position) }
    case .updateAccount(_, let update):
      guard !update.isEmpty else { throw .invalid(field: "update", reason: "nothing to change") }
      if let name = update.name { try FieldRules.text(name, field: "name", maximum: 100) }
      if let kind = update.kind { try FieldRules.kind(kind) }
      if let position = update.position { try FieldRules.position(position) }
    case .addNotice(let ownerID, let new):
      try FieldRules.ownerID(ownerID)
      try FieldRules.text(new.message, field: "message", maximum: 500)
      if let position = new.position { try FieldRules.position(position) }
      if let from = new.activeFrom, let until = new.activeUntil, from >= until {
        throw .invalid(field: "active window", reason: "must end after it starts")
      }
    case .updateNotice(_, let update):
      guard !update.isEmpty else { throw .invalid(field: "update", reason: "nothing to change") }
      if case .some(.some(let from)) = update.activeFrom,
        case .some(.some(let until)) = update.activeUntil, from >= until
      {
        throw .invalid(field: "active window", reason: "must end after it starts")
      }
      if let message = update.message {
        try FieldRules.text(message, field: "message", maximum: 500)
      }
      if let position = update.position { try FieldRules.position(position) }
    case .adjustBalance, .removeAccount, .dismissNotice, .removeNotice:
      break
    }
  }

  /// Runs `body` again when the database reports a serialization failure or deadlock, which a
  /// retry of the whole transaction resolves.
  private func retryingTransientFailures<T>(_ body: () throws -> T) throws(AccountStoreError) -> T {
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

  private func mapping<T>(_ body: () throws -> T) throws(AccountStoreError) -> T {
    do {
      return try body()
    } catch {
      throw AccountStoreError(error)
    }
  }
}
