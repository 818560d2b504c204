import AccountModel
import Postgres

extension AccountStore {
  /// What an in-place write is drawn from (see `ChangedRows`): the owner with the database's
  /// clock, every notice, and the sums — read with `changedRows(from:results:)`.
  static func changedRowsQueries(owner id: String) -> [PostgresQuery] {
    [
      "SELECT \(sql: .ownerColumns), now() AS read_at FROM owners WHERE id = \(id)",
      """
      SELECT \(sql: .noticeColumns) FROM notices WHERE owner_id = \(id)
      ORDER BY \(sql: .displayOrder)
      """,
      """
      SELECT currency, hidden, balance::text AS sum FROM account_sums
      WHERE owner_id = \(id) AND accounts > 0 ORDER BY currency, hidden
      """,
    ]
  }

  /// The rows an in-place write is drawn from, with the accounts it changed as they are now.
  static func changedRows(from read: [PostgresRows], results: [StoreChangeResult])
    throws -> ChangedRows
  {
    let ownerRow = try read[0].single()
    let sums = try read[2].map { row in
      let code: String = try row.decode("currency")
      guard let currency = Currency(code: code),
        let sum = Int128(try row.decode("sum", as: String.self))
      else {
        throw AccountStoreError.invalid(field: "currency", reason: "'\(code)' is not a currency")
      }
      return BalanceSum(currency: currency, hidden: try row.decode("hidden"), minorUnits: sum)
    }
    var accounts: [Int64: Account] = [:]
    var order: [Int64] = []
    for case .account(let account) in results {
      if accounts.updateValue(account, forKey: account.id) == nil { order.append(account.id) }
    }
    return ChangedRows(
      owner: try Owner(row: ownerRow), accounts: order.compactMap { accounts[$0] },
      notices: try read[1].map(Notice.init), sums: sums, readAt: try ownerRow.decode("read_at"))
  }
}
