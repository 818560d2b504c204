import ArgumentKit
import FeedService
import HTTPServer
import PhoneAPI

/// Serves the phone API over HTTP in the foreground until SIGINT or SIGTERM.
struct ServeCommand: FeedctlCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve", abstract: "Serve feeds to phones over HTTP, in the foreground.",
    discussion: """
      Listens on 127.0.0.1:8080 unless --listen names another address. Only the address given \
      is bound, so serving other machines (--listen 0.0.0.0:8080) must be asked for. Standard \
      output gets one line per request; standard error says where it listens and when it stops. \
      SIGINT (Ctrl-C) or SIGTERM stops it cleanly: no new connections, event streams ended, \
      requests in progress finished. Every /v1/ request needs 'Authorization: Bearer TOKEN' \
      (from 'feedctl token create') and acts for the token's owner only (--owner is not used); \
      /healthz, /readyz and /metrics need none. The API is in docs/http.md. With \
      --read-database-url, feed reads go to that streaming replica whenever it has every commit \
      the server knows of, else to the primary (docs/scaling.md). The embedded database is \
      started once: after 'feedctl db stop' the server answers 503 until 'feedctl db start'.
      """)

  @OptionGroup var global: GlobalOptions
  @Option(
    help: "Address to listen on: HOST:PORT or [IPv6]:PORT (port 0 takes any free port).",
    valueName: "address")
  var listen = ListenAddress.loopback.description
  @Option(
    help:
      "PostgreSQL URL of a streaming replica for feed reads; writes and LISTEN stay on --database-url.",
    valueName: "url", environment: "FEEDCTL_READ_DATABASE_URL")
  var readDatabaseURL: String?
  @Option(help: "Request log format: text, or one JSON object per line.")
  var logFormat: OutputFormat = .text
  @Option(
    help: """
      Connections served at once, event streams included; past it 503 with Retry-After \
      (lowered to what the process's file descriptors allow).
      """,
    valueName: "count")
  var maxConnections = HTTPLimits().maxConnections
  @Option(
    help: "Connections served at once from one client address; past it 429 with Retry-After.",
    valueName: "count")
  var maxConnectionsPerAddress = HTTPLimits().maxConnectionsPerAddress
  @Option(
    help: """
      Bytes of served feeds and tokens kept in memory; past it the least recently read are \
      forgotten (0 keeps none).
      """,
    valueName: "bytes", environment: "FEEDCTL_CACHE_BYTES")
  var cacheBytes = FeedService.defaultCacheBytes
  @Option(
    help: """
      Threads running requests that read or write the database, and as many database \
      connections; one client's requests use at most half of them at once.
      """,
    valueName: "count")
  var workers = HTTPLimits().workers
  @Option(
    help: "Requests waiting for a worker; past it 503 with Retry-After.", valueName: "count")
  var maxQueuedRequests = HTTPLimits().maxQueuedRequests

  func validate() throws {
    _ = try ForegroundServer.address(listen)
    guard maxConnections > 0 else {
      throw ValidationError("--max-connections must be at least 1, not \(maxConnections)")
    }
    guard maxConnectionsPerAddress > 0 else {
      throw ValidationError(
        "--max-connections-per-address must be at least 1, not \(maxConnectionsPerAddress)")
    }
    guard cacheBytes >= 0 else {
      throw ValidationError("--cache-bytes must be 0 or more, not \(cacheBytes)")
    }
    guard workers > 0 else {
      throw ValidationError("--workers must be at least 1, not \(workers)")
    }
    guard maxQueuedRequests > 0 else {
      throw ValidationError("--max-queued-requests must be at least 1, not \(maxQueuedRequests)")
    }
  }

  func execute(_ context: CommandContext) throws {
    ShutdownSignals.block()
    // One database connection per worker: no worker waits for a connection, none sits unused.
    var limits = HTTPLimits()
    limits.maxConnections = maxConnections
    limits.maxConnectionsPerAddress = maxConnectionsPerAddress
    limits.workers = workers
    limits.maxQueuedRequests = maxQueuedRequests
    let service = try Workspace(global, context).servingService(
      pool: ConnectionPoolOptions(connections: limits.workers), readDatabase: readDatabaseURL,
      cacheBytes: cacheBytes)
    let events = try FeedEvents(service: service)
    defer { events.stop() }
    let metrics = ServerMetrics()
    let output = context.output
    let server = HTTPServer(
      router: PhoneAPI(service: service, events: events).router(metrics: metrics),
      limits: limits, metrics: metrics,
      log: RequestLog(format: logFormat == .json ? .json : .text) { output.line($0) })
    try ForegroundServer.run(
      server, on: try ForegroundServer.address(listen), command: "serve", context: context
    ) { bound in
      let limit = server.connectionLimit ?? maxConnections
      let lowered =
        limit < maxConnections
        ? " (lowered from \(maxConnections) to fit the file descriptors)" : ""
      return "listening on http://\(bound), serving at most \(limit) connections\(lowered), "
        + "\(min(limit, maxConnectionsPerAddress)) per client address; \(workers) workers, "
        + "at most \(maxQueuedRequests) requests waiting"
    }
  }
}
