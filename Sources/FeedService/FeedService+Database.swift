import FeedAssembler

extension FeedService {
  /// A service on `database`, whose store opens on first use (so a front end that needs no
  /// database never starts one).
  public convenience init(
    layout: FeedLayout = .default, pool: ConnectionPoolOptions = ConnectionPoolOptions(),
    database: DatabaseTarget
  ) {
    self.init(layout: layout, pool: pool) { try database.openStore() }
  }
}
