import AccountModel
import Postgres

/// Applies a batch of changes inside an open transaction: lock the owners involved, send every
/// statement in one pipeline, then explain any change that found no row. A batch that only
/// adjusts the balances of distinct accounts is first tried as one statement
/// (`BalanceAdjustBatch`), and goes the per-change way only when that one is refused.
///
/// Every error names the change that caused it when the batch has more than one. A change that
/// found no row is explained from the state just before it: the batch is rolled back to a
/// savepoint and the changes before it replayed, so a version conflict reports the version the
/// row really had at that point of the batch.
struct ChangeApplier {
  let transaction: PostgresTransaction
  let changes: [StoreChange]
  /// Whose rows the batch may touch; a change outside it fails as if its row did not exist.
  let scope: OwnerScope

  func run() throws -> [StoreChangeResult] {
    let statements = changes.map(ChangeStatement.init)
    let owners = try ownersInvolved(statements)
    do {
      try AccountStore.lockOwners(owners.map(\.owner), in: transaction)
    } catch AccountStoreError.notFound(let what) {
      let index = owners.first { ChangeApplier.name(.owner($0.owner)) == what }?.change ?? 0
      throw AccountStoreError.notFound(what).inChange(index, of: changes.count)
    }
    // Marked as the store's, so `SQL/014` keeps the heads its snapshots keep up to date (the
    // mark outlives the savepoint's rollbacks: it is set before it).
    try transaction.executeScript(AccountStore.storeWriteMark + "; SAVEPOINT batch")
    if let adjusts = BalanceAdjustBatch(changes) {
      if let results = try adjusts.results(in: transaction) { return results }
      try transaction.executeScript("ROLLBACK TO SAVEPOINT batch")
    }
    let results: [PostgresRows]
    do {
      results = try transaction.pipeline(statements.map(\.query))
    } catch let error as PostgresError {
      let index = error.statementIndex ?? 0
      let overflow = error.sqlState == PostgresError.Code.numericValueOutOfRange
      let refusal = (overflow ? statements[index].overflow : nil) ?? AccountStoreError(error)
      throw refusal.inChange(index, of: changes.count)
    }
    if let failed = results.firstIndex(where: \.isEmpty) {
      try transaction.executeScript("ROLLBACK TO SAVEPOINT batch")
      _ = try transaction.pipeline(statements[..<failed].map(\.query))
      throw try explainMissingRow(statements[failed]).inChange(failed, of: changes.count)
    }
    return try zip(changes, results).map { change, rows in
      let row = try rows.single()
      let result = try Self.result(of: change, row: row)
      return try row.decode("changed", as: Bool.self) ? result : .unchanged(result)
    }
  }

  private static func result(of change: StoreChange, row: PostgresRow) throws
    -> StoreChangeResult
  {
    switch change {
    case .addOwner, .renameOwner: .owner(try Owner(row: row))
    case .removeOwner: .removedOwner(try Owner(row: row))
    case .addAccount, .updateAccount, .adjustBalance: .account(try Account(row: row))
    case .removeAccount: .removedAccount(try Account(row: row))
    case .addNotice, .updateNotice, .dismissNotice: .notice(try Notice(row: row))
    case .removeNotice: .removedNotice(try Notice(row: row))
    }
  }

  /// The existing owners whose rows the batch writes. Owners the batch itself adds are left out:
  /// they cannot be locked before they exist, and no one else can see them until commit.
  private func ownersInvolved(_ statements: [ChangeStatement]) throws -> [(
    change: Int, owner: String
  )] {
    let added = Set(
      changes.compactMap { change -> String? in
        if case .addOwner(let id, _) = change { return id }
        return nil
      })
    var owners: [(change: Int, owner: String)] = []
    var lookedUp: [(Int, ChangeStatement.Target)] = []
    for (index, statement) in statements.enumerated() {
      switch statement.target {
      case .owner(let id):
        guard scope.contains(id) else {
          // Adding another owner is refused for what it is; any other change to one looks as
          // if that owner did not exist.
          let refusal: AccountStoreError =
            added.contains(id)
            ? .notAllowed(
              "cannot add owner '\(id)' while acting for owner '\(scope.ownerID ?? "")'")
            : .notFound(Self.name(statement.target, in: scope))
          throw refusal.inChange(index, of: changes.count)
        }
        if !added.contains(id) { owners.append((index, id)) }
      case .account, .notice:
        lookedUp.append((index, statement.target))
      }
    }
    let found = try ownersOfRows(lookedUp.map(\.1))
    for (index, target) in lookedUp {
      guard let owner = found[target], scope.contains(owner) else {
        throw AccountStoreError.notFound(Self.name(target, in: scope))
          .inChange(index, of: changes.count)
      }
      owners.append((index, owner))
    }
    return owners
  }

