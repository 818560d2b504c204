import AccountModel
import Foundation
import Postgres

/// The owner's accounts as the feed read carries them: on the owner's row, one array per column,
/// in display order (`SQLFragment.accountArrays`).
///
/// One row of a dozen arrays instead of a row per account: for 100,000 accounts libpq held
/// 55 MB of cells and spent 55 ms of the reading process's time cutting them out of the
/// rows — more than all the rest of the read — where the arrays take 10 MB and 7 ms. The
/// server hands the accounts to `array_agg` from a subquery that sorts them, and aggregates
/// keep the order they are fed in; the placements come along so that the order is checked
/// here, not taken on trust.
struct FeedAccountArrays: ColumnPositions {
  let ids: Int
  let names: Int
  let kinds: Int
  let balances: Int
  let currencies: Int
  let positions: Int
  let placements: Int
  let hidden: Int
  let versions: Int
  let createdAt: Int
  let updatedAt: Int

  init(_ columns: [PostgresColumn]) throws {
    func index(_ name: String) throws -> Int { try PostgresRows.index(ofColumn: name, in: columns) }
    ids = try index("account_ids")
    names = try index("account_names")
    kinds = try index("account_kinds")
    balances = try index("account_balances")
    currencies = try index("account_currencies")
    positions = try index("account_positions")
    placements = try index("account_placements")
    hidden = try index("account_hidden")
    versions = try index("account_versions")
    createdAt = try index("account_created_at")
    updatedAt = try index("account_updated_at")
  }

  /// The accounts of `owner` that `row` carries, in display order: by position, and among
  /// accounts at one position the most recently placed first.
  func accounts(in row: PostgresRow, owner: String) throws -> [Account] {
    var ids = try row.arrayElements(at: ids, as: Int64.self)
    var names = try row.arrayElements(at: names, as: String.self)
    var kinds = try row.arrayElements(at: kinds, as: String.self)
    var balances = try row.arrayElements(at: balances, as: Int64.self)
    var currencies = try row.arrayElements(at: currencies, as: String.self)
    var positions = try row.arrayElements(at: positions, as: Int32.self)
    var placements = try row.arrayElements(at: placements, as: Int64.self)
    var hidden = try row.arrayElements(at: hidden, as: Bool.self)
    var versions = try row.arrayElements(at: versions, as: Int64.self)
    var createdAt = try row.arrayElements(at: createdAt, as: Date.self)
    var updatedAt = try row.arrayElements(at: updatedAt, as: Date.self)
    let count = ids.count
    guard
      [
        names.count, kinds.count, balances.count, currencies.count, positions.count,
        placements.count, hidden.count, versions.count, createdAt.count, updatedAt.count,
      ].allSatisfy({ $0 == count })
    else { throw AccountStoreError.damaged("the accounts of owner '\(owner)' came back uneven") }
    var accounts: [Account] = []
    accounts.reserveCapacity(count)
    var placed: [Int64] = []
    placed.reserveCapacity(count)
    var currency: Currency?
    for _ in 0..<count {
      let code = try currencies.next()
      // Accounts mostly share one currency: the last one found is tried first.
      if currency?.code != code {
        guard let found = Currency(code: code) else {
          throw AccountStoreError.invalid(
            field: "currency", reason: "stored code '\(code)' is not ISO 4217")
        }
        currency = found
      }
      accounts.append(
        Account(
          id: try ids.next(), ownerID: owner, name: try names.next(), kind: try kinds.next(),
          balance: Money(minorUnits: try balances.next(), currency: currency!),
          position: try positions.next(), hidden: try hidden.next(),
          version: try versions.next(), createdAt: try createdAt.next(),
          updatedAt: try updatedAt.next()))
      placed.append(try placements.next())
    }
    func precedes(_ first: Int, _ second: Int) -> Bool {
      accounts[first].position != accounts[second].position
        ? accounts[first].position < accounts[second].position
        : placed[first] > placed[second]
    }
    if (1..<max(count, 1)).contains(where: { !precedes($0 - 1, $0) }) {
      accounts = (0..<count).sorted(by: precedes).map { accounts[$0] }
    }
    return accounts
  }
}
