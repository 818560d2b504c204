import AccountFeedTestSupport
import AccountStore
import FeedAssembler
import FeedService
import Postgres
import PostgresTestSupport

/// A service drawing `layout` on a fresh, migrated database of its own, for one test.
func withService<Result>(
  layout: FeedLayout = .default, _ body: (FeedService, PostgresConnection) throws -> Result
) throws -> Result {
  try TestDatabase.with(.migrated) { database in
    let connection = try database.connect()
    let store = AccountStore(connection: connection)
    return try body(FeedService(layout: layout) { store }, connection)
  }
}