  /// The owner of every account and notice among `targets` that exists, in one query however
  /// many the batch names.
  private func ownersOfRows(_ targets: [ChangeStatement.Target]) throws -> [ChangeStatement
    .Target: String]
  {
    var accounts: [String] = []
    var notices: [String] = []
    for target in targets {
      switch target {
      case .account(let id): accounts.append(String(id))
      case .notice(let id): notices.append(String(id))
      case .owner: break
      }
    }
    if accounts.isEmpty, notices.isEmpty { return [:] }
    let accountList = PostgresJSONB("[" + accounts.joined(separator: ",") + "]")
    let noticeList = PostgresJSONB("[" + notices.joined(separator: ",") + "]")
    var found: [ChangeStatement.Target: String] = [:]
    let rows = try transaction.query(
      """
      SELECT true AS account, id, owner_id FROM accounts
      WHERE id IN (SELECT jsonb_array_elements_text(\(accountList))::bigint)
      UNION ALL
      SELECT false, id, owner_id FROM notices
      WHERE id IN (SELECT jsonb_array_elements_text(\(noticeList))::bigint)
      """)
    found.reserveCapacity(rows.count)
    // The columns found once: a batch of adjusts finds the owner of each of its rows.
    let (isAccount, idColumn, ownerColumn) = (
      try rows.index(ofColumn: "account"), try rows.index(ofColumn: "id"),
      try rows.index(ofColumn: "owner_id")
    )
    for row in rows {
      let id = try row.decode(at: idColumn, as: Int64.self)
      let target: ChangeStatement.Target =
        try row.decode(at: isAccount, as: Bool.self) ? .account(id) : .notice(id)
      found[target] = try row.decode(at: ownerColumn, as: String.self)
    }
    return found
  }

  /// A write that returned no row found either no row, or a row its precondition refused.
  private func explainMissingRow(_ statement: ChangeStatement) throws -> AccountStoreError {
    let table: String
    let id: Int64
    switch statement.target {
    case .owner(let owner): return .notFound("owner '\(owner)'")
    case .account(let accountID): (table, id) = ("accounts", accountID)
    case .notice(let noticeID): (table, id) = ("notices", noticeID)
    }
    let query: PostgresQuery =
      table == "accounts"
      ? "SELECT version FROM accounts WHERE id = \(id)"
      : "SELECT version FROM notices WHERE id = \(id)"
    guard let row = try transaction.query(query).first else {
      return .notFound(Self.name(statement.target))
    }
    switch statement.precondition {
    case .none:
      return .notFound(Self.name(statement.target))
    case .version(let expected):
      return .versionConflict(
        what: Self.name(statement.target), expected: expected, actual: try row.decode("version"))
    case .dismissible:
      return .notAllowed(
        "\(Self.name(statement.target)) cannot be dismissed: it is not dismissible")
    }
  }

  static func name(_ target: ChangeStatement.Target) -> String {
    switch target {
    case .owner(let id): "owner '\(id)'"
    case .account(let id): "account \(id)"
    case .notice(let id): "notice \(id)"
    }
  }

  /// The name of a row that is missing as seen from `scope`: "account 3 of owner 'carol'" when
  /// the scope is one owner's, so the message never reveals whether another owner has it.
  static func name(_ target: ChangeStatement.Target, in scope: OwnerScope) -> String {
    switch (target, scope) {
    case (.owner, _), (_, .anyOwner): name(target)
    case (_, .owner(let owner)): "\(name(target)) of owner '\(owner)'"
    }
  }
}
