import AccountModel
import FeedComponents
import FeedService
import HTTPServer
import ServiceHTTP

/// The routes phones and operators call, over `FeedService`: every rule (tokens, scoping,
/// catch-up, actions) is the service's; a route reads the request, calls one use case and
/// prints its answer.
public struct PhoneAPI: Sendable {
  public let service: FeedService
  /// The live changes event streams follow; without it `/v1/feed/events` is 503.
  public let feedEvents: FeedEvents?
  /// Event streams open per owner.
  public let streams: StreamQuota
  /// Gzipped documents by the tag they were sent under.
  let compressedBodies = CompressedBodies()

  public init(service: FeedService, events: FeedEvents?, streamsPerOwner: Int = 64) {
    self.service = service
    self.feedEvents = events
    self.streams = StreamQuota(limit: streamsPerOwner)
  }

  /// Every route of `feedctl serve`, counted in `metrics` (which also shows the database
  /// connections the service holds).
  public func router(metrics: ServerMetrics) -> Router {
    let service = self.service
    metrics.add(
      ServerMetrics.Gauge(
        name: "feed_db_connections", help: "Database connections the service holds, by state."
      ) {
        let usage = service.connectionUsage
        return [("state=\"open\"", usage.open), ("state=\"in_use\"", usage.inUse)]
      })
    Self.addCacheGauges(to: metrics, service: service)
    Self.addCatchUpCounters(to: metrics, service: service)
    if service.hasReadReplica {
      metrics.add(
        ServerMetrics.Gauge(
          name: "feed_replica_lag_bytes",
          help: "Bytes of the primary's log the read replica has yet to replay (-1: unreachable)."
        ) { [("", Int((try? service.replicaStatus())??.lagBytes ?? -1))] })
      metrics.add(
        ServerMetrics.Gauge(
          name: "feed_reads_total",
          help: "Feed reads since the start, by the database that answered.", kind: .counter
        ) {
          let reads = service.replicaReads
          return [("database=\"replica\"", reads.replica), ("database=\"primary\"", reads.primary)]
        })
    }
    var router = Router()
    router.fairnessKey = Self.client
    router.addOperationsReporting(metrics: metrics) {
      do {
        let readiness = try service.checkReady()
        // The replica's own words go to the log too; the answer has only its fixed vocabulary.
        if let failure = readiness.replicaFailure { HTTPError.log(failure, as: "read replica") }
        return readiness.fields
      } catch {
        // The database's own words (user, socket, port) go to the log; the answer says only
        // what kind of trouble it is.
        HTTPError.log(error, as: "not ready")
        throw HTTPError(serviceError: error)
      }
    }
    router.add("GET", "/v1/feed", fromMemory: { cachedFeed($0) }, { try feed($0) })
    router.add("GET", "/v1/feed/changes") { request in try changes(request) }
    router.add("GET", "/v1/feed/events") { request in try events(request) }
    router.add("POST", "/v1/actions") { request in try perform(request) }
    router.add("GET", prefix: Self.screensPrefix) { request in try screen(request) }
    router.add("GET", Self.contractPath, blocking: false) { request in contract(request) }
    return router
  }

  /// Whose share of the server's workers a request counts against: its bearer token's — a
  /// phone's — so one phone of a huge owner cannot take every worker, without asking the
  /// database on a network thread who the owner is. A request without a token counts against
  /// its address. (Kept in memory only while the request waits or runs.)
  static func client(of request: HTTPRequest) -> String {
    request.bearerToken.map { "token \($0)" } ?? "address \(request.remoteAddress)"
  }

  /// Runs a use case and sorts what it throws into a status (`HTTPError(serviceError:)`).
  func serving<Result>(_ body: () throws -> Result) throws(HTTPError) -> Result {
    do {
      return try body()
    } catch {
      throw HTTPError(serviceError: error)
    }
  }

  /// The scope the request's bearer token grants — the only way a route learns an owner.
  func scope(of request: HTTPRequest) throws(HTTPError) -> OwnerScope {
    let token = request.bearerToken ?? ""
    if token.isEmpty, request.header("authorization") != nil {
      throw HTTPError(
        serviceError: FeedServiceError.unauthorized(
          "send the token as 'Authorization: Bearer TOKEN'"))
    }
    return try serving { try service.authenticate(bearer: token) }
  }

}
