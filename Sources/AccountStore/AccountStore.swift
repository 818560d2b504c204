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
      try connection.query("SELECT \(sql: .ownerColumns) FROM owners ORDER BY id").map {
        try Owner(row: $0)
      }
    }
  }

  /// The owner with `id`; a malformed id is refused by its rule before any query.
  public func owner(_ id: String) throws(AccountStoreError) -> Owner {
    try checked { () throws(FieldError) in try FieldRules.ownerID(id) }
    let rows = try mapping {
      try connection.query("SELECT \(sql: .ownerColumns) FROM owners WHERE id = \(id)")
    }
    guard let row = rows.first else { throw .notFound("owner '\(id)'") }
    return try mapping { try Owner(row: row) }
  }

  /// The account, when it exists inside `scope`.
  public func account(_ id: Int64, in scope: OwnerScope) throws(AccountStoreError) -> Account {
    let rows = try mapping {
      try connection.query(
        """
        SELECT \(sql: .accountColumns) FROM accounts
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
        SELECT \(sql: .noticeColumns) FROM notices
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

  // MARK: Shared steps

  /// `texts` in byte order as a JSON array, for a query to unpack with
  /// `jsonb_array_elements_text`.
  static func jsonList(_ texts: some Sequence<String>) -> PostgresJSONB {
    PostgresJSONB("[" + texts.sorted().map(SnapshotBody.quoted).joined(separator: ",") + "]")
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
