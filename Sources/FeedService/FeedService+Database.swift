import AccountStore
import FeedAssembler
import Postgres

extension FeedService {
  /// A service on `database`, whose store opens on first use (so a front end that needs no
  /// database never starts one).
  ///
  /// `readDatabase`, when given, is a libpq connection string of a streaming replica of
  /// `database`: feed reads go there (see `ReadReplica`), everything else to `database`.
  /// `cacheBytes` bounds the cache of served feeds and tokens (`ServedCache`).
  public convenience init(
    layout: FeedLayout = .default, pool: ConnectionPoolOptions = ConnectionPoolOptions(),
    database: DatabaseTarget, readDatabase: String? = nil,
    replica: ReplicaOptions = ReplicaOptions(), cacheBytes: Int = FeedService.defaultCacheBytes
  ) {
    let replicaStore = readDatabase.map { url in
      { @Sendable () throws -> AccountStore in try AccountStore(PostgresConfiguration(url)) }
    }
    self.init(
      layout: layout, pool: pool, replica: replica, store: { try database.openStore() },
      replicaStore: replicaStore, cacheBytes: cacheBytes)
  }
}
