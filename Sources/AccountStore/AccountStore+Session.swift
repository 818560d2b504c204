import Postgres

/// What a service needs of the store's session besides queries: listening for NOTIFY, a health
/// check and the migrations still to apply — so no caller reaches through to the connection.
extension AccountStore {
  /// Starts receiving the notifications sent on `channel`.
  public func listen(_ channel: String) throws {
    try connection.listen(channel)
  }

  /// The notifications that arrive within `timeout` (none when it passes first).
  public func notifications(timeout: Duration) throws -> [PostgresNotification] {
    try connection.notifications(timeout: timeout)
  }

  /// Whether the session still answers a query.
  public var isHealthy: Bool {
    (try? connection.query("SELECT 1")) != nil
  }

  /// The migrations this program carries that the database has not applied, in order.
  public func pendingMigrations() throws(AccountStoreError) -> [Migration] {
    try Migrator(connection: connection).pending()
  }
}
