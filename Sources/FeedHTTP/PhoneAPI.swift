import AccountStore
import FeedService
import Postgres

/// The routes phones and operators call, over `FeedService`: every rule (tokens, scoping,
/// catch-up, actions) is the service's; a route parses the request, calls one use case and
/// prints its answer.
public struct PhoneAPI: Sendable {
  public let service: FeedService

  public init(service: FeedService) {
    self.service = service
  }

  /// Every route of `feedctl serve`, counted in `metrics`.
  public func router(metrics: ServerMetrics) -> Router {
    var router = Router()
    router.addOperations(metrics: metrics) { [service] in try Self.checkReady(service) }
    return router
  }

  /// Ready means the database answers and has every migration this program carries.
  static func checkReady(_ service: FeedService) throws {
    let carried = Migration.bundled.map(\.version).max() ?? 0
    let applied: Int32
    do {
      applied = try service.store().connection.query(
        "SELECT coalesce(max(version), 0) AS version FROM schema_migrations"
      ).single().decode("version", as: Int32.self)
    } catch let error as PostgresError where error.sqlState == "42P01" {
      throw HTTPError.unavailable("the database is not migrated; run 'feedctl migrate'")
    }
    guard applied >= carried else {
      throw HTTPError.unavailable(
        "the database is at migration \(applied), this program needs \(carried); run 'feedctl migrate'"
      )
    }
  }
}
