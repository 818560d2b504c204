import AccountStore
import Postgres

extension AccountStore {
  /// A store on a new connection to `configuration`, its schema brought up to date.
  static func migrated(_ configuration: PostgresConfiguration) throws -> AccountStore {
    let store = try AccountStore(configuration)
    try store.migrate()
    return store
  }
}
