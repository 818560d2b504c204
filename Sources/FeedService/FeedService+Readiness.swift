import AccountStore

extension FeedService {
  /// Whether the service can serve: the database answers (else its `PostgresError` or
  /// `FeedServiceError.unavailable` is thrown) and has every migration this program carries
  /// (else `FeedServiceError.unavailable`, naming the first missing one).
  public func checkReady() throws {
    let pending = try withStore { try $0.pendingMigrations() }
    if let first = pending.first {
      throw FeedServiceError.unavailable(
        "the database lacks migration \(first.name)\(pending.count > 1 ? " and \(pending.count - 1) more" : ""); run 'feedctl migrate'"
      )
    }
  }
}
